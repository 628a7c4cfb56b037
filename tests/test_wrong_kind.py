"""N018: a name of the right spelling but the wrong kind (SM-CARD-1 and every lookup)."""

from __future__ import annotations

from conftest import REPO, check_paths, codes

_SMUSH = ('cardgame g "G" { types { Tech } }\n'
          'gadget_card 1 { half "Glass Cutter" { type Tech } half "Rope" { type Tech } }\n')


def test_a_bonus_naming_a_gadget_half_is_the_wrong_kind(check_text):
    """SM-CARD-1, the rulebook: a bonus "applies only if the adjacent, face-up Defence card
    in the direction of the arrow matches the condition": a gadget half never is one."""
    found = check_text(_SMUSH + 'defence_card 1 { face "Wall" { type Tech bonus +1 inward if '
                       '"Glass Cutter" } face "Moat" { type Tech } }\n')
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("N018", 3, 61)]
    assert "gadget half" in found[0].message and "defence face" in found[0].message


def test_a_name_defined_nowhere_is_still_unknown(check_text):
    found = check_text(_SMUSH + 'defence_card 1 { face "Wall" { type Tech bonus +1 inward if '
                       '"Glas Cutter" } face "Moat" { type Tech } }\n')
    assert codes(found) == ["N016"]


def test_the_bundled_books_name_every_thing_by_its_kind():
    assert "N018" not in codes(check_paths(REPO / "books"))
