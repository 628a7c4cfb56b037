"""The card game's and the campaign's bots decide from what their player sees (issue #28):
what the deciding side cannot see is dealt again before each decision, and the decision
does not move."""

from __future__ import annotations

import copy
import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document, dumps
from smersh_dsl.play.campaign import envelopes
from smersh_dsl.play.campaign.accusation import likeliest
from smersh_dsl.play.smush.engine import Game
from smersh_dsl.play.smush.players import bot
from smersh_dsl.play.smush.rules import HARMONY, SMUSH, Rules, load_rules
from smersh_dsl.play.smush.table import Defence

REPO = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
def built(name: str) -> str:
    projects, _ = check_paths([REPO / "books" / name])
    return dumps(document(projects[0]))


def rules() -> Rules:
    return load_rules(json.loads(built("smush")))


def redealt(game: Game, side: str, seed: int) -> Game:
    """A twin of ``game`` where what ``side`` cannot see is dealt again: for Harmony the
    face-down defences (card and face), SMUSH's hand and her deck's order; for SMUSH her
    deck's order. The twin's dice start where the game's stand."""
    table, deal = game.table.copy(), random.Random(seed)
    if side == HARMONY:
        hidden = [i for i, d in enumerate(table.line) if not d.face_up]
        unseen = [table.line[i].card for i in hidden] + table.hand + table.deck
        deal.shuffle(unseen)
        for i in hidden:
            table.line[i] = Defence(unseen.pop(), deal.randrange(2), False,
                                    table.line[i].henchmen)
        table.hand = [unseen.pop() for _ in range(len(game.table.hand))]
        table.deck = unseen
    else:
        deal.shuffle(table.deck)
    dice = random.Random()
    dice.setstate(game.rng.getstate())
    return Game.from_table(table, dice, game.players)


class Watched:
    """A bot whose every decision made outside an incursion (where it has seen nothing
    flip) is put again to a copy of it, on a twin game dealt again."""

    def __init__(self, real, side: str) -> None:  # noqa: ANN001
        self.real, self.side, self.compared = real, side, 0

    def decide(self, game: Game, choice) -> int:  # noqa: ANN001
        twin = copy.deepcopy(self.real)
        picked = self.real.decide(game, choice)
        if game.incursion is None or game.incursion.outcome:
            other = redealt(game, self.side, self.compared)
            other.incursion = None
            assert twin.decide(other, choice) == picked, (self.side, choice.kind)
            self.compared += 1
        return picked


def test_the_card_games_greedy_bots_decide_the_same_whatever_they_cannot_see():
    """The greedy bots are deterministic, so a decision that moved would be a peek. (The
    strong bot samples: its search starts every play-out from `strong.determinise`,
    which deals again what its side cannot see, so its choices vary with any change, seen
    or not, and this comparison does not apply; read there.)"""
    compared = 0
    for seed in range(20):
        rng = random.Random(seed)
        seats = {HARMONY: Watched(bot("greedy", rng), HARMONY),
                 SMUSH: Watched(bot("greedy", rng), SMUSH)}
        Game(rules(), rng, seats).play()
        compared += seats[HARMONY].compared + seats[SMUSH].compared
    assert compared > 100


def test_the_campaign_bot_accuses_the_same_whatever_the_aim_envelope_holds():
    doc = json.loads(built("shield"))
    log = {"secrets": {}, "aim_envelope": [], "shield_envelope": []}
    envelopes.prepare(doc, log, random.Random(2))
    for _ in range(3):                                 # three evidence cards seen
        envelopes.draw(doc, log)
    left = envelopes.surviving(doc, log)
    assert len({c["member"] for c in left}) > 1        # the mole is not yet certain
    guesses = set()
    for combo in left:                                 # each a mole the table allows
        other = dict(log, aim_envelope=[combo[k] for k in envelopes.SETS])
        guesses.add(tuple(envelopes.key(c) for c in likeliest(doc, other)))
    assert len(guesses) == 1


def test_a_bot_that_peeks_at_the_face_down_defences_is_caught():
    class Peeker:
        def decide(self, game: Game, choice) -> int:  # noqa: ANN001
            hidden = [d.card.number + d.face for d in game.table.line if not d.face_up]
            return sum(hidden) % len(choice.options)

    rng = random.Random(0)
    seats = {HARMONY: Watched(Peeker(), HARMONY), SMUSH: bot("greedy", rng)}
    with pytest.raises(AssertionError, match="harmony"):
        Game(rules(), rng, seats).play()
