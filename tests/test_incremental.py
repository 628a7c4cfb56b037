"""A re-check that runs only the checks whose inputs moved (issue #31, checks/memo.py)
reports exactly what a cold check reports: the same findings, in the same order, with the
same spans and fixes, and the same counts held back, edit after edit. The edits are the
ones a writer makes: prose (longer, with a TODO, with an unknown icon), a goto target, a
showdown's encounter, a card's response, a line added at the top of a file, a syntax
error and its repair, a file deleted, and a name other files use renamed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import REPO
from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.checks.outline import outline
from smersh_dsl.parse import parser
from smersh_dsl.parse.parser import parse_text
from smersh_dsl.pipeline.run import check_run

EUROPE = "entries/europe.smersh"
PIERRE = "showdowns/pierre.smersh"
CARDS = "cards/encounters.smersh"
STATUSES = "cards/statuses.smersh"


def replaced(old: str, new: str, count: int = 1):
    def edit(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)
    return edit


EDITS = [
    ("longer prose", EUROPE, replaced("It is market day.", "It is market day, and it rains.")),
    ("longer prose before an effect on its line", EUROPE,
     replaced('pass { "By the time', 'pass { "Long after, by the time')),
    ("two entries of one key on one line", EUROPE,  # the second's finding names where the first is
     lambda text: text + '\nentry 01.9.2 { "One." } entry 01.9.1 { "Two." } entry 01.9.1 { "Three." }\n'),
    ("prose before both of them", EUROPE, replaced('"One."', '"One, longer."')),
    ("prose with a TODO and an unknown icon", EUROPE,
     replaced("You slip between", "TODO :Nosuch: You slip between")),
    ("a goto to no encounter", PIERRE, replaced("-> 02", "-> 92")),
    ("the goto back", PIERRE, replaced("-> 92", "-> 02")),
    ("a showdown's encounter renumbered", PIERRE, replaced("encounter 02 {", "encounter 12 {")),
    ("a card's response dropped", CARDS, replaced('  response 4 "Buy him a drink"\n', "")),
    ("a line at the top", EUROPE, lambda text: "# a note\n" + text),
    ("a syntax error", EUROPE, replaced("entry 01.1.2 {", "entry 01.1.2 {{")),
    ("the syntax error fixed", EUROPE, replaced("entry 01.1.2 {{", "entry 01.1.2 {")),
    ("a status renamed that other files use", STATUSES, replaced('status "Marked"', 'status "Watched"')),
    ("a file deleted", "showdowns/darling.smersh", None),
    ("prose again, after all that", EUROPE, replaced("trusting the smell", "trusting only the smell")),
]


def make(path: Path, edit) -> None:
    """One of ``EDITS`` made to ``path`` (None: the file deleted)."""
    if edit is None:
        path.unlink()
    else:
        path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")


def cold(paths: list[Path], monkeypatch: pytest.MonkeyPatch):
    """A check as a new process makes it: no memo, no parse remembered in memory (the
    incremental run's block-by-block parses left out of it), then the memory put back."""
    remembered = parser.remembered
    with monkeypatch.context() as patch:
        patch.setattr(parser, "remembered", type(remembered)())
        return check_run(paths)


def findings(run) -> tuple:
    return ([(d.code, d.span, d.message, d.hint, d.fix) for d in run.diagnostics],
            {until: [(d.code, d.span) for d in found] for until, found in run.held.items()},
            [h.line for h in run.held_back])


@pytest.fixture
def books(tmp_path: Path) -> Path:
    """Epic and the expansion that extends it (a base in the lineage), as copies."""
    for name in ("epic", "swagmans-hope"):
        shutil.copytree(REPO / "books" / name, tmp_path / name)
    return tmp_path


def test_every_edit_rechecked_incrementally_reports_what_a_cold_check_does(books, monkeypatch):
    """As the daemon re-checks: the checks' memo, and the files loaded before parsed
    again block by block."""
    paths = [books / "epic", books / "swagmans-hope"]
    memo, loaded = CheckMemo(), set()
    first = check_run(paths, memo=memo, loaded=loaded)
    assert findings(first) == findings(cold(paths, monkeypatch))
    for label, name, edit in EDITS:
        make(books / "epic" / name, edit)
        again = check_run(paths, memo=memo, loaded=loaded)
        assert findings(again) == findings(cold(paths, monkeypatch)), label
    assert {d.code for d in first.diagnostics} != {d.code for d in again.diagnostics}


def test_a_prose_edit_runs_only_the_checks_that_read_text(books):
    paths = [books / "epic"]
    memo = CheckMemo()
    check_run(paths, memo=memo)
    ran_cold = memo.ran
    europe = books / "epic" / EUROPE
    for old, new in [("It is market day.", "It is market day, and it rains hard."),
                     ('pass { "By the time', 'pass { "Long after, by the time')]:
        europe.write_text(europe.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
        check_run(paths, memo=memo)
        assert memo.reused > 0 and memo.ran < ran_cold / 4, (new, memo.ran, memo.reused, ran_cold)
    europe.write_text(europe.read_text(encoding="utf-8").replace(
        "entry 01.1.2 {", "entry 01.1.99 {"), encoding="utf-8")
    check_run(paths, memo=memo)
    assert memo.ran == ran_cold, "a changed entry key is an input of the structural checks"


def test_an_outline_leaves_out_the_prose_and_the_columns_and_nothing_else():
    text = (REPO / "books" / "epic" / EUROPE).read_text(encoding="utf-8")
    base = outline(parse_text(text, "europe.smersh")[0]).digest
    assert outline(parse_text(text.replace("It is market day.", "It is market day!!"),
                              "europe.smersh")[0]).digest == base
    for other in (text.replace("gain 1 intel", "gain 2 intel", 1),
                  text.replace("(pass with Stealth)", "(pass with Disguise)", 1),
                  "\n" + text, text.replace("It is market day.", "It is\nmarket day."),
                  text.replace("# Encounter", "# encounter", 1)):
        assert outline(parse_text(other, "europe.smersh")[0]).digest != base
    assert outline(parse_text(text, "elsewhere/europe.smersh")[0]).digest != base


def test_the_language_servers_index_after_an_edit_is_the_one_built_afresh(books):
    """The index takes the unchanged files' uses from the one before (lsp/index.py)."""
    from smersh_dsl.lsp.checker import analyse
    project, memo = books / "epic", CheckMemo()
    before, _ = analyse(project, {}, memo)
    pierre = (project / PIERRE).resolve()
    edited = pierre.read_text(encoding="utf-8").replace("-> 02", "-> 03", 1)
    after, found = analyse(project, {pierre: edited}, memo, before)
    fresh, again = analyse(project, {pierre: edited})
    assert after is not None and fresh is not None and found == again
    shape = lambda index: ([(u.ref, u.section) for u in index.uses],             # noqa: E731
                           {f: [(u.ref, u.section) for u in uses] for f, uses in index.by_file.items()},
                           index.blocks)
    assert shape(after) == shape(fresh)
    assert shape(after) != shape(before)
