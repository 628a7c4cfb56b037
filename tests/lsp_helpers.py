"""What the language-server tests share: the server command and text positions."""

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
