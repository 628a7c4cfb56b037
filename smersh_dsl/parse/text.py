"""Writers' strings: quotes, escapes, line folding and paragraphs."""

from __future__ import annotations

import re

_ESCAPES = {'"': '"', "\\": "\\", "n": "\n"}
_ESCAPE = re.compile(r"\\(.)", re.S)      # a backslash and the character it escapes
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")


def unquote(raw: str) -> str:
    """Strip the quotes, resolve escapes and fold lines.

    A string may span lines: line breaks and the indentation after them fold into one
    space, and a blank line starts a new paragraph (kept as a blank line).
    """
    body = raw[1:-1] if len(raw) >= 2 and raw[0] == raw[-1] == '"' else raw
    if "\\" in body:          # left to right, as written; a lone backslash at the end stays
        body = _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)
    text = body.replace("\r\n", "\n").replace("\r", "\n")   # a Windows file's lines too
    paragraphs = _PARAGRAPH.split(text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def quote(text: str) -> str:
    """The inverse of unquote for a single-line text (used by the formatter and docs)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
