"""Bots for Agents of S.M.U.S.H.: `random` picks any legal move; `greedy` takes the move
that looks best one step ahead, by the prices of outlook.py. Neither cheats:
Harmony's greedy bot prices face-down defences from what she has seen."""

from __future__ import annotations

import random

from smersh_dsl.play.smush.choices import Choice
from smersh_dsl.play.smush.engine import Game
from smersh_dsl.play.smush.outlook import (deal_hidden, harmony_best, line_prices, net_cost,
                                           orientations, success_chance, unseen_pool)
from smersh_dsl.play.smush.table import Defence, Table, cheapest, swap_next


class RandomBot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, game: Game, choice: Choice) -> int:
        return self.rng.randrange(len(choice.options))


def _best(scores: list[float]) -> int:
    """The highest score; on ties, the first option."""
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


class GreedyBot:
    def decide(self, game: Game, choice: Choice) -> int:
        return _best(getattr(self, "_" + choice.kind)(game, game.table, choice))

    # -- SMUSH: make the cheapest incursion for Harmony as dear as possible -------------
    def _lay(self, game: Game, t: Table, choice: Choice) -> list[float]:
        scores = []
        for option in choice.options:
            _, i, f = option.move
            line = [d.copy() for d in t.line] + [Defence(t.hand[i], f)]
            scores.append(harmony_best(t, line))
        return scores

    def _henchman(self, game: Game, t: Table, choice: Choice) -> list[float]:
        scores = []
        for option in choice.options:
            line = [d.copy() for d in t.line]
            line[option.move[1]].henchmen += 1
            scores.append(harmony_best(t, line))
        return scores

    def _rearrange(self, game: Game, t: Table, choice: Choice) -> list[float]:
        from smersh_dsl.play.smush.incursion import apply_rearrange

        scores = []
        for option in choice.options:
            trial = Table(rules=t.rules, cp=t.cp, deck=[], gadget_hand=t.gadget_hand,
                          line=[d.copy() for d in t.line], gadgets=t.gadgets)
            apply_rearrange(trial, option.move)
            scores.append(harmony_best(t, trial.line))
        return scores

    def _on_bypass(self, game: Game, t: Table, choice: Choice) -> list[float]:
        """Trigger, except a swap that would make the rest of the line cheaper."""
        index = _current(game)
        if t.line[index].active.on_bypass["kind"] != "swap_next":   # type: ignore[index]
            return [1.0, 0.0]
        halves = [g.active for g in t.active_gadgets()]
        swapped = [d.copy() for d in t.line]
        swap_next(swapped, index)
        gain = (net_cost(swapped, halves, t.rules, index - 1, flips=False)
                - net_cost(t.line, halves, t.rules, index - 1, flips=False))
        return [gain, 0.0]

    # -- Harmony: spend as little as she can, and go when she can afford it ------------
    def _gadget(self, game: Game, t: Table, choice: Choice) -> list[float]:
        deals = deal_hidden(t)
        scores = []
        for option in choice.options:
            if option.move[0] != "gadget":
                scores.append(-1.0)
                continue
            cards = [g.card for g in t.gadgets] + [t.gadget_hand[option.move[1]]]
            scores.append(max(success_chance(t, halves, t.budget(), deals) for halves in
                              orientations(cards, t.rules.settings.active_gadgets)))
        return scores

    def _orient(self, game: Game, t: Table, choice: Choice) -> list[float]:
        """The best chance to get through; then the most CP at the end of the round."""
        deals = deal_hidden(t)
        scores = []
        for option in choice.options:
            halves = [g.card.faces[h] for g, h in zip(t.gadgets, option.move[1])]
            income = sum(h.strength for h in halves)
            scores.append(success_chance(t, halves, t.budget(), deals) + 0.01 * income)
        return scores

    def _incursion(self, game: Game, t: Table, choice: Choice) -> list[float]:
        """Go when every round left is needed, or when the chance is good enough: the line
        only grows, so a spy with clues to spare takes more risk."""
        s = t.rules.settings
        rounds_left = s.rounds - t.round + 1
        must = rounds_left <= s.crystals - t.crystals
        chance = success_chance(t, [g.active for g in t.active_gadgets()], t.budget())
        nerve = 0.5 if s.clues - t.clues <= 1 else 0.3
        return [1.0, 0.0] if must or chance >= nerve else [0.0, 1.0]

    def _flip(self, game: Game, t: Table, choice: Choice) -> list[float]:
        """The option that leaves the smallest shortfall; no flip on ties (keep it)."""
        from smersh_dsl.play.smush.incursion import Incursion

        inc: Incursion = game.incursion  # type: ignore[assignment]
        index = _current(game)
        pool = None if inc.peeked else unseen_pool(t)
        active = t.active_gadgets()
        scores = []
        for option in choice.options:
            if option.move == ("none",):
                halves = [g.active for g in active]
                here = cheapest(t.line, index, halves, t.rules, inc.weakening(t, index))
                rest = net_cost(t.line, halves, t.rules, index - 1, pool) if index else 0.0
                scores.append(t.budget() - here - rest + 0.5)
                continue
            gadget = t.gadgets[option.move[1]]
            halves = [g.active for g in active if g is not gadget]
            power = gadget.active.flip or {}
            kind, budget = power.get("kind"), t.budget()
            weak = inc.weakening(t, index)
            line = [d.copy() for d in t.line]
            if kind in ("swap_adjacent", "peek"):
                scores.append(-1e6 if kind == "swap_adjacent" or inc.peeked else
                              (0.0 if any(not d.face_up for d in t.line[:index]) else -1e6))
                continue
            if kind == "gain_cp":
                budget = min(t.rules.settings.cp_cap, t.cp + power["amount"]) + budget - t.cp
            elif kind == "weaken":
                weak += power["amount"]
            elif kind == "return_henchman":
                line[index].henchmen -= 1
            here = 0 if kind == "bypass" else cheapest(line, index, halves, t.rules, weak)
            rest = sum(line_prices(line, halves, t.rules, index - 1, pool)) if index else 0.0
            scores.append(budget - here - rest)
        if max(scores) < 0:     # nothing gets her through: keep the gadget and its CP
            return [1.0 if o.move == ("none",) else 0.0 for o in choice.options]
        return scores

    def _peek(self, game: Game, t: Table, choice: Choice) -> list[float]:
        index = _current(game)
        halves = [g.active for g in t.active_gadgets()]
        need = sum(line_prices(t.line, halves, t.rules, index))
        return [0.0, 1.0] if need > t.budget() else [1.0, 0.0]

    def _overcome(self, game: Game, t: Table, choice: Choice) -> list[float]:
        """The cheapest way; a defence that takes CP from a spy without a gadget costs that
        much more."""
        index = _current(game)
        power = t.line[index].active.on_bypass
        scores = []
        for option in choice.options:
            if option.move == ("withdraw",):
                scores.append(-1e9)
                continue
            _, half, price = option.move
            penalty = (power["amount"] if power and power["kind"] == "lose_cp" and half is None
                       else 0)
            scores.append(-(price + penalty) + (0.1 if half else 0.0))
        return scores

    def _ransom(self, game: Game, t: Table, choice: Choice) -> list[float]:
        index = _current(game)
        halves = [g.active for g in t.active_gadgets()]
        pool = unseen_pool(t)
        swapped = [d.copy() for d in t.line]
        swap_next(swapped, index)
        worse = (sum(line_prices(swapped, halves, t.rules, index - 1, pool))
                 - sum(line_prices(t.line, halves, t.rules, index - 1, pool)))
        return [worse - choice.options[0].move[1], 0.0]



def _current(game: Game) -> int:
    """The index of the defence the incursion under way has reached."""
    assert game.incursion is not None, "asked about an incursion outside one"
    return game.incursion.at
