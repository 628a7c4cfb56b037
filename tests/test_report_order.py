"""The same input gives the same report (DESIGN.md, "Checks"): two findings of one code at one
place, S004's two readings of an unclosed string, come out in one order whatever Python's hash
seed, so a CI log or a golden file does not change from run to run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CASE = Path(__file__).parent / "cases" / "S004" / "fail_followed_by_strings.smersh"


def report(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-m", "smersh_dsl", "check", str(CASE)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 1, done.stderr
    return done.stdout


def test_two_findings_at_one_place_come_out_in_one_order_whatever_the_hash_seed():
    first = report("1")
    assert first.count("error[S004]") == 2
    assert all(report(seed) == first for seed in ("2", "3", "4"))
