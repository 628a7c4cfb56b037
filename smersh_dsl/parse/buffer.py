"""An editor's buffer under the limits a file on disk is read with.

`smersh check` refuses a file over MAX_BYTES (I007) or with a line over MAX_LINE (I006)
before parsing it (see source.py). A buffer the language server is sent comes from the
editor, not from disk, and used to be parsed whatever its size: a 50 MB buffer held the
server for minutes. It is held to the same limits here, with the same diagnostics, and
refused without being parsed. A test compares these diagnostics with the reader's.
"""

from __future__ import annotations

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import SourceFile
from smersh_dsl.model.span import Span
from smersh_dsl.parse.blocks import parse_edited
from smersh_dsl.parse.source import MAX_BYTES, MAX_LINE


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
    if size <= MAX_BYTES:
        return None
    return Diagnostic.of("I007", Span.point(shown, 1, 1),
                         f"the file is {size / 2**20:.1f} MiB; the limit is "
                         f"{MAX_BYTES // 2**20} MiB",
                         "split it into several files of the same project")


def too_long_line(text: str, shown: str) -> Diagnostic | None:
    """I006 for the first line over MAX_LINE, lines ending as the reader ends them."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE:
            return Diagnostic.of("I006", Span.point(shown, number, MAX_LINE + 1),
                                 f"line {number} is {len(line):,} characters long; "
                                 f"the limit is {MAX_LINE:,}",
                                 "break it into several lines; strings may span lines")
    return None


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
