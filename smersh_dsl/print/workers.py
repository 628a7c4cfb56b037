"""The processes that render sections, which may be started before there is anything to
render.

Each worker lays a small page out as it starts (``jobs.warm_up``: WeasyPrint imported,
fonts registered, the hyphenation dictionary loaded), which takes about a second. Started
as soon as `smersh build` knows it will print, the workers do that while this process is
still making the documents' HTML, instead of after it. Sections are handed out longest
first, so that no long section (a big book's index) is left for last.

A worker never outlives the process that started it (``_die_with``): killed, even by
SIGKILL, that process can no longer shut its pool down, and its workers, blocked writing
a result nobody reads, would stay for good. On Linux the kernel kills each worker when
its parent ends (``prctl(PR_SET_PDEATHSIG)``); everywhere, a thread of the worker checks
every ``PARENT_POLL_S`` seconds that its parent is still the one that started it.
Leaving a ``with Renderers(...)`` block on an exception (Ctrl-C, SIGTERM, a failed
section) ends the workers at once rather than wait for the sections they are rendering.

Each worker renders under the limits of ``print/limits.py`` (its memory, the CPU time of
a section); one that a limit ends breaks the pool, and `OverLimit` names the section it
was rendering and why.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait as wait_for_ends
from typing import Any

from smersh_dsl.print import limits
from smersh_dsl.print.jobs import OutOfMemory, RenderError, Rendered, render_section, warm_up
from smersh_dsl.print.profiles import Profile


class RenderFailed(Exception):
    """A section could not be rendered; the message names it, without a traceback."""

    @classmethod
    def of(cls, plan: Any, section: Any, error: RenderError) -> RenderFailed:
        return cls(f"could not render {plan.document.name}, section {section.title}: {error}")


class OverLimit(Exception):
    """A rendering process was ended by a limit (print/limits.py) while rendering
    ``sections`` (each a (plan, section)); ``why`` says which."""

    def __init__(self, sections: list[tuple[Any, Any]], why: str) -> None:
        super().__init__(why)
        self.sections, self.why = sections, why


def default_jobs(work: int | None = None) -> int:
    """A process a CPU, and no more than there is ``work``."""
    cpus = os.cpu_count() or 1
    return max(1, cpus if work is None else min(cpus, work))


PARENT_POLL_S = 1.0       # how often a worker checks that its parent is still there
REAP_WAIT_S = 5.0         # how long an ended worker is waited for, to read its exit code
_PR_SET_PDEATHSIG = 1     # from <linux/prctl.h>


_TRACKER: limits.Tracker | None = None      # in a worker: where it says what it renders


def _start_worker(parent: int, tracker: limits.Tracker) -> None:
    """What each rendering process does first: tie its life to ``parent``, take its
    limits, then warm up."""
    global _TRACKER
    # The parent may have a SIGTERM handler of its own (`smersh build` unwinds on it):
    # a worker ends on SIGTERM, as `close` expects.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with(parent)
    tracker.claim()
    _TRACKER = tracker
    limits.limit_memory()
    _warm_up_quietly()


def _render_limited(index: int, *args: Any) -> Rendered:
    """`render_section` in a worker, under the CPU limit of one section, saying which."""
    tracker = _TRACKER
    if tracker is not None:
        tracker.on(index)
    limits.limit_cpu_for_a_section()
    try:
        return render_section(*args)
    finally:
        if tracker is not None:
            tracker.on(None)


def _die_with(parent: int) -> None:
    """End this process as soon as ``parent`` (the process that started it) has ended."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):   # no prctl: the thread below still watches
            pass
    if os.getppid() != parent:              # it ended before prctl took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="smersh-watch-parent",
                     daemon=True).start()


def _watch_parent(parent: int) -> None:
    # An orphan is adopted by init (or a subreaper): its parent id changes.
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os._exit(1)


def _warm_up_quietly() -> None:
    try:
        warm_up()
    except Exception:    # noqa: BLE001  a head start only: rendering reports what is wrong
        pass


def _exit_code(process: Any) -> int | None:
    """The exit code of an ended ``process``. The pool's own thread reaps its processes
    too: whichever of the two threads reaps one sets the code, and the other's
    ``waitpid`` fails and says None meanwhile, so the code is asked for again until the
    reaping thread has set it."""
    process.join(REAP_WAIT_S)
    deadline = time.monotonic() + REAP_WAIT_S
    while process.exitcode is None and time.monotonic() < deadline:
        time.sleep(0.01)
    return process.exitcode


class Renderers:
    """A pool of ``size`` rendering processes (forked where the platform can), started by
    `start` or on entering a ``with`` block, and shut down on leaving it."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._pool: ProcessPoolExecutor | None = None
        self._used = False
        self._tracker: limits.Tracker | None = None
        self._processes: dict[int, Any] = {}

    def start(self) -> Renderers:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("fork" if "fork" in methods else None)
            self._tracker = limits.Tracker(context, self.size)
            self._pool = ProcessPoolExecutor(max_workers=self.size, mp_context=context,
                                             initializer=_start_worker,
                                             initargs=(os.getpid(), self._tracker))
            self._pool.submit(int)      # the processes start now, not at the first section
            self._processes = dict(getattr(self._pool, "_processes", None) or {})
        return self

    def __enter__(self) -> Renderers:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.close(abandon=kind is not None)

    def close(self, abandon: bool = False) -> None:
        """Shut the pool down; ``abandon``: end the workers rather than let them finish."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if abandon or not self._used:
            # Nothing to render after all (every section was cached), or nothing they
            # render will be used (an interruption, a failed section): end the workers
            # rather than wait for their warm-up or their sections to finish. The pool
            # offers no way to (Python 3.14 adds `terminate_workers`), so its processes
            # are ended directly.
            processes = getattr(pool, "_processes", None) or {}
            for process in list(processes.values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    def render_all(self, todo: list[tuple[Any, Any, str]], profile: Profile,
                   finished: Callable[[int, Any, Any, str, Rendered], None]) -> None:
        """Render every (plan, section, key) of ``todo``; ``finished`` hears of each as it
        is done (with how many are done). `RenderFailed` names a section that failed."""
        pool = self.start()._pool
        assert pool is not None
        self._used = True
        # Longest first (by HTML, which tracks layout time): the index of a big book takes
        # two or three times a section of entries, and started last it kept one process
        # busy for seconds after the other had finished.
        ordered = sorted(todo, key=lambda item: len(item[1].html), reverse=True)
        futures: dict[Future, tuple[Any, Any, str]] = {
            pool.submit(_render_limited, index, section.html, profile, plan.document.forms,
                        plan.document.pictures):
            (plan, section, key) for index, (plan, section, key) in enumerate(ordered)}
        pending, count = set(futures), 0
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                plan, section, key = futures[future]
                try:
                    rendered = future.result()
                except OutOfMemory:
                    self.close(abandon=True)
                    raise OverLimit([(plan, section)], limits.out_of_memory()) from None
                except RenderError as error:
                    self.close(abandon=True)
                    raise RenderFailed.of(plan, section, error) from None
                except BrokenProcessPool:
                    ended = self._ended(ordered)
                    self.close(abandon=True)
                    raise ended from None
                count += 1
                finished(count, plan, section, key, rendered)

    def _dead(self) -> dict[int, int | None]:
        """The processes that have ended, with their exit codes. A process's end is seen
        (its sentinel) a moment before it can be reaped, and the pool's own thread may
        reap it first: so the ended ones are those whose sentinel is ready, joined for
        their code (None if it cannot be had within REAP_WAIT_S)."""
        ended = set(wait_for_ends([p.sentinel for p in self._processes.values()], timeout=0))
        return {pid: _exit_code(process) for pid, process in self._processes.items()
                if process.sentinel in ended}

    def _ended(self, ordered: list[tuple[Any, Any, str]]) -> OverLimit:
        """What ended the pool: the sections its dead processes were rendering, and why.
        (Once one is dead, the pool ends the others with SIGTERM: those are not the cause.)"""
        dead = self._dead()
        causes = {pid: code for pid, code in dead.items() if code != -signal.SIGTERM} or dead
        sections = [ordered[i][:2] for pid in causes
                    for i in (self._tracker.sections_of(pid) if self._tracker else [])
                    if 0 <= i < len(ordered)]
        code = next(iter(causes.values()), None)
        return OverLimit(sections, limits.why_it_ended(code))
