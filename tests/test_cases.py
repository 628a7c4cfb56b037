"""Per-rule case files: tests/cases/<CODE>/fail_*.smersh and pass_*.smersh.

A fail file marks each expected finding with a comment `# expect: CODE LINE:COLUMN`
(anywhere in the file); the check must report exactly those findings of that code, at
exactly those places. A pass file must check clean: no finding at all.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import TESTS, check_paths
from smersh_dsl.pipeline.run import check_paths as run_check
from smersh_dsl.diagnostics.catalogue import catalogue
from smersh_dsl.settings.policy import Policy

CASES = TESTS / "cases"
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z]\d{3})\s+(\d+):(\d+)")


def _checked(path: Path, code: str):
    """What `smersh check` reports; a rule that is off by default (Q001) is selected,
    alone, for its own case files."""
    rule = catalogue().get(code)
    if rule is not None and rule.default_off:
        return run_check([path], Policy(select=[code]))[1]
    return check_paths(path)


def case_files(prefix: str) -> list[Path]:
    return sorted(CASES.glob(f"*/{prefix}_*.smersh"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", case_files("fail"), ids=_id)
def test_rule_fires_exactly_where_expected(path: Path):
    code = path.parent.name
    expected = {(c, int(line), int(col)) for c, line, col in _EXPECT.findall(path.read_text("utf-8"))}
    assert expected, f"{path} declares no `# expect:` line"
    found = _checked(path, code)
    got = {(d.code, d.span.line, d.span.column) for d in found if d.code == code}
    assert got == {e for e in expected if e[0] == code}
    others = {(c, line, col) for c, line, col in expected if c != code}
    assert others <= {(d.code, d.span.line, d.span.column) for d in found}


@pytest.mark.parametrize("path", case_files("pass"), ids=_id)
def test_rule_is_silent_on_correct_content(path: Path):
    found = _checked(path, path.parent.name)
    assert [f"{d.code} {d.span.line}:{d.span.column} {d.message}" for d in found] == []
