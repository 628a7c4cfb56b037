"""Back to the source (issue #29): with a link for each box (the site's editor links),
a flow graph's DOT gives every node a `URL` (an `<a>` in the SVG Graphviz draws) and its
Mermaid a `click ... href`, to the line and column where the block was written."""

from __future__ import annotations

import re
import subprocess

from conftest import REPO

from smersh_dsl.graphs.diagram import showdown_diagram
from smersh_dsl.graphs.render import to_dot, to_mermaid
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.project.load import load_paths
from waiting import HANG_GUARD_S


def _pierre():
    [project], _, _ = load_paths([REPO / "books" / "epic"])
    found = next(d for d in project.definitions() if isinstance(d, Showdown) and d.name.text == "Pierre")
    return showdown_diagram(found)


def _link(span) -> str:
    return f"editor:{span.file.rsplit('/', 1)[-1]}:{span.line}:{span.column}"


def _line_of(start: str) -> int:
    lines = (REPO / "books" / "epic" / "showdowns" / "pierre.smersh").read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines) if line.lstrip().startswith(start)) + 1


def test_each_box_of_the_drawn_svg_is_a_link_to_its_line() -> None:
    svg = subprocess.run(["dot", "-Tsvg"], input=to_dot(_pierre(), _link), capture_output=True,
                         text=True, timeout=HANG_GUARD_S, check=True).stdout
    linked = dict((label, href) for href, label in re.findall(
        r'<a xlink:href="([^"]+)"[^>]*>.*?<text[^>]*>([^<]+)</text>', svg, re.S))
    assert linked["encounter 01"] == f"editor:pierre.smersh:{_line_of('encounter 01 {')}:3"
    assert linked["the intro"] == f"editor:pierre.smersh:{_line_of('intro {')}:3"


def test_each_box_of_the_mermaid_chart_is_a_link_to_its_line() -> None:
    mermaid = to_mermaid(_pierre(), _link)
    ids = dict(re.findall(r'^  (n\d+)\S*"([^"]+)"', mermaid, re.M))
    first = next(k for k, v in ids.items() if v == "encounter 01")
    assert f'  click {first} href "editor:pierre.smersh:{_line_of("encounter 01 {")}:3"' in mermaid.split("\n")


def test_without_links_the_graph_links_nothing() -> None:
    assert "URL=" not in to_dot(_pierre()) and "click " not in to_mermaid(_pierre())
