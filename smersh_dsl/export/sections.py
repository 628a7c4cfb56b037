"""Henchmen, showdowns and Dr. Lobo sections as JSON (EP-HENCH-*, EP-SHOW-*).

Node ids are stable and readable: `intro`, `encounter:5`, `tally:end`,
`conclusion:victory`. Every goto names one of them; `start` names the first node read.
"""

from __future__ import annotations

from smersh_dsl.analysis.paths import Branch, walk_block
from smersh_dsl.export.art import art_json
from smersh_dsl.export.steps import Json, StepWriter, condition, with_source
from smersh_dsl.model.showdowns import Henchman, Showdown


def node_ids(showdown: Showdown) -> dict[str, str]:
    ids = {str(e.number): f"encounter:{e.number}" for e in showdown.encounters}
    ids.update({t.name.text: f"tally:{t.name.text}" for t in showdown.tallies})
    ids.update({c.name.text: f"conclusion:{c.name.text}" for c in showdown.conclusions})
    return ids


def showdown_json(showdown: Showdown, with_sources: bool) -> Json:
    ids = node_ids(showdown)
    writer = StepWriter(ids)
    intro = writer.block(showdown.intro) if showdown.intro is not None else None
    if intro is not None and "1" in ids and _falls_through(showdown):
        intro.append({"kind": "goto", "target": "encounter:1"})    # EP-SHOW-6
    nodes: list[Json] = []
    for enc in sorted(showdown.encounters, key=lambda e: e.number):
        node: Json = {"id": f"encounter:{enc.number}", "kind": "encounter", "number": enc.number,
                      "steps": writer.block(enc.body)}
        nodes.append(with_source(node, enc, with_sources))
    for tally in showdown.tallies:
        rows = [{"condition": condition(r.condition), "goto": writer.target(r.target)}
                for r in tally.rows]
        node = {"id": f"tally:{tally.name.text}", "kind": "tally", "name": tally.name.text,
                "rows": rows,
                "else": writer.target(tally.otherwise) if tally.otherwise is not None else None}
        nodes.append(with_source(node, tally, with_sources))
    for con in showdown.conclusions:
        node = {"id": f"conclusion:{con.name.text}", "kind": "conclusion",
                "outcome": con.kind.value, "name": con.name.text, "steps": writer.block(con.body)}
        nodes.append(with_source(node, con, with_sources))
    first = "intro" if intro is not None else (nodes[0]["id"] if nodes else None)
    out: Json = {"id": f"{showdown.kind.value}:{showdown.name.text}", "kind": showdown.kind.value,
                 "name": showdown.name.text, "successes": showdown.successes,
                 "start": first, "intro": intro, "nodes": nodes,
                 "art": art_json(showdown.art)}
    return with_source(out, showdown, with_sources)


def _falls_through(showdown: Showdown) -> bool:
    """Whether some way through the intro ends without a goto (and so leads to 01)."""
    flow = walk_block(showdown.intro, Branch("intro", showdown.span), 0, lambda _e, s: s)
    return bool(flow.open)


def henchman_json(henchman: Henchman, with_sources: bool) -> Json:
    writer = StepWriter()
    out: Json = {
        "name": henchman.name.text,
        "difficulty": henchman.difficulty.name if henchman.difficulty else None,
        "intel_cost": {str(c.players): c.intel for c in sorted(henchman.intel_cost, key=lambda c: c.players)},
        "lobo_section": henchman.lobo.name if henchman.lobo else None,
        "successes": henchman.successes,
        "levels": [{"level": lv.number, "steps": writer.block(lv.body)}
                   for lv in sorted(henchman.levels, key=lambda lv: lv.number)],
        "text": [p.text for p in henchman.prose],
        "flavour": henchman.flavour,
    }
    return with_source(out, henchman, with_sources)

