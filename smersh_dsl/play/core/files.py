"""Reading the JSON files a player keeps or hands over (a campaign log, a saved game, a
built document): one message for a truncated or unreadable file, naming the file, line
and column, and a budget that a hostile file cannot get past.

The budget is checked before (or while) the text is decoded, so that no file makes the
decoder itself fail: its bytes (read no further than the limit), its nesting (a cheap scan
of the brackets outside strings, since Python's decoder recurses and would stop with a
RecursionError), and each number's digits (a 5,000-digit integer is refused by the
decoder's hook, not by Python's own limit on converting long integers).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

SAVE_BYTES = 8 * 1024 * 1024          # a saved game or campaign log is a few dozen KB
DOCUMENT_BYTES = 64 * 1024 * 1024     # the bundled books' documents are under 2 MB
SAVE_DEPTH = 64                       # a save or a log nests 6 deep
# The bundled documents nest 13 deep, and each level of a writer's blocks (an `if` in a
# `choose`...) two more; past about 120, validating a document against its schema runs
# out of Python's stack, so a document is read to 90 (some 40 nested blocks).
DOCUMENT_DEPTH = 90
MAX_DIGITS = 30                       # the dice's state holds 10-digit numbers

# What the depth scan keeps of a file: the quotes and the brackets, nothing else.
_DROPPED = bytes(c for c in range(256) if c not in b'"[]{}')
_STRING = re.compile(rb'"[^"]*"')

class _Refused(Exception):
    """A number the decoder's hooks refuse; becomes the caller's problem with a place."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(reason)
        self.text, self.reason = text, reason


def read_json(path: Path, problem: type[Exception], limit: int = SAVE_BYTES,
              what: str = "save", depth: int = SAVE_DEPTH) -> object:
    """The JSON in ``path``, or ``problem`` with a message a person can act on (``what``
    the file is: a save, a log, a document), read to ``limit`` bytes and ``depth``."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(limit + 1)
    except OSError as error:
        raise problem(f"{path}: cannot be read: {getattr(error, 'strerror', None) or error}") \
            from None
    if len(raw) > limit:
        raise problem(f"{path}: larger than {limit // (1024 * 1024)} MB, more than such a "
                      "file ever holds: not read")
    return parse_json(raw, path, problem, what, depth)


def parse_json(raw: bytes, path: Path, problem: type[Exception], what: str = "save",
               depth: int = SAVE_DEPTH) -> object:
    """``raw`` decoded within the depth and digit budget (see the module's docstring)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise problem(f"{path}: cannot be read: {error}") from None
    if too_deep(raw, depth):
        raise problem(f"{path}: nested more than {depth} levels deep, more than such a "
                      "file ever is: not read")
    try:
        return json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise problem(f"{path}:{error.lineno}:{error.colno}: not JSON (a truncated {what}?): "
                      f"{error.msg}") from None
    except _Refused as refused:
        offset = max(text.find(refused.text), 0)
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        raise problem(f"{path}:{line}:{column}: {refused.reason}") from None


def too_deep(raw: bytes, limit: int) -> bool:
    """Whether the arrays and objects in ``raw`` nest more than ``limit`` deep, found by
    bytes operations that run in C: escapes dropped, then all but quotes and brackets,
    then strings (a bracket inside one is not one). Each pass then turns the innermost
    pairs into a mark (`0`), which the next pass drops first, so a pass takes exactly one
    level; a run of more than ``limit`` openers ends the scan at once. At most ``limit``
    passes, each linear."""
    raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _DROPPED)
    raw = _STRING.sub(b"", raw.replace(b'""', b""))
    run = re.compile(rb"[\[{]{%d}" % (limit + 1))
    for _ in range(limit):
        if run.search(raw):
            return True
        raw = raw.replace(b"0", b"")
        inner = raw.replace(b"[]", b"0").replace(b"{}", b"0")
        if len(inner) == len(raw):
            return False                    # no pair left: shallow enough (or not JSON)
        raw = inner
    return bool(raw.translate(None, b"0"))


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(digits, f"a number of {len(digits.lstrip('-'))} digits, more than the "
                               f"{MAX_DIGITS} any field holds")
    return int(digits)


def _real(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise _Refused(digits, f"the number {digits[:40]} is too large to be read")
    return value


def _constant(name: str) -> float:
    raise _Refused(name, f"{name} is not a number JSON allows")
