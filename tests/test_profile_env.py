"""`SMERSH_PROFILE=FILE smersh ...` writes a cProfile file that pstats reads (issue #31):
the process leaves through os._exit, so nothing else would write it."""

from __future__ import annotations

import pstats
from pathlib import Path

from conftest import REPO, smersh

EPIC = REPO / "books" / "epic"


def _functions(profile: Path) -> set[str]:
    """The names of the functions the profile saw, as `python -m pstats` reads them."""
    stats = pstats.Stats(str(profile))
    assert stats.total_calls > 1000
    return {name for _, _, name in stats.stats}


def test_check_writes_a_profile_that_pstats_reads(tmp_path):
    profile = tmp_path / "check.prof"
    done = smersh("check", str(EPIC), env={"SMERSH_PROFILE": str(profile)})
    assert done.returncode == 0, done.stderr
    assert "no problems found" in done.stdout
    assert {"check_command", "run_checks"} <= _functions(profile), "the check itself was profiled"
    assert [p.name for p in tmp_path.iterdir()] == ["check.prof"], "no temporary file is left"


def test_build_json_writes_a_profile_relative_to_where_it_ran(tmp_path):
    done = smersh("build", str(EPIC), "--format", "json", "--out", "dist", cwd=tmp_path,
                  env={"SMERSH_PROFILE": "build.prof"})
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "dist").rglob("*.json")), "the build itself was done"
    assert "build_command" in _functions(tmp_path / "build.prof")


def test_a_profile_that_cannot_be_written_is_a_usage_error_before_the_command_runs(tmp_path):
    done = smersh("build", str(EPIC), "--format", "json", "--out", "dist", cwd=tmp_path,
                  env={"SMERSH_PROFILE": str(tmp_path / "missing" / "build.prof")})
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"smersh: cannot write the profile to {tmp_path / 'missing' / 'build.prof'} "
        "(SMERSH_PROFILE): its folder does not exist"]
    assert not (tmp_path / "dist").exists() and not (tmp_path / "missing").exists()
