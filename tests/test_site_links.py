"""Every link of every page leads somewhere (issue #32): a crawl of `smersh serve`
(with its token) and of the static site of `smersh build --format site`.

The game page lives below the others (/play/TOKEN): its stylesheet, scripts and tabs
were relative names, so each answered 404 there. The crawl follows every href, src
and form action from the index and the Play page, starts a game to reach its page, and
checks that each target answers (and each #anchor is an id on its page). The book is a
copy of the bundled epic one whose Pierre intro shows an icon (`:Spycraft:`, issue #30):
the icon's picture is a target like any other."""

from __future__ import annotations

import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

import pytest
from starlette.testclient import TestClient

from smersh_dsl.serve.app import make_app

REPO = Path(__file__).resolve().parent.parent
EPIC = REPO / "books" / "epic"
TOKEN = "test-token-of-the-crawl"
BASE = "http://testserver/"
EDITOR = "vscode://file/"      # the source links' default editor_url (test_editor_links.py)


class Links(HTMLParser):
    """The targets a page names (href, src, and the action of a form), and its ids."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(found["id"])
        for name in ("href", "src", "action"):
            if found.get(name) is not None:
                self.targets.append(found[name])


def links_of(text: str) -> Links:
    parser = Links()
    parser.feed(text)
    return parser


def crawl(fetch, start: list[str]) -> tuple[dict[str, Links], list[str]]:
    """Every page reached from ``start`` (``fetch(url)`` -> (status, text, is_html)), and
    what was wrong: a target that does not answer, an anchor that is not there."""
    seen: dict[str, Links] = {}
    statuses: dict[str, int] = {}
    wanted: list[tuple[str, str]] = [(url, "start") for url in start]
    anchors: list[tuple[str, str, str]] = []
    while wanted:
        url, source = wanted.pop()
        page, fragment = urldefrag(url)
        if fragment:
            anchors.append((page, unquote(fragment), source))
        if page in statuses:
            continue
        status, text, is_html = fetch(page)
        statuses[page] = status
        if status != 200 or not is_html:
            continue
        found = seen[page] = links_of(text)
        for target in found.targets:
            if not target.startswith(EDITOR):    # opens the writer's editor: nothing to fetch
                wanted.append((urljoin(page, target), page))
    problems = [f"{page}: {status}" for page, status in statuses.items() if status != 200]
    for page, anchor, source in anchors:
        if page in seen and anchor not in seen[page].ids:
            problems.append(f"{source} links to {page}#{anchor}, which is not there")
    return seen, problems


@pytest.fixture(scope="module")
def epic(tmp_path_factory) -> Path:
    """The bundled epic book, its Pierre intro showing the Spycraft icon."""
    copy = tmp_path_factory.mktemp("crawl") / "epic"
    shutil.copytree(EPIC, copy)
    showdown = copy / "showdowns" / "pierre.smersh"
    text = showdown.read_text(encoding="utf-8")
    assert '"Paris in October:' in text
    showdown.write_text(text.replace('"Paris in October:', '"Paris :Spycraft: in October:'), "utf-8")
    return copy


def icon_targets(seen: dict[str, Links], page: str) -> list[str]:
    return [urljoin(page, t) for t in seen[page].targets if "/icon-" in urljoin(page, t)]


@pytest.fixture(scope="module")
def client(epic):
    with TestClient(make_app([epic], TOKEN, watch=False, hosts=["testserver"]),
                    headers={"Authorization": f"token {TOKEN}"}) as found:
        yield found


def test_every_link_of_every_served_page_answers(client) -> None:
    started = client.post("/play/new", data={"doc": "smersh", "kind": "showdown", "name": "Pierre",
                                             "players": "2", "seed": "5"}, follow_redirects=False)
    assert started.status_code == 303
    game = urljoin(BASE, started.headers["location"])

    def fetch(url: str) -> tuple[int, str, bool]:
        if urlsplit(url).netloc != "testserver":
            return 599, "", False                # nothing is linked outside the server
        path = url[len(BASE) - 1:]
        if path.startswith("/play/") and path != "/play/new":
            reply = client.get(path)             # a game's form posts back to its page
        elif path == "/play/new":
            return 200, "", False                # a POST form, started above
        else:
            reply = client.get(path)
        return reply.status_code, reply.text, reply.headers["content-type"].startswith("text/html")

    seen, problems = crawl(fetch, [BASE, BASE + "play.html", game])
    assert not problems, problems[:20]
    assert any(t.startswith(EDITOR) for found in seen.values() for t in found.targets)
    assert game in seen and BASE + "site.css" not in seen      # fetched, not an HTML page
    on_game = {urljoin(game, t) for t in seen[game].targets}
    assert {BASE + "site.css", BASE + "site.js", BASE + "findings.html", BASE + "play.html"} <= on_game
    assert len(seen) > 20, sorted(seen)
    assert icon_targets(seen, BASE + "smersh-sd-henchman-pierre.html")   # answered 200 above


@pytest.fixture(scope="module")
def site(tmp_path_factory, epic) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "smersh_dsl", "build", str(epic), "--format",
                           "site", "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return out / "site"


def test_every_link_of_every_static_page_points_to_a_file_and_anchor_there(site) -> None:
    def fetch(url: str) -> tuple[int, str, bool]:
        parts = urlsplit(url)
        if parts.scheme != "file":
            return 599, "", False
        path = Path(unquote(parts.path))
        if not path.is_file():
            return 404, "", False
        if path.suffix != ".html":
            return 200, "", False
        return 200, path.read_text(encoding="utf-8"), True

    pages = sorted(site.glob("*.html"))
    seen, problems = crawl(fetch, [p.as_uri() for p in pages])
    assert not problems, problems[:20]
    assert any(t.startswith(EDITOR) for found in seen.values() for t in found.targets)
    assert len(seen) == len(pages)
    assert icon_targets(seen, (site / "smersh-sd-henchman-pierre.html").as_uri())
