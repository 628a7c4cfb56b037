"""What the language-server tests (and bench/lsp_hover.py) share: the server command,
text positions, and opening and changing a buffer as an editor does."""

from __future__ import annotations

import sys
from pathlib import Path

from lsprotocol import types as lsp

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
