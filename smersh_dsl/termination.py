"""SIGTERM ends any `smersh` command within seconds, whatever it is doing, with nothing
half-written.

SIGTERM is what `kill`, a CI runner cancelling a job (`timeout`, GitHub Actions) or a
service manager sends. `install` (called by the CLI's entry point) turns it into
`Terminated`, raised in the main thread, which unwinds the command as Ctrl-C does: each
writer removes its temporary file (files/atomic.py), each pool of rendering processes
ends them, and the command exits with 143 (128 + SIGTERM).

An exception is not always enough. Third-party code may catch it and go on: WeasyPrint
draws each SVG picture under ``except BaseException`` and then carries on with the page.
So, once SIGTERM has arrived:

- `stop_if_terminated` raises `Terminated` again; the print pipeline calls it between
  sections and before writing, and the fetcher on every file WeasyPrint asks for, so a
  swallowed interruption never ends in a written PDF;
- a watchdog thread waits ``GRACE_S`` seconds; if the process is still there, it kills
  the child processes started through `run` (each in its own process group, with what it
  started in turn) and ends the process at once (the rendering processes die with it,
  print/workers.py). Files are written to a temporary name and renamed into place, so
  an ending at any moment leaves each output as it was or wholly new.

`run` is `subprocess.run` for a child that must not outlive smersh (Graphviz's `dot`): it
starts in a process group of its own, and is killed with its group when the call is left
by an exception (SIGTERM, Ctrl-C, a time-out) or when the watchdog ends the process.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from typing import Any

GRACE_S = 3.0             # from SIGTERM to the forced end, if unwinding has not ended it
EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: raised in the main thread, it unwinds the command as Ctrl-C does."""


_received = threading.Event()
_children: set[subprocess.Popen] = set()
_children_lock = threading.Lock()
_forks_reset = False


def install() -> None:
    """Turn SIGTERM into `Terminated` (only the main thread can set a signal handler:
    elsewhere, SIGTERM is left as it is). A process forked from this one (a pool's worker)
    gets SIGTERM's default back: a pool ends its workers with SIGTERM, and a worker that
    raised `Terminated` in its idle loop printed a traceback after a finished report."""
    global _forks_reset
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_sigterm)
        if not _forks_reset:
            os.register_at_fork(after_in_child=_default_in_child)
            _forks_reset = True


def _default_in_child() -> None:
    if signal.getsignal(signal.SIGTERM) is _on_sigterm:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def received() -> bool:
    """Whether SIGTERM has arrived."""
    return _received.is_set()


def stop_if_terminated() -> None:
    """Raise `Terminated` if SIGTERM has arrived (again, if something swallowed it)."""
    if _received.is_set():
        raise Terminated


def _on_sigterm(_signal: int, _frame: object) -> None:
    if not _received.is_set():
        _received.set()
        threading.Thread(target=_watchdog, name="smersh-sigterm", daemon=True).start()
    raise Terminated


def _watchdog() -> None:
    threading.Event().wait(GRACE_S)
    kill_children()
    try:
        os.write(2, b"smersh: terminated\n")
    finally:
        os._exit(EXIT_TERMINATED)


def kill_children() -> None:
    """Kill every child started by `run` that is still running, with its process group."""
    with _children_lock:
        children = list(_children)
    for child in children:
        _kill_group(child)


def _kill_group(child: subprocess.Popen) -> None:
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run(args: list[str], *, input: str | bytes | None = None, timeout: float | None = None,
        **options: Any) -> subprocess.CompletedProcess:
    """`subprocess.run` (its output captured) for a child that never outlives this call:
    started in its own process group, killed with it if the call is left early."""
    child = subprocess.Popen(args, stdin=subprocess.PIPE if input is not None else None,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True, **options)
    with _children_lock:
        _children.add(child)
    try:
        out, err = child.communicate(input, timeout=timeout)
    except BaseException:
        _kill_group(child)
        child.wait()
        raise
    finally:
        with _children_lock:
            _children.discard(child)
    return subprocess.CompletedProcess(args, child.returncode, out, err)
