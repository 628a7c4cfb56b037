"""Every writer of files, interrupted half-way, leaves the previous file byte for byte and
no temporary file behind (issue #8).

The writers: `smersh build` (the JSON documents), `smersh fmt` (in place), `smersh new -o`,
the campaign log of `smersh play campaign --log`, and the parse cache. All of them go through
``smersh_dsl.files.atomic`` (directly, or by an output folder); these tests do not assume it: they interrupt
the operating system calls any writer must make (a write that fills the disk half-way,
a Ctrl-C before the data is on disk, a Ctrl-C at the rename), so a writer that wrote in
place would be caught changing the file. `smersh graph` writes only to standard output.

A second set runs the real command in a child process and interrupts it with a signal
at the rename: SIGINT (Ctrl-C) and SIGKILL (no clean-up is possible).
"""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from conftest import REPO, FailingWrites
from waiting import HANG_GUARD_S

SMUSH = REPO / "books" / "smush"
SHIELD = REPO / "books" / "shield"
UNFORMATTED = 'status   "Calm"   {\n      effect "Breathe."\n\n\n\n}   \n'


# ---------------------------------------------------------------------------- interruptions

def HalfThenFull(real) -> FailingWrites:
    """A file object whose write puts half the bytes down, then finds the disk full."""
    return FailingWrites(real, OSError(errno.ENOSPC, "No space left on device (simulated)"), 0.5)


def _ctrl_c(*args, **kwargs):
    raise KeyboardInterrupt


@contextmanager
def interruption(kind: str):
    """Patch the OS calls every writer reaches, whichever way it writes."""
    real_fdopen = os.fdopen

    def fdopen(fd, mode="r", *args, **kwargs):
        handle = real_fdopen(fd, mode, *args, **kwargs)
        return HalfThenFull(handle) if "w" in mode or "a" in mode else handle

    with pytest.MonkeyPatch.context() as patch:
        if kind == "disk-full-half-way":
            patch.setattr(os, "fdopen", fdopen)
        elif kind == "ctrl-c-once-written":     # at the flush to disk, or (a cache, which
            patch.setattr(os, "fsync", _ctrl_c)  # is not flushed) at setting permissions
            patch.setattr(os, "chmod", _ctrl_c)
        elif kind == "ctrl-c-at-rename":
            patch.setattr(os, "replace", _ctrl_c)
            patch.setattr(os, "rename", _ctrl_c)
        else:
            raise ValueError(kind)
        yield


KINDS = ["disk-full-half-way", "ctrl-c-once-written", "ctrl-c-at-rename"]


def listing(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------------------- the writers

@dataclass
class Writer:
    target: Path                   # the file written
    run: Callable[[], object]      # write it (a new content)
    swallows_oserror: bool = False  # a cache: failing to write it is no error
    exits_on_oserror: bool = False  # a command: failing to write is a clear error, exit 2


@pytest.fixture(scope="module")
def smush_projects():
    from smersh_dsl.pipeline.run import check_paths

    projects, found = check_paths([SMUSH])
    assert found == []
    return projects


@pytest.fixture(scope="module")
def shield_doc() -> dict:
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document, dumps

    projects, _ = check_paths([SHIELD])
    return json.loads(dumps(document(projects[0])))


def build_writer(tmp: Path, smush_projects, shield_doc) -> Writer:
    from smersh_dsl.export.build import build_json

    target = tmp / "out" / "smush" / "smush.json"
    target.parent.mkdir(parents=True)
    target.write_text('{"an": "older build"}\n')
    return Writer(target, lambda: build_json(smush_projects, tmp / "out"))


def fmt_writer(tmp: Path, smush_projects, shield_doc) -> Writer:
    from smersh_dsl.fmt.rewrite import rewrite
    from smersh_dsl.fmt.run import format_file

    target = tmp / "calm.smersh"
    target.write_text(UNFORMATTED)
    return Writer(target, lambda: rewrite(target, format_file(target).after))


def campaign_log_writer(tmp: Path, smush_projects, shield_doc) -> Writer:
    from smersh_dsl.play.campaign.keeper import Keeper, play_scenario
    from smersh_dsl.play.campaign.log import load_log, new_log, save_log
    from smersh_dsl.play.core.deciders import GreedyPolicy

    target = tmp / "campaign.json"

    def play(seed: int) -> str:
        log = load_log(target, shield_doc) if target.exists() else new_log(shield_doc, 2, False)
        return play_scenario(Keeper(shield_doc, log, GreedyPolicy(), random.Random(seed),
                                    lambda _: None, True), lambda kept: save_log(target, kept))
    play(0)                                    # the save of a first scenario
    assert target.exists()
    return Writer(target, lambda: play(2))     # seed 2 wins scenario 2: the log changes


def new_writer(tmp: Path, smush_projects, shield_doc) -> Writer:
    from smersh_dsl.cli import cli

    target = tmp / "new-card.smersh"
    return Writer(target, lambda: cli.main(["new", "status", "--name", "Shaken", "-o", str(target)],
                                           standalone_mode=False), exits_on_oserror=True)


def parse_cache_writer(tmp: Path, smush_projects, shield_doc) -> Writer:
    from smersh_dsl.parse import cache
    from smersh_dsl.parse.parser import parse_fresh

    os.environ["SMERSH_CACHE_DIR"] = str(tmp / "cache")    # undone by the fixture's monkeypatch
    text = 'status "Calm" { effect "Breathe." }\n'
    older = parse_fresh(text, "calm.smersh")
    newer = parse_fresh('status "Calm" { effect "Breathe out." }\n', "calm.smersh")
    cache.store(text, "calm.smersh", older)
    found = list((tmp / "cache").rglob("*.pickle"))
    assert len(found) == 1
    return Writer(found[0], lambda: cache.store(text, "calm.smersh", newer),
                  swallows_oserror=True)


WRITERS = {"build-json": build_writer, "fmt-in-place": fmt_writer,
           "campaign-log": campaign_log_writer, "new-output": new_writer,
           "parse-cache": parse_cache_writer}


@pytest.fixture
def writer(request, tmp_path, smush_projects, shield_doc, monkeypatch):
    # No parse cache, except for its own test: a cache write interrupted first would
    # spare the writer under test.
    monkeypatch.setenv("SMERSH_CACHE_DIR", "")
    folder = tmp_path / "w"
    folder.mkdir()
    return WRITERS[request.param](folder, smush_projects, shield_doc)


@pytest.mark.parametrize("writer", sorted(WRITERS), indirect=True)
def test_each_writer_changes_its_file_when_not_interrupted(writer: Writer):
    """The control: each writer does write its target (so the tests below can fail)."""
    before = writer.target.read_bytes() if writer.target.exists() else None
    writer.run()
    assert writer.target.read_bytes() != before


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("writer", sorted(WRITERS), indirect=True)
def test_an_interrupted_write_leaves_the_previous_file_and_no_temporary(writer: Writer, kind: str):
    folder = writer.target.parent
    before = listing(folder)
    expected: tuple[type[BaseException], ...] = (KeyboardInterrupt, click.exceptions.Abort)
    if not (writer.swallows_oserror and kind == "disk-full-half-way"):
        expected += (OSError,)
    if writer.exits_on_oserror and kind == "disk-full-half-way":
        expected = (SystemExit,)
    raised = None
    with interruption(kind):
        try:
            writer.run()
        except BaseException as error:           # noqa: B036 - KeyboardInterrupt included
            raised = error
    if writer.swallows_oserror and kind == "disk-full-half-way":
        assert raised is None, raised            # a cache that cannot be written is no error
    else:
        assert isinstance(raised, expected), f"the write was not interrupted: {raised!r}"
        assert not isinstance(raised, SystemExit) or raised.code == 2
    assert listing(folder) == before              # same files, same bytes, no temporary


# ---------------------------------------------------------------------------- real processes

CHILD = r"""
import os, signal, sys
how, target = sys.argv[1], sys.argv[2]
real_replace = os.replace
def replace(source, destination, *args, **kwargs):
    if os.path.basename(destination) == target:
        os.kill(os.getpid(), getattr(signal, how))
    return real_replace(source, destination, *args, **kwargs)
os.replace = replace
sys.argv = ["smersh"] + sys.argv[3:]
from smersh_dsl.cli import main
main()
"""


def child(how: str, target: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}
    env["SMERSH_CACHE_DIR"] = str(cwd / "cache")
    return subprocess.run([sys.executable, "-c", CHILD, how, target, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=HANG_GUARD_S)


def test_ctrl_c_during_smersh_build(tmp_path: Path):
    out = tmp_path / "build"
    (out / "smush").mkdir(parents=True)
    (out / "smush" / "smush.json").write_text('{"an": "older build"}\n')
    before = listing(out)
    result = child("SIGINT", "smush.json", "build", str(SMUSH), "--out", str(out), cwd=tmp_path)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr and ("interrupted" in result.stderr
                                                 or "aborted" in result.stderr), result.stderr
    assert listing(out) == before


def test_ctrl_c_during_smersh_fmt(tmp_path: Path):
    books = tmp_path / "books"
    books.mkdir()
    (books / "calm.smersh").write_text(UNFORMATTED)
    before = listing(books)
    result = child("SIGINT", "calm.smersh", "fmt", str(books), cwd=tmp_path)
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    assert listing(books) == before


def test_a_killed_build_leaves_the_previous_file_and_the_next_build_succeeds(tmp_path: Path,
                                                                           smush_projects):
    """SIGKILL allows no clean-up: the previous file is whole, and a hidden temporary
    (`.smush.json.*.tmp`) may stay behind until someone deletes it (docs/robustness.md)."""
    out = tmp_path / "build"
    (out / "smush").mkdir(parents=True)
    target = out / "smush" / "smush.json"
    target.write_text('{"an": "older build"}\n')
    result = child("SIGKILL", "smush.json", "build", str(SMUSH), "--out", str(out), cwd=tmp_path)
    assert result.returncode == -signal.SIGKILL
    assert target.read_text() == '{"an": "older build"}\n'
    left = sorted(p.name for p in target.parent.iterdir() if p != target)
    assert all(n.startswith(".smush.json.") and n.endswith(".tmp") for n in left), left
    for name in left:                             # the temporary is whole, never the target
        json.loads((target.parent / name).read_text())
    from smersh_dsl.export.build import build_json

    assert build_json(smush_projects, out).written == [target]
    assert json.loads(target.read_text())["id"] == "smush"


# ---------------------------------------------------------------------------- permissions, links

def test_a_rewritten_file_keeps_its_permissions(tmp_path: Path):
    from smersh_dsl.files.atomic import write_atomic

    target = tmp_path / "shared.smersh"
    target.write_text("old")
    target.chmod(0o664)
    write_atomic(target, "new")
    assert target.read_text() == "new" and (target.stat().st_mode & 0o777) == 0o664
    fresh = tmp_path / "fresh.json"
    write_atomic(fresh, "{}")
    umask = os.umask(0o022)
    os.umask(umask)
    assert (fresh.stat().st_mode & 0o777) == 0o666 & ~umask      # not a temporary's 0600


def test_fmt_writes_through_a_symbolic_link_and_keeps_it(tmp_path: Path):
    from smersh_dsl.fmt.rewrite import rewrite
    from smersh_dsl.fmt.run import format_file

    real = tmp_path / "shared" / "calm.smersh"
    real.parent.mkdir()
    real.write_text(UNFORMATTED)
    link = tmp_path / "project" / "calm.smersh"
    link.parent.mkdir()
    link.symlink_to(real)
    rewrite(link, format_file(link).after)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert real.read_text() != UNFORMATTED and real.read_text() == link.read_text()
    assert sorted(p.name for p in link.parent.iterdir()) == ["calm.smersh"]
    assert sorted(p.name for p in real.parent.iterdir()) == ["calm.smersh"]


def test_a_truncated_cache_is_read_again_from_the_source(tmp_path: Path):
    """An interrupted cache write (Lark's grammar tables are written in place by Lark)
    costs a rebuild, never a wrong answer or a traceback."""
    project = tmp_path / "smush"
    shutil.copytree(SMUSH, project)
    (project / "bad.smersh").write_text("entry 01.1.1 { test\n")
    first = child("none", "-", "check", str(project), cwd=tmp_path)
    cached = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert cached, "nothing was cached: this test then proves nothing"
    for path in cached:
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    again = child("none", "-", "check", str(project), cwd=tmp_path)
    assert "Traceback" not in again.stderr + again.stdout
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout) == (1, first.stdout)
    assert "bad.smersh:1:14: error[S003]" in again.stdout
