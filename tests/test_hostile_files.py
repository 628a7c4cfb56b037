"""Hostile files in a content repository (issue #21, items 3, 6 and 12).

A contributor to a content repository controls which files a project holds, and so can
plant a FIFO (reading it blocks for good), a link to a device (`/dev/zero` never ends and
its size says 0), a link to a secret outside the project (its lines would be quoted in
the CI log), a folder nobody may list, or a file name holding terminal escapes. Each
test here makes such a project and asserts what a user sees: a coded finding at the
file, the rest of the project checked, no hang, nothing from outside quoted.
docs/robustness.md lists them with their defences.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, check_paths, smersh
from waiting import HANG_GUARD_S
from smersh_dsl.parse.text import unquote

SMUSH = REPO / "books" / "smush"
SECRET = "hunter2-the-runners-token"


def copy_smush(where: Path) -> Path:
    project = where / "smush"
    shutil.copytree(SMUSH, project)
    return project


def findings(path: Path) -> list[tuple[str, str, int, int]]:
    return sorted((Path(d.span.file).name, d.code, d.span.line, d.span.column)
                  for d in check_paths(path))


def run_bounded(*args: str, cwd: Path, timeout: float = HANG_GUARD_S) -> subprocess.CompletedProcess:
    """`smersh ARGS` with the hang guard: a command that would hang fails the test instead."""
    exe = Path(sys.executable).with_name("smersh")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "smersh_dsl"]
    return subprocess.run(command + list(args), capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, stdin=subprocess.DEVNULL)


# ---------------------------------------------------------------------------- item 3

def test_a_fifo_named_like_a_source_is_I008_and_nothing_hangs(tmp_path: Path):
    """A FIFO named `x.smersh` hung `check` and `fmt` for good; now it is refused
    before it is opened for reading, and the rest of the project is checked."""
    project = copy_smush(tmp_path)
    os.mkfifo(project / "x.smersh")
    assert findings(project) == [("x.smersh", "I008", 1, 1)]
    check = run_bounded("check", str(project), cwd=tmp_path)
    assert check.returncode == 1
    assert "x.smersh:1:1: error[I008]: cannot read the file: it is a FIFO (named pipe)" in check.stdout
    fmt = run_bounded("fmt", "--check", str(project), cwd=tmp_path)
    assert fmt.returncode == 1
    assert "x.smersh: not formatted: cannot read the file: it is a FIFO" in fmt.stderr


def test_a_link_to_dev_zero_is_I008_at_once(tmp_path: Path):
    """`/dev/zero` says its size is 0 and never ends: read, it filled the memory."""
    project = copy_smush(tmp_path)
    (project / "zero.smersh").symlink_to("/dev/zero")
    (project / "null.smersh").symlink_to("/dev/null")
    # The project's own folder holds them; their targets are outside it, so the place
    # is what refuses them. Given by name as loose files, the kind refuses them.
    assert findings(project) == [("null.smersh", "I009", 1, 1), ("zero.smersh", "I009", 1, 1)]
    result = run_bounded("check", "--format", "json", "/dev/zero", cwd=tmp_path)
    assert result.returncode == 1
    [d] = json.loads(result.stdout)["diagnostics"]
    assert (d["code"], d["span"]["file"], d["span"]["line"]) == ("I008", "/dev/zero", 1)
    assert "a character device" in d["message"]


def test_a_fifo_in_a_project_does_not_hang_the_language_server_load(tmp_path: Path):
    """The language server and the daemon load projects through the same reader."""
    from smersh_dsl.project.load import load_paths
    project = copy_smush(tmp_path)
    os.mkfifo(project / "pipe.smersh")
    projects, diagnostics, _ = load_paths([project])
    assert [(Path(d.span.file).name, d.code) for d in diagnostics] == [("pipe.smersh", "I008")]
    assert projects[0].incomplete


def test_a_growing_file_is_cut_at_the_limit_while_it_is_read(tmp_path: Path, monkeypatch):
    """The size limit is counted on the bytes read, not taken from the size the file
    reports (a file under /proc, or one that grows, says less than it holds)."""
    from smersh_dsl.parse import source
    from smersh_dsl.files import reading
    path = tmp_path / "small.smersh"
    path.write_text('status "A" { effect "x" }\n' * 100)
    monkeypatch.setattr(source, "MAX_BYTES", 1000)
    text, problems = source.read_source(path, "small.smersh", tmp_path)
    assert text is None and [p.code for p in problems] == ["I007"]
    # The size it reports is not what is trusted: a file that says it is small.
    real_fstat = os.fstat
    monkeypatch.setattr(reading.os, "fstat", lambda fd: os.stat_result(
        real_fstat(fd)[:6] + (10,) + real_fstat(fd)[7:]))
    with pytest.raises(reading.TooLarge) as refused:
        reading.read_regular(path, tmp_path, 1000)
    assert refused.value.size == 1001


# ---------------------------------------------------------------------------- item 6

def test_a_link_to_a_secret_outside_the_project_is_never_read_or_quoted(tmp_path: Path):
    """A `.smersh` link to a file outside the project was read and quoted in the text,
    GitHub and SARIF reports: in a pull request's CI, a runner's secret in the log."""
    project = copy_smush(tmp_path / "repo")
    secret = tmp_path / "secret.txt"
    secret.write_text(f'entry 01.1.1 {{ "{SECRET}" test\n')
    (project / "leak.smersh").symlink_to(secret)
    (project / "sub").mkdir()
    (project / "sub" / "deeper.smersh").symlink_to(Path("..") / ".." / ".." / "secret.txt")
    assert findings(project) == [("deeper.smersh", "I009", 1, 1), ("leak.smersh", "I009", 1, 1)]
    for report in ("text", "github", "sarif", "json"):
        result = smersh("check", "--format", report, str(project), cwd=tmp_path)
        assert result.returncode == 1, report
        assert "I009" in result.stdout, report
        assert SECRET not in result.stdout + result.stderr, report
        assert "secret.txt" not in result.stdout + result.stderr, report


def test_a_link_inside_the_project_is_read(tmp_path: Path):
    """A link from one file of the project to another is fine: it leads nowhere else."""
    project = copy_smush(tmp_path)
    (project / "drafts").mkdir()
    (project / "drafts" / "broken.smersh").write_text("entry 01.1.1 { test\n")
    (project / "again.smersh").symlink_to(Path("drafts") / "broken.smersh")
    assert [code for _, code, _, _ in findings(project)] == ["S003", "S003"]


def test_a_link_swapped_after_the_check_is_caught_on_the_open_file(tmp_path: Path, monkeypatch):
    """The place is checked again on the file actually opened (`/proc/self/fd`), so a
    link changed between the check and the open cannot lead outside."""
    from smersh_dsl.files import reading
    project = tmp_path / "p"
    project.mkdir()
    inside = project / "a.smersh"
    inside.write_text('status "A" { }\n')
    outside = tmp_path / "secret.smersh"
    outside.write_text(SECRET)
    link = project / "link.smersh"
    link.symlink_to(inside)
    real_open = os.open

    def swapped(path, flags, *rest):
        if Path(path) == link:
            link.unlink()
            link.symlink_to(outside)
        return real_open(path, flags, *rest)

    monkeypatch.setattr(reading.os, "open", swapped)
    with pytest.raises(reading.Outside):
        reading.read_regular(link, project, 1 << 20)


# ---------------------------------------------------------------------------- item 12

def test_an_unreadable_folder_is_I004_not_a_clean_check(tmp_path: Path, monkeypatch):
    """A folder that cannot be listed was skipped and the check passed. (The suite runs
    as root in CI, where no permission stops a read, so the refusal is the system's
    answer to listing that one folder.)"""
    project = copy_smush(tmp_path)
    hidden = project / "locked"
    hidden.mkdir()
    (hidden / "broken.smersh").write_text("entry 01.1.1 { test\n")
    real_scandir = os.scandir

    def scandir(path="."):
        if Path(path) == hidden:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    found = check_paths(project)
    assert [(Path(d.span.file).name, d.code, d.span.line) for d in found] == [("locked", "I004", 1)]
    assert "cannot read the folder: Permission denied" in found[0].message


def test_terminal_escapes_in_file_names_never_reach_the_terminal(tmp_path: Path):
    """A file named with an escape sequence would retitle the terminal or colour a CI
    log; it is shown with its escapes written out."""
    project = copy_smush(tmp_path)
    name = "\x1b]0;pwned\x07\x1b[31mred\u202e.smersh"
    (project / name).write_text("entry 01.1.1 { test\n")
    for args in (("check", str(project)), ("check", "--format", "github", str(project)),
                 ("fmt", "--check", str(project))):
        result = smersh(*args, cwd=tmp_path)
        both = result.stdout + result.stderr
        assert "\x1b" not in both and "\x07" not in both and "\u202e" not in both, args
        assert "\\x1b]0;pwned\\x07\\x1b[31mred\\u202e.smersh" in both, args


def test_no_break_spaces_inside_strings_are_kept():
    """NBSP and U+202F inside strings became plain spaces; only ASCII blanks fold."""
    assert unquote('"Mr.\u00a0Big  takes  10\u202f%\n   of the\u00a0pot"') == \
        "Mr.\u00a0Big takes 10\u202f% of the\u00a0pot"
    assert unquote('"\u00a0 edge \u00a0"') == "\u00a0 edge \u00a0"


def test_no_break_spaces_reach_the_json(tmp_path: Path):
    project = copy_smush(tmp_path)
    book = project / "book.smersh"
    book.write_text(book.read_text(encoding="utf-8").replace(
        '"Agents of S.M.U.S.H."', '"Agents\u00a0of S.M.U.S.H.\u202f!"'), encoding="utf-8")
    out = tmp_path / "out"
    result = smersh("build", "--format", "json", "--out", str(out), str(project), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    [document] = out.rglob("smush.json")
    assert json.loads(document.read_text(encoding="utf-8"))["title"] == "Agents\u00a0of S.M.U.S.H.\u202f!"


def test_a_fifo_or_device_as_the_configuration_is_not_read(tmp_path: Path):
    """smersh.toml is content too: a FIFO there would block every check."""
    from smersh_dsl.settings.config import load_config
    os.mkfifo(tmp_path / "smersh.toml")
    config = load_config(tmp_path / "smersh.toml", "smersh.toml")
    assert [(p.code, p.span.line) for p in config.problems] == [("L003", 1)]
    assert "FIFO" in config.problems[0].message
    (tmp_path / "pyproject.toml").symlink_to("/dev/zero")
    project = copy_smush(tmp_path)
    (tmp_path / ".git").mkdir()
    # Found while searching upward, what is not a regular file is no configuration.
    result = run_bounded("check", str(project), cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "checked smush: 2 files\nno problems found\n")


def test_no_break_spaces_reach_the_printed_page():
    """Print folded prose with Python's `split`, turning U+00A0 and U+202F into spaces."""
    from smersh_dsl.print.markup import paragraphs
    assert [str(p) for p in paragraphs("Mr.\u00a0Big  pays\n10\u202f%\n\n\u00a0Then.")] == \
        ["Mr.\u00a0Big pays 10\u202f%", "\u00a0Then."]
