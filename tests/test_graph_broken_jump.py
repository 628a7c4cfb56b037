"""A broken jump in the flow graph (issue #29): a `goto` to an encounter the section lacks
(N007) is drawn in red to a box named for the missing target, not left out."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO, check_paths, smersh
from waiting import HANG_GUARD_S


def _broken_pierre(tmp_path: Path) -> Path:
    book = tmp_path / "epic"
    shutil.copytree(REPO / "books" / "epic", book)
    pierre = book / "showdowns" / "pierre.smersh"
    pierre.write_text(pierre.read_text(encoding="utf-8").replace("goto 05", "goto 55", 1), encoding="utf-8")
    assert "N007" in {d.code for d in check_paths(book)}
    return book


def test_dot_draws_the_broken_goto_red_to_a_box_named_for_its_target(tmp_path: Path):
    book = _broken_pierre(tmp_path)
    dot = smersh("graph", str(book), "--showdown", "Pierre", "--format", "dot")
    assert dot.returncode == 0, dot.stderr
    box = re.search(r'^  "missing 55" \[(.*)\];$', dot.stdout, re.M)
    assert box and 'label="55 (missing)"' in box.group(1) and 'color="#cc0000"' in box.group(1)
    edge = re.search(r'^  "2" -> "missing 55" \[(.*)\];$', dot.stdout, re.M)
    assert edge and 'color="#cc0000"' in edge.group(1)
    clean = smersh("graph", str(REPO / "books" / "epic"), "--showdown", "Pierre", "--format", "dot")
    assert "missing" not in clean.stdout


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz draws the SVG")
def test_the_drawn_picture_has_the_red_edge(tmp_path: Path):
    book = _broken_pierre(tmp_path)
    dot = smersh("graph", str(book), "--showdown", "Pierre", "--format", "dot").stdout
    svg = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True,
                         timeout=HANG_GUARD_S, check=True).stdout
    group = re.search(r'<g id="edge\d+" class="edge">\s*<title>2&#45;&gt;missing 55</title>(.*?)</g>', svg, re.S)
    assert group and 'stroke="#cc0000"' in group.group(1)
    assert "55 (missing)" in svg


def test_mermaid_marks_the_box_and_the_link(tmp_path: Path):
    book = _broken_pierre(tmp_path)
    mermaid = smersh("graph", str(book), "--showdown", "Pierre").stdout
    ids = dict(re.findall(r'^  (n\d+)\S*"([^"]+)"', mermaid, re.M))
    missing = next(k for k, v in ids.items() if v == "55 (missing)")
    assert f"class {missing} broken" in mermaid
    links = re.findall(r"^  n\d+ -[-.]+>", mermaid, re.M)
    index = next(i for i, line in enumerate(re.findall(r"^  (n\d+ -[-.]+>.*)$", mermaid, re.M))
                 if line.endswith(f" {missing}"))
    assert index < len(links) and f"linkStyle {index} stroke:#cc0000" in mermaid
