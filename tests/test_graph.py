"""`smersh graph`: the picture marks what the checker reports (G001, G002, G003)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, check_paths, smersh
from waiting import HANG_GUARD_S
from smersh_dsl.graphs.diagram import showdown_diagram
from smersh_dsl.parse.parser import parse_file

BROKEN = REPO / "tests" / "golden" / "reports" / "broken" / "showdown.smersh"


def test_flags_match_the_checkers_findings():
    findings = check_paths(BROKEN.parent)
    source, _ = parse_file(BROKEN, str(BROKEN))
    for showdown in source.definitions[1:]:
        diagram = showdown_diagram(showdown)
        lost = {b.label for b in diagram.boxes if "unreachable" in b.flags}
        reported = {d.message.split(" cannot")[0] for d in findings
                    if d.code == "G001" and showdown.span.line <= d.span.line <= showdown.span.end_line}
        assert lost == reported


def test_cli_draws_mermaid_and_dot(tmp_path: Path):
    mermaid = smersh("graph", str(REPO / "books" / "epic"), "--showdown", "Pierre")
    assert mermaid.returncode == 0 and mermaid.stdout.startswith("flowchart TD")
    dot = smersh("graph", str(REPO / "books" / "shield"), "--campaign", "--format", "dot")
    assert dot.returncode == 0 and '"s1" -> "s2"' in dot.stdout and "reads" in dot.stdout


def test_cli_names_what_exists_when_asked_for_nothing_there():
    result = smersh("graph", str(REPO / "books" / "epic"), "--showdown", "Nobody")
    assert result.returncode == 2 and "Pierre" in result.stderr
    assert smersh("graph", str(REPO / "books" / "epic")).returncode == 2


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is installed by .ci/run")
def test_html_is_one_self_contained_page_with_the_findings():
    result = smersh("graph", str(BROKEN.parent), "--showdown", "Zed", "--format", "html")
    assert result.returncode == 0, result.stderr
    page = result.stdout
    assert page.startswith("<!doctype html>") and "<svg" in page and "<script" not in page
    assert "G002" in page and "http" not in page.split("<svg", 1)[0]


def test_svg_without_graphviz_says_how_to_get_it(tmp_path: Path):
    env = {k: v for k, v in os.environ.items() if k != "PATH"}
    env["PATH"] = str(Path(sys.executable).parent)          # the venv only: no `dot` there
    exe = Path(sys.executable).with_name("smersh")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "smersh_dsl"]
    result = subprocess.run(command + ["graph", str(BROKEN.parent), "--showdown", "Zed", "--format", "svg"],
                            capture_output=True, text=True, env=env, timeout=HANG_GUARD_S)
    assert result.returncode == 2 and "apt-get install graphviz" in result.stderr
