"""One helper for words made from numbers (smersh_dsl.wording), and the places that
used to get them wrong: the rule catalogue's "a advanced skill", the print's counts."""

from __future__ import annotations

import re

import pytest

from smersh_dsl.diagnostics.catalogue import catalogue
from smersh_dsl.print import phrases
from smersh_dsl.wording import a, count, counted, plural


@pytest.mark.parametrize(("n", "noun", "said"), [
    (1, "die", "1 die"), (2, "die", "2 dice"), (0, "die", "0 dice"), (-1, "die", "-1 die"),
    (1, "success token", "1 success token"), (3, "success token", "3 success tokens"),
    (2, "success", "2 successes"), (2, "spy", "2 spies"), (2, "day", "2 days"),
    (2, "henchman", "2 henchmen"), (2, "Dr. Lobo henchman", "2 Dr. Lobo henchmen"),
    (3, "resolve", "3 resolve"), (4, "intel", "4 intel"), (2, "Injury", "2 Injuries"),
    (2, "test option", "2 test options"), (5, "box", "5 boxes")])
def test_count(n: int, noun: str, said: str):
    assert count(n, noun) == said


def test_count_takes_a_plural_no_rule_makes_and_counted_drops_the_number():
    assert count(2, "Top Secret card", "Top Secret cards") == "2 Top Secret cards"
    assert counted(1, "die") == "die" and counted(6, "die") == "dice"
    assert plural("Success token") == "Success tokens"


@pytest.mark.parametrize(("phrase", "said"), [
    ("advanced skill", "an advanced skill"), ("status", "a status"),
    ("encounter, tally or conclusion", "an encounter, tally or conclusion"),
    ("evidence card", "an evidence card"), ("intel icon", "an intel icon"),
    ("UN Transport", "a UN Transport"), ("S.H.I.E.L.D. agent", "a S.H.I.E.L.D. agent"), ("HQ", "an HQ"), ("SMERSH agent", "a SMERSH agent"),
    ("FIFO", "a FIFO"), ("A.I.M. agent", "an A.I.M. agent"),
    ("hour", "an hour"), ("unique gadget", "a unique gadget"), ("one-way ticket", "a one-way ticket"),
    ("Europe deck", "a Europe deck"), ("henchman", "a henchman"), ("log field", "a log field")])
def test_article(phrase: str, said: str):
    assert a(phrase) == said


def test_no_rule_of_the_catalogue_says_a_before_a_vowel():
    wrong = [f"{rule.code}: {rule.summary}" for rule in catalogue().values()
             for match in re.finditer(r"\b[Aa]n? ([\w.-]+)", rule.summary)
             if a(match.group(1)).split(" ")[0] != match.group(0).split(" ")[0].lower()]
    assert wrong == []


@pytest.mark.parametrize(("step", "said"), [
    ({"kind": "gain_success", "amount": 1, "target": None}, "Gain 1 Success token"),
    ({"kind": "gain_success", "amount": 2, "target": None}, "Gain 2 Success tokens"),
    ({"kind": "take_injury", "amount": 1, "target": None}, "Take 1 Injury"),
    ({"kind": "advance_lobo", "amount": 1, "target": None}, "Move Dr. Lobo 1 space forward")])
def test_the_print_counts_through_the_helper(step: dict, said: str):
    assert str(phrases.effect(step)) == said
