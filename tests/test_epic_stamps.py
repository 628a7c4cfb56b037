"""A spy's stamp moves on every change of it, in place or by assignment (stamps.py, #28),
so what is reused while a stamp stands (the table's view of a spy, the powers of the
cards it holds) is never a stale copy."""

from __future__ import annotations

import copy

from epic_game_helpers import epic_doc, new_game
from smersh_dsl.play.epic.held import table_powers
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.play.epic.view import Views


def a_spy() -> Spy:
    return Spy("Ada", {"Spycraft": 2}, 5, 3, 3, {"Stealth"}, gadgets=["Shoe Phone"])


CHANGES = [
    ("held.add", lambda s: s.held.add("Marked")),
    ("held.discard", lambda s: s.held.discard("Stealth")),
    ("held |=", lambda s: s.held.__ior__({"Marked"})),
    ("skills[...] =", lambda s: s.skills.__setitem__("Spycraft", 3)),
    ("skills.pop", lambda s: s.skills.pop("Spycraft")),
    ("gadgets.append", lambda s: s.gadgets.append("Wristwatch Receiver")),
    ("gadgets.remove", lambda s: s.gadgets.remove("Shoe Phone")),
    ("tokens.update", lambda s: s.tokens.update(un_transport=1)),
    ("top_secrets.extend", lambda s: s.top_secrets.extend(["Diplomatic Pouch"])),
    ("used.setdefault", lambda s: s.used.setdefault("Shoe Phone", 1)),
    ("health -=", lambda s: setattr(s, "health", s.health - 1)),
    ("a new set", lambda s: setattr(s, "held", {"Disguise"})),
]


def test_every_change_of_a_spy_moves_its_stamp():
    for name, change in CHANGES:
        spy = a_spy()
        before = spy.stamp
        change(spy)
        assert spy.stamp != before, name


def test_a_set_given_to_a_spy_is_its_own_and_still_watched():
    given = {"Disguise"}
    spy = a_spy()
    spy.held = given
    before = spy.stamp
    spy.held.add("Marked")
    assert spy.stamp != before and given == {"Disguise"}
    assert spy.held == {"Disguise", "Marked"} and repr(spy.held) == repr({"Disguise", "Marked"})


def test_a_copied_spy_stamps_itself_not_the_original():
    spy = a_spy()
    twin = copy.deepcopy(spy)
    assert twin == spy
    before = spy.stamp
    twin.held.add("Marked")
    twin.gadgets.append("Wristwatch Receiver")
    assert spy.stamp == before and "Marked" not in spy.held
    assert twin.stamp != before


def test_the_view_of_a_spy_follows_a_change_in_place():
    game, _ = new_game(epic_doc(), players=2)
    views = Views(game)
    spy = game.party.spies[0]
    first = views.spies()
    assert views.spies() is first                        # nothing changed: the same copy
    spy.held.add("Marked")
    assert "Marked" in views.spies()[0].held
    spy.skills["Spycraft"] = 5
    assert views.spies()[0].level("Spycraft") == 5
    game.state.seats[1].location = game.state.seats[0].location
    assert views.spies()[1].place == game.state.seats[0].location


def test_the_powers_at_the_table_follow_a_gadget_taken_in_place():
    game, _ = new_game(epic_doc(), players=2)
    table = game.table
    for spy in game.party.spies:
        spy.gadgets.clear()
        spy.top_secrets.clear()
        spy.held.clear()
    assert table_powers(table) == []
    game.party.spies[1].gadgets.append("Shoe Phone")
    owners = [owner for owner, _ in table_powers(table)]
    assert owners == [game.party.spies[1]]
    game.party.spies[1].health = 0                       # the dead hold nothing that acts
    assert table_powers(table) == []


def test_a_number_set_to_what_it_is_stamps_nothing():
    spy = a_spy()
    before = spy.stamp
    spy.resolve -= 0
    spy.intel = spy.intel
    assert spy.stamp == before
    spy.intel += 1
    assert spy.stamp != before and spy.intel == 1
