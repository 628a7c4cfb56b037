"""The first hour replayed (#32): a writer's expansion of their OWN game, checked on its
own, finds the game in the project folder beside it, as books/swagmans-hope finds
books/epic; when it is nowhere, the finding says where it was looked for.

Before: `smersh new expansion nightjar -o sequel/book.smersh`, then `smersh check`
inside sequel (or `smersh check sequel`), failed N017 "unknown game
`operation_nightjar`" with the hint "defined: `smersh`", though `smersh check nightjar
sequel` passed: the base was looked for only among the paths checked and the bundled
books.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import smersh


def _new(*args: str, cwd: Path | None = None) -> None:
    result = smersh("new", *args, cwd=cwd)
    assert result.returncode == 0, result.stderr


@pytest.fixture
def writer(tmp_path: Path) -> Path:
    """A game and its expansion side by side, made as the README says."""
    _new("game", "--name", "Operation Nightjar", "-o", "nightjar/book.smersh", cwd=tmp_path)
    _new("expansion", "nightjar", "--name", "Sequel", "-o", "sequel/book.smersh", cwd=tmp_path)
    return tmp_path


def test_an_expansion_checked_alone_finds_its_game_beside_it(writer: Path) -> None:
    for cwd, args in ((writer / "sequel", ()), (writer, ("sequel",))):
        result = smersh("check", *args, cwd=cwd)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "N017" not in result.stdout
        assert "checked sequel" in result.stdout


def test_a_skeleton_written_in_the_expansion_fits_the_game_beside_it(writer: Path) -> None:
    """`new` reads the project the same way: a card in the expansion uses the game's dice."""
    sequel = writer / "sequel"
    _new("encounter-card", "-o", "card.smersh", cwd=sequel)
    result = smersh("check", "--format", "json", cwd=sequel)
    assert result.returncode == 0, result.stdout + result.stderr
    assert '"T003"' in result.stdout and '"N017"' not in result.stdout


def test_the_game_beside_wins_over_a_bundled_one_of_the_same_name(writer: Path) -> None:
    """A writer's game named `smersh` is theirs: its own skill counts in the expansion."""
    manifest = writer / "nightjar" / "book.smersh"
    manifest.write_text(manifest.read_text(encoding="utf-8")
                        .replace("game operation_nightjar", "game smersh")
                        .replace("Spycraft Persuasion", "Cooking Spycraft Persuasion"), encoding="utf-8")
    book = writer / "sequel" / "book.smersh"
    book.write_text(book.read_text(encoding="utf-8").replace("extends operation_nightjar", "extends smersh"),
                    encoding="utf-8")
    _new("encounter-card", "-o", "card.smersh", cwd=writer / "sequel")
    card = writer / "sequel" / "card.smersh"
    card.write_text(card.read_text(encoding="utf-8").replace("test Spycraft", "test Cooking"),
                    encoding="utf-8")
    result = smersh("check", cwd=writer / "sequel")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_game_found_nowhere_says_where_it_was_looked_for(writer: Path) -> None:
    (writer / "nightjar").rename(writer / "elsewhere")
    (writer / "lost").mkdir()
    (writer / "sequel").rename(writer / "lost" / "sequel")
    result = smersh("check", cwd=writer / "lost" / "sequel")
    assert result.returncode == 1
    first = next(line for line in result.stdout.splitlines() if "N017" in line)
    assert first.startswith("book.smersh:4:"), first
    assert first.endswith("error[N017]: unknown game `operation_nightjar`: looked for among the projects "
                          f"checked, the project folders in {(writer / 'lost').resolve()} and the bundled "
                          "books"), first
    assert "Traceback" not in result.stderr


def test_a_misspelt_game_is_matched_against_the_games_beside(writer: Path) -> None:
    book = writer / "sequel" / "book.smersh"
    book.write_text(book.read_text(encoding="utf-8").replace("extends operation_nightjar",
                                                             "extends operation_nightjr"), encoding="utf-8")
    result = smersh("check", cwd=writer / "sequel")
    assert result.returncode == 1
    assert "did you mean `operation_nightjar`?" in result.stdout, result.stdout


def test_new_status_refuses_a_name_the_base_game_has(writer: Path) -> None:
    """Before: `new status` in the expansion wrote `status "New Status"` again, which the
    game beside it already had: D006 on a skeleton that was to check clean."""
    _new("status", "-o", "status.smersh", cwd=writer / "nightjar")
    result = smersh("new", "status", "-o", "status.smersh", cwd=writer / "sequel")
    assert result.returncode == 2
    assert "a status 'New Status' exists already; choose another --name" in result.stderr
    assert not (writer / "sequel" / "status.smersh").exists()
    _new("status", "--name", "Soaked", "-o", "status.smersh", cwd=writer / "sequel")
    assert smersh("check", cwd=writer / "sequel").returncode == 0


@pytest.mark.parametrize("command", [["check"], ["build"], ["fmt"], ["graph"], ["stats"], ["play"], ["play", "epic"], ["play", "smush"],
                                     ["play", "campaign"],
                                     ["serve"], ["simulate", "smush"], ["simulate", "epic"]])
def test_each_help_says_a_command_without_paths_uses_the_project_around(command: list[str]) -> None:
    """Before: `graph --help`, `stats --help` and `fmt --help` said nothing of it."""
    shown = " ".join(smersh(*command, "--help").stdout.split())
    assert "the project around" in shown, shown
    assert "(or ./books)" not in shown
