"""Reporters: they print diagnostics, they never decide anything. One registry feeds the CLI."""

from __future__ import annotations

from collections.abc import Callable

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.diagnostics.report.github import render_github
from smersh_dsl.diagnostics.report.json_report import render_json
from smersh_dsl.diagnostics.report.sarif import render_sarif
from smersh_dsl.diagnostics.report.text import render_text

Sources = dict[str, str]
# (diagnostics, sources, verbose, checked=None, held_back=()): the findings, the texts
# they point into, whether to show excerpts, what the report covers (report/checked.py;
# nothing is said of it when None) and what the run held back (``HeldBack``).
Reporter = Callable[..., str]

REPORTERS: dict[str, Reporter] = {
    "text": render_text,
    "json": render_json,
    "sarif": render_sarif,
    "github": render_github,
}
