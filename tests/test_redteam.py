"""The red-team corpus of issue #17 (tests/redteam/cases.toml): one defect a project, each
with its clean twin, across the four project kinds. Every defect must be found at its
place with nothing else reported (recall and precision both 100%), and every twin clean."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from conftest import TESTS, check_paths

CORPUS = TESTS / "redteam"
CASES = tomllib.loads((CORPUS / "cases.toml").read_text(encoding="utf-8"))["case"]
KINDS = ("game", "expansion", "campaign", "cardgame")


def plant(case: dict, into: Path) -> Path:
    """A copy of the case's clean twin with its one defect written in."""
    project = into / case["kind"]
    shutil.copytree(CORPUS / case["kind"], project)
    target = project / case["file"]
    text = target.read_text(encoding="utf-8")
    assert text.count(case["old"]) >= 1, f"{case['name']}: `old` is not in {case['file']}"
    target.write_text(text.replace(case["old"], case["new"], 1), encoding="utf-8")
    return project


@pytest.mark.parametrize("kind", KINDS)
def test_every_clean_twin_is_clean(kind):
    assert [f"{d.code} {d.span.line}:{d.span.column} {d.message}"
            for d in check_paths(CORPUS / kind)] == []


def test_the_corpus_covers_every_kind():
    assert {c["kind"] for c in CASES} == set(KINDS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["name"])
def test_the_one_defect_is_found_where_it_is_and_nothing_else(case, tmp_path):
    found = check_paths(plant(case, tmp_path))
    got = [(d.code, Path(d.span.file).name, f"{d.span.line}:{d.span.column}") for d in found]
    assert got == [(case["code"], case["file"], case["at"])], [d.message for d in found]
    if "hint" in case:
        assert case["hint"] in (found[0].hint or ""), found[0].hint
