"""The checks' memo on disk (checks/memo_store.py, issue #31): a new process after an edit
runs only the checks whose inputs moved, and reports exactly what a cold check reports,
for edits that add a problem and edits that take it away, within a file and across
files. A memo that is damaged, planted, or made by other code, for other paths or from
another folder, means a full run, never a wrong report."""

from __future__ import annotations

import pickle
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from conftest import REPO, smersh
from smersh_dsl.cachedir import seal, unseal
from smersh_dsl.checks import memo_store
from smersh_dsl.checks.memo_store import load_memo, save_memo
from smersh_dsl.parse import lazy_source, parser
from smersh_dsl.pipeline.run import check_run

EUROPE = "entries/europe.smersh"
ASIA = "entries/asia.smersh"
PIERRE = "showdowns/pierre.smersh"
TWICE = '\nentry 01.1.2 { "Twice." }\n'         # europe's key again, in another file: D001

# (label, file, old, new, the code the edit brings in): each is made, then undone. An
# edit to prose leaves the other checks' findings standing (they are recalled); any other
# edit moves the inputs of every check that reads the file, and they run again.
EDITS = [
    ("a goto to no encounter", PIERRE, "-> 02", "-> 92", "N007"),
    ("an encounter no path reaches", PIERRE, "-> 02", "-> 92", "G001"),
    ("one entry key in two files", ASIA, None, TWICE, "D001"),
    ("a TODO in the prose", EUROPE, "It is market day.", "It is market day. TODO", "T003"),
    ("an unknown icon in the prose", EUROPE, "You slip between", ":Nosuch: You slip between", "N019"),
]
PROSE = {"T003", "N019"}


@pytest.fixture
def epic(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "books" / "epic", tmp_path / "epic")
    return tmp_path / "epic"


def fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a new process does not have: the parses kept in memory (so every file is a
    new object, known to the memo on disk by its stamp alone)."""
    monkeypatch.setattr(parser, "remembered", type(parser.remembered)())


def warm(paths: list[Path], monkeypatch: pytest.MonkeyPatch):
    """A check as a new `smersh check` makes it: the memo on disk in, this run's out."""
    with monkeypatch.context() as patch:
        fresh_process(patch)
        memo = load_memo(paths)
        run = check_run(paths, memo=memo)
        save_memo(paths, memo)
    return run, memo


def cold(paths: list[Path], monkeypatch: pytest.MonkeyPatch):
    with monkeypatch.context() as patch:
        fresh_process(patch)
        return check_run(paths)


def findings(run) -> tuple:
    return ([(d.code, d.span, d.message, d.hint, d.fix) for d in run.diagnostics],
            {until: [(d.code, d.span) for d in found] for until, found in run.held.items()})


def edit(path: Path, old: str | None, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old is None or old in text, old
    path.write_text(text + new if old is None else text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("label, name, old, new, code", EDITS, ids=[e[0] for e in EDITS])
def test_a_new_process_after_an_edit_reports_what_a_cold_check_does(epic, monkeypatch,
                                                                   label, name, old, new, code):
    paths = [epic]
    first, memo = warm(paths, monkeypatch)
    assert memo.reused == 0 and findings(first) == findings(cold(paths, monkeypatch))
    original = (epic / name).read_text(encoding="utf-8")
    edit(epic / name, old, new)
    added, memo = warm(paths, monkeypatch)
    assert memo.reused > 0 or code not in PROSE, "the memo on disk was not used"
    assert findings(added) == findings(cold(paths, monkeypatch)), label
    assert code in {d.code for d in added.diagnostics} - {d.code for d in first.diagnostics}
    (epic / name).write_text(original, encoding="utf-8")
    removed, memo = warm(paths, monkeypatch)
    assert memo.reused > 0 or code not in PROSE
    assert findings(removed) == findings(cold(paths, monkeypatch)) == findings(first), label


def test_a_prose_edit_runs_only_the_checks_that_read_text(epic, monkeypatch):
    paths = [epic]
    _, memo = warm(paths, monkeypatch)
    ran_cold = memo.ran
    edit(epic / EUROPE, "It is market day.", "It is market day, and it rains hard.")
    _, memo = warm(paths, monkeypatch)
    assert memo.reused > 0 and memo.ran < ran_cold / 4, (memo.ran, memo.reused, ran_cold)


def opened_in(paths: list[Path], monkeypatch: pytest.MonkeyPatch):
    """A warm check, and the names of the files whose models it read from the parse cache."""
    with monkeypatch.context() as patch:
        patch.setattr(lazy_source, "opened", Counter())
        run, memo = warm(paths, patch)
        return run, memo, {Path(name).name for name in lazy_source.opened}


def test_a_prose_edit_leaves_the_models_of_the_unchanged_files_unread(tmp_path, monkeypatch):
    project = tmp_path / "bench"
    subprocess.run([sys.executable, str(REPO / "bench" / "generate.py"), "300", str(project)],
                   check=True, capture_output=True)
    paths, edited = [project], project / "entries-000.smersh"
    unchanged = {"entries-001.smersh", "entries-002.smersh"}      # no header, no picture
    warm(paths, monkeypatch)            # parses every file: the parse cache and the memo
    edit(edited, "It works.", "It works, and well.")
    run, memo, opened = opened_in(paths, monkeypatch)
    assert memo.reused > 0 and "entries-000.smersh" in opened and not opened & unchanged
    assert findings(run) == findings(cold(paths, monkeypatch))
    # edited again: the outline of the last edit was kept in the memo, so no model at
    # all is read back (the parse before this edit need not be outlined again)
    edit(edited, "It works, and well.", "It works, and very well.")
    run, memo, opened = opened_in(paths, monkeypatch)
    assert memo.reused > 0 and not opened & (unchanged | {"entries-000.smersh"})
    assert findings(run) == findings(cold(paths, monkeypatch))
    edit(edited, "gain 1 intel", "gain 2 intel")    # the outline moved: the checks run again
    run, memo, opened = opened_in(paths, monkeypatch)
    assert unchanged <= opened
    assert findings(run) == findings(cold(paths, monkeypatch))


def memo_file(paths: list[Path]) -> Path:
    found = memo_store._entry(paths)
    assert found is not None
    return found[0]


def prose_edit(project: Path) -> None:
    """An edit after which a memo that is used is used in part (``reused > 0``)."""
    edit(project / EUROPE, "It is market day", "It is market day, again")


def test_a_damaged_memo_means_a_full_run(epic, monkeypatch):
    paths = [epic]
    warm(paths, monkeypatch)
    stored = memo_file(paths)
    blob = bytearray(stored.read_bytes())
    blob[-1] ^= 1
    stored.write_bytes(bytes(blob))
    prose_edit(epic)
    run, memo = warm(paths, monkeypatch)
    assert memo.reused == 0
    assert findings(run) == findings(cold(paths, monkeypatch))


def test_a_memo_of_another_project_or_folder_is_not_used(epic, tmp_path, monkeypatch):
    other = tmp_path / "other"
    shutil.copytree(epic, other)
    edit(other / PIERRE, "-> 02", "-> 92")
    warm([other], monkeypatch)
    # the other project's memo under this one's name: sealed under another name, refused
    shutil.copyfile(memo_file([other]), memo_file([epic]))
    prose_edit(epic)
    run, memo = warm([epic], monkeypatch)
    assert memo.reused == 0 and "N007" not in {d.code for d in run.diagnostics}
    assert findings(run) == findings(cold([epic], monkeypatch))
    monkeypatch.chdir(tmp_path)         # the same project from another folder: its own memo
    prose_edit(epic)
    _, memo = warm([epic], monkeypatch)
    assert memo.reused == 0


def test_a_memo_sealed_for_other_code_is_not_used(epic, monkeypatch):
    paths = [epic]
    warm(paths, monkeypatch)
    stored = memo_file(paths)
    entry, key, made_for = memo_store._entry(paths)
    # sealed with this user's key, under this memo's name, but made by other code
    stale = (("other code", *made_for[1:]), *pickle.loads(unseal(stored.read_bytes(), key))[1:])
    stored.write_bytes(seal(pickle.dumps(stale), key))
    prose_edit(epic)
    _, memo = warm(paths, monkeypatch)
    assert memo.reused == 0
    prose_edit(epic)                    # the memo that run left is used
    _, memo = warm(paths, monkeypatch)
    assert memo.reused > 0
    monkeypatch.setattr(memo_store, "_code", lambda: "another version")
    assert memo_file(paths) != stored
    prose_edit(epic)
    _, memo = warm(paths, monkeypatch)
    assert memo.reused == 0


def test_the_command_in_a_new_process_reports_what_a_cold_one_does(epic):
    cwd = epic.parent
    smersh("check", "-q", "epic", cwd=cwd)
    for old, new in [("-> 02", "-> 92"), ("-> 92", "-> 02")]:
        edit(epic / PIERRE, old, new)
        warm_run = smersh("check", "-q", "epic", cwd=cwd)
        cold_run = smersh("check", "-q", "epic", cwd=cwd, env={"SMERSH_CACHE_DIR": ""})
        assert (warm_run.stdout, warm_run.returncode) == (cold_run.stdout, cold_run.returncode)
        assert ("N007" in warm_run.stdout) == (new == "-> 92")


def test_every_edit_of_the_incremental_suite_checked_in_a_new_process(tmp_path, monkeypatch):
    """test_incremental.py's edits, one after another, each checked as a new process
    checks (prose moved along its line, a syntax error and its repair, a file deleted)."""
    from test_incremental import EDITS as WRITERS_EDITS, make

    for name in ("epic", "swagmans-hope"):
        shutil.copytree(REPO / "books" / name, tmp_path / name)
    paths = [tmp_path / "epic", tmp_path / "swagmans-hope"]
    warm(paths, monkeypatch)
    reused = 0
    for label, name, change in WRITERS_EDITS:
        make(tmp_path / "epic" / name, change)
        run, memo = warm(paths, monkeypatch)
        reused += memo.reused
        assert findings(run) == findings(cold(paths, monkeypatch)), label
    assert reused > 0
