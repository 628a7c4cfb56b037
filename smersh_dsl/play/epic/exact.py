"""The exact chance that a party wins a showdown, where the game's states are few enough.

The same table that plays a showdown (``sessions.advance``) is run node by node, but
with a stand-in for its random source that follows a script (``core.exact.Script``):
every way the dice can fall is tried once, each with its probability (a test's dice are
taken together, as the counts of each face, with their multinomial weight). Each run of
one node from one state ends in the next node and a new state, or in victory or defeat.
Those states and their transitions form a Markov chain, whose chance of ending in
victory is solved exactly in fractions (``core.exact.absorbed``), loops included (a
section that sends the spies back to an earlier encounter).

Decisions are the greedy policy's, as in the Monte Carlo estimate (``victory``), so the
two figures answer the same question, and a test holds the exact one inside the sampled
one's 95% interval. When a section has more states than ``MAX_STATES`` (large parties,
long loops that change the party every time), ``exact_victory`` says so by returning
None and the caller falls back to sampling.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from fractions import Fraction

from smersh_dsl.play.core.deciders import GreedyPolicy
from smersh_dsl.play.core.exact import Result, Script, absorbed, dice_outcomes
from smersh_dsl.play.epic.engine import GameLost, Table
from smersh_dsl.play.epic.party import Party, Spy
from smersh_dsl.play.epic.sessions import Outcome, advance, showdown_section, start_showdown

MAX_STATES = 5_000
MAX_PATHS = 200_000          # ways the dice can fall, summed over every state's node


class TooLarge(Exception):
    pass


class ExactTable(Table):
    def roll_dice(self, count: int) -> list[str]:
        """All the dice of a test at once: which faces came up, not in which order."""
        return list(self.rng.pick(dice_outcomes(tuple(self.faces("skill")), count)))  # type: ignore[attr-defined]


def _spy_key(spy: Spy) -> tuple:
    return (spy.name, tuple(sorted(spy.skills.items())), spy.health, spy.max_resolve,
            spy.resolve, tuple(sorted(spy.held)), spy.intel, tuple(spy.gadgets),
            tuple(spy.top_secrets), tuple(sorted(spy.used.items())))


def state_key(table: Table, node: str) -> tuple:
    party = table.party
    return (node, tuple(_spy_key(s) for s in party.spies), party.successes, party.lobo,
            party.location, party.lost, table.failed,
            table.actor.name if table.actor else None)


def _clone(table: Table, script: Script) -> ExactTable:
    party: Party = copy.deepcopy(table.party)
    actor = next((s for s in party.spies if table.actor and s.name == table.actor.name), None)
    return ExactTable(table.doc, party, script, table.decide, lambda _: None, table.in_showdown,
                      actor, table.failed)


def _node_outcomes(table: Table, section: dict, node: str, budget: list[int],
                   found: Callable[[tuple, Table], None]) -> list[Result]:
    """Every way one node can go from this state, with its probability."""
    results: list[Result] = []
    pending: list[list[int]] = [[]]
    while pending:
        prefix = pending.pop()
        budget[0] -= 1
        if budget[0] < 0:
            raise TooLarge
        script = Script(prefix)
        run = _clone(table, script)
        try:
            went = advance(run, section, node)
        except GameLost:
            went = Outcome("lost", False)
        for i, width in enumerate(script.new):       # the other ways each new draw could go
            base = prefix + [0] * i
            pending.extend(base + [choice] for choice in range(1, width))
        if isinstance(went, Outcome):
            results.append((script.weight, bool(went.won)))
        else:
            key = state_key(run, went)
            found(key, run)
            results.append((script.weight, key))
    return results


def exact_victory(doc: dict, section_name: str | None, party: Party,
                  max_states: int = MAX_STATES) -> Fraction | None:
    """The chance that ``party`` wins the section, exactly; None if it has too many states."""
    section = showdown_section(doc, section_name)
    start = Table(doc, party, Script(()), GreedyPolicy(), lambda _: None)
    first = start_showdown(start, section)
    tables: dict[tuple, Table] = {state_key(start, first): start}
    edges: dict[tuple, list[Result]] = {}
    queue = [state_key(start, first)]
    budget = [MAX_PATHS]

    def found(key: tuple, table: Table) -> None:
        if key not in tables:
            tables[key] = table
            queue.append(key)
    try:
        while queue:
            key = queue.pop()
            if key in edges:
                continue
            if len(tables) > max_states:
                return None
            edges[key] = _node_outcomes(tables[key], section, key[0], budget, found)
    except TooLarge:
        return None
    return absorbed(edges, state_key(start, first))


