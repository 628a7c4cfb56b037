"""Inline suppressions: `# smersh: ignore[CODE, ...]` (or a bare `# smersh: ignore`).

- At the end of a line of code, the comment silences findings that start on that line.
- On a line of its own, it silences the block that starts on the next line of code
  (an entry, an encounter, a whole showdown ...), or that line if no block starts there.

A suppression that silences nothing is itself reported (L001), like ruff's RUF100, and
one naming no rule is an error (L002). Input and syntax findings cannot be silenced.
"""

from __future__ import annotations

import re
from dataclasses import field

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import SourceFile
from smersh_dsl.model.span import Node, Span
from smersh_dsl.model.walk import nodes
from smersh_dsl.records import dataclass
from smersh_dsl.settings.selection import Selection, matches, unknown_items

DIRECTIVE = re.compile(r"#\s*smersh:\s*ignore\b(?:\[(?P<codes>[^\]]*)\])?")
UNSILENCEABLE = ("I", "S", "L")


@dataclass
class Suppression:
    span: Span                      # the directive inside its comment
    items: tuple[str, ...] | None   # None: every rule
    first_line: int
    last_line: int
    used: set[str] = field(default_factory=set)

    def covers(self, d: Diagnostic) -> str | None:
        """The item that silences ``d``, if any ("*" for a bare directive)."""
        if d.span.file != self.span.file or not self.first_line <= d.span.line <= self.last_line:
            return None
        if self.items is None:
            return "*"
        return next((i for i in self.items if matches(i, d.code)), None)


def _scope(source: SourceFile, line: int, standalone: bool) -> tuple[int, int]:
    if not standalone:
        return line, line
    lines = source.text.split("\n")
    target = next((n for n in range(line + 1, len(lines) + 1)
                   if lines[n - 1].strip() and not lines[n - 1].lstrip().startswith("#")), None)
    if target is None:
        return line, line
    ends = [n.span.end_line for n in nodes(source.definitions, Node) if n.span.line == target]
    return target, max(ends, default=target)


def suppressions(source: SourceFile) -> list[Suppression]:
    if "smersh:" not in source.text:
        return []
    lines = source.text.split("\n")
    found = []
    for comment in source.comments:
        match = DIRECTIVE.search(comment.text)
        if match is None:
            continue
        span = Span(source.path, comment.span.line, comment.span.column + match.start(),
                    comment.span.line, comment.span.column + match.end())
        before = lines[comment.span.line - 1][:comment.span.column - 1]
        items = None
        if match.group("codes") is not None:
            items = tuple(i.strip() for i in match.group("codes").split(",") if i.strip())
        first, last = _scope(source, comment.span.line, standalone=not before.strip())
        found.append(Suppression(span, items, first, last))
    return found


def apply(diagnostics: list[Diagnostic], sources: list[SourceFile],
          selection: Selection) -> list[Diagnostic]:
    """The findings left after suppression, plus findings about the suppressions."""
    every = [s for source in sources for s in suppressions(source)]
    if not every:
        return diagnostics
    kept: list[Diagnostic] = []
    for d in diagnostics:
        silenced = False
        if not d.code.startswith(UNSILENCEABLE):
            for sup in every:
                item = sup.covers(d)
                if item is not None:
                    sup.used.add(item)
                    silenced = True
        if not silenced:
            kept.append(d)
    for sup in every:
        kept.extend(_about(sup, selection))
    return kept


def _about(sup: Suppression, selection: Selection) -> list[Diagnostic]:
    if sup.items is None:
        if not sup.used:
            return [Diagnostic.of("L001", sup.span, "this suppression silences nothing",
                                  "remove the comment")]
        return []
    if not sup.items:
        return [Diagnostic.of("L002", sup.span, "`ignore[]` names no rule",
                              "write the codes to silence, as in `# smersh: ignore[G001]`")]
    found = []
    unknown = set(unknown_items(list(sup.items)))
    for item in sup.items:
        if item in unknown:
            found.append(Diagnostic.of("L002", sup.span, f"`{item}` in this suppression names no rule",
                                       "`smersh rules` lists every code and name"))
        elif item not in sup.used and any(selection.enabled(c) for c in _codes(item)):
            found.append(Diagnostic.of("L001", sup.span, f"`ignore[{item}]` silences nothing here",
                                       f"remove `{item}` from the comment"))
    return found


def _codes(item: str) -> list[str]:
    from smersh_dsl.diagnostics.catalogue import catalogue

    return [c for c in catalogue() if matches(item, c)]
