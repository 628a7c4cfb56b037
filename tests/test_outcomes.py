"""G010: a test or gamble outside showdowns needs both its outcomes (EP-ENC-5)."""

from __future__ import annotations

from conftest import REPO, check_paths, codes

_GAME = ('game g "Test" {\n  skills { Spycraft }\n}\nregion Europe {\n  values 1..1\n'
         '  city Paris [airport]\n}\ncard Europe 01 "Followed" { response 1 "Hide" }\n')


def test_a_test_without_fail_plays_nothing(check_text):
    """EP-ENC-5, the rulebook: "If you roll the required number of successes, read the PASS
    result. Otherwise, read FAIL." A test with no FAIL gives the failing spy nothing to read."""
    found = check_text(_GAME + 'entry 01.1.1 {\n  test Spycraft\n  pass { gain 1 intel }\n}\n')
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("G010", 10, 3)]


def test_an_outcome_may_read_on_as_in_showdowns(check_text):
    """As G002 lets a missing outcome fall through to what follows the test, so does G010."""
    found = check_text(_GAME + 'entry 01.1.1 {\n  test Spycraft\n  pass { gain 1 intel }\n'
                       '  "Either way, the train leaves."\n}\n')
    assert codes(found) == []


def test_the_bundled_books_have_every_outcome():
    assert "G010" not in codes(check_paths(REPO / "books"))


def test_a_stranded_test_without_pass_is_one_finding_not_two(check_text):
    """SH-STRAND-1 ("it says where the spy ends"): a pass with no block also leaves the spy
    in the Outback (A001), but that is a knock-on of the missing block, held back."""
    found = check_text(
        'expansion outback "Outback" extends smersh { }\n'
        'override region Australia {\n  city Darwin [coastal fate 1]\n  city Perth [coastal fate 2]\n'
        '  city "Swagman\'s Hope" [hub values 1..4]\n  area Outback [stranded_only]\n'
        '  route "Swagman\'s Hope" Darwin\n  route "Swagman\'s Hope" Perth\n}\n'
        'stranded "Dry Creek" {\n  test Athletics\n  fail { take 1 injury move Perth }\n}\n')
    assert [(d.code, d.span.line) for d in found] == [("G010", 11)]
