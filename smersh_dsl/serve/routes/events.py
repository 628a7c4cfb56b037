"""`/events`: what moved, pushed to each open page as server-sent events (the versions
of the pages and the counts of the findings, serve/live.py's ``news``), with a comment
line every ``KEEPALIVE_S`` seconds so that no proxy closes a quiet stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from smersh_dsl.serve.live import Live
from smersh_dsl.serve.responses import headers
from smersh_dsl.serve.served import Served

KEEPALIVE_S = 15.0


async def events(served: Served, _request: Request) -> Response:
    queue: asyncio.Queue = asyncio.Queue()
    served.live.listeners.add(queue)
    queue.put_nowait(served.live.news())
    return StreamingResponse(stream(served.live, queue), media_type="text/event-stream",
                             headers={**headers(), "X-Accel-Buffering": "no"})


async def stream(live: Live, queue: asyncio.Queue) -> AsyncIterator[str]:
    try:
        while True:
            try:
                message = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
            except asyncio.TimeoutError:
                yield ": still here\n\n"
                continue
            yield f"event: update\ndata: {message}\n\n"
    finally:
        live.listeners.discard(queue)
