"""The greedy bot's scores (bots.GreedyBot) for the choices the strong bots search, worked
out on playout.py's compact table instead of bots.py's lists of faces: the same numbers,
so the strong bots order and keep the same moves, for a fraction of the pricing (the
greedy scores were some 18% of a strong game, issue #31; docs/smush.md, "A rollout engine
made for speed"). tests/test_smush_playout.py holds them equal to GreedyBot's.

Neither side sees more than GreedyBot does: Harmony's chances deal every face-down
defence from the cards she has not seen (outlook.deal_hidden's deals); SMUSH prices her
own line, whose faces she knows."""

from __future__ import annotations

from smersh_dsl.play.smush import jit
from smersh_dsl.play.smush.choices import Choice
from smersh_dsl.play.smush.playout import Playout

GREEDY_DEALS = 8          # outlook.deal_hidden's samples, GreedyBot's chances


def scores(p: Playout, choice: Choice) -> list[float]:
    """GreedyBot's score of each option of `choice` (a searched kind) on the table `p`."""
    return _SCORES[choice.kind](p, choice)


# -- SMUSH: the dearest line for Harmony's best orientation (outlook.harmony_best) --------
def harmony_best(p: Playout) -> int:
    """What Harmony's best orientation of all her gadget cards would pay for the whole line
    as `p` holds it, flip power included."""
    T = p.T
    cards = tuple((p.cards + p.gadget_hand)[:T.settings.active_gadgets])
    key = ("best", tuple(p.face), tuple(p.up), tuple(p.men), cards)
    found = T.memo.get(key)
    if found is None:
        crossing = jit.crossing(T)
        found = p.remember(key, min(p.net_cost(p.face, mask) for mask in T.masks(cards))
                           if crossing is None else crossing.harmony_best(p, cards))
    return found


def _lay(p: Playout, choice: Choice) -> list[float]:
    out = []
    p.up.append(False)
    p.men.append(0)
    p.face.append(0)
    for option in choice.options:
        _, i, f = option.move
        p.face[-1] = 2 * p.hand[i] + f
        out.append(float(harmony_best(p)))
    for row in (p.face, p.up, p.men):
        row.pop()
    return out


def _henchman(p: Playout, choice: Choice) -> list[float]:
    out = []
    for option in choice.options:
        j = option.move[1]
        p.men[j] += 1
        out.append(float(harmony_best(p)))
        p.men[j] -= 1
    return out


def _rearrange(p: Playout, choice: Choice) -> list[float]:
    out = []
    for pick in range(len(choice.options)):
        trial = p.copy()
        trial.rearrange(pick)
        out.append(float(harmony_best(trial)))
    return out


# -- Harmony: her chance through the line (outlook.success_chance) ------------------------
def chance(p: Playout, mask: int) -> float:
    crossing = jit.crossing(p.T)
    costs = (p.dealt_costs(mask, GREEDY_DEALS) if crossing is None
             else crossing.dealt_costs(p, mask, GREEDY_DEALS))
    budget = p.budget()
    return sum(cost <= budget for cost in costs) / len(costs)


def _gadget(p: Playout, choice: Choice) -> list[float]:
    T = p.T
    out = []
    for option in choice.options:
        if option.move[0] != "gadget":
            out.append(-1.0)
            continue
        cards = tuple((p.cards + [p.gadget_hand[option.move[1]]])[:T.settings.active_gadgets])
        out.append(max(chance(p, mask) for mask in T.masks(cards)))
    return out


def _orient(p: Playout, choice: Choice) -> list[float]:
    T = p.T
    out = []
    for option in choice.options:
        halves = [2 * c + h for c, h in zip(p.cards, option.move[1])]
        mask = 0
        for h in halves:
            mask |= 1 << h
        income = sum(T.half_strength[h] for h in halves)
        out.append(chance(p, mask) + 0.01 * income)
    return out


def _incursion(p: Playout, choice: Choice) -> list[float]:
    s = p.T.settings
    must = s.rounds - p.round + 1 <= s.crystals - p.crystals
    nerve = 0.5 if s.clues - p.clues <= 1 else 0.3
    return [1.0, 0.0] if must or chance(p, p.mask()) >= nerve else [0.0, 1.0]


_SCORES = {"lay": _lay, "henchman": _henchman, "rearrange": _rearrange,
           "gadget": _gadget, "orient": _orient, "incursion": _incursion}
