"""What a flow graph may cost Graphviz (issue #26, item 6): a showdown that checks clean
(99 encounters, each choosing every later one) kept `dot` busy for minutes, and
`smersh build --format site` ended in "internal error: TimeoutExpired". Over the budget
(graphs/budget.py) the graph is not drawn and the page says so, with the counts; a `dot`
that runs out of time is stopped and its picture says so."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.graphs import budget
from smersh_dsl.serve.app import make_app
from smersh_dsl.site.pages import svg_of
from smersh_dsl.site.write import site_files

REPO = Path(__file__).resolve().parent.parent
EPIC = REPO / "books" / "epic"
TOKEN = "test-token-of-the-graphs"
SAID = "the graph is too large to draw: 103 nodes and 4,855 edges"


def every_later_one(count: int) -> str:
    """Pierre's showdown as 99 encounters, each choosing every later one."""
    lines = ["showdown Pierre {", '  intro { "In." goto 01 }']
    for n in range(1, count):
        choices = " ".join(f'"To {m}" -> {m:02d}' for m in range(n + 1, count + 1))
        lines.append(f'  encounter {n:02d} {{ "Room {n}." choose {{ {choices} }} }}')
    lines.append(f'  encounter {count:02d} {{ "Last." test Spycraft [2] '
                 "pass { gain 3 success  goto end } fail { goto end } }")
    lines += ["  tally end { successes >= 3 -> victory else -> defeat }",
              '  victory { "Won." }', '  defeat { "Lost." }', "}", ""]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("graphs") / "epic"
    shutil.copytree(EPIC, home)
    (home / "showdowns" / "pierre.smersh").write_text(every_later_one(99), encoding="utf-8")
    return home


def smersh(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smersh_dsl", *args], cwd=cwd,
                          capture_output=True, text=True)


def test_the_site_of_a_showdown_over_the_budget_says_the_graph_is_too_large(hostile, tmp_path) -> None:
    assert smersh("check", str(hostile), cwd=tmp_path).returncode == 0, "it checks clean"
    done = smersh("build", str(hostile), "--format", "site", "--out", str(tmp_path / "out"),
                  cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "internal error" not in done.stderr
    site = tmp_path / "out" / "site"
    flow = (site / "smersh-flow.html").read_text(encoding="utf-8")
    assert SAID in flow and "the budget is 200 nodes and 400 edges" in flow
    assert not (site / "smersh-flow-henchman-pierre.svg").exists()
    assert (site / "smersh-flow-henchman-fedor.svg").exists(), "the others are drawn"


def test_serve_says_it_too(hostile) -> None:
    with TestClient(make_app([hostile], TOKEN, watch=False, hosts=["testserver"]),
                    headers={"Authorization": f"token {TOKEN}"}) as client:
        flow = client.get("/smersh-flow.html")
        assert flow.status_code == 200 and SAID in flow.text
        assert client.get("/smersh-flow-henchman-pierre.svg").status_code == 404
        assert client.get("/smersh-flow-henchman-fedor.svg").status_code == 200


def test_smersh_graph_as_svg_says_it_and_dot_still_gives_the_text(hostile, tmp_path) -> None:
    done = smersh("graph", str(hostile), "--showdown", "Pierre", "--format", "svg", cwd=tmp_path)
    assert done.returncode == 2 and SAID in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""
    text = smersh("graph", str(hostile), "--showdown", "Pierre", "--format", "dot", cwd=tmp_path)
    assert text.returncode == 0 and text.stdout.count("->") >= 4855


def test_a_dot_that_runs_out_of_time_is_stopped_and_the_picture_says_so(tmp_path, monkeypatch) -> None:
    """A `dot` that never finishes stands in for one that would take too long."""
    fake = tmp_path / "bin" / "dot"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\nexec sleep 100000\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(budget, "DOT_S", 1.0)
    svg_of.cache_clear()
    try:
        projects, found = check_paths([EPIC])
        files = site_files(projects, found)
    finally:
        svg_of.cache_clear()
    picture = files["smersh-flow-henchman-pierre.svg"].decode()
    assert picture.startswith("<svg") and "Graphviz did not draw it within 1 s" in picture
    assert "18 nodes and 24 edges" in picture
