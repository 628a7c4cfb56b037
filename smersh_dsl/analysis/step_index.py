"""One walk over every step of a project, for the checks that read steps in order.

G010 wants the tests and gambles missing an outcome with nothing read after them; B001
and B002 want every condition (and whether it has an `else`), and what the effects can
give a spy. A 10,000-entry book is walked once for all of them: plain loops over a stack
of blocks, exact types, no recursion.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from smersh_dsl.model.effects import Condition, Effect, EffectKind
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.span import Definition
from smersh_dsl.model.steps import Block, Check, Choice, IfStep, Step
from smersh_dsl.model.walk import children
from smersh_dsl.records import dataclass

GIVING = frozenset({EffectKind.GAIN_STATUS, EffectKind.GAIN_ADVANCED_SKILL,
                    EffectKind.GAIN_GADGET})


@dataclass(frozen=True)
class Guard:
    condition: Condition
    owner: Definition
    otherwise: bool          # an `if` with an `else`: a condition that always holds kills it


@dataclass
class StepIndex:
    open_checks: list[Check] = field(default_factory=list)     # G010, outside showdowns
    checks: list[Check] = field(default_factory=list)          # every test and gamble (Q001)
    guards: list[Guard] = field(default_factory=list)
    given: set[tuple[EffectKind, str | None]] = field(default_factory=set)


def _outer_blocks(node: Any) -> list[Block]:
    """The blocks of a definition that no step holds (its body, levels, rewards)."""
    if isinstance(node, Block):
        return [node]
    found: list[Block] = []
    for child in children(node):
        if isinstance(child, (tuple, list)) or hasattr(child, "__dataclass_fields__"):
            found.extend(_outer_blocks(child))
    return found


def _walk(steps: tuple[Step, ...], owner: Definition, outcomes: bool, index: StepIndex,
          _effect: type = Effect, _check: type = Check, _choice: type = Choice,
          _if: type = IfStep, _giving: frozenset = GIVING) -> None:
    """``outcomes``: whether G010 judges these steps (not in a showdown). Each block on
    the stack carries whether something is read after it ends. The classes are bound as
    defaults: this loop runs over every step of a 10,000-entry book."""
    stack: list[tuple[tuple[Step, ...], bool]] = [(steps, False)]
    pop, push = stack.pop, stack.append
    open_checks, guards, given = index.open_checks, index.guards, index.given
    checks = index.checks
    while stack:
        block, outer = pop()
        last = len(block) - 1
        for i, step in enumerate(block):
            kind = type(step)
            if kind is _effect:
                if step.kind in _giving:                                  # type: ignore[union-attr]
                    ref = step.ref                                        # type: ignore[union-attr]
                    given.add((step.kind, ref.name if ref is not None else None))  # type: ignore[union-attr]
            elif kind is _check:
                checks.append(step)                                       # type: ignore[arg-type]
                after = outer or i < last
                on_pass, on_fail = step.on_pass, step.on_fail             # type: ignore[union-attr]
                if on_pass is None or on_fail is None:
                    if outcomes and not after:
                        open_checks.append(step)                          # type: ignore[arg-type]
                if on_pass is not None:
                    push((on_pass.steps, after))
                if on_fail is not None:
                    push((on_fail.steps, after))
            elif kind is _choice:
                for option in step.options:                               # type: ignore[union-attr]
                    if option.guard is not None:
                        guards.append(Guard(option.guard, owner, False))
                    if option.body is not None:
                        push((option.body.steps, outer or i < last))
            elif kind is _if:
                otherwise = step.otherwise                                # type: ignore[union-attr]
                guards.append(Guard(step.condition, owner, otherwise is not None))  # type: ignore[union-attr]
                push((step.then.steps, outer or i < last))                # type: ignore[union-attr]
                if otherwise is not None:
                    push((otherwise.steps, outer or i < last))


def index_steps(definitions: list[Definition]) -> StepIndex:
    index = StepIndex()
    for definition in definitions:
        if type(definition) is EncounterEntry:
            steps = definition.steps            # most entries: prose, then one test
            if steps:
                _walk(steps, definition, True, index)
            continue
        outcomes = not isinstance(definition, Showdown)   # G002 judges showdowns
        for block in _outer_blocks(definition):
            _walk(block.steps, definition, outcomes, index)
    index.open_checks.sort(key=lambda c: (c.span.file, c.span.line, c.span.column))
    return index
