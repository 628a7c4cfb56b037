"""What an entry, encounter or outcome is made of: prose, tests, choices, effects."""

from __future__ import annotations

from enum import Enum
from typing import Union

from smersh_dsl.model.effects import Condition, Effect
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Node
from smersh_dsl.records import dataclass


@dataclass(frozen=True, kw_only=True, slots=True)
class Prose(Node):
    """Writer's text. ``*word*`` is emphasis and ``**word**`` strong emphasis."""

    text: str


class SkillPick(str, Enum):
    NAMED = "named"      # the skill written
    ANY = "any"          # the spy's choice of basic skill
    ROLLED = "d6"        # a d6 picks it (the Aussie Butcher, SH-BUTCHER-1)


@dataclass(frozen=True, kw_only=True, slots=True)
class TestOption(Node):
    """One skill a test offers, with its own modifier and successes (EP-TEST-3)."""

    pick: SkillPick
    skill: Ref | None
    modifier: int = 0
    successes: int = 1


class ClauseKind(str, Enum):
    AUTO_PASS = "pass_with"   # EP-TEST-4
    DICE = "dice_with"        # EP-TEST-5


@dataclass(frozen=True, kw_only=True, slots=True)
class TestClause(Node):
    kind: ClauseKind
    ref: Ref
    dice: int = 0


@dataclass(frozen=True, kw_only=True, slots=True)
class SkillTest(Node):
    options: tuple[TestOption, ...]
    clauses: tuple[TestClause, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Gamble(Node):
    """Wager 1-6 intel, roll that many dice, one success wins (EP-GAMBLE-1)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Block(Node):
    steps: tuple[Step, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Check(Node):
    """A test or gamble with what follows a pass and a fail (EP-ENC-5)."""

    action: SkillTest | Gamble
    on_pass: Block | None = None
    on_fail: Block | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class ChoiceOption(Node):
    label: str
    guard: Condition | None = None
    goto: Ref | None = None          # `"label" -> target`
    body: Block | None = None        # `"label" { ... }`


@dataclass(frozen=True, kw_only=True, slots=True)
class Choice(Node):
    options: tuple[ChoiceOption, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class IfStep(Node):
    condition: Condition
    then: Block
    otherwise: Block | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Reroll(Node):
    """EP-VAR-2: reroll the fate die if this henchman sheet is in play and confronted."""

    henchman: Ref


Step = Union[Prose, Check, Choice, IfStep, Reroll, Effect]
