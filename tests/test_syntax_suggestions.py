"""Syntax errors that name the word meant (S001) and the character found (S002), instead
of every token the parser could have taken (docs/language.md, "Words the parser suggests")."""

from __future__ import annotations

import pytest

_GAME = 'game g "Test" {\n  skills { Spycraft Athletics }\n}\nstatus "Marked" { effect "x" }\n'


def _only(found, code):
    assert [d.code for d in found] == [code], [f"{d.code} {d.message}" for d in found]
    return found[0]


@pytest.mark.parametrize(("line", "meant"), [
    ("pass { cure 1 injury } fail { take 1 injury }", "heal"),       # a synonym
    ("pass { gian 1 intel } fail { take 1 injury }", "gain"),        # a close spelling
    ("pass { Gain 1 intel } fail { take 1 injury }", "gain"),        # keywords are lower case
    ("pass { take 1 wound } fail { take 1 injury }", "injury"),      # a resource
    ("pass { gain 1 intelligence } fail { take 1 injury }", "intel"),  # run on from `intel`
])
def test_a_misspelt_word_gets_the_word_meant(check_text, line, meant):
    found = _only(check_text(_GAME + "entry 01.1.1 {\n  test Spycraft\n  " + line + "\n}\n"), "S001")
    assert found.hint == f"did you mean `{meant}`?"
    assert found.span.line == 7


def test_a_misspelt_condition_word_gets_the_condition_word(check_text):
    found = _only(check_text(_GAME + 'entry 01.1.1 {\n  if staus "Marked" { gain 1 intel }\n}\n'),
                  "S001")
    assert "condition word" in found.message and found.hint == "did you mean `status`?"
    assert (found.span.line, found.span.column) == (6, 6)


def test_a_resource_close_to_none_lists_the_resources(check_text):
    found = _only(check_text(_GAME + "entry 01.1.1 {\n  gain 2 gold\n}\n"), "S001")
    assert "resource" in found.message
    assert "`intel`" in (found.hint or "") and "`advance`" not in (found.hint or "")


def test_a_suggestion_is_only_a_word_the_parser_takes_there(check_text):
    """`cure` at the top level is no effect: `heal` is not offered where blocks begin."""
    found = _only(check_text(_GAME + "cure 1 injury\n"), "S001")
    assert "heal" not in (found.hint or "")


@pytest.mark.parametrize(("char", "name", "fix"), [
    ("\u2013", "U+2013 EN DASH", "`-`"),
    ("\u2212", "U+2212 MINUS SIGN", "`-`"),
    ("\u00a0", "U+00A0 NO-BREAK SPACE", "plain space"),
    ("\u200b", "U+200B ZERO WIDTH SPACE", "delete"),
])
def test_a_lookalike_character_is_named_with_its_fix(check_text, char, name, fix):
    text = _GAME + f"entry 01.1.1 {{\n  test Spycraft {char}1\n  pass {{ gain 1 intel }}\n  fail {{ take 1 injury }}\n}}\n"
    found = _only(check_text(text), "S002")
    assert found.message == f"unexpected character {name}"
    assert fix in (found.hint or "")
    assert (found.span.line, found.span.column) == (6, 17)
