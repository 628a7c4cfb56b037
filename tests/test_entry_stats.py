"""`smersh stats --entries` (issue #28): each entry as honest spies meet it in whole games."""

from __future__ import annotations

import json
import shutil

from conftest import REPO, smersh
from test_against import harden


def entries(book, fmt: str = "json"):  # noqa: ANN001
    done = smersh("stats", str(book), "--entries", "--games", "30", "--format", fmt)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_entries_read_pass_and_cost_and_a_harder_entry_shows_it(tmp_path):
    report = json.loads(entries(REPO / "books/epic"))
    assert report["bot"] == "honest" and report["games"] == 30
    rows = report["entries"]
    assert rows and rows == sorted(rows, key=lambda r: (-r["read"], r["entry"]))
    first = next(r for r in rows if r["pass_rate"] > 0.5)
    assert all(0 <= r["pass_rate"] <= 1 for r in rows)
    assert all(abs(r["read_per_game"] - r["read"] / 30) < 1e-3 for r in rows)
    book = tmp_path / "epic"
    shutil.copytree(REPO / "books/epic", book)
    harden(book, [first["entry"]])
    after = {r["entry"]: r for r in json.loads(entries(book))["entries"]}
    assert after[first["entry"]]["pass_rate"] < first["pass_rate"]
    assert after[first["entry"]]["lobo_per_reading"] > first["lobo_per_reading"]


def test_entries_as_text_and_csv():
    text = entries(REPO / "books/epic", "text")
    assert "entries as 4 honest spies met them in 30 games, seed 1" in text
    csv = entries(REPO / "books/epic", "csv").splitlines()
    assert csv[0] == ("entry,read,read_per_game,pass_rate,health_per_reading,health_per_game,"
                      "lobo_per_reading,lobo_per_game")
