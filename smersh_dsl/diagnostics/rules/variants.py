"""V: variants whose typed settings do not fit the game (EP-VAR-1..3, SH-EPIC-1)."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E = Severity.ERROR


def _sheet(name: str) -> str:
    return (f'henchman {name} {{ difficulty easy lobo A intel {{ 1: 3 2: 4 3: 6 4: 8 }} '
            'successes 1 }\n'
            f'showdown {name} {{ intro {{ "{name} waits." gamble pass {{ gain success goto end }} '
            'fail { goto end } }\n'
            '  tally end { successes >= 1 -> victory else -> defeat }\n'
            '  victory { "Won." } defeat { "Lost." } }\n')


def _game(variants: str, lobo_after: str = "10 12", sheets: str = "Ann Bo") -> str:
    return ('game g "G" {\n  skills { Spycraft }\n  difficulties { easy }\n'
            f'  lobo_track {{ lobo_after {lobo_after} }}\n{variants}}}\n'
            + "".join(_sheet(n) for n in sheets.split())
            + 'lobo A { intro { "Lobo laughs." gamble pass { goto victory } fail { goto defeat } }\n'
              '  victory { "Won." } defeat { "Lost." } }\n')


def _header(variants: str, players: str = "") -> str:
    return f'game g "G" {{\n  skills {{ Spycraft }}\n{players}{variants}}}'


_DOUBLE = '  variant double_agents "No spy against their own sheet." { restrict_double_agents }\n'
_TWO = '  variant multiple_henchmen "Face two." { henchmen 1..2 }\n'
_FOUR = '  players 1..4\n'

RULES = [
    Rule("V001", "unknown-variant", E, "a variant that is not defined",
         "`lifts` switches off another variant when both are chosen (EP-VAR-3: henchman "
         "clones ignore the double-agent rules); the name must be a `variant` of the game "
         "or of the game it extends. Names are case-sensitive; the hint suggests the "
         "closest defined name.",
         _header(_DOUBLE + '  variant clones "Any sheet." { lifts double_agent }\n'),
         _header(_DOUBLE + '  variant clones "Any sheet." { lifts double_agents }\n'),
         phase="variants"),
    Rule("V002", "henchmen-beyond-lobo-track", E,
         "a variant faces more henchmen than the Lobo track has starting spaces",
         "With multiple henchmen Dr. Lobo starts after a later space: after the 10, 12, 14 "
         "or 16 for one to four henchmen (EP-VAR-1). The game's `lobo_after` lists those "
         "spaces, one per number of henchmen, so a variant's `henchmen` range cannot reach "
         "past them: nobody would know where Dr. Lobo starts.",
         _game(_TWO, lobo_after="10"), _game(_TWO), phase="variants"),
    Rule("V003", "henchmen-beyond-sheets", E,
         "a variant faces more henchmen than the game has henchman sheets",
         "Each henchman faced is another henchman sheet (EP-VAR-1: \"choose how many "
         "Henchmen you want to play against\"); a variant's `henchmen` range cannot reach "
         "past the showdown henchmen the game (or the game it extends) declares.",
         _game(_TWO, sheets="Ann"), _game(_TWO), phase="variants"),
    Rule("V004", "variant-players-outside-game", E,
         "a variant's player counts leave the game's without saying why",
         "A variant is played with the game's components, so its `players` range lies "
         "inside the game's. Where the rulebook widens it (Swagman's Hope's epic rules "
         "\"may play with up to 5 UN agents\", SH-EPIC-1), say so with `because \"...\"`: "
         "a player program then knows the range is meant (docs/books.md).",
         _header('  variant epic "Three to five." { players 3..5 }\n', _FOUR),
         _header('  variant epic "Three to five." {\n    players 3..5 because "The epic rules '
                 'take up to five agents."\n  }\n', _FOUR), phase="variants"),
    Rule("V005", "variant-setting-twice", E, "a variant gives the same setting twice",
         "Each setting of a variant's block says one thing once; given twice, only the "
         "first counts, which is rarely what the writer meant (`henchmen 1..2`, later "
         "`henchmen 1..4`): remove the repeat.",
         _header('  variant double_agents "Own sheets barred." {\n    restrict_double_agents\n'
                 '    reroll_lines\n    restrict_double_agents\n  }\n'),
         _header('  variant double_agents "Own sheets barred." {\n    restrict_double_agents\n'
                 '    reroll_lines\n  }\n'),
         phase="variants"),
]
