"""What a showdown graph proves: reachability, traps, and how many success tokens a
party can hold when it reaches each node (EP-SHOW-2, EP-SHOW-4)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx   # imported where a graph is made or read: ~0.1 s a process

from smersh_dsl.analysis.showdown_graph import ShowdownGraph
from smersh_dsl.records import dataclass


def unreachable(sg: ShowdownGraph) -> list[str]:
    """Nodes that no path from the start reaches, in source order."""
    import networkx as nx
    if sg.start is None:
        return []
    seen = nx.descendants(sg.graph, sg.start) | {sg.start}
    return [k for k in sg.nodes if k not in seen]


@dataclass(frozen=True)
class Trap:
    """A cycle from which no conclusion can be reached."""

    nodes: tuple[str, ...]     # the strongly connected component, in source order
    cycle: tuple[str, ...]     # one cycle through it, for the message


def _is_cycle(graph: nx.DiGraph, component: set[str]) -> bool:
    if len(component) > 1:
        return True
    (only,) = component
    return graph.has_edge(only, only)


def _cycle_in(graph: nx.DiGraph, component: set[str], first: str) -> tuple[str, ...]:
    import networkx as nx
    edges = nx.find_cycle(graph.subgraph(component), source=first)
    return tuple([edges[0][0]] + [e[1] for e in edges])


def traps(sg: ShowdownGraph) -> list[Trap]:
    import networkx as nx
    order = {k: i for i, k in enumerate(sg.nodes)}
    ends = sg.conclusions()
    can_end: set[str] = set(ends)
    for end in ends:
        can_end |= nx.ancestors(sg.graph, end)
    found = []
    for component in nx.strongly_connected_components(sg.graph):
        if component & can_end or not _is_cycle(sg.graph, component):
            continue
        ordered = tuple(sorted(component, key=order.__getitem__))
        found.append(Trap(ordered, _cycle_in(sg.graph, component, ordered[0])))
    return sorted(found, key=lambda t: order[t.nodes[0]])


@dataclass(frozen=True)
class Farm:
    """A cycle that earns success tokens each time round: the count has no bound."""

    cycle: tuple[str, ...]
    edge: tuple[str, str]      # an edge of the cycle that earns tokens


def farms(sg: ShowdownGraph) -> list[Farm]:
    import networkx as nx
    order = {k: i for i, k in enumerate(sg.nodes)}
    found = []
    for component in nx.strongly_connected_components(sg.graph):
        if not _is_cycle(sg.graph, component):
            continue
        sub = nx.DiGraph()
        sub.add_nodes_from(component)
        sub.add_edges_from((u, v, {"w": -d["gain"]})
                           for u, v, d in sg.graph.subgraph(component).edges(data=True))
        if not nx.negative_edge_cycle(sub, weight="w"):
            continue
        first = min(component, key=order.__getitem__)
        loops = [u for u in component if sub.has_edge(u, u) and sub.edges[u, u]["w"] < 0]
        if loops:   # networkx's find_negative_cycle trips over self-loops
            found.append(Farm((loops[0], loops[0]), (loops[0], loops[0])))
            continue
        sub.remove_edges_from([(u, u) for u in component if sub.has_edge(u, u)])  # none earns here
        cycle = nx.find_negative_cycle(sub, first, weight="w")
        earning = next(((u, v) for u, v in zip(cycle, cycle[1:]) if sub.edges[u, v]["w"] < 0),
                       (cycle[0], cycle[1]))
        found.append(Farm(tuple(cycle), earning))
    return sorted(found, key=lambda f: order[f.cycle[0]])


def most_successes(sg: ShowdownGraph) -> dict[str, float]:
    """An upper bound on the success tokens held on arrival at each reachable node.

    Exact on a graph without cycles (the longest path over the DAG). Inside a strongly
    connected component every earning edge is counted once more, which can only
    overstate; a component that can earn without limit makes everything after it
    ``inf``. So a victory this bound cannot reach is truly out of reach.
    """
    import networkx as nx
    if sg.start is None:
        return {}
    graph = sg.graph
    condensed = nx.condensation(graph)
    members = condensed.graph["mapping"]
    farming = {members[f.cycle[0]] for f in farms(sg)}
    best: dict[int, float] = {members[sg.start]: 0.0}
    for comp in nx.topological_sort(condensed):
        if comp not in best:
            continue
        inside = condensed.nodes[comp]["members"]
        internal = sum(max(d["gain"], 0) for u, v, d in graph.subgraph(inside).edges(data=True))
        value = math.inf if comp in farming else best[comp] + internal
        best[comp] = value
        for u in inside:
            for _, v, data in graph.out_edges(u, data=True):
                target = members[v]
                if target != comp:
                    best[target] = max(best.get(target, -math.inf), value + data["gain"])
    return {k: best[members[k]] for k in sg.nodes if members[k] in best}
