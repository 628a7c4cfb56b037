"""The Odds page's exact chance, computed off the page worker and within a budget.

Solving a showdown for four spies costs seconds of CPU (play/epic/exact.py). On the one
worker that renders pages and re-checks, one request stalled every page; a request
whose client had gone kept computing. So each solve runs in its own process (spawned,
never forked from the server's threads), at most ``RUNNING`` at a time:

- the answer is kept by what it depends on (the Odds page's digest, the section, the
  party), the last ``KEPT`` of them, so a second request costs nothing;
- the process is killed as soon as the client goes away (``gone``) or once it has run
  ``SOLVE_S`` seconds; the page then says the odds are too costly to compute here. The
  process also limits its own CPU time (``RLIMIT_CPU``), so that it cannot outlive the
  budget even if the server dies.

The party's size is bounded before anything runs (``MAX_SPIES``, the game's four).
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from contextlib import suppress

MAX_SPIES = 4
SOLVE_S = 20.0
KEPT = 128
RUNNING = 2
POLL_S = 0.1



def too_costly(limit_s: float) -> dict:
    return {"error": f"too costly to compute here (over {limit_s:g} s): use "
                     "`smersh stats --showdown` for a sampled estimate", "costly": True}


def solve_victory(doc: dict, section: str, spies: list[dict[str, int]]) -> dict:
    """The child's work: the exact chance, as site/odds.py gives it."""
    from smersh_dsl.site.odds import victory
    return victory(doc, {"section": section, "spies": spies})


def _child(conn, target: Callable, args: tuple, cpu_s: float) -> None:
    import resource
    limit = math.ceil(cpu_s) + 1
    with suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
    conn.send(target(*args))
    conn.close()


class Solver:
    """Solves by their inputs, each in a process of its own."""

    def __init__(self, limit_s: float = SOLVE_S, target: Callable = solve_victory,
                 name: str = "smersh-serve-odds", costly: Callable[[float], dict] = too_costly
                 ) -> None:
        self.limit_s, self.target, self.name, self.costly = limit_s, target, name, costly
        self.kept: OrderedDict[tuple, dict] = OrderedDict()
        self.context = multiprocessing.get_context("spawn")
        self.slots = asyncio.Semaphore(RUNNING)
        self.running: set = set()
        self.started = 0                           # processes started (the tests count them)

    async def solve(self, key: tuple, doc: dict, section: str, spies: list[dict[str, int]],
                    gone: Callable[[], Awaitable[bool]]) -> dict | None:
        """The result for ``key``; None when the client went away first."""
        result = await self.compute(key, (doc, section, spies), gone)
        return None if result is None else {"section": section, **result}

    async def compute(self, key: tuple, args: tuple,
                      gone: Callable[[], Awaitable[bool]]) -> dict | None:
        """``target(*args)``, kept by ``key``; None when the client went away first."""
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        while True:                                 # wait for a slot, unless the client leaves
            try:
                await asyncio.wait_for(self.slots.acquire(), POLL_S)
                break
            except asyncio.TimeoutError:
                if await gone():
                    return None
        try:
            result = await self._run(args, gone)
        finally:
            self.slots.release()
        if result is None:
            return None
        if not result.get("costly"):              # the machine may be less busy next time
            self.kept[key] = result
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        return result

    async def _run(self, args: tuple, gone: Callable[[], Awaitable[bool]]) -> dict | None:
        loop = asyncio.get_running_loop()
        mine, theirs = self.context.Pipe(duplex=False)
        process = self.context.Process(target=_child, args=(theirs, self.target, args, self.limit_s),
                                       daemon=True, name=self.name)
        answered = asyncio.Event()
        process.start()
        self.started += 1
        self.running.add(process)
        theirs.close()
        loop.add_reader(mine.fileno(), answered.set)
        try:
            deadline = loop.time() + self.limit_s
            while not answered.is_set():
                with suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(answered.wait(), POLL_S)
                if answered.is_set():
                    break
                if await gone():
                    return None
                if loop.time() > deadline:
                    return self.costly(self.limit_s)
            try:
                return mine.recv()
            except (EOFError, OSError):             # killed by its CPU limit, say
                return self.costly(self.limit_s)
        finally:
            loop.remove_reader(mine.fileno())
            mine.close()
            self._end(process)

    def _end(self, process) -> None:
        if process.is_alive():
            process.kill()
        process.join()
        self.running.discard(process)

    def close(self) -> None:
        for process in list(self.running):
            self._end(process)
