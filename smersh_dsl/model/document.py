"""A parsed source file and a loaded project."""

from __future__ import annotations

from dataclasses import field
from enum import Enum
from pathlib import Path
from typing import Union

from smersh_dsl.model.campaign import CampaignDef, Scenario
from smersh_dsl.model.cardgame import CardGameDef, DefenceCard, SmushGadgetCard
from smersh_dsl.model.cards import (EncounterCard, GadgetCard, MissionCard, SpySheet,
                                    StatusCard, TopSecretCard, VillainCard)
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.expansion import DeadDrop, RedIntel, StrandedCard
from smersh_dsl.model.showdowns import Henchman, Showdown
from smersh_dsl.model.span import Node
from smersh_dsl.model.world import ExpansionDef, GameDef, Region
from smersh_dsl.records import dataclass

Header = Union[GameDef, ExpansionDef, CampaignDef, CardGameDef]
Content = Union[Region, StatusCard, GadgetCard, VillainCard, TopSecretCard, MissionCard, EncounterCard,
                SpySheet, EncounterEntry, Henchman, Showdown, StrandedCard, DeadDrop,
                RedIntel, Scenario, SmushGadgetCard, DefenceCard]
Definition = Union[Header, Content]
HEADER_TYPES = (GameDef, CampaignDef, CardGameDef)  # ExpansionDef is a GameDef


@dataclass(frozen=True, kw_only=True, slots=True)
class Comment(Node):
    text: str


@dataclass(frozen=True)
class SourceFile:
    path: str
    text: str
    definitions: tuple[Definition, ...]
    comments: tuple[Comment, ...] = ()
    # The kinds of top-level block (`entry`, `status`...) left out because they did not
    # parse; "" where the kind is not known (the whole file, or text before any block).
    lost: tuple[str, ...] = ()

    def block_types(self) -> frozenset[type]:
        """The types of its blocks: what a reader that needs only some kinds of block
        asks first (a file read back from the parse cache answers without its blocks)."""
        return frozenset(type(d) for d in self.definitions)


class ProjectKind(str, Enum):
    GAME = "game"
    EXPANSION = "expansion"
    CAMPAIGN = "campaign"
    CARDGAME = "cardgame"
    FRAGMENT = "fragment"     # files with no header: checked against the bundled game


class Gap(str, Enum):
    """Why a project's content is not all there: what must happen before findings that
    something is missing can be trusted."""

    SYNTAX = "the syntax errors are fixed"
    INPUT = "the input errors are fixed"
    NO_BASE = "the base game is found"


@dataclass
class Project:
    """Files that belong together: a folder with a manifest, or a lone file."""

    root: Path
    files: list[SourceFile] = field(default_factory=list)
    header: Header | None = None
    base: Project | None = None      # the game an expansion or fragment extends
    # Some of its content could not be read (a file unreadable, a block that does not
    # parse, a base game not found): findings about missing things would mislead.
    gaps: set[Gap] = field(default_factory=set)
    # Lookups worked out from the files (blocks by type), dropped when the files change.
    _seen: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def kind(self) -> ProjectKind:
        if isinstance(self.header, ExpansionDef):
            return ProjectKind.EXPANSION
        if isinstance(self.header, GameDef):
            return ProjectKind.GAME
        if isinstance(self.header, CampaignDef):
            return ProjectKind.CAMPAIGN
        if isinstance(self.header, CardGameDef):
            return ProjectKind.CARDGAME
        return ProjectKind.FRAGMENT

    @property
    def incomplete(self) -> bool:
        return bool(self.gaps)

    @property
    def name(self) -> str:
        if self.header is not None:
            return self.header.key.text
        return self.root.stem

    def definitions(self) -> list[Definition]:
        return list(self._definitions())

    def _definitions(self) -> tuple[Definition, ...]:
        """Every block, in file order; worked out again only when the files changed."""
        key = tuple(id(f) for f in self.files)
        if self._seen.get("files") != key:
            self._seen.clear()
            self._seen["files"] = key
            self._seen["all"] = tuple(d for f in self.files for d in f.definitions)
        return self._seen["all"]

    def lineage(self) -> list[Project]:
        """This project, then its base, then the base's base: nearest first."""
        chain: list[Project] = []
        current: Project | None = self
        while current is not None and all(current is not p for p in chain):
            chain.append(current)
            current = current.base
        return chain

    def of_type(self, kind: type) -> list:
        every = self._definitions()
        found = self._seen.get(kind)
        if found is None:
            # Blocks grouped by their exact type once, in one pass: then a kind is the
            # few groups whose type it covers, not another pass over 10,000 blocks.
            groups = self._seen.get("types")
            if groups is None:
                groups = self._seen["types"] = {}
                for position, definition in enumerate(every):
                    groups.setdefault(type(definition), []).append(position)
            positions = sorted(p for t, group in groups.items() if issubclass(t, kind)
                               for p in group)
            found = self._seen[kind] = tuple(every[p] for p in positions)
        return list(found)
