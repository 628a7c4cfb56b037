"""The language server under load (issue 21, item 9): huge buffers are refused with the
CLI's limits, edits are debounced and checked off the event loop, and hover answers
from the last finished check while the next one runs.

The timings asserted here are the issue's: hover within 200 ms during a burst of edits.
Each test waits with a timeout, so a server that blocks fails instead of hanging.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import REPO

WORK = Path(tempfile.mkdtemp(prefix="smersh-lsp-load-"))
PUBLISH = lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "smersh_dsl", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=WORK.as_uri()))
    yield
    await lsp_client.shutdown_session()


def _epic(name: str) -> Path:
    """A fresh copy of the bundled Epic Edition, for one test."""
    book = WORK / name
    shutil.copytree(REPO / "books" / "epic", book)
    return book


def _position(text: str, needle: str, offset: int = 0) -> lsp.Position:
    index = text.index(needle) + offset
    return lsp.Position(line=text.count("\n", 0, index),
                        character=index - (text.rfind("\n", 0, index) + 1))


async def _until(client: LanguageClient, holds: Callable[[], bool], timeout: float) -> float:
    """Wait for diagnostics until ``holds()``; the seconds it took (a timeout fails)."""
    start = time.perf_counter()
    while not holds():
        left = timeout - (time.perf_counter() - start)
        assert left > 0, f"not within {timeout} s"
        try:
            await asyncio.wait_for(client.wait_for_notification(PUBLISH), left)
        except asyncio.TimeoutError:
            raise AssertionError(f"not within {timeout} s") from None
    return time.perf_counter() - start


def _codes(client: LanguageClient, uri: str) -> set:
    return {d.code for d in client.diagnostics.get(uri, [])}


def _open(client: LanguageClient, path: Path, text: str) -> None:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=path.as_uri(), language_id="smersh", version=1, text=text)))


def _change(client: LanguageClient, path: Path, version: int, text: str) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))


async def _hover(client: LanguageClient, path: Path, at: lsp.Position, timeout: float = 30
                 ) -> tuple[lsp.Hover | None, float]:
    """The hover at ``at`` and how long it took to come back, in seconds."""
    start = time.perf_counter()
    found = await asyncio.wait_for(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=path.as_uri()), position=at)), timeout)
    return found, time.perf_counter() - start


async def _opened_pierre(client: LanguageClient, book: Path) -> tuple[Path, str]:
    pierre = book / "showdowns" / "pierre.smersh"
    text = pierre.read_text(encoding="utf-8")
    _open(client, pierre, text)
    await _until(client, lambda: pierre.as_uri() in client.diagnostics, 60)
    return pierre, text


async def test_a_50_mb_buffer_gets_i007_at_once_and_hover_still_answers(client: LanguageClient):
    book = _epic("huge")
    pierre, text = await _opened_pierre(client, book)
    huge = book / "huge.smersh"
    huge.write_text('status "Huge" { effect "Nothing." }\n', encoding="utf-8")
    line = 'status "Huge" { effect "Nothing at all, again and again." }\n'
    _open(client, huge, line * (50 * 2**20 // len(line)))
    took = await _until(client, lambda: "I007" in _codes(client, huge.as_uri()), 30)
    i007 = next(d for d in client.diagnostics[huge.as_uri()] if d.code == "I007")
    assert i007.range.start == lsp.Position(0, 0)
    print(f"I007 for a 50 MB buffer after {took:.1f} s")
    assert took < 10        # the 50 MB themselves cross the pipe as JSON in a second or two
    found, _ = await _hover(client, pierre, _position(text, "test Deception"), timeout=10)
    assert found and "lvl 3" in found.contents.value


async def test_a_line_over_the_limit_gets_i006_on_its_line(client: LanguageClient):
    book = _epic("long-line")
    wide = book / "wide.smersh"
    wide.write_text('status "Wide" { effect "Short." }\n', encoding="utf-8")
    _open(client, wide, 'status "Wide" {\n  effect "' + "x" * 25_000 + '"\n}\n')
    await _until(client, lambda: "I006" in _codes(client, wide.as_uri()), 30)
    i006 = next(d for d in client.diagnostics[wide.as_uri()] if d.code == "I006")
    assert i006.range.start.line == 1


async def test_300_quick_edits_then_a_prompt_hover_and_diagnostics_of_the_last_text(client: LanguageClient):
    book = _epic("burst")
    pierre, text = await _opened_pierre(client, book)
    assert _codes(client, pierre.as_uri()) == set()
    wrong, last = text.replace("goto 05", "goto 66", 1), text.replace("goto 05", "goto 55", 1)
    for version in range(2, 302):
        _change(client, pierre, version, wrong if version % 2 else text)
    _change(client, pierre, 302, last)
    found, took = await _hover(client, pierre, _position(text, "test Deception"))
    print(f"hover after 300 edits: {took * 1000:.0f} ms")
    assert found and took < 1.0, f"hover after 300 edits took {took:.2f} s"
    await _until(client, lambda: "N007" in _codes(client, pierre.as_uri()), 30)
    n007 = [d for d in client.diagnostics[pierre.as_uri()] if d.code == "N007"]
    assert [d.range.start for d in n007] == [_position(last, "goto 55", len("goto "))]


def _bench_project(name: str, entries: int) -> Path:
    root = WORK / name
    subprocess.run([sys.executable, str(REPO / "bench" / "generate.py"), str(entries), str(root)],
                   check=True)
    return root


async def test_hover_answers_within_200_ms_while_a_burst_of_edits_is_checked(client: LanguageClient):
    """A 3,000-entry project; one file is edited into a 1.5 MB text with a syntax error
    (a whole-file parse with recovery, seconds per check), every 300 ms, so that checks
    keep running; a hover on another file is sent between edits."""
    root = _bench_project("bench-3k", 3000)
    edited, other = root / "entries-000.smersh", root / "entries-010.smersh"
    other_text = other.read_text(encoding="utf-8")
    _open(client, other, other_text)
    await _until(client, lambda: other.as_uri() in client.diagnostics, 120)
    body = "".join(p.read_text(encoding="utf-8") for p in sorted(root.glob("entries-*.smersh")))
    big = (body * 3)[:1_500_000]        # cut inside an entry: a syntax error at the end
    _open(client, edited, edited.read_text(encoding="utf-8"))
    at = _position(other_text, "test Spycraft")
    latencies = []
    for version in range(2, 22):
        _change(client, edited, version, f"# edit {version}\n" + big)
        await asyncio.sleep(0.3)
        found, took = await _hover(client, other, at)
        assert found and "lvl 3" in found.contents.value
        latencies.append(took)
    print(f"hover during the burst: median {statistics.median(latencies) * 1000:.0f} ms, "
          f"max {max(latencies) * 1000:.0f} ms over {len(latencies)}")
    last = await _until(client, lambda: "S004" in _codes(client, edited.as_uri()), 120)
    print(f"the last edit's diagnostics came {last:.1f} s after its hover")
    assert statistics.median(latencies) < 0.2, latencies
    assert max(latencies) < 1.0, latencies    # none waited for a check (each takes seconds)
