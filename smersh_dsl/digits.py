"""Whole numbers a user typed (a form field, a query string, a command-line value), read
strictly: ASCII digits only, with a sign where one is allowed, and a bound.

``str.isdigit()`` also says yes to ``²`` and ``٣``, which ``int()`` then refuses (or
reads as 3): a form of `smersh serve` holding ``²`` was a 500 with a traceback. Every
number that comes from outside goes through ``whole_number``, whose error names the value
and what was expected, in one line.
"""

from __future__ import annotations

import re

_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """``text`` as an int between ``low`` and ``high``; a ValueError saying so otherwise."""
    given = text.strip()
    if not _WHOLE.fullmatch(given) or not low <= int(given) <= high:
        shown = given if len(given) <= 20 else given[:20] + "..."
        raise ValueError(f"{what} is a whole number from {low} to {high} "
                         f"(ASCII digits), not {shown!r}")
    return int(given)
