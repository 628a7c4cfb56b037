"""What the language-server tests (and bench/lsp_hover.py) share: the server command,
text positions, and opening and changing a buffer as an editor does."""

from __future__ import annotations

import sys
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

# The installed command, as an editor starts it: `python -m smersh_dsl` run from a checkout
# would import the checkout's package, whose bundled books are another folder than the
# installed package's.
_EXE = Path(sys.executable).with_name("smersh")
SERVER = [str(_EXE), "lsp"] if _EXE.exists() else [sys.executable, "-m", "smersh_dsl", "lsp"]


def position(text: str, needle: str, offset: int = 0) -> lsp.Position:
    """The position ``offset`` characters into the first ``needle`` of ``text``."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return lsp.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))


def open_buffer(client, path: Path, text: str) -> None:  # noqa: ANN001 - a pygls client
    """The editor opens ``path`` with ``text`` (version 1)."""
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=path.as_uri(), language_id="smersh", version=1, text=text)))


def change_buffer(client, path: Path, version: int, text: str) -> None:  # noqa: ANN001
    """The editor's buffer of ``path`` becomes ``text``, whole, at ``version``."""
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))


def client_in(root: Path):
    """A pytest-lsp `client` fixture: `smersh lsp` started, a session opened on ``root``
    as VS Code opens one, shut down after the test."""
    import pytest_lsp
    from pytest_lsp import ClientServerConfig, client_capabilities

    @pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
    async def client(lsp_client: LanguageClient):  # noqa: ANN202 - pytest-lsp injects it by type
        await lsp_client.initialize_session(lsp.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri()))
        yield
        await lsp_client.shutdown_session()
    return client


async def opened(client, path: Path, text: str | None = None) -> str:  # noqa: ANN001
    """Open ``path`` (with ``text``, else what is on disk) and wait for its first check;
    the buffer's text."""
    import asyncio

    from waiting import HANG_GUARD_S

    text = path.read_text(encoding="utf-8") if text is None else text
    open_buffer(client, path, text)
    await asyncio.wait_for(client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS),
                           timeout=HANG_GUARD_S)
    return text


def apply_edits(text: str, edits: list[lsp.TextEdit]) -> str:
    """``text`` after a client makes ``edits`` (LSP positions; none overlapping)."""
    lines = text.split("\n")

    def at(p: lsp.Position) -> int:
        return sum(len(line) + 1 for line in lines[:p.line]) + p.character
    for e in sorted(edits, key=lambda e: at(e.range.start), reverse=True):
        text = text[:at(e.range.start)] + e.new_text + text[at(e.range.end):]
    return text
