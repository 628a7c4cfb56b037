"""The flow graph of a showdown or Dr. Lobo section (EP-SHOW-1, EP-SHOW-6), in networkx.

Nodes are the intro, the encounters, the tallies and the conclusions; an edge is a
way the party can be sent on (a pass, a fail, a choice, a condition arm, a goto, a
tally row), labelled with the most success tokens that way can earn. Guards are not
evaluated: a guarded option counts as a way on, so reachability is never understated.

Assumption (EP-SHOW-6 says "introduction, then Encounter 01"): an intro that ends
without a goto leads to encounter 01.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from smersh_dsl.analysis.paths import Branch, Trail, keyword_span, walk_block
from smersh_dsl.model.effects import Counter, Effect, EffectKind
from smersh_dsl.model.showdowns import ConclusionKind, Showdown, Tally
from smersh_dsl.model.span import Span

INTRO = "intro"


class NodeKind:
    INTRO = "intro"
    ENCOUNTER = "encounter"
    TALLY = "tally"
    VICTORY = "victory"
    DEFEAT = "defeat"


@dataclass(frozen=True)
class FlowNode:
    key: str
    kind: str
    label: str         # "encounter 05", "tally `end`", "victory `victory`"
    span: Span         # the header of the block: where a finding about it points


@dataclass(frozen=True)
class DeadEnd:
    node: str
    branch: Branch


@dataclass
class ShowdownGraph:
    showdown: Showdown
    graph: nx.DiGraph
    start: str | None
    nodes: dict[str, FlowNode] = field(default_factory=dict)
    dead_ends: list[DeadEnd] = field(default_factory=list)

    def conclusions(self) -> list[str]:
        return [k for k, n in self.nodes.items() if n.kind in (NodeKind.VICTORY, NodeKind.DEFEAT)]

    def label(self, key: str) -> str:
        return self.nodes[key].label


def encounter_key(number: int) -> str:
    return str(number)


def _earned(effect: Effect, gained: object) -> object:
    if effect.kind is EffectKind.GAIN_SUCCESS:
        return int(gained) + effect.amount  # type: ignore[call-overload]
    if effect.kind is EffectKind.LOSE_SUCCESS:
        return int(gained) - effect.amount  # type: ignore[call-overload]
    return gained


def _nodes(showdown: Showdown) -> dict[str, FlowNode]:
    found: dict[str, FlowNode] = {}
    if showdown.intro is not None:
        found[INTRO] = FlowNode(INTRO, NodeKind.INTRO, "the intro",
                                keyword_span(showdown.intro.span, "intro"))
    for enc in showdown.encounters:
        key = encounter_key(enc.number)
        found.setdefault(key, FlowNode(key, NodeKind.ENCOUNTER, f"encounter {enc.number:02d}",
                                       keyword_span(enc.span, f"encounter {enc.number_text}")))
    for tally in showdown.tallies:
        found.setdefault(tally.name.text, FlowNode(tally.name.text, NodeKind.TALLY,
                                                   f"tally `{tally.name.text}`", tally.name.span))
    for con in showdown.conclusions:
        kind = NodeKind.VICTORY if con.kind is ConclusionKind.VICTORY else NodeKind.DEFEAT
        label = (f"the {kind} conclusion" if con.name.text == kind
                 else f"the {kind} conclusion `{con.name.text}`")
        found.setdefault(con.name.text, FlowNode(con.name.text, kind, label,
                                                 keyword_span(con.span, con.kind.value)))
    return found


def _add_edge(graph: nx.DiGraph, source: str, target: str, gain: int, span: Span) -> None:
    """One edge per pair of nodes, weighing the best way; ``ways`` keeps each (span, gain)."""
    if graph.has_edge(source, target):
        data = graph.edges[source, target]
        data["gain"] = max(data["gain"], gain)
        data["ways"].append((span, gain))
    else:
        graph.add_edge(source, target, gain=gain, ways=[(span, gain)])


def _tally_rows_cover(tally: Tally) -> bool:
    """True when some row or the `else` matches every count of success tokens."""
    if tally.otherwise is not None:
        return True
    top = max([r.condition.value or 0 for r in tally.rows] + [0]) + 2
    for count in range(0, top):
        answers = [r.condition.holds_for({Counter.SUCCESSES: count}) for r in tally.rows]
        if any(a is None for a in answers):
            return True   # a row reads something other than successes: not provable
        if not any(answers):
            return False
    return True


def build(showdown: Showdown) -> ShowdownGraph:
    nodes = _nodes(showdown)
    graph = nx.DiGraph()
    graph.add_nodes_from(nodes)
    result = ShowdownGraph(showdown, graph, None, nodes)
    first = encounter_key(1)
    bodies = []
    if showdown.intro is not None:
        bodies.append((INTRO, showdown.intro))
    bodies.extend((encounter_key(e.number), e.body) for e in showdown.encounters)
    for key, block in bodies:
        start = Branch(nodes[key].label, nodes[key].span)
        flow = walk_block(block, start, 0, _earned)
        for exit_ in flow.exits:
            if exit_.target.name in nodes:
                _add_edge(graph, key, exit_.target.name, int(exit_.trail.state),  # type: ignore[call-overload]
                          exit_.target.span)
        if key == INTRO and flow.open and first in nodes:
            for trail in flow.open:    # EP-SHOW-6: the intro leads on to encounter 01
                _add_edge(graph, key, first, int(trail.state), nodes[key].span)  # type: ignore[call-overload]
            continue
        result.dead_ends.extend(DeadEnd(key, t.branch) for t in _by_branch(flow.open))
    for tally in showdown.tallies:
        for row in tally.rows:
            if row.target.name in nodes:
                _add_edge(graph, tally.name.text, row.target.name, 0, row.target.span)
        if tally.otherwise is not None and tally.otherwise.name in nodes:
            _add_edge(graph, tally.name.text, tally.otherwise.name, 0, tally.otherwise.span)
        if not _tally_rows_cover(tally):
            result.dead_ends.append(DeadEnd(tally.name.text, Branch(
                "a count of success tokens that no row matches (it has no `else`)",
                nodes[tally.name.text].span)))
    if INTRO in nodes:
        result.start = INTRO
    elif showdown.encounters:
        result.start = encounter_key(min(e.number for e in showdown.encounters))
    return result


def _by_branch(trails: list[Trail]) -> list[Trail]:
    """One trail per branch: a finding is about the branch, whatever it earned."""
    seen: dict[Branch, Trail] = {}
    for trail in trails:
        seen.setdefault(trail.branch, trail)
    return list(seen.values())
