"""G010: a test or gamble outside showdowns that lacks an outcome (EP-ENC-5).

Showdowns have G002 for this; everywhere else (encounter entries, stranded cards, dead
drops, henchman levels, mission rewards, variant outcomes) a block may simply end, so
what counts is the same as G002's "falls through": an outcome without a block reads on
to whatever follows the test (in its block, or after the blocks around it). Only when
nothing at all follows does the spy who passes (or fails) read nothing, which is the slip.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from smersh_dsl.analysis.paths import keyword_span
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.span import Definition
from smersh_dsl.model.steps import Block, Check, Choice, IfStep, SkillTest, Step
from smersh_dsl.model.walk import children


def _open_checks(steps: tuple[Step, ...], follows: bool) -> Iterator[Check]:
    """Checks missing an outcome with nothing read after them. ``follows``: whether
    something is read once these steps are done (a step after the enclosing block)."""
    last = len(steps) - 1
    for i, step in enumerate(steps):
        after = follows or i < last
        if isinstance(step, Check):
            if not after and (step.on_pass is None or step.on_fail is None):
                yield step
            for block in (step.on_pass, step.on_fail):
                if block is not None:
                    yield from _open_checks(block.steps, after)
        elif isinstance(step, Choice):
            for option in step.options:
                if option.body is not None:
                    yield from _open_checks(option.body.steps, after)
        elif isinstance(step, IfStep):
            yield from _open_checks(step.then.steps, after)
            if step.otherwise is not None:
                yield from _open_checks(step.otherwise.steps, after)


def _outer_blocks(node: Any) -> Iterator[Block]:
    """The blocks of a definition that no step holds (its body, levels, rewards)."""
    if isinstance(node, Block):
        yield node
        return
    for child in children(node):
        if isinstance(child, (tuple, list)) or hasattr(child, "__dataclass_fields__"):
            yield from _outer_blocks(child)


def _missing(step: Check) -> str:
    what = "test" if isinstance(step.action, SkillTest) else "gamble"
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
    for definition in ctx.project.of_type(Definition):
        if isinstance(definition, Showdown):
            continue          # G002 judges showdowns, where every branch needs a goto
        if isinstance(definition, EncounterEntry):
            found = _open_checks(definition.steps, False)
        else:
            found = (c for b in _outer_blocks(definition) for c in _open_checks(b.steps, False))
        for step in found:
            word = "test" if isinstance(step.action, SkillTest) else "gamble"
            yield Diagnostic.of("G010", keyword_span(step.span, word), _missing(step), _hint(step))
