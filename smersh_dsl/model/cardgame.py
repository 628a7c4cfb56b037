"""Agents of S.M.U.S.H.: gadget cards of two halves, defence cards of two faces (SM-*)."""

from __future__ import annotations

from enum import Enum

from smersh_dsl.model.art import Art
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Definition, Name, Node
from smersh_dsl.model.world import RuleSetting
from smersh_dsl.records import dataclass


@dataclass(frozen=True, kw_only=True, slots=True)
class CardGameDef(Definition):
    key: Name
    title: str
    version: str | None = None
    rules: tuple[RuleSetting, ...] = ()
    types: tuple[Name, ...] = ()
    cover: Art | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Boost(Node):
    """`boost 1 cp +2`: pay CP to raise strength (SM-INC-2)."""

    cost: int
    amount: int


class Direction(str, Enum):
    INWARD = "inward"
    OUTWARD = "outward"


@dataclass(frozen=True, kw_only=True, slots=True)
class StrengthBonus(Node):
    """SM-CARD-1: applies if the adjacent face-up defence that way matches."""

    amount: int
    direction: Direction
    condition: Ref


class PowerSlot(str, Enum):
    """Where a power is printed: when it acts (SM-INC-3, SM-INC-5 and the card anatomy)."""

    FLIP = "flip"
    ON_BYPASS = "on_bypass"
    PASSIVE = "passive"


class PowerKind(str, Enum):
    """The closed vocabulary of what a power does in play."""

    GAIN_CP = "gain_cp"                   # the spy gains `amount` CP
    LOSE_CP = "lose_cp"                   # the spy loses `amount` CP (unless she used a gadget)
    WEAKEN = "weaken"                     # the defence being overcome loses `amount` strength
    BOOST_COST = "boost_cost"             # each gadget boost costs `amount` more CP here
    BYPASS = "bypass"                     # the defence being overcome is bypassed
    PEEK = "peek"                         # see every face-down defence, then may withdraw
    RETURN_HENCHMAN = "return_henchman"   # one henchman here goes back to SMUSH
    SWAP_ADJACENT = "swap_adjacent"       # swap the defence being overcome with a neighbour
    SWAP_NEXT = "swap_next"               # SMUSH may swap the next two defences inward
    MOVE_HENCHMAN = "move_henchman"       # one henchman here moves to the next defence
    DENY_FLIPS = "deny_flips"             # no more flip powers this incursion
    NO_TOKENS = "no_tokens"               # no resource tokens spent on this defence
    FLIP_IMMUNE = "flip_immune"           # flip powers cannot target this defence


# Which kinds the player plays in which slot, and on which side of the table.
SLOT_KINDS: dict[PowerSlot, frozenset[PowerKind]] = {
    PowerSlot.FLIP: frozenset({PowerKind.GAIN_CP, PowerKind.WEAKEN, PowerKind.BYPASS,
                               PowerKind.PEEK, PowerKind.RETURN_HENCHMAN,
                               PowerKind.SWAP_ADJACENT}),
    PowerSlot.ON_BYPASS: frozenset({PowerKind.LOSE_CP, PowerKind.SWAP_NEXT,
                                    PowerKind.MOVE_HENCHMAN, PowerKind.DENY_FLIPS}),
    PowerSlot.PASSIVE: frozenset({PowerKind.BOOST_COST, PowerKind.NO_TOKENS,
                                  PowerKind.FLIP_IMMUNE}),
}
GADGET_SLOTS = frozenset({PowerSlot.FLIP})
DEFENCE_SLOTS = frozenset({PowerSlot.ON_BYPASS, PowerSlot.PASSIVE})


@dataclass(frozen=True, kw_only=True, slots=True)
class PowerEffect(Node):
    """`{ gain 3 cp }`: what a power does, in the closed vocabulary of `PowerKind`."""

    kind: PowerKind
    amount: int | None = None             # gain_cp, lose_cp, weaken, boost_cost
    unless_gadget: bool = False           # lose_cp: not if the spy overcame with a gadget
    gift: int = 0                         # deny_flips: CP SMUSH gives the spy to use it
    ransom: int = 0                       # swap_next: CP the spy may give to prevent it
    direction: Direction | None = None    # move_henchman


@dataclass(frozen=True, kw_only=True, slots=True)
class Power(Node):
    """A flip, on-bypass or passive power: its printed prose, and its effect in play."""

    slot: PowerSlot
    text: str
    effect: PowerEffect | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class CardFace(Node):
    """A gadget half or a defence face."""

    name: Name
    type: Ref | None = None
    strength: int | None = None
    boost: Boost | None = None
    bonuses: tuple[StrengthBonus, ...] = ()
    flip: Power | None = None
    on_bypass: Power | None = None
    passive: Power | None = None

    def powers(self) -> tuple[Power, ...]:
        return tuple(p for p in (self.flip, self.on_bypass, self.passive) if p is not None)
    flavour: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class SmushGadgetCard(Definition):
    number: int
    halves: tuple[CardFace, ...] = ()
    art: Art | None = None          # `art "file"` first in the card, as a SMERSH card's


@dataclass(frozen=True, kw_only=True, slots=True)
class DefenceCard(Definition):
    number: int
    faces: tuple[CardFace, ...] = ()
    art: Art | None = None
