"""Q: lints, off by default, that judge content by the game's odds rather than its rules."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

RULES: list[Rule] = []

_DIE = 'game g "Test" {\n  skills { Spycraft }\n  die skill { success success resolve blank blank blank }\n}\n'

RULES.append(Rule(
    "Q001", "test-difficulty", Severity.WARNING, "a test a typical spy nearly always passes or fails",
    "Off by default: on with `--select Q001` (or `select` in smersh.toml; `ALL` does not "
    "turn it on). For each test, a spy of typical level (2, with 1 resolve to spend; "
    "`[difficulty]` in smersh.toml sets `level`, `resolve`, `low` and `high`) takes the best "
    "skill offered (EP-TEST-3) at its modifier and `[N]` successes, and the exact odds "
    "that `smersh stats` uses (EP-TEST-1, -2, -6, -7) are worked out from the game's "
    "`die skill`. A test passed less than 5% or more than 95% of the time is reported "
    "with its chance: it is a foregone conclusion, not a test.",
    _DIE + 'entry 01.1.1 {\n  test Spycraft -1 [3]\n  pass { gain 1 intel }\n  fail { take 1 injury }\n}',
    _DIE + 'entry 01.1.1 {\n  test Spycraft [1]\n  pass { gain 1 intel }\n  fail { take 1 injury }\n}',
    phase="lint", default_off=True))
