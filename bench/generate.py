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


def write(entries: int, root: Path, per_file: int = 100) -> None:
    root.mkdir(parents=True, exist_ok=True)
    cards = max(1, entries // 25)
    (root / "book.smersh").write_text(HEADER + SECTION.format(kind="showdown Zed")
                                      + SECTION.format(kind="lobo A").replace("successes >= 2", "successes >= 2"),
                                      encoding="utf-8")
    lines = [f'card Europe {c} "Card {c}" {{ ' + " ".join(f'response {r} "Response {r}"' for r in range(1, 6)) + " }"
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
    write(int(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 100)
