"""Symbol tables: for each namespace, the names defined and where."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field

from smersh_dsl.model.campaign import CampaignDef, Scenario
from smersh_dsl.model.cardgame import CardGameDef, DefenceCard, SmushGadgetCard
from smersh_dsl.model.cards import (GadgetCard, MissionCard, SpySheet, StatusCard,
                                    TopSecretCard, VillainCard)
from smersh_dsl.model.document import Project
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.expansion import DeadDrop, StrandedCard
from smersh_dsl.model.refs import RefKind
from smersh_dsl.model.showdowns import SectionKind, Showdown, Henchman
from smersh_dsl.model.span import Definition, Name
from smersh_dsl.model.world import GameDef, Region
from smersh_dsl.records import dataclass

# Which namespaces a reference of each kind may name, in order of preference.
NAMESPACES: dict[RefKind, tuple[str, ...]] = {
    RefKind.SKILL: ("skill",),
    RefKind.ADVANCED_SKILL: ("advanced skill",),
    RefKind.HOLDABLE: ("advanced skill", "status", "gadget"),
    RefKind.STATUS: ("status",),
    RefKind.GADGET: ("gadget",),
    RefKind.PLACE: ("region", "location"),
    RefKind.REGION: ("region",),
    RefKind.LOCATION: ("location",),
    RefKind.HENCHMAN: ("henchman",),
    RefKind.LOBO_SECTION: ("Dr. Lobo section",),
    RefKind.DIFFICULTY: ("difficulty",),
    RefKind.INTEL_ICON: ("intel icon",),
    RefKind.VARIANT: ("variant",),
    RefKind.LOG_FIELD: ("log field",),
    RefKind.BOARD_MEMBER: ("board member",),
    RefKind.EVIDENCE: ("evidence card",),
    RefKind.CARD_TYPE: ("card type",),
    RefKind.CARD_OR_TYPE: ("card face", "card type"),
}
# What a reference must resolve to, where narrower than the namespaces it is looked up in
# (those stay for going to a definition): SM-CARD-1, a defence bonus matches a defence.
RESOLVES_TO: dict[RefKind, tuple[str, ...]] = {
    **NAMESPACES, RefKind.CARD_OR_TYPE: ("defence face", "card type"),
}

# Namespaces that are part of another, told apart by the block that defines the name: a
# gadget half and a defence face are both card faces (one namespace for D004), but a
# defence bonus matches only defences (SM-CARD-1).
DERIVED: dict[str, tuple[str, type]] = {
    "defence face": ("card face", DefenceCard), "gadget half": ("card face", SmushGadgetCard),
}
# Where else a name is looked for when it is not of the kind wanted (N018), in this order.
KINDS = ("skill", "advanced skill", "status", "gadget", "henchman", "Dr. Lobo section",
         "region", "location", "difficulty", "intel icon", "variant", "log field",
         "board member", "evidence card", "card type", "defence face", "gadget half",
         "villain", "Top Secret card", "mission", "spy", "stranded card", "dead drop")


@dataclass(frozen=True)
class Defined:
    """One definition of a name: where, and by which top-level block."""

    name: Name
    owner: Definition


def _header_names(header: Definition) -> Iterator[tuple[str, Name]]:
    if isinstance(header, GameDef):
        yield from (("skill", n) for n in header.skills)
        yield from (("advanced skill", n) for n in header.advanced_skills)
        yield from (("difficulty", n) for n in header.difficulties)
        yield from (("intel icon", n) for n in header.intel_icons)
        yield from (("variant", v.name) for v in header.variants)
    elif isinstance(header, CampaignDef):
        yield from (("log field", f.name) for f in header.log_fields)
        yield from (("board member", n) for n in header.board_members)
        yield from (("evidence card", e.name) for e in header.evidence)
    elif isinstance(header, CardGameDef):
        yield from (("card type", n) for n in header.types)


_SIMPLE = ((StatusCard, "status"), (GadgetCard, "gadget"), (VillainCard, "villain"),
           (TopSecretCard, "Top Secret card"),
           (MissionCard, "mission"), (SpySheet, "spy"), (Henchman, "henchman"),
           (StrandedCard, "stranded card"), (DeadDrop, "dead drop"))


def named_definitions(definition: Definition) -> Iterator[tuple[str, Name]]:
    """The (namespace, name) pairs a top-level block defines."""
    yield from _header_names(definition)
    for kind, namespace in _SIMPLE:
        if isinstance(definition, kind):
            yield namespace, definition.name  # type: ignore[attr-defined]
    if isinstance(definition, Region):
        yield "region", definition.name
        yield from (("location", loc.name) for loc in definition.locations)
    elif isinstance(definition, Showdown):
        space = "showdown" if definition.kind is SectionKind.HENCHMAN else "Dr. Lobo section"
        yield space, definition.name
    elif isinstance(definition, Scenario):
        yield "scenario", Name(text=str(definition.number), span=definition.span)
    elif isinstance(definition, SmushGadgetCard):
        yield "gadget card", Name(text=str(definition.number), span=definition.span)
        yield from (("card face", h.name) for h in definition.halves)
    elif isinstance(definition, DefenceCard):
        yield "defence card", Name(text=str(definition.number), span=definition.span)
        yield from (("card face", f.name) for f in definition.faces)


@dataclass
class Symbols:
    """Own names (in source order, duplicates kept) and the base game's names."""

    own: dict[str, list[Defined]] = field(default_factory=dict)
    base: dict[str, dict[str, Defined]] = field(default_factory=dict)
    _names: dict[str, set[str]] = field(default_factory=dict, repr=False, compare=False)
    _by_kind: dict[RefKind, set[str]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, project: Project) -> Symbols:
        symbols = cls()
        for definition in project.definitions():
            if type(definition) is EncounterEntry:    # most blocks, and they name nothing
                continue
            for namespace, name in named_definitions(definition):
                symbols.own.setdefault(namespace, []).append(Defined(name, definition))
        if project.base is not None:
            inherited = cls.of(project.base)
            for namespace in set(inherited.own) | set(inherited.base):
                merged = dict(inherited.base.get(namespace, {}))
                merged.update({d.name.text: d for d in inherited.own.get(namespace, [])})
                symbols.base[namespace] = merged
        return symbols

    def names(self, namespace: str) -> set[str]:
        found = self._names.get(namespace)
        if found is None:     # the table is complete once `of` returns; names are asked often
            whole, owner = DERIVED.get(namespace, (namespace, object))
            found = self._names[namespace] = (
                {d.name.text for d in self.own.get(whole, []) if isinstance(d.owner, owner)}
                | {n for n, d in self.base.get(whole, {}).items() if isinstance(d.owner, owner)})
        return found

    def kind_of(self, name: str, kind: RefKind) -> str | None:
        """What else ``name`` is, when it is not of the kind ``kind`` wants (N018)."""
        wanted = RESOLVES_TO[kind]
        return next((ns for ns in KINDS if ns not in wanted and name in self.names(ns)), None)

    def resolves(self, kind: RefKind, name: str) -> bool:
        known = self._by_kind.get(kind)
        if known is None:     # asked once per reference: 30,000 times in a 10k-entry book
            known = self._by_kind[kind] = set().union(*(self.names(ns) for ns in RESOLVES_TO[kind]))
        return name in known

    def candidates(self, kind: RefKind) -> list[str]:
        return sorted({n for ns in RESOLVES_TO[kind] for n in self.names(ns)})
