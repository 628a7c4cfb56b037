"""The quick policy the strong bots play their simulated games with (docs/smush.md,
"Strong bots"): a few rules of thumb per choice, cheap enough for thousands of games a
decision, and random where no rule of thumb says more.

Harmony: plays a gadget card whenever she can, turns her halves to match the types of
the strongest face-up defences (then as many types as she can, then income), goes in
when her CP cover what the defences she can see would cost (face-down ones priced at a
fixed guess), or when every round left is needed; pays the cheapest way through a
defence and withdraws only when she cannot pay; uses a flip power on a defence she
cannot pay for, or on a dear one. SMUSH: half the time lays the strongest face of a type
Harmony's active halves lack, else any; places henchmen at random, always triggers her
on-bypass powers and leaves her line as it is after a success half the time.

The strong SMUSH plays her simulated games with `SharpBot` instead: there SMUSH lays the
face and places each henchman that make the line dearest for Harmony's active halves and
keeps her line after a success, and Harmony goes in on the greedy bot's rule (her chance
over a few deals of the face-down defences), so that SMUSH weighs her moves against a spy
who takes the risks the greedy and strong Harmony take. (Measured, docs/smush.md: with the
quick policy the strong SMUSH did no better than the greedy one; the quick policy plays
the strong Harmony's simulated games better than this one does.)"""

from __future__ import annotations

import random

from smersh_dsl.play.smush.choices import Choice
from smersh_dsl.play.smush.engine import Game
from smersh_dsl.play.smush.outlook import deal_hidden, line_prices, success_chance
from smersh_dsl.play.smush.table import Defence, cheapest, face_prices, shown

HIDDEN_GUESS = 3          # CP a face-down defence is guessed to cost a spy in a rollout
DEAR = 4                  # a defence this dear is worth a flip power
FLIP_ORDER = ("bypass", "weaken", "return_henchman", "gain_cp")
SHARP_DEALS = 3           # deals of the face-down defences behind a SharpBot spy's chance


class QuickBot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, game: Game, choice: Choice) -> int:
        rule = getattr(self, "_" + choice.kind, None)
        picked = rule(game, choice) if rule is not None else None
        return self.rng.randrange(len(choice.options)) if picked is None else picked

    # -- Harmony ---------------------------------------------------------------------
    def _gadget(self, game: Game, choice: Choice) -> int | None:
        cards = [i for i, o in enumerate(choice.options) if o.move[0] == "gadget"]
        return self.rng.choice(cards) if cards else None

    def _orient(self, game: Game, choice: Choice) -> int:
        t = game.table
        bonus = t.rules.settings.henchman_bonus
        shown = [(d.active.type, d.active.strength + bonus * d.henchmen)
                 for d in t.line if d.face_up]
        scores = []
        for option in choice.options:
            halves = [g.card.faces[h] for g, h in zip(t.gadgets, option.move[1])]
            types = {h.type for h in halves}
            scores.append(100 * sum(s for kind, s in shown if kind in types)
                          + 10 * len(types) + sum(h.strength for h in halves))
        best = max(scores)
        return self.rng.choice([i for i, s in enumerate(scores) if s == best])

    def _incursion(self, game: Game, choice: Choice) -> int:
        t = game.table
        s = t.rules.settings
        if s.rounds - t.round + 1 <= s.crystals - t.crystals:
            return 0
        halves = [g.active for g in t.active_gadgets()]
        need = sum(cheapest(t.line, i, halves, t.rules) if d.face_up else HIDDEN_GUESS
                   for i, d in enumerate(t.line))
        return 0 if need <= t.budget() else 1

    def _overcome(self, game: Game, choice: Choice) -> int:
        payable = [(o.move[2], o.move[1] is None, i) for i, o in enumerate(choice.options)
                   if o.move[0] == "pay"]
        return min(payable)[2] if payable else len(choice.options) - 1

    def _flip(self, game: Game, choice: Choice) -> int:
        t = game.table
        index = game.incursion.at
        halves = [g.active for g in t.active_gadgets()]
        price = cheapest(t.line, index, halves, t.rules, game.incursion.weakening(t, index))
        if price <= t.budget() and price < DEAR:
            return 0                                        # "No flip power"
        kinds = {}
        for i, o in enumerate(choice.options[1:], start=1):
            flip = t.gadgets[o.move[1]].active.flip or {}
            kinds.setdefault(flip.get("kind"), i)
        for kind in FLIP_ORDER:
            if kind in kinds:
                return kinds[kind]
        return 0

    def _peek(self, game: Game, choice: Choice) -> int:
        return 0                                            # go on

    # -- SMUSH -----------------------------------------------------------------------
    def _lay(self, game: Game, choice: Choice) -> int | None:
        if self.rng.random() < 0.5:
            return None
        t = game.table
        covered = {g.active.type for g in t.gadgets}
        faces = [t.hand[o.move[1]].faces[o.move[2]] for o in choice.options]
        scores = [f.strength + (0 if f.type in covered else 2) for f in faces]
        best = max(scores)
        return self.rng.choice([i for i, s in enumerate(scores) if s == best])

    def _on_bypass(self, game: Game, choice: Choice) -> int:
        return 0                                            # trigger

    def _rearrange(self, game: Game, choice: Choice) -> int:
        return 0 if self.rng.random() < 0.5 else self.rng.randrange(len(choice.options))


class SharpBot(QuickBot):
    """The simulated games of the strong SMUSH's searches (the module's docstring)."""

    def _incursion(self, game: Game, choice: Choice) -> int:
        t = game.table
        s = t.rules.settings
        if s.rounds - t.round + 1 <= s.crystals - t.crystals:
            return 0                                        # every round left is needed
        halves = [g.active for g in t.active_gadgets()]
        chance = success_chance(t, halves, t.budget(), deal_hidden(t, samples=SHARP_DEALS))
        nerve = 0.5 if s.clues - t.clues <= 1 else 0.3      # as bots.GreedyBot._incursion
        return 0 if chance >= nerve else 1

    def _lay(self, game: Game, choice: Choice) -> int:
        t = game.table
        return self._dearest(game, choice, [t.line + [Defence(t.hand[o.move[1]], o.move[2])]
                                            for o in choice.options])

    def _henchman(self, game: Game, choice: Choice) -> int:
        """The defence where one more henchman (+2, SM-CARD-2) raises the line's cost most.
        A henchman changes only its own defence's price, so that price alone is weighed:
        the same choice as `_dearest` over whole lines, for a fraction of the pricing."""
        t = game.table
        halves = [g.active for g in t.gadgets]
        seen = shown(t.line)
        gains = []
        for option in choice.options:
            j = option.move[1]
            d = t.line[j]
            # as line_prices sees defence j: the ones outside it already revealed
            around = seen[:j] + [outer.active for outer in t.line[j:]]
            gains.append(min(p for _, p in face_prices(d.active, d.henchmen + 1, around, j,
                                                       halves, t.rules))
                         - min(p for _, p in face_prices(d.active, d.henchmen, around, j,
                                                         halves, t.rules)))
        top = max(gains)
        return self.rng.choice([i for i, g in enumerate(gains) if g == top])

    def _dearest(self, game: Game, choice: Choice, lines: list[list[Defence]]) -> int:
        """The option whose line costs Harmony's active halves most (SMUSH sees her own
        cards); ties at random."""
        t = game.table
        halves = [g.active for g in t.gadgets]
        costs = [sum(line_prices(line, halves, t.rules)) for line in lines]
        top = max(costs)
        return self.rng.choice([i for i, c in enumerate(costs) if c == top])

    def _rearrange(self, game: Game, choice: Choice) -> int:
        return 0                                            # her line as it is
