"""Syntax colouring: the TextMate grammar and the Pygments lexer know every keyword."""

from __future__ import annotations

import json

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword

from conftest import REPO
from smersh_dsl.highlight.keywords import keywords
from smersh_dsl.highlight.textmate import textmate_grammar


def test_textmate_grammar_in_the_repository_is_current():
    """grammar/smersh.tmLanguage.json is written from the parser's grammar:
    `python tests/regen_golden.py`."""
    assert (REPO / "grammar" / "smersh.tmLanguage.json").read_text(encoding="utf-8") == textmate_grammar()
    patterns = json.loads(textmate_grammar())["patterns"]
    words = " ".join(p.get("match", "") for p in patterns)
    assert all(k in words for k in keywords())


def test_pygments_finds_the_lexer_by_name_and_file_name():
    assert get_lexer_by_name("smersh").name == "smersh"
    assert get_lexer_for_filename("pierre.smersh").name == "smersh"


@pytest.mark.parametrize("path", sorted((REPO / "books").rglob("*.smersh"))[:12], ids=lambda p: p.name)
def test_bundled_books_colour_without_errors(path):
    tokens = list(get_lexer_by_name("smersh").get_tokens(path.read_text(encoding="utf-8")))
    assert not [v for t, v in tokens if t is Error]
    assert any(t in Keyword for t, _ in tokens)
