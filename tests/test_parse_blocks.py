"""Re-parsing an edited buffer block by block (the language server, issue #7): the same
model and findings as a whole-file parse, for a fraction of the work."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.parse import blocks, parser
from conftest import REPO

SOURCES = sorted([*(REPO / "books").rglob("*.smersh"), *(REPO / "tests" / "cases").rglob("*.smersh")])


def _whole(text: str, file: str):
    parser.remembered.clear()
    source, found = parser.parse_fresh(text, file)
    return source, list(found)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")


@pytest.fixture(autouse=True)
def forget(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(parser, "remembered", type(parser.remembered)())


def test_block_by_block_equals_the_whole_file_on_every_book_and_case():
    differ = []
    for path in SOURCES:
        text = _text(path)
        expected = _whole(text, path.name)
        got = blocks.parse_edited(text, path.name)
        if got != expected:
            differ.append(path.relative_to(REPO))
    assert differ == []


def test_random_edits_keep_the_two_equal():
    """Lines added, removed and changed anywhere (inside blocks, between them, breaking
    them): the buffer's model and findings are those of parsing it whole."""
    rng = random.Random(7)
    path = REPO / "books" / "epic" / "entries" / "europe.smersh"
    text = _text(path)
    blocks.parse_edited(text, "europe.smersh")
    for _ in range(40):
        lines = text.split("\n")
        at = rng.randrange(len(lines))
        choice = rng.choice(["blank", "comment", "drop", "brace", "quote", "word"])
        if choice == "blank":
            lines.insert(at, "")
        elif choice == "comment":
            lines.insert(at, "# a note")
        elif choice == "drop" and len(lines) > 10:
            del lines[at]
        elif choice == "brace":
            lines[at] += " }"
        elif choice == "quote":
            lines[at] += ' "'
        else:
            lines[at] = lines[at].replace("the", "a", 1)
        edited = "\n".join(lines)
        got = blocks.parse_edited(edited, "europe.smersh")
        assert got == _whole(edited, "europe.smersh"), f"after a {choice} edit at line {at + 1}"
        if choice in ("brace", "quote"):
            continue        # keep the broken text out of the next round
        text = edited


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    lengths: list[int] = []
    real = parser._parse_uncached

    def counting(text: str, file: str):
        lengths.append(text.count("\n") + 1)
        return real(text, file)
    monkeypatch.setattr(parser, "_parse_uncached", counting)
    return lengths


def test_typing_in_one_entry_re_parses_that_entry_alone(monkeypatch):
    text = _text(REPO / "books" / "epic" / "entries" / "europe.smersh")
    blocks.parse_edited(text, "europe.smersh")
    parsed = _count_parses(monkeypatch)
    edited = text.replace("entry 01.1.1 {", "entry 01.1.1 {  ", 1)
    assert edited != text
    blocks.parse_edited(edited, "europe.smersh")
    assert len(parsed) == 1 and parsed[0] < 40, "one block of a few lines, not the file"


def test_lines_added_above_move_the_blocks_below_without_parsing_them(monkeypatch, tmp_path):
    """A block that only moved keeps its model, with its spans moved: a finding about
    it (an unknown skill, found in the model) is reported at its new line."""
    case = tmp_path / "case.smersh"
    statuses = "".join(f'status "S{n}" {{ effect "Roll one die less." }}\n' for n in range(6))
    text = statuses + 'spy "Ann" {\n  skills { Spycraft 2 Sneaking 1 }\n  health 5\n}\n'
    case.write_text(text, encoding="utf-8")
    key = case.resolve()
    shown = lambda p: str(p.resolve())  # noqa: E731

    def unknown_skills(buffer: str) -> list[tuple[int, int]]:
        found = check_paths([case], shown=shown, overlay={key: buffer})[1]
        return [(d.span.line, d.span.column) for d in found if d.code == "N001"]

    assert unknown_skills(text) == [(8, 23)]
    parsed = _count_parses(monkeypatch)
    assert unknown_skills("# three\n# new\n# lines\n" + text) == [(11, 23)]
    assert len(parsed) <= 1, "only the new comment lines are parsed"
