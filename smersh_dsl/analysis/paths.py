"""Paths through a block of steps: where each branch goes, and which ones fall off.

A block is read top to bottom. A test splits the reader into a pass and a fail
branch, a choice into one branch per option, an `if` into its arms (and, without
`else`, the case where the condition does not hold). A `goto` or a choice arrow
ends a branch by leaving the block; a branch that reaches the end of the block
without leaving it *falls off*.

Each branch carries a small state that the caller folds over the effects it meets
(success tokens earned in a showdown, where a stranded spy ends up). When every arm
of a split falls through to the steps after it, the arms join again and the branch
keeps the name it had before the split: a missing `goto` after a test is one finding
about the encounter, not one about each outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace

from smersh_dsl.model.effects import Condition, Effect, EffectKind
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Span
from smersh_dsl.model.steps import Block, Check, Choice, IfStep, Step
from smersh_dsl.records import dataclass

# Effects after which nothing more is read: the game itself is over.
TERMINAL = frozenset({EffectKind.LOSE_GAME})


@dataclass(frozen=True)
class Branch:
    """Where a path last went its own way: named and placed for a finding."""

    label: str
    span: Span


@dataclass(frozen=True)
class Trail:
    branch: Branch
    state: Hashable


@dataclass(frozen=True)
class Exit:
    """A branch leaving the block for ``target`` (a goto or a choice arrow)."""

    target: Ref
    trail: Trail


@dataclass
class Flow:
    exits: list[Exit]
    open: list[Trail]


Fold = Callable[[Effect, Hashable], Hashable]
# What entering an arm guarded by a condition (true or false there) does to the state.
Guard = Callable[[Condition, bool, Hashable], Hashable]
Arm = tuple[Branch, tuple[Step, ...], tuple[Condition, bool] | None]


def keyword_span(span: Span, keyword: str) -> Span:
    """The first ``len(keyword)`` characters of ``span``: where a block's keyword is."""
    return Span(span.file, span.line, span.column, span.line, span.column + len(keyword))


def first_line(span: Span) -> Span:
    if span.end_line == span.line:
        return span
    return Span(span.file, span.line, span.column, span.line, span.column + 1)


def _unique(trails: list[Trail]) -> list[Trail]:
    return list(dict.fromkeys(trails))


class Walker:
    """``join``: arms that all fall through take back the name of the branch before the
    split. Right when falling through is the finding (a showdown's missing goto); wrong
    when the state at the end is (where a stranded card leaves the spy)."""

    def __init__(self, fold: Fold, join: bool = True, guard: Guard | None = None) -> None:
        self.fold = fold
        self.join = join
        self.guard = guard

    def walk(self, steps: tuple[Step, ...], trails: list[Trail]) -> Flow:
        exits: list[Exit] = []
        current = _unique(trails)
        for step in steps:
            if not current:
                break
            current = self._step(step, current, exits)
        return Flow(exits, current)

    # -- one step -------------------------------------------------------------------
    def _step(self, step: Step, trails: list[Trail], exits: list[Exit]) -> list[Trail]:
        if isinstance(step, Effect):
            if step.kind is EffectKind.GOTO and step.ref is not None:
                exits.extend(Exit(step.ref, t) for t in trails)
                return []
            if step.kind in TERMINAL:
                return []
            return _unique([replace(t, state=self.fold(step, t.state)) for t in trails])
        if isinstance(step, Check):
            return self._split(trails, exits, self._check_arms(step))
        if isinstance(step, Choice):
            return self._split(trails, exits, self._choice_arms(step))
        if isinstance(step, IfStep):
            return self._split(trails, exits, self._if_arms(step))
        return trails   # prose, rerolls: read and go on

    def _split(self, trails: list[Trail], exits: list[Exit],
               arms: list[Arm]) -> list[Trail]:
        """Walk each arm from each trail; arms that all fall through join again."""
        result: list[Trail] = []
        for trail in trails:
            outcomes: list[list[Trail]] = []
            for branch, steps, condition in arms:
                state = trail.state
                if condition is not None and self.guard is not None:
                    state = self.guard(condition[0], condition[1], state)
                flow = self.walk(steps, [Trail(branch, state)])
                exits.extend(flow.exits)
                outcomes.append(flow.open)
            if self.join and arms and all(outcomes):
                result.extend(Trail(trail.branch, t.state) for arm in outcomes for t in arm)
            else:
                result.extend(t for arm in outcomes for t in arm)
        return _unique(result)

    # -- the arms of each kind of split ---------------------------------------------
    @staticmethod
    def _check_arms(step: Check) -> list[Arm]:
        what = "test" if type(step.action).__name__ == "SkillTest" else "gamble"
        arms = []
        for word, block in (("pass", step.on_pass), ("fail", step.on_fail)):
            if block is None:
                doing = "passing" if word == "pass" else "failing"
                arms.append((Branch(f"{doing} the {what} (there is no `{word}` block)",
                                    first_line(step.span)), (), None))
            else:
                arms.append((Branch(f"the `{word}` outcome", keyword_span(block.span, word)),
                             block.steps, None))
        return arms

    @staticmethod
    def _choice_arms(step: Choice) -> list[Arm]:
        arms = []
        for option in step.options:
            branch = Branch(f'the option "{option.label}"', first_line(option.span))
            guard = (option.guard, True) if option.guard is not None else None
            if option.goto is not None:     # `"label" -> target` is a one-step arm
                jump = Effect(span=option.goto.span, kind=EffectKind.GOTO, ref=option.goto)
                arms.append((branch, (jump,), guard))
            else:
                arms.append((branch, option.body.steps if option.body else (), guard))
        return arms

    @staticmethod
    def _if_arms(step: IfStep) -> list[Arm]:
        arms: list[Arm] = [(Branch("the `if` arm", keyword_span(step.span, "if")), step.then.steps,
                            (step.condition, True))]
        if step.otherwise is not None:
            arms.append((Branch("the `else` arm", keyword_span(step.otherwise.span, "else")),
                         step.otherwise.steps, (step.condition, False)))
        else:
            arms.append((Branch("the case where the `if` condition does not hold",
                                keyword_span(step.span, "if")), (), (step.condition, False)))
        return arms


def walk_block(block: Block | None, start: Branch, initial: Hashable, fold: Fold,
               join: bool = True, guard: Guard | None = None) -> Flow:
    """Every exit and every fall-off of ``block``, starting as ``start`` with ``initial``."""
    steps = block.steps if block is not None else ()
    return Walker(fold, join, guard).walk(steps, [Trail(start, initial)])
