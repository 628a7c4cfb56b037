"""`--statistics`: how many findings of each rule, most frequent first."""

from __future__ import annotations

from collections import Counter

from smersh_dsl.diagnostics.diagnostic import Diagnostic


def render_statistics(diagnostics: list[Diagnostic]) -> str:
    counts = Counter(d.code for d in diagnostics)
    if not counts:
        return "no findings\n"
    names = {d.code: d.name for d in diagnostics}
    severities = {d.code: d.severity.value for d in diagnostics}
    width = len(str(max(counts.values())))
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return "".join(f"{n:>{width}}  {code}  {names[code]:<30} {severities[code]}\n" for code, n in rows)
