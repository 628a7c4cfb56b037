"""Henchmen, their epic showdowns and the Dr. Lobo sections (EP-SHOW-*, EP-HENCH-*)."""

from __future__ import annotations

from enum import Enum

from smersh_dsl.model.art import Art
from smersh_dsl.model.effects import Condition
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Definition, Name, Node
from smersh_dsl.model.steps import Block, Prose
from smersh_dsl.records import dataclass


@dataclass(frozen=True, kw_only=True, slots=True)
class IntelCost(Node):
    players: int
    intel: int


@dataclass(frozen=True, kw_only=True, slots=True)
class HenchmanLevel(Node):
    """A level of a levelled henchman such as the Aussie Butcher (SH-BUTCHER-1)."""

    number: int
    body: Block


@dataclass(frozen=True, kw_only=True, slots=True)
class Henchman(Definition):
    name: Name
    difficulty: Ref | None = None
    intel_cost: tuple[IntelCost, ...] = ()
    lobo: Ref | None = None
    successes: int | None = None
    levels: tuple[HenchmanLevel, ...] = ()
    prose: tuple[Prose, ...] = ()
    flavour: str | None = None


class SectionKind(str, Enum):
    HENCHMAN = "henchman"
    LOBO = "lobo"


@dataclass(frozen=True, kw_only=True, slots=True)
class ShowdownEncounter(Node):
    number: int
    number_text: str
    body: Block


@dataclass(frozen=True, kw_only=True, slots=True)
class TallyRow(Node):
    condition: Condition
    target: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class Tally(Node):
    """Counts success tokens and sends the party on (EP-SHOW-4)."""

    name: Name
    rows: tuple[TallyRow, ...] = ()
    otherwise: Ref | None = None


class ConclusionKind(str, Enum):
    VICTORY = "victory"
    DEFEAT = "defeat"


@dataclass(frozen=True, kw_only=True, slots=True)
class Conclusion(Node):
    kind: ConclusionKind
    name: Name
    body: Block


@dataclass(frozen=True, kw_only=True, slots=True)
class Showdown(Definition):
    """A henchman's epic showdown (`showdown NAME`) or a Dr. Lobo section (`lobo A`)."""

    kind: SectionKind
    name: Name
    intro: Block | None = None
    encounters: tuple[ShowdownEncounter, ...] = ()
    tallies: tuple[Tally, ...] = ()
    conclusions: tuple[Conclusion, ...] = ()
    successes: int | None = None
    art: Art | None = None          # printed with the introduction
