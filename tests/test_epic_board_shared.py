"""What a map alone decides is worked out once per map, not once per game (issue #31:
a simulation builds a Board for every game, and each used to search its distances
again), and a held card is found by name without scanning its deck; what changes the
map or the deck is never answered from a stale copy."""

from __future__ import annotations

from epic_game_helpers import epic_doc
from smersh_dsl.play.epic import board as board_module
from smersh_dsl.play.epic.board import Board
from smersh_dsl.play.epic.held import card_of


def a_start(board: Board) -> str:
    return board.hqs[0]


def test_two_games_on_one_map_share_its_distances_and_reach(monkeypatch):
    doc = epic_doc()
    first, second = Board.of(doc), Board.of(epic_doc())
    start = a_start(first)
    searched: list[str] = []
    search = Board._distances
    monkeypatch.setattr(Board, "_distances",
                        lambda self, s, closed: searched.append(s) or search(self, s, closed))
    near = first.distances(start, set())
    assert second.distances(start, frozenset()) == near
    assert second.destinations(start, 1, False, set()) == first.destinations(start, 1, False,
                                                                             set())
    assert len(searched) <= 1          # the second game's board searched nothing again
    assert second.hub() == first.hub() and second.lairs == first.lairs


def test_a_changed_route_is_a_different_map():
    doc = epic_doc()
    board = Board.of(doc)
    start = a_start(board)
    far = max(board.distances(start, set()).items(), key=lambda kv: (kv[1], kv[0]))[0]
    assert board.distances(start, set())[far] > 1
    region = next(r for r in doc["regions"] if any(loc["name"] == start
                                                   for loc in r["locations"]))
    region["routes"].append({"from": start, "to": far, "cost": 1})
    assert Board.of(doc).distances(start, set())[far] == 1
    assert Board.of(epic_doc()).distances(start, set())[far] > 1


def test_the_shared_maps_are_bounded():
    doc = epic_doc()
    start = a_start(Board.of(doc))
    region = doc["regions"][0]
    for cost in range(1, board_module._DERIVED_MAPS + 5):
        region["routes"].append({"from": start, "to": f"Nowhere {cost}", "cost": cost})
        Board.of(doc).distances(start, set())
    assert len(board_module._DERIVED) <= board_module._DERIVED_MAPS


def test_a_held_card_is_the_first_of_its_name_and_a_grown_deck_is_seen():
    doc = epic_doc()
    gadgets = doc["gadgets"]
    name = gadgets[0]["name"]
    assert card_of(doc, "gadget", name) is gadgets[0]
    assert card_of(doc, "gadget", "No Such Gadget") is None
    gadgets.append(dict(gadgets[0], name="No Such Gadget"))
    assert card_of(doc, "gadget", "No Such Gadget") is gadgets[-1]
    gadgets.insert(0, dict(gadgets[0], text="a second copy, read first"))
    assert card_of(doc, "gadget", name) is gadgets[0]
    doc["gadgets"] = []
    assert card_of(doc, "gadget", name) is None
