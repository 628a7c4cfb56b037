"""`smersh fmt`: format files in place (atomically), or report what would change."""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from smersh_dsl.export.atomic import write_atomic
from smersh_dsl.fmt.layout import format_text
from smersh_dsl.parse.parser import parse_text
from smersh_dsl.parse.source import read_source


def meaning(node: Any) -> Any:
    """A node with every source position taken out: what the file means."""
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__,) + tuple(
            (f.name, meaning(getattr(node, f.name))) for f in dataclasses.fields(node)
            if f.name != "span")
    if isinstance(node, (tuple, list)):
        return tuple(meaning(n) for n in node)
    return node


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


def format_file(path: Path) -> Formatted:
    # Read as `smersh check` reads: a file it refuses (not UTF-8, binary, a line or a
    # file too long, unreadable) is left alone, with the same reason and position.
    before, refused = read_source(path, str(path))
    if before is None:
        d = refused[0]
        return Formatted(path, "", "", f"not formatted: {d.message} "
                                       f"(line {d.span.line}, column {d.span.column}: {d.code})")
    after = format_text(before)
    if after == before:
        return Formatted(path, before, after)     # already in layout: nothing to prove
    source, problems = parse_text(before, str(path))
    if any(p.code.startswith(("S", "I")) for p in problems):
        return Formatted(path, before, before, "not formatted: it has syntax errors "
                                              "(`smersh check` shows them)")
    formatted, _ = parse_text(after, str(path))
    if meaning(formatted.definitions) != meaning(source.definitions) or \
            [c.text for c in formatted.comments] != [c.text for c in source.comments]:
        return Formatted(path, before, before, "not formatted: the layout would change its "
                                              "meaning (please report this file)")
    return Formatted(path, before, after)


def write(result: Formatted) -> None:
    if result.changed:
        write_atomic(result.path, result.after)
