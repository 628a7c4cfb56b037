"""The human report, in the style of modern compilers:

    books/epic/europe.smersh:12:8: error[N001]: unknown skill `Spycrfat`
       |
    12 |   test Spycrfat +1
       |        ^^^^^^^^ did you mean `Spycraft`?
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from smersh_dsl.diagnostics.diagnostic import Diagnostic, Severity
from smersh_dsl.diagnostics.report.checked import Checked, checked_line
from smersh_dsl.diagnostics.held_back import HeldBack
from smersh_dsl.diagnostics.report.lines import SourceLines
from smersh_dsl.diagnostics.report.printable import printable_lines
from smersh_dsl.wording import count


def _excerpt(diagnostic: Diagnostic, lines: SourceLines) -> list[str]:
    span = diagnostic.span
    line = lines.line(span.file, span.line)
    if line is None:
        return [f"  = hint: {diagnostic.hint}"] if diagnostic.hint else []
    text = line.expandtabs(1)
    clipped = text[:200] + (" …" if len(text) > 200 else "")
    end = span.end_column if span.end_line == span.line else len(text) + 1
    width = max(1, min(end, 201) - span.column)
    gutter = " " * len(str(span.line))
    caret = " " * (min(span.column, 201) - 1) + "^" * width
    tail = f" {diagnostic.hint}" if diagnostic.hint else ""
    return [f"{gutter} |", f"{span.line} | {clipped}", f"{gutter} | {caret}{tail}"]


def summary(diagnostics: list[Diagnostic]) -> str:
    counts = Counter(d.severity for d in diagnostics)
    if not diagnostics:
        return "no problems found"
    parts = []
    for severity in Severity:
        n = counts.get(severity, 0)
        if n:
            parts.append(count(n, severity.value))
    return ", ".join(parts)


def render_text(diagnostics: list[Diagnostic], sources: dict[str, str], verbose: bool = True,
                checked: Sequence[Checked] | None = None,
                held_back: Sequence[HeldBack] = ()) -> str:
    out: list[str] = [checked_line(checked)] if checked is not None else []
    lines = SourceLines(sources)
    for d in diagnostics:
        s = d.span
        out.append(f"{s.file}:{s.line}:{s.column}: {d.severity.value}[{d.code}]: {d.message}")
        if verbose:
            out.extend(_excerpt(d, lines))
            out.append("")
    out.append(summary(diagnostics))
    out.extend(item.line for item in held_back)
    return printable_lines("\n".join(out)) + "\n"
