"""The same input gives the same report (DESIGN.md, "Checks"): findings come out in one
order whatever Python's hash seed, so a CI log or a golden file does not change from run to
run; and an unclosed string that the parser stumbles over twice is reported once."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.span import Span

CASE = Path(__file__).parent / "cases" / "S004" / "fail_followed_by_strings.smersh"


def report(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-m", "smersh_dsl", "check", str(CASE)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 1, done.stderr
    return done.stdout


def test_an_unclosed_string_read_twice_is_one_finding_whatever_the_hash_seed():
    first = report("1")
    assert first.count("error[S004]") == 1
    assert "it runs on to the quote on line 10" in first     # the reading that says the most
    assert all(report(seed) == first for seed in ("2", "3"))


def test_findings_of_one_code_at_one_place_sort_by_their_end_then_their_hint():
    def at(end_column: int, hint: str) -> Diagnostic:
        return Diagnostic.of("S001", Span("f.smersh", 3, 5, 3, end_column), "unexpected", hint)

    made = [at(9, "b"), at(9, "a"), at(7, "z")]
    orders = {tuple(sorted(p, key=Diagnostic.sort_key)) for p in itertools.permutations(made)}
    assert orders == {(at(7, "z"), at(9, "a"), at(9, "b"))}
