"""The parse cache does not depend on the working folder (issue #31): a project checked
from its parent, from inside it and from an unrelated folder is parsed once, and each
run's findings name the files as that run shows them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from smersh_dsl.parse import cache as disk_cache
from smersh_dsl.parse import parser
from conftest import REPO, check_paths, count_parses, smersh

EPIC = REPO / "books" / "epic"
BROKEN = 'entry "99" { text "Nowhere." go "1" }\n'     # S001 at 860:7 of europe.smersh


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the Epic book with one syntax error, under tmp/work/epic; a fresh cache."""
    monkeypatch.setenv("SMERSH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(parser, "remembered", type(parser.remembered)())
    folder = tmp_path / "work" / "epic"
    shutil.copytree(EPIC, folder)
    europe = folder / "entries" / "europe.smersh"
    europe.write_text(europe.read_text(encoding="utf-8") + BROKEN, encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    return folder


def _new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parser, "remembered", type(parser.remembered)())


def _syntax_error_file(diagnostics) -> str:
    found = [d.span for d in diagnostics if d.code == "S001"]
    assert len(found) == 1 and (found[0].line, found[0].column) == (860, 7), found
    return found[0].file


def test_a_check_from_another_folder_parses_nothing_anew(project, monkeypatch):
    monkeypatch.chdir(project.parent)
    first = check_paths(Path("epic"))
    assert _syntax_error_file(first) == "epic/entries/europe.smersh"
    runs = [(project, Path("."), "entries/europe.smersh"),
            (project.parent.parent / "elsewhere", Path("../work/epic"),
             "../work/epic/entries/europe.smersh")]
    for folder, argument, shown in runs:
        _new_process(monkeypatch)
        monkeypatch.chdir(folder)
        parsed = count_parses(monkeypatch)
        again = check_paths(argument)
        assert parsed == [], f"parsed again from {folder}: {parsed}"
        assert _syntax_error_file(again) == shown
        assert [(d.code, d.span.line, d.span.column) for d in again] == \
            [(d.code, d.span.line, d.span.column) for d in first]


def test_the_command_shows_each_run_its_own_names(project):
    env = {"SMERSH_CACHE_DIR": str(project.parent.parent / "cache")}
    first = smersh("check", "epic", cwd=project.parent, env=env)
    assert first.returncode == 1 and "epic/entries/europe.smersh:860:7: error[S001]" in first.stdout
    entries = sorted(p.relative_to(project.parent.parent / "cache")
                     for p in (project.parent.parent / "cache").rglob("*.pickle"))
    inside = smersh("check", cwd=project, env=env)
    assert inside.returncode == 1
    assert "\nentries/europe.smersh:860:7: error[S001]" in "\n" + inside.stdout
    away = smersh("check", "../work/epic", cwd=project.parent.parent / "elsewhere", env=env)
    assert away.returncode == 1
    assert "\n../work/epic/entries/europe.smersh:860:7: error[S001]" in "\n" + away.stdout
    assert sorted(p.relative_to(project.parent.parent / "cache")
                  for p in (project.parent.parent / "cache").rglob("*.pickle")) == entries, \
        "a run from another folder wrote entries of its own"


def test_an_entry_read_under_another_name_is_the_parse_under_that_name():
    """Every span, the file's own name and its findings' spans carry the name asked for:
    on books, and on the syntax error cases (findings, recovery, comments)."""
    cases = sorted((REPO / "tests" / "cases").glob("S*/**/*.smersh"))
    assert len(cases) > 10
    for source in sorted(REPO.glob("books/*/**/*.smersh"))[:40] + cases:
        text = source.read_text(encoding="utf-8")
        under_a = parser.parse_fresh(text, "a/one.smersh")
        blob = disk_cache.encode(text, "a/one.smersh", under_a)
        assert b"a/one.smersh" not in blob, source
        stored_text, under_b = disk_cache.decode(blob, "../b/two.smersh")
        assert stored_text == text
        assert under_b == parser.parse_fresh(text, "../b/two.smersh"), source
