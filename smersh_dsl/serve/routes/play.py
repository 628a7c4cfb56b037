"""The game in the browser: the Play page (a game of each document, its sections and
regions), `POST /play/new` (a session started by a token nobody can guess) and
`/play/{token}` (the session replayed to its first unanswered question, serve/play.py;
an answer posted with the number of its step, so that a second click on an old page
never answers a newer question). Numbers typed into the forms are read strictly
(smersh_dsl/digits.py)."""

from __future__ import annotations

import random
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from smersh_dsl.digits import whole_number
from smersh_dsl.serve.play import Session, replay
from smersh_dsl.serve.responses import bad_request, headers, not_found, page
from smersh_dsl.serve.served import Served
from smersh_dsl.site import names
from smersh_dsl.site.book_pages import regions
from smersh_dsl.site.pages import frame_of
from smersh_dsl.site.render import render

MAX_FORM_BYTES = 4096
MAX_SEED = 2**63 - 1
MAX_CHOICE = 999


def play_page(served: Served) -> Response:
    snap = served.live.snapshot
    games = [{"id": d["id"], "title": d["title"], "sections": d.get("sections", []),
              "regions": sorted(regions(d))} for d in snap.documents] if snap else []
    return page(render("play.html.j2", page=names.PLAY, tab="play", title="Play",
                       made="", games=games, **frame_of(snap, True)))


async def play_new(served: Served, request: Request) -> Response:
    form = await posted(request)
    snap = served.live.snapshot
    doc = snap.document(form.get("doc", "")) if snap else None
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
    token = served.sessions.start(Session(doc["id"], kind, form.get("name") or None, players,
                                          seed))
    return RedirectResponse(f"/play/{token}", status_code=303, headers=headers())


async def play_session(served: Served, request: Request) -> Response:
    token = request.path_params["token"]
    session = served.sessions.get(token)
    if session is None:
        return not_found(f"play/{token}")
    if request.method == "POST":
        return await answer(request, token, session)
    snap = served.live.snapshot
    doc = snap.document(session.doc_id) if snap else None
    if doc is None:
        return not_found(session.doc_id)
    what = session.name or "an encounter"
    heading = (f"Showdown: {what}" if session.kind == "showdown" else f"Encounter: {what}")
    return page(render("session.html.j2", page=names.PLAY, tab="play", title=heading,
                       made="", heading=heading, session=session, token=token,
                       reading=replay(session, doc), seen=seen(session, doc),
                       **frame_of(snap, True)))


async def answer(request: Request, token: str, session: Session) -> Response:
    """The posted answer, kept when it answers the session's current question."""
    form = await posted(request)
    if form.get("step") == str(len(session.answers)):
        try:
            session.answers.append(whole_number(form.get("choice", ""), "a choice",
                                                0, MAX_CHOICE))
        except ValueError as problem:
            return bad_request(str(problem))
    return RedirectResponse(f"/play/{token}", status_code=303, headers=headers())


def seen(session: Session, doc: dict) -> int:
    """How many transcript lines the page showed before the last answer: the lines after
    them fall into place one by one (the dice as they fall)."""
    if not session.answers:
        return 0
    before = Session(session.doc_id, session.kind, session.name, session.players,
                     session.seed, session.answers[:-1])
    return len(replay(before, doc).lines)


async def posted(request: Request) -> dict[str, str]:
    """A posted form's fields (the guard has refused a form from another site's page)."""
    body = (await request.body())[:MAX_FORM_BYTES]
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {key: values[0][:400] for key, values in fields.items()}
