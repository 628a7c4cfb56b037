"""The Entries page of `smersh serve` (issue #28): each entry as honest spies meet it,
computed in a process of its own, kept by the book's revision, behind the token.

The figures' own correctness is tests/test_entry_stats.py's; here, the route: refused
without the token, the table and its links, the games computed once, a bad query said."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from starlette.testclient import TestClient

from smersh_dsl.serve.app import make_app
from smersh_dsl.serve.entries import entry_solver, too_costly
from smersh_dsl.serve.solver import Solver

REPO = Path(__file__).resolve().parent.parent
EPIC = REPO / "books" / "epic"
TOKEN = "test-token-of-the-entries"
AUTH = {"Authorization": f"token {TOKEN}"}
PAGE = "/smersh-entries.html?games=8&seed=3"
ROW = re.compile(r'<tr data-entry="([0-9.]+)"><th><a href="/(smersh-encounters-\d+\.html)#'
                 r'(e-[0-9-]+)" class="entry-key">')


def client_of(figures, headers: dict | None = None) -> TestClient:
    return TestClient(make_app([EPIC], TOKEN, watch=False, hosts=["testserver"],
                               figures=figures), headers=headers)


def test_the_entries_page_is_refused_without_the_token_and_plays_nothing() -> None:
    figures = entry_solver()
    with client_of(figures) as client:
        refused = client.get(PAGE)
        assert refused.status_code == 403
        assert "Open the address smersh serve printed" in refused.text
        assert figures.started == 0


def test_the_page_says_its_games_and_links_each_entry_to_the_book() -> None:
    figures = entry_solver()
    with client_of(figures, AUTH) as client:
        first = client.get(PAGE)
        assert first.status_code == 200, first.text
        assert "8 games of 4 honest spies, seed 3" in first.text
        assert "see only what a player sees" in first.text
        rows = ROW.findall(first.text)
        assert len(rows) > 10
        assert all(anchor == "e-" + key.replace(".", "-") for key, _page, anchor in rows)
        key, book_page, anchor = rows[0]
        entry = client.get("/" + book_page)
        assert f'id="{anchor}" data-key="{key}"' in entry.text
        # every page's navigation leads here
        assert 'href="/smersh-entries.html">Entries</a>' in client.get("/findings.html").text
        # the intel each entry cost, a column that sorts like the others
        assert 'data-sort="intel_per_reading">intel a reading</a>' in first.text
        costliest = client.get(PAGE + "&sort=intel_per_game")
        cells = re.findall(r"<tr data-entry=.*?</tr>", costliest.text)
        intel = [float(re.findall(r"<td>([0-9.]+)</td>", row)[-1]) for row in cells]
        assert intel == sorted(intel, reverse=True) and len(intel) == len(rows)
        # sorted by another column: the same games, not played again
        hardest = client.get(PAGE + "&sort=pass_rate")
        assert figures.started == 1
        passed = [float(p) for p in re.findall(r"<td>(\d+)%</td>", hardest.text)]
        assert passed == sorted(passed) and len(passed) == len(rows)
        assert sorted(ROW.findall(hardest.text)) == sorted(rows)
        client.get(PAGE.replace("seed=3", "seed=4"))
        assert figures.started == 2


def test_a_count_of_games_over_the_bound_is_refused_before_anything_plays() -> None:
    figures = entry_solver()
    with client_of(figures, AUTH) as client:
        over = client.get("/smersh-entries.html?games=1001")
        assert over.status_code == 400 and "the number of games" in over.text
        sort = client.get("/smersh-entries.html?sort=nonsense")
        assert sort.status_code == 400 and "no column 'nonsense'" in sort.text
        assert figures.started == 0


def forever(*_args) -> dict:
    threading.Event().wait()
    return {}


def test_games_over_the_time_limit_are_stopped_and_the_page_says_so() -> None:
    """A stand-in that never ends (the time real games take is the machine's)."""
    figures = Solver(1.0, forever, "smersh-serve-entries", too_costly)
    with client_of(figures, AUTH) as client:
        reply = client.get(PAGE)
        assert reply.status_code == 200
        assert ('id="entries-problem">too costly to compute here (over 1 s): ask for fewer '
                'games, or use `smersh stats --entries`') in reply.text
        assert not figures.running and not figures.kept        # stopped, and tried again next time
