"""Writers' strings: quotes, escapes, line folding and paragraphs."""

from __future__ import annotations

import re

_ESCAPES = {'"': '"', "\\": "\\", "n": "\n"}
_ESCAPE = re.compile(r"\\(.)", re.S)      # a backslash and the character it escapes
# Only ASCII blanks fold: a no-break space (U+00A0) or a narrow one (U+202F) is the
# writer's typography ("Mr.\u00a0Big", "10\u202f%"), and Python's `\s` and `str.split`
# would take both for ordinary spaces.
_BLANKS = " \t\n\r\f\v"
_PARAGRAPH = re.compile(r"\n[ \t]*\n[ \t\n\r\f\v]*")
_RUN = re.compile(r"[ \t\n\r\f\v]+")
_FOLDED = re.compile(r"[\\\t\n\r\f\v]|  ")    # what unquote has to fold or resolve


def unquote(raw: str) -> str:
    """Strip the quotes, resolve escapes and fold lines.

    A string may span lines: line breaks and the indentation after them fold into one
    space, and a blank line starts a new paragraph (kept as a blank line).
    """
    body = raw[1:-1] if len(raw) >= 2 and raw[0] == raw[-1] == '"' else raw
    if _FOLDED.search(body) is None:      # one line, single spaces, no escapes: most
        return body.strip(" ")
    if "\\" in body:          # left to right, as written; a lone backslash at the end stays
        body = _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)
    text = body.replace("\r\n", "\n").replace("\r", "\n")   # a Windows file's lines too
    paragraphs = _PARAGRAPH.split(text.strip(_BLANKS))
    return "\n\n".join(_RUN.sub(" ", p).strip(" ") for p in paragraphs)


def quote(text: str) -> str:
    """The inverse of unquote for a single-line text (used by the formatter and docs)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
