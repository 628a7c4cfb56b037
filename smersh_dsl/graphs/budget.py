"""What a flow graph may cost Graphviz: a budget on its size, checked before `dot` runs,
and a time limit on `dot` itself.

`dot` lays out a graph in time that grows much faster than its edges: a showdown of 99
encounters, each choosing every later one (4,855 edges, and it checks clean), kept `dot`
busy for minutes, and `smersh build --format site` ended in "internal error:
TimeoutExpired". The bundled showdowns have at most 20 nodes and 25 edges; a graph over
``MAX_NODES`` or ``MAX_EDGES`` is not drawn at all, and one that `dot` cannot draw in
``DOT_S`` seconds is stopped. Either way the page says the graph is too large to draw,
with its counts, and `smersh graph --format dot` or `--format mermaid` still gives it.
"""

from __future__ import annotations

from smersh_dsl.graphs.diagram import Diagram

MAX_NODES = 200
MAX_EDGES = 400
DOT_S = 30.0


class GraphTooLarge(Exception):
    """A graph over the budget, or one `dot` did not draw in time; the message says which,
    with the counts."""

    def __init__(self, nodes: int, edges: int, timed_out: bool = False) -> None:
        self.nodes, self.edges, self.timed_out = nodes, edges, timed_out
        why = (f"Graphviz did not draw it within {DOT_S:g} s" if timed_out else
               f"the budget is {MAX_NODES} nodes and {MAX_EDGES} edges")
        super().__init__(f"the graph is too large to draw: {nodes:,} nodes and {edges:,} edges "
                         f"({why}); `smersh graph --format dot` gives its text")


def size(diagram: Diagram) -> tuple[int, int]:
    return len(diagram.boxes), len(diagram.arrows)


def over_budget(diagram: Diagram) -> GraphTooLarge | None:
    """Why ``diagram`` is not drawn, or None when it is within the budget."""
    nodes, edges = size(diagram)
    if nodes > MAX_NODES or edges > MAX_EDGES:
        return GraphTooLarge(nodes, edges)
    return None
