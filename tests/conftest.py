"""Shared helpers: check a text or a folder and get its diagnostics back."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from smersh_dsl.checks.run import check_paths as run_check
from smersh_dsl.diagnostics.diagnostic import Diagnostic

# The suite never reads or fills the user's caches (parsed files, rendered PDFs): one
# fresh cache folder per run, inherited by the commands the tests start.
os.environ["SMERSH_CACHE_DIR"] = tempfile.mkdtemp(prefix="smersh-test-cache-")

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent


def check_paths(*paths: Path) -> list[Diagnostic]:
    """What `smersh check PATHS` reports, as diagnostics."""
    return run_check(list(paths))[1]


@pytest.fixture
def check_text(tmp_path: Path):
    """Write ``text`` to a lone file (a fragment, or a project if it has a header) and check it."""
    def run(text: str, name: str = "case.smersh") -> list[Diagnostic]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return check_paths(path)
    return run


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


def smersh(*args: str, cwd: Path | None = None,
           env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run the installed `smersh` command (the console script) as a user would;
    ``env`` adds to (or overrides) the environment."""
    exe = Path(sys.executable).with_name("smersh")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "smersh_dsl"]
    env = {**{k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}, **(env or {})}
    return subprocess.run(command + list(args), capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=300)
