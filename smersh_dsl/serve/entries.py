"""The server's Entries page: each entry as honest spies meet it over whole games (the
figures of `smersh stats --entries`, play/epic/entry_stats.py), each key linking to the
entry in the served book.

A hundred games cost seconds, so the figures are computed as the Odds page's chance is
(serve/solver.py): in a process of their own, at most two at a time, stopped when the
client goes away or after ``ENTRIES_S`` seconds, and kept by what they depend on (the
book's revision, the number of games, the seed), so re-sorting the table or opening the
page again costs nothing. The number of games is bounded (``MAX_GAMES``). The page is
the server's only: it is computed, so the static folder (`smersh site`) has none.
"""

from __future__ import annotations

import asyncio

from starlette.requests import Request

from smersh_dsl.digits import whole_number
from smersh_dsl.play.epic.entry_stats import COLUMNS
from smersh_dsl.serve.solver import Solver
from smersh_dsl.site import book_pages, names
from smersh_dsl.site.pages import frame_of, jump_of
from smersh_dsl.site.render import render
from smersh_dsl.site.snapshot import Snapshot, digest

GAMES, SEED, BOT, PLAYERS = 100, 1, "honest", 4
MAX_GAMES = 1000
MAX_SEED = 2**63 - 1
ENTRIES_S = 120.0
# the order a column's link sorts by: the key and the pass rate up (the hardest first),
# the counts and the costs down (the most read, the costliest first)
ASCENDING = {"entry", "pass_rate"}


def figures(doc: dict, games: int, seed: int) -> dict:
    """The child's work: ``games`` whole games of four honest spies, one process."""
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.epic.entry_stats import entry_figures
    from smersh_dsl.play.epic.game import Options
    from smersh_dsl.play.epic.simulate import run
    try:
        played = run(doc, Options(players=PLAYERS, bot=BOT), games, seed, jobs=1)
    except NotPlayable as problem:
        return {"error": str(problem)}
    return {"rows": entry_figures(played)}


def too_costly(limit_s: float) -> dict:
    return {"error": f"too costly to compute here (over {limit_s:g} s): ask for fewer games, "
                     "or use `smersh stats --entries`", "costly": True}


def entry_solver(limit_s: float = ENTRIES_S) -> Solver:
    return Solver(limit_s, figures, "smersh-serve-entries", too_costly)


def document(snap: Snapshot | None, name: str) -> dict | None:
    """The document whose Entries page is ``name``, if any."""
    if snap is None:
        return None
    return next((d for d in snap.documents if names.entries(d["id"]) == name), None)


def asked(request: Request) -> tuple[int, int, str]:
    """The games, the seed and the column to sort by; ValueError names what is wrong."""
    query = request.query_params
    games_text, seed_text = query.get("games", "").strip(), query.get("seed", "").strip()
    games = whole_number(games_text, "the number of games", 1, MAX_GAMES) if games_text else GAMES
    seed = whole_number(seed_text, "the seed", 0, MAX_SEED) if seed_text else SEED
    sort = query.get("sort", "read")
    if sort not in COLUMNS:
        raise ValueError(f"no column {sort[:40]!r} to sort by: one of {', '.join(COLUMNS)}")
    return games, seed, sort


async def page_text(request: Request, doc: dict, snap: Snapshot, worker, solver: Solver
                    ) -> str | None:
    """The page; None when the client went away first. ValueError for a bad query."""
    games, seed, sort = asked(request)
    loop = asyncio.get_running_loop()
    revision = await loop.run_in_executor(worker, digest, doc)
    result = await solver.compute((revision, games, seed), (doc, games, seed),
                                  request.is_disconnected)
    if result is None:
        return None
    return await loop.run_in_executor(worker, _render, doc, snap, revision, games, seed, sort,
                                      result)


def sorted_rows(rows: list[dict], sort: str) -> list[dict]:
    if sort == "entry":
        return sorted(rows, key=lambda r: r["entry"])
    sign = 1 if sort in ASCENDING else -1
    return sorted(rows, key=lambda r: (sign * r[sort], r["entry"]))


def _render(doc: dict, snap: Snapshot, revision: str, games: int, seed: int, sort: str,
            result: dict) -> str:
    page_of = book_pages.page_of_numbers(doc)
    number_of = {e["key"]: e["encounter"] for e in doc.get("entries", ())}
    rows = [{**row, "href": f"{page_of[number_of[row['entry']]]}#"
                            f"{names.entry_anchor(row['entry'])}"
             if number_of.get(row["entry"]) in page_of else None}
            for row in sorted_rows(result.get("rows", []), sort)]
    frame = {**frame_of(snap, True), "jump": jump_of([doc])}
    return render("entries.html.j2", page=names.entries(doc["id"]), tab="entries",
                  made=revision, title=f"{doc['title']}: entries", doc=doc, rows=rows,
                  error=result.get("error"), games=games, seed=seed, bot=BOT,
                  players=PLAYERS, sort=sort, max_games=MAX_GAMES, computed=True, **frame)
