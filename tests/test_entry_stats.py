"""`smersh stats --entries` (issue #28): each entry as honest spies meet it in whole games."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

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
                      "lobo_per_reading,lobo_per_game,intel_per_reading,intel_per_game")
    assert "intel" in text.splitlines()[1]


def costlier(book: Path, key: str) -> None:
    """The entry ``key`` of the copy ``book`` takes 2 intel from the pool before its test."""
    for path in sorted((book / "entries").glob("*.smersh")):
        text = path.read_text(encoding="utf-8")
        made = re.sub(rf"^(entry {re.escape(key)} {{\n  \"[^\n]*\"\n)", r"\1  lose 2 intel\n",
                      text, flags=re.M)
        if made != text:
            path.write_text(made, encoding="utf-8")
            return
    raise AssertionError(f"no entry {key}")


def test_an_entry_that_takes_intel_costs_intel_per_reading_and_per_game(tmp_path):
    rows = json.loads(entries(REPO / "books/epic"))["entries"]
    assert all(r["intel_per_reading"] >= 0 and r["intel_per_game"] >= 0 for r in rows)
    # a lost wager is intel spent on the entry's own test (EP-GAMBLE-1)
    assert any(r["intel_per_reading"] > 0 for r in rows)
    first = rows[0]
    book = tmp_path / "epic"
    shutil.copytree(REPO / "books/epic", book)
    costlier(book, first["entry"])
    after = {r["entry"]: r for r in json.loads(entries(book))["entries"]}[first["entry"]]
    assert after["intel_per_reading"] > first["intel_per_reading"]
    assert after["intel_per_reading"] <= first["intel_per_reading"] + 2
    assert abs(after["intel_per_game"] - after["intel_per_reading"] * after["read_per_game"]) < 1e-2


def test_entries_met_by_honest_bots_that_learnt_first_say_so_and_play_otherwise():
    untaught = json.loads(entries(REPO / "books/epic"))
    done = smersh("stats", str(REPO / "books/epic"), "--entries", "--games", "30",
                  "--learn", "20", "--format", "json")
    assert done.returncode == 0, done.stderr
    taught = json.loads(done.stdout)
    assert taught["learnt"]["games"] == 20 and taught["learnt"]["responses"] > 0
    assert "learnt" not in untaught
    assert taught["entries"] != untaught["entries"]      # a learnt table changes the choices
    text = smersh("stats", str(REPO / "books/epic"), "--entries", "--games", "30",
                  "--learn", "20")
    assert text.returncode == 0, text.stderr
    assert (f"in 30 games, seed 1, after learning from 20 games of their own "
            f"({taught['learnt']['responses']} responses remembered)") in text.stdout


def test_learn_without_entries_is_a_usage_error():
    done = smersh("stats", str(REPO / "books/epic"), "--learn", "20")
    assert done.returncode == 2
    assert "--learn teaches the honest bots of --entries: give --entries too" in done.stderr
