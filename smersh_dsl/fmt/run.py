"""`smersh fmt`: format files in place, or report what would change.

A file is parsed before it is laid out, and laid out only if it parses: the layout of a
text that does not parse has no bound (40,000 unclosed braces made gigabytes of
indentation), and the check that the meaning is unchanged needs the parse anyway.
"""

from __future__ import annotations

import dataclasses
import difflib
from pathlib import Path
from typing import Any

from smersh_dsl.fmt.layout import BLANKS, format_text
from smersh_dsl.model.span import Span
from smersh_dsl.parse.parser import parse_text
from smersh_dsl.parse.source import read_source
from smersh_dsl.records import dataclass


def meaning(node: Any) -> Any:
    """A node with every source position taken out: what the file means. Positions are
    dropped by type, wherever they sit (`span`, and fields such as a campaign's
    `combinations_span`): the fuzzer found fmt refusing a campaign whose blank lines it
    had tidied, because the table's position was taken for its meaning."""
    if isinstance(node, Span):
        return None
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__,) + tuple(
            (f.name, meaning(getattr(node, f.name))) for f in dataclasses.fields(node)
            if f.name != "span")
    if isinstance(node, (tuple, list)):
        return tuple(meaning(n) for n in node)
    return node


def same_meaning(these: tuple, those: tuple) -> bool:
    """Whether two files' blocks mean the same, compared block by block, so that only
    one block's positionless copy is held at a time, not two whole files'."""
    return len(these) == len(those) and all(meaning(a) == meaning(b) for a, b in zip(these, those))


def comments(source: Any) -> list[str]:
    """The comments' words: blanks at the end of a comment are layout, as on any line."""
    return [c.text.rstrip(BLANKS) for c in source.comments]


@dataclass
class Formatted:
    path: Path
    before: str
    after: str
    problem: str | None = None

    @property
    def changed(self) -> bool:
        return self.problem is None and self.before != self.after

    def diff(self) -> str:
        return "".join(difflib.unified_diff(self.before.splitlines(True), self.after.splitlines(True),
                                            f"{self.path}", f"{self.path} (formatted)"))


def format_file(path: Path, root: Path | None = None) -> Formatted:
    """The file and its layout. Read as `smersh check` reads, inside ``root`` (the
    project's folder): a file it refuses (not a regular file, outside the project, not
    UTF-8, binary, too long, unreadable) is left alone, with the same reason and place."""
    before, refused = read_source(path, str(path), root)
    if before is None:
        d = refused[0]
        return Formatted(path, "", "", f"not formatted: {d.message} "
                                       f"(line {d.span.line}, column {d.span.column}: {d.code})")
    source, problems = parse_text(before, str(path))
    if any(p.code.startswith("S") for p in problems):
        return Formatted(path, before, before, "not formatted: it has syntax errors "
                                              "(`smersh check` shows them)")
    after = format_text(before)
    if after == before:
        return Formatted(path, before, after)
    formatted, _ = parse_text(after, str(path))
    if not same_meaning(formatted.definitions, source.definitions) or \
            comments(formatted) != comments(source):
        return Formatted(path, before, before, "not formatted: the layout would change its "
                                              "meaning (please report this file)")
    return Formatted(path, before, after)
