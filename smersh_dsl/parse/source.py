"""Reading a file as smersh source text, refusing what is not text with a diagnostic."""

from __future__ import annotations

import re
import time

from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.span import Span
from smersh_dsl.files.reading import NotRegular, Outside, TooLarge, read_regular

MAX_BYTES = 4 * 1024 * 1024       # some 15,000 entries in one file; a book spreads over files
MAX_LINE = 20_000
_CONTROL = {b for b in range(32) if b not in (9, 10, 13, 12)}
_CONTROL_BYTES = re.compile(b"[" + b"".join(re.escape(bytes([b])) for b in sorted(_CONTROL)) + b"]")


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column of a byte, counting line breaks as the reader will: `\r\n`, `\n`
    and a lone `\r` (old Mac files) each end a line."""
    line = (data.count(b"\n", 0, offset) + data.count(b"\r", 0, offset)
            - data.count(b"\r\n", 0, offset) + 1)
    start = max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset)) + 1
    column = len(data[start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


Signature = tuple[int, int, int, int]     # inode, size, modification and change times (ns)
_read: dict[tuple[Path, str, Path | None], tuple[Signature, str | None, tuple[Diagnostic, ...]]] = {}
MAX_REMEMBERED = 4096
SETTLED_NS = 2_000_000_000


def read_source(path: Path, shown: str, root: Path | None = None) -> tuple[str | None, list[Diagnostic]]:
    """Return the file's text, or None and the diagnostics that say why not.

    Only a regular file inside ``root`` (the project's folder, links followed) is read,
    and only up to the size limit (`files.reading`). A file read before and not changed
    since (same inode, size, modification and change times) is not read again: the
    language server checks the whole project after every edit. Only texts are
    remembered; a file that could not be read is tried again each time."""
    try:
        stat = path.stat()
    except OSError:
        return _read_source(path, shown, root)
    seen = (stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    key = (path, shown, root)
    known = _read.get(key)
    if known is not None and known[0] == seen:
        return known[1], list(known[2])
    text, problems = _read_source(path, shown, root)
    # File times tick in steps of a few milliseconds: a file written just now could be
    # written again within the same tick, at the same size, unseen. Only files older than
    # that are remembered (git's "racily clean" rule).
    if text is not None and time.time_ns() - stat.st_mtime_ns > SETTLED_NS:
        if len(_read) >= MAX_REMEMBERED:
            _read.clear()
        _read[key] = (seen, text, tuple(problems))
    return text, problems


def _fail(shown: str, code: str, message: str, line: int = 1, column: int = 1,
          hint: str | None = None) -> tuple[None, list[Diagnostic]]:
    return None, [Diagnostic.of(code, Span.point(shown, line, column), message, hint)]


def too_large(shown: str, size: int) -> Diagnostic:
    """I007: a file (or an editor's buffer) of ``size`` bytes, over MAX_BYTES."""
    return Diagnostic.of("I007", Span.point(shown, 1, 1), f"the file is {size / 2**20:.1f} MiB; "
                         f"the limit is {MAX_BYTES // 2**20} MiB",
                         "split it into several files of the same project")


def line_too_long(text: str, shown: str) -> Diagnostic | None:
    """I006 at the first line over MAX_LINE of a text whose lines end in `\n`."""
    if len(text) <= MAX_LINE:                  # no line of it can be longer
        return None
    for number, line_text in enumerate(text.split("\n"), start=1):
        if len(line_text) > MAX_LINE:
            return Diagnostic.of("I006", Span.point(shown, number, MAX_LINE + 1),
                                 f"line {number} is {len(line_text):,} characters long; "
                                 f"the limit is {MAX_LINE:,}",
                                 "break it into several lines; strings may span lines")
    return None


def _read_bytes(path: Path, shown: str, root: Path | None) -> bytes | tuple[None, list[Diagnostic]]:
    try:
        return read_regular(path, root, MAX_BYTES)
    except Outside as refused:
        return _fail(shown, "I009", str(refused),
                     hint="copy the file into the project, or check the folder it lives in")
    except NotRegular as refused:
        return _fail(shown, "I008", f"cannot read the file: {refused}",
                     hint="a .smersh file must be a regular text file")
    except TooLarge as refused:
        return None, [too_large(shown, refused.size)]
    except IsADirectoryError:
        return _fail(shown, "I004", "cannot read the file: it is a folder")
    except OSError as error:
        return _fail(shown, "I004", f"cannot read the file: {error.strerror or error}")


def text_of(data: bytes, shown: str) -> tuple[str | None, list[Diagnostic]]:
    """The text of a file's bytes, or None and why it is not smersh source: binary,
    not UTF-8, a line too long. The language server holds buffers to the same limits."""
    if len(data) > MAX_BYTES:
        return None, [too_large(shown, len(data))]
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    found = _CONTROL_BYTES.search(data, 0, 65536)
    bad = found.start() if found else None
    if bad is None and b"\x00" in data:
        bad = data.index(b"\x00")
    if bad is not None:
        line, column = _position(data, bad)
        return _fail(shown, "I003", f"the file holds binary data (byte 0x{data[bad]:02x} at offset {bad})",
                     line, column, "is this really a .smersh text file?")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _position(data, error.start)
        return _fail(shown, "I001", f"byte 0x{data[error.start]:02x} is not valid UTF-8", line, column,
                     "re-save the file with UTF-8 encoding")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    long_line = line_too_long(text, shown)
    return (None, [long_line]) if long_line else (text, [])


def _read_source(path: Path, shown: str, root: Path | None) -> tuple[str | None, list[Diagnostic]]:
    data = _read_bytes(path, shown, root)
    return text_of(data, shown) if isinstance(data, bytes) else data
