"""What a card does (issue #27, CARDS-SPEC.md): `does`, `leaves`, `top_secret` cards, a spy's
`starts` and the `in` condition parse, by the fused loop and by Lark's own, to the typed model
with the right spans, and reach the built document in the shape the engine reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import smersh
from smersh_dsl.export.card_powers import leave_json, power_json, starts_json
from smersh_dsl.export.validate import problems
from smersh_dsl.model.card_powers import (AirportAction, AirportStep, AutoPass, DiceStep,
                                          LeaveKind, PreventInjury, Reach, RerollDice,
                                          StartCount, Timing)
from smersh_dsl.model.cards import GadgetCard, SpySheet, StatusCard, TopSecretCard, VillainCard
from smersh_dsl.model.effects import ConditionKind, Effect, EffectKind
from smersh_dsl.model.refs import RefKind
from smersh_dsl.model.span import Span
from smersh_dsl.parse import parser
from smersh_dsl.parse.driver import Driver

CARDS = '''gadget "Sleeping Gas Lipstick" {
  effect "Play before a Hand to Hand test: you pass it automatically."
  does before_test on "Hand to Hand" { auto_pass }
}
gadget "Armoured Bowler" {
  does on_injury { prevent 2 injury } uses 2
}
gadget "Fountain Pen Transmitter" {
  does any_time if in Europe { retreat lobo 1 } cost 1 resolve cost 2 intel keep
}
status "Hangover" {
  effect "-1 die to Athletics and Spycraft tests."
  does while_held on Athletics Spycraft { dice -1 }
  does after_pass { heal 1 injury }
  leaves end_of_turn or pass "Hand to Hand" or pass or rest_hq
  leaves encounter_in Asia or spend 2 intel or lobo_advances 3 or after_use or rest or pass_at_hq
}
status "Inside Man" [companion] {
  does after_roll { reroll } cost 1 intel reaches all
  leaves lobo_advances 2
}
villain "Cyclone Season" {
  does when_drawn { advance lobo 1 }
  does end_of_turn { close airport Sydney take 1 injury open airport Sydney toggle airport "Sydney" } reaches australia
}
top_secret "Dossier" {
  effect "Gain 2 intel."
  does any_time { gain 2 intel }
}
spy "Ada" { health 5 starts { gadget "Shoe Phone" status "Black Eye" un_transport 1 top_secret 2 red_un_transport 1 } }
'''


@pytest.fixture(params=["fused", "lark"])
def parse(request, monkeypatch):
    """Parse with the fused loop over the tables, or with Lark's own loop (SMERSH_PARSER=lark):
    both must read every construct alike."""
    loop = Driver(parser.parser()) if request.param == "fused" else None
    monkeypatch.setattr(parser, "driver", lambda: loop)

    def run(text: str):
        source, found = parser.parse_text(text, f"{request.param}.smersh")
        return source, found
    return run


def _cards(parse, text: str = CARDS) -> dict:
    source, found = parse(text)
    assert found == []
    return {d.name.text: d for d in source.definitions}


def _at(parse, needle: str, after: str = "") -> Span:
    """Where ``needle`` is written in CARDS (its first time after ``after``)."""
    offset = CARDS.index(needle, CARDS.index(after) if after else 0)
    line = CARDS.count("\n", 0, offset) + 1
    column = offset - (CARDS.rfind("\n", 0, offset) + 1) + 1
    return Span(parse("x")[0].path, line, column, line, column + len(needle))


def test_a_power_keeps_its_timing_skills_steps_and_spans(parse):
    cards = _cards(parse)
    lipstick = cards["Sleeping Gas Lipstick"]
    assert isinstance(lipstick, GadgetCard)
    (power,) = lipstick.powers
    assert power.timing is Timing.BEFORE_TEST
    assert [(s.name, s.kind, s.span) for s in power.skills] == [
        ("Hand to Hand", RefKind.SKILL, _at(parse, '"Hand to Hand"'))]
    assert power.steps == (AutoPass(span=_at(parse, 'auto_pass')),)
    assert power.span == _at(parse, 'does before_test on "Hand to Hand" { auto_pass }')
    assert (power.keep, power.uses, power.reach, power.guard) == (False, None, Reach.OWNER, None)


def test_terms_cost_keep_uses_and_reach(parse):
    cards = _cards(parse)
    bowler = cards["Armoured Bowler"].powers[0]
    assert bowler.steps == (PreventInjury(span=_at(parse, 'prevent 2 injury'), amount=2),)
    assert (bowler.uses, bowler.keep) == (2, False)
    pen = cards["Fountain Pen Transmitter"].powers[0]
    assert (pen.cost_resolve, pen.cost_intel, pen.keep) == (1, 2, True)
    assert pen.guard.kind is ConditionKind.IN and pen.guard.ref.kind is RefKind.PLACE
    assert pen.guard.ref.name == "Europe" and pen.guard.ref.span == _at(parse, 'Europe')
    assert isinstance(pen.steps[0], Effect) and pen.steps[0].kind is EffectKind.RETREAT_LOBO
    inside = cards["Inside Man"]
    assert isinstance(inside, StatusCard) and inside.companion
    assert inside.powers[0].steps == (RerollDice(span=_at(parse, 'reroll')),)
    assert (inside.powers[0].cost_intel, inside.powers[0].reach) == (1, Reach.ALL)


def test_a_status_leaves_by_every_discard_effect_in_order(parse):
    hangover = _cards(parse)["Hangover"]
    assert hangover.powers[0].steps == (DiceStep(span=_at(parse, 'dice -1'), amount=-1),)
    assert [s.name for s in hangover.powers[0].skills] == ["Athletics", "Spycraft"]
    kinds = [leave.kind for leave in hangover.leaves]
    assert kinds == [LeaveKind.END_OF_TURN, LeaveKind.PASS, LeaveKind.PASS, LeaveKind.REST_HQ,
                     LeaveKind.ENCOUNTER_IN, LeaveKind.SPEND, LeaveKind.LOBO_ADVANCES,
                     LeaveKind.AFTER_USE, LeaveKind.REST, LeaveKind.PASS_AT_HQ]
    passing = hangover.leaves[1]
    assert (passing.skill.name, passing.skill.kind, passing.skill.span) == (
        "Hand to Hand", RefKind.SKILL, _at(parse, '"Hand to Hand"', 'leaves'))
    assert hangover.leaves[2].skill is None
    assert hangover.leaves[4].region.name == "Asia" and hangover.leaves[4].region.kind is RefKind.REGION
    assert (hangover.leaves[5].amount, hangover.leaves[6].amount) == (2, 3)
    assert hangover.leaves[0].span == _at(parse, 'end_of_turn')


def test_villain_events_and_airports(parse):
    cyclone = _cards(parse)["Cyclone Season"]
    assert isinstance(cyclone, VillainCard)
    drawn, event = cyclone.powers
    assert drawn.timing is Timing.WHEN_DRAWN and event.timing is Timing.END_OF_TURN
    airports = [s for s in event.steps if isinstance(s, AirportStep)]
    assert [(a.action, a.airport.name, a.airport.kind) for a in airports] == [
        (AirportAction.CLOSE, "Sydney", RefKind.LOCATION), (AirportAction.OPEN, "Sydney", RefKind.LOCATION),
        (AirportAction.TOGGLE, "Sydney", RefKind.LOCATION)]
    assert airports[0].span == _at(parse, 'close airport Sydney') and airports[0].airport.span == _at(parse, 'Sydney')
    assert event.reach is Reach.AUSTRALIA


def test_top_secret_cards_and_what_a_spy_starts_with(parse):
    cards = _cards(parse)
    assert isinstance(cards["Dossier"], TopSecretCard) and cards["Dossier"].effect == "Gain 2 intel."
    spy = cards["Ada"]
    assert isinstance(spy, SpySheet)
    starts = spy.starts
    assert [(r.name, r.kind) for r in starts.gadgets] == [("Shoe Phone", RefKind.GADGET)]
    assert [(r.name, r.kind) for r in starts.statuses] == [("Black Eye", RefKind.STATUS)]
    assert starts.gadgets[0].span == _at(parse, '"Shoe Phone"')
    assert (starts.count(StartCount.UN_TRANSPORT), starts.count(StartCount.TOP_SECRET),
            starts.count(StartCount.RED_UN_TRANSPORT), starts.count(StartCount.BLUE_UN_TRANSPORT)) == (1, 2, 1, 0)


def test_the_in_condition_works_in_entries_too(parse):
    source, found = parse('entry 01.1.1 { if in "North America" { gain 1 intel } }')
    assert found == []
    condition = source.definitions[0].steps[0].condition
    assert (condition.kind, condition.ref.name, condition.ref.kind) == (
        ConditionKind.IN, "North America", RefKind.PLACE)


def test_reroll_in_an_entry_is_still_the_double_agents_line(parse):
    source, found = parse('entry 01.1.1 { reroll if confronted Pierre }\n'
                          'gadget "Lucky Coin" { does after_roll { reroll } }')
    assert found == []
    assert type(source.definitions[0].steps[0]).__name__ == "Reroll"
    assert isinstance(source.definitions[1].powers[0].steps[0], RerollDice)


@pytest.mark.parametrize("text, message, span", [
    ('gadget "G" { does before_test { dice +0 } }', "`dice +0` adds no dice", (1, 33, 40)),
    ('gadget "G" { does any_time { gain 1 intel } uses 0 }', "a use count of 0", (1, 45, 51)),
    ('gadget "G" { does any_time { gain 1 intel } cost 0 resolve }', "a cost of 0", (1, 45, 59)),
    ('gadget "G" { does on_injury { prevent 0 injury } }', "preventing an injury count of 0", (1, 31, 47)),
    ('gadget "G" { does any_time { gain 1 intel } keep uses 2 }',
     "a power that says both `keep` and `uses`", (1, 14, 56)),
    ('gadget "G" { does any_time { gain 1 intel } uses 2 uses 3 }',
     "`uses` is written twice in one `does`", (1, 52, 58)),
    ('status "S" { leaves spend 0 intel }', "spending intel of 0", (1, 21, 34)),
    ('status "S" { leaves lobo_advances 0 }', "Dr. Lobo advancing of 0", (1, 21, 36)),
    ('spy "S" { starts { top_secret 0 } }', "a starting count of 0", (1, 20, 32)),
])
def test_values_out_of_range_are_s005_at_their_span(parse, text, message, span):
    _, found = parse(text)
    assert [(d.code, d.message, (d.span.line, d.span.column, d.span.end_column)) for d in found] == [
        ("S005", message, span)]


def test_an_unknown_timing_is_a_syntax_error_that_names_the_timings(parse):
    _, found = parse('gadget "G" { does befor_test { auto_pass } }')
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("S001", 1, 19)]
    assert "before_test" in (found[0].hint or "") + found[0].message


# -- the built document (CARDS-SPEC.md's JSON)

def test_powers_leaves_and_starts_in_the_spec_shape(parse):
    cards = _cards(parse)
    assert power_json(cards["Sleeping Gas Lipstick"].powers[0], used_up=True) == {
        "timing": "before_test", "skills": ["Hand to Hand"], "guard": None,
        "steps": [{"kind": "auto_pass"}], "cost": {"resolve": 0, "intel": 0}, "keep": False,
        "uses": 1, "reach": "owner"}
    assert power_json(cards["Armoured Bowler"].powers[0], used_up=True)["uses"] == 2
    pen = power_json(cards["Fountain Pen Transmitter"].powers[0], used_up=True)
    assert pen["guard"] == {"kind": "in", "name": "Europe"}
    assert (pen["keep"], pen["uses"], pen["cost"]) == (True, None, {"resolve": 1, "intel": 2})
    assert pen["steps"] == [{"kind": "retreat_lobo", "amount": 1, "target": None}]
    # a status's powers never discard it, whatever they say
    hangover = cards["Hangover"]
    assert power_json(hangover.powers[0], used_up=False)["steps"] == [{"kind": "dice", "amount": -1}]
    assert (power_json(hangover.powers[0], used_up=False)["keep"],
            power_json(hangover.powers[0], used_up=False)["uses"]) == (True, None)
    assert [leave_json(leave) for leave in hangover.leaves] == [
        {"when": "end_of_turn"}, {"when": "pass", "skill": "Hand to Hand"},
        {"when": "pass", "skill": None}, {"when": "rest_hq"},
        {"when": "encounter_in", "region": "Asia"}, {"when": "spend", "intel": 2},
        {"when": "lobo_advances", "amount": 3}, {"when": "after_use"}, {"when": "rest"},
        {"when": "pass_at_hq"}]
    event = power_json(cards["Cyclone Season"].powers[1], used_up=False)
    assert event["steps"] == [{"kind": "close_airport", "target": "Sydney"},
                              {"kind": "take_injury", "amount": 1, "target": None},
                              {"kind": "open_airport", "target": "Sydney"},
                              {"kind": "toggle_airport", "target": "Sydney"}]
    assert event["reach"] == "australia"
    assert power_json(cards["Armoured Bowler"].powers[0], used_up=True)["steps"] == [
        {"kind": "prevent_injury", "amount": 2}]
    assert starts_json(cards["Ada"].starts) == {
        "gadgets": ["Shoe Phone"], "statuses": ["Black Eye"],
        "tokens": {"un_transport": 1, "red_un_transport": 1}, "top_secret": 2}
    assert starts_json(None) == {"gadgets": [], "statuses": [], "tokens": {}, "top_secret": 0}


GAME = '''game cards "Cards" {
  skills { Spycraft Athletics "Hand to Hand" }
}
region Europe { city Paris [airport hq] }
region Asia { city Tokyo [airport] }
region Australia { city Sydney [airport] }
gadget "Shoe Phone" { does any_time { gain 1 intel } }
status "Black Eye" { does while_held { dice -1 } leaves rest }
'''


def test_smersh_build_writes_them_and_the_document_follows_its_schema(tmp_path: Path):
    book = tmp_path / "book"
    book.mkdir()
    (book / "game.smersh").write_text(GAME, encoding="utf-8")
    (book / "cards.smersh").write_text(CARDS, encoding="utf-8")
    result = smersh("build", str(book), "--out", str(tmp_path / "out"), "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    document = json.loads((tmp_path / "out" / "cards" / "cards.json").read_text(encoding="utf-8"))
    assert problems(document) == []
    assert [c["name"] for c in document["top_secrets"]] == ["Dossier"]
    assert document["top_secrets"][0]["powers"][0]["uses"] == 1
    by_name = {c["name"]: c for c in document["statuses"] + document["gadgets"] + document["villains"]}
    assert by_name["Hangover"]["leaves"][1] == {"when": "pass", "skill": "Hand to Hand"}
    assert by_name["Cyclone Season"]["powers"][0]["keep"] is True
    assert by_name["Shoe Phone"]["leaves"] == []
    ada = next(s for s in document["spies"] if s["name"] == "Ada")
    assert ada["starts"]["top_secret"] == 2
    from smersh_dsl.print.cards.smersh import smersh_decks
    decks = {d.key: d for d in smersh_decks(document)}
    assert [c.label for c in decks["top-secret"].cards] == ["top secret card Dossier"]
    assert "Gain 2 intel." in str(decks["top-secret"].cards[0].face)
    broken = json.loads(json.dumps(document))
    broken["statuses"][0]["leaves"].append({"when": "spend"})
    assert [p.path for p in problems(broken)] == ["/statuses/0/leaves/1"]
