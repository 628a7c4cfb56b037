"""T: what the writer typed inside quotes."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E, W = Severity.ERROR, Severity.WARNING

RULES = [
    Rule("T001", "empty-text", E, "an empty or blank string",
         "Prose, titles, responses, labels and card texts are printed; an empty string "
         "prints a hole in the book. Write the text or remove the line.",
         'status "Shadowed" { effect "" }', 'status "Shadowed" { effect "Roll one die less." }',
         phase="text"),
    Rule("T002", "unbalanced-emphasis", E, "emphasis opened and never closed",
         "In text, `*word*` is emphasis and `**word**` strong emphasis. A mark that is "
         "never closed would set the rest of the paragraph in italics; escape a literal "
         "star as `\\*`.",
         'status "Shadowed" { effect "You are *very visible." }',
         'status "Shadowed" { effect "You are *very* visible." }', phase="text"),
    Rule("T003", "todo-in-text", W, "a TODO or FIXME left in the text",
         "Like ink's TODO lines, a `TODO` or `FIXME` in a string marks unfinished writing; "
         "it is reported so that it does not reach the printer.",
         'status "Shadowed" { effect "TODO: decide the penalty." }',
         'status "Shadowed" { effect "Roll one die less." }', phase="text"),
]
