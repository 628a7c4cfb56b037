"""One JSON document per project, following the schema of its kind (schemas/).

The same project always gives byte-identical JSON: lists are sorted by name, number or
key, never by file order, and sources appear only when asked for (`--with-sources`).
"""

from __future__ import annotations

import json

from smersh_dsl import __version__
from smersh_dsl.export.campaign import campaign_header, scenario_json
from smersh_dsl.export.cardgame import defence_card_json, gadget_card_json
from smersh_dsl.export.game import EntryMemo, content, variant_json, vocabulary
from smersh_dsl.export.art import art_json
from smersh_dsl.export.steps import Json
from smersh_dsl.model.art import deck_key
from smersh_dsl.model.campaign import CampaignDef, Scenario
from smersh_dsl.model.cardgame import CardGameDef, DefenceCard, SmushGadgetCard
from smersh_dsl.model.document import Project, ProjectKind
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.keywords import keyword_of
from smersh_dsl.model.cards import EncounterCard
from smersh_dsl.model.world import ExpansionDef, GameDef, Region, rule_key

FORMAT_VERSION = 1
# A document names its schema by file, a reference resolved beside the document, where
# `smersh build` writes the schema's bundle (docs/json.md, "Validating without smersh").
SCHEMA_FILES = {"game": "game.schema.json", "expansion": "expansion.schema.json",
                "campaign": "campaign.schema.json", "cardgame": "cardgame.schema.json"}
MARKUP = "smersh-emphasis"


class NotBuildable(Exception):
    """A project that has no document of its own (a file without a header)."""


def _head(kind: str, key: str, title: str, version: str | None) -> Json:
    return {"$schema": SCHEMA_FILES[kind], "format_version": FORMAT_VERSION,
            "kind": kind, "id": key, "title": title, "version": version,
            "generator": {"name": "smersh", "version": __version__}, "markup": MARKUP}


def identity(definition) -> tuple:
    """What an `override` replaces: the same kind of block with the same name, number or key."""
    if isinstance(definition, EncounterEntry):
        return ("entry", definition.key.triple)
    if isinstance(definition, EncounterCard):
        return ("card", definition.number)
    name = getattr(definition, "name", None)
    kind = getattr(definition, "kind", None)
    return (type(definition).__name__, getattr(kind, "value", None),
            name.text if name is not None and hasattr(name, "text") else getattr(definition, "number", None))


def described(definition) -> str:
    """How an overridden block is named in the document: `status Marked`, `entry 01.2.3`."""
    if isinstance(definition, EncounterEntry):
        e, r, d = definition.key.triple
        return f"entry {e:02d}.{r}.{d}"
    if isinstance(definition, EncounterCard):
        return f"card {definition.number:02d}"
    name = getattr(definition, "name", None)
    label = name.text if name is not None and hasattr(name, "text") else str(getattr(definition, "number", ""))
    return f"{keyword_of(definition)} {label}"


def merged_definitions(base: list, extra: list) -> list:
    replaced = {identity(d) for d in extra}
    return [d for d in base if identity(d) not in replaced] + list(extra)


def _content_of(project: Project) -> list:
    from smersh_dsl.model.document import HEADER_TYPES

    return [d for d in project.definitions() if not isinstance(d, HEADER_TYPES)]


def document(project: Project, with_sources: bool = False, merged: bool = False,
             memo: EntryMemo | None = None) -> Json:
    """The project's JSON document. ``memo`` (a long-lived process: `smersh serve`) keeps
    each entry's JSON by the parsed entry it was made from, which stays the same object
    while its file is unchanged: a save re-exports the entries of one file."""
    header = project.header
    if isinstance(header, ExpansionDef):
        base = project.base
        if merged and base is not None and isinstance(base.header, GameDef):
            return _merged(base, project, with_sources, memo)
        doc = _head("expansion", header.key.text, header.title, header.version)
        doc["extends"] = {"game": header.extends.name,
                          "version": base.header.version if base is not None and base.header else None}
        doc["vocabulary"] = vocabulary(header, _region_keys(project))
        own = _content_of(project)
        inherited = {identity(d) for d in (_content_of(base) if base else [])}
        doc["overrides"] = sorted(described(d) for d in own if identity(d) in inherited)
        doc.update(content(own, with_sources, memo))
        return doc
    if isinstance(header, GameDef):
        doc = _head("game", header.key.text, header.title, header.version)
        doc["vocabulary"] = vocabulary(header, _region_keys(project))
        doc["expansions"] = []
        doc.update(content(_content_of(project), with_sources, memo))
        return doc
    if isinstance(header, CampaignDef):
        doc = _head("campaign", header.key.text, header.title, header.version)
        doc.update(campaign_header(header))
        doc["cover"] = art_json(header.cover)
        doc["scenarios"] = [scenario_json(s, with_sources)
                            for s in sorted(project.of_type(Scenario), key=lambda s: s.number)]
        return doc
    if isinstance(header, CardGameDef):
        doc = _head("cardgame", header.key.text, header.title, header.version)
        doc["rules"] = [{"name": r.name.text, "values": list(r.values)} for r in header.rules]
        doc["types"] = [t.text for t in header.types]
        doc["cover"] = art_json(header.cover)
        doc["gadget_cards"] = [gadget_card_json(c, with_sources) for c in
                               sorted(project.of_type(SmushGadgetCard), key=lambda c: c.number)]
        doc["defence_cards"] = [defence_card_json(c, with_sources) for c in
                                sorted(project.of_type(DefenceCard), key=lambda c: c.number)]
        return doc
    raise NotBuildable(f"{project.root} has no header (game, expansion, campaign or cardgame)")


def _merged(base: Project, expansion: Project, with_sources: bool,
            memo: EntryMemo | None = None) -> Json:
    """The base game with the expansion applied: its blocks replace the base's of the same
    name, its rules replace the base's, its vocabulary adds to the base's."""
    game, extra = base.header, expansion.header
    assert isinstance(game, GameDef) and isinstance(extra, ExpansionDef)
    doc = _head("game", game.key.text, game.title, game.version)
    vocab = vocabulary(game, _region_keys(expansion))
    own_rules = {rule_key(r): r for r in extra.rules}
    kept = [r for r in game.rules if rule_key(r) not in own_rules]
    vocab["rules"] = [{"name": r.name.text, "values": list(r.values)} for r in kept + list(extra.rules)]
    vocab["intel_icons"] = vocab["intel_icons"] + [n.text for n in extra.intel_icons
                                                   if n.text not in vocab["intel_icons"]]
    vocab["variants"] = vocab["variants"] + [variant_json(v) for v in extra.variants]
    doc["vocabulary"] = vocab
    doc["expansions"] = [{"id": extra.key.text, "title": extra.title, "version": extra.version}]
    doc.update(content(merged_definitions(_content_of(base), _content_of(expansion)), with_sources,
                       memo))
    return doc


def _region_keys(project: Project) -> set[str]:
    """The regions a card back may name: the project's and its base games'."""
    return {deck_key(r.name.text) for member in project.lineage() for r in member.of_type(Region)}


def dumps(doc: Json) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def buildable(project: Project) -> bool:
    return project.kind is not ProjectKind.FRAGMENT
