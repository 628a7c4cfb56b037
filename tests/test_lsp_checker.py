"""The language server's checking, in process: buffers refused with the reader's own
diagnostics, an edit re-parsing only what it touched, and the debounce (a burst of
edits is one check of the last text; a check a newer edit overtook is never published).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import REPO, count_parses
from waiting import HANG_GUARD_S
from smersh_dsl.lsp import checker
from smersh_dsl.lsp.checker import Checker, analyse
from smersh_dsl.model.refs import RefKind
from smersh_dsl.parse.buffer import refused
from smersh_dsl.parse.source import MAX_BYTES, MAX_LINE, read_source

HUGE = '"Entrée" ' * (MAX_BYTES // 10 + 10)       # over the limit in bytes, not in characters
LONG = 'status "Wide" {\r\n  effect "Short."\r\n  discard "' + "x" * (MAX_LINE + 5) + '"\r\n}\r\n'


@pytest.mark.parametrize("text", [HUGE, LONG], ids=["I007", "I006"])
def test_a_refused_buffer_gets_what_the_reader_says_of_the_same_file(tmp_path: Path, text: str):
    path = tmp_path / "case.smersh"
    path.write_bytes(text.encode("utf-8"))
    _, said = read_source(path, "case.smersh")
    reason = refused(text, "case.smersh")
    assert len(text) <= MAX_BYTES or reason is not None
    assert reason is not None and [(reason.code, reason.span, reason.message, reason.hint)] == [
        (d.code, d.span, d.message, d.hint) for d in said]


def test_a_buffer_within_the_limits_is_not_refused():
    assert refused('status "Fine" { effect "' + "x" * (MAX_LINE - 100) + '" }\n', "ok.smersh") is None


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files the parser really parses (not from memory or the disk cache)."""
    return count_parses(monkeypatch)


def test_an_edit_reparses_the_edited_file_only(tmp_path: Path, parsed: list[str]):
    book = tmp_path / "epic"
    shutil.copytree(REPO / "books" / "epic", book)
    pierre, statuses = (book / "showdowns" / "pierre.smersh").resolve(), (book / "cards" / "statuses.smersh").resolve()
    index, found = analyse(book, {})
    assert index is not None and not found
    parsed.clear()
    text = pierre.read_text(encoding="utf-8")
    index, found = analyse(book, {pierre: text.replace("goto 05", "goto 55", 1)})
    assert set(parsed) == {str(pierre)} and "N007" in {d.code for d in found}
    parsed.clear()
    os.utime(statuses)                    # touched on disk, the same text: not parsed again
    analyse(book, {pierre: text})
    assert parsed == []
    statuses.write_text(statuses.read_text(encoding="utf-8") + '\nstatus "Fresh" { effect "New." }\n',
                        encoding="utf-8")
    index, _ = analyse(book, {pierre: text})
    assert set(parsed) == {str(statuses)}  # changed on disk: read and parsed again
    assert index is not None and "Fresh" in index.symbols.candidates(RefKind.STATUS)


class _Gated:
    """A stand-in for ``analyse``: records the buffers each check saw, says when one is
    running, and finishes only while its gate is open, so a test decides what a check
    overlaps instead of hoping that a sleep lasts long enough."""

    def __init__(self) -> None:
        self.seen, self.running, self.gate = [], threading.Event(), threading.Event()

    def __call__(self, key: Path, overlay: dict, *memo_and_index):
        self.seen.append(overlay["text"])
        self.running.set()
        assert self.gate.wait(HANG_GUARD_S), "the test never opened the gate"
        return f"index of {overlay['text']}", [overlay["text"]]


def _published_until(wanted: list) -> tuple[list, asyncio.Event, Callable]:
    """What is published, an event set once ``wanted`` is, and the callback that does it."""
    published, done = [], asyncio.Event()

    def publish(key: Path, found: list) -> None:
        published.append(found)
        if found == wanted:
            done.set()
    return published, done, publish


async def test_a_burst_of_edits_is_one_check_of_the_last_text(tmp_path: Path, monkeypatch):
    """Each edit gives up the wait of the edit before it: 100 edits, each coming while
    the previous one's wait runs, are one check of the last text."""
    gated = _Gated()
    gated.gate.set()
    monkeypatch.setattr(checker, "analyse", gated)
    buffer = {"text": "v0"}
    published, done, publish = _published_until(["v100"])
    run = Checker(lambda: dict(buffer), publish)
    for version in range(1, 101):
        buffer["text"] = f"v{version}"
        run.schedule(tmp_path / "a.smersh", delay=0)
        await asyncio.sleep(0)             # the event loop starts its wait; the next edit ends it
    await asyncio.wait_for(done.wait(), HANG_GUARD_S)
    assert gated.seen == ["v100"] and published == [["v100"]]
    assert await run.index_of(tmp_path / "a.smersh") == "index of v100"


async def test_a_check_overtaken_by_an_edit_is_dropped_and_hover_uses_the_last_index(tmp_path: Path,
                                                                                       monkeypatch):
    gated = _Gated()
    monkeypatch.setattr(checker, "analyse", gated)
    buffer = {"text": "first"}
    published, done, publish = _published_until(["third"])
    run = Checker(lambda: dict(buffer), publish)
    file = tmp_path / "a.smersh"
    gated.gate.set()
    assert await run.index_of(file) == "index of first"    # the first request waits for a check
    gated.gate.clear()
    gated.running.clear()
    buffer["text"] = "second"
    run.schedule(file, delay=0)
    await asyncio.to_thread(gated.running.wait)            # the check of "second" is running
    # ... and held until the gate opens: the answer cannot have waited for it
    assert await run.index_of(file) == "index of first"    # answered from the last one
    assert gated.seen == ["first", "second"] and not gated.gate.is_set()
    buffer["text"] = "third"
    run.schedule(file, delay=0)                            # overtakes the check of "second"
    await asyncio.sleep(0)
    gated.gate.set()
    await asyncio.wait_for(done.wait(), HANG_GUARD_S)
    assert gated.seen == ["first", "second", "third"]
    assert published == [["first"], ["third"]]
    assert await run.index_of(file) == "index of third"
