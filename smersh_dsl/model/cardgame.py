"""Agents of S.M.U.S.H.: gadget cards of two halves, defence cards of two faces (SM-*)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Definition, Name, Node
from smersh_dsl.model.world import RuleSetting


@dataclass(frozen=True, kw_only=True)
class CardGameDef(Definition):
    key: Name
    title: str
    version: str | None = None
    rules: tuple[RuleSetting, ...] = ()
    types: tuple[Name, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Boost(Node):
    """`boost 1 cp +2`: pay CP to raise strength (SM-INC-2)."""

    cost: int
    amount: int


class Direction(str, Enum):
    INWARD = "inward"
    OUTWARD = "outward"


@dataclass(frozen=True, kw_only=True)
class StrengthBonus(Node):
    """SM-CARD-1: applies if the adjacent face-up defence that way matches."""

    amount: int
    direction: Direction
    condition: Ref


@dataclass(frozen=True, kw_only=True)
class CardFace(Node):
    """A gadget half or a defence face."""

    name: Name
    type: Ref | None = None
    strength: int | None = None
    boost: Boost | None = None
    bonuses: tuple[StrengthBonus, ...] = ()
    flip: str | None = None
    on_bypass: str | None = None
    passive: str | None = None
    flavour: str | None = None


@dataclass(frozen=True, kw_only=True)
class SmushGadgetCard(Definition):
    number: int
    halves: tuple[CardFace, ...] = ()


@dataclass(frozen=True, kw_only=True)
class DefenceCard(Definition):
    number: int
    faces: tuple[CardFace, ...] = ()
