"""Valid skeletons that check clean except for the TODO warnings they leave on purpose
(T003): each TODO marks text the writer still has to write."""

from __future__ import annotations

from smersh_dsl.parse.text import quote

TODO = "TODO"


def encounter(region: str, number: int, title: str, responses: int, values: tuple[int, ...]) -> str:
    lines = [f"# Encounter {number:02d} for {region}: the card and its entries (EP-ENC-1).", "",
             f"card {quote(region) if ' ' in region else region} {number:02d} {quote(title)} {{"]
    lines += ['  # art "art/encounter.png"    # a picture across the card\'s top (docs/language.md)']
    lines += [f'  response {r} "{TODO}: response {r}"' for r in range(1, responses + 1)]
    lines += ["}", ""]
    for r in range(1, responses + 1):
        for v in values:
            lines += [f"entry {number:02d}.{r}.{v} {{",
                      f'  "{TODO}: what happens on response {r} when the die shows {v}."',
                      "  test Spycraft",
                      f'  pass {{ "{TODO}: the pass." gain 1 intel }}',
                      f'  fail {{ "{TODO}: the fail." take 1 injury }}',
                      "}", ""]
    return "\n".join(lines).rstrip() + "\n"


def showdown(name: str, players: tuple[int, int], lobo: str, difficulty: str) -> str:
    ident = name if name.isidentifier() else quote(name)
    costs = " ".join(f"{n}: {2 + 2 * n}" for n in range(players[0], players[1] + 1))
    return f"""# {name}: the henchman sheet and the epic showdown (EP-HENCH-*, EP-SHOW-*).

henchman {ident} {{
  difficulty {difficulty}
  intel {{ {costs} }}
  lobo {lobo}
  successes 2
  "{TODO}: who {name} is."
}}

showdown {ident} {{
  intro {{
    "{TODO}: the scene."
    goto 01
  }}

  encounter 01 {{
    "{TODO}: the first encounter."
    choose {{
      "{TODO}: the bold way" -> 02
      "{TODO}: the quiet way" -> 02
    }}
  }}

  encounter 02 {{
    "{TODO}: the second encounter."
    test Athletics
    pass {{ "{TODO}: the pass." gain 1 success goto 03 }}
    fail {{ "{TODO}: the fail." take 1 injury goto 03 }}
  }}

  encounter 03 {{
    "{TODO}: the last encounter."
    test Spycraft
    pass {{ "{TODO}: the pass." gain 1 success goto end }}
    fail {{ "{TODO}: the fail." goto end }}
  }}

  tally end {{
    successes >= 2 -> victory
    else -> defeat
  }}

  victory {{ "{TODO}: the victory." gain 2 intel }}
  defeat {{ "{TODO}: the defeat." }}
}}
"""


def expansion(key: str, title: str, base: str) -> str:
    return f"""# {title}: an expansion of `{base}`. Blocks in this folder add to the base game;
# write `override` before a block that replaces one of the base game's.

expansion {key} {quote(title)} extends {base} {{
  version "0.1"
  variant {key}_rules "{TODO}: what changes at the table."
}}
"""


def scenario(number: int, title: str) -> str:
    return f"""# Scenario {number}: {title} (SC-CAMP-2: setup steps, then victory steps, in order).

scenario {number} {quote(title)} {{
  villain "{TODO}: the villain"
  main_scheme "{TODO}: the main scheme"
  "{TODO}: the briefing."
  setup {{
    "{TODO}: the first setup step."
  }}
  victory {{
    "{TODO}: what the heroes note in the log."
  }}
}}
"""


def status(name: str) -> str:
    return f"""# A status card (EP-STATUS-1).

status {quote(name)} {{
  # art "art/status.png"        # a picture across the card's top (docs/language.md)
  effect "{TODO}: what it does."
  discard "{TODO}: when it goes."
}}
"""


def game(key: str, title: str) -> str:
    """A standalone game's manifest: the Epic Edition's vocabulary, to change at will."""
    return f"""# {title}: a game of its own. This header is the project's manifest (book.smersh);
# the blocks of the other files in this folder use the names it declares.

game {key} {quote(title)} {{
  version "0.1"

  # EP-SKILL-1: the basic skills, and the highest level a spy's board shows.
  skills {{ Spycraft Persuasion Deception Athletics "Hand to Hand" }} max 5

  # EP-SKILL-2: the advanced skills, and how many a spy may hold.
  advanced_skills {{
    Adventuring Detection Disguise Electronics Lockpicking
    Seduction Speed Stealth "Vehicle Use" "Weapon Use"
  }} limit 7

  # The dice are declared, never assumed: the fate die picks an entry, the skill die tests.
  die fate {{ 1 2 3 4 5 resolve_reroll }}
  die skill {{ success success resolve blank blank blank }}

  # EP-LOBO-1: the track's length, where Dr. Lobo waits, when intel goes on the lairs.
  lobo_track {{ rounds 20 lobo_after 10 lair_intel 4 8 12 16 }}

  difficulties {{ easy medium hard }}
  players 1..4

  # Pictures from this folder (PNG, JPEG or SVG; docs/language.md, "Art and icons"):
  # art "art/cover.jpg"                     # the books' cover
  # icon Spycraft "icons/spycraft.svg"      # printed in test lines, and as :Spycraft: in text
  # back status art "art/status-back.png"   # the back of every Status card
}}
"""
