"""Write a valid synthetic game project of about N encounter entries (bench input).

    python bench/generate.py 3000 /tmp/bench-3k [ENTRIES_PER_FILE]

Cards of 5 responses over a 1-5 die, entries split 100 to a file (or as asked: one card's
25 entries to a file is how the bundled books are written), plus one showdown.
"""

from __future__ import annotations

import sys
from pathlib import Path

HEADER = '''game bench "Bench" {
  skills { Spycraft Athletics Deception Persuasion "Hand to Hand" }
  advanced_skills { Stealth Disguise }
  die fate { 1 2 3 4 5 resolve_reroll }
  die skill { success success resolve blank blank blank }
  difficulties { easy }
  players 1..4
}

region Europe {
  city Paris [hq airport]
  city Rome
  values 1..5
}

status "Marked" { effect "Roll one die less." }

henchman Zed { difficulty easy intel { 1: 3 2: 4 3: 5 4: 6 } lobo A successes 2 }
'''

SECTION = '''{kind} {{
  intro {{ "The lights go out." goto 01 }}
  encounter 01 {{
    "A corridor."
    choose {{ "Left" -> 02  "Right" -> 03 }}
  }}
  encounter 02 {{ test Athletics pass {{ gain 1 success goto 04 }} fail {{ goto 04 }} }}
  encounter 03 {{ test Spycraft pass {{ gain 1 success goto 04 }} fail {{ take 1 injury goto 04 }} }}
  encounter 04 {{ test Deception pass {{ gain 1 success goto end }} fail {{ goto end }} }}
  tally end {{ successes >= 2 -> victory  else -> defeat }}
  victory {{ "Won." }}
  defeat {{ "Lost." }}
}}
'''


ICONS = '''  icon Spycraft "icons/spycraft.svg"
  icon Athletics "icons/athletics.svg"
'''
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" '
        'r="10" fill="{colour}"/><path d="M6 12h12M12 6v12" stroke="#fff" stroke-width="2"/></svg>\n')


def write_pictures(root: Path, cards: int) -> None:
    """An icon for each skill the tests name, and a picture of its own for every card
    (900 x 400 pixels: 300 dpi across a card's picture band)."""
    from PIL import Image

    (root / "icons").mkdir(exist_ok=True)
    (root / "art").mkdir(exist_ok=True)
    for name, colour in (("spycraft", "#2f4f86"), ("athletics", "#2d6a4f")):
        (root / "icons" / f"{name}.svg").write_text(ICON.format(colour=colour), encoding="utf-8")
    for c in range(1, cards + 1):
        picture = Image.linear_gradient("L").resize((900, 400)).convert("RGB")
        picture.paste((c * 37 % 256, c * 91 % 256, c * 53 % 256), (0, 0, 300, 120))
        picture.save(root / "art" / f"card-{c}.png")


def write(entries: int, root: Path, per_file: int = 100, images: bool = False) -> None:
    """``images``: an icon in every test line (both skills named have one) and a picture on
    every card, for bench/print_book.py --images."""
    root.mkdir(parents=True, exist_ok=True)
    cards = max(1, entries // 25)
    header = HEADER.replace("  players 1..4\n", "  players 1..4\n" + ICONS) if images else HEADER
    if images:
        write_pictures(root, cards)
    (root / "book.smersh").write_text(header + SECTION.format(kind="showdown Zed")
                                      + SECTION.format(kind="lobo A").replace("successes >= 2", "successes >= 2"),
                                      encoding="utf-8")
    art = (lambda c: f'art "art/card-{c}.png" ') if images else (lambda c: "")
    lines = [f'card Europe {c} "Card {c}" {{ ' + art(c) + " ".join(f'response {r} "Response {r}"' for r in range(1, 6)) + " }"
             for c in range(1, cards + 1)]
    (root / "cards.smersh").write_text("\n".join(lines) + "\n", encoding="utf-8")
    chunk, files = [], 0
    for c in range(1, cards + 1):
        for r in range(1, 6):
            for d in range(1, 6):
                chunk.append(f'entry {c:02d}.{r}.{d} {{\n  "Encounter {c}, response {r}, die {d}."\n'
                             f'  test Spycraft [1] or Athletics -1 (pass with Stealth)\n'
                             f'  pass {{ "It works." gain 1 intel }}\n  fail {{ "It does not." take 1 injury }}\n}}\n')
                if len(chunk) == per_file:
                    (root / f"entries-{files:03d}.smersh").write_text("\n".join(chunk), encoding="utf-8")
                    chunk, files = [], files + 1
    if chunk:
        (root / f"entries-{files:03d}.smersh").write_text("\n".join(chunk), encoding="utf-8")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--images"]
    write(int(args[0]), Path(args[1]), int(args[2]) if len(args) > 2 else 100,
          images="--images" in sys.argv)
