"""A game's vocabulary and its board: skills, dice, the Lobo track, regions, places."""

from __future__ import annotations

from enum import Enum

from smersh_dsl.model.art import Art, CardBack, Icon
from smersh_dsl.model.effects import Effect
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Definition, Name, Node
from smersh_dsl.model.steps import Block
from smersh_dsl.records import dataclass


@dataclass(frozen=True, kw_only=True, slots=True)
class DieDef(Node):
    """A die and its faces, declared in the book, never assumed in code."""

    name: Name
    faces: tuple[str, ...]

    def numeric_faces(self) -> tuple[int, ...]:
        return tuple(sorted({int(f) for f in self.faces if f.isdigit()}))


@dataclass(frozen=True, kw_only=True, slots=True)
class LoboTrack(Node):
    rounds: int | None = None
    lobo_after: tuple[int, ...] = ()      # by number of henchmen, 1..4 (EP-VAR-1)
    lair_intel: tuple[int, ...] = ()      # rounds that place intel on lairs (EP-LOBO-2)


@dataclass(frozen=True, kw_only=True, slots=True)
class RuleSetting(Node):
    name: Name
    values: tuple[int | str, ...]


def rule_key(setting: RuleSetting) -> str:
    """`hand_limit "Top Secret" 3` is the rule `hand_limit "Top Secret"`: a quoted first
    value says which of several limits the setting is. An expansion's setting replaces the
    base game's of the same key (X checks it, the merged document applies it)."""
    first = setting.values[0] if setting.values else None
    return f'{setting.name.text} "{first}"' if isinstance(first, str) else setting.name.text


@dataclass(frozen=True, kw_only=True, slots=True)
class Setting(Node):
    """One setting as written in a variant's block: its keyword, where (V005 finds repeats)."""

    keyword: str


@dataclass(frozen=True, kw_only=True, slots=True)
class VariantSetup(Node):
    """What each player gets at the start under a variant (SH-EPIC-1)."""

    raise_any_skill: int = 0     # one basic skill of the player's choice goes up by this
    top_secret: int = 0          # extra Top Secret cards dealt
    settings: tuple[Setting, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Variant(Node):
    """An optional variant: its rules text, and the rules it changes as typed data that
    `smersh play` reads (EP-VAR-1..3, SH-EPIC-1). A setting written twice keeps its first
    value; V005 reports the repeat."""

    name: Name
    text: str
    henchmen: tuple[int, int] | None = None      # EP-VAR-1: how many henchmen may be faced
    main_last: bool = False                      # EP-VAR-1 A: the main henchman comes last
    beaten: Block | None = None                  # EP-VAR-1 B: a secondary henchman beaten
    not_beaten: Block | None = None              # EP-VAR-1 B: ... and not beaten
    restrict_double_agents: bool = False         # EP-VAR-2
    reroll_lines: bool = False                   # EP-VAR-2: entries' reroll lines apply
    lifts: tuple[Ref, ...] = ()                  # EP-VAR-3: variants this one switches off
    players: tuple[int, int] | None = None       # SH-EPIC-1: at least 3, up to 5 agents
    players_because: str | None = None           # why the range leaves the game's (V004)
    location_track: int | None = None            # SH-EPIC-1: the Location Track's goal
    setup: VariantSetup | None = None
    red_un_transports: int | None = None         # SH-EPIC-1: extra Red UN Transport tokens
    settings: tuple[Setting, ...] = ()

    def setting(self, keyword: str) -> Setting | None:
        """Where ``keyword`` is first written in the block, if it is."""
        return next((s for s in self.settings if s.keyword == keyword), None)


@dataclass(frozen=True, kw_only=True, slots=True)
class GameDef(Definition):
    """The header of a game: its vocabulary. Also the base of an expansion header."""

    key: Name
    title: str
    version: str | None = None
    skills: tuple[Name, ...] = ()
    skill_max: int | None = None
    advanced_skills: tuple[Name, ...] = ()
    advanced_limit: int | None = None
    dice: tuple[DieDef, ...] = ()
    lobo_track: LoboTrack | None = None
    difficulties: tuple[Name, ...] = ()
    players: tuple[int, int] | None = None
    rules: tuple[RuleSetting, ...] = ()
    variants: tuple[Variant, ...] = ()
    intel_icons: tuple[Name, ...] = ()
    cover: Art | None = None                     # `art` in the header: the book's cover
    icons: tuple[Icon, ...] = ()
    backs: tuple[CardBack, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class ExpansionDef(GameDef):
    extends: Ref


class LocationKind(str, Enum):
    CITY = "city"
    OCEAN = "ocean"
    AREA = "area"


@dataclass(frozen=True, kw_only=True, slots=True)
class Location(Node):
    kind: LocationKind
    name: Name
    airport: bool = False
    hq: bool = False
    lair: bool = False
    resolve: bool = False
    gadget: bool = False
    advanced_skill: bool = False
    skill: Ref | None = None
    coastal: bool = False
    hub: bool = False
    stranded_only: bool = False          # SH-BOARD-4
    closed: bool = False                 # an airport closed at the start (Sydney)
    fate: int | None = None              # the fate card's blue number (SH-BOARD-1)
    values: tuple[int, ...] | None = None  # die values an encounter here uses


@dataclass(frozen=True, kw_only=True, slots=True)
class Route(Node):
    start: Ref
    end: Ref
    cost: int = 1


@dataclass(frozen=True, kw_only=True, slots=True)
class RegionBonus(Node):
    text: str
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Region(Definition):
    name: Name
    locations: tuple[Location, ...] = ()
    routes: tuple[Route, ...] = ()
    bonus: RegionBonus | None = None
    values: tuple[int, ...] | None = None   # the deck's die values; default: the fate die
    art: Art | None = None                  # printed where the region opens in the book
