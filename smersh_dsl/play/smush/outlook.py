"""What an incursion would cost: the arithmetic the greedy bots plan with.

Harmony does not see face-down defences: she prices each as the average of the faces it
could be (every defence card she has not seen face up). SMUSH sees her own cards."""

from __future__ import annotations

import itertools
import random

from smersh_dsl.play.smush.rules import TARGETING, Card, Face, Rules
from smersh_dsl.play.smush.table import Defence, Table, face_prices, shown
from smersh_dsl.records import dataclass

Pool = list[tuple[Card, int]]


def unseen_pool(table: Table) -> Pool:
    """The faces a face-down defence may show, as Harmony knows: cards not face up."""
    seen = {d.card.number for d in table.line if d.face_up}
    return [(card, f) for card in table.rules.defences if card.number not in seen for f in (0, 1)]


def line_prices(line: list[Defence], halves: list[Face], rules: Rules, start: int | None = None,
                pool: Pool | None = None,
                dealt: dict[int, Face] | None = None) -> list[float]:
    """The cheapest price of each defence from `start` inwards, revealed in turn as in an
    incursion (SM-INC-1). A face-down defence shows its `dealt` face if it has one; else,
    with a `pool`, it is priced as the average of the pool's faces and stays blank for its
    neighbours; without one, its face is known."""
    faces = shown(line)
    first = len(line) - 1 if start is None else start
    out: list[float] = []
    for i in range(first, -1, -1):
        d = line[i]
        face = d.active if d.face_up or not pool else (dealt or {}).get(i)
        if face is None:
            total = sum(min(p for _, p in face_prices(card.faces[f], d.henchmen, faces, i,
                                                        halves, rules)) for card, f in pool)
            out.append(total / len(pool))
            continue
        faces[i] = face
        out.append(min(p for _, p in face_prices(face, d.henchmen, faces, i, halves, rules)))
    return out


def flip_saving(halves: list[Face], line: list[Defence], priced: list[float], rules: Rules,
                start: int | None = None) -> float:
    """Roughly what the best single flip power among `halves` saves over the priced
    defences (`priced[k]` is the defence `start - k`)."""
    first = len(line) - 1 if start is None else start
    per_point = rules.settings.overcome_cost
    best = 0.0
    for half in halves:
        power = half.flip
        if power is None:
            continue
        kind = power["kind"]
        for k, price in enumerate(priced):
            d = line[first - k]
            if kind in TARGETING and d.face_up and d.active.passive_kind() == "flip_immune":
                continue
            if kind == "bypass":
                best = max(best, price)
            elif kind == "weaken":
                best = max(best, min(price, per_point * power["amount"]))
            elif kind == "return_henchman" and d.henchmen:
                best = max(best, min(price, per_point * rules.settings.henchman_bonus))
        if kind == "gain_cp":
            best = max(best, float(power["amount"]))
    return best


def net_cost(line: list[Defence], halves: list[Face], rules: Rules, start: int | None = None,
             pool: Pool | None = None, flips: bool = True,
             dealt: dict[int, Face] | None = None) -> float:
    priced = line_prices(line, halves, rules, start, pool, dealt=dealt)
    return sum(priced) - (flip_saving(halves, line, priced, rules, start) if flips else 0.0)


@dataclass(frozen=True)
class Deals:
    """The face-down defences from `start` inwards, dealt from the cards Harmony has not
    seen, once per sample; no deals if none is face down there (or too few cards are
    unseen to deal them): the line is then priced as it lies."""

    start: int | None
    pool: Pool
    dealt: tuple[dict[int, Face], ...]


def deal_hidden(table: Table, start: int | None = None, samples: int = 8) -> Deals:
    """`samples` deals of the face-down defences, the same deals for the same table, so a
    greedy bot stays reproducible."""
    line, rules = table.line, table.rules
    first = len(line) - 1 if start is None else start
    hidden = [i for i in range(first + 1) if not line[i].face_up]
    seen = {d.card.number for d in line if d.face_up}
    unseen = [c for c in rules.defences if c.number not in seen]
    if not hidden or len(unseen) < len(hidden):
        return Deals(start, [], ())
    deal = random.Random(table.round * 131 + len(line) * 17 + first)
    return Deals(start, [(c, 0) for c in unseen],
                 tuple({i: card.faces[deal.randrange(2)]
                        for i, card in zip(hidden, deal.sample(unseen, len(hidden)))}
                       for _ in range(samples)))


def success_chance(table: Table, halves: list[Face], budget: int,
                   deals: Deals | None = None) -> float:
    """Harmony's chance to get through the line with `budget` CP, over `deals` (dealt here
    if not given). A bot weighing many options deals once: the deals depend on the table,
    not on the option, so every option meets the same ones."""
    if deals is None:
        deals = deal_hidden(table)
    line, rules = table.line, table.rules
    if not deals.dealt:
        return float(net_cost(line, halves, rules, deals.start) <= budget)
    made = sum(net_cost(line, halves, rules, deals.start, deals.pool, dealt=dealt) <= budget
               for dealt in deals.dealt)
    return made / len(deals.dealt)


def orientations(cards: list[Card], limit: int) -> list[list[Face]]:
    """Every choice of one active half per card (SM-ROUND-1 step 5), for at most `limit`
    cards."""
    cards = cards[:limit]
    return [[c.faces[h] for c, h in zip(cards, combo)]
            for combo in itertools.product((0, 1), repeat=len(cards))]


def harmony_best(table: Table, line: list[Defence]) -> float:
    """SMUSH's measure of a line: what Harmony's best orientation of all her gadget cards
    would pay for a whole incursion, flip power included."""
    cards = [g.card for g in table.gadgets] + list(table.gadget_hand)
    limit = table.rules.settings.active_gadgets
    return min(net_cost(line, halves, table.rules) for halves in orientations(cards, limit))
