"""GitHub Actions workflow commands: one annotation per finding on the pull request.

    ::error file=books/epic/x.smersh,line=3,col=5,endLine=3,endColumn=9,title=N001 unknown-skill::unknown skill `Spycrfat`
"""

from __future__ import annotations

from collections.abc import Sequence

from smersh_dsl.diagnostics.diagnostic import Diagnostic, Severity
from smersh_dsl.diagnostics.report.checked import Checked, checked_line
from smersh_dsl.diagnostics.held_back import HeldBack
from smersh_dsl.diagnostics.report.printable import printable

COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def escape_data(text: str) -> str:
    """GitHub's escapes for line breaks, then no control character left (`printable`)."""
    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(diagnostics: list[Diagnostic], sources: dict[str, str], verbose: bool = True,
                  checked: Sequence[Checked] | None = None,
                  held_back: Sequence[HeldBack] = ()) -> str:
    # What was checked: a notice on the run, not on a line of a file.
    lines = [f"::notice title=smersh::{escape_data(checked_line(checked))}"] if checked is not None else []
    for d in diagnostics:
        s = d.span
        props = {"file": s.file, "line": s.line, "col": s.column,
                 "endLine": s.end_line, "endColumn": s.end_column,
                 "title": f"{d.code} {d.name}"}
        head = ",".join(f"{k}={escape_property(str(v))}" for k, v in props.items())
        body = d.message + (f"\n{d.hint}" if d.hint else "")
        lines.append(f"::{COMMANDS[d.severity]} {head}::{escape_data(body)}")
    lines.extend(f"::notice::{escape_data(item.line)}" for item in held_back)
    return "".join(line + "\n" for line in lines)
