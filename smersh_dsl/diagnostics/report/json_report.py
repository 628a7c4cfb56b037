"""The machine report: one JSON document, stable field order, sorted diagnostics."""

from __future__ import annotations

import json
from collections.abc import Sequence

from smersh_dsl import __version__
from smersh_dsl.diagnostics.diagnostic import Diagnostic, Severity
from smersh_dsl.diagnostics.report.checked import Checked
from smersh_dsl.diagnostics.held_back import HeldBack


def diagnostic_dict(d: Diagnostic) -> dict:
    s = d.span
    return {
        "code": d.code,
        "name": d.name,
        "severity": d.severity.value,
        "message": d.message,
        "hint": d.hint,
        "span": {"file": s.file, "line": s.line, "column": s.column,
                 "end_line": s.end_line, "end_column": s.end_column},
    }


def render_json(diagnostics: list[Diagnostic], sources: dict[str, str], verbose: bool = True,
                checked: Sequence[Checked] | None = None,
                held_back: Sequence[HeldBack] = ()) -> str:
    counts = {sev.value: sum(1 for d in diagnostics if d.severity is sev) for sev in Severity}
    document: dict = {"tool": {"name": "smersh", "version": __version__}}
    if checked is not None:
        document["checked"] = [c.as_json() for c in checked]
    document["summary"] = counts
    document["held_back"] = [item.as_dict() for item in held_back]
    document["diagnostics"] = [diagnostic_dict(d) for d in diagnostics]
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
