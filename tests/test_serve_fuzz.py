"""Hostile form values and query strings against `smersh serve` (issue #26): whatever a
form, a query string or a path holds, the answer is never a 500.

Through Starlette's TestClient, in this process, over the bundled epic book: the fields
of POST /play/new and of a game's page, raw bodies, the Odds page's section and party,
and any path with any query string. ``str.isdigit()`` accepted ``²``, which then broke
``int()``: a 500 and a traceback in the log (item 10).

The Odds page's solves run in this process with a stand-in that answers at once (a real
solve costs seconds, and the solver's own budget is tested in test_serve_odds.py); a
party that names no section or cannot be read still goes the whole way through.

``SMERSH_FUZZ_EXAMPLES=N`` sets the examples of every test (the long run, docs/robustness.md),
``SMERSH_FUZZ_DB=PATH`` keeps Hypothesis' database, as in test_fuzz.py.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase
from starlette.testclient import TestClient

from smersh_dsl.serve.app import make_app
from smersh_dsl.serve.solver import Solver

REPO = Path(__file__).resolve().parent.parent
EPIC = REPO / "books" / "epic"
TOKEN = "test-token-of-the-fuzz"
SKILLS = ["Spycraft", "Persuasion", "Deception", "Athletics", "Hand to Hand"]
PAGES = ["index.html", "findings.html", "search.html", "play.html", "smersh-odds.html",
         "smersh-flow.html", "smersh-book.html", "site.css"]


def fuzz_settings(default: int):
    db = os.environ.get("SMERSH_FUZZ_DB")
    return settings(max_examples=int(os.environ.get("SMERSH_FUZZ_EXAMPLES") or default),
                    deadline=None, database=DirectoryBasedExampleDatabase(db) if db else None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much], print_blob=True)


class AtOnce(Solver):
    """The solver's path through the page, without a process: a stand-in answer for a
    section that exists, the real error for one that does not."""

    async def _run(self, args: tuple, gone) -> dict | None:
        doc, section, spies = args
        if section in {s["name"] for s in doc.get("sections", [])}:
            return {"chance": 0.5, "fraction": "1/2"}
        from smersh_dsl.site.odds import victory
        return victory(doc, {"section": section, "spies": spies})


NUMBERISH = st.sampled_from(["", "0", "1", "2", "4", "5", "-1", "+2", " 3 ", "²", "٣", "𝟠",
                             "1e3", "0x10", "3.0", "9" * 30, "9" * 5000, "1_000", "\x00", "١٢"])
VALUE = st.one_of(NUMBERISH, st.text(max_size=40), st.from_regex(r"[0-9]{1,25}", fullmatch=True),
                  st.sampled_from(["smersh", "Pierre", "Mr. Big", "showdown", "encounter", "Europe"]))
FIELDS = st.dictionaries(st.sampled_from(["doc", "kind", "name", "players", "seed", "step",
                                          "choice", "extra"]), VALUE, max_size=7)
LEVEL = st.one_of(NUMBERISH, st.text(max_size=6))
SPY = st.lists(st.tuples(st.sampled_from(SKILLS + ["Juggling", "", " Spycraft "]),
                         st.sampled_from(["=", "", "==", ":"]), LEVEL), max_size=6).map(
    lambda parts: ",".join(f"{name}{sign}{level}" for name, sign, level in parts))
PARTY = st.one_of(st.lists(SPY, max_size=6).map(";".join), st.text(max_size=60))
SECTION = st.one_of(st.sampled_from(["Pierre", "Mr. Big", "A", "Darling", "", "pierre"]),
                    st.text(max_size=30))


@pytest.fixture(scope="module")
def client():
    app = make_app([EPIC], TOKEN, watch=False, hosts=["testserver"], solver=AtOnce())
    with TestClient(app, raise_server_exceptions=False,
                    headers={"Authorization": f"token {TOKEN}"}) as found:
        yield found


@pytest.fixture(scope="module")
def game(client) -> str:
    started = client.post("/play/new", data={"doc": "smersh", "kind": "showdown",
                                             "name": "Pierre", "players": "2", "seed": "1"},
                          follow_redirects=False)
    assert started.status_code == 303
    return started.headers["location"]


def answered(reply) -> None:
    assert reply.status_code < 500, (reply.status_code, reply.text[:300])


@fuzz_settings(60)
@given(fields=FIELDS)
@example(fields={"doc": "smersh", "players": "²"})      # a 500 before item 10's fix
@example(fields={"doc": "smersh", "seed": "²"})
@example(fields={"step": "0", "choice": "²"})
def test_the_play_forms_never_fail(client, game, fields) -> None:
    answered(client.post("/play/new", data=fields, follow_redirects=False))
    answered(client.post(game, data=fields, follow_redirects=False))


@fuzz_settings(30)
@given(body=st.binary(max_size=300), kind=st.sampled_from(
    ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain", ""]))
def test_raw_bodies_never_fail(client, game, body, kind) -> None:
    for path in ("/play/new", game):
        answered(client.post(path, content=body, headers={"Content-Type": kind},
                             follow_redirects=False))


@fuzz_settings(60)
@given(section=SECTION, party=PARTY, more=st.dictionaries(st.text(max_size=8), VALUE, max_size=3))
def test_the_odds_page_never_fails(client, section, party, more) -> None:
    query = urlencode({**more, "section": section, "party": party})
    reply = client.get(f"/smersh-odds.html?{query}")
    answered(reply)
    # a "token" in the address is checked as the server's token (a wrong one: 403)
    assert reply.status_code == (403 if "token" in more else 200)


@fuzz_settings(60)
@given(page=st.one_of(st.sampled_from(PAGES), st.text(max_size=30)),
       query=st.text(max_size=60))
def test_any_path_and_query_string_never_fails(client, page, query) -> None:
    if page.strip("/").split("?")[0] == "events":
        return                                   # the event stream never ends: not a page
    answered(client.get("/" + quote(page, safe="/?=&") + "?" + quote(query, safe="=&;%+")))
