"""B001, B002: conditions judged over the values the project declares, world by world."""

from __future__ import annotations

from conftest import REPO, check_paths, codes

_GAME = ('game g "Test" {\n  skills { Spycraft }\n  players 1..4\n}\n'
         'region Europe {\n  values 1..1\n  city Paris [airport]\n}\n'
         'card Europe 01 "Followed" { response 1 "Hide" }\n'
         'status "Marked" { effect "Watched." }\n')


def test_a_status_no_effect_names_can_never_be_held(check_text):
    """EP-STATUS-1, the rulebook: "When you're asked to gain a Status card by an Encounter,
    it will always specify the name of the Status." No effect names it: nobody holds it."""
    found = check_text(_GAME + 'entry 01.1.1 {\n  if status "Marked" { "They know you." }\n}\n')
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("B001", 12, 6)]


def test_a_status_some_effect_names_may_be_held(check_text):
    found = check_text(_GAME + 'entry 01.1.1 {\n  if status "Marked" { "They know you." }\n'
                       '  gain status "Marked"\n}\n')
    assert codes(found) == []


def test_a_player_count_outside_the_range_says_the_range(check_text):
    found = check_text(_GAME + 'entry 01.1.1 {\n  if players >= 5 { "A crowd." }\n}\n')
    assert codes(found) == ["B001"] and "1-4 players" in found[0].message


def test_a_variant_is_a_world_of_its_own(check_text):
    """EP-VAR-1 and SH-EPIC-1: a variant may seat other player counts; a guard any world
    can meet is no finding."""
    text = _GAME.replace('  players 1..4\n', '  players 1..4\n  variant crowd "Five spies." '
                         '{ players 3..5 because "the crowd variant seats five" }\n')
    assert codes(check_text(text + 'entry 01.1.1 {\n  if players >= 5 { "A crowd." }\n}\n')) == []


def test_the_bundled_books_have_no_dead_branches():
    assert not {"B001", "B002"} & set(codes(check_paths(REPO / "books")))
