"""What `smersh check` prints for a run, and its exit code: the report in the format asked
for, opening with what was checked, then the per-rule counts of `--statistics`. The
command line and the daemon print exactly this, so the two can never differ."""

from __future__ import annotations

from smersh_dsl.checks.run import CheckRun
from smersh_dsl.diagnostics.diagnostic import Severity
from smersh_dsl.diagnostics.report import REPORTERS
from smersh_dsl.diagnostics.report.checked import checked_of
from smersh_dsl.diagnostics.report.statistics import render_statistics
from smersh_dsl.records import dataclass

# `smersh check`'s exit codes for a run (cli/app.py's EXIT_CLEAN and EXIT_FINDINGS).
CLEAN, FINDINGS = 0, 1


@dataclass(frozen=True)
class Printed:
    """A report as the command prints it: its text (for stdout, or the output file), what
    goes to stderr, and the exit code."""
    report: str
    stderr: str
    code: int


def printed(run: CheckRun, fmt: str = "text", quiet: bool = False, statistics: bool = False,
            exit_zero: bool = False) -> Printed:
    found = run.diagnostics
    sources = {f.path: f.text for p in run.projects for f in p.files}
    report = REPORTERS[fmt](found, sources, not quiet, checked=checked_of(run.projects),
                            held_back=run.held_back)
    stderr = ""
    if statistics and fmt == "text":
        report += render_statistics(found)
    elif statistics:
        stderr = render_statistics(found)        # machine formats keep stdout to themselves
    errors = any(d.severity is Severity.ERROR for d in found)
    return Printed(report, stderr, FINDINGS if errors and not exit_zero else CLEAN)
