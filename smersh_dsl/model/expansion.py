"""Pieces that Swagman's Hope brings: stranded cards, dead drops, red intel."""

from __future__ import annotations

from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Definition, Name
from smersh_dsl.model.steps import Block
from smersh_dsl.records import dataclass


@dataclass(frozen=True, kw_only=True, slots=True)
class StrandedCard(Definition):
    """SH-STRAND-1: read as the encounter in the Outback; says where the spy ends."""

    name: Name
    body: Block


@dataclass(frozen=True, kw_only=True, slots=True)
class DeadDrop(Definition):
    """SH-DROP-1: claimed by the first spy to land on its city."""

    name: Name
    body: Block


@dataclass(frozen=True, kw_only=True, slots=True)
class RedIntel(Definition):
    """SH-INTEL-1: a number (1 or 2) and an icon."""

    value: int
    icon: Ref
