"""Shared helpers: check a text or a folder and get its diagnostics back."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from smersh_dsl.pipeline.run import check_paths as run_check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from waiting import HANG_GUARD_S

# Hypothesis judges no example by how long it took (a loaded machine must pass): no
# deadline, no "too slow" health check, in every test that uses it.
hypothesis_settings.register_profile("smersh", deadline=None,
                                     suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("smersh")

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
                          timeout=HANG_GUARD_S)


class FailingWrites:
    """A file object whose write fails with ``error`` (after putting ``keep`` of the bytes
    down: half a write, then a full disk), standing for the real one in every other way."""

    def __init__(self, real, error: OSError, keep: float = 0.0) -> None:
        self.real, self.error, self.keep = real, error, keep

    def write(self, data: bytes) -> int:
        if self.keep:
            self.real.write(data[: int(len(data) * self.keep)])
            self.real.flush()
        raise self.error

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.real.close()

    def __getattr__(self, name: str):
        return getattr(self.real, name)


def count_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, the files the parser really parses (not from memory or the disk
    cache), in order."""
    from smersh_dsl.parse import parser
    seen: list[str] = []
    real = parser._parse_uncached

    def counting(text: str, file: str):
        seen.append(file)
        return real(text, file)
    monkeypatch.setattr(parser, "_parse_uncached", counting)
    return seen


def _output_profile_installed() -> bool:
    from smersh_dsl.print import intent

    try:
        intent.output_profile()
    except intent.OutputProfileMissing:
        return False
    return True


OUTPUT_PROFILE_INSTALLED = _output_profile_installed()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # noqa: ANN001, ANN201 - pytest's hook
    """A test that prints with the pod profile on a machine without Ghostscript's CMYK
    profile (Debian's libgs-common, which `.ci/run` installs) is skipped, as the tests
    that need poppler or Chromium are where those are missing: it fails there with P103,
    which says what to install, and not because of what it tests."""
    outcome = yield
    report = outcome.get_result()
    if (report.failed and not OUTPUT_PROFILE_INSTALLED and call.excinfo is not None
            and "P103" in str(report.longrepr)):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0,
                           "Skipped: the pod profile needs Ghostscript's CMYK profile "
                           "(apt-get install libgs-common)")
