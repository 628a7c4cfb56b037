"""`smersh simulate epic BOOK --against OTHER` (issue #28): a writer's change to the book,
measured on twin games, with paired intervals and the entries that moved the result."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from conftest import REPO, smersh
from epic_game_helpers import epic_doc
from smersh_dsl.play.epic.game import Options
from smersh_dsl.play.epic.simulate import run

HARD = "test Spycraft -3 [3]"
TEST_LINE = re.compile(r"^(\s*)test .*$")


def most_read(games: int = 100, players: int = 2, how_many: int = 10) -> list[str]:
    """The entries honest spies read most often in the bundled book, among those with a
    test (so making the test harder changes them)."""
    doc = epic_doc()
    tested = {e["key"] for e in doc["entries"] if '"kind": "test"' in json.dumps(e["steps"])}
    reads: dict[str, int] = {}
    for p in run(doc, Options(players=players, bot="honest"), games, 1, jobs=1):
        for key, n in p.read.items():
            reads[key] = reads.get(key, 0) + n
    ranked = sorted((k for k in reads if k in tested), key=lambda k: (-reads[k], k))
    return ranked[:how_many]


def harden(book: Path, keys: list[str]) -> None:
    """Every test of the entries ``keys`` in the copy ``book`` becomes a 3-success
    Spycraft test at -3."""
    found = set()
    for path in sorted((book / "entries").glob("*.smersh")):
        lines, inside = [], None
        for line in path.read_text(encoding="utf-8").splitlines():
            start = re.match(r"^entry (\S+) \{", line)
            if start:
                inside = start.group(1) if start.group(1) in keys else None
                found |= {inside} - {None}
            elif line == "}":
                inside = None
            elif inside and TEST_LINE.match(line):
                line = TEST_LINE.sub(lambda m: m.group(1) + HARD, line)
            lines.append(line)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert found == set(keys)


def test_ten_harder_entries_show_as_a_drop_and_are_named_first(tmp_path):
    keys = most_read()
    book = tmp_path / "epic"
    shutil.copytree(REPO / "books/epic", book)
    harden(book, keys)
    done = smersh("simulate", "epic", str(book), "--against", str(REPO / "books/epic"),
                  "--games", "200", "--players", "2", "--jobs", "2", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert "played 200 of 200 games" in done.stderr          # progress, on stderr
    report = json.loads(done.stdout)
    win = next(f for f in report["figures"] if f["figure"] == "win rate")
    assert win["difference"] < 0 and win["interval"][1] < 0 and win["excludes_zero"]
    assert report["entries_changed"] == 10
    named = [row["entry"] for row in report["entries"]]
    assert set(named[:10]) == set(keys)
    assert all(row["book"]["pass_rate"] < row["other"]["pass_rate"]
               for row in report["entries"] if row["book"]["read_per_game"]
               and row["other"]["read_per_game"])


def test_against_a_git_revision_and_the_text_and_csv_reports(tmp_path):
    book = tmp_path / "project" / "epic"
    shutil.copytree(REPO / "books/epic", book)
    git = ["git", "-C", str(book.parent), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "the book"], check=True)
    harden(book, ["01.1.1", "01.2.1"])
    done = smersh("simulate", "epic", str(book), "--against", "HEAD", "--games", "20",
                  "--players", "1", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert "against HEAD: 20 games on each" in done.stdout
    assert "2 entries and 0 cards differ" in done.stdout
    csv = smersh("simulate", "epic", str(book), "--against", "HEAD", "--games", "20",
                 "--players", "1", "--jobs", "1", "--format", "csv")
    assert csv.returncode == 0, csv.stderr
    rows = csv.stdout.splitlines()
    assert rows[0] == "table,name,book,other,difference,low,high"
    assert rows[1].startswith("figure,win rate,")
    taught = smersh("simulate", "epic", str(book), "--against", "HEAD", "--games", "5",
                    "--players", "1", "--jobs", "1", "--learn", "10", "--format", "json")
    assert taught.returncode == 0, taught.stderr
    learnt = json.loads(taught.stdout)["learnt"]
    assert learnt["book"]["games"] == learnt["other"]["games"] == 10
    assert learnt["book"]["responses"] > 0 and learnt["other"]["responses"] > 0
    text = smersh("simulate", "epic", str(book), "--against", "HEAD", "--games", "5",
                  "--players", "1", "--jobs", "1", "--learn", "10")
    assert ("The honest bots of each book first learnt from 10 games of their own: "
            f"{learnt['book']['responses']} responses remembered in {book}, "
            f"{learnt['other']['responses']} in HEAD") in text.stdout


def test_against_something_that_is_neither_a_book_nor_a_revision(tmp_path):
    done = smersh("simulate", "epic", str(REPO / "books/epic"), "--against", "no-such-rev",
                  "--games", "5")
    assert done.returncode == 2
    assert "--against" in done.stderr and "'no-such-rev' is no folder, file or git revision" \
        in done.stderr
    assert "Traceback" not in done.stderr
