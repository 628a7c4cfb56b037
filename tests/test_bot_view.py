"""EP-PLAYER-1 enforced by the interface (issue #28): a bot handed a decision of the Epic
game holds a copy of what the table shows, and nothing that reaches the book's entries,
the dice to come, a deck's order or the engine."""

from __future__ import annotations

import dataclasses
import gc
import json
import random

import pytest

from conftest import REPO, smersh
from epic_game_helpers import epic_doc
from smersh_dsl.play.core.deciders import GreedyPolicy
from smersh_dsl.play.epic.game import Options, setup
from smersh_dsl.play.epic.policies import HonestPolicy
from smersh_dsl.play.epic.rounds import play_game
from smersh_dsl.play.epic.view import Blind, Decision

PLAIN = (str, int, float, bool, type(None))


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by the references Python itself follows."""
    seen, stack, found = set(), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


class Recorder(HonestPolicy):
    """The honest bot, keeping every decision it is handed."""

    def __init__(self) -> None:
        self.seen: list[Decision] = []

    def decide(self, decision: Decision) -> int:
        self.seen.append(decision)
        return super().decide(decision)

    def amount(self, decision: Decision) -> int:
        self.seen.append(decision)
        return super().amount(decision)


def recorded_game(players: int = 2, seed: int = 3) -> tuple[Recorder, object]:
    recorder = Recorder()
    doc = epic_doc()
    game = setup(doc, Options(players=players, bot="honest"), random.Random(seed), lambda _: None)
    game.decider_of = lambda index: Blind(recorder, game, index)   # type: ignore[method-assign]
    game.table.decide = game.decider_of(0)
    play_game(game)
    return recorder, game


def test_every_decision_holds_only_frozen_copies_never_the_book_the_dice_or_the_engine():
    recorder, game = recorded_game()
    kinds = {d.kind for d in recorder.seen}
    assert {"response", "who_takes", "rest_or_move", "route", "confront"} <= kinds
    entry_steps = {json.dumps(e["steps"], sort_keys=True) for e in game.doc["entries"]}
    for decision in recorder.seen:
        for obj in reachable(decision):
            # only frozen dataclasses of the view, tuples and plain values
            assert (isinstance(obj, PLAIN + (tuple,))
                    or (dataclasses.is_dataclass(obj)
                        and type(obj).__dataclass_params__.frozen)), type(obj)
            assert not isinstance(obj, (random.Random, dict, list, set))
            assert obj is not game and obj is not game.doc and obj is not game.table
        texts = [o for o in reachable(decision) if isinstance(o, str)]
        assert not any(t in entry_steps for t in texts)


def test_a_response_is_put_with_the_cards_title_and_texts_and_no_odds_from_the_book():
    recorder, game = recorded_game()
    responses = [d for d in recorder.seen if d.kind == "response"]
    assert responses
    cards = {c["number"]: c for c in game.doc["encounter_cards"]}
    for decision in responses:
        assert decision.hints is None                   # the engine's odds read the entries
        card = cards[decision.card.number]
        assert decision.card.title == card["title"]
        assert decision.options == tuple(r["text"] for r in card["responses"])
    tests = [d for d in recorder.seen if d.kind == "who_takes"]
    assert tests and all(d.hints is not None for d in tests)   # a test read out: its odds


def test_a_bot_that_tries_to_peek_finds_nothing_and_cannot_change_the_table():
    class Peeker(HonestPolicy):
        tried: list[str] = []

        def decide(self, decision: Decision) -> int:
            for name in ("game", "_game", "doc", "table", "rng", "entries", "decks", "state"):
                if hasattr(decision, name):
                    self.tried.append(name)
            with pytest.raises(dataclasses.FrozenInstanceError):
                decision.board.pool = 99                              # type: ignore[misc]
            return super().decide(decision)

    doc = epic_doc()
    game = setup(doc, Options(players=1, bot="honest"), random.Random(5), lambda _: None)
    game.decider_of = lambda index: Blind(Peeker(), game, index)    # type: ignore[method-assign]
    game.table.decide = game.decider_of(0)
    play_game(game)
    assert Peeker.tried == []


def first_response(doc: dict, bot: str, seed: int = 1) -> tuple[str, str]:
    lines: list[str] = []
    game = setup(doc, Options(players=1, bot=bot), random.Random(seed), lines.append)
    play_game(game)
    at = next(i for i, line in enumerate(lines) if line.startswith("Encounter "))
    return lines[at], lines[at + 1]


def only_it_fails(doc: dict, number: int, chosen: int) -> None:
    """Card ``number``'s response ``chosen`` now always fails, every other always passes."""
    for entry in doc["entries"]:
        if entry["encounter"] == number:
            hard = entry["response"] == chosen
            entry["steps"] = [{"kind": "test", "options": [
                {"pick": "named", "skill": "Spycraft", "modifier": -5 if hard else 5,
                 "successes": 6 if hard else 1}],
                "auto_pass_with": [], "dice_with": [], "pass": [], "fail": []}]


@pytest.mark.parametrize("bot", ["honest", "planning"])
def test_an_honest_bots_choice_does_not_move_when_only_the_entries_change(bot):
    doc = epic_doc()
    card, picked = first_response(doc, bot)
    number = int(card.split()[1].rstrip(":"))
    chosen = int(picked.split(".")[0].lstrip("> "))
    only_it_fails(doc, number, chosen)
    assert first_response(doc, bot) == (card, picked)
    seasoned = first_response(doc, "seasoned")
    assert seasoned[0] != card or seasoned[1] != picked           # the seasoned bot reads on


def test_only_the_seasoned_bot_is_let_past_the_view():
    doc = epic_doc()
    for bot in ("honest", "planning", "random"):
        game = setup(doc, Options(players=2, bot=bot), random.Random(1), lambda _: None)
        assert isinstance(game.decider_of(0), Blind) and not game.reads_book(0)
    for bot in ("seasoned", "sensible"):
        game = setup(doc, Options(players=2, bot=bot), random.Random(1), lambda _: None)
        assert isinstance(game.decider_of(1), GreedyPolicy) and game.reads_book(1)


def test_the_command_plays_honest_by_default_and_names_every_bot():
    args = ("simulate", "epic", "books/epic", "--games", "3", "--players", "1", "--jobs", "1",
            "--format", "json")
    done = smersh(*args, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["bot"] == "honest"
    for bot in ("planning", "seasoned", "random"):
        done = smersh(*args, "--bot", bot, cwd=REPO)
        assert done.returncode == 0 and json.loads(done.stdout)["bot"] == bot, done.stderr
    bad = smersh("simulate", "epic", "books/epic", "--bot", "psychic", cwd=REPO)
    assert bad.returncode == 2 and "'psychic' is not one of 'honest'" in bad.stderr


def test_the_face_down_red_intels_numbers_never_reach_a_bot_behind_the_view():
    recorder = Recorder()
    game = setup(epic_doc(), Options(players=1, bot="honest"), random.Random(1), lambda _: None)
    blind = Blind(recorder, game, 0)
    blind.choose("Which red intel token goes to the hub?", ["The one in Darwin",
                 "The one in Perth"], [-2.0, -1.0], note=None)
    blind.choose("Where do you move?", ["Stay in Paris", "Move to Rome"], [0.5, 1.5], note=None)
    red, route = recorder.seen
    assert red.kind == "red_intel" and red.hints is None
    assert route.kind == "route" and route.hints == (0.5, 1.5)
