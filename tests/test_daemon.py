"""`smersh check --daemon` (issue #8, the warm re-check): the daemon's answer is exactly
what `smersh check` prints, edits are seen, and when no daemon can serve, the check runs
in the process as before."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from conftest import REPO, smersh

BROKEN = REPO / "tests" / "golden" / "reports" / "broken"


@pytest.fixture
def runtime():
    """A private, short folder for this test's daemon sockets (socket paths are short),
    and the daemon stopped afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="sd", dir="/tmp"))
    env = {"XDG_RUNTIME_DIR": str(folder), "SMERSH_DAEMON_IDLE_S": "120"}
    yield env
    smersh("daemon", "stop", env=env)
    shutil.rmtree(folder, ignore_errors=True)


def test_the_daemon_prints_what_check_prints_and_sees_an_edit(runtime, tmp_path):
    project = tmp_path / "broken"
    shutil.copytree(BROKEN, project)
    plain = smersh("check", str(project))
    first = smersh("check", "--daemon", str(project), env=runtime)
    assert (first.returncode, first.stdout) == (plain.returncode, plain.stdout) == (1, plain.stdout)
    assert "error" in first.stdout
    again = smersh("check", "--daemon", str(project), "--format", "json", env=runtime)
    assert again.stdout == smersh("check", str(project), "--format", "json").stdout

    edited = next(project.rglob("*.smersh"))
    edited.write_text(edited.read_text(encoding="utf-8") + '\nskill "Spycraft" {}\nstatus {\n',
                      encoding="utf-8")
    after = smersh("check", "--daemon", "-q", str(project), env=runtime)
    assert after.stdout == smersh("check", "-q", str(project)).stdout
    assert "S00" in after.stdout and after.stdout != first.stdout


def test_status_and_stop(runtime):
    assert smersh("daemon", "status", env=runtime).returncode == 1
    started = smersh("daemon", "start", env=runtime)
    assert started.returncode == 0 and "running" in started.stdout
    status = smersh("daemon", "status", env=runtime)
    assert status.returncode == 0 and "is running (process" in status.stdout
    stopped = smersh("daemon", "stop", env=runtime)
    assert "stopped the daemon" in stopped.stdout
    assert smersh("daemon", "status", env=runtime).returncode == 1
    assert not list(Path(runtime["XDG_RUNTIME_DIR"]).rglob("*.sock"))


def test_a_stale_socket_file_is_replaced_by_a_new_daemon(runtime):
    smersh("daemon", "start", env=runtime)
    socket_file = next(Path(runtime["XDG_RUNTIME_DIR"]).rglob("*.sock"))
    smersh("daemon", "stop", env=runtime)
    socket_file.touch()                    # left behind, as by a daemon that was killed
    checked = smersh("check", "--daemon", "-q", str(BROKEN), env=runtime)
    assert checked.returncode == 1 and "not available" not in checked.stderr
    assert smersh("daemon", "status", env=runtime).returncode == 0


def test_without_a_private_socket_folder_the_check_runs_here():
    shared = Path(tempfile.mkdtemp(prefix="sd", dir="/tmp"))
    try:
        (shared / f"smersh-dsl-{os.getuid()}").mkdir()
        (shared / f"smersh-dsl-{os.getuid()}").chmod(0o777)     # anyone could plant a socket
        checked = smersh("check", "--daemon", "-q", str(BROKEN),
                         env={"XDG_RUNTIME_DIR": str(shared)})
    finally:
        shutil.rmtree(shared, ignore_errors=True)
    assert "the daemon is not available" in checked.stderr and "not a private folder" in checked.stderr
    assert (checked.returncode, checked.stdout) == (1, smersh("check", "-q", str(BROKEN)).stdout)
