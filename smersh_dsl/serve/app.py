"""The routes of `smersh serve`: the site's pages by name, the push of what moved, and the
game. Safe by default: a page is one of the snapshot's pages or one of the package's
assets (a fixed list) or an icon the projects declare (by its name in the site:
site/icons.py), never a path looked up on disk; every response says
``Content-Security-Policy`` (no inline script, nothing from elsewhere), ``nosniff`` and
no framing; a request must name a loopback host (or the one served), which keeps other
web sites out by DNS rebinding; and every request must hold the server's token and come
from one of its own pages, or from the user (``guard``). Numbers typed into a form or a
query string are read strictly (smersh_dsl/digits.py); the Odds page's solver runs in
processes of its own, within a budget (``solver``), and so do the Entries page's games
(``entries``).
"""

from __future__ import annotations

import asyncio
import random
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from smersh_dsl.digits import whole_number
from smersh_dsl.serve import entries
from smersh_dsl.serve.guard import Guard
from smersh_dsl.serve.live import Live
from smersh_dsl.serve.play import Session, Sessions, replay
from smersh_dsl.serve.solver import MAX_SPIES, Solver
from smersh_dsl.site import names
from smersh_dsl.site.book_pages import regions
from smersh_dsl.site.pages import HTML, frame_of, jump_of, odds_page
from smersh_dsl.site.render import ASSET_TYPES, CSP, asset, render
from smersh_dsl.site.snapshot import digest

KEEPALIVE_S = 15.0
LOOPBACK = ["127.0.0.1", "localhost", "::1", "[::1]"]
MAX_FORM_BYTES = 4096
MAX_SEED = 2**63 - 1
MAX_CHOICE = 999


def headers() -> dict[str, str]:
    return {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin", "Cache-Control": "no-store",
            "Cross-Origin-Resource-Policy": "same-origin"}


def page(text: str | bytes, media: str = HTML, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type=media, headers=headers())


def not_found(what: str) -> Response:
    return page(f"smersh serve: no page {what[:100]!r}\n", "text/plain; charset=utf-8", 404)


def bad_request(problem: str) -> Response:
    return page(f"smersh serve: {problem}\n", "text/plain; charset=utf-8", 400)


def make_app(paths: list[Path], token: str, watch: bool = True, hosts: list[str] | None = None,
             solver: Solver | None = None, figures: Solver | None = None) -> Starlette:
    live = Live(paths)
    sessions = Sessions()
    solver = solver or Solver()
    figures = figures or entries.entry_solver()        # the Entries page's games

    @asynccontextmanager
    async def lifespan(_app):
        from smersh_dsl.parse import collector
        collector.one_shot(False)          # a long life: what a re-check replaces is freed
        await live.recheck()
        task = asyncio.create_task(live.watch()) if watch else None
        yield
        if task is not None:
            task.cancel()
        live.worker.shutdown(wait=False, cancel_futures=True)
        solver.close()
        figures.close()

    async def named(request: Request) -> Response:
        name = request.path_params.get("name") or names.INDEX
        if name in ASSET_TYPES:
            return page(asset(name), ASSET_TYPES[name])
        if name == names.PLAY:
            return play_page()
        icon = live.snapshot.icon_files.get(name) if live.snapshot else None
        if icon is not None:
            data = await asyncio.get_running_loop().run_in_executor(None, icon.read)
            return not_found(name) if data is None else page(data, icon.media)
        if (doc := entries.document(live.snapshot, name)) is not None:
            try:
                text = await entries.page_text(request, doc, live.snapshot, live.worker, figures)
            except ValueError as problem:
                return bad_request(str(problem))
            return page("", status=204) if text is None else page(text)
        found = live.pages.get(name)
        if found is None:
            return not_found(name)
        query = request.query_params
        if found.tab == "odds" and "section" in query:
            return await odds_with_party(request, found, query.get("section", ""),
                                         query.get("party", ""))
        try:
            text = await asyncio.get_running_loop().run_in_executor(
                live.worker, live.rendered, found)
        except Exception as error:       # Graphviz missing, say
            return page(f"smersh serve: cannot make {name}: {error}\n",
                        "text/plain; charset=utf-8", 500)
        return page(text, found.media)

    async def odds_with_party(request: Request, found, section: str, party_text: str) -> Response:
        """The Odds page with the exact chance for a party: solved by ``solver`` (off the
        page worker, kept by its inputs, stopped when the client leaves), then rendered on
        the worker as every page is."""
        from smersh_dsl.play.epic.victory import parse_party
        snap = live.snapshot
        doc = next(d for d in snap.documents if names.odds(d["id"]) == found.name)
        section, party_text = section[:200], party_text[:400]
        party = {"section": section, "spies": None, "text": party_text}
        specs = tuple(party_text.split(";"))
        try:
            if len(specs) > MAX_SPIES:
                raise ValueError(f"a party is 1 to {MAX_SPIES} spies, separated by \";\"; "
                                 f"this one has {len(specs)}")
            party["spies"] = parse_party(specs, (doc.get("vocabulary") or {}).get("skills", []))
        except ValueError as problem:
            party["problem"] = str(problem)
        result = None
        if party["spies"]:
            # what the chance depends on: the page's digest (tests, sections, skills), the
            # henchmen's sheets, the section and the party
            key = (found.made_of, digest(doc.get("henchmen")), section,
                   tuple(tuple(sorted(s.items())) for s in party["spies"]))
            result = await solver.solve(key, doc, section, party["spies"], request.is_disconnected)
            if result is None:                      # the client went away
                return page("", status=204)
        frame = {**frame_of(snap, True), "jump": jump_of([doc])}
        text = await asyncio.get_running_loop().run_in_executor(
            live.worker, odds_page, doc, found.made_of, frame, party, result)
        return page(text)

    def play_page() -> Response:
        snap = live.snapshot
        games = [{"id": d["id"], "title": d["title"], "sections": d.get("sections", []),
                  "regions": sorted(regions(d))} for d in snap.documents] if snap else []
        return page(render("play.html.j2", page=names.PLAY, tab="play", title="Play",
                           made="", games=games, **frame_of(snap, True)))

    async def events(request: Request) -> Response:
        queue: asyncio.Queue = asyncio.Queue()
        live.listeners.add(queue)
        queue.put_nowait(live.news())

        async def stream():
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

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**headers(), "X-Accel-Buffering": "no"})

    async def play_new(request: Request) -> Response:
        form = await _form(request)
        doc = live.snapshot.document(form.get("doc", "")) if live.snapshot else None
        if doc is None:
            return not_found(form.get("doc", ""))
        seed_text, players_text = form.get("seed", "").strip(), form.get("players", "").strip()
        try:
            seed = (whole_number(seed_text, "the seed", 0, MAX_SEED) if seed_text
                    else random.SystemRandom().randrange(10**6))
            players = whole_number(players_text, "the number of spies", 1, 4) if players_text else 1
        except ValueError as problem:
            return bad_request(str(problem))
        kind = "showdown" if form.get("kind") == "showdown" else "encounter"
        token = sessions.start(Session(doc["id"], kind, form.get("name") or None, players, seed))
        return RedirectResponse(f"/play/{token}", status_code=303, headers=headers())

    async def play_session(request: Request) -> Response:
        token = request.path_params["token"]
        session = sessions.get(token)
        if session is None:
            return not_found(f"play/{token}")
        if request.method == "POST":
            form = await _form(request)
            # a step number: a second click on an old page never answers a newer question
            if form.get("step") == str(len(session.answers)):
                try:
                    session.answers.append(whole_number(form.get("choice", ""), "a choice",
                                                        0, MAX_CHOICE))
                except ValueError as problem:
                    return bad_request(str(problem))
            return RedirectResponse(f"/play/{token}", status_code=303, headers=headers())
        doc = live.snapshot.document(session.doc_id) if live.snapshot else None
        if doc is None:
            return not_found(session.doc_id)
        reading = replay(session, doc)
        seen = _seen(session, doc)
        what = session.name or "an encounter"
        heading = (f"Showdown: {what}" if session.kind == "showdown" else f"Encounter: {what}")
        return page(render("session.html.j2", page=names.PLAY, tab="play", title=heading,
                           made="", heading=heading, session=session, token=token,
                           reading=reading, seen=seen, **frame_of(live.snapshot, True)))

    allowed = list(dict.fromkeys(LOOPBACK + (hosts or [])))
    return Starlette(routes=[
        Route("/", named), Route("/events", events),
        Route("/play/new", play_new, methods=["POST"]),
        Route("/play/{token}", play_session, methods=["GET", "POST"]),
        Route("/{name}", named),
    ], middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=allowed),
                   Middleware(Guard, token=token, headers=headers())], lifespan=lifespan)


def _seen(session: Session, doc: dict) -> int:
    """How many transcript lines the page showed before the last answer: the lines after
    them fall into place one by one (the dice as they fall)."""
    if not session.answers:
        return 0
    before = Session(session.doc_id, session.kind, session.name, session.players,
                     session.seed, session.answers[:-1])
    return len(replay(before, doc).lines)


async def _form(request: Request) -> dict[str, str]:
    """A posted form's fields (the guard has refused a form from another site's page)."""
    body = (await request.body())[:MAX_FORM_BYTES]
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {key: values[0][:400] for key, values in fields.items()}
