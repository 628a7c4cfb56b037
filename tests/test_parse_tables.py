"""The parser's tables ship with the grammar (grammar/smersh.tables) so that a cold run
does not compute them (issue #8); a stale or broken tables file is never trusted."""

from __future__ import annotations

from pathlib import Path

import lark
import pytest

from smersh_dsl.parse import parser, tables
from smersh_dsl.parse.transform.embedded import EmbeddedLark
from smersh_dsl.resources import grammar_path
from conftest import REPO

GRAMMAR = grammar_path().read_text(encoding="utf-8")
BOOK = (REPO / "books" / "epic" / "entries" / "europe.smersh").read_text(encoding="utf-8")


def test_the_shipped_tables_are_those_of_this_grammar():
    import json
    made_for = json.loads(tables.shipped_path().read_bytes().partition(b"\n")[0])
    if made_for["lark"] != lark.__version__:
        pytest.skip(f"tables made with Lark {made_for['lark']}, this is {lark.__version__}: "
                    "they are computed at first use instead")
    assert made_for == tables.header(GRAMMAR), \
        "the grammar changed: run `python -m smersh_dsl.parse.tables` and commit grammar/smersh.tables"
    assert tables.read(tables.shipped_path(), GRAMMAR) is not None


def _fresh(monkeypatch: pytest.MonkeyPatch, shipped: Path):
    monkeypatch.setattr(tables, "shipped_path", lambda: shipped)
    parser.parser.cache_clear()
    try:
        return parser.parser()
    finally:
        parser.parser.cache_clear()


def _parsed(lark_parser) -> tuple:
    monkey = pytest.MonkeyPatch()
    monkey.setattr(parser, "parser", lambda: lark_parser)
    try:
        return parser._parse_uncached(BOOK, "europe.smersh")
    finally:
        monkey.undo()


def test_tables_from_the_file_parse_as_freshly_computed_ones(monkeypatch, tmp_path):
    from_file = _fresh(monkeypatch, tables.shipped_path())
    computed = _fresh(monkeypatch, tmp_path / "none.tables")
    assert isinstance(from_file, EmbeddedLark) and isinstance(computed, EmbeddedLark)
    assert _parsed(from_file) == _parsed(computed)
    assert len(_parsed(from_file)[0].definitions) > 50


@pytest.mark.parametrize("content", [b"", b"garbage\n\x00\x01", b'{"grammar": "0"}\n' + b"x" * 50],
                         ids=["empty", "garbage", "other-grammar"])
def test_a_broken_or_stale_tables_file_is_ignored_and_a_good_one_kept(monkeypatch, tmp_path, content):
    """The cache folder comes from SMERSH_CACHE_DIR (conftest points it at a fresh folder)."""
    bad = tmp_path / "smersh.tables"
    bad.write_bytes(content)
    built = _fresh(monkeypatch, bad)
    assert len(_parsed(built)[0].definitions) > 50
    kept = list((tables.cache_dir("grammar")).glob("tables-*.pickle"))
    assert len(kept) == 1 and tables.read(kept[0], GRAMMAR, sealed=True) is not None
    kept[0].write_bytes(content)          # the kept file broken in turn: computed again
    assert len(_parsed(_fresh(monkeypatch, bad))[0].definitions) > 50
    assert tables.read(kept[0], GRAMMAR, sealed=True) is not None
