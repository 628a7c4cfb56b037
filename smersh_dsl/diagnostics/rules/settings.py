"""L: suppressions and configuration."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E, W = Severity.ERROR, Severity.WARNING

_STATUS = 'status "Shadowed" { effect "TODO: decide." }'

RULES = [
    Rule("L001", "unused-suppression", W, "a `# smersh: ignore` that silences nothing",
         "A suppression comment silences findings on its line or, on a line of its own, in "
         "the block that follows. One that silences nothing (the problem was fixed, or the "
         "code is wrong) hides the next real problem there, so it is reported.",
         'status "Shadowed" { effect "Roll one die less." }  # smersh: ignore[T003]',
         _STATUS + '  # smersh: ignore[T003]', phase="settings"),
    Rule("L002", "unknown-suppression", E, "a suppression naming no rule",
         "`# smersh: ignore[...]` takes rule codes (T003), code prefixes (T) or rule names "
         "(todo-in-text); anything else is a typo that silences nothing.",
         _STATUS + '  # smersh: ignore[T030]', _STATUS + '  # smersh: ignore[T003]',
         phase="settings"),
    Rule("L003", "invalid-config", E, "a configuration file smersh cannot use",
         "`smersh.toml` or `[tool.smersh]` in `pyproject.toml` takes `select` and `ignore`, "
         "each a list of rule codes, prefixes or names. Invalid TOML, unknown settings and "
         "unknown rules are reported at their line.",
         'ignore = ["T030"]', 'ignore = ["T003"]', phase="settings"),
]
