"""SIGTERM ends any `smersh` command within 5 s, whatever WeasyPrint or Graphviz is doing,
with nothing written (issue #26).

What a CI runner cancelling a job does: `timeout 90 smersh build ... --jobs 1` sent
SIGTERM at 90 s, and the build went on rendering for 12 more minutes, because WeasyPrint
draws each SVG picture under ``except BaseException`` and so swallowed the interruption.
Here the renderer is made to behave that way on purpose (a draw that swallows every
exception and never returns), and Graphviz's `dot` is one that never ends; each test
waits for a readiness signal from the stuck part, not for a time.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO
from waiting import HANG_GUARD_S
from test_print_workers import alive, children_of, wait_for

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="finds processes through /proc (Linux)")

WITHIN_S = 5.0         # the promise, from SIGTERM to every process gone
READY_S = HANG_GUARD_S  # the hang guard: how long the command may take to reach the stuck part

SWALLOWING_DRAW = r"""
import os, sys, time
import weasyprint.svg

def draw(self, *args, **kwargs):
    # An SVG draw that swallows everything, as WeasyPrint's own wrapper does, and never
    # ends: only the process's end stops it.
    os.write(2, b"READY drawing the picture\n")
    while True:
        try:
            time.sleep(0.05)
        except BaseException:
            pass

weasyprint.svg.SVG.draw = draw
sys.argv = ["smersh"] + sys.argv[1:]
from smersh_dsl.cli import main
main()
"""

BOOK = '''game g "Slow Art" {
  skills { Spycraft }
}
region Europe { city Paris }
card Europe 1 "Followed" { art "art/badge.svg" response 1 "Hide" }
''' + "".join(f'entry 01.1.{d} {{ "Tailed." test Spycraft pass {{ gain 1 intel }} '
              f'fail {{ take 1 injury }} }}\n' for d in range(1, 6))
BADGE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
         '<rect width="10" height="10" fill="#0000ff"/></svg>\n')


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (children, theirs...), from /proc."""
    found, frontier = set(), {pid}
    while frontier:
        frontier = set().union(*(children_of(p) for p in frontier)) - found
        found |= frontier
    return found


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}
    env["SMERSH_CACHE_DIR"] = str(tmp_path / "cache")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


def _terminate(process: subprocess.Popen, others: set[int]) -> tuple[int | None, set[int]]:
    """SIGTERM to ``process``; its exit code and what is still alive after ``WITHIN_S``."""
    watched = others | descendants(process.pid)
    os.kill(process.pid, signal.SIGTERM)
    ended = wait_for(lambda: process.poll() is not None
                     and not any(alive(pid) for pid in watched), WITHIN_S)
    return (process.poll(), set() if ended else {p for p in watched if alive(p)})


def _end(process: subprocess.Popen, others: set[int]) -> None:
    for pid in [process.pid, *others]:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    process.wait(timeout=HANG_GUARD_S)


def project_with_a_picture(tmp_path: Path) -> Path:
    """A small book whose one card shows `art/badge.svg`."""
    root = tmp_path / "book"
    (root / "art").mkdir(parents=True)
    (root / "art" / "badge.svg").write_text(BADGE, encoding="utf-8")
    (root / "book.smersh").write_text(BOOK, encoding="utf-8")
    return root


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_sigterm_ends_a_build_whose_renderer_swallows_it(tmp_path, jobs):
    root = project_with_a_picture(tmp_path)
    out = tmp_path / "out"
    log = tmp_path / "stderr.txt"
    with log.open("wb") as err:
        process = subprocess.Popen([sys.executable, "-c", SWALLOWING_DRAW, "build", str(root),
                                    "--format", "pdf", "--jobs", jobs, "--out", str(out)],
                                   stdout=subprocess.DEVNULL, stderr=err, env=_env(tmp_path),
                                   cwd=tmp_path, start_new_session=True)
    others: set[int] = set()
    try:
        assert wait_for(lambda: b"READY" in log.read_bytes() or process.poll() is not None,
                        READY_S), log.read_text()
        assert process.poll() is None, log.read_text()
        others = descendants(process.pid)
        code, left = _terminate(process, others)
    finally:
        _end(process, others)
    stderr = log.read_text(errors="replace")
    assert not left and code is not None, f"still running {WITHIN_S} s after SIGTERM: {left}"
    assert code == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr, stderr
    written = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    assert written == []                          # no PDF, no temporary file


FOREVER_DOT = """#!/bin/sh
echo $$ > "$SMERSH_TEST_DOT_READY.tmp"
mv "$SMERSH_TEST_DOT_READY.tmp" "$SMERSH_TEST_DOT_READY"
exec sleep 600
"""


def test_sigterm_ends_graphviz_with_smersh(tmp_path):
    """`smersh graph --format svg` waiting on a `dot` that never ends: both are gone."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "dot").write_text(FOREVER_DOT)
    (bin_dir / "dot").chmod(0o755)
    ready = tmp_path / "dot.pid"
    env = _env(tmp_path, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               SMERSH_TEST_DOT_READY=str(ready))
    process = subprocess.Popen([sys.executable, "-m", "smersh_dsl", "graph",
                                str(REPO / "books" / "epic"), "--showdown", "Pierre",
                                "--format", "svg"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                               cwd=tmp_path, start_new_session=True)
    others: set[int] = set()
    try:
        assert wait_for(lambda: ready.exists() or process.poll() is not None, READY_S)
        assert process.poll() is None, process.stderr.read().decode()
        others = {int(ready.read_text())}
        code, left = _terminate(process, others)
    finally:
        _end(process, others)
    stderr = process.stderr.read().decode(errors="replace")
    assert not left, f"still running {WITHIN_S} s after SIGTERM: {left}"
    assert code == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr, stderr


def test_a_forked_worker_is_ended_by_sigterm_as_a_process_is_without_smersh(monkeypatch):
    """A pool ends its workers with SIGTERM (`multiprocessing.Pool.terminate`, which
    `with Pool(...)` calls): a worker forked from smersh must die of it quietly, not raise
    `Terminated` in its idle loop and print a traceback after the report (`simulate epic`)."""
    import multiprocessing

    from smersh_dsl import termination

    previous = signal.getsignal(signal.SIGTERM)
    try:
        termination.install()
        assert signal.getsignal(signal.SIGTERM) is termination._on_sigterm
        reader, writer = multiprocessing.get_context("fork").Pipe(duplex=False)
        child = multiprocessing.get_context("fork").Process(
            target=lambda: writer.send(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL))
        child.start()
        assert reader.recv() is True
        child.join()
    finally:
        signal.signal(signal.SIGTERM, previous)
