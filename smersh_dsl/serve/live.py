"""The live state of the served projects: the last check's snapshot and its pages, made
again when a file changes, and the queues of the browsers listening for what moved.

A re-check runs on one worker thread, off the event loop, as the language server's do
(lsp/checker.py): files on disk are re-read only when they changed and a text already
parsed is not parsed again (the parse memo), so a save costs the parse of one file and the
checks. Saves that arrive while a check runs are folded into the next one.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.export.game import EntryMemo
from smersh_dsl.project.discover import SUFFIX
from smersh_dsl.site.pages import Page, pages
from smersh_dsl.site.snapshot import Snapshot, take

WATCH_DEBOUNCE_MS = 30       # watchfiles' wait for more changes (its default is 1.6 s)
WATCH_STEP_MS = 20


class Live:
    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        self.version = 0
        self.snapshot: Snapshot | None = None
        self.pages: dict[str, Page] = {}
        self.listeners: set[asyncio.Queue] = set()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="smersh-serve")
        self.last_check_s = 0.0
        self.problem: str | None = None
        self.made: dict[str, tuple[str, str]] = {}     # name -> (made_of, text)
        self.memo = EntryMemo()                          # entries' JSON between checks
        self.checks = CheckMemo()                        # each check's findings between checks

    def rendered(self, page: Page) -> str:
        """The page's text, made again only when what it is made of moved (on the worker
        thread: rendering reads the snapshot the next check replaces)."""
        known = self.made.get(page.name)
        if known is not None and known[0] == page.made_of:
            return known[1]
        text = page.make(page.made_of)
        self.made[page.name] = (page.made_of, text)
        return text

    def check(self) -> None:
        """Check the paths and make the pages (on the worker thread)."""
        from smersh_dsl.pipeline.run import check_paths
        started = time.perf_counter()
        try:
            projects, found = check_paths(self.paths, memo=self.checks)
            snap = take(projects, found, self.version + 1, self.snapshot, self.memo)
            made = pages(snap, live=True)
        except Exception as error:       # a writer's half-saved file must not stop the server
            self.problem = f"the last check failed: {type(error).__name__}: {error}"
            return
        self.problem = None
        self.snapshot, self.pages, self.version = snap, made, snap.version
        for gone in set(self.made) - set(made):
            del self.made[gone]
        self.last_check_s = time.perf_counter() - started
        # What is alive now (the parsed files, the pages' data) is kept out of the cycle
        # collector's scans, as the daemon does; it is still freed once unreferenced.
        gc.freeze()

    async def recheck(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self.worker, self.check)
        self.broadcast()

    def news(self) -> str:
        counts = {"error": 0, "warning": 0, "info": 0}
        for d in self.snapshot.findings if self.snapshot else ():
            counts[d.severity.value] = counts.get(d.severity.value, 0) + 1
        return json.dumps({"version": self.version, "counts": counts, "problem": self.problem,
                           "pages": {name: p.made_of for name, p in self.pages.items()}})

    def broadcast(self) -> None:
        message = self.news()
        for queue in list(self.listeners):
            if queue.qsize() > 8:            # a browser that reads nothing gets the latest only
                while not queue.empty():
                    queue.get_nowait()
            queue.put_nowait(message)

    def roots(self) -> list[Path]:
        return [p if p.is_dir() else p.parent for p in self.paths if p.exists()]

    async def watch(self) -> None:
        """Re-check after each burst of changes to .smersh files (or smersh.toml)."""
        from watchfiles import awatch

        def wanted(_change, path: str) -> bool:
            return path.endswith(SUFFIX) or path.endswith("smersh.toml")

        async for _changes in awatch(*self.roots(), watch_filter=wanted,
                                     debounce=WATCH_DEBOUNCE_MS, step=WATCH_STEP_MS,
                                     recursive=True):
            await self.recheck()
