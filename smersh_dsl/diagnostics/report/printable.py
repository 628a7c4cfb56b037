"""Text made safe for a terminal or a CI log: nothing in it can move the cursor, change
colours, set the window's title or reverse the reading order.

File names and writers' texts reach the reports. A file named `\\x1b]0;pwned\\x07.smersh`
would otherwise retitle the writer's terminal, and an ANSI sequence in a CI log can hide
a finding by colouring it or overwrite the line before it. So every control character
(C0 but the tab, DEL, C1) and every Unicode bidirectional control is shown as a visible
escape (`\\x1b`, `\\u202e`), the way Python's `repr` shows them. Everything else, any
script and any emoji, stays as written.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control and bidi character written as its escape."""
    return _UNSAFE.sub(_escape, text)


def printable_lines(text: str) -> str:
    """As `printable`, for a text of several lines: the line breaks stay."""
    return "\n".join(printable(line) for line in text.split("\n"))
