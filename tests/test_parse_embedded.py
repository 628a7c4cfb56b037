"""The model is built inside the parser (parse/transform/embedded.py): the spans it gives
every node must be those Lark's own `propagate_positions` gives the parse tree, which is
how the model was built before (issue #8). The reference here is that older way: a tree
with positions, then a walk calling the same builder methods with each node's meta."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from lark import Lark, Transformer

from smersh_dsl.parse import parser
from smersh_dsl.parse.transform import ModelBuilder
from smersh_dsl.resources import grammar_path
from conftest import REPO

SOURCES = sorted(p for p in [*(REPO / "books").rglob("*.smersh"),
                             *(REPO / "tests" / "cases").rglob("*.smersh"),
                             *(REPO / "tests" / "golden").rglob("*.smersh")])


class _Meta:
    """Lark's tree meta, as the builder reads it (`line` None when the node is empty)."""

    def __init__(self, meta) -> None:
        empty = getattr(meta, "empty", True)
        self.line = None if empty else meta.line
        self.column, self.end_line, self.end_column = (
            (None, None, None) if empty else (meta.column, meta.end_line, meta.end_column))


@lru_cache(maxsize=1)
def _tree_parser() -> Lark:
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                propagate_positions=True, maybe_placeholders=False)


def _tree_model(text: str, file: str) -> tuple:
    lark = _tree_parser()
    builder = ModelBuilder(file)
    methods = ModelBuilder.rule_methods()

    class Walk(Transformer):
        def __default__(self, data, children, meta):
            return methods[data](builder, _Meta(meta), children)

    return Walk().transform(lark.parse(text)), builder.diagnostics


def _embedded_model(text: str, file: str) -> tuple:
    found, _, syntax, findings = parser.parse_model(text, file)
    assert not syntax, syntax
    return found, findings


@pytest.fixture(scope="module")
def parsable() -> list[Path]:
    return [p for p in SOURCES if not parser.parse_model(_read(p), p.name)[2]]


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def test_embedded_building_gives_the_tree_walks_model_and_spans(parsable: list[Path]):
    assert len(parsable) > 200     # every book, and the cases that parse
    differ = [p.name for p in parsable
              if _embedded_model(_read(p), p.name) != _tree_model(_read(p), p.name)]
    assert differ == []


def test_a_pass_block_spans_its_keyword_and_an_else_if_its_else():
    """Spans include the keywords Lark filters out of the children: a finding about an
    outcome points at `pass`, one about an else branch at `else`."""
    text = ('entry 01.1.1 {\n  test Spycraft [2]\n  pass { "won" }\n  fail { "lost" }\n'
            '  if expert { "a" }\n  else if expert { "b" }\n}\n')
    (entry,), _ = _embedded_model(text, "f.smersh")
    check, branch = entry.steps
    assert (check.on_pass.span.line, check.on_pass.span.column) == (3, 3)
    assert (check.on_pass.span.end_line, check.on_pass.span.end_column) == (3, 17)
    assert (branch.otherwise.span.line, branch.otherwise.span.column) == (6, 3)
    assert _embedded_model(text, "f.smersh") == _tree_model(text, "f.smersh")
