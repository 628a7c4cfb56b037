"""WeasyPrint reads nothing but smersh's own files (``print/fetch.py``): a page that names
any other file or URL fails the build with P102, naming it, and nothing is fetched.

The planted pages below bypass the checker and the escaping of writer text: they are
what a template mistake, or a way round the escaping, would hand the renderer.
"""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest

from conftest import REPO
from waiting import HANG_GUARD_S
from smersh_dsl.print.cache import SectionCache
from smersh_dsl.print.documents import PrintDocument, Section
from smersh_dsl.print.fetch import PACKAGE, AllowList, Fetcher, Refused, fetcher
from smersh_dsl.print.pipeline import Planned, build
from smersh_dsl.print.profiles import profile
from smersh_dsl.print.render import FONTS

FONT = FONTS / "DejaVuSerif.ttf"


# ---------------------------------------------------------------- the allow-list

def test_the_package_files_are_allowed_and_nothing_else(tmp_path):
    allowed = AllowList()
    assert allowed.path_of(FONT.as_uri()) == FONT.resolve()
    assert allowed.path_of("file://localhost" + FONT.as_posix()) == FONT.resolve()
    assert allowed.path_of(FONT.as_uri().replace("DejaVu", "%44ejaVu")) == FONT.resolve()
    escape = FONTS.as_uri() + "/../../../../../../../../etc/passwd"
    (tmp_path / "link.ttf").symlink_to("/etc/passwd")
    inside = PACKAGE / "print" / "fonts"
    for url in ["file:///etc/passwd", escape, (tmp_path / "link.ttf").as_uri(),
                "file://elsewhere" + FONT.as_posix(), "http://127.0.0.1/x.png",
                "https://example.com/font.ttf", "ftp://example.com/x", "data:text/css,p{}",
                "FILE:///etc/passwd", "file:", "file:///", inside.as_uri() + "%00.ttf",
                "smersh-link:enc-01", "relative/path.png", "\0"]:
        assert allowed.path_of(url) is None, url


def test_the_allow_list_grows_by_folders(tmp_path):
    picture = tmp_path / "images" / "map.png"
    picture.parent.mkdir()
    picture.write_bytes(b"\x89PNG")
    assert AllowList().path_of(picture.as_uri()) is None
    grown = AllowList().also(tmp_path / "images")
    assert grown.path_of(picture.as_uri()) == picture.resolve()
    assert grown.path_of(FONT.as_uri()) == FONT.resolve()
    assert grown.path_of((tmp_path / "secret.txt").as_uri()) is None


def test_the_fetcher_reads_allowed_files_and_records_what_it_refuses():
    reader = Fetcher()
    with reader.watching() as watch:
        response = reader(FONT.as_uri())
        assert response.read() == FONT.read_bytes()
        assert response.content_type in ("font/ttf", "application/x-font-ttf",
                                         "application/octet-stream")
        for url in ("file:///etc/passwd", "http://127.0.0.1:9/", "file:///etc/passwd"):
            with pytest.raises(Refused, match="etc/passwd|127.0.0.1"):
                reader(url)
    assert watch.refused == ["file:///etc/passwd", "http://127.0.0.1:9/"]
    with pytest.raises(Refused):          # outside a watch it still refuses
        reader("file:///etc/passwd")


# ---------------------------------------------------------------- planted references

class Listener:
    """A local TCP port that counts the connections made to it."""

    def __init__(self) -> None:
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self.server.accept()
            except OSError:
                continue
            self.connections += 1
            connection.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.server.close()


@pytest.fixture
def listener():
    found = Listener()
    yield found
    found.close()


def _png() -> bytes:
    """A 1 x 1 PNG."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


def planted(tmp_path: Path, port: int) -> tuple[str, list[str]]:
    """A page naming local files and network addresses every way HTML and CSS can."""
    secret = tmp_path / "secret.png"     # a real image: the default fetcher would embed it
    secret.write_bytes(_png())
    urls = ["file:///etc/passwd", secret.as_uri(), f"http://127.0.0.1:{port}/style.css",
            f"http://127.0.0.1:{port}/font.ttf", f"http://127.0.0.1:{port}/picture.png",
            f"https://127.0.0.1:{port}/imported.css"]
    html = (f'<html><head><link rel="stylesheet" href="{urls[2]}"><style>'
            f'@import url("{urls[5]}");'
            f'@font-face {{ font-family: Spy; src: url("{urls[3]}") }}'
            f'body {{ background: url("{urls[0]}") }} p {{ font-family: Spy }}'
            f'</style></head><body><p>Planted</p><img src="{urls[1]}"><img src="{urls[4]}">'
            "</body></html>")
    return html, urls


@pytest.mark.parametrize("jobs", [1, 2, 0], ids=["here", "in-workers", "one-piece"])
def test_a_planted_reference_fails_the_build_with_p102_naming_it(tmp_path, listener, jobs):
    html, urls = planted(tmp_path, listener.port)
    document = PrintDocument("planted", "Planted", (      # first: its head is the one
        Section("bad", "Planted", html),                 # that one piece (jobs=0) keeps
        Section("ok", "Fine", "<html><body><p>Nothing to fetch here.</p></body></html>")))
    cache = SectionCache(tmp_path / "cache")
    target = tmp_path / "out" / "planted.pdf"
    chosen = profile("screen")
    result = build([Planned(target, document, "books/planted")], chosen, jobs=jobs, cache=cache)
    assert result.written == [] and not target.exists()
    assert {d.code for d in result.diagnostics} == {"P102"}
    messages = " ".join(d.message for d in result.diagnostics)
    for url in urls:
        assert url in messages, url
    assert all(d.span.file == "books/planted" for d in result.diagnostics)
    assert listener.connections == 0, "the renderer reached the network"
    if jobs:                       # the good section is cached, the planted one never
        again = build([Planned(target, document)], chosen, jobs=1, cache=cache)
        assert (again.cached, again.rendered) == (1, 1)


def test_a_url_reached_through_the_title_fails_the_cli_build(tmp_path):
    """End to end: `smersh build` with the CSS escaping of titles undone (as a template
    mistake would), the issue's title reaches the stylesheet; the fetcher refuses its
    url(file:///etc/passwd), the build fails with P102 naming it, and writes no PDF."""
    project = tmp_path / "tiny"
    subprocess.run([sys.executable, str(REPO / "bench" / "generate.py"), "25", str(project)],
                   check=True)
    manifest = project / "book.smersh"
    text = manifest.read_text(encoding="utf-8")
    start = text.index('"', text.index("game "))
    end = text.index('"', start + 1)
    title = "Evil\n\n; } } body { background: url(file:///etc/passwd) } x { content: "
    manifest.write_text(text[:start + 1] + title + text[end:], encoding="utf-8")
    child = ("import sys; from markupsafe import Markup\n"
             "import smersh_dsl.print.env as env\n"
             "env.css_string = lambda text: Markup('\"' + str(text) + '\"')\n"
             "sys.argv = ['smersh'] + sys.argv[1:]\n"
             "from smersh_dsl.cli import main\nmain()\n")
    out = tmp_path / "out"
    command = [sys.executable, "-c", child, "build", str(project), "--format", "pdf",
               "--profile", "screen", "--jobs", "1", "--out", str(out)]
    env = {**os.environ, "SMERSH_CACHE_DIR": ""}
    check = subprocess.run([sys.executable, "-m", "smersh_dsl", "check", str(project)],
                           capture_output=True, text=True, env=env)
    assert check.returncode == 0, check.stdout + check.stderr     # a title is only text
    failed = subprocess.run(command, capture_output=True, text=True, env=env, timeout=HANG_GUARD_S)
    assert failed.returncode == 1, failed.stderr
    assert "P102" in failed.stderr and "file:///etc/passwd" in failed.stderr, failed.stderr
    assert "no PDF written" in failed.stderr and "Traceback" not in failed.stderr
    assert not list(out.rglob("*.pdf"))
    # The same title, escaped as it is by smersh: the build succeeds.
    result = subprocess.run(command[:1] + ["-m", "smersh_dsl"] + command[3:],
                            capture_output=True, text=True, env=env, timeout=HANG_GUARD_S)
    assert result.returncode == 0, result.stderr
    assert list(out.rglob("*.pdf"))


# ---------------------------------------------------------------- what is allowed still works

def test_the_bundled_fonts_are_read_through_the_fetcher(tmp_path, monkeypatch):
    from smersh_dsl.print import render

    seen: list[str] = []
    real = Fetcher.fetch

    def spy(self, url, headers=None):
        seen.append(url)
        return real(self, url, headers)

    monkeypatch.setattr(Fetcher, "fetch", spy)
    render._stylesheets.cache_clear()      # the fonts are registered again, now
    render._font_config.cache_clear()
    try:
        chosen = profile("screen")
        document = PrintDocument("fine", "Fine", (Section("s", "S", (
            "<html><body><p style=\"font-family: 'Smersh Serif'\">Serif</p>"
            "<p style=\"font-family: 'Smersh Sans Latin'\">Sans</p></body></html>")),))
        result = build([Planned(tmp_path / "fine.pdf", document)], chosen, jobs=1,
                       cache=SectionCache(enabled=False))
    finally:
        render._stylesheets.cache_clear()
        render._font_config.cache_clear()
    assert result.written and not result.diagnostics
    assert seen and all(AllowList().path_of(url) is not None for url in seen)
    assert FONT.as_uri() in seen
    assert fetcher().allowed == AllowList()


def test_every_weasyprint_call_is_handed_the_fetcher():
    """HTML() and CSS() are the only ways into WeasyPrint (a render, a PDF and the warm-up
    all start from ``render.layout``), and each is handed the one fetcher."""
    import re

    calls = [(path.name, line.strip()) for path in (REPO / "smersh_dsl").rglob("*.py")
             for line in path.read_text(encoding="utf-8").splitlines()
             if re.search(r"\b(HTML|CSS)\((?!\))", line) and "import" not in line]
    assert len(calls) >= 2, calls
    assert all("url_fetcher=fetcher()" in line for _, line in calls), calls
