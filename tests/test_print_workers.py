"""Rendering processes die with the process that started them (``print/workers.py``), and
a terminated `smersh build` leaves --out as it was.

Killing `smersh build` (SIGKILL or SIGTERM) once left its two rendering processes, 140 MB
each, blocked for good writing results nobody would read. These tests start the real
command on the bundled epic with two jobs, kill it while the workers render, and wait
for every worker to be gone (with the suite's hang guard, tests/waiting.py: how soon is
the machine's business, that they go is the program's).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO
from waiting import HANG_GUARD_S

GRACE_S = HANG_GUARD_S
EPIC = REPO / "books" / "epic"

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="finds processes through /proc (Linux)")


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid``, from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def wait_for(condition, timeout: float = HANG_GUARD_S) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def listing(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def start_build(tmp_path: Path, out: Path, *extra: str) -> tuple[subprocess.Popen, Path]:
    """`smersh build --format pdf` of the epic in two processes, uncached, in a session of
    its own (so that whatever it leaves can be found and ended by the test)."""
    log = tmp_path / "stderr.txt"
    env = {k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}
    env["SMERSH_CACHE_DIR"] = ""
    with log.open("wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "smersh_dsl", "build", str(EPIC), "--format", "pdf",
             "--jobs", "2", "--out", str(out), *extra],
            stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=tmp_path,
            start_new_session=True)
    return process, log


def end_session(process: subprocess.Popen) -> None:
    """End whatever is left of the session the test started (nothing, when all is well)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait(timeout=HANG_GUARD_S)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_killing_the_build_leaves_no_rendering_process(tmp_path, how):
    out = tmp_path / "out"
    old = out / "smersh" / "print" / "pnp" / "showdown-book.pdf"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"%PDF-1.7 an older build\n%%EOF\n")
    before = listing(out)
    process, log = start_build(tmp_path, out)
    try:
        # Kill it while its workers render: once the first section is done.
        assert wait_for(lambda: "rendered " in log.read_text(errors="replace")
                        or process.poll() is not None), log.read_text()
        assert process.poll() is None, f"the build ended first:\n{log.read_text()}"
        workers = children_of(process.pid)
        assert len(workers) >= 2, workers     # the two rendering processes
        os.kill(process.pid, how)
        code = process.wait(timeout=HANG_GUARD_S)
        assert wait_for(lambda: not any(alive(pid) for pid in workers), GRACE_S), \
            [pid for pid in workers if alive(pid)]
    finally:
        end_session(process)
    stderr = log.read_text(errors="replace")
    if how == signal.SIGTERM:
        assert code == 128 + signal.SIGTERM, stderr
        assert "terminated; no PDF written" in stderr and "Traceback" not in stderr, stderr
    else:
        assert code == -signal.SIGKILL
    # Nothing half-written, no temporary left: --out is as it was.
    assert listing(out) == before


CHILD = r"""
import os, signal, sys
target = sys.argv[1]
real_replace = os.replace
def replace(source, destination, *args, **kwargs):
    if os.path.basename(destination) == target:
        os.kill(os.getpid(), signal.SIGTERM)
    return real_replace(source, destination, *args, **kwargs)
os.replace = replace
sys.argv = ["smersh"] + sys.argv[2:]
from smersh_dsl.cli import main
main()
"""


def test_sigterm_as_a_pdf_is_renamed_into_place_leaves_the_previous_one(tmp_path):
    """SIGTERM at the last moment, as the first PDF's temporary file is renamed over it:
    the previous PDF is whole, and the temporary is removed."""
    project = REPO / "books" / "smush"
    out = tmp_path / "out"
    target = out / "smush" / "print" / "pnp" / "cards.pdf"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"%PDF-1.7 an older build\n%%EOF\n")
    before = listing(out)
    env = {k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}
    env["SMERSH_CACHE_DIR"] = str(tmp_path / "cache")
    process = subprocess.Popen([sys.executable, "-c", CHILD, "cards.pdf", "build",
                                str(project), "--format", "pdf", "--jobs", "2", "--out", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env=env, cwd=tmp_path, start_new_session=True)
    try:
        # (The stream closes only once the workers, which hold it too, are gone.)
        _, stderr = process.communicate(timeout=HANG_GUARD_S)
    finally:
        end_session(process)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "terminated; no PDF written" in stderr and "Traceback" not in stderr, stderr
    assert listing(out) == before


ORPHAN = r"""
import os, signal, sys, time
from smersh_dsl.print import workers
way = sys.argv[1]
if way == "watch":            # the portable check alone: as on a system without prctl
    sys.platform = "other"
else:                         # prctl alone: no watching thread
    workers._watch_parent = lambda parent: None
parent = os.getpid()
child = os.fork()
if child == 0:
    workers._die_with(parent)
    os.write(1, b"ready\n")
    while True:               # blocked, as a worker writing to a full pipe
        time.sleep(60)
print(child, flush=True)
time.sleep(600)
"""


@pytest.mark.parametrize("way", ["watch", "prctl"])
def test_each_parent_death_check_alone_ends_an_orphan(way):
    if way == "prctl" and not sys.platform.startswith("linux"):
        pytest.skip("prctl(PR_SET_PDEATHSIG) is Linux's")
    middle = subprocess.Popen([sys.executable, "-c", ORPHAN, way], stdout=subprocess.PIPE,
                              text=True, start_new_session=True)
    try:
        lines = [middle.stdout.readline(), middle.stdout.readline()]
        child = int(next(line for line in lines if line.strip().isdigit()))
        assert alive(child)
        middle.kill()
        middle.wait(timeout=HANG_GUARD_S)
        assert wait_for(lambda: not alive(child), GRACE_S), f"{child} outlived its parent"
    finally:
        end_session(middle)
