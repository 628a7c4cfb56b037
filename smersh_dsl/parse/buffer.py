"""An editor's buffer under the limits a file on disk is read with.

`smersh check` refuses a file over MAX_BYTES (I007) or with a line over MAX_LINE (I006)
before parsing it (see source.py). A buffer the language server is sent comes from the
editor, not from disk, and used to be parsed whatever its size: a 50 MB buffer held the
server for minutes. It is held to the same limits here, with the reader's own diagnostics (source.py), and
refused without being parsed. A test compares these diagnostics with the reader's.
"""

from __future__ import annotations

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import SourceFile
from smersh_dsl.parse.blocks import parse_edited
from smersh_dsl.parse.source import MAX_BYTES, line_too_long, too_large


def _size(text: str) -> int:
    """The buffer's size in bytes as it would be saved (UTF-8)."""
    return len(text.encode("utf-8", "surrogatepass"))


def too_big(text: str, shown: str) -> Diagnostic | None:
    """I007 for a buffer over MAX_BYTES. Quick enough to run on every change: a text of
    fewer than MAX_BYTES / 4 characters cannot be over (no character takes more than
    four bytes), and a longer one is encoded in C (some 10 ms for 50 MB)."""
    if len(text) * 4 <= MAX_BYTES:
        return None
    size = _size(text)
    return too_large(shown, size) if size > MAX_BYTES else None


def too_long_line(text: str, shown: str) -> Diagnostic | None:
    """I006 for the first line over MAX_LINE, lines ending as the reader ends them."""
    return line_too_long(text.replace("\r\n", "\n").replace("\r", "\n"), shown)


def refused(text: str, shown: str) -> Diagnostic | None:
    """Why ``text`` is not parsed at all, or None. The size comes first: lines are
    looked at only in a text within it (a few milliseconds)."""
    return too_big(text, shown) or too_long_line(text, shown)


def parse_buffer(text: str, shown: str) -> tuple[SourceFile | None, list[Diagnostic]]:
    """``parse_edited`` for a buffer within the limits; None and the reason otherwise,
    as ``parse_file`` gives for a file it refuses to read."""
    reason = refused(text, shown)
    if reason is not None:
        return None, [reason]
    return parse_edited(text, shown)
