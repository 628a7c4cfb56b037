"""Which configuration a check trusts (issue #26, items 3 and 9): only a file inside the
project's range (up to the repository's root; the project's folder outside a
repository), never through a link that leads out (I009), never one another user owns
(L004). What is not trusted is not read, and nothing of it is quoted in any report."""

from __future__ import annotations

import json
import os
from pathlib import Path

from conftest import smersh

from smersh_dsl.settings.config import load_config

GAME = 'game g "G" { skills { Spycraft } }\n'
BODY = 'entry 01.1.1 { "TODO: write it." }\n'          # C002 (an orphan) and T003 (a TODO)
SECRET = "RUNNER-SECRET-7f3a"
OTHER_UID = 12345


def _project(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "book.smersh").write_text(GAME + BODY, encoding="utf-8")
    return folder


def _codes(run) -> set[str]:  # noqa: ANN001
    return {f["code"] for f in json.loads(run.stdout)["diagnostics"]}


def _check(project: Path, *options: str):  # noqa: ANN202
    return smersh("check", str(project), "--format", "json", *options, cwd=project.parent)


def test_a_configuration_linking_out_of_the_project_is_i009_and_never_quoted(tmp_path):
    outside = tmp_path / "runner"
    outside.mkdir()
    (outside / "secret.toml").write_text(f'ignore = ["{SECRET}"]\nselect = ["C"]\n',
                                         encoding="utf-8")
    repo = tmp_path / "repo"
    project = _project(repo / "books" / "g")
    (repo / ".git").mkdir()
    (repo / "smersh.toml").symlink_to(outside / "secret.toml")
    for fmt in ("text", "json", "sarif", "github"):
        run = smersh("check", str(project), "--format", fmt, cwd=repo)
        assert run.returncode == 1, run.stderr
        assert SECRET not in run.stdout + run.stderr, fmt
        assert "I009" in run.stdout and "smersh.toml" in run.stdout, fmt
    # not read: its select = ["C"] does not hide the TODO
    assert {"I009", "C002", "T003"} <= _codes(_check(project))


def test_a_configuration_linking_inside_the_repository_is_read(tmp_path):
    repo = tmp_path / "repo"
    project = _project(repo / "books" / "g")
    (repo / ".git").mkdir()
    (repo / "shared.toml").write_text('ignore = ["T003"]\n', encoding="utf-8")
    (project / "smersh.toml").symlink_to("../../shared.toml")
    assert _codes(_check(project)) == {"C002"}


def test_a_configuration_above_the_project_outside_any_repository_applies_to_nothing(tmp_path):
    """A smersh.toml planted in a shared folder above the project silenced everything."""
    shared = tmp_path / "shared-tmp"
    project = _project(shared / "someone" / "g")
    (shared / "smersh.toml").write_text('ignore = ["C", "T"]\n', encoding="utf-8")
    assert _codes(_check(project)) == {"C002", "T003"}
    (project / "smersh.toml").write_text('ignore = ["T"]\n', encoding="utf-8")
    assert _codes(_check(project)) == {"C002"}       # the project's own still applies


def test_a_configuration_another_user_owns_is_passed_over_with_l004(tmp_path):
    repo = tmp_path / "repo"
    project = _project(repo / "g")
    (repo / ".git").mkdir()
    (repo / "smersh.toml").write_text('ignore = ["T003"]\n', encoding="utf-8")
    planted = project / "smersh.toml"
    planted.write_text(f'ignore = ["ALL"]\nselect = ["{SECRET}"]\n', encoding="utf-8")
    os.chown(planted, OTHER_UID, OTHER_UID)
    run = _check(project)
    found = json.loads(run.stdout)["diagnostics"]
    assert {f["code"] for f in found} == {"L004", "C002"}      # the repository's one applies
    [warning] = [f for f in found if f["code"] == "L004"]
    assert warning["severity"] == "warning" and warning["span"]["file"].endswith("g/smersh.toml")
    assert f"uid {OTHER_UID}" in warning["message"] and SECRET not in run.stdout
    os.chown(planted, os.getuid(), os.getgid())
    assert _codes(_check(project)) == {"L003"}     # owned: read (and its unknown rule found)


def test_a_pyproject_another_user_owns_is_passed_over_too(tmp_path):
    project = _project(tmp_path / "g")
    pyproject = project / "pyproject.toml"
    pyproject.write_text('[tool.smersh]\nignore = ["ALL"]\n', encoding="utf-8")
    os.chown(pyproject, OTHER_UID, OTHER_UID)
    assert _codes(_check(project)) == {"L004", "C002", "T003"}


def test_a_link_swapped_out_after_the_search_is_still_not_read(tmp_path):
    """The reader checks the place again on the file it opens: a link that pointed inside
    when found and outside when read gives I009, not the outside file's keys."""
    (tmp_path / "outside.toml").write_text(f'ignore = ["{SECRET}"]\n', encoding="utf-8")
    project = _project(tmp_path / "g")
    (project / "smersh.toml").symlink_to(tmp_path / "outside.toml")
    config = load_config(project / "smersh.toml", "g/smersh.toml", project)
    assert [(p.code, p.span.file) for p in config.problems] == [("I009", "g/smersh.toml")]
    assert SECRET not in config.problems[0].message
    named = load_config(project / "smersh.toml", "g/smersh.toml")      # --config: the user's
    assert [p.code for p in named.problems] == ["L003"]
