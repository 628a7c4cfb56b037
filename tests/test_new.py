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
    ("card", "epic", ["--name", "Soaked"], "epic/cards/soaked.smersh"),
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
    assert found and {d.code for d in found} == {"T003"}
    assert all(d.span.file.endswith(Path(target).name) for d in found)


def test_new_never_overwrites(tmp_path: Path):
    target = tmp_path / "x.smersh"
    target.write_text("# mine\n")
    result = smersh("new", "card", "-o", str(target))
    assert result.returncode == 2 and "exists" in result.stderr
    assert target.read_text() == "# mine\n"


def test_a_taken_encounter_number_is_refused():
    result = smersh("new", "encounter", str(REPO / "books" / "epic"), "--number", "1")
    assert result.returncode == 2 and "taken" in result.stderr
