"""One canonical layout, token by token, that never changes what a file means.

Lines stay where the writer broke them; within a line, and between lines, the layout is
fixed (docs/fmt.md):

- Each line is indented two spaces per open `{` (a line starting with `}` one less).
- One space between two tokens that a blank separated; one space on each side of `{`,
  `}` and `->` and after `,` (so `fail{` becomes `fail {`, `{}` becomes `{ }`); none
  just inside `[ ]` and `( )`, before `,` or before the `:` of `1: 4`; one space before
  `[` and `(`. Two tokens that touch with no blank between stay touching, unless one of
  them is such a mark: a blank is never put into, or taken out of, a word.
- A comment keeps its text; after code it stands two spaces from it.
- A string keeps its text. One that runs over several lines keeps its lines, each
  indented like the line where it opened: the language folds a string's line breaks and
  indentation into one space (docs/language.md), so this changes no text. Blank lines
  inside a string stay: they are paragraph breaks.
- Trailing spaces go; runs of blank lines become one; no blank line just after a line
  that ends with `{` or just before a line that starts with `}`; the file starts with
  its first line of content and ends with one newline.

Only a text that parses is laid out (`fmt.run`): it nests at most 64 deep, so no line
gains more than 128 spaces and the layout is linear in the text's size. Laid out
first, 40,000 unclosed braces became 3 GB of indentation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

INDENT = "  "
BLANKS = " \t\f"     # what a line's edges lose; a no-break space is text, never a blank
COMMENT_GAP = "  "

# The language's blanks are ASCII only (its WS terminal): a no-break space is part of a word.
_TOKEN = re.compile(r"""
    (?P<blank>[ \t\f]+)
  | (?P<newline>\n)
  | (?P<string>"[^"\\]*(?:\\.[^"\\]*)*"?)
  | (?P<comment>\#[^\n]*)
  | (?P<mark>->|[{}\[\](),:])
  | (?P<word>icon:[A-Za-z_][A-Za-z0-9_]*|(?:(?!->)[^ \t\f\n{}\[\](),:"\#])+)
""", re.VERBOSE | re.DOTALL)

_TIGHT_AFTER = frozenset("[(")
_TIGHT_BEFORE = frozenset("]),:")
_SPACED = frozenset(("{", "}", "->"))
_SPACED_AFTER = frozenset(("]", ")", ",", ":"))
_SPACED_BEFORE = frozenset("[(")


def gap(left: str, right: str, blank: bool) -> str:
    """What stands between two tokens on one line: ``blank`` says whether the writer put
    a blank there. Only marks gain or lose one, so no word is split or joined."""
    if left in _TIGHT_AFTER or right in _TIGHT_BEFORE:
        return ""
    if left in _SPACED or right in _SPACED or left in _SPACED_AFTER or right in _SPACED_BEFORE:
        return " "
    return " " if blank else ""


def tokens(text: str) -> Iterator[tuple[str, str]]:
    """(kind, text) of each token, blank and line break of ``text``, in order."""
    for match in _TOKEN.finditer(text):
        yield match.lastgroup or "word", match.group()


class _Lines:
    """The laid-out lines, built one token at a time."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.line: list[str] = []
        self.depth = 0
        self.indent = ""
        self.last = ""              # the line's last token ("" at its start)
        self.opened = False         # the previous line ended with `{`
        self.blank_before = False   # blank lines came before this line
        self.blank_seen = False     # a blank came before the next token

    def put(self, kind: str, text: str) -> None:
        if not self.line:
            self._start(text)
        elif kind == "comment":
            self.line.append(COMMENT_GAP)
        else:
            self.line.append(gap(self.last, text, self.blank_seen))
        if kind == "string" and "\n" in text:
            self._string(text)
        else:
            self.line.append(text)
        if text == "{":
            self.depth += 1
        elif text == "}":
            self.depth = max(self.depth - 1, 0)
        if kind != "comment":
            self.last = text
        self.blank_seen = False

    def _start(self, first: str) -> None:
        if self.blank_before and self.out and not self.opened and first != "}":
            self.out.append("")
        self.blank_before = False
        self.indent = INDENT * (self.depth - 1 if first == "}" else self.depth)
        self.line.append(self.indent)

    def _string(self, text: str) -> None:
        """A string over several lines: its later lines indented like its first."""
        first, *rest = text.split("\n")
        self.line.append(first)
        for part in rest:
            self._end_line(keep_state=True)
            body = part.strip(BLANKS)
            self.line.append(self.indent + body if body else "")

    def newline(self) -> None:
        if self.line:
            self.opened = self.last == "{"
            self._end_line()
        else:
            self.blank_before = True

    def _end_line(self, keep_state: bool = False) -> None:
        self.out.append("".join(self.line).rstrip(BLANKS))
        self.line = []
        if not keep_state:
            self.last = ""
            self.blank_seen = False

    def text(self) -> str:
        if self.line:
            self._end_line()
        while self.out and self.out[-1] == "":
            self.out.pop()
        return "\n".join(self.out) + "\n" if self.out else ""


def format_text(text: str) -> str:
    lines = _Lines()
    for kind, token in tokens(text.replace("\r\n", "\n").replace("\r", "\n")):
        if kind == "newline":
            lines.newline()
        elif kind == "blank":
            lines.blank_seen = True
        else:
            lines.put(kind, token)
    return lines.text()
