"""A drawing-neutral diagram, and how each kind of graph becomes one.

The showdown diagram marks what the checker reports (G001 unreachable, G002 dead ends,
G003 loops with no way out) so that the picture and `smersh check` agree.
"""

from __future__ import annotations

from dataclasses import field

from smersh_dsl.analysis.showdown_graph import INTRO, NodeKind, build, encounter_key
from smersh_dsl.analysis.showdown_reach import traps, unreachable
from smersh_dsl.model.campaign import ActionKind, Scenario
from smersh_dsl.model.refs import RefKind
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.span import Span
from smersh_dsl.model.walk import refs
from smersh_dsl.model.world import Region
from smersh_dsl.records import dataclass


@dataclass
class Box:
    id: str
    label: str
    kind: str                      # intro, encounter, tally, victory, defeat, place, scenario
    flags: set[str] = field(default_factory=set)     # unreachable, dead_end, trapped, broken
    span: Span | None = None       # where it was written: a drawing links the box there


@dataclass
class Arrow:
    source: str
    target: str
    label: str = ""
    flags: set[str] = field(default_factory=set)     # trapped, broken (to a missing target)


@dataclass
class Diagram:
    title: str
    boxes: list[Box] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)


def showdown_diagram(showdown: Showdown) -> Diagram:
    sg = build(showdown)
    lost = set(unreachable(sg))
    dead = {d.node for d in sg.dead_ends}
    trapped = {n for trap in traps(sg) for n in trap.nodes}
    diagram = Diagram(f"{showdown.kind.value} {showdown.name.text}")
    for key, node in sg.nodes.items():
        flags = ({"unreachable"} if key in lost else set()) | ({"dead_end"} if key in dead else set()) \
            | ({"trapped"} if key in trapped else set())
        diagram.boxes.append(Box(key, node.label, node.kind, flags, node.span))
    for u, v, data in sg.graph.edges(data=True):
        labels = sorted({w.label for w in data["ways"] if w.label})
        flags = {"trapped"} if u in trapped and v in trapped else set()
        diagram.arrows.append(Arrow(u, v, " / ".join(labels), flags))
    _broken_jumps(showdown, set(sg.nodes), diagram)
    return diagram


def _broken_jumps(showdown: Showdown, known: set[str], diagram: Diagram) -> None:
    """A `goto` or `->` to a target the section lacks (N007) is drawn, in red, to a box
    named for what it names, instead of being left out of the picture."""
    blocks = ([(INTRO, showdown.intro)] if showdown.intro is not None else []) \
        + [(encounter_key(e.number), e) for e in showdown.encounters] \
        + [(t.name.text, t) for t in showdown.tallies] + [(c.name.text, c) for c in showdown.conclusions]
    for key, block in blocks:
        if key not in known:
            continue
        for name in dict.fromkeys(r.name for r in refs(block) if r.kind is RefKind.TARGET):
            if name in known:
                continue
            missing = f"missing {name}"
            if all(b.id != missing for b in diagram.boxes):
                diagram.boxes.append(Box(missing, f"{name} (missing)", "missing", {"broken"}))
            diagram.arrows.append(Arrow(key, missing, "", {"broken"}))


def region_diagram(region: Region) -> Diagram:
    diagram = Diagram(f"region {region.name.text}")
    for loc in region.locations:
        features = [f for f in ("airport", "hq", "lair", "hub", "coastal", "stranded_only")
                    if getattr(loc, f)]
        label = loc.name.text + (f" [{', '.join(features)}]" if features else "")
        diagram.boxes.append(Box(loc.name.text, label, "place",
                                 {"lair"} if loc.lair else set()))
    names = {loc.name.text for loc in region.locations}
    for route in region.routes:
        if route.start.name in names and route.end.name in names:
            diagram.arrows.append(Arrow(route.start.name, route.end.name,
                                        f"cost {route.cost}" if route.cost != 1 else ""))
    return diagram


def campaign_diagram(scenarios: list[Scenario]) -> Diagram:
    """The scenario chain, and which scenario's record each setup reads (SC-LOG-2)."""
    diagram = Diagram("campaign")
    ordered = sorted(scenarios, key=lambda s: s.number)
    for s in ordered:
        diagram.boxes.append(Box(f"s{s.number}", f"{s.number}. {s.title}", "scenario"))
    for a, b in zip(ordered, ordered[1:]):
        diagram.arrows.append(Arrow(f"s{a.number}", f"s{b.number}", "then"))
    for s in ordered:
        reads: dict[int, list[str]] = {}
        for step in s.setup:
            for action in step.actions:
                if action.kind is ActionKind.READ and action.field and action.source:
                    reads.setdefault(action.source, []).append(action.field.name)
        for source, fields in sorted(reads.items()):
            diagram.arrows.append(Arrow(f"s{source}", f"s{s.number}",
                                        "reads " + ", ".join(sorted(set(fields))), {"data"}))
    return diagram


KINDS = (NodeKind.INTRO, NodeKind.ENCOUNTER, NodeKind.TALLY, NodeKind.VICTORY, NodeKind.DEFEAT)
