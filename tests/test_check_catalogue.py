"""The checks' catalogue (checks/registry.py): it names every check its module registers,
in the order they run, and which always run; so a warm re-check in a new process
imports the code of the checks that must run and no other (issue #31)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import REPO
from smersh_dsl.checks.registry import ALWAYS_RUN, CATALOGUE, CHECKS, all_checks, listed_checks

# A check as a new `smersh check` makes it (the memo on disk in, this run's out), and
# the check modules it imported.
WARM = """
import sys
from pathlib import Path
from smersh_dsl.checks.memo_store import load_memo, save_memo
from smersh_dsl.pipeline.run import check_run
paths = [Path(sys.argv[1])]
memo = load_memo(paths)
check_run(paths, memo=memo)
save_memo(paths, memo)
print(memo.reused, *sorted(m for m in sys.modules if m.startswith("smersh_dsl.checks.")))
"""


def test_the_catalogue_names_each_registered_check_by_its_module():
    checks = all_checks()
    assert [c.name for c in checks] == [item.name for item in listed_checks()]
    assert sorted(c.name for c in CHECKS) == sorted(c.name for c in checks)   # none left out
    modules = {name: module for module, names in CATALOGUE for name in names}
    assert all(c.run.__module__ == f"smersh_dsl.checks.{modules[c.name]}" for c in checks)


def test_the_checks_that_always_run_are_those_that_read_text_or_files():
    assert ALWAYS_RUN == {c.name for c in all_checks() if c.always_runs}
    assert all(item.always_runs == item.load().always_runs for item in listed_checks())


def warm_check(project: Path, cache: Path) -> tuple[int, set[str]]:
    env = {**os.environ, "SMERSH_CACHE_DIR": str(cache), "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", WARM, str(project)], env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    return int(out[0]), {name.rsplit(".", 1)[1] for name in out[1:]}


def test_a_prose_edit_in_a_new_process_imports_only_the_checks_that_run(tmp_path):
    project = tmp_path / "epic"
    shutil.copytree(REPO / "books" / "epic", project)
    _, cold_modules = warm_check(project, tmp_path / "cache")
    assert {module for module, _ in CATALOGUE} <= cold_modules
    europe = project / "entries" / "europe.smersh"
    europe.write_text(europe.read_text(encoding="utf-8").replace(
        "It is market day", "It is market day, again", 1), encoding="utf-8")
    reused, modules = warm_check(project, tmp_path / "cache")
    assert reused > 0 and {"prose", "art"} <= modules
    assert not {"coverage", "swagmans_hope", "duplicates", "names"} & modules
