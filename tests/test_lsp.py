"""The language server end to end, over stdio, with a real LSP client (pytest-lsp)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from lsp_helpers import position
from conftest import REPO

WORK = Path(tempfile.mkdtemp(prefix="smersh-lsp-"))
BOOK = WORK / "epic"
shutil.copytree(REPO / "books" / "epic", BOOK, dirs_exist_ok=True)
PIERRE = BOOK / "showdowns" / "pierre.smersh"
PIERRE_URI = PIERRE.as_uri()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "smersh_dsl", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=WORK.as_uri()))
    yield
    await lsp_client.shutdown_session()


_position = position


async def _open(client: LanguageClient, text: str) -> None:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        text_document=lsp.TextDocumentItem(uri=PIERRE_URI, language_id="smersh", version=1, text=text)))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def test_a_broken_goto_is_underlined_with_the_checkers_code(client: LanguageClient):
    text = PIERRE.read_text(encoding="utf-8")
    await _open(client, text)
    assert list(client.diagnostics.get(PIERRE_URI, [])) == []
    broken = text.replace("goto 05", "goto 55", 1)
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=PIERRE_URI, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=broken)]))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    codes = {d.code for d in client.diagnostics[PIERRE_URI]}
    assert "N007" in codes
    n007 = next(d for d in client.diagnostics[PIERRE_URI] if d.code == "N007")
    assert n007.range.start == _position(broken, "goto 55", len("goto "))


async def test_definition_hover_completion_outline_and_formatting(client: LanguageClient):
    text = PIERRE.read_text(encoding="utf-8")
    await _open(client, text)
    doc = lsp.TextDocumentIdentifier(uri=PIERRE_URI)
    # go to definition: a goto lands on its encounter; a status on its card
    found = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=doc, position=_position(text, "goto 05", len("goto "))))
    assert found and found[0].range.start.line == text[: text.index("encounter 05")].count("\n")
    status = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=doc, position=_position(text, '"Marked"', 1)))
    assert status and status[0].uri.endswith("statuses.smersh")
    references = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=doc, position=_position(text, '"Marked"', 1),
        context=lsp.ReferenceContext(include_declaration=True)))
    assert len(references) >= 3
    # hover on a test: its odds by skill level
    hover = await client.text_document_hover_async(lsp.HoverParams(
        text_document=doc, position=_position(text, "test Deception")))
    assert hover and "lvl 3" in hover.contents.value and "%" in hover.contents.value
    # completion fits the place (tests/test_lsp_completion.py): at the top, blocks, no names
    items = await client.text_document_completion_async(lsp.CompletionParams(
        text_document=doc, position=lsp.Position(line=0, character=0)))
    labels = {i.label for i in items.items}
    assert {"showdown", "entry"} <= labels and not {"Spycraft", "Marked", "Paris"} & labels
    # the outline shows the section and its encounters
    outline = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(text_document=doc))
    assert outline[0].name == "showdown Pierre" and len(outline[0].children) >= 10
    # formatting through fmt: an already formatted file needs no edit
    edits = await client.text_document_formatting_async(lsp.DocumentFormattingParams(
        text_document=doc, options=lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert not edits
