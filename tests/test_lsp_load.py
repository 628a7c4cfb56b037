"""The language server under load (issue 21, item 9): huge buffers are refused with the
CLI's limits, edits are debounced and checked off the event loop, and hover answers
from the last finished check while the next one runs.

No test asserts how long anything took (a loaded machine must pass): each waits for
what it expects, with the hang guard of tests/waiting.py, so a server that blocks fails
instead of hanging. How long hover takes during a burst of checks on 3,000 entries is
measured by bench/lsp_hover.py.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import REPO
from lsp_helpers import change_buffer, open_buffer, position
from waiting import HANG_GUARD_S

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


async def _until(client: LanguageClient, holds: Callable[[], bool],
                 timeout: float = HANG_GUARD_S) -> float:
    """Wait for diagnostics until ``holds()``; the seconds it took (the hang guard fails)."""
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


async def _hover(client: LanguageClient, path: Path, at: lsp.Position, timeout: float = HANG_GUARD_S
                 ) -> tuple[lsp.Hover | None, float]:
    """The hover at ``at`` and how long it took to come back, in seconds."""
    start = time.perf_counter()
    found = await asyncio.wait_for(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=path.as_uri()), position=at)), timeout)
    return found, time.perf_counter() - start


async def _opened_pierre(client: LanguageClient, book: Path) -> tuple[Path, str]:
    pierre = book / "showdowns" / "pierre.smersh"
    text = pierre.read_text(encoding="utf-8")
    open_buffer(client, pierre, text)
    await _until(client, lambda: pierre.as_uri() in client.diagnostics)
    return pierre, text


async def test_a_50_mb_buffer_gets_i007_at_once_and_hover_still_answers(client: LanguageClient):
    book = _epic("huge")
    pierre, text = await _opened_pierre(client, book)
    huge = book / "huge.smersh"
    huge.write_text('status "Huge" { effect "Nothing." }\n', encoding="utf-8")
    line = 'status "Huge" { effect "Nothing at all, again and again." }\n'
    open_buffer(client, huge, line * (50 * 2**20 // len(line)))
    took = await _until(client, lambda: "I007" in _codes(client, huge.as_uri()))
    i007 = next(d for d in client.diagnostics[huge.as_uri()] if d.code == "I007")
    assert i007.range.start == lsp.Position(0, 0)
    print(f"I007 for a 50 MB buffer after {took:.1f} s")
    found, _ = await _hover(client, pierre, position(text, "test Deception"))
    assert found and "lvl 3" in found.contents.value


async def test_a_line_over_the_limit_gets_i006_on_its_line(client: LanguageClient):
    book = _epic("long-line")
    wide = book / "wide.smersh"
    wide.write_text('status "Wide" { effect "Short." }\n', encoding="utf-8")
    open_buffer(client, wide, 'status "Wide" {\n  effect "' + "x" * 25_000 + '"\n}\n')
    await _until(client, lambda: "I006" in _codes(client, wide.as_uri()))
    i006 = next(d for d in client.diagnostics[wide.as_uri()] if d.code == "I006")
    assert i006.range.start.line == 1


async def test_300_quick_edits_then_a_prompt_hover_and_diagnostics_of_the_last_text(client: LanguageClient):
    book = _epic("burst")
    pierre, text = await _opened_pierre(client, book)
    assert _codes(client, pierre.as_uri()) == set()
    wrong, last = text.replace("goto 05", "goto 66", 1), text.replace("goto 05", "goto 55", 1)
    for version in range(2, 302):
        change_buffer(client, pierre, version, wrong if version % 2 else text)
    change_buffer(client, pierre, 302, last)
    found, took = await _hover(client, pierre, position(text, "test Deception"))
    print(f"hover after 300 edits: {took * 1000:.0f} ms")
    assert found and "lvl 3" in found.contents.value
    await _until(client, lambda: "N007" in _codes(client, pierre.as_uri()))
    n007 = [d for d in client.diagnostics[pierre.as_uri()] if d.code == "N007"]
    assert [d.range.start for d in n007] == [position(last, "goto 55", len("goto "))]
