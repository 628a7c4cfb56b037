"""`/` and `/{name}`: a page by its name, never a path looked up on disk. A name is one
of the package's assets (a fixed list), the game's page, an icon the projects declare
(site/icons.py), a document's Entries page (serve/entries.py) or one of the snapshot's
pages (the book, the findings, the flow, the odds: made on the page worker, again only
when what they are made of moved)."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import Response

from smersh_dsl.serve import entries
from smersh_dsl.serve.responses import PLAIN, bad_request, gone, not_found, page
from smersh_dsl.serve.routes import odds, play
from smersh_dsl.serve.served import Served
from smersh_dsl.site import names
from smersh_dsl.site.pages import Page
from smersh_dsl.site.render import ASSET_TYPES, asset
from smersh_dsl.site.icons import IconFile
from smersh_dsl.site.snapshot import Snapshot


async def named(served: Served, request: Request) -> Response:
    name = request.path_params.get("name") or names.INDEX
    snap = served.live.snapshot
    if name in ASSET_TYPES:
        return page(asset(name), ASSET_TYPES[name])
    if name == names.PLAY:
        return play.play_page(served)
    if snap is not None and (found_icon := snap.icon_files.get(name)) is not None:
        return await icon(name, found_icon)
    if (doc := entries.document(snap, name)) is not None:
        return await entries_page(served, request, snap, doc)
    found = served.live.pages.get(name)
    if found is None:
        return not_found(name)
    query = request.query_params
    if found.tab == "odds" and "section" in query:
        return await odds.with_party(served, request, found, query.get("section", ""),
                                     query.get("party", ""))
    return await snapshot_page(served, found)


async def icon(name: str, found: IconFile) -> Response:
    """An icon's file, read off the event loop; 404 when it cannot be read."""
    data = await asyncio.get_running_loop().run_in_executor(None, found.read)
    return not_found(name) if data is None else page(data, found.media)


async def entries_page(served: Served, request: Request, snap: Snapshot, doc: dict) -> Response:
    try:
        text = await entries.page_text(request, doc, snap, served.live.worker, served.figures)
    except ValueError as problem:
        return bad_request(str(problem))
    return gone() if text is None else page(text)


async def snapshot_page(served: Served, found: Page) -> Response:
    try:
        text = await asyncio.get_running_loop().run_in_executor(
            served.live.worker, served.live.rendered, found)
    except Exception as error:       # Graphviz missing, say
        return page(f"smersh serve: cannot make {found.name}: {error}\n", PLAIN, 500)
    return page(text, found.media)
