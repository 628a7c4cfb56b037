"""The flow graph of a showdown or Dr. Lobo section (EP-SHOW-1, EP-SHOW-6), in networkx.

Nodes are the intro, the encounters, the tallies and the conclusions; an edge is a
way the party can be sent on (a pass, a fail, a choice, a condition arm, a goto, a
tally row), labelled with the most success tokens that way can earn. Guards are not
evaluated: a guarded option counts as a way on, so reachability is never understated.

Assumption (EP-SHOW-6 says "introduction, then Encounter 01"): an intro that ends
without a goto leads to encounter 01.
"""

from __future__ import annotations

from dataclasses import field, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx   # imported where a graph is made or read: ~0.1 s a process

from smersh_dsl.analysis.paths import Branch, Trail, keyword_span, walk_block
from smersh_dsl.model.effects import Condition, ConditionKind, Counter, Effect, EffectKind
from smersh_dsl.model.showdowns import ConclusionKind, Showdown, Tally
from smersh_dsl.model.span import Span
from smersh_dsl.records import dataclass

INTRO = "intro"
MAX_COUNT = 1000     # success counts are small; larger numbers are not enumerated


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


@dataclass(frozen=True)
class Progress:
    """Along one branch: success tokens earned since the node was entered, and the fewest
    the party must have brought in to pass the `if successes ...` guards on the way."""

    gain: int = 0
    need: int = 0
    threshold: int | None = None     # the count of the last such guard, as written
    at: Span | None = None           # where that guard is


@dataclass(frozen=True)
class Way:
    span: Span
    progress: Progress
    label: str = ""        # how the party goes this way: an option, `pass`, a tally row


def _earned(effect: Effect, progress: Progress) -> Progress:  # type: ignore[override]
    if effect.kind is EffectKind.GAIN_SUCCESS:
        return replace(progress, gain=progress.gain + effect.amount)
    if effect.kind is EffectKind.LOSE_SUCCESS:
        return replace(progress, gain=progress.gain - effect.amount)
    return progress


def least_successes(condition: Condition) -> int | None:
    """The fewest tokens for which a `successes >= N` (or `> N`, `== N`) guard holds."""
    if condition.kind is not ConditionKind.COMPARE or condition.counter is not Counter.SUCCESSES:
        return None
    if condition.op in (">=", "=="):
        return condition.value
    if condition.op == ">":
        return (condition.value or 0) + 1
    return None


def _guarded(condition: Condition, holds: bool, progress: Progress) -> Progress:  # type: ignore[override]
    least = least_successes(condition) if holds else None
    if least is None:
        return progress
    return replace(progress, need=max(progress.need, least - progress.gain),
                   threshold=least, at=condition.span)


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


def _add_edge(graph: nx.DiGraph, source: str, target: str, way: Way) -> None:
    """One edge per pair of nodes, weighing the best way; ``ways`` keeps every way."""
    if graph.has_edge(source, target):
        data = graph.edges[source, target]
        data["gain"] = max(data["gain"], way.progress.gain)
        data["ways"].append(way)
    else:
        graph.add_edge(source, target, gain=way.progress.gain, ways=[way])


def _tally_rows_cover(tally: Tally) -> bool:
    """True when some row or the `else` matches every count of success tokens."""
    if tally.otherwise is not None:
        return True
    top = min(max([r.condition.value or 0 for r in tally.rows] + [0]), MAX_COUNT) + 2
    for count in range(0, top):
        answers = [r.condition.holds_for({Counter.SUCCESSES: count}) for r in tally.rows]
        if any(a is None for a in answers):
            return True   # a row reads something other than successes: not provable
        if not any(answers):
            return False
    return True


def short_label(branch: str, node: str) -> str:
    """`the option "Climb"` -> `Climb`; `the `pass` outcome` -> `pass`; the node -> ``."""
    if branch == node:
        return ""
    if branch.startswith('the option "'):
        return branch[len('the option "'):-1]
    for word in ("pass", "fail", "if", "else"):
        if f"`{word}`" in branch:
            return word
    return branch.split(" (")[0]


def condition_text(condition: Condition) -> str:
    if condition.kind is ConditionKind.COMPARE and condition.counter is not None:
        return f"{condition.counter.value} {condition.op} {condition.value}"
    if condition.kind is ConditionKind.NOT and condition.operand is not None:
        return f"not {condition_text(condition.operand)}"
    name = condition.ref.name if condition.ref is not None else ""
    return f"{condition.kind.value} {name}".strip()


def build(showdown: Showdown) -> ShowdownGraph:
    import networkx as nx
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
        flow = walk_block(block, start, Progress(), _earned, guard=_guarded)  # type: ignore[arg-type]
        for exit_ in flow.exits:
            if exit_.target.name in nodes:
                _add_edge(graph, key, exit_.target.name,
                          Way(exit_.target.span, exit_.trail.state,  # type: ignore[arg-type]
                              short_label(exit_.trail.branch.label, nodes[key].label)))
        if key == INTRO and flow.open and first in nodes:
            for trail in flow.open:    # EP-SHOW-6: the intro leads on to encounter 01
                _add_edge(graph, key, first, Way(nodes[key].span, trail.state))  # type: ignore[arg-type]
            continue
        result.dead_ends.extend(DeadEnd(key, t.branch) for t in _by_branch(flow.open))
    for tally in showdown.tallies:
        for row in tally.rows:
            if row.target.name in nodes:
                _add_edge(graph, tally.name.text, row.target.name,
                          Way(row.target.span, Progress(), condition_text(row.condition)))
        if tally.otherwise is not None and tally.otherwise.name in nodes:
            _add_edge(graph, tally.name.text, tally.otherwise.name,
                      Way(tally.otherwise.span, Progress(), "else"))
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
