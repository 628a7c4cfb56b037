"""Writer prose into HTML: everything escaped, then the documented emphasis markup; and
writer text into CSS (``css_string``).

Prose keeps ``*word*`` (emphasis), ``**word**`` (strong) and ``\\*`` (a literal star), as
docs/json.md describes. Anything else a writer types, ``<script>``, ``&``, or template
syntax such as ``{{ x }}``, is printed as written: the text is escaped before the markup
is applied, and it reaches Jinja2 as a value, never as template source.

Text that a stylesheet prints (a running head: ``content: "..."``) is escaped for CSS,
not for HTML: a ``<style>`` element is raw text, where ``&amp;`` stays ``&amp;`` and only a
CSS escape keeps a quote, a backslash, a newline or a ``}`` inside the string.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from smersh_dsl.model.art import ICON_IN_TEXT

_STAR = "\ue000"   # a private-use stand-in for an escaped star while emphasis is matched
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.S)
_EMPHASIS = re.compile(r"\*(?=\S)(.+?)(?<=\S)\*", re.S)


def prose(text: str | None) -> Markup:
    """HTML for a piece of writer prose; `:Name:` is the icon of that name when the
    document being built declares one (print/pictures.py), else the text as written."""
    if not text:
        return Markup("")
    html = str(escape(text.replace("\\*", _STAR)))
    html = _STRONG.sub(r"<strong>\1</strong>", html)
    html = _EMPHASIS.sub(r"<em>\1</em>", html)
    if ":" in html:
        html = _with_icons(html)
    return Markup(html.replace(_STAR, "*"))


def icon_html(url: str, name: str) -> Markup:
    """An icon inline at text size (``.icon`` in the stylesheets: 1em high)."""
    return Markup('<img class="icon" src="%s" alt="%s">' % (escape(url), escape(name)))


def _with_icons(html: str) -> str:
    from smersh_dsl.print.pictures import current

    pictures = current()
    if pictures is None or not (pictures.icons if pictures.served is None else pictures.served):
        return html

    def icon(match: re.Match) -> str:
        url = pictures.icon_url(match.group(1))
        return match.group(0) if url is None else str(icon_html(url, match.group(1).replace("_", " ")))
    return ICON_IN_TEXT.sub(icon, html)


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


# ASCII blanks only, as the parser folds them (parse/text.py): a no-break space is the
# writer's, and Python's `\s` and `str.split` would print it as a plain space.
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")
_BLANKS = re.compile(r"[ \t\n\r\f\v]+")


def paragraphs(text: str | None) -> list[Markup]:
    """Writer prose split at blank lines, each paragraph as ``prose`` makes it."""
    if not text:
        return []
    folded = (_BLANKS.sub(" ", part).strip(" ") for part in _BLANK_LINE.split(text))
    return [prose(part) for part in folded if part]


# What a CSS string may hold as it is, inside a <style> element: letters and digits of any
# script, and punctuation that ends neither the string, the declaration nor the element.
_CSS_PLAIN = frozenset(" .,:!?-_'*#%+=@~$^|/()[]")


def css_string(text: object) -> Markup:
    """``text`` as a quoted CSS string: every character but letters, digits, spaces and
    harmless punctuation written as a CSS escape (``\\22 `` for ``"``, ``\\a `` for a
    newline, ``\\3c `` for ``<``), so that it can neither end the string, the rule or the
    ``<style>`` element, nor be read as an HTML entity. Prints exactly ``text``."""
    out = []
    for char in str(text):
        if char.isalnum() or char in _CSS_PLAIN or (ord(char) >= 0xA0 and char.isprintable()):
            out.append(char)
        else:
            out.append(f"\\{ord(char):x} ")
    return Markup('"' + "".join(out) + '"')
