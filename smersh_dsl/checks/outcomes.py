"""G010: a test or gamble outside showdowns that lacks an outcome (EP-ENC-5).

Showdowns have G002 for this; everywhere else (encounter entries, stranded cards, dead
drops, henchman levels, mission rewards, variant outcomes) a block may simply end, so
what counts is the same as G002's "falls through": an outcome without a block reads on
to whatever follows the test (in its block, or after the blocks around it). Only when
nothing at all follows does the spy who passes (or fails) read nothing, which is the slip.
The walk is analysis/step_index.py's, shared with the condition checks.
"""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.analysis.paths import keyword_span
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.steps import Check, SkillTest


def _missing(step: Check, what: str) -> str:
    if step.on_pass is None and step.on_fail is None:
        return f"this {what} has neither a `pass` nor a `fail` block: whatever the roll, nothing is read"
    word, doing = ("pass", "passes") if step.on_pass is None else ("fail", "fails")
    return f"this {what} has no `{word}` block and nothing follows it: a spy who {doing} reads nothing"


def _hint(step: Check) -> str:
    wanted = [w for w, b in (("pass", step.on_pass), ("fail", step.on_fail)) if b is None]
    blocks = " and ".join(f"`{w} {{ ... }}`" for w in wanted)
    return (f"add {blocks} saying what happens, or text after the test that every "
            "outcome reads (EP-ENC-5)")


@check("G010")
def missing_outcomes(ctx: Context) -> Iterator[Diagnostic]:
    # rule: EP-ENC-5 (read the PASS result, otherwise read FAIL: both must be there)
    for step in ctx.steps.open_checks:
        what = "test" if isinstance(step.action, SkillTest) else "gamble"
        yield Diagnostic.of("G010", keyword_span(step.span, what), _missing(step, what), _hint(step))
