"""The language server on buffers that are not on disk: a new file in a project folder
is part of that project, and a never-saved (`untitled:`) buffer is a fragment of the
bundled game of its kind. Both are checked, hovered and followed like saved files."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlparse

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from lsp_helpers import SERVER, position
from conftest import REPO
from waiting import HANG_GUARD_S
from smersh_dsl.resources import bundled_books

BUNDLED = bundled_books().resolve()

WORK = Path(tempfile.mkdtemp(prefix="smersh-lsp-unsaved-"))
BOOK = WORK / "epic"
shutil.copytree(REPO / "books" / "epic", BOOK, dirs_exist_ok=True)

# Three mistakes: a misspelt skill, a misspelt status, and the same entry twice.
THREE_MISTAKES = """\
override entry 12.1.1 {
  "The courier's umbrella is not for rain."
  test Spycaft +1
  pass { "You take the umbrella." gain 1 intel }
  fail { "It takes you." gain status "Markd" }
}

override entry 12.1.1 {
  "A second reading of the same paragraph."
  test Spycraft [2]
  pass { "Well read." gain 1 intel }
  fail { "Badly read." lose 1 resolve }
}
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=WORK.as_uri()))
    yield
    await lsp_client.shutdown_session()


_position = position


def _range(text: str, needle: str, after: int = 0) -> lsp.Range:
    """The range of the first ``needle`` at or after index ``after``."""
    index = text.index(needle, after)
    start = _position(text, needle, index - text.index(needle))
    return lsp.Range(start, lsp.Position(start.line, start.character + len(needle)))


async def _open(client: LanguageClient, uri: str, text: str) -> list[lsp.Diagnostic]:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        text_document=lsp.TextDocumentItem(uri=uri, language_id="smersh", version=1, text=text)))
    async def mine() -> list[lsp.Diagnostic]:
        while True:
            published = await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
            if published.uri == uri:
                return sorted(published.diagnostics, key=lambda d: (d.range.start.line, d.code))
    return await asyncio.wait_for(mine(), timeout=HANG_GUARD_S)     # none at all is a failure, not a hang


async def test_a_never_saved_buffer_gets_three_diagnostics_and_hover_odds(client: LanguageClient):
    uri = "untitled:Untitled-1"
    found = await _open(client, uri, THREE_MISTAKES)
    second = THREE_MISTAKES.index("override entry", 1)
    assert [(d.code, d.range) for d in found] == [
        ("N001", _range(THREE_MISTAKES, "Spycaft")),
        ("N003", _range(THREE_MISTAKES, '"Markd"')),
        ("D001", _range(THREE_MISTAKES, "12.1.1", after=second)),
    ]
    hover = await client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        position=_position(THREE_MISTAKES, "test Spycraft")))
    assert hover and "lvl 3" in hover.contents.value and "%" in hover.contents.value
    status = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        position=_position(THREE_MISTAKES, "Spycraft [2]", 1)))
    assert status and Path(urlparse(status[0].uri).path) == BUNDLED / "epic" / "book.smersh"


async def test_a_new_file_in_a_project_folder_is_part_of_the_project(client: LanguageClient):
    """Not on disk, it is checked with the project's files: its entry clashes with one of
    theirs, a misspelt status is caught, and a skill leads to the project's header."""
    path = BOOK / "entries" / "new-file.smersh"
    assert not path.exists()
    text = THREE_MISTAKES[: THREE_MISTAKES.index("\n\n")].replace("override entry", "entry")
    text = text.replace("Spycaft", "Spycraft") + "\n"
    found = await _open(client, path.as_uri(), text)
    assert [(d.code, d.range) for d in found] == [("D001", _range(text, "12.1.1")),
                                                 ("N003", _range(text, '"Markd"'))]
    assert "asia.smersh" in found[0].message
    definition = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=path.as_uri()),
        position=_position(text, "Spycraft", 1)))
    assert definition and definition[0].uri == (BOOK / "book.smersh").as_uri()
