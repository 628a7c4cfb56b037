"""EP-SETUP-1: spies start with what their sheets give (`starts`), full resolve and health;
a new spy after a death is set up the same way (EP-HEALTH-1); and a game holding named
cards is saved and continued with them."""

from __future__ import annotations

import json

import pytest

from epic_card_helpers import typed
from epic_game_helpers import epic_doc, new_game
from smersh_dsl.play.epic import save
from smersh_dsl.play.epic.deaths import replace_the_dead

SECRETS = [{"name": f"Secret {i}", "tags": [], "effect": "x", "discard": None, "flavour": None,
            "copies": 1, "text": [], "art": None, "powers": [], "leaves": []} for i in range(4)]


def starting(doc: dict) -> dict:
    doc["top_secrets"] = SECRETS
    for sheet in doc["spies"]:
        sheet["starts"] = {"gadgets": ["Shoe Phone"], "statuses": ["Black Eye"],
                           "tokens": {"un_transport": 1}, "top_secret": 1}
    return doc


def test_each_spy_starts_with_its_sheets_cards_tokens_and_full_resolve_and_health():
    """EP-SETUP-1: "On each Spy board, place ... the Resolve tracking token on the rightmost
    space of the Resolve track ... the Injury tracking token on the topmost space of the
    health track. d. Each player checks their Spy board and gains any Advanced Skill
    tokens, UN Transport tokens, Status cards, or Gadget cards they start with." """
    doc = starting(typed(epic_doc()))
    game, lines = new_game(doc, players=1)
    spy = game.party.spies[0]
    copies = next(c["copies"] for c in doc["gadgets"] if c["name"] == "Shoe Phone")
    assert spy.gadgets == ["Shoe Phone"]          # taken out of the deck, not a new copy
    assert game.state.cards.gadgets.count("Shoe Phone") == copies - 1
    assert spy.holds("Black Eye") and spy.tokens == {"un_transport": 1}
    assert len(spy.top_secrets) == 1 and len(game.state.cards.top_secrets) == 3
    assert f"  [{spy.name} draws top secret {spy.top_secrets[0]}]" in lines
    assert (spy.resolve, spy.health) == (spy.max_resolve, spy.max_health)


def test_a_new_spy_after_a_death_starts_with_its_sheets_cards():
    """EP-HEALTH-1: "That player chooses a new Spy ... setting up their Spy board as though
    the game had just begun, except that they start with 2 less Resolve", and the dead one
    "discards all Statuses, Gadgets": its cards go back to their discard piles."""
    doc = starting(typed(epic_doc()))
    game, lines = new_game(doc, players=1)
    dead = game.party.spies[0]
    game.table.actor = dead
    game.table.run([{"kind": "take_injury", "amount": dead.health, "target": None}])
    assert game.state.cards.gadget_discard == ["Shoe Phone"]
    replace_the_dead(game)
    new = game.party.spies[0]
    assert new.name != dead.name and new.gadgets == ["Shoe Phone"] and new.holds("Black Eye")
    assert new.resolve == new.max_resolve - 2


def test_a_saved_game_continues_with_the_cards_held_and_the_decks(tmp_path):
    """EP-GADGET-1: gadgets are "kept face up near your Spy board": a saved game keeps
    which ones each spy holds, how often a card has been used, and the deck's order."""
    doc = starting(typed(epic_doc()))
    game, _ = new_game(doc, players=2, seed=5)
    spy = game.party.spies[0]
    spy.used["Shoe Phone"] = 1
    spy.waits["Black Eye"] = 1
    path = tmp_path / "g.json"
    save.save(path, game)
    back = save.load(path, doc, lambda _: None)
    assert back.party.spies[0].gadgets == spy.gadgets
    assert back.party.spies[0].top_secrets == spy.top_secrets
    assert (back.party.spies[0].used, back.party.spies[0].waits) == (spy.used, spy.waits)
    assert back.state.cards == game.state.cards and back.table.decks is back.state.cards


@pytest.mark.parametrize(("where", "value", "said"), [
    (("spies", 0, "gadgets"), ["Laser Watch"], "/spies/0/gadgets/0: no gadget 'Laser Watch'"),
    (("state", "cards", "gadgets"), ["Laser Watch"],
     "/state/cards/gadgets/0: no gadget 'Laser Watch'"),
    (("spies", 0, "gadgets"), 2, "/spies/0/gadgets"),
])
def test_a_save_naming_a_gadget_the_document_lacks_is_refused(tmp_path, where, value, said):
    """EP-GADGET-1: the gadgets held and in the deck are the document's cards; a save that
    names another (or a count where names belong) is refused with the field named."""
    doc = starting(typed(epic_doc()))
    game, _ = new_game(doc, players=2, seed=5)
    path = tmp_path / "g.json"
    save.save(path, game)
    data = json.loads(path.read_text())
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    path.write_text(json.dumps(data))
    with pytest.raises(save.SaveProblem) as refused:
        save.load(path, doc, lambda _: None)
    assert str(refused.value).startswith(f"{path}: {said}")
