"""`smersh new`: skeletons that check clean except for the TODOs they leave on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import REPO, check_paths, smersh
from smersh_dsl.fmt.layout import format_text

CASES = [
    ("encounter", "epic", ["--region", "Ocean"], "epic/entries/new.smersh"),
    ("encounter", "epic", ["--region", "Europe", "--responses", "1"], "epic/entries/new.smersh"),
    ("showdown", "epic", ["--name", "Mr Zed"], "epic/showdowns/zed.smersh"),
    ("status", "epic", ["--name", "Soaked"], "epic/cards/soaked.smersh"),
    ("encounter-card", "epic", ["--region", "Asia"], "epic/entries/new.smersh"),
    ("henchman", "epic", ["--name", "Madame Vey"], "epic/showdowns/vey.smersh"),
    ("game", "epic", ["--name", "Operation Nightjar"], "nightjar/book.smersh"),
    ("scenario", "shield", ["--name", "Hydra"], "shield/scenarios/6-hydra.smersh"),
    ("expansion", "epic", ["--name", "Winter Games"], "winter/book.smersh"),
]


@pytest.mark.parametrize("kind, project, options, target", CASES, ids=lambda c: str(c))
def test_a_skeleton_checks_clean_but_for_its_todos(tmp_path: Path, kind, project, options, target):
    books = tmp_path / "books"
    shutil.copytree(REPO / "books", books)
    (books / target).parent.mkdir(parents=True, exist_ok=True)
    result = smersh("new", kind, str(books / project), *options, "-o", str(books / target))
    assert result.returncode == 0, result.stderr
    text = (books / target).read_text(encoding="utf-8")
    assert format_text(text) == text                                  # already formatted
    found = check_paths(books)
    if kind == "game":              # a named game's header holds no text left to write
        assert found == []
        return
    assert found and {d.code for d in found} == {"T003"}
    assert all(d.span.file.endswith(Path(target).name) for d in found)


def test_new_never_overwrites(tmp_path: Path):
    target = tmp_path / "x.smersh"
    target.write_text("# mine\n")
    result = smersh("new", "status", "-o", str(target))
    assert result.returncode == 2 and "exists" in result.stderr
    assert target.read_text() == "# mine\n"


def test_a_taken_encounter_number_is_refused():
    result = smersh("new", "encounter-card", str(REPO / "books" / "epic"), "--number", "1")
    assert result.returncode == 2 and "taken" in result.stderr


def test_new_card_is_gone_and_the_kinds_say_what_they_make():
    """`new card` wrote a status card; the kinds are now named for what they make."""
    result = smersh("new", "card")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "encounter-card" in result.stderr and "status" in result.stderr
    card = smersh("new", "encounter-card", str(REPO / "books" / "epic"), "--region", "Europe")
    assert card.returncode == 0 and card.stdout.lstrip("# ").startswith("Encounter")
    assert "\ncard Europe " in card.stdout and "\nentry " in card.stdout
    assert "\nstatus " in smersh("new", "status").stdout
    game = smersh("new", "game", "--name", "Operation Nightjar")
    assert game.returncode == 0 and '\ngame operation_nightjar "Operation Nightjar" {' in game.stdout
