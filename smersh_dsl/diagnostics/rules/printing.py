"""P1xx: print. Found by `smersh build --format pdf` when it lays the pages out, not by
`smersh check`: whether text fits a box depends on the fonts and the page."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

RULES = [
    Rule("P101", "text-does-not-fit", Severity.ERROR, "printed text overflows its box",
         "A card, a response box or another fixed-size box of a print document holds more "
         "text than fits at the printed size, so part of it would be cut off or run over "
         "the next box. `smersh build --format pdf` lays every page out before it writes "
         "anything, reports each such box at the block that wrote the text, with how many "
         "millimetres too long the text is, and writes no PDF until the text is shortened.",
         'gadget "Exploding Pen" { effect "Once per game, before you roll for a test, you may '
         'click the pen three times and throw it at the nearest henchman: discard it, then gain '
         'two dice for the test, reroll any blanks twice, and count every resolve icon as a '
         'success. If you pass, gain one intel for each success beyond the first, heal one '
         'injury, and, if you are in a city with an airport, move to any other city with an '
         'airport without spending intel, even if you are injured, Marked or Stranded. If you '
         'fail, take one injury, lose one resolve, and every other spy in your city takes one '
         'injury as well, unless they hold the Umbrella Shield, in which case they gain one '
         'resolve instead and may move with you to any city with an airport on the board." }',
         'gadget "Exploding Pen" { effect "Discard it before a test: gain two dice." }',
         phase="print"),
]
