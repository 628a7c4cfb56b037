"""The Odds page with the exact chance for a party (``?section=...&party=...``): solved
by the Odds solver (serve/solver.py: off the page worker, kept by its inputs, stopped
when the client leaves), then rendered on the page worker as every page is."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import Response

from smersh_dsl.serve.responses import gone, page
from smersh_dsl.serve.served import Served
from smersh_dsl.serve.solver import MAX_SPIES
from smersh_dsl.site import names
from smersh_dsl.site.pages import Page, frame_of, jump_of, odds_page
from smersh_dsl.site.snapshot import digest


async def with_party(served: Served, request: Request, found: Page, section: str,
                     party_text: str) -> Response:
    snap = served.live.snapshot
    doc = next(d for d in snap.documents if names.odds(d["id"]) == found.name)
    section, party_text = section[:200], party_text[:400]
    party = read_party(doc, section, party_text)
    result = None
    if party["spies"]:
        # what the chance depends on: the page's digest (tests, sections, skills), the
        # henchmen's sheets, the section and the party
        key = (found.made_of, digest(doc.get("henchmen")), section,
               tuple(tuple(sorted(s.items())) for s in party["spies"]))
        result = await served.solver.solve(key, doc, section, party["spies"],
                                           request.is_disconnected)
        if result is None:                      # the client went away
            return gone()
    frame = {**frame_of(snap, True), "jump": jump_of([doc])}
    text = await asyncio.get_running_loop().run_in_executor(
        served.live.worker, odds_page, doc, found.made_of, frame, party, result)
    return page(text)


def read_party(doc: dict, section: str, party_text: str) -> dict:
    """The party as the page shows it: its spies, or the problem with what was typed."""
    from smersh_dsl.play.epic.victory import parse_party
    party = {"section": section, "spies": None, "text": party_text}
    specs = tuple(party_text.split(";"))
    try:
        if len(specs) > MAX_SPIES:
            raise ValueError(f"a party is 1 to {MAX_SPIES} spies, separated by \";\"; "
                             f"this one has {len(specs)}")
        party["spies"] = parse_party(specs, (doc.get("vocabulary") or {}).get("skills", []))
    except ValueError as problem:
        party["problem"] = str(problem)
    return party
