"""Cards of the SMERSH family: status, gadget, villain, mission, encounter, spy sheets."""

from __future__ import annotations

from smersh_dsl.model.art import Art
from smersh_dsl.model.card_powers import Leave, Power, Starts
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Definition, Name, Node
from smersh_dsl.model.steps import Block, Prose
from smersh_dsl.records import dataclass


@dataclass(frozen=True, kw_only=True, slots=True)
class TextCard(Definition):
    """A card of printed text: name, effect, discard effect, flavour; beside the prose,
    what it does (``powers``) and, for a status, how it leaves (``leaves``)."""

    name: Name
    tags: tuple[Name, ...] = ()
    effect: str | None = None
    discard: str | None = None
    flavour: str | None = None
    copies: int = 1
    prose: tuple[Prose, ...] = ()
    art: Art | None = None
    powers: tuple[Power, ...] = ()
    leaves: tuple[Leave, ...] = ()
    # A use discards the card (a gadget, a Top Secret card) unless the power says `keep`
    # or `uses N`; a status leaves only by its `leaves`, a villain card is done when drawn.
    USED_UP = False


@dataclass(frozen=True, kw_only=True, slots=True)
class StatusCard(TextCard):
    """EP-STATUS-1; a `[companion]` tag marks an orange companion (EP-STATUS-2)."""

    @property
    def companion(self) -> bool:
        return any(t.text == "companion" for t in self.tags)


@dataclass(frozen=True, kw_only=True, slots=True)
class GadgetCard(TextCard):
    USED_UP = True


@dataclass(frozen=True, kw_only=True, slots=True)
class TopSecretCard(TextCard):
    """SH-TOPSECRET-1: a Top Secret card, played like a gadget."""

    USED_UP = True


@dataclass(frozen=True, kw_only=True, slots=True)
class VillainCard(TextCard):
    pass


@dataclass(frozen=True, kw_only=True, slots=True)
class MissionCard(Definition):
    """EP-MISSION-1: region, name, city and two rewards."""

    name: Name
    region: Ref | None = None
    city: Ref | None = None
    rewards: tuple[Block, ...] = ()
    flavour: str | None = None
    art: Art | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Response(Node):
    number: int
    text: str


@dataclass(frozen=True, kw_only=True, slots=True)
class CardSection(Node):
    """A second encounter on the same card, used at one location (SH-ENC-1)."""

    location: Ref
    number: int
    number_text: str
    title: str
    responses: tuple[Response, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class EncounterCard(Definition):
    region: Ref
    number: int
    number_text: str
    title: str
    responses: tuple[Response, ...] = ()
    sections: tuple[CardSection, ...] = ()
    art: Art | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class SkillLevel(Node):
    skill: Ref
    level: int


@dataclass(frozen=True, kw_only=True, slots=True)
class SpyStat(Node):
    name: str          # health, resolve, rest, skill_points, missions
    value: int


@dataclass(frozen=True, kw_only=True, slots=True)
class SpySheet(Definition):
    name: Name
    skills: tuple[SkillLevel, ...] = ()
    advanced_skills: tuple[Ref, ...] = ()
    stats: tuple[SpyStat, ...] = ()
    double_agent_of: Ref | None = None     # EP-VAR-2
    starts: Starts | None = None           # EP-SETUP-1
    prose: tuple[Prose, ...] = ()
