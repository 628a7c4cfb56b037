"""SARIF 2.1.0, as GitHub code scanning and other SARIF viewers read it.

Every rule of the catalogue is listed in the driver (so `ruleIndex` is stable from run
to run); each result points at its file relative to the working folder (`%SRCROOT%`).
Columns count Unicode code points, as ours do, and the run says so (`columnKind`).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

from smersh_dsl import __version__
from smersh_dsl.diagnostics.catalogue import Rule, catalogue
from smersh_dsl.diagnostics.diagnostic import Diagnostic, Severity
from smersh_dsl.diagnostics.report.checked import Checked, checked_line
from smersh_dsl.diagnostics.held_back import HeldBack
from smersh_dsl.diagnostics.report.lines import SourceLines

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/smersh-dsl/smersh-dsl"
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def _rule(item: Rule) -> dict:
    return {
        "id": item.code,
        "name": item.name,
        "shortDescription": {"text": item.summary[:1].upper() + item.summary[1:] + "."},
        "fullDescription": {"text": item.explanation},
        "help": {
            "text": f"{item.explanation}\n\nBad:\n{item.bad}\n\nGood:\n{item.good}",
            "markdown": (f"{item.explanation}\n\n**Bad**\n\n```\n{item.bad}\n```\n\n"
                         f"**Good**\n\n```\n{item.good}\n```"),
        },
        "defaultConfiguration": {"level": LEVELS[item.severity]},
        "properties": {"tags": [item.phase] if item.phase else []},
    }


def _artifact(file: str) -> dict:
    path = Path(file)
    if not path.is_absolute():
        return {"uri": quote(path.as_posix()), "uriBaseId": "%SRCROOT%"}
    return {"uri": path.as_uri()}


def _fingerprint(d: Diagnostic, lines: SourceLines) -> str:
    """Stable across runs and unrelated edits: the rule, the file and the line's text."""
    text = (lines.line(d.span.file, d.span.line) or "").strip()
    return hashlib.sha256(f"{d.code}\0{d.span.file}\0{text}\0{d.message}".encode()).hexdigest()[:32]


def _result(d: Diagnostic, index: dict[str, int], lines: SourceLines) -> dict:
    s = d.span
    text = d.message + (f" ({d.hint})" if d.hint else "")
    return {
        "ruleId": d.code,
        "ruleIndex": index[d.code],
        "level": LEVELS[d.severity],
        "message": {"text": text},
        "locations": [{
            "physicalLocation": {
                "artifactLocation": _artifact(s.file),
                "region": {"startLine": s.line, "startColumn": s.column,
                           "endLine": s.end_line, "endColumn": max(s.end_column, s.column)},
            },
        }],
        "partialFingerprints": {"smershFinding/v1": _fingerprint(d, lines)},
    }


def render_sarif(diagnostics: list[Diagnostic], sources: dict[str, str], verbose: bool = True,
                 checked: Sequence[Checked] | None = None,
                 held_back: Sequence[HeldBack] = ()) -> str:
    rules = list(catalogue().values())
    index = {item.code: i for i, item in enumerate(rules)}
    lines = SourceLines(sources)
    root = Path(os.getcwd()).as_uri().rstrip("/") + "/"
    document = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "smersh", "version": __version__,
                                "semanticVersion": __version__,
                                "informationUri": INFORMATION_URI,
                                "rules": [_rule(item) for item in rules]}},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": root}},
            "columnKind": "unicodeCodePoints",
            "results": [_result(d, index, lines) for d in diagnostics],
            # Findings held back are said where SARIF says how the run went.
            "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": [
                {"level": "note", "message": {"text": item.line},
                 "properties": {"heldBack": item.count}} for item in held_back]}],
        }],
    }
    if checked is not None:     # what the run covered, in its property bag (SARIF 3.8)
        document["runs"][0]["properties"] = {"checked": [c.as_json() for c in checked],
                                             "summary": checked_line(checked)}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
