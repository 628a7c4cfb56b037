"""The language server and linked files (issue #26, item 8): a project file that links out
of the project is I009, published under the project's file (the link's own path), never
under the outside place it leads to."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from waiting import HANG_GUARD_S

WORK = Path(tempfile.mkdtemp(prefix="smersh-lsp-links-"))
PROJECT = WORK / "project"
OUTSIDE = WORK / "outside"
BOOK = PROJECT / "book.smersh"
LINK = PROJECT / "europe.smersh"
TARGET = OUTSIDE / "europe.smersh"

PROJECT.mkdir()
OUTSIDE.mkdir()
BOOK.write_text('game g "G" { skills { Spycraft } }\n', encoding="utf-8")
TARGET.write_text('entry 01.1.1 { "Outside." }\n', encoding="utf-8")
LINK.symlink_to(TARGET)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "smersh_dsl", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=PROJECT.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def _published(client: LanguageClient, code: str) -> dict[str, list[str]]:
    """Wait for notifications until one carries ``code``; every URI with its codes."""
    def found() -> bool:
        return any(d.code == code for items in client.diagnostics.values() for d in items)
    while not found():
        await asyncio.wait_for(client.wait_for_notification(
            lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), timeout=HANG_GUARD_S)
    return {uri: [d.code for d in items] for uri, items in client.diagnostics.items()}


async def test_a_link_out_is_published_under_the_projects_file(client: LanguageClient):
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        text_document=lsp.TextDocumentItem(uri=BOOK.as_uri(), language_id="smersh", version=1,
                                           text=BOOK.read_text(encoding="utf-8"))))
    published = await _published(client, "I009")
    assert "I009" in published.get(LINK.as_uri(), []), published
    assert not [uri for uri in published if uri.startswith(OUTSIDE.as_uri())], published
