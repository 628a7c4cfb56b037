"""What a card does, typed beside its prose (issue #27): a card's powers (`does`), a status's
discard effects (`leaves`) and what a spy holds at setup (`starts`, EP-SETUP-1)."""

from __future__ import annotations

from enum import Enum
from typing import Union

from smersh_dsl.model.effects import Condition, Effect
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Node
from smersh_dsl.records import dataclass


class Timing(str, Enum):
    """When a power acts."""

    ANY_TIME = "any_time"              # any time on the owner's turn (EP-GADGET-1)
    BEFORE_TEST = "before_test"        # a test read and its taker chosen, before the roll
    AFTER_ROLL = "after_roll"          # the dice rolled, before the result counts
    AFTER_PASS = "after_pass"          # the owner passed an encounter's test
    ON_INJURY = "on_injury"            # the owner would take injuries
    ON_GAIN_INTEL = "on_gain_intel"    # the owner gains intel
    START_OF_TURN = "start_of_turn"
    END_OF_TURN = "end_of_turn"        # a villain card's End of Turn event (SH-VILLAIN-1)
    WHILE_HELD = "while_held"          # in force while held: no use, no cost
    WHEN_DRAWN = "when_drawn"          # a villain card's Villain Advancement


class Reach(str, Enum):
    """Whom a power's effect reaches (EP-COMP-1)."""

    OWNER = "owner"
    ALL = "all"
    REGION = "region"
    PLACE = "place"
    AUSTRALIA = "australia"


class AirportAction(str, Enum):
    OPEN = "open"
    CLOSE = "close"
    TOGGLE = "toggle"


@dataclass(frozen=True, kw_only=True, slots=True)
class DiceStep(Node):
    """Bonus (or, negative, penalty) dice to the test (EP-TEST-5's dice, from a card)."""

    amount: int


@dataclass(frozen=True, kw_only=True, slots=True)
class AutoPass(Node):
    """The test passes automatically (EP-TEST-4, from a card)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class RerollDice(Node):
    """Roll the test's dice again."""


@dataclass(frozen=True, kw_only=True, slots=True)
class PreventInjury(Node):
    """Take ``amount`` fewer injuries."""

    amount: int = 1


@dataclass(frozen=True, kw_only=True, slots=True)
class AirportStep(Node):
    """Open, close or toggle an airport (a villain card's End of Turn event)."""

    action: AirportAction
    airport: Ref


CardStep = Union[DiceStep, AutoPass, RerollDice, PreventInjury, AirportStep]
PowerStep = Union[Effect, CardStep]
# The steps that act on a test, and the timings at which a test is there to act on.
TEST_STEPS: dict[type, tuple[Timing, ...]] = {
    DiceStep: (Timing.BEFORE_TEST, Timing.WHILE_HELD, Timing.AFTER_ROLL),
    AutoPass: (Timing.BEFORE_TEST, Timing.WHILE_HELD, Timing.AFTER_ROLL),
    RerollDice: (Timing.AFTER_ROLL,),
    PreventInjury: (Timing.ON_INJURY,),
}
STEP_WORDS: dict[type, str] = {DiceStep: "dice", AutoPass: "auto_pass", RerollDice: "reroll",
                               PreventInjury: "prevent"}


@dataclass(frozen=True, kw_only=True, slots=True)
class Power(Node):
    """`does TIMING [on SKILL...] [if CONDITION] { STEP... } [TERM...]`. ``keep`` and
    ``uses`` are as written (``uses`` None when not written); `discard_after` says what
    they mean on a card of a kind."""

    timing: Timing
    skills: tuple[Ref, ...] = ()
    guard: Condition | None = None
    steps: tuple[PowerStep, ...] = ()
    cost_resolve: int = 0
    cost_intel: int = 0
    keep: bool = False
    uses: int | None = None
    reach: Reach = Reach.OWNER

    def discard_after(self, used_up: bool) -> int | None:
        """The number of uses before the card is discarded, None for never. ``used_up``:
        the card is one a use discards (a gadget or Top Secret card), not a status or a
        villain card, which powers never discard."""
        if not used_up or self.keep:
            return None
        return self.uses if self.uses is not None else 1


class LeaveKind(str, Enum):
    """A status's discard effects (EP-STATUS-3)."""

    REST = "rest"
    REST_HQ = "rest_hq"
    PASS = "pass"
    PASS_AT_HQ = "pass_at_hq"
    ENCOUNTER_IN = "encounter_in"
    END_OF_TURN = "end_of_turn"
    AFTER_USE = "after_use"
    SPEND = "spend"
    LOBO_ADVANCES = "lobo_advances"


@dataclass(frozen=True, kw_only=True, slots=True)
class Leave(Node):
    """One way a status leaves: ``skill`` for `pass`, ``region`` for `encounter_in`,
    ``amount`` for `spend N intel` and `lobo_advances N`."""

    kind: LeaveKind
    skill: Ref | None = None
    region: Ref | None = None
    amount: int | None = None


class StartCount(str, Enum):
    UN_TRANSPORT = "un_transport"
    BLUE_UN_TRANSPORT = "blue_un_transport"
    RED_UN_TRANSPORT = "red_un_transport"
    TOP_SECRET = "top_secret"


@dataclass(frozen=True, kw_only=True, slots=True)
class StartCounted(Node):
    what: StartCount
    count: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Starts(Node):
    """A spy sheet's `starts { ... }` (EP-SETUP-1): gadgets and statuses by name, tokens
    and Top Secret draws by count."""

    gadgets: tuple[Ref, ...] = ()
    statuses: tuple[Ref, ...] = ()
    counts: tuple[StartCounted, ...] = ()

    def count(self, what: StartCount) -> int:
        return sum(c.count for c in self.counts if c.what is what)
