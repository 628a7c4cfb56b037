"""Exact odds by trying every way the dice can fall, once each, with its probability.

A game's own table is run with ``Script`` as its random source: it replays a list of
choices and records how many options each new draw had, so a caller can walk every path
(a test's dice are taken together, as the counts of each face, with their multinomial
weight: ``dice_outcomes``). The states such runs reach and their transitions form a
Markov chain; ``absorbed`` solves its chance of ending in victory exactly, in fractions,
loops included. What a state is, and how one step runs, is the game's (``epic.exact``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

Result = tuple[Fraction, Any]      # (probability, the next state's key, or True/False)


class Script:
    """A random source that replays ``prefix`` (indices into each draw's options) and
    then takes the first option of every new draw, recording what it could have taken."""

    def __init__(self, prefix: Sequence[int]) -> None:
        self.prefix = prefix
        self.at = 0
        self.weight = Fraction(1)
        self.new: list[int] = []          # how many options each draw past the prefix had

    def pick(self, options: Sequence[tuple[Any, Fraction]]) -> Any:
        index = self.prefix[self.at] if self.at < len(self.prefix) else 0
        if self.at >= len(self.prefix):
            self.new.append(len(options))
        self.at += 1
        value, weight = options[index]
        self.weight *= weight
        return value

    def choice(self, seq: Sequence[Any]) -> Any:
        counts: dict[Any, int] = {}
        for item in seq:
            counts[item] = counts.get(item, 0) + 1
        return self.pick([(v, Fraction(c, len(seq))) for v, c in counts.items()])

    def randrange(self, n: int) -> int:
        return self.choice(range(n))


@lru_cache(maxsize=64)
def dice_outcomes(faces: tuple[str, ...], count: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Each multiset of faces ``count`` dice can show, with its multinomial probability."""
    kinds = list(dict.fromkeys(faces))
    chance = {k: Fraction(faces.count(k), len(faces)) for k in kinds}
    options = []
    for combo in combinations_with_replacement(kinds, count):
        ways = math.factorial(count)
        weight = Fraction(1)
        for kind in kinds:
            ways //= math.factorial(combo.count(kind))
            weight *= chance[kind] ** combo.count(kind)
        options.append((combo, ways * weight))
    return tuple(options)


def absorbed(edges: dict[tuple, list[Result]], start: tuple) -> Fraction:
    """P(victory) from ``start``. States are solved from the end backwards, one strongly
    connected group at a time (most are single states: x = r + sum p x'); a group that
    loops is a small linear system, solved exactly."""
    import networkx as nx

    graph = nx.DiGraph()
    graph.add_nodes_from(edges)
    graph.add_edges_from((s, to) for s, out in edges.items() for _, to in out
                         if not isinstance(to, bool))
    groups = nx.condensation(graph)
    value: dict[tuple, Fraction] = {}
    for group in reversed(list(nx.topological_sort(groups))):
        members = list(groups.nodes[group]["members"])
        value.update(_solve(members, edges, value))
    return value[start]


def _solve(members: list[tuple], edges: dict[tuple, list[Result]],
           known: dict[tuple, Fraction]) -> dict[tuple, Fraction]:
    """x = r + Q x over ``members``, where moves out of the group have ``known`` values."""
    index = {s: i for i, s in enumerate(members)}
    n = len(members)
    rows = [[Fraction(0)] * n for _ in range(n)]
    rhs = [Fraction(0)] * n
    for s in members:
        i = index[s]
        rows[i][i] += 1
        for p, to in edges[s]:
            if to is True:
                rhs[i] += p
            elif to is False:
                continue
            elif to in index:
                rows[i][index[to]] -= p
            else:
                rhs[i] += p * known[to]
    for col in range(n):                          # Gauss-Jordan, exact
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        lead = rows[col][col]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col] / lead
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
                rhs[r] -= factor * rhs[col]
    return {s: rhs[index[s]] / rows[index[s]][index[s]] for s in members}
