"""What lies on the table in a game of Agents of S.M.U.S.H.: SMUSH's line of defences,
Harmony's gadgets, the counters, and what each side may see of them."""

from __future__ import annotations

from collections import Counter
from dataclasses import field

from smersh_dsl.play.smush.rules import (Card, Face, Rules, bare_price, boost_price, bonus_total,
                                         defence_strength)
from smersh_dsl.records import dataclass


@dataclass
class Defence:
    """A defence card in SMUSH's line: `face` is the side turned towards the spy."""

    card: Card
    face: int
    face_up: bool = False
    henchmen: int = 0

    @property
    def active(self) -> Face:
        return self.card.faces[self.face]

    def copy(self) -> Defence:
        return Defence(self.card, self.face, self.face_up, self.henchmen)


@dataclass
class Gadget:
    """A gadget card Harmony has played: `half` is the active half (facing SMUSH)."""

    card: Card
    half: int = 0
    face_up: bool = True

    @property
    def active(self) -> Face:
        return self.card.faces[self.half]

    def copy(self) -> Gadget:
        return Gadget(self.card, self.half, self.face_up)


@dataclass
class Usage:
    """How often each gadget half and defence face was used, for `smersh simulate`."""

    overcame: Counter[str] = field(default_factory=Counter)   # gadget half -> defences
    flipped: Counter[str] = field(default_factory=Counter)    # gadget half -> flip powers
    played: Counter[str] = field(default_factory=Counter)     # defence face -> times laid
    met: Counter[str] = field(default_factory=Counter)        # defence face -> incursions
    decided: Counter[str] = field(default_factory=Counter)    # half or face -> 1 if it
    #                                                           decided the game (sim.py)


@dataclass
class Table:
    rules: Rules
    cp: int
    deck: list[Card]
    gadget_hand: list[Card]
    round: int = 0
    tokens: int = 0                   # resource tokens held (SM-INC-4)
    tokens_used: int = 0              # spent this round; refreshed at round end
    crystals: int = 0
    clues: int = 0
    hand: list[Card] = field(default_factory=list)
    line: list[Defence] = field(default_factory=list)     # [0] is nearest SMUSH
    supply: int = 0                   # SMUSH's henchmen not on a defence
    henchmen_gained: int = 0
    gadgets: list[Gadget] = field(default_factory=list)
    winner: str | None = None
    ending: str = ""                  # "crystals", "clues" or "rounds" (SM-END-1)
    reason: str = ""
    last_stop: str = ""               # the defence face that stopped the last failed incursion
    usage: Usage = field(default_factory=Usage)

    def copy(self) -> Table:
        """Everything on the table, for a search to play on; usage counts start afresh."""
        return Table(rules=self.rules, cp=self.cp, deck=list(self.deck),
                     gadget_hand=list(self.gadget_hand), round=self.round, tokens=self.tokens,
                     tokens_used=self.tokens_used, crystals=self.crystals, clues=self.clues,
                     hand=list(self.hand), line=[d.copy() for d in self.line],
                     supply=self.supply, henchmen_gained=self.henchmen_gained,
                     gadgets=[g.copy() for g in self.gadgets], winner=self.winner,
                     ending=self.ending, reason=self.reason, last_stop=self.last_stop)

    # -- money -----------------------------------------------------------------------
    def gain_cp(self, amount: int) -> int:
        """Assumption (SM-ROUND-1): CP never go above the cap (two dice: 12), at any time;
        returns what was gained."""
        before = self.cp
        self.cp = max(0, min(self.rules.settings.cp_cap, self.cp + amount))
        return self.cp - before

    def budget(self, tokens_allowed: bool = True) -> int:
        return self.cp + (self.tokens - self.tokens_used if tokens_allowed else 0)

    def pay(self, price: int, tokens_allowed: bool = True) -> None:
        """Assumption (SM-INC-4): resource tokens first (they refresh each round, dice CP do
        not), then CP."""
        from_tokens = min(price, self.tokens - self.tokens_used) if tokens_allowed else 0
        self.tokens_used += from_tokens
        self.cp -= price - from_tokens
        assert self.cp >= 0, "paid more than the spy has"

    # -- what is seen ----------------------------------------------------------------
    def active_gadgets(self) -> list[Gadget]:
        return [g for g in self.gadgets if g.face_up]

    def income(self) -> int:
        """SM-ROUND-1 step 7: the base strength of the active gadgets still face up."""
        return sum(g.active.strength for g in self.active_gadgets())

    def over(self) -> bool:
        return self.winner is not None


def strength_at(line: list[Defence], index: int, rules: Rules, weakened: int = 0) -> int:
    d = line[index]
    return defence_strength(d.active, d.henchmen, shown(line), index, rules.settings, weakened)


def shown(line: list[Defence]) -> list[Face | None]:
    """The active face of each defence, None where it is face down (blank, SM-CARD-1)."""
    return [d.active if d.face_up else None for d in line]


def face_prices(defence: Face, henchmen: int, faces: list[Face | None], index: int,
                halves: list[Face], rules: Rules, weakened: int = 0) -> list[tuple[Face | None, int]]:
    """Every way to overcome `defence` at `index`, with its CP price: each active half of its
    type (SM-INC-2), boosted, then without a gadget. Ways that cannot reach it are left out."""
    strength = defence_strength(defence, henchmen, faces, index, rules.settings, weakened)
    surcharge = defence.passive["amount"] if defence.passive_kind() == "boost_cost" else 0
    found: list[tuple[Face | None, int]] = []
    for half in halves:
        if half.type != defence.type:
            continue
        price = boost_price(half.strength + bonus_total(half.bonuses, faces, index), strength,
                            half, surcharge)
        if price is not None:
            found.append((half, price))
    found.append((None, bare_price(strength, rules.settings)))
    return found


def prices(line: list[Defence], index: int, halves: list[Face], rules: Rules,
           weakened: int = 0) -> list[tuple[Face | None, int]]:
    d = line[index]
    return face_prices(d.active, d.henchmen, shown(line), index, halves, rules, weakened)


def cheapest(line: list[Defence], index: int, halves: list[Face], rules: Rules,
             weakened: int = 0) -> int:
    return min(price for _, price in prices(line, index, halves, rules, weakened))


def swap_next(line: list[Defence], index: int) -> None:
    """The `swap_next` power of the defence at `index`: the next two defences inward
    change places, orientations kept."""
    line[index - 1], line[index - 2] = line[index - 2], line[index - 1]


def harmony_view(table: Table) -> str:
    """The table as both players see it: face-down defences are not named."""
    parts = []
    for i, d in reversed(list(enumerate(table.line))):
        shown = f"{d.active.name} ({d.active.type} {d.active.strength})" if d.face_up else "face down"
        parts.append(f"[{i + 1}] {shown}" + (f" +{d.henchmen} henchm." if d.henchmen else ""))
    gadgets = ", ".join(f"{g.active.name}{'' if g.face_up else ' (face down)'}"
                        for g in table.gadgets) or "none"
    s = table.rules.settings
    return (f"Round {table.round}/{s.rounds}. Harmony: {table.cp} CP, "
            f"{table.tokens - table.tokens_used}/{table.tokens} resource tokens, "
            f"{table.crystals}/{s.crystals} crystals; active gadgets: {gadgets}. "
            f"SMUSH: {table.clues}/{s.clues} clues, {table.supply} henchmen in hand.\n"
            f"  Defences, outermost first: " + (" | ".join(parts) or "none"))


def new_table(rules: Rules, deck: list[Card]) -> Table:
    return Table(rules=rules, cp=rules.settings.cp_start, deck=list(deck),
                 gadget_hand=list(rules.gadgets))

