"""Which project a command works on (issue #32): the one around the working folder when
no path is given, a bundled book only when named, a usage error outside any project;
and every report says what it checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO, smersh

BAD_ENTRY = ('region Europe { city Paris values 1..1 }\n'
             'card Europe 01 "Followed" { response 1 "Hide" }\n'
             'entry 01.1.1 { test Spycrfat pass { gain 1 intel } fail { take 1 injury } }\n')


def new_game(where: Path, name: str = "Nightjar") -> Path:
    """A project as a writer makes one: `smersh new game`, run in ``where``."""
    made = smersh("new", "game", "--name", name, "-o", f"{name.lower()}/book.smersh", cwd=where)
    assert made.returncode == 0, made.stderr
    return where / name.lower()


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A new game with an unknown skill in a file of a subfolder."""
    project = new_game(tmp_path)
    (project / "entries").mkdir()
    (project / "entries" / "europe.smersh").write_text(BAD_ENTRY, encoding="utf-8")
    return project


@pytest.mark.parametrize("inside", ["", "entries"], ids=["from-the-project", "from-a-subfolder"])
def test_check_without_a_path_checks_the_project_around_the_working_folder(broken: Path,
                                                                           inside: str):
    result = smersh("check", "-q", cwd=broken / inside)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "checked nightjar: 2 files"
    assert any("europe.smersh:3:21: error[N001]: unknown skill `Spycrfat`" in line for line in lines)
    assert "no problems found" not in result.stdout


def test_outside_any_project_a_usage_error_says_how_to_name_one(tmp_path: Path):
    result = smersh("check", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    assert f"no project in {tmp_path}" in message
    assert "`smersh check PATH`" in message and "`smersh check epic`" in message
    for command in (["build"], ["graph", "--showdown", "Zed"], ["stats"], ["fmt"], ["serve"]):
        other = smersh(*command, cwd=tmp_path)
        assert other.returncode == 2, (command, other.stderr)
        assert f"`smersh {command[0]} PATH`" in other.stderr and "Traceback" not in other.stderr
    assert not (tmp_path / "build").exists()


def test_a_bundled_book_is_checked_when_named(tmp_path: Path):
    result = smersh("check", "-q", "epic", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith("checked smersh (") and first.endswith("books/epic): 23 files")
    unknown = smersh("check", "epik", cwd=tmp_path)
    assert unknown.returncode == 2
    assert "no bundled book of that name (there are epic, shield, smush, swagmans-hope)" in unknown.stderr


def test_a_local_folder_wins_over_the_bundled_book_of_its_name(tmp_path: Path):
    mine = new_game(tmp_path, "Epic")
    (mine / "bad.smersh").write_text(BAD_ENTRY, encoding="utf-8")
    result = smersh("check", "-q", "epic", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == "checked epic: 2 files"


def test_a_folder_of_projects_checks_the_projects_in_it(tmp_path: Path, broken: Path):
    new_game(tmp_path, "Alpha")
    result = smersh("check", "-q", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == "checked alpha: 1 file, nightjar: 2 files"


def test_the_repository_books_folder_is_still_checked_from_elsewhere(tmp_path: Path):
    """`.ci/run` checks "$OLDPWD/books/" from another folder: a folder holding four."""
    result = smersh("check", "-q", str(REPO / "books") + "/", cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-2000:]
    first = result.stdout.splitlines()[0]
    for name in ("smersh (", "shield: 6 files", "smush: 2 files", "swagmans_hope ("):
        assert name in first


def test_simulate_smush_works_from_any_folder(tmp_path: Path):
    """The README's own example, run where there is no books/ folder."""
    result = smersh("simulate", "smush", "--games", "3", "--seed", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("3 games, seed 1")
    for game, extra in (("epic", ["--games", "1", "--players", "1", "--jobs", "1"]),
                        ("campaign", ["--campaigns", "1"])):
        played = smersh("simulate", game, *extra, cwd=tmp_path)
        assert played.returncode == 0, (game, played.stderr)


def test_simulate_smush_takes_jobs_and_still_the_older_workers(tmp_path: Path):
    runs = [smersh("simulate", "smush", "--games", "6", "--seed", "3", *extra, cwd=tmp_path)
            for extra in ([], ["--jobs", "2"], ["--workers", "2"])]
    assert [r.returncode for r in runs] == [0, 0, 0], [r.stderr for r in runs]
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout
    assert "is now `smersh simulate smush --jobs 2`" in runs[2].stderr
    assert "is now" not in runs[1].stderr
    shown = smersh("simulate", "smush", "--help").stdout
    assert "--jobs" in shown and "--workers" not in shown


def test_build_in_a_project_builds_that_project_only(tmp_path: Path):
    project = new_game(tmp_path)
    result = smersh("build", "--format", "json", cwd=project)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (project / "build").iterdir()) == ["nightjar"]
    assert (project / "build" / "nightjar" / "nightjar.json").is_file()


def test_graph_in_a_project_lists_its_own_showdowns(tmp_path: Path):
    result = smersh("graph", "--showdown", "Zed", cwd=new_game(tmp_path))
    assert result.returncode == 2
    assert "no showdown or Dr. Lobo section 'Zed'; there are none" in result.stderr
    assert "Pierre" not in result.stderr


def test_fmt_without_a_path_formats_the_project_around(broken: Path):
    result = smersh("fmt", "--check", cwd=broken / "entries")
    assert "2 files:" in result.stderr, result.stderr
    assert result.returncode in (0, 1)


def test_fmt_never_names_or_rewrites_the_installed_bundled_books(tmp_path: Path):
    """fmt writes sources: outside a project it does not suggest `smersh fmt epic` (which
    would rewrite the installed package's books), and a bare `epic` is only a path."""
    outside = smersh("fmt", cwd=tmp_path)
    assert outside.returncode == 2 and "`smersh fmt PATH`" in outside.stderr
    assert "epic" not in outside.stderr, outside.stderr
    named = smersh("fmt", "epic", cwd=tmp_path)
    assert named.returncode == 2 and "no such file or folder: epic" in named.stderr
    assert smersh("fmt", "--check", str(REPO / "books" / "epic"), cwd=tmp_path).returncode == 0


def test_new_expansion_extends_the_project_around(tmp_path: Path):
    result = smersh("new", "expansion", "--name", "Far East", cwd=new_game(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "extends nightjar" in result.stdout


def test_exit_zero_reports_the_errors_and_exits_0(broken: Path):
    result = smersh("check", "-q", "--exit-zero", cwd=broken)
    assert result.returncode == 0
    assert "error[N001]" in result.stdout


def test_output_file_holds_the_whole_report_and_stdout_nothing(broken: Path, tmp_path: Path):
    target = tmp_path / "report.json"
    result = smersh("check", "--format", "json", "--output-file", str(target), cwd=broken)
    assert result.returncode == 1
    assert result.stdout == ""
    document = json.loads(target.read_text(encoding="utf-8"))
    assert [d["code"] for d in document["diagnostics"]].count("N001") == 1
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    refused = smersh("check", "--output-file", str(tmp_path / "a-file" / "r.txt"), cwd=broken)
    assert refused.returncode == 2
    assert refused.stderr.startswith("smersh check: cannot write ") and len(refused.stderr.splitlines()) == 1
    (tmp_path / "elsewhere.txt").write_text("keep me", encoding="utf-8")
    (tmp_path / "link.txt").symlink_to(tmp_path / "elsewhere.txt")
    linked = smersh("check", "--output-file", str(tmp_path / "link.txt"), cwd=broken)
    assert linked.returncode == 2 and "symbolic link" in linked.stderr
    assert (tmp_path / "elsewhere.txt").read_text(encoding="utf-8") == "keep me"


def test_json_and_sarif_say_what_was_checked(broken: Path):
    expected = [{"project": "nightjar", "kind": "game", "root": ".", "files": 2}]
    as_json = json.loads(smersh("check", "--format", "json", cwd=broken).stdout)
    assert as_json["checked"] == expected
    sarif = json.loads(smersh("check", "--format", "sarif", cwd=broken).stdout)
    assert sarif["runs"][0]["properties"]["checked"] == expected
    github = smersh("check", "--format", "github", cwd=broken).stdout.splitlines()
    assert github[0] == "::notice title=smersh::checked nightjar: 2 files"


def test_build_progress_names_the_project_of_each_section(tmp_path: Path):
    cache = {"SMERSH_CACHE_DIR": str(tmp_path / "cache")}
    first = smersh("build", "smush", "--format", "pdf", "--jobs", "1", cwd=tmp_path, env=cache)
    assert first.returncode == 0, first.stderr
    assert "] rendered smush/cards: Gadget cards" in first.stderr
    assert "rendered 2 sections of smush, 0 from the cache of earlier builds" in first.stderr
    again = smersh("build", "smush", "--format", "pdf", "--jobs", "1", cwd=tmp_path, env=cache)
    assert "smush: 2 of 2 sections unchanged since an earlier build (cached)" in again.stderr
