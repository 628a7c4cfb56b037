"""A SMERSH game or expansion as JSON: vocabulary, board, cards, entries, sections."""

from __future__ import annotations

from smersh_dsl.export.art import art_json, back_json, icon_json
from smersh_dsl.export.card_powers import leave_json, power_json, starts_json
from smersh_dsl.export.sections import henchman_json, showdown_json
from smersh_dsl.export.steps import Json, StepWriter, with_source
from smersh_dsl.model.cards import (EncounterCard, GadgetCard, MissionCard, SpySheet,
                                    StatusCard, TextCard, TopSecretCard, VillainCard)
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.expansion import DeadDrop, RedIntel, StrandedCard
from smersh_dsl.model.showdowns import Henchman, Showdown
from smersh_dsl.model.world import GameDef, Location, Region, Variant

_FEATURES = ("airport", "hq", "lair", "resolve", "gadget", "advanced_skill", "coastal", "hub",
             "stranded_only", "closed")


def _range(counts: tuple[int, int] | None) -> Json | None:
    return None if counts is None else {"min": counts[0], "max": counts[1]}


def variant_json(variant: Variant) -> Json:
    """A variant's text and what it changes, every key present (EP-VAR-1..3, SH-EPIC-1)."""
    writer, setup = StepWriter(), variant.setup
    return {
        "name": variant.name.text, "text": variant.text,
        "henchmen": _range(variant.henchmen), "main_last": variant.main_last,
        "beaten": None if variant.beaten is None else writer.block(variant.beaten),
        "not_beaten": None if variant.not_beaten is None else writer.block(variant.not_beaten),
        "restrict_double_agents": variant.restrict_double_agents,
        "reroll_lines": variant.reroll_lines,
        "lifts": [ref.name for ref in variant.lifts],
        "players": _range(variant.players), "location_track": variant.location_track,
        "setup": None if setup is None else {"raise_any_skill": setup.raise_any_skill,
                                             "top_secret": setup.top_secret},
        "red_un_transports": variant.red_un_transports,
    }


def vocabulary(header: GameDef, regions: set[str] = frozenset()) -> Json:
    """``regions``: the keys of the regions in play, which a card back may name."""
    track = header.lobo_track
    return {
        "skills": [n.text for n in header.skills],
        "skill_max": header.skill_max,
        "advanced_skills": [n.text for n in header.advanced_skills],
        "advanced_limit": header.advanced_limit,
        "dice": {d.name.text: list(d.faces) for d in header.dice},
        "lobo_track": None if track is None else {
            "rounds": track.rounds, "lobo_after": list(track.lobo_after),
            "lair_intel_rounds": list(track.lair_intel)},
        "difficulties": [n.text for n in header.difficulties],
        "players": _range(header.players),
        "rules": [{"name": r.name.text, "values": list(r.values)} for r in header.rules],
        "variants": [variant_json(v) for v in header.variants],
        "intel_icons": [n.text for n in header.intel_icons],
        "cover": art_json(header.cover),
        "icons": [icon_json(i) for i in sorted(header.icons, key=lambda i: i.name.text)],
        "backs": [back_json(b, regions) for b in header.backs],
    }


def _location(loc: Location) -> Json:
    return {"name": loc.name.text, "kind": loc.kind.value,
            "features": [f for f in _FEATURES if getattr(loc, f)],
            "skill": loc.skill.name if loc.skill else None,
            "fate": loc.fate, "values": list(loc.values) if loc.values else None}


def region_json(region: Region, with_sources: bool) -> Json:
    writer = StepWriter()
    out: Json = {"name": region.name.text,
                 "values": list(region.values) if region.values else None,
                 "locations": [_location(loc) for loc in region.locations],
                 "routes": [{"from": r.start.name, "to": r.end.name, "cost": r.cost}
                            for r in region.routes],
                 "bonus": None if region.bonus is None else {
                     "text": region.bonus.text,
                     "effects": [writer.effect(e) for e in region.bonus.effects]},
                 "art": art_json(region.art)}
    return with_source(out, region, with_sources)


def _text_card(card: TextCard, with_sources: bool) -> Json:
    out: Json = {"name": card.name.text, "tags": [t.text for t in card.tags],
                 "effect": card.effect, "discard": card.discard, "flavour": card.flavour,
                 "copies": card.copies, "text": [p.text for p in card.prose],
                 "art": art_json(card.art),
                 "powers": [power_json(p, card.USED_UP) for p in card.powers],
                 "leaves": [leave_json(leave) for leave in card.leaves]}
    return with_source(out, card, with_sources)


def _mission(card: MissionCard, with_sources: bool) -> Json:
    writer = StepWriter()
    out: Json = {"name": card.name.text, "region": card.region.name if card.region else None,
                 "city": card.city.name if card.city else None,
                 "rewards": [writer.block(b) for b in card.rewards], "flavour": card.flavour,
                 "art": art_json(card.art)}
    return with_source(out, card, with_sources)


def _spy(spy: SpySheet, with_sources: bool) -> Json:
    out: Json = {"name": spy.name.text,
                 "skills": {s.skill.name: s.level for s in spy.skills},
                 "advanced_skills": [r.name for r in spy.advanced_skills],
                 "stats": {s.name: s.value for s in spy.stats},
                 "double_agent_of": spy.double_agent_of.name if spy.double_agent_of else None,
                 "starts": starts_json(spy.starts),
                 "text": [p.text for p in spy.prose]}
    return with_source(out, spy, with_sources)


def card_json(card: EncounterCard, with_sources: bool) -> Json:
    out: Json = {"number": card.number, "region": card.region.name, "title": card.title,
                 "responses": [{"number": r.number, "text": r.text} for r in card.responses],
                 "sections": [{"place": s.location.name, "number": s.number, "title": s.title,
                               "responses": [{"number": r.number, "text": r.text}
                                             for r in s.responses]}
                              for s in card.sections],
                 "art": art_json(card.art)}
    return with_source(out, card, with_sources)


def entry_key(entry: EncounterEntry) -> str:
    e, r, d = entry.key.triple
    return f"{e:02d}.{r}.{d}"


def entry_json(entry: EncounterEntry, with_sources: bool) -> Json:
    e, r, d = entry.key.triple
    out: Json = {"key": entry_key(entry), "encounter": e, "response": r, "die": d,
                 "steps": StepWriter().steps(entry.steps)}
    return with_source(out, entry, with_sources)


class EntryMemo:
    """Entries' JSON kept by the parsed entry (its identity) and ``with_sources``. After
    each round of documents (``settle``) only what that round used is kept, so the memo
    never outgrows the projects."""

    def __init__(self) -> None:
        self.kept: dict[tuple[int, bool], tuple[EncounterEntry, Json]] = {}
        self.next: dict[tuple[int, bool], tuple[EncounterEntry, Json]] = {}

    def entry(self, entry: EncounterEntry, with_sources: bool) -> Json:
        key = (id(entry), with_sources)
        known = self.kept.get(key) or self.next.get(key)
        if known is None or known[0] is not entry:
            known = (entry, entry_json(entry, with_sources))
        self.next[key] = known
        return known[1]

    def settle(self) -> None:
        """A round of documents made: what it did not use is dropped."""
        self.kept, self.next = self.next, {}


def _named_body(card: StrandedCard | DeadDrop, with_sources: bool) -> Json:
    return with_source({"name": card.name.text, "steps": StepWriter().block(card.body)}, card, with_sources)


def content(definitions: list, with_sources: bool, memo: EntryMemo | None = None) -> Json:
    """Every content block, each list in a stable order (by name, number or key)."""
    entry = memo.entry if memo is not None else entry_json
    of = lambda kind: [d for d in definitions if isinstance(d, kind)]  # noqa: E731
    by_name = lambda items: sorted(items, key=lambda d: d.name.text)  # noqa: E731
    return {
        "regions": [region_json(r, with_sources) for r in by_name(of(Region))],
        "statuses": [_text_card(c, with_sources) for c in by_name(of(StatusCard))],
        "gadgets": [_text_card(c, with_sources) for c in by_name(of(GadgetCard))],
        "villains": [_text_card(c, with_sources) for c in by_name(of(VillainCard))],
        "top_secrets": [_text_card(c, with_sources) for c in by_name(of(TopSecretCard))],
        "missions": [_mission(c, with_sources) for c in by_name(of(MissionCard))],
        "spies": [_spy(s, with_sources) for s in by_name(of(SpySheet))],
        "encounter_cards": [card_json(c, with_sources)
                            for c in sorted(of(EncounterCard), key=lambda c: c.number)],
        "entries": [entry(e, with_sources)
                    for e in sorted(of(EncounterEntry), key=lambda e: e.key.triple)],
        "henchmen": [henchman_json(h, with_sources) for h in by_name(of(Henchman))],
        "sections": [showdown_json(s, with_sources)
                     for s in sorted(of(Showdown), key=lambda s: (s.kind.value, s.name.text))],
        "stranded_cards": [_named_body(c, with_sources) for c in by_name(of(StrandedCard))],
        "dead_drops": [_named_body(c, with_sources) for c in by_name(of(DeadDrop))],
        "red_intel": [with_source({"value": t.value, "icon": t.icon.name}, t, with_sources)
                      for t in sorted(of(RedIntel), key=lambda t: (t.icon.name, t.value))],
    }

