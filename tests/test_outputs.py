"""What `smersh build`, `smersh new -o` and `smersh play campaign --log` write, and where they refuse
to (issue #21): never through a link planted among the outputs, never outside `--out`, one
project to an id, and a clear error naming the file when the system refuses a write."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from smersh_dsl.cli import commands
from smersh_dsl.cli.app import run
from conftest import REPO, FailingWrites, smersh

SMUSH = REPO / "books" / "smush"
SHIELD = REPO / "books" / "shield"
SECRET = "a file the build must never touch\n"


def _victim(tmp_path: Path) -> Path:
    victim = tmp_path / "elsewhere" / "precious.txt"
    victim.parent.mkdir(exist_ok=True)
    victim.write_text(SECRET)
    return victim


def _listing(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


# ---------------------------------------------------------------------------- links in --out

def test_build_refuses_a_link_planted_at_an_output(tmp_path: Path):
    victim = _victim(tmp_path)
    out = tmp_path / "out"
    (out / "smush").mkdir(parents=True)
    link = out / "smush" / "smush.json"
    link.symlink_to(victim)
    result = smersh("build", str(SMUSH), "--format", "json", "--out", str(out))
    assert result.returncode == 2, result.stderr
    assert f"cannot write {link}" in result.stderr and "symbolic link" in result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert victim.read_text() == SECRET and link.is_symlink()


def test_build_refuses_a_linked_folder_inside_out(tmp_path: Path):
    """A folder on the way (out/<id>, out/<id>/print) linked elsewhere: nothing lands there,
    for the JSON as for the PDFs, and the PDFs are refused before any is rendered."""
    elsewhere = _victim(tmp_path).parent
    out = tmp_path / "out"
    out.mkdir()
    (out / "smush").symlink_to(elsewhere)
    result = smersh("build", str(SMUSH), "--format", "json", "--out", str(out))
    assert result.returncode == 2 and f"{out / 'smush'} is a symbolic link" in result.stderr
    (out / "smush").unlink()
    (out / "smush" / "print").mkdir(parents=True)
    (out / "smush" / "print" / "pnp").symlink_to(elsewhere)
    result = smersh("build", str(SMUSH), "--format", "pdf", "--out", str(out), "--jobs", "1")
    assert result.returncode == 2, result.stderr
    assert f"{out / 'smush' / 'print' / 'pnp'} is a symbolic link" in result.stderr
    assert "rendered" not in result.stderr, "refused before rendering"
    assert _listing(elsewhere) == ["precious.txt"]


def test_a_refused_output_stops_the_build_before_any_file_is_written(tmp_path: Path,
                                                                     monkeypatch):
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.build import build_json

    monkeypatch.setenv("SMERSH_CACHE_DIR", "")
    projects, _ = check_paths([SMUSH, SHIELD])
    out = tmp_path / "out"
    names = sorted(p.name for p in projects)
    (out / names[-1]).mkdir(parents=True)
    (out / names[-1] / f"{names[-1]}.json").symlink_to(_victim(tmp_path))
    with pytest.raises(OSError, match="symbolic link"):
        build_json(projects, out)
    assert _listing(out) == [names[-1], f"{names[-1]}/{names[-1]}.json"]


def test_an_output_folder_refuses_a_path_outside_it(tmp_path: Path):
    from smersh_dsl.files.outputs import OutputError, OutputFolder

    folder = OutputFolder(tmp_path / "out")
    for outside in (tmp_path / "out" / ".." / "escaped.json", tmp_path / "escaped.json",
                    tmp_path / "out"):
        with pytest.raises(OutputError, match="outside the output folder"):
            folder.write(outside, "{}")
    assert not (tmp_path / "escaped.json").exists()


def test_an_output_folder_given_as_a_link_is_used_where_it_points(tmp_path: Path):
    """`--out` itself may be a link (the user's own choice): it is resolved once."""
    from smersh_dsl.files.outputs import OutputFolder

    real = tmp_path / "real-out"
    real.mkdir()
    (tmp_path / "out").symlink_to(real)
    OutputFolder(tmp_path / "out").write(tmp_path / "out" / "smush" / "smush.json", "{}")
    assert (real / "smush" / "smush.json").read_text() == "{}"


def test_a_rewritten_output_keeps_its_permissions(tmp_path: Path):
    from smersh_dsl.files.outputs import OutputFolder

    target = tmp_path / "out" / "smush" / "smush.json"
    target.parent.mkdir(parents=True)
    target.write_text("old")
    target.chmod(0o640)
    OutputFolder(tmp_path / "out").write(target, "new")
    assert target.read_text() == "new" and (target.stat().st_mode & 0o777) == 0o640


# ---------------------------------------------------------------------------- one id, one project

def test_two_projects_with_one_id_are_refused_naming_both_folders(tmp_path: Path):
    first, second = tmp_path / "first", tmp_path / "second"
    shutil.copytree(SMUSH, first)
    shutil.copytree(SMUSH, second)
    out = tmp_path / "out"
    for formats in (["--format", "json"], ["--format", "pdf"]):
        result = smersh("build", str(first), str(second), *formats, "--out", str(out))
        assert result.returncode == 2, result.stderr
        assert str(first) in result.stderr and str(second) in result.stderr
        assert "'smush'" in result.stderr and "Traceback" not in result.stderr
        assert not out.exists(), "nothing is written"


# ---------------------------------------------------------------------------- new -o

@pytest.mark.parametrize("dangling", [True, False], ids=["dangling-link", "link-to-a-file"])
def test_new_refuses_to_write_onto_a_link(tmp_path: Path, dangling: bool):
    target = tmp_path / "elsewhere" / "made.smersh"
    target.parent.mkdir()
    if not dangling:
        target.write_text(SECRET)
    link = tmp_path / "card.smersh"
    link.symlink_to(target)
    result = smersh("new", "status", "--name", "Shaken", "-o", str(link))
    assert result.returncode == 2, result.stderr
    assert str(link) in result.stderr and "symbolic link" in result.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.exists() is not dangling
    if not dangling:
        assert target.read_text() == SECRET


# ---------------------------------------------------------------------------- the system says no

FAILURES = {"disk-full": errno.ENOSPC, "permission-denied": errno.EACCES}


@pytest.fixture(params=sorted(FAILURES))
def refused(request, monkeypatch) -> tuple[str, str]:
    """Every write of a file's content fails, as on a full disk or in a folder one may not
    write to (the tests run as root too, so this is simulated at the system call)."""
    code = FAILURES[request.param]
    real_open, real_fdopen = os.open, os.fdopen

    def opening(path, flags, *args, **kwargs):
        if flags & os.O_CREAT and str(path).endswith(".tmp") and code == errno.EACCES:
            raise OSError(code, os.strerror(code), str(path))
        return real_open(path, flags, *args, **kwargs)

    def fdopen(fd, mode="r", *args, **kwargs):
        handle = real_fdopen(fd, mode, *args, **kwargs)
        return (FailingWrites(handle, OSError(code, os.strerror(code)))
                if "w" in mode and code == errno.ENOSPC else handle)

    monkeypatch.setenv("SMERSH_CACHE_DIR", "")
    monkeypatch.setattr(os, "open", opening)
    monkeypatch.setattr(os, "fdopen", fdopen)
    return request.param, os.strerror(code)


def _run(capsys, *args: str) -> tuple[int, str]:
    commands()
    code = run(list(args))
    return code, capsys.readouterr().err


def test_a_refused_build_output_is_a_clear_error_naming_the_file(tmp_path, refused, capsys):
    out = tmp_path / "out"
    code, err = _run(capsys, "build", str(SMUSH), "--format", "json", "--out", str(out))
    assert code == 2 and "internal error" not in err, err
    assert f"cannot write {out / 'smush' / 'smush.json'}: {refused[1]}" in err
    assert [p.name for p in out.rglob("*") if p.is_file()] == []


def test_a_refused_new_file_is_a_clear_error_naming_the_file(tmp_path, refused, capsys):
    target = tmp_path / "card.smersh"
    code, err = _run(capsys, "new", "status", "--name", "Shaken", "-o", str(target))
    assert code == 2 and "internal error" not in err, err
    assert f"cannot write {target}: {refused[1]}" in err and not target.exists()


def test_a_refused_campaign_log_is_a_clear_error_naming_the_file(tmp_path, refused, capsys):
    log = tmp_path / "campaign.json"
    code, err = _run(capsys, "play", "campaign", str(SHIELD), "--log", str(log), "--auto", "--seed", "1")
    assert code == 2 and "internal error" not in err, err
    assert f"cannot write {log}: {refused[1]}" in err and not log.exists()


def test_a_default_out_folder_that_is_a_link_is_refused_unless_named(tmp_path: Path):
    """A content repository can commit `build -> somewhere`: the default `--out build`
    then wrote into the link's target. Named by the user, the same link is used."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    work = tmp_path / "work"
    shutil.copytree(REPO / "books" / "smush", work / "books" / "smush")
    (work / "build").symlink_to(elsewhere)
    refused = smersh("build", "--format", "json", cwd=work)
    assert refused.returncode == 2
    assert "build is a symbolic link" in refused.stderr and "--out build" in refused.stderr
    assert list(elsewhere.iterdir()) == []
    named = smersh("build", "books", "--format", "json", "--out", "build", cwd=work)
    assert named.returncode == 0, named.stderr
    assert (elsewhere / "smush" / "smush.json").is_file()
