"""Golden text reports: what a writer sees for broken files. Regenerate with
`python tests/regen_golden.py` and review the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from regen_golden import (FORMATS, GOLDEN, SIMULATE_GOLDENS, book_documents, graphs, report,
                          simulate_goldens, text_report)


@pytest.mark.parametrize("source", sorted((GOLDEN / "syntax").glob("*.smersh")), ids=lambda p: p.stem)
def test_syntax_report_matches_golden(source: Path):
    assert text_report(source) == source.with_suffix(".txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("project", sorted(p for p in (GOLDEN / "reports").iterdir() if p.is_dir()),
                         ids=lambda p: p.name)
def test_report_formats_match_golden(project: Path, fmt: str):
    """The same findings in every output format, byte for byte."""
    expected = project.with_suffix("." + FORMATS[fmt]).read_text(encoding="utf-8")
    assert report(project, fmt, statistics=fmt == "text") == expected


@pytest.mark.parametrize("name", sorted(p.name for p in (GOLDEN / "graphs").iterdir()))
def test_graph_matches_golden(name: str):
    assert graphs()[name] == (GOLDEN / "graphs" / name).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def simulated() -> dict[str, str]:
    return simulate_goldens(book_documents())


@pytest.mark.parametrize("name", [g[0] for g in SIMULATE_GOLDENS])
def test_simulate_epic_reports_match_golden(name: str, simulated):
    """Whole games from a seed play and report the same, to the last figure."""
    assert simulated[name] == (GOLDEN / "simulate" / name).read_text(encoding="utf-8")
