"""Writer prose into HTML: everything escaped, then the documented emphasis markup.

Prose keeps ``*word*`` (emphasis), ``**word**`` (strong) and ``\\*`` (a literal star), as
docs/json.md describes. Anything else a writer types, ``<script>``, ``&``, or template
syntax such as ``{{ x }}``, is printed as written: the text is escaped before the markup
is applied, and it reaches Jinja2 as a value, never as template source.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

_STAR = "\ue000"   # a private-use stand-in for an escaped star while emphasis is matched
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.S)
_EMPHASIS = re.compile(r"\*(?=\S)(.+?)(?<=\S)\*", re.S)


def prose(text: str | None) -> Markup:
    """HTML for a piece of writer prose."""
    if not text:
        return Markup("")
    html = str(escape(text.replace("\\*", _STAR)))
    html = _STRONG.sub(r"<strong>\1</strong>", html)
    html = _EMPHASIS.sub(r"<em>\1</em>", html)
    return Markup(html.replace(_STAR, "*"))


def plain(text: str | None) -> str:
    """Writer prose as plain text (a PDF bookmark): the emphasis stars dropped, an escaped
    star kept as a star."""
    return (text or "").replace("\\*", _STAR).replace("*", "").replace(_STAR, "*")


def html(template: str, *values: object) -> Markup:
    """``template``, HTML with a ``%s`` for each value, filled with the values, each
    escaped unless it is Markup already: what ``Markup(template).format(...)`` does, in a
    C escape a value instead of Python's string.Formatter (a third of the time spent
    making a 3,000-entry book's HTML went to that)."""
    return Markup(template % tuple(map(escape, values)))


_BLANK_LINE = re.compile(r"\n\s*\n")


def paragraphs(text: str | None) -> list[Markup]:
    """Writer prose split at blank lines, each paragraph as ``prose`` makes it."""
    if not text:
        return []
    return [prose(" ".join(part.split())) for part in _BLANK_LINE.split(text) if part.strip()]
