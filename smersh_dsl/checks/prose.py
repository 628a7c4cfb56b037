"""T: the text itself: empty strings, unbalanced emphasis, TODOs left behind."""

from __future__ import annotations

import re
from collections.abc import Iterator

from smersh_dsl.parse.scan import Positions, literals
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.checks.text_memo import per_text
from smersh_dsl.diagnostics.diagnostic import Diagnostic

TODO = re.compile(r"\b(TODO|FIXME)\b")


def _star_runs(raw: str) -> Iterator[tuple[int, int]]:
    """(offset, width) of each run of `*`, skipping escaped characters (`\\*`, `\\\\`)."""
    i = 0
    while i < len(raw):
        if raw[i] == "\\":
            i += 2
        elif raw[i] == "*":
            j = i
            while j < len(raw) and raw[j] == "*":
                j += 1
            yield i, j - i
            i = j
        else:
            i += 1


def _unbalanced(raw: str) -> tuple[int, int] | None:
    """(offset, width) of the first `*` or `**` that is never closed, if any.

    `*` toggles emphasis, `**` strong emphasis, `***` both (docs/language.md).
    """
    open_em: int | None = None
    open_strong: int | None = None
    for start, width in _star_runs(raw):
        if width in (1, 3):
            open_em = start if open_em is None else None
        if width in (2, 3):
            open_strong = start if open_strong is None else None
    candidates = [(o, w) for o, w in ((open_em, 1), (open_strong, 2)) if o is not None]
    return min(candidates) if candidates else None


def _in_file(path: str, text: str) -> Iterator[Diagnostic]:
    where = Positions(text)
    for lit in literals(text):
        inner = lit.start + 1
        if not lit.raw.strip():
            yield Diagnostic.of("T001", where.span(path, lit.start, lit.end), "empty text",
                                "write the text, or remove the line")
            continue
        loose = _unbalanced(lit.raw) if "*" in lit.raw else None
        if loose is not None:
            offset, width = loose
            kind = "emphasis `*`" if width == 1 else "strong emphasis `**`"
            yield Diagnostic.of("T002", where.span(path, inner + offset, inner + offset + width),
                                f"{kind} opened here is never closed",
                                "close it with the same marks, or escape a literal star as `\\*`")
        for match in TODO.finditer(lit.raw) if ("TODO" in lit.raw or "FIXME" in lit.raw) else ():
            yield Diagnostic.of("T003", where.span(path, inner + match.start(), inner + match.end()),
                                f"`{match.group()}` left in the text",
                                "finish the text before it goes to print")


@per_text
def _findings(path: str, text: str) -> tuple[Diagnostic, ...]:
    """Per file and text: an unchanged file is not scanned again (the language server)."""
    return tuple(_in_file(path, text))


@check("T001", "T002", "T003", reads_text=True)
def text_checks(ctx: Context) -> Iterator[Diagnostic]:
    for source in ctx.project.files:
        yield from _findings(source.path, source.text)


