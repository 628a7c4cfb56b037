"""The Odds page's solver within its budget (issue #26, item 4): off the page worker, kept
by its inputs, killed when the client goes away or after its time limit, and a party no
larger than the game's four spies.

The solves that must not end are stand-ins that never return (``forever``), so no test
depends on how fast the machine solves a real showdown."""

from __future__ import annotations

import socket
import threading
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from smersh_dsl.serve.app import make_app
from waiting import HANG_GUARD_S, until
from smersh_dsl.serve.solver import Solver, _child

REPO = Path(__file__).resolve().parent.parent
EPIC = REPO / "books" / "epic"
TOKEN = "test-token-of-the-odds"
AUTH = {"Authorization": f"token {TOKEN}"}
ODDS = "/smersh-odds.html?section=Pierre&party=Spycraft%3D3%2CAthletics%3D2"
WAIT_S = HANG_GUARD_S


def forever(*_args) -> dict:
    threading.Event().wait()
    return {}


def spin(*_args) -> dict:
    while True:
        pass


def client_of(solver: Solver) -> TestClient:
    return TestClient(make_app([EPIC], TOKEN, watch=False, hosts=["testserver"], solver=solver),
                      headers=AUTH)


@contextmanager
def uvicorn_serving(solver: Solver):
    """The app on a real server in a thread, so that a client can really go away."""
    import uvicorn
    app = make_app([EPIC], TOKEN, watch=False, solver=solver)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        until(lambda: server.started, "the server started")
        yield listener.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(60)
        listener.close()


def test_the_odds_are_kept_by_their_inputs_and_solved_once() -> None:
    solver = Solver()
    with client_of(solver) as client:
        first = client.get(ODDS)
        assert first.status_code == 200 and "% exactly" in first.text
        again = client.get(ODDS)
        assert solver.started == 1
        result = 'id="odds-result"'
        assert again.text.split(result)[1][:120] == first.text.split(result)[1][:120]
        client.get(ODDS.replace("Spycraft%3D3", "Spycraft%3D2"))
        assert solver.started == 2


def test_a_party_over_four_spies_is_refused_before_anything_runs() -> None:
    solver = Solver(target=forever)
    with client_of(solver) as client:
        reply = client.get("/smersh-odds.html?section=Mr.%20Big&party=" + "%3B".join(["Spycraft%3D5"] * 5))
        assert reply.status_code == 200 and "a party is 1 to 4 spies" in reply.text
        assert "this one has 5" in reply.text and solver.started == 0


def test_a_solve_over_its_time_limit_says_it_is_too_costly() -> None:
    solver = Solver(limit_s=1.0, target=forever)
    with client_of(solver) as client:
        reply = client.get(ODDS)
        assert reply.status_code == 200
        assert "too costly to compute here (over 1 s)" in reply.text
        assert "smersh stats --showdown" in reply.text
        assert not solver.running, "the process is gone"
        client.get(ODDS)
        assert solver.started == 2, "a solve that ran out of time is not kept"


def test_pages_answer_while_a_solve_runs_and_the_solve_ends_when_its_client_leaves() -> None:
    """Five abandoned odds requests made the index take 77 s: they ran on the worker
    that renders pages, and went on after their clients had gone."""
    solver = Solver(target=forever)
    with uvicorn_serving(solver) as port:
        asking = socket.create_connection(("127.0.0.1", port))
        asking.sendall((f"GET {ODDS} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                        f"Authorization: token {TOKEN}\r\n\r\n").encode())
        until(lambda: len(solver.running) == 1, "the solve started")
        process = next(iter(solver.running))
        request = urllib.request.Request(f"http://127.0.0.1:{port}/index.html", headers=AUTH)
        with urllib.request.urlopen(request, timeout=WAIT_S) as reply:
            assert reply.status == 200 and b"Agents of SMERSH" in reply.read()
        assert process.is_alive(), "the solve still runs beside the page"
        asking.close()
        until(lambda: not solver.running, "the solve was stopped")
        assert not process.is_alive() and process.exitcode is not None


def test_a_solve_limits_its_own_cpu_time_even_if_the_server_is_gone() -> None:
    """The child's own RLIMIT_CPU: it ends of itself, whatever becomes of the server."""
    import multiprocessing
    import signal
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(theirs, spin, (), 1.0), daemon=True)
    child.start()
    try:
        child.join(WAIT_S)
        assert child.exitcode == -signal.SIGXCPU
    finally:
        if child.is_alive():
            child.kill()
            child.join()


@pytest.mark.parametrize("party", ["Spycraft%3D%C2%B2", "Spycraft%3D9", "Juggling%3D2", "%3B%3B%3B%3B"])
def test_a_party_the_page_cannot_read_is_said_so_without_solving(party) -> None:
    solver = Solver(target=forever)
    with client_of(solver) as client:
        reply = client.get(f"/smersh-odds.html?section=Pierre&party={party}")
        assert reply.status_code == 200 and 'id="odds-result"' in reply.text
        assert solver.started == 0
