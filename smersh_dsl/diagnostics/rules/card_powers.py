"""E004-E009: what a card does (issue #27): a card that cannot be played, a step its timing
never reaches, a discard effect that never happens, a status that never leaves, a `pass with`
gadget nothing gives, an airport event on a place without an airport."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E, W = Severity.ERROR, Severity.WARNING

_TYPED = 'gadget "Shoe Phone" { does any_time { gain 1 intel } }\n'
_GAME = ('game g "G" { skills { Athletics } }\nregion Europe { city Paris [airport hq] }\n'
         'gadget "Rope" { does before_test on Athletics { auto_pass } }\n'
         'entry 01.1.1 { test Athletics (pass with Rope) pass { gain 1 intel } fail { take 1 injury } }\n')

RULES = [
    Rule("E004", "card-cannot-be-played", E, "a gadget or Top Secret card that says nothing it does",
         "Once a book types what its cards do (any card with a `does`, in the book or the game "
         "it extends), a gadget or Top Secret card without a `does` can never be played: the "
         "engine reads what a card does from its `does` items, never from the prose "
         "(EP-GADGET-1, SH-TOPSECRET-1). A book whose cards are all prose is read as it was.",
         _TYPED + 'gadget "Lock Pick" { effect "Pass a Spycraft test." }',
         _TYPED + 'gadget "Lock Pick" { effect "Pass a Spycraft test." '
         'does before_test on Spycraft { auto_pass } }', phase="domain"),
    Rule("E005", "step-outside-timing", E, "a card step that its power's timing never reaches",
         "Some steps act on a test or an injury and only where one is there: `reroll` after "
         "the dice are rolled (`after_roll`), `prevent N injury` when the owner would take "
         "injuries (`on_injury`), `dice` and `auto_pass` before the roll, while held or after "
         "the roll (`before_test`, `while_held`, `after_roll`); and `on SKILL` names the "
         "tests a power applies to, which a timing without a test (`any_time`, `on_injury`, "
         "...) never has. Written elsewhere, the step never acts.",
         'gadget "Lucky Coin" { does any_time { reroll } }',
         'gadget "Lucky Coin" { does after_roll { reroll } }', phase="domain"),
    Rule("E006", "leave-never-happens", E, "a discard effect that can never happen",
         "A status leaves by its `leaves` (EP-STATUS-3); one that the game can never meet keeps "
         "the status for good: `encounter_in` a region with no encounter card, `rest_hq` or "
         "`pass_at_hq` in a game with no HQ, `after_use` on a status with no power to use "
         "(none, or only `while_held` ones, which are never used). Only a status leaves: "
         "`leaves` on a gadget, villain or Top Secret card never happens either.",
         'status "Seasick" { does while_held { dice -1 } leaves after_use }',
         'status "Seasick" { does while_held { dice -1 } leaves rest }', phase="domain"),
    Rule("E007", "status-never-leaves", W, "a status that acts but has no `leaves`",
         "A status whose powers act (a `does`) and that says no `leaves` is never discarded: "
         "its penalty or help lasts the whole game. Every status card has a discard effect "
         "(EP-STATUS-3); write it as `leaves` beside the `discard` prose. A status of prose "
         "only is not judged.",
         'status "Hangover" { discard "Discard at the end of your next turn." '
         'does while_held on Athletics { dice -1 } }',
         'status "Hangover" { discard "Discard at the end of your next turn." '
         'does while_held on Athletics { dice -1 } leaves end_of_turn }', phase="domain"),
    Rule("E008", "gadget-never-given", E, "a `pass with` or `+N with` gadget that no spy can hold",
         "A test's `pass with X` (EP-TEST-4) or `+N with X` (EP-TEST-5) that names a gadget "
         "fires only for a spy holding it. A spy holds a gadget drawn from the deck (a `gain "
         "gadget` anywhere, in an entry, a bonus or a card's power, or a Gadget space on the "
         "board) or one a spy sheet `starts` with; with none of these the clause never fires. "
         "Judged only where the board is written.",
         _GAME, _GAME + 'spy "Ann" { health 5 starts { gadget "Rope" } }', phase="domain"),
    Rule("E009", "not-an-airport", E, "an airport event on a place without an airport",
         "`open airport`, `close airport` and `toggle airport` act on a place whose features "
         "say `airport` (SH-VILLAIN-1: Sydney's airport); on any other place they change "
         "nothing a player could use.",
         'villain "Fog" { does end_of_turn { close airport Rome } }',
         'villain "Fog" { does end_of_turn { close airport Paris } }', phase="domain"),
]
