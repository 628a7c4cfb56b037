"""B: conditions judged over what the project declares."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

_GAME = ('game g "Test" {\n  skills { Spycraft }\n  players 1..4\n}\n'
         'status "Marked" { effect "Watched." }\n')

RULES = [
    Rule("B001", "condition-never-holds", Severity.ERROR, "a condition that no game can meet",
         "A guard or `if` is judged over the values the project declares: the player range "
         "of the game and of each variant (each variant a world of its own; in an expansion, "
         "the base game's range unless the expansion's header gives its own, and the variants "
         "of both), the rounds of "
         "the Lobo track, intel and resolve never below 0, the levels of levelled henchmen, "
         "and what a spy can hold: a status only if some effect gains it by name "
         "(EP-STATUS-1), an advanced skill or a gadget only if some effect, place, spy sheet "
         "or bonus gives one. A condition that holds in no world guards a branch nobody "
         "reads; the message says why it cannot hold.",
         _GAME + 'entry 01.1.1 {\n  "The lift holds four."\n'
         '  if players >= 5 { "The fifth spy takes the stairs." }\n'
         '  if status "Marked" { "They know you." }\n}',
         _GAME + 'entry 01.1.1 {\n  "The lift holds four."\n'
         '  if players >= 4 { "The fourth spy takes the stairs." }\n'
         '  if status "Marked" { "They know you." }\n  gain status "Marked"\n}',
         phase="conditions"),
    Rule("B002", "condition-always-holds", Severity.WARNING, "an `if` whose `else` can never be read",
         "Judged over the same values as B001, an `if` condition that holds in every world "
         "(`players >= 1`, `intel >= 0`, `round <= 20` on a 20-round track) always takes its "
         "first branch: the `else` is dead text. Without an `else` the `if` is only "
         "needless, and not reported.",
         _GAME + 'entry 01.1.1 {\n  if players >= 1 { gain 1 intel }\n  else { lose 1 intel }\n}',
         _GAME + 'entry 01.1.1 {\n  if players >= 2 { gain 1 intel }\n  else { lose 1 intel }\n}',
         phase="conditions"),
]
