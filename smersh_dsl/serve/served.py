"""What the routes of `smersh serve` share, passed to each explicitly: the live check and
its pages, the games in play, and the two solvers that compute in processes of their own
(the Odds page's chance, the Entries page's games). ``running`` is the server's life:
the first check, the watching of the files, and the stopping of what it started."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from smersh_dsl.records import dataclass
from smersh_dsl.serve.live import Live
from smersh_dsl.serve.play import Sessions
from smersh_dsl.serve.solver import Solver


@dataclass
class Served:
    live: Live
    sessions: Sessions
    solver: Solver          # the Odds page's exact chance
    figures: Solver         # the Entries page's games

    @asynccontextmanager
    async def running(self, watch: bool) -> AsyncIterator[None]:
        from smersh_dsl.parse import collector
        collector.one_shot(False)          # a long life: what a re-check replaces is freed
        await self.live.recheck()
        task = asyncio.create_task(self.live.watch()) if watch else None
        yield
        if task is not None:
            task.cancel()
        self.live.worker.shutdown(wait=False, cancel_futures=True)
        self.solver.close()
        self.figures.close()
