"""Writers' strings: quotes, escapes, line folding and paragraphs."""

from __future__ import annotations

import re

_ESCAPES = {'"': '"', "\\": "\\", "n": "\n"}
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")


def unquote(raw: str) -> str:
    """Strip the quotes, resolve escapes and fold lines.

    A string may span lines: line breaks and the indentation after them fold into one
    space, and a blank line starts a new paragraph (kept as a blank line).
    """
    body = raw[1:-1] if len(raw) >= 2 and raw[0] == raw[-1] == '"' else raw
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
            continue
        out.append(ch)
        i += 1
    text = "".join(out).replace("\r\n", "\n").replace("\r", "\n")   # a Windows file's lines too
    paragraphs = _PARAGRAPH.split(text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def quote(text: str) -> str:
    """The inverse of unquote for a single-line text (used by the formatter and docs)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
