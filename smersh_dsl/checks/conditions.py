"""B: conditions judged over the values the project declares (a guard that can never
hold, an `if` that always holds and so kills its `else`), world by world (analysis/worlds.py)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.analysis.showdown_graph import condition_text
from smersh_dsl.analysis.worlds import (Values, World, holdings, levels, outcomes, rounds,
                                        worlds)
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.effects import Condition, ConditionKind, Counter


def _players(every: list[World]) -> str:
    own, *variants = every
    text = (f"the game is for {own.players[0]}-{own.players[1]} players"
            if own.players else "the game declares no player range")
    others = [f"{w.name}: {w.players[0]}-{w.players[1]}" for w in variants if w.players]
    return text + (f" ({'; '.join(others)})" if others else "")


def _why(condition: Condition, every: list[World], values: Values) -> str:
    """What in the project settles the condition, for the message."""
    if condition.kind is ConditionKind.NOT and condition.operand is not None:
        return _why(condition.operand, every, values)
    if condition.kind is ConditionKind.COMPARE:
        if condition.counter is Counter.PLAYERS:
            return _players(every)
        if condition.counter is Counter.ROUND:
            return f"the Lobo track runs rounds 1-{values.rounds}"
        return f"a spy's {condition.counter.value if condition.counter else ''} is never below 0"
    if condition.kind is ConditionKind.LEVEL:
        return "the levelled henchmen have levels " + ", ".join(map(str, sorted(values.levels or ())))
    name = condition.ref.name if condition.ref is not None else ""
    if name in values.symbols.names("status"):
        return f"no effect gives the status `{name}` (EP-STATUS-1: a status is gained by name)"
    return f"no effect, place or spy sheet gives `{name}`"


def _judged(condition: Condition, every: list[World], values: Values) -> set[bool] | None:
    """The truth values over all worlds; None as soon as one world cannot judge it."""
    found: set[bool] = set()
    for world in every:
        got = outcomes(condition, world, values)
        if got is None:
            return None
        found |= got
    return found


@check("B001", "B002")
def conditions(ctx: Context) -> Iterator[Diagnostic]:
    # rule: EP-STATUS-1 (a status is gained by name), SC-EXPERT-1 and EP-VAR-1 (each
    # variant a world of its own): a branch no world can take is dead text
    guards = ctx.steps.guards
    if not guards:
        return
    project = ctx.project
    every = worlds(project)
    values = Values(ctx.symbols, holdings(project, ctx.steps), rounds(project), levels(project))
    for guard in guards:
        judged = _judged(guard.condition, every, values)
        text = condition_text(guard.condition)
        if judged == {False}:
            yield Diagnostic.of("B001", guard.condition.span,
                                f"`{text}` can never hold: {_why(guard.condition, every, values)}",
                                "fix the condition, or remove the branch that it guards")
        elif judged == {True} and guard.otherwise:
            yield Diagnostic.of("B002", guard.condition.span,
                                f"`{text}` always holds, so its `else` is never read: "
                                f"{_why(guard.condition, every, values)}",
                                "fix the condition, or drop the `if` and keep its branch")
