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
    Rule("L004", "config-of-another-user", W, "a configuration file that another user owns",
         "A configuration decides what a check reports, so one that anybody else could "
         "write is passed over, as if it were not there: a `smersh.toml` planted by another "
         "user of the machine (in a shared folder, or in a checkout they can write to) "
         "could otherwise silence every finding. The search goes on to the next folder up "
         "(within the repository). Own the file, or copy it.",
         "-rw-r--r-- 1 mallory staff  smersh.toml    # checked by another user",
         "-rw-r--r-- 1 you     staff  smersh.toml", phase="settings"),
]
