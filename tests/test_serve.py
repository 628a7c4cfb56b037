"""`smersh serve` and `smersh build --format site` without a browser (issue #19): what is
served and what is refused, writer text escaped everywhere, the game replayed by the
engine, the odds the same as `smersh stats`, the static folder self-contained.

The browser tests are in test_serve_browser.py."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from serve_helpers import AUTH, ready, serving
from waiting import HANG_GUARD_S
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.site.pages import pages
from smersh_dsl.site.snapshot import take

REPO = Path(__file__).resolve().parent.parent
EPIC = REPO / "books" / "epic"

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'

HOSTILE_PROJECT = {
    "book.smersh": '''game spy "Hostile </title><script>alert(2)</script>" {
  skills { Spycraft Athletics }
  die fate { 1 2 }
  die skill { success blank }
}
region Europe { city Paris [hq] values 1..2 }
card Europe 01 "<b onmouseover=alert(3)>Title</b>" { response 1 "<i>Hide</i>" }
''',
    "entries.smersh": f'''entry 01.1.1 {{ "{HOSTILE.replace('"', "'")} and </script> too" }}
entry 01.1.2 {{ "Fine." test Spycraft pass {{ "Yes." }} fail {{ "No." }} }}
''',
    "showdown.smersh": '''henchman Ivan { difficulty easy intel { 1: 2 2: 3 3: 4 4: 5 } successes 1 }
showdown Ivan {
  intro { "Ivan <script>alert(4)</script> waits." goto 01 }
  encounter 01 { choose { "<svg onload=alert(5)>" -> 02  "Leave" -> end } }
  encounter 02 { test Spycraft pass { gain 1 success goto end } fail { goto end } }
  tally end { successes >= 1 -> victory else -> defeat }
  victory { "Won." }
  defeat { "Lost." }
}
''',
}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("hostile") / "spy"
    home.mkdir()
    for name, text in HOSTILE_PROJECT.items():
        (home / name).write_text(text, encoding="utf-8")
    return home


@pytest.fixture(scope="module")
def hostile_pages(hostile: Path) -> dict[str, str]:
    projects, found = check_paths([hostile])
    snap = take(projects, found, 1)
    assert snap.documents, [f"{d.code} {d.message}" for d in found]
    return {name: page.make(page.made_of) for name, page in pages(snap, live=True).items()}


def test_writer_text_is_escaped_on_every_page(hostile_pages) -> None:
    """No writer text becomes markup: not in prose, titles, choices, nor in the search
    page's JSON, where "</script>" must not close the element."""
    assert any("alert" in text for text in hostile_pages.values())
    for name, text in hostile_pages.items():
        if name.endswith(".svg"):
            continue
        for raw in ("<script>alert", "<img src=x", "<b onmouseover", "<svg onload", "<i>Hide"):
            assert raw not in text, (name, raw)
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", text, re.S)
        for attributes, body in scripts:   # ours only: a src, or a JSON data element
            assert "src=" in attributes or 'type="application/json"' in attributes, (name, attributes)
            assert "src=" in attributes or json.loads(body) is not None


def test_the_flow_graph_escapes_writer_text(hostile_pages) -> None:
    svgs = [text for name, text in hostile_pages.items() if name.endswith(".svg")]
    assert svgs and all("<svg onload" not in s and "<script" not in s for s in svgs)


@pytest.fixture(scope="module")
def url():
    with serving(EPIC, cwd=REPO) as address:
        ready(address)
        yield address


def fetch(url: str, data: bytes | None = None, headers: dict | None = None):
    request = urllib.request.Request(url, data=data, headers={**AUTH, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=HANG_GUARD_S) as reply:
            return reply.status, dict(reply.headers), reply.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("utf-8", "replace")


def test_pages_say_their_security_policy(url) -> None:
    status, headers, body = fetch(url)
    assert status == 200 and "Agents of SMERSH" in body
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "default-src 'none'" in csp and "unsafe" not in csp
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("path", ["..%2fpyproject.toml", "%2e%2e/%2e%2e/etc/passwd",
                                  "books/epic/book.smersh", "templates/layout.html.j2",
                                  "pages.py", "render.py"])
def test_nothing_outside_the_pages_and_the_package_assets_is_served(url, path) -> None:
    status, _, body = fetch(url + path)
    assert status == 404, (path, body[:200])


def test_the_package_assets_are_served(url) -> None:
    assert fetch(url + "site.css")[0] == 200 and fetch(url + "live.js")[0] == 200


def test_a_request_for_another_host_is_refused(url) -> None:
    """DNS rebinding: a page of evil.example that resolves to 127.0.0.1 names its host."""
    assert fetch(url, headers={"Host": "evil.example"})[0] == 400


def test_a_form_from_another_site_is_refused(url) -> None:
    form = b"doc=smersh&kind=showdown&name=Pierre&players=1&seed=1"
    assert fetch(url + "play/new", form, {"Origin": "http://evil.example"})[0] == 403
    assert fetch(url + "play/new", form, {"Sec-Fetch-Site": "cross-site"})[0] == 403


def test_the_odds_page_gives_the_exact_chance_of_smersh_stats(url) -> None:
    from smersh_dsl.cli.loading import clean_documents
    from smersh_dsl.play.epic.exact import exact_victory
    from smersh_dsl.play.epic.victory import make_party, parse_party
    doc = next(d for d in clean_documents((EPIC,)) if d["kind"] == "game")
    spies = parse_party(("Spycraft=3,Athletics=2",), doc["vocabulary"]["skills"])
    chance = exact_victory(doc, "Pierre", make_party(spies))
    status, _, body = fetch(url + "smersh-odds.html?section=Pierre&party=Spycraft%3D3%2CAthletics%3D2")
    assert status == 200 and f"({chance})" in body


def test_a_party_the_odds_page_cannot_read_is_said_so(url) -> None:
    status, _, body = fetch(url + "smersh-odds.html?section=Pierre&party=Juggling%3D9")
    assert status == 200 and 'id="odds-result"' in body and "Juggling" in body


def test_a_game_played_through_the_pages_is_the_engines_game() -> None:
    """The replayed session reads, line by line and die by die, as the engine reads the
    same showdown with the same seed and the same choices (the first option each time)."""
    from smersh_dsl.cli.loading import clean_documents
    from smersh_dsl.play.epic.party import party_from
    from smersh_dsl.play.epic.sessions import play_showdown
    from smersh_dsl.serve.play import Session, WebTable, replay

    doc = next(d for d in clean_documents((EPIC,)) if d["kind"] == "game")
    session = Session("smersh", "showdown", "Pierre", 2, seed=11)
    reading = replay(session, doc)
    while reading.question is not None:
        session.answers.append(0)
        reading = replay(session, doc)

    class First:
        def choose(self, prompt, options, scores=None, note="to pass"):
            return 0

        def number(self, prompt, low, high, best):
            return low

    events: list[tuple] = []
    table = WebTable(doc, party_from(doc, 2, 4), random.Random(11), First(),
                     lambda text: events.append(("say", text)), events=events)
    outcome = play_showdown(table, "Pierre")
    assert reading.outcome is not None and reading.outcome.summary == outcome.summary
    said = [e[1] for e in events if e[0] == "say"]
    assert [line["text"] for line in reading.lines if line["text"] is not None] == said
    assert sum(len(line["dice"]) for line in reading.lines if line["dice"]) == \
        sum(1 for e in events if e[0] == "roll")


def test_an_answer_from_an_old_page_does_not_answer_a_newer_question(url) -> None:
    status, headers, _ = fetch_no_redirect(url + "play/new",
                                           b"doc=smersh&kind=showdown&name=Pierre&players=1&seed=3")
    assert status == 303
    session = url.rstrip("/") + headers["location"]
    fetch(session, b"step=0&choice=0")
    first = fetch(session)[2]
    fetch(session, b"step=0&choice=1")           # the same page clicked again
    assert fetch(session)[2] == first


def fetch_no_redirect(url: str, data: bytes):
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(Stay)
    try:
        with opener.open(urllib.request.Request(url, data=data, headers=AUTH),
                         timeout=HANG_GUARD_S) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_findings_link_to_their_place_in_the_book(tmp_path) -> None:
    """A goto to an encounter that does not exist: its finding links to the node that
    holds the goto, on the showdown's page."""
    home = tmp_path / "epic"
    import shutil
    shutil.copytree(EPIC, home)
    source = home / "showdowns" / "pierre.smersh"
    source.write_text(source.read_text(encoding="utf-8").replace("\n    goto 01\n", "\n    goto 41\n", 1),
                      encoding="utf-8")
    projects, found = check_paths([home])
    made = pages(take(projects, found, 1), live=False)
    findings = made["findings.html"].make("")
    link = re.search(r'<a class="place" href="([^"#]+)#([^"]+)"', findings)
    assert link and "41" in findings
    assert link.group(1) == "smersh-sd-henchman-pierre.html"
    assert f'id="{link.group(2)}"' in made[link.group(1)].make("")
    assert "goto 41" in findings                  # the finding's source line


def test_the_static_site_is_self_contained(tmp_path) -> None:
    done = subprocess.run([sys.executable, "-m", "smersh_dsl", "build", str(EPIC), "--format",
                           "site", "--out", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    site = tmp_path / "site"
    names = {p.name for p in site.iterdir()}
    assert {"index.html", "findings.html", "search.html", "site.css", "site.js",
            "smersh-flow.html", "smersh-odds.html"} <= names
    assert "live.js" not in names and not (tmp_path / "smersh").exists()
    for page in site.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert 'http-equiv="Content-Security-Policy"' in text, page.name
        assert not re.search(r'(?:src|href|action)="(?:https?:)?//', text), page.name
        for target in re.findall(r'(?:src|href)="([^"#?]+)', text):
            assert target in names or target.startswith("vscode://file/"), (page.name, target)


def test_serve_says_when_it_cannot_listen(url) -> None:
    port = url.rstrip("/").rsplit(":", 1)[1]
    done = subprocess.run([sys.executable, "-m", "smersh_dsl", "serve", str(EPIC), "--port", port],
                          capture_output=True, text=True, timeout=HANG_GUARD_S)
    assert done.returncode == 2 and "cannot listen" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_flow_page_marks_what_smersh_graph_marks_and_links_each_to_the_book() -> None:
    """The broken showdowns of the report goldens: the marks are `smersh graph`'s (G001
    unreachable, G002 dead end), and each marked node links to an anchor of its page."""
    projects, found = check_paths([REPO / "tests" / "golden" / "reports" / "broken"])
    made = pages(take(projects, found, 1), live=False)
    flow = made["tiny-flow.html"].make("")
    marks = re.findall(r'<li><a href="([^"#]+)#([^"]+)">([^<]+)</a>: ([^<]+)</li>', flow)
    assert ("encounter 01", "dead end") in {(m[2], m[3]) for m in marks}
    assert ("encounter 02", "unreachable") in {(m[2], m[3]) for m in marks}
    for page, anchor, _, _ in marks:
        assert f'id="{anchor}"' in made[page].make(""), (page, anchor)


@pytest.mark.parametrize("host, expected", [("127.0.0.1", True), ("127.0.0.2", True),
                                            ("::1", True), ("[::1]", True), ("localhost", True),
                                            ("0.0.0.0", False), ("192.168.1.20", False),
                                            ("example.org", False)])
def test_only_loopback_addresses_count_as_loopback(host, expected) -> None:
    from smersh_dsl.cli.serve import loopback
    assert loopback(host) is expected
