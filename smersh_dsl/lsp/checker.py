"""Checking a project while the writer types, without keeping the editor waiting.

The server used to check the whole project on its event loop after every change, and
again for every hover or completion: 300 quick edits left the editor 19 seconds without
an answer, and a large buffer blocked it for minutes. Now:

- an edit only (re)starts a short wait (DEBOUNCE_S); the check starts once the writer
  pauses, so a burst of edits costs one check, of the last text;
- the check runs on one worker thread, off the event loop, with the buffers as they
  were when it started; a check that a newer edit overtook is dropped, never published;
- requests (hover, definition, completion...) are answered from the index of the last
  finished check, at once, even while the next one runs.

What a check re-does is what the edit touched: files on disk are re-read only when they
changed (``read_source``) and a text already parsed is not parsed again (the parse
memo); an edited buffer is parsed block by block (``parse_edited``); and only the checks
whose inputs moved run again (checks/memo.py: an edit to prose runs the prose checks, on
the edited file alone).

Everything that parses runs on the one worker thread: the parser keeps module state.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import field
from pathlib import Path
from typing import Any, TypeVar

from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.lsp.index import ProjectIndex
from smersh_dsl.project.discover import SUFFIX, enclosing_project
from smersh_dsl.records import dataclass

DEBOUNCE_S = 0.2            # after the last change, before checking
T = TypeVar("T")
Overlay = dict[Path, str]
Publish = Callable[[Path, list[Diagnostic]], None]


def project_key(path: Path) -> Path:
    """What is checked for a file: its enclosing project, or the file alone."""
    home = enclosing_project(path) if path.suffix == SUFFIX else None
    return home or path


def analyse(key: Path, overlay: Overlay, memo: CheckMemo | None = None,
            previous: ProjectIndex | None = None) -> tuple[ProjectIndex | None, list[Diagnostic]]:
    """Check one project with the editor's buffers in place of their files (on the
    worker thread; ``memo``: the project's last findings, so that only the checks whose
    inputs moved run again; ``previous``: its last index, whose unchanged files' uses the
    new one takes). None when it could not be checked at all."""
    try:
        # shown as the editor names the file: a link's own path, not where it leads
        projects, found = check_paths([key], memo=memo, shown=lambda p: os.path.abspath(p),
                                      overlay=overlay)
        return (ProjectIndex(projects[0], previous) if projects else None), found
    except Exception:        # an editor must never lose its server to odd input
        return None, []


@dataclass
class State:
    """One project's checks: the latest edit's number, the wait or check under way for
    it, and what the last finished check left."""
    generation: int = 0
    pending: asyncio.Task | None = None
    index: ProjectIndex | None = None
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    memo: CheckMemo = field(default_factory=CheckMemo)    # used on the worker thread only


class Checker:
    def __init__(self, overlay: Callable[[], Overlay], publish: Publish) -> None:
        self._overlay = overlay      # the buffers now (read on the event loop)
        self._publish = publish      # diagnostics of a finished check (on the event loop)
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="smersh-check")
        self._states: dict[Path, State] = {}

    def _state(self, key: Path) -> State:
        return self._states.setdefault(key, State())

    def schedule(self, path: Path, delay: float = DEBOUNCE_S) -> None:
        """Check ``path``'s project once nothing has changed for ``delay`` seconds; an
        earlier wait, or a check still running, for that project is given up."""
        key = project_key(path)
        state = self._state(key)
        state.generation += 1
        if state.pending is not None:
            state.pending.cancel()
        state.pending = asyncio.get_running_loop().create_task(
            self._check_later(key, state, state.generation, delay))

    async def _check_later(self, key: Path, state: State, generation: int, delay: float) -> None:
        await asyncio.sleep(delay)
        index, found = await self.run(analyse, key, self._overlay(), state.memo, state.index)
        if generation != state.generation:
            return                   # a newer edit came while it ran: its check follows
        state.pending = None
        if index is not None:
            state.index = index
        state.finished.set()
        self._publish(key, found)

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        """Run ``job`` on the worker thread, after what is queued there already."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, job, *args)

    async def index_of(self, path: Path) -> ProjectIndex | None:
        """The index of the last finished check of ``path``'s project; the first time,
        once the first check has finished."""
        key = project_key(path)
        state = self._state(key)
        if state.index is None:
            if state.pending is None:
                self.schedule(path, delay=0)
            await state.finished.wait()
        return state.index

    def shutdown(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)
