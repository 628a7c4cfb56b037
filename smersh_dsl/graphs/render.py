"""Diagrams as Graphviz DOT and as Mermaid flowcharts (GitHub renders Mermaid in Markdown)."""

from __future__ import annotations

import re
from collections.abc import Callable

from smersh_dsl.graphs.diagram import Box, Diagram
from smersh_dsl.model.span import Span

Link = Callable[[Span], "str | None"]      # a box's source to the link it opens, if any

# Node kinds styled alike in both formats: shape, fill.
DOT_STYLE = {
    "intro": ('shape=oval', "#e8eef7"), "encounter": ("shape=box", "#ffffff"),
    "tally": ("shape=diamond", "#fff6d5"), "victory": ("shape=box, style=\"rounded,filled\"", "#d7f0d2"),
    "defeat": ("shape=box, style=\"rounded,filled\"", "#f6d5d5"), "place": ("shape=ellipse", "#ffffff"),
    "scenario": ("shape=box", "#eef3ff"), "missing": ("shape=box", "#fff0f0"),
}


def _dot_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _link(box: Box, link: Link | None) -> str | None:
    return link(box.span) if link is not None and box.span is not None else None


def to_dot(diagram: Diagram, link: Link | None = None) -> str:
    """The DOT text of ``diagram``; with ``link``, each box that has a source is a link
    (Graphviz's `URL`, an `<a>` around the node in the SVG)."""
    lines = [f'digraph "{_dot_text(diagram.title)}" {{', "  rankdir=TB;",
             '  node [fontname="Helvetica", style=filled];', '  edge [fontname="Helvetica", fontsize=10];']
    for box in diagram.boxes:
        shape, fill = DOT_STYLE.get(box.kind, ("shape=box", "#ffffff"))
        extra = []
        label = box.label.replace("`", "")
        if "unreachable" in box.flags:
            extra += ['color="#999999"', 'fontcolor="#999999"', 'style="dashed,filled"']
            label += "\n(unreachable)"
        if "dead_end" in box.flags:
            extra += ['color="#cc0000"', "penwidth=2"]
            label += "\n(dead end)"
        if "trapped" in box.flags:
            extra += ['color="#cc6600"', "penwidth=2"]
            label += "\n(no way out)"
        if "broken" in box.flags:
            extra += ['color="#cc0000"', 'fontcolor="#cc0000"', 'style="dashed,filled"', "penwidth=2"]
        href = _link(box, link)
        if href:
            extra += [f'URL="{_dot_text(href)}"', f'tooltip="{_dot_text(box.label)}: open in the editor"']
        attrs = ", ".join([shape, f'fillcolor="{fill}"', f'label="{_dot_text(label)}"'] + extra)
        lines.append(f'  "{_dot_text(box.id)}" [{attrs}];')
    for arrow in diagram.arrows:
        attrs = [f'label="{_dot_text(arrow.label)}"'] if arrow.label else []
        if "trapped" in arrow.flags:
            attrs.append('color="#cc6600"')
        if "data" in arrow.flags:
            attrs.append("style=dashed")
        if "broken" in arrow.flags:
            attrs += ['color="#cc0000"', "penwidth=2"]
        lines.append(f'  "{_dot_text(arrow.source)}" -> "{_dot_text(arrow.target)}"'
                     + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _mermaid_id(key: str, ids: dict[str, str]) -> str:
    return ids.setdefault(key, f"n{len(ids)}")


def _mermaid_text(text: str) -> str:
    return re.sub(r'["\n]', lambda m: "#quot;" if m.group() == '"' else " ", text)


MERMAID_SHAPE = {"intro": ("([", "])"), "tally": ("{", "}"), "victory": ("(", ")"),
                 "defeat": ("(", ")"), "place": ("((", "))")}


def to_mermaid(diagram: Diagram, link: Link | None = None) -> str:
    """The Mermaid flowchart of ``diagram``; with ``link``, a `click ... href` per box
    that has a source."""
    ids: dict[str, str] = {}
    lines = ["flowchart TD", f"  %% {_mermaid_text(diagram.title)}"]
    for box in diagram.boxes:
        left, right = MERMAID_SHAPE.get(box.kind, ("[", "]"))
        notes = [n for n, flag in (("unreachable", "unreachable"), ("dead end", "dead_end"),
                                   ("no way out", "trapped")) if flag in box.flags]
        label = box.label.replace("`", "") + (f" ({', '.join(notes)})" if notes else "")
        lines.append(f'  {_mermaid_id(box.id, ids)}{left}"{_mermaid_text(label)}"{right}')
    for arrow in diagram.arrows:
        line = "-.->" if "data" in arrow.flags else "-->"
        label = f'|"{_mermaid_text(arrow.label)}"|' if arrow.label else ""
        lines.append(f"  {_mermaid_id(arrow.source, ids)} {line}{label} {_mermaid_id(arrow.target, ids)}")
    classes = {"victory": "fill:#d7f0d2", "defeat": "fill:#f6d5d5", "tally": "fill:#fff6d5",
               "problem": "stroke:#cc0000,stroke-width:2px"}
    if any("broken" in box.flags for box in diagram.boxes):
        classes["broken"] = "stroke:#cc0000,stroke-width:2px,stroke-dasharray:4,color:#cc0000"
    for name, style in classes.items():
        lines.append(f"  classDef {name} {style}")
    for box in diagram.boxes:
        if box.kind in ("victory", "defeat", "tally"):
            lines.append(f"  class {ids[box.id]} {box.kind}")
        if box.flags & {"unreachable", "dead_end", "trapped"}:
            lines.append(f"  class {ids[box.id]} problem")
        if "broken" in box.flags:
            lines.append(f"  class {ids[box.id]} broken")
    for number, arrow in enumerate(diagram.arrows):
        if "broken" in arrow.flags:
            lines.append(f"  linkStyle {number} stroke:#cc0000,stroke-width:2px")
    for box in diagram.boxes:
        href = _link(box, link)
        if href:
            lines.append(f'  click {ids[box.id]} href "{_mermaid_text(href)}"')
    return "\n".join(lines) + "\n"
