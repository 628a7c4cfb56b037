"""Who may ask `smersh serve` anything (issue #26, items 4, 10 and 11): the holder of the
token it prints, from its own pages; and what it does with numbers typed into its forms.

Most tests talk to the app in this process through Starlette's TestClient; the first
starts `smersh serve` as a user does and reads the address it prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from waiting import HANG_GUARD_S

from smersh_dsl.serve.app import make_app

REPO = Path(__file__).resolve().parent.parent
EPIC = REPO / "books" / "epic"
TOKEN = "test-token-of-the-guard"
ODDS = "/smersh-odds.html?section=Pierre&party=Spycraft%3D3"


def get(url: str, headers: dict | None = None) -> tuple[int, str, dict]:
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(Stay)
    try:
        with opener.open(urllib.request.Request(url, headers=headers or {}), timeout=HANG_GUARD_S) as reply:
            return reply.status, reply.read().decode(), dict(reply.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def test_serve_prints_a_random_token_and_answers_nothing_without_it(tmp_path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "smersh_dsl", "serve", str(EPIC), "--port", "0"],
                            cwd=tmp_path, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        line = proc.stderr.readline()
        found = re.search(r"smersh serve: (http://\S+/)\?token=([A-Za-z0-9_-]+) ", line)
        assert found, line
        base, token = found.groups()
        assert len(token) >= 40
        for path in ("", "index.html", "site.css", "events", "play.html",
                     ODDS.lstrip("/")):
            status, body, _ = get(base + path)
            assert status == 403, path
            assert "Open the address smersh serve printed" in body
        assert get(base + "site.css?token=" + token[:-1] + "x")[0] == 403
        status, _, headers = get(f"{base}site.css?token={token}")
        assert status == 303 and headers["location"] == "/site.css"
        cookie = headers["set-cookie"]
        assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
        status, body, _ = get(base + "site.css", {"Cookie": cookie.split(";")[0]})
        assert status == 200 and "body" in body
    finally:
        proc.terminate()
        proc.wait(30)
        proc.stderr.close()


@pytest.fixture(scope="module")
def client():
    with TestClient(make_app([EPIC], TOKEN, watch=False, hosts=["testserver"]),
                    raise_server_exceptions=False) as found:
        found.get(f"/?token={TOKEN}")          # the cookie, as a browser gets it
        yield found


def test_the_token_in_the_address_becomes_a_cookie_and_leaves_the_address(client) -> None:
    fresh = TestClient(client.app)
    reply = fresh.get(f"/smersh-odds.html?token={TOKEN}&section=Pierre", follow_redirects=False)
    assert reply.status_code == 303
    assert reply.headers["location"] == "/smersh-odds.html?section=Pierre"
    assert fresh.get("/index.html").status_code == 200
    assert TestClient(client.app).get("/index.html").status_code == 403


def test_a_script_may_send_the_token_as_a_header(client) -> None:
    other = TestClient(client.app)
    assert other.get("/index.html", headers={"Authorization": f"token {TOKEN}"}).status_code == 200
    assert other.get("/index.html", headers={"Authorization": "token nope"}).status_code == 403


def test_every_route_refuses_without_the_token_and_answers_with_it(client) -> None:
    """Every path the app holds (serve/app.py's routes) and each of its methods: without the
    token, the page that says which address to open; with it, the route's own answer."""
    concrete = {"/{name}": "/smersh-flow.html", "/play/{token}": "/play/no-such-game"}
    answers = {("GET", "/"): 200, ("GET", "/smersh-flow.html"): 200,
               ("POST", "/play/new"): 404,           # a form that names no document
               ("GET", "/play/no-such-game"): 404, ("POST", "/play/no-such-game"): 404}
    stranger = TestClient(client.app)
    asked = set()
    for route in client.app.routes:
        path = concrete.get(route.path, route.path)
        for method in sorted(route.methods - {"HEAD"}):
            asked.add((method, path))
            refused = stranger.request(method, path, follow_redirects=False)
            assert refused.status_code == 403, (method, path)
            assert "Open the address smersh serve printed" in refused.text, (method, path)
            if path == "/events":                  # a stream that never ends: test_serve_browser.py reads it
                continue
            assert client.request(method, path, follow_redirects=False).status_code == \
                answers[method, path], (method, path)
    assert asked - {("GET", "/events")} == set(answers)


@pytest.mark.parametrize("header", [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                                    {"Origin": "http://evil.example"}, {"Origin": "null"},
                                    {"Referer": "http://evil.example/page.html"}])
@pytest.mark.parametrize("path", [ODDS, "/index.html", "/smersh-flow.html", "/events"])
def test_a_request_from_another_site_is_refused_even_with_the_token(client, header, path) -> None:
    """Item 4: any web page could make the browser ask for the odds of a large party."""
    reply = client.get(path, headers=header)
    assert reply.status_code == 403 and "another site" in reply.text


def test_a_request_from_its_own_pages_or_the_user_is_answered(client) -> None:
    for header in ({}, {"Sec-Fetch-Site": "same-origin", "Referer": "http://testserver/index.html"},
                   {"Sec-Fetch-Site": "none"}, {"Origin": "http://testserver"}):
        assert client.get("/smersh-odds.html", headers=header).status_code == 200, header


@pytest.mark.parametrize("field, value", [("players", "²"), ("players", "٣"), ("players", "0"),
                                          ("players", "9" * 5000), ("seed", "²"), ("seed", "-4"),
                                          ("seed", "1e9")])
def test_a_number_the_play_form_cannot_read_is_a_clear_400(client, field, value) -> None:
    """Item 10: `players=²` passed str.isdigit() and broke int(): a 500 and a traceback."""
    form = {"doc": "smersh", "kind": "showdown", "name": "Pierre", "players": "1", "seed": "3",
            field: value}
    reply = client.post("/play/new", data=form, follow_redirects=False)
    assert reply.status_code == 400, reply.text
    assert "ASCII digits" in reply.text and "Traceback" not in reply.text
    assert reply.text.count("\n") == 1


def test_a_choice_the_game_cannot_read_is_a_clear_400(client) -> None:
    form = {"doc": "smersh", "kind": "showdown", "name": "Pierre", "players": "2", "seed": "3"}
    started = client.post("/play/new", data=form, follow_redirects=False)
    assert started.status_code == 303
    game = started.headers["location"]
    reply = client.post(game, data={"step": "0", "choice": "²"}, follow_redirects=False)
    assert reply.status_code == 400 and "a choice" in reply.text
    assert client.post(game, data={"step": "0", "choice": "0"}, follow_redirects=False).status_code == 303


def test_stats_says_what_a_party_level_must_be() -> None:
    done = subprocess.run([sys.executable, "-m", "smersh_dsl", "stats", str(EPIC), "--showdown",
                           "Pierre", "--party", "Spycraft=²"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "Spycraft=²" in done.stderr and "0 to 5 (ASCII digits)" in done.stderr
    assert "invalid literal" not in done.stderr and "Traceback" not in done.stderr
