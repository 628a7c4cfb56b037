"""The simulated games of the strong bots, played fast: the rules of engine.py and
incursion.py with the quick policies of rollout.py (`QuickBot`, or `SharpBot` when
`sharp`), on a compact table of small integers (compact.py), with no options, choices
or labels built. It plays the same game as `Game.from_table(...).play_on()` with those
bots, move for move and die for die (the same calls on the same `random.Random`), which
tests/test_smush_playout.py holds on many positions; docs/smush.md says why it exists.

A line is three lists, `face` (compact.py's face numbers), `up` (face up) and `men`
(henchmen), index 0 nearest SMUSH; Harmony's gadgets are `cards`, `half` (0 or 1: the
active half) and `ready` (face up)."""

from __future__ import annotations

import random

from smersh_dsl.play.smush.compact import MEMO, Tables
from smersh_dsl.play.smush.rollout import DEAR, FLIP_ORDER, HIDDEN_GUESS, SHARP_DEALS
from smersh_dsl.play.smush.rules import HARMONY, INWARD, SMUSH, TARGETING
from smersh_dsl.play.smush.table import Table

PHASES = ("lay", "henchmen", "place", "gadget", "orient", "incursion", "income")


class Playout:
    __slots__ = ("T", "rng", "sharp", "forced", "answer", "cp", "tokens", "used", "crystals",
                 "clues", "round", "supply", "gained", "winner", "deck", "hand", "gadget_hand",
                 "face", "up", "men", "cards", "half", "ready")

    def __init__(self, T: Tables) -> None:
        self.T = T
        self.forced: str | None = None
        self.answer = 0
        self.winner: str | None = None

    @classmethod
    def of_table(cls, table: Table, T: Tables) -> Playout:
        """`table` as a compact table (the cards by their place in the rules)."""
        p = cls(T)
        number = T.card_of_number
        gadget = {c.number: i for i, c in enumerate(T.rules.gadgets)}
        p.cp, p.tokens, p.used = table.cp, table.tokens, table.tokens_used
        p.crystals, p.clues, p.round = table.crystals, table.clues, table.round
        p.supply, p.gained, p.winner = table.supply, table.henchmen_gained, table.winner
        p.deck = [number[c.number] for c in table.deck]
        p.hand = [number[c.number] for c in table.hand]
        p.gadget_hand = [gadget[c.number] for c in table.gadget_hand]
        p.face = [2 * number[d.card.number] + d.face for d in table.line]
        p.up = [d.face_up for d in table.line]
        p.men = [d.henchmen for d in table.line]
        p.cards = [gadget[g.card.number] for g in table.gadgets]
        p.half = [g.half for g in table.gadgets]
        p.ready = [g.face_up for g in table.gadgets]
        return p

    def copy(self) -> Playout:
        p = Playout(self.T)
        p.cp, p.tokens, p.used, p.crystals = self.cp, self.tokens, self.used, self.crystals
        p.clues, p.round, p.supply, p.gained = self.clues, self.round, self.supply, self.gained
        p.winner = self.winner
        p.deck, p.hand, p.gadget_hand = self.deck[:], self.hand[:], self.gadget_hand[:]
        p.face, p.up, p.men = self.face[:], self.up[:], self.men[:]
        p.cards, p.half, p.ready = self.cards[:], self.half[:], self.ready[:]
        return p

    # -- the game --------------------------------------------------------------------
    def play(self, phase: str, rng: random.Random, sharp: bool, forced: str | None = None,
             answer: int = 0) -> Playout:
        """engine.Game.from_table(...): resume at `phase`, then the rounds to the end; the
        first choice of kind `forced` is answered with option `answer`."""
        self.rng, self.sharp, self.forced, self.answer = rng, sharp, forced, answer
        rng.shuffle(self.T.scratch)             # Game() shuffles a deck it then replaces
        steps = (self.lay, self.lift, self.place, self.gadget, self.orient, self.incursion,
                 self.collect)
        for step in steps[PHASES.index(phase):]:
            step()
            if self.winner is not None:
                return self
        rounds = self.T.settings.rounds
        while self.winner is None:
            if self.round >= rounds:                       # SM-END-1
                self.winner = SMUSH
                break
            self.round += 1
            if self.deck:
                self.hand.append(self.deck.pop())
            for step in steps:
                step()
                if self.winner is not None:
                    break
        return self

    def _forced(self, kind: str) -> bool:
        if self.forced == kind:
            self.forced = None
            return True
        return False

    def score(self, side: str, shaping: float) -> float:
        """strong.score on this table."""
        need = self.T.settings.crystals
        crystals = min(self.crystals, need)
        share = crystals / need if side == HARMONY else (need - crystals) / need
        return float(self.winner == side) + shaping * share

    # -- what is seen ----------------------------------------------------------------
    def mask(self, all_gadgets: bool = False) -> int:
        """The active halves as bits: face up only, or every gadget's (SMUSH's view)."""
        m = 0
        for card, half, ready in zip(self.cards, self.half, self.ready):
            if ready or all_gadgets:
                m |= 1 << (2 * card + half)
        return m

    def seen_line(self) -> tuple[int, ...]:
        """The line's faces as Harmony sees them: -1 where face down."""
        return tuple(f if u else -1 for f, u in zip(self.face, self.up))

    def shown(self, i: int) -> int:
        """The face a bonus sees at `i`: NONE where face down or off the line."""
        return self.face[i] if 0 <= i < len(self.face) and self.up[i] else self.T.NONE

    def cheapest(self, i: int, mask: int, weakened: int = 0) -> int:
        """table.cheapest's code (compact.Tables.price) at `i` as the line lies."""
        face, up = self.face, self.up
        none = self.T.NONE
        inner = face[i - 1] if i and up[i - 1] else none
        outer = face[i + 1] if i + 1 < len(face) and up[i + 1] else none
        return self.T.price(face[i], self.men[i], weakened, inner, outer, mask)

    def budget(self, tokens: bool = True) -> int:
        return self.cp + (self.tokens - self.used if tokens else 0)

    def pay(self, price: int, tokens: bool = True) -> None:
        """table.Table.pay: resource tokens first, then CP."""
        from_tokens = min(price, self.tokens - self.used) if tokens else 0
        self.used += from_tokens
        self.cp -= price - from_tokens

    def gain(self, amount: int) -> None:
        self.cp = max(0, min(self.T.settings.cp_cap, self.cp + amount))

    # -- SMUSH -----------------------------------------------------------------------
    def lay(self) -> None:
        hand = self.hand
        if not hand:
            return
        T, rng = self.T, self.rng
        if self._forced("lay"):
            pick = self.answer
        elif self.sharp:
            pick = self._dearest()
        elif rng.random() < 0.5:
            pick = rng.randrange(2 * len(hand))
        else:
            covered = {T.half_type[2 * c + h] for c, h in zip(self.cards, self.half)}
            scores = [T.strength[2 * c + f] + (0 if T.type_of[2 * c + f] in covered else 2)
                      for c in hand for f in (0, 1)]
            best = max(scores)
            pick = rng.choice([i for i, s in enumerate(scores) if s == best])
        card = hand.pop(pick >> 1)
        self.face.append(2 * card + (pick & 1))
        self.up.append(False)
        self.men.append(0)

    def _dearest(self) -> int:
        """SharpBot._lay: the face that makes the whole line dearest for every active half,
        faces known, revealed outermost first. Only the new defence and its inner
        neighbour differ between options: the rest is priced once."""
        return self.rng.choice(self.recall("lay", self._dearest_faces, tuple(self.hand)))

    def _dearest_faces(self, mask: int) -> list[int]:
        T, face, men = self.T, self.face, self.men
        price, none, shown = T.price, T.NONE, self.shown
        n = len(face)
        base = sum(price(face[i], men[i], 0, shown(i - 1), face[i + 1], mask) >> 1
                   for i in range(n - 1))
        inner = shown(n - 1)
        costs = []
        if n:                       # the outermost defence now, priced with the new one
            last, last_men, last_inner = face[n - 1], men[n - 1], shown(n - 2)
        for card in self.hand:
            for f in (0, 1):
                new = 2 * card + f
                cost = base + (price(new, 0, 0, inner, none, mask) >> 1)
                if n:
                    cost += price(last, last_men, 0, last_inner, new, mask) >> 1
                costs.append(cost)
        top = max(costs)
        return [i for i, c in enumerate(costs) if c == top]

    def recall(self, what: str, conclude, extra: tuple = ()):  # noqa: ANN001, ANN201
        """What SMUSH's policy `conclude(mask)` concludes about the line as it lies (every
        gadget's active half in `mask`), kept in compact.Tables.memo."""
        mask = self.mask(all_gadgets=True)
        key = (what, tuple(self.face), tuple(self.up), tuple(self.men), extra, mask)
        found = self.T.memo.get(key)
        return self.remember(key, conclude(mask)) if found is None else found

    def remember(self, key: tuple, value):  # noqa: ANN001, ANN201 - any conclusion
        """Keep what a policy concluded about a line (compact.Tables.memo), bounded."""
        memo = self.T.memo
        if len(memo) >= MEMO:
            memo.clear()
        memo[key] = value
        return value

    def lift(self) -> None:
        """SM-ROUND-1 step 3: every henchman is taken up, to be placed anew."""
        if self.face:
            self.supply += sum(self.men)
            self.men = [0] * len(self.men)

    def place(self) -> None:
        n = len(self.face)
        if not n or not self.supply:
            return
        while self.supply:
            if n == 1:
                j = 0
            elif self._forced("henchman"):
                j = n - 1 - self.answer                    # options run outermost first
            elif self.sharp:
                j = n - 1 - self._henchman()
            else:
                j = n - 1 - self.rng.randrange(n)
            self.men[j] += 1
            self.supply -= 1

    def _henchman(self) -> int:
        """SharpBot._henchman: where one more henchman raises that defence's price most."""
        return self.rng.choice(self.recall("henchman", self._henchman_gains))

    def _henchman_gains(self, mask: int) -> list[int]:
        T, face, men, up = self.T, self.face, self.men, self.up
        price, none = T.price, T.NONE
        n = len(face)
        gains = []
        for j in range(n - 1, -1, -1):                     # options run outermost first
            inner = face[j - 1] if j and up[j - 1] else none
            outer = face[j + 1] if j + 1 < n else none
            gains.append((price(face[j], men[j] + 1, 0, inner, outer, mask) >> 1)
                         - (price(face[j], men[j], 0, inner, outer, mask) >> 1))
        top = max(gains)
        return [i for i, g in enumerate(gains) if g == top]

    # -- Harmony ---------------------------------------------------------------------
    def gadget(self) -> None:
        if self.gadget_hand and len(self.cards) < self.T.settings.active_gadgets:
            if self._forced("gadget"):
                pick = self.answer
            else:
                pick = self.rng.choice(range(len(self.gadget_hand)))
            if pick < len(self.gadget_hand):
                self.cards.append(self.gadget_hand.pop(pick))
                self.half.append(0)
                self.ready.append(True)
        self.ready = [True] * len(self.cards)

    def orient(self) -> None:
        if not self.cards:
            return
        T = self.T
        cards, now = tuple(self.cards), tuple(self.half)
        if self._forced("orient"):
            combos, pick = T.orientations(cards, now)[0], self.answer
        else:
            bonus = T.settings.henchman_bonus
            by_type = [0] * T.types                    # face-up strength per type
            for f, u, m in zip(self.face, self.up, self.men):
                if u:
                    by_type[T.type_of[f]] += T.strength[f] + bonus * m
            combos, top = T.best_orientations(cards, now, tuple(by_type))
            pick = self.rng.choice(top)
        self.half = list(combos[pick])

    def incursion(self) -> None:
        if self._forced("incursion"):
            go = self.answer == 0
        else:
            s = self.T.settings
            if s.rounds - self.round + 1 <= s.crystals - self.crystals:
                go = True                                  # every round left is needed
            else:
                go = self._sharp_go() if self.sharp else self._quick_go()
        if go:
            self.run_incursion()

    def _quick_go(self) -> bool:
        mask = self.mask()
        key = ("need", self.seen_line(), tuple(self.men), mask)
        need = self.T.memo.get(key)
        if need is None:
            need = self.remember(key, sum(self.cheapest(i, mask) >> 1 if u else HIDDEN_GUESS
                                          for i, u in enumerate(self.up)))
        return need <= self.budget()

    def _sharp_go(self) -> bool:
        """SharpBot._incursion: her chance over outlook.deal_hidden's deals."""
        costs = self.dealt_costs(self.mask())
        budget = self.budget()
        chance = sum(cost <= budget for cost in costs) / len(costs)
        s = self.T.settings
        return chance >= (0.5 if s.clues - self.clues <= 1 else 0.3)

    def dealt_costs(self, mask: int, samples: int = SHARP_DEALS) -> tuple[int, ...]:
        """What the line would cost her on each of `samples` deals of its face-down defences
        (the line as it lies when none is face down, or too few cards are unseen to deal
        them); kept in compact.Tables.memo."""
        # The faces she cannot see do not count: every deal replaces them (the cards not
        # seen face up include every face-down one, so there are always enough to deal).
        key = ("dealt", self.round, self.seen_line(), tuple(self.men), mask, samples)
        costs = self.T.memo.get(key)
        if costs is None:
            costs = self.remember(key, self._dealt_costs(mask, samples))
        return costs

    def _dealt_costs(self, mask: int, samples: int) -> tuple[int, ...]:
        T, face, up = self.T, self.face, self.up
        n = len(face)
        hidden = tuple(i for i in range(n) if not up[i])
        seen = {face[i] >> 1 for i in range(n) if up[i]}
        unseen = tuple(c for c in range(len(T.faces) // 2) if c not in seen)
        if not hidden or len(unseen) < len(hidden):
            return (self.net_cost(face, mask),)
        costs = []
        for dealt in T.deals(self.round, n, hidden, unseen, samples):
            faces = face[:]
            for i, f in dealt:
                faces[i] = f
            costs.append(self.net_cost(faces, mask))
        return tuple(costs)

    def net_cost(self, faces: list[int], mask: int) -> int:
        """outlook.net_cost: the line revealed in turn (`faces` as each will show), less
        what the best flip power among the halves of `mask` saves."""
        T, men, up, face = self.T, self.men, self.up, self.face
        price, none = T.price, T.NONE
        n = len(faces)
        priced = [price(faces[i], men[i], 0, face[i - 1] if i and up[i - 1] else none,
                        faces[i + 1] if i + 1 < n else none, mask) >> 1
                  for i in range(n)]
        best = 0
        immune = T.flip_immune
        for h, kind, cap, targeting in T.savers:
            if not mask >> h & 1:
                continue
            if kind == "gain_cp":
                best = max(best, cap)
                continue
            for i in range(n):
                if targeting and up[i] and immune[face[i]]:
                    continue
                if kind == "return_henchman" and not men[i]:
                    continue
                saved = priced[i] if priced[i] < cap else cap
                if saved > best:
                    best = saved
        return sum(priced) - best

    def collect(self) -> None:
        T = self.T
        self.gain(sum(T.half_strength[2 * c + h]
                      for c, h, r in zip(self.cards, self.half, self.ready) if r))
        self.used = 0

    # -- the incursion ---------------------------------------------------------------
    def run_incursion(self) -> None:
        """incursion.run_incursion with QuickBot's tactics. The quick policy never swaps
        two defences with a flip power, so no defence is met twice: the weakening of the
        defence being overcome is all an incursion keeps."""
        T, face, up, men = self.T, self.face, self.up, self.men
        flips = T.settings.flip_powers_per_incursion
        denied = False
        mask = self.mask()
        price, none, no_tokens = T.price, T.NONE, T.no_tokens
        index = len(face) - 1
        while index >= 0:
            up[index] = True
            here = face[index]
            weak, bypassed = 0, False
            # its neighbours as it is priced: the outer one is revealed, the inner as it lies
            inner = face[index - 1] if index and up[index - 1] else none
            outer = face[index + 1] if index + 1 < len(face) else none
            code = price(here, men[index], 0, inner, outer, mask)
            while flips > 0 and not denied:
                cost = code >> 1
                if cost < DEAR and cost <= self.cp + self.tokens - self.used:
                    break                                  # worth no flip power
                k, kind = self._flip_pick(index, here)
                if k is None:
                    break
                self.ready[k] = False
                flips -= 1
                half = 2 * self.cards[k] + self.half[k]
                mask &= ~(1 << half)
                power = T.flip[half]
                if kind == "gain_cp":
                    self.gain(power["amount"])
                elif kind == "weaken":
                    weak += power["amount"]
                elif kind == "return_henchman":
                    men[index] -= 1
                    self.supply += 1
                else:                                      # bypass
                    bypassed = True
                    break
                code = price(here, men[index], weak, inner, outer, mask)
            with_gadget = False
            if not bypassed:                               # self.pay, inlined
                cost = code >> 1
                tokens = 0 if no_tokens[here] else self.tokens - self.used
                if cost > self.cp + tokens:
                    self._fail()
                    return
                from_tokens = cost if cost < tokens else tokens
                self.used += from_tokens
                self.cp -= cost - from_tokens
                with_gadget = not code & 1
            power = T.on_bypass[here]
            if power is not None:
                denied = self._on_bypass(index, power, with_gadget, flips, denied)
            index -= 1
        self._succeed()

    def _flip_pick(self, index: int, here: int) -> tuple[int | None, str]:
        """QuickBot._flip, on a defence she cannot pay for or a dear one (run_incursion
        asks only then): the first gadget of the first kind of FLIP_ORDER among the legal
        ones."""
        T = self.T
        immune = T.passive[here] == "flip_immune"
        first: dict[str, int] = {}
        for k, (card, half, ready) in enumerate(zip(self.cards, self.half, self.ready)):
            kind = T.flip_kind[2 * card + half] if ready else None
            if kind is None or (kind in TARGETING and immune):
                continue
            if kind == "return_henchman" and self.men[index] == 0:
                continue
            first.setdefault(kind, k)
        for kind in FLIP_ORDER:
            if kind in first:
                return first[kind], kind
        return None, ""

    def _on_bypass(self, index: int, power: dict, with_gadget: bool, flips: int,
                   denied: bool) -> bool:
        """incursion.on_bypass, always triggered when it has a target (QuickBot); returns
        whether flip powers are now denied."""
        kind, men = power["kind"], self.men
        if kind == "deny_flips":
            if flips > 0 and not denied:
                self.gain(power["gift"])
                return True
        elif kind == "move_henchman":
            at = index - 1 if power["direction"] == INWARD else index + 1
            if men[index] > 0 and 0 <= at < len(men):
                men[index] -= 1
                men[at] += 1
        elif kind == "lose_cp":
            if self.cp > 0 and not (power["unless_gadget"] and with_gadget):
                self.cp -= min(self.cp, power["amount"])
        elif index >= 2:                                   # swap_next
            ransom = power["ransom"]
            paid = False
            if ransom > 0 and self.budget() >= ransom and self.rng.randrange(2) == 0:
                self.pay(ransom)
                paid = True
            if not paid:
                for row in (self.face, self.up, men):
                    row[index - 1], row[index - 2] = row[index - 2], row[index - 1]
        return denied

    def _fail(self) -> None:
        s = self.T.settings
        self.clues += 1
        self.tokens = min(s.resource_tokens, self.tokens + 1)
        if self.clues >= s.clues:
            self.winner = SMUSH

    def _succeed(self) -> None:
        s = self.T.settings
        self.crystals += 1
        if self.crystals >= s.crystals:
            self.winner = HARMONY
            return
        if self.gained < s.henchmen:
            self.gained += 1
            self.supply += 1
        n = len(self.face)
        options = 1 + n + n * (n - 1)
        if options == 1 or self.sharp or self.rng.random() < 0.5:
            return                                         # her line as it is
        self.rearrange(self.rng.randrange(options))

    def rearrange(self, pick: int) -> None:
        """incursion.rearrange's option `pick`: keep, turn defence i, or move i to j."""
        n = len(self.face)
        if pick == 0:
            return
        if pick <= n:
            self.face[pick - 1] ^= 1
            return
        i, j = divmod(pick - 1 - n, n - 1)
        j += j >= i
        for row in (self.face, self.up, self.men):
            row.insert(j, row.pop(i))
