"""What a person playing in a terminal reads: writer prose wrapped at word boundaries to
the terminal's width, and its emphasis shown as emphasis.

Prose keeps the documented markup (`*word*` emphasis, `**word**` strong, `***word***`
both, `\\*` a literal star: docs/language.md). On a terminal, emphasis is set in italics
and strong emphasis in bold (ANSI SGR codes, none when ``NO_COLOR`` is set or the terminal
is ``dumb``), and each line is wrapped to ``shutil.get_terminal_size()`` columns, never
inside a word, a continuation line indented under the text it continues. A `:Name:` icon,
which a terminal cannot draw, is spelled out as `[Name]`. Anywhere else
(a pipe, a file, a test's captured output) the text is plain: the stars are dropped and
nothing is wrapped, so one paragraph stays one line to search.
"""

from __future__ import annotations

import os
import shutil
import sys

import click

from smersh_dsl.model.art import icons_spelled_out
from smersh_dsl.records import dataclass

ITALIC, BOLD = 1, 2                      # style bits of one character
_SGR = {ITALIC: "3", BOLD: "1"}
_RESET = "\x1b[0m"
_MARKERS = ("- ", "> ")                  # a line starting so continues under its text


@dataclass(frozen=True)
class Screen:
    """How text is shown: wrapped to ``width`` columns (None: not wrapped), and with
    ANSI styles or not."""

    width: int | None
    styled: bool

    @classmethod
    def of_stdout(cls) -> Screen:
        """The screen standard output is: a terminal's width and styles, or plain text."""
        if not sys.stdout.isatty():
            return cls(None, False)
        plain = "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb"
        return cls(shutil.get_terminal_size().columns, not plain)

    def render(self, text: str) -> str:
        """``text`` as this screen shows it; each line (a paragraph) wrapped on its own,
        an emphasis carried from one line to the next as the markup says."""
        lines: list[list[tuple[str, int]]] = [[]]
        for char in styled_chars(icons_spelled_out(text)):
            if char[0] == "\n":
                lines.append([])
            else:
                lines[-1].append(char)
        rows = [row for line in lines
                for row in (wrap(line, self.width) if self.width is not None else [line])]
        return "\n".join(_paint(row, self.styled) for row in rows)


def shown(text: str) -> str:
    """``text`` as standard output shows it (a question's text for ``click.prompt`` too)."""
    return Screen.of_stdout().render(text)


def say(text: str = "") -> None:
    """Print ``text`` to standard output as the screen there shows it."""
    click.echo(shown(text))


def styled_chars(text: str) -> list[tuple[str, int]]:
    """Each character of ``text`` that is shown, with its style bits: a run of one star
    toggles emphasis, two strong emphasis, three both; `\\*` is a star shown as one."""
    out: list[tuple[str, int]] = []
    style, i = 0, 0
    while i < len(text):
        if text.startswith("\\*", i):
            out.append(("*", style))
            i += 2
        elif text[i] == "*":
            run = len(text[i:]) - len(text[i:].lstrip("*"))
            style ^= {1: ITALIC, 2: BOLD}.get(run, ITALIC | BOLD)
            i += run
        else:
            out.append((text[i], style))
            i += 1
    return out


def wrap(chars: list[tuple[str, int]], width: int) -> list[list[tuple[str, int]]]:
    """Lines of at most ``width`` characters, broken only at spaces (a word longer than a
    line stands on a line of its own); the spaces between words on a line are kept as
    written. Continuation lines are indented as far as the first line's text starts:
    past its leading spaces and a list marker (`1. `, `- `, `> `)."""
    text = "".join(c for c, _ in chars)
    lead = len(text) - len(text.lstrip(" "))
    indent = _hanging_indent(text)
    indent = indent if indent < width // 2 else 0
    rows: list[list[tuple[str, int]]] = []
    row = list(chars[:lead])
    bare = True                                          # no word on the row yet
    for gap, word in _words(chars[lead:]):
        if not bare and len(row) + gap + len(word) > width:
            rows.append(row)
            row, bare = [(" ", 0)] * indent, True
        if not bare:                                     # emphasised inside a run only
            row.extend([(" ", row[-1][1] & word[0][1])] * gap)
        row.extend(word)
        bare = False
    rows.append(row)
    return rows


def _words(chars: list[tuple[str, int]]) -> list[tuple[int, list[tuple[str, int]]]]:
    """Each word with the number of spaces before it."""
    words: list[tuple[int, list[tuple[str, int]]]] = []
    gap = 0
    for char in chars:
        if char[0] == " ":
            gap += 1
        elif gap or not words:
            words.append((gap, [char]))
            gap = 0
        else:
            words[-1][1].append(char)
    return words


def _hanging_indent(text: str) -> int:
    body = text.lstrip(" ")
    indent = len(text) - len(body)
    number, dot, _ = body.partition(". ")
    if dot and number.isdigit():
        return indent + len(number) + 2
    if body.startswith(_MARKERS):
        return indent + 2
    return indent


def _paint(chars: list[tuple[str, int]], styled: bool) -> str:
    """The characters as text, with SGR codes where the style changes when ``styled``;
    a styled line always ends reset, so a wrapped row never bleeds into the next."""
    if not styled:
        return "".join(c for c, _ in chars)
    out: list[str] = []
    current = 0
    for char, style in chars:
        if style != current:
            out.append(_RESET if current else "")
            out.extend(f"\x1b[{_SGR[bit]}m" for bit in (BOLD, ITALIC) if style & bit)
            current = style
        out.append(char)
    if current:
        out.append(_RESET)
    return "".join(out)
