"""H: henchman sheets (EP-HENCH-1..3) and the Aussie Butcher's levels (SH-BUTCHER-1)."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E = Severity.ERROR


def _sheet(intel: str = "1: 3 2: 4 3: 6 4: 8", extra: str = "difficulty easy lobo A") -> str:
    return (f'henchman Zed {{ {extra} intel {{ {intel} }} successes 1 }}\n'
            'showdown Zed { intro { goto 1 } encounter 1 { test Spycraft pass { gain success '
            'goto end } fail { goto end } }\n'
            '  tally end { successes >= 1 -> victory else -> defeat }\n'
            '  victory { "Won." } defeat { "Lost." } }')


RULES = [
    Rule("H001", "missing-intel-cost", E, "a henchman sheet lacks the intel cost for some player count",
         "Confronting a henchman costs intel by the number of players, read from the sheet "
         "(EP-HENCH-2). The sheet needs a cost for every player count the game supports "
         "(its `players` range).",
         _sheet("1: 3 2: 4 4: 8"), _sheet(), phase="henchmen"),
    Rule("H002", "decreasing-intel-cost", E, "an intel cost falls as the number of players grows",
         "More spies carry more intel, so a henchman never costs less to confront with more "
         "players (EP-HENCH-2, where Pierre costs 6 with two players).",
         _sheet("1: 3 2: 5 3: 4 4: 8"), _sheet(), phase="henchmen"),
    Rule("H003", "missing-lobo-section", E, "a henchman sheet names no Dr. Lobo section",
         "The sheet names the Dr. Lobo section (A, B, C or D) read in the final showdown "
         "when this is the main henchman (EP-HENCH-3).",
         _sheet(extra="difficulty easy"), _sheet(), phase="henchmen"),
    Rule("H004", "missing-showdown", E, "a henchman without a showdown",
         "Every henchman who can be confronted has an epic showdown section in the showdown "
         "book (EP-SHOW-6), named like the sheet. A levelled henchman such as the Aussie "
         "Butcher is resolved on its card and needs none.",
         'henchman Zed { difficulty easy lobo A intel { 1: 3 2: 4 3: 6 4: 8 } successes 1 }',
         _sheet(), phase="henchmen"),
    Rule("H005", "missing-difficulty", E, "a henchman sheet without a difficulty",
         "Henchmen come in difficulties (easy, medium, hard, epic: EP-HENCH-1), which the "
         "setup uses to pick them; the sheet must say which.",
         _sheet(extra="lobo A"), _sheet(), phase="henchmen"),
    Rule("H006", "level-gap", E, "a levelled henchman's levels do not run 1, 2, 3 ...",
         "The Aussie Butcher is met at level 1, then level 2 and so on (SH-BUTCHER-1): the "
         "levels must start at 1 and go up by one, each defined once.",
         'henchman Zed { level 1 { test Spycraft -1 } level 3 { test any -2 } }',
         'henchman Zed { level 1 { test Spycraft -1 } level 2 { test any -2 } }',
         phase="henchmen"),
    Rule("H007", "missing-success-count", Severity.WARNING, "a henchman sheet without `successes`",
         "A specific number of success tokens beats a henchman (EP-SHOW-4), printed on the "
         "sheet; the showdown's tallies are checked against it (G008).",
         'henchman Zed { difficulty easy lobo A intel { 1: 3 2: 4 3: 6 4: 8 } }\n'
         'showdown Zed { intro { goto 1 } encounter 1 { test Spycraft pass { gain success '
         'goto end } fail { goto end } }\n'
         '  tally end { successes >= 1 -> victory else -> defeat }\n'
         '  victory { "Won." } defeat { "Lost." } }',
         _sheet(), phase="henchmen"),
]
