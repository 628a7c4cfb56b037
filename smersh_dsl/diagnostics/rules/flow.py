"""G: the flow graph of showdowns and Dr. Lobo sections."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E, W = Severity.ERROR, Severity.WARNING


def _lobo(body: str) -> str:
    return "lobo Z {\n" + body + "\n}"


_ENDS = '  victory { "Won." }\n  defeat { "Lost." }'
_TALLY = '  tally end { successes >= 1 -> victory  else -> defeat }'

RULES = [
    Rule("G001", "unreachable-entry", E, "an encounter, tally or conclusion no path reaches",
         "Every encounter, tally and conclusion of a showdown or Dr. Lobo section must be "
         "reachable from its intro (or, without an intro, from its first encounter) by "
         "following gotos, choices, pass and fail outcomes and tally rows (EP-SHOW-1). A "
         "guarded option counts as a way on. An entry nobody can reach is usually a goto "
         "that names the wrong number.",
         _lobo('  intro { goto 1 }\n  encounter 1 { goto victory }\n'
               '  encounter 2 { goto defeat }\n' + _ENDS),
         _lobo('  intro { goto 1 }\n  encounter 1 { test Spycraft pass { goto victory } '
               'fail { goto 2 } }\n  encounter 2 { goto defeat }\n' + _ENDS), phase="flow"),
    Rule("G002", "dead-end", E, "a branch ends without a goto or a conclusion",
         "Players are always told what to read next (EP-SHOW-1), so every branch of an "
         "encounter (a pass or fail outcome, a choice option, an `if` arm, or the encounter "
         "itself) must end in a goto; a tally needs a row or an `else` for every count. "
         "The finding points at the branch that falls off, not just the encounter.",
         _lobo('  intro { goto 1 }\n  encounter 1 { test Spycraft pass { goto victory } '
               'fail { take 1 injury } }\n' + _ENDS),
         _lobo('  intro { goto 1 }\n  encounter 1 { test Spycraft pass { goto victory } '
               'fail { take 1 injury goto defeat } }\n' + _ENDS), phase="flow"),
    Rule("G003", "no-way-out", E, "a loop from which no conclusion can be reached",
         "A showdown ends when a conclusion is read or every spy dies (EP-SHOW-2). A set "
         "of encounters that only lead to each other traps the party for ever; the finding "
         "shows one such loop.",
         _lobo('  intro { goto 1 }\n  encounter 1 { choose { "On" -> 2  "Out" -> victory } }\n'
               '  encounter 2 { goto 3 }\n  encounter 3 { goto 2 }\n' + _ENDS),
         _lobo('  intro { goto 1 }\n  encounter 1 { choose { "On" -> 2  "Out" -> victory } }\n'
               '  encounter 2 { goto 3 }\n  encounter 3 { goto defeat }\n' + _ENDS),
         phase="flow"),
    Rule("G004", "unwinnable", E, "a victory that needs more success tokens than any path earns",
         "A tally row that leads to a victory conclusion needs a number of success tokens "
         "(EP-SHOW-4). The checker computes the most tokens any path from the intro can "
         "hold on reaching the tally (the longest path over the graph's condensation); a "
         "row that needs more can never be taken.",
         _lobo('  intro { goto 1 }\n  encounter 1 { test Spycraft pass { gain success goto end } '
               'fail { goto end } }\n  tally end { successes >= 2 -> victory  else -> defeat }\n'
               + _ENDS),
         _lobo('  intro { goto 1 }\n  encounter 1 { test Spycraft pass { gain success goto end } '
               'fail { goto end } }\n  tally end { successes >= 1 -> victory  else -> defeat }\n'
               + _ENDS), phase="flow"),
    Rule("G005", "success-farming", W, "a loop that earns success tokens each time round",
         "If a loop of encounters earns success tokens every time it is taken, a party can "
         "go round until it has as many as it likes, and the success count of the tally "
         "means nothing. Loops are fine; loops that pay are not.",
         _lobo('  intro { goto 1 }\n  encounter 1 { choose { "Again" { gain success goto 1 } '
               '"Stop" -> end } }\n' + _TALLY + '\n' + _ENDS),
         _lobo('  intro { goto 1 }\n  encounter 1 { choose { "Again" -> 1  '
               '"Stop" { gain success goto end } } }\n' + _TALLY + '\n' + _ENDS), phase="flow"),
    Rule("G006", "missing-victory", E, "a showdown or Dr. Lobo section without a victory",
         "Every section is won or lost (EP-SHOW-2, EP-SHOW-6): it needs at least one "
         "`victory` conclusion at its back.",
         _lobo('  intro { goto 1 }\n  encounter 1 { goto defeat }\n  defeat { "Lost." }'),
         _lobo('  intro { goto 1 }\n  encounter 1 { test Spycraft pass { goto victory } '
               'fail { goto defeat } }\n' + _ENDS), phase="flow"),
    Rule("G007", "missing-defeat", E, "a showdown or Dr. Lobo section without a defeat",
         "Every section is won or lost (EP-SHOW-2, EP-SHOW-6): it needs at least one "
         "`defeat` conclusion at its back.",
         _lobo('  intro { goto 1 }\n  encounter 1 { goto victory }\n  victory { "Won." }'),
         _lobo('  intro { goto 1 }\n  encounter 1 { test Spycraft pass { goto victory } '
               'fail { goto defeat } }\n' + _ENDS), phase="flow"),
    Rule("G008", "success-count-mismatch", E, "a tally wins with a number of tokens the sheet does not ask for",
         "A henchman sheet (or a Dr. Lobo section's `successes`) says how many success "
         "tokens beat it (EP-SHOW-4). A tally row leading to victory must ask for exactly "
         "that many, or the printed sheet and the book disagree.",
         'lobo Z {\n  successes 3\n  intro { goto 1 }\n  encounter 1 { gain 3 success goto end }\n'
         '  tally end { successes >= 2 -> victory  else -> defeat }\n' + _ENDS + '\n}',
         'lobo Z {\n  successes 3\n  intro { goto 1 }\n  encounter 1 { gain 3 success goto end }\n'
         '  tally end { successes >= 3 -> victory  else -> defeat }\n' + _ENDS + '\n}',
         phase="flow"),
    Rule("G009", "shadowed-tally-row", E, "a tally row that the rows above it always beat",
         "A tally is read from the top: the first row whose condition holds is taken. A row "
         "whose counts are all matched by rows above it is never taken, usually because a "
         "smaller count was written first.",
         _lobo('  intro { goto 1 }\n  encounter 1 { gain 3 success goto end }\n'
               '  tally end { successes >= 1 -> defeat  successes >= 3 -> victory  else -> defeat }\n'
               + _ENDS),
         _lobo('  intro { goto 1 }\n  encounter 1 { gain 3 success goto end }\n'
               '  tally end { successes >= 3 -> victory  successes >= 1 -> defeat  else -> defeat }\n'
               + _ENDS), phase="flow"),
]

_GAME = 'game g "Test" {\n  skills { Spycraft }\n}\n'

RULES.append(Rule(
    "G010", "missing-outcome", E, "a test or gamble outside showdowns that lacks a `pass` or `fail`",
    "After a test the spy reads the PASS result or, otherwise, the FAIL result (EP-ENC-5). "
    "In an encounter entry, a stranded card, a dead drop, a henchman level or any other "
    "block outside showdowns, a test or gamble without a `pass` block (or a `fail` block, "
    "or both) plays that outcome with no text and no effect. As in G002, an outcome "
    "without a block reads on to what follows the test; only when nothing follows is it "
    "a finding. Showdowns have G002 instead.",
    _GAME + 'entry 01.1.1 {\n  "A guard blocks the stair."\n  test Spycraft\n'
    '  pass { "You talk your way past." gain 1 intel }\n}',
    _GAME + 'entry 01.1.1 {\n  "A guard blocks the stair."\n  test Spycraft\n'
    '  pass { "You talk your way past." gain 1 intel }\n'
    '  fail { "He calls the desk." take 1 injury }\n}', phase="flow"))
