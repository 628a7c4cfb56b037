"""Reading a file as smersh source text, refusing what is not text with a diagnostic."""

from __future__ import annotations

import re

from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.span import Span

MAX_BYTES = 64 * 1024 * 1024
MAX_LINE = 20_000
_CONTROL = {b for b in range(32) if b not in (9, 10, 13, 12)}
_CONTROL_BYTES = re.compile(b"[" + b"".join(re.escape(bytes([b])) for b in sorted(_CONTROL)) + b"]")


def _position(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


def read_source(path: Path, shown: str) -> tuple[str | None, list[Diagnostic]]:
    """Return the file's text, or None and the diagnostic that says why not."""
    def fail(code: str, message: str, line: int = 1, column: int = 1,
             hint: str | None = None) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic.of(code, Span.point(shown, line, column), message, hint)]

    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            return fail("I007", f"the file is {size / 2**20:.0f} MiB; the limit is 64 MiB",
                        hint="split it into several files of the same project")
        data = path.read_bytes()
    except IsADirectoryError:
        return fail("I004", "cannot read the file: it is a folder")
    except OSError as error:
        return fail("I004", f"cannot read the file: {error.strerror or error}")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    found = _CONTROL_BYTES.search(data, 0, 65536)
    bad = found.start() if found else None
    if bad is None and b"\x00" in data:
        bad = data.index(b"\x00")
    if bad is not None:
        line, column = _position(data, bad)
        return fail("I003", f"the file holds binary data (byte 0x{data[bad]:02x} at offset {bad})",
                    line, column, "is this really a .smersh text file?")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _position(data, error.start)
        return fail("I001", f"byte 0x{data[error.start]:02x} is not valid UTF-8", line, column,
                    "re-save the file with UTF-8 encoding")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for number, line_text in enumerate(text.split("\n"), start=1):
        if len(line_text) > MAX_LINE:
            return fail("I006", f"line {number} is {len(line_text):,} characters long; "
                        f"the limit is {MAX_LINE:,}", number, MAX_LINE + 1,
                        "break it into several lines; strings may span lines")
    return text, []
