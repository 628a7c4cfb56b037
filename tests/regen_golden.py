"""Regenerate the golden files: python tests/regen_golden.py (then review the diff).

Each tests/golden/syntax/NAME.smersh has NAME.txt beside it: the text report that
`smersh check NAME.smersh` prints, run from that folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"


def text_report(path: Path) -> str:
    from smersh_dsl.checks.run import check_projects, ordered
    from smersh_dsl.diagnostics.report.text import render_text
    from smersh_dsl.project.load import load_paths

    here = os.getcwd()
    os.chdir(path.parent)
    try:
        projects, diagnostics, library = load_paths([Path(path.name)])
        diagnostics.extend(check_projects(projects, library.names()))
        sources = {f.path: f.text for p in projects for f in p.files}
        return render_text(ordered(diagnostics), sources)
    finally:
        os.chdir(here)


def main() -> int:
    for source in sorted((GOLDEN / "syntax").glob("*.smersh")):
        source.with_suffix(".txt").write_text(text_report(source), encoding="utf-8")
        print(f"wrote {source.with_suffix('.txt').relative_to(GOLDEN.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
