"""Valid skeletons that check clean except for the TODO warnings they leave on purpose
(T003): each TODO marks text the writer still has to write."""

from __future__ import annotations

import re

from smersh_dsl.highlight.keywords import keywords
from smersh_dsl.parse.text import quote

TODO = "TODO"
_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_']*")


def word(name: str) -> str:
    """A name as the writer types it: bare where the language allows, quoted elsewhere."""
    return name if _BARE.fullmatch(name) and name not in keywords() else quote(name)


def encounter(region: str, number: int, title: str, responses: int, values: tuple[int, ...]) -> str:
    lines = [f"# Encounter {number:02d} for {region}: the card and its entries (EP-ENC-1).", "",
             f"card {word(region)} {number:02d} {quote(title)} {{"]
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


def _section_body(successes: int) -> str:
    """The encounters, tally and conclusions of a showdown or a Dr. Lobo section: two
    paths of three encounters, each test worth a success token, and a tally that wins
    with ``successes`` of them (G004, G008)."""
    return f"""  intro {{
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
    successes >= {successes} -> victory
    else -> defeat
  }}

  victory {{ "{TODO}: the victory." gain 2 intel }}
  defeat {{ "{TODO}: the defeat." }}
"""


def lobo(letter: str) -> str:
    """A Dr. Lobo section (EP-LOBO-*): the showdown against Dr. Lobo that a henchman's
    sheet names (`lobo {letter}`)."""
    return f"""# Dr. Lobo, section {letter}: the showdown against Dr. Lobo (EP-LOBO-*, EP-SHOW-*).
# A henchman's sheet names it: `lobo {letter}`.

lobo {letter} {{
  successes 2

{_section_body(2)}}}
"""


def showdown(name: str, players: tuple[int, int], lobo_section: str, difficulty: str,
             with_lobo: bool = False) -> str:
    """A henchman's sheet and showdown; ``with_lobo``: and the Dr. Lobo section it names,
    for a project that has none yet (N010)."""
    ident = word(name)
    costs = " ".join(f"{n}: {2 + 2 * n}" for n in range(players[0], players[1] + 1))
    text = f"""# {name}: the henchman sheet and the epic showdown (EP-HENCH-*, EP-SHOW-*).

henchman {ident} {{
  difficulty {difficulty}
  intel {{ {costs} }}
  lobo {lobo_section}
  successes 2
  "{TODO}: who {name} is."
}}

showdown {ident} {{
{_section_body(2)}}}
"""
    if with_lobo:
        text += "\n" + lobo(lobo_section)
    return text


def _values(values: tuple[int, ...]) -> str:
    low, high = min(values), max(values)
    return f"{low}..{high}" if list(values) == list(range(low, high + 1)) else " ".join(map(str, values))


def region(name: str, values: tuple[int, ...]) -> str:
    """A region (EP-ENC-2): two places joined by a route, and the die values its
    encounter deck reads. The place names are the writer's to change."""
    ident, capital, harbour = word(name), word(f"{name} Capital"), word(f"{name} Harbour")
    return f"""# {name}: a region of the board (EP-ENC-2), with its places and routes.
# Rename the places; `[airport hq]` and the other features are in docs/language.md.

region {ident} {{
  values {_values(values)}
  city {capital} [airport hq]
  city {harbour}
  route {capital} {harbour}
  bonus "{TODO}: the region's bonus."
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
