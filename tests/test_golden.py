"""Golden text reports: what a writer sees for broken files. Regenerate with
`python tests/regen_golden.py` and review the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from regen_golden import GOLDEN, text_report


@pytest.mark.parametrize("source", sorted((GOLDEN / "syntax").glob("*.smersh")), ids=lambda p: p.stem)
def test_syntax_report_matches_golden(source: Path):
    assert text_report(source) == source.with_suffix(".txt").read_text(encoding="utf-8")
