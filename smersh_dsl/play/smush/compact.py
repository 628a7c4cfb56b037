"""The rules of Agents of S.M.U.S.H. as small integers, for the simulated games of the
strong bots (playout.py): every defence face and gadget half gets a number, every power
its kind and amount in flat lists, and the price of overcoming a defence is computed once
per situation and kept (`Tables.price`), so a simulated game looks prices up instead of
building lists of faces and options (docs/smush.md, "A rollout engine made for speed").

A defence face's number is `2 * card + face` (`card` its place in `rules.defences`), so
turning a card is `face ^ 1` and its card is `face >> 1`; gadget halves likewise over
`rules.gadgets`. `NONE` stands for a face-down or absent neighbour (blank, SM-CARD-1)."""

from __future__ import annotations

import itertools
import math

from smersh_dsl.play.smush.rules import INWARD, TARGETING, Face, Rules

MEMO = 50_000             # conclusions kept per rules (some 20 MB) before all are forgotten
# id(rules) -> (rules, its tables): Rules hold dicts, so they cannot be hashed; the
# rules are kept alive beside their tables so that their id is not reused.
_TABLES: dict[int, tuple[Rules, Tables]] = {}
KEEP = 4                  # tables kept at once: a sweep plays its values one after another


class Tables:
    """Everything a simulated game reads of `rules`, as lists indexed by face or half."""

    def __init__(self, rules: Rules) -> None:
        s = rules.settings
        self.rules, self.settings = rules, s
        self.faces: list[Face] = [f for c in rules.defences for f in c.faces]
        self.halves: list[Face] = [h for c in rules.gadgets for h in c.faces]
        self.NONE = len(self.faces)
        types = sorted({f.type for f in self.faces + self.halves})
        self.types = len(types)
        self.type_of = [types.index(f.type) for f in self.faces]
        self.half_type = [types.index(h.type) for h in self.halves]
        self.strength = [f.strength for f in self.faces]
        self.half_strength = [h.strength for h in self.halves]
        self.passive = [f.passive_kind() for f in self.faces]
        self.on_bypass = [f.on_bypass for f in self.faces]
        self.flip = [h.flip for h in self.halves]
        self.flip_kind = [h.flip["kind"] if h.flip else None for h in self.halves]
        self.no_tokens = [kind == "no_tokens" for kind in self.passive]
        self.flip_immune = [kind == "flip_immune" for kind in self.passive]
        # The flip powers outlook.flip_saving counts, as (half, kind, the most it saves,
        # whether it targets a defence); a bypass saves the whole price.
        self.savers = []
        for h, half in enumerate(self.halves):
            kind = self.flip_kind[h]
            cap = {"bypass": 10 ** 9, "gain_cp": half.flip and half.flip.get("amount"),
                   "weaken": half.flip and s.overcome_cost * half.flip.get("amount", 0),
                   "return_henchman": s.overcome_cost * s.henchman_bonus}.get(kind)
            if cap is not None:
                self.savers.append((h, kind, cap, kind in TARGETING))
        self.card_of_number = {c.number: i for i, c in enumerate(rules.defences)}
        self.scratch = list(range(len(rules.defences)))   # what engine.Game() shuffles
        self._prices: dict[tuple, int] = {}
        self._combos: dict[tuple, tuple] = {}
        self._deals: dict[tuple, tuple] = {}
        self._masks: dict[tuple, tuple] = {}
        self._best: dict[tuple, tuple] = {}
        # What a quick policy concluded about a whole line (playout.py's `remember`): the
        # same lines come back in sample after sample, candidate after candidate.
        self.memo: dict[tuple, object] = {}

    # -- prices ----------------------------------------------------------------------
    def price(self, face: int, henchmen: int, weakened: int, inner: int, outer: int,
              mask: int) -> int:
        """SM-INC-2's cheapest way through `face` with the halves of `mask` (bit h: half h
        is active and face up), coded as `2 * CP + 1` without a gadget, `2 * CP` with one,
        so the smallest code is the quick policy's pick (the cheapest; a gadget on ties).
        `inner` and `outer` are the neighbours its bonuses look at (SM-CARD-1)."""
        key = (face, henchmen, weakened, inner, outer, mask)
        code = self._prices.get(key)
        if code is None:
            code = self._prices[key] = self._price(*key)
        return code

    def _price(self, face: int, henchmen: int, weakened: int, inner: int, outer: int,
               mask: int) -> int:
        s = self.settings
        defence = self.faces[face]
        near = {INWARD: inner, "outward": outer}
        strength = max(0, defence.strength + s.henchman_bonus * henchmen
                       + self._bonus(defence, near) - weakened)
        surcharge = defence.passive["amount"] if self.passive[face] == "boost_cost" else 0
        best = 2 * s.overcome_cost * strength + 1
        for h, half in enumerate(self.halves):
            if not mask >> h & 1 or half.type != defence.type:
                continue
            short = strength - half.strength - self._bonus(half, near)
            if short <= 0:
                best = min(best, 0)
            elif half.boost_cost is not None and half.boost_amount and half.boost_amount > 0:
                best = min(best, 2 * math.ceil(short / half.boost_amount)
                           * max(0, half.boost_cost + surcharge))
        return best

    def _bonus(self, face: Face, near: dict[str, int]) -> int:
        total = 0
        for bonus in face.bonuses:
            other = near[bonus.direction]
            if other != self.NONE and self.faces[other].matches(bonus.condition):
                total += bonus.amount
        return total

    # -- what the quick policies enumerate -------------------------------------------
    def orientations(self, cards: tuple[int, ...], now: tuple[int, ...]) -> tuple:
        """For the quick policy's orientation (rollout.QuickBot._orient): the combos in
        the engine's order, and per combo the types its halves cover and the part of its
        score that does not depend on the line (10 per type, plus the halves' strength)."""
        key = (cards, now)
        found = self._combos.get(key)
        if found is None:
            combos = sorted(itertools.product((0, 1), repeat=len(now)), key=lambda c: c != now)
            scored = []
            for combo in combos:
                halves = [2 * c + h for c, h in zip(cards, combo)]
                types = tuple(sorted({self.half_type[h] for h in halves}))
                scored.append((types, 10 * len(types) + sum(self.half_strength[h] for h in halves)))
            found = self._combos[key] = (combos, scored)
        return found

    def best_orientations(self, cards: tuple[int, ...], now: tuple[int, ...],
                          by_type: tuple[int, ...]) -> tuple:
        """The combos of `orientations`, and the ones the quick policy rates best when the
        face-up defences' strength per type is `by_type` (its score: 100 per point of a
        type the halves cover, then the rest); kept per situation."""
        key = (cards, now, by_type)
        found = self._best.get(key)
        if found is None:
            combos, scored = self.orientations(cards, now)
            scores = [100 * sum(by_type[t] for t in types) + rest for types, rest in scored]
            best = max(scores)
            found = self._best[key] = (combos, [i for i, s in enumerate(scores) if s == best])
        return found

    def masks(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        """outlook.orientations of `cards` as masks of their active halves (bit 2 * card +
        half), in the same order."""
        found = self._masks.get(cards)
        if found is None:
            found = self._masks[cards] = tuple(
                sum(1 << (2 * c + h) for c, h in zip(cards, combo))
                for combo in itertools.product((0, 1), repeat=len(cards)))
        return found

    def deals(self, round_: int, length: int, hidden: tuple[int, ...],
              unseen: tuple[int, ...], samples: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """outlook.deal_hidden's deals of the face-down defences (the same seed, so the same
        deals), as (index, face) pairs per sample; kept per situation."""
        key = (round_, length, hidden, unseen, samples)
        found = self._deals.get(key)
        if found is None:
            import random

            deal = random.Random(round_ * 131 + length * 17 + length - 1)
            found = tuple(tuple((i, 2 * card + deal.randrange(2))
                                for i, card in zip(hidden, deal.sample(unseen, len(hidden))))
                          for _ in range(samples))
            self._deals[key] = found
        return found


def tables(rules: Rules) -> Tables:
    """The tables of `rules`, made once per Rules object (a sweep makes one per value)."""
    found = _TABLES.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_TABLES) >= KEEP:
            _TABLES.pop(next(iter(_TABLES)))
        found = _TABLES[id(rules)] = (rules, Tables(rules))
    return found[1]
