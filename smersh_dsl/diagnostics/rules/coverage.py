"""C: the encounter grid (card x response x die value) is complete, with no orphans."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E = Severity.ERROR

_CARD = 'card Europe 91 "Lost" { response 1 "Hide" }\n'
_ALL = "".join(f'entry 91.1.{d} {{ "Die {d}." }}\n' for d in range(1, 6))

RULES = [
    Rule("C001", "missing-entry", E, "a card's response has no entry for some die value",
         "A player reads entry ENCOUNTER.RESPONSE.DIE (EP-ENC-1), so every response printed "
         "on a card needs an entry for every value the die can show where the card is "
         "drawn: the region's `values` or the fate die's faces (1-5, EP-ENC-3); 5 as well "
         "in a region with a lair, where the die is always 5 (EP-ENC-4); the place's "
         "`values` for a card section (1-4 in Swagman's Hope, SH-ENC-2). One finding per "
         "card and response names the missing die values. A card with no entries at all, "
         "whose grid the entries of a number no card has fill exactly, was renumbered: one "
         "finding at the card says so, and those entries are not also reported as orphans.",
         _CARD + _ALL.replace('entry 91.1.3 { "Die 3." }\n', ""),
         _CARD + _ALL, phase="coverage"),
    Rule("C002", "orphan-entry", E, "an entry that no card and response leads to",
         "An entry whose encounter number is on no card, whose response is not printed on "
         "that card, or whose die value the place never gives can never be read; it is "
         "usually a typo in the key.",
         _CARD + _ALL + 'entry 91.2.1 { "Nobody reads this." }\n',
         _CARD + _ALL, phase="coverage"),
]
