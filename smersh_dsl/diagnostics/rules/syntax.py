"""S: text that does not follow the grammar."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E = Severity.ERROR
RULES = [
    Rule("S001", "unexpected-token", E, "a word or symbol stands where the grammar does not allow it",
         "The parser read a token that cannot come at this point. The message says what "
         "could have come instead, in the language's own words. A keyword used as a name "
         "must be quoted (`\"test\"`). Where a name stands for an effect verb, a resource or "
         "a condition word and a word of the language is close to it (`gian`, `Gain`) or "
         "means the same (`cure 1 injury`, `take 1 wound`), the hint names that word "
         "instead of every token that could come (docs/language.md lists those words).",
         'entry 01.1.1 {\n  test Spycraft [2\n}',
         'entry 01.1.1 {\n  test Spycraft [2]\n}', phase="syntax"),
    Rule("S002", "unexpected-character", E, "a character that the language does not use",
         "A character appeared that starts no token of the language, such as `;`, `@` or "
         "a curly quote. Prose belongs inside straight double quotes. A character that "
         "passes for one the language uses is named by its Unicode name with the fix: an "
         "en dash or a minus sign (write `-`), a no-break space (a plain space), a "
         "zero-width space or a soft hyphen (delete it).",
         'entry 01.1.1 { test Spycraft; }',
         'entry 01.1.1 { test Spycraft }', phase="syntax"),
    Rule("S003", "unclosed-block", E, "a `{` is never closed",
         "The file ended, or the next top-level block began, while a block was still open. "
         "The diagnostic points where the `}` is missing and names the line where the "
         "block was opened.",
         'entry 01.1.1 {\n  "You run."\n\nentry 01.1.2 { "You hide." }',
         'entry 01.1.1 {\n  "You run."\n}\nentry 01.1.2 { "You hide." }', phase="syntax"),
    Rule("S004", "unterminated-string", E, "a string is never closed",
         "A `\"` opens a string that no later `\"` closes. Strings may span lines, so the "
         "missing quote can be far above the place where the parser gave up; the "
         "diagnostic points at the opening quote.",
         'entry 01.1.1 { "You run. }',
         'entry 01.1.1 { "You run." }', phase="syntax"),
    Rule("S005", "invalid-value", E, "a value is out of the range the rules allow",
         "The text parses, but a number in it is impossible: an empty range such as "
         "`5..1`, a test needing [0] or [7] successes (at most 6 dice, EP-TEST-1), or an "
         "effect with an amount of 0.",
         'entry 01.1.1 { test Spycraft [7] }',
         'entry 01.1.1 { test Spycraft [2] }', phase="syntax"),
]

RULES.append(Rule(
    "S006", "nested-too-deep", Severity.ERROR, "blocks or conditions nested too deeply to read",
    "Blocks inside blocks (and conditions inside conditions) are limited to 64 levels; real "
    "content stays under ten. Deeper nesting is almost always a run of unclosed braces "
    "pasted many times, and reading it would exhaust the parser.",
    "entry 01.1.1 {" + " if status \"Marked\" {" * 70 + " }" * 70 + " }",
    "entry 01.1.1 { if status \"Marked\" { gain 1 intel } }", phase="syntax"))
