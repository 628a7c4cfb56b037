"""Renaming across the project: a status, gadget, henchman, place, showdown encounter or
card number, at its definition and every use, and nothing else.

A rename is refused where it could not be made safely: a name the base game defines (its
files are not the project's), a name that is also of another kind that the same uses may
read (a status and an advanced skill both called `Disguise`: `pass with Disguise` reads the
skill), a new name already taken, or one that is not a name of that kind at all.
"""

from __future__ import annotations

import re

from smersh_dsl.highlight.keywords import keywords
from smersh_dsl.lsp.index import ProjectIndex, contains
from smersh_dsl.model.cards import EncounterCard
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.refs import RefKind
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.span import Span
from smersh_dsl.parse.scan import Positions
from smersh_dsl.records import dataclass
from smersh_dsl.resolve.symbols import RESOLVES_TO

RENAMED = ("status", "gadget", "henchman", "location")
_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_']*")


class Refused(Exception):
    """Why this cannot be renamed (shown to the writer)."""


@dataclass(frozen=True)
class Target:
    """What is renamed: a name of a namespace, an encounter of a section, or a card number."""
    kind: str                 # a namespace of RENAMED, "encounter" or "card"
    name: str
    span: Span                # the spot the cursor is on (what the editor highlights)
    section: Showdown | None = None


def _resolves_to(index: ProjectIndex, kind: RefKind, name: str) -> str | None:
    return next((ns for ns in RESOLVES_TO.get(kind, ()) if name in index.symbols.names(ns)), None)


def target_at(index: ProjectIndex, file: str, line: int, column: int) -> Target:
    use = index.use_at(file, line, column)
    if use is not None:
        if use.ref.kind is RefKind.TARGET:
            if use.section is None or not use.ref.name.isdigit():
                raise Refused("only a showdown's numbered encounters are renamed")
            return Target("encounter", use.ref.name, use.ref.span, use.section)
        namespace = _resolves_to(index, use.ref.kind, use.ref.name)
        if namespace not in RENAMED:
            raise Refused(f"a {namespace or use.ref.kind.value} is not renamed here"
                          if namespace else f"`{use.ref.name}` names nothing defined")
        return _own(index, Target(namespace, use.ref.name, use.ref.span))
    for namespace in RENAMED:
        for defined in index.symbols.own.get(namespace, []):
            if contains(defined.name.span, file, line, column):
                return _own(index, Target(namespace, defined.name.text, defined.name.span))
    for definition in index.definitions_in(file):
        if isinstance(definition, Showdown):
            for enc in definition.encounters:
                span = _number_span(index, enc.span, "encounter", enc.number_text)
                if span is not None and contains(span, file, line, column):
                    return Target("encounter", str(enc.number), span, definition)
        if isinstance(definition, EncounterCard):
            span = _card_number_span(index, definition)
            if span is not None and contains(span, file, line, column):
                return Target("card", str(definition.number), span)
    raise Refused("put the cursor on a status, gadget, henchman, place, encounter or card number")


def _own(index: ProjectIndex, target: Target) -> Target:
    """``target`` if the project itself defines it, once, and no other kind the same uses
    read shares its name."""
    mine = index.symbols.own.get(target.kind, [])
    if sum(d.name.text == target.name for d in mine) != 1 or target.name in index.symbols.base.get(target.kind, {}):
        raise Refused(f"the {target.kind} `{target.name}` is defined by the base game, or twice")
    readers = [k for k, spaces in RESOLVES_TO.items() if target.kind in spaces]
    for kind in readers:
        first = _resolves_to(index, kind, target.name)
        if first != target.kind and _read_by(index, kind, target.name):
            raise Refused(f"`{target.name}` is also {first}: renaming it would change what some uses read")
    return target


def _read_by(index: ProjectIndex, kind: RefKind, name: str) -> bool:
    return any(u.ref.kind is kind and u.ref.name == name for u in index.uses)


def _text(index: ProjectIndex, file: str) -> str | None:
    return next((f.text for f in index.project.files if f.path == file), None)


def _number_span(index: ProjectIndex, block: Span, keyword: str, number: str) -> Span | None:
    """Where the number after ``keyword`` is written at the start of ``block``."""
    text = _text(index, block.file)
    if text is None:
        return None
    positions = Positions(text)
    start = positions.starts[block.line - 1] + block.column - 1
    found = re.compile(rf"{keyword}\s+({re.escape(number)})\b").match(text, start)
    return positions.span(block.file, found.start(1), found.end(1)) if found else None


def _card_number_span(index: ProjectIndex, card: EncounterCard) -> Span | None:
    text = _text(index, card.span.file)
    if text is None:
        return None
    positions = Positions(text)
    start = positions.starts[card.span.line - 1] + card.span.column - 1
    found = re.compile(r'(?:override\s+)?card\s+(?:"(?:[^"\\]|\\.)*"|\S+)\s+(\d+)').match(text, start)
    return positions.span(card.span.file, found.start(1), found.end(1)) if found else None


def edits_for(index: ProjectIndex, target: Target, new: str) -> list[tuple[Span, str]]:
    """Every (span, text) the rename writes."""
    if target.kind == "encounter":
        return _encounter_edits(index, target, new)
    if target.kind == "card":
        return _card_edits(index, target, new)
    new = new.strip()
    if not new or "\n" in new:
        raise Refused("a name cannot be empty or span lines")
    taken = index.symbols.names(target.kind)
    if new in taken:
        raise Refused(f"there is already a {target.kind} `{new}`")
    quoted = '"' + new.replace("\\", "\\\\").replace('"', '\\"') + '"'
    spans = [d.name.span for d in index.symbols.own.get(target.kind, []) if d.name.text == target.name]
    readers = {k for k, spaces in RESOLVES_TO.items() if target.kind in spaces}
    spans += [u.ref.span for u in index.uses if u.ref.kind in readers and u.ref.name == target.name]
    if target.kind == "henchman":      # the showdown of a henchman is named for it
        spans += [d.name.span for d in index.symbols.own.get("showdown", []) if d.name.text == target.name]
    def written(span: Span) -> str:      # bare where it was bare and may be, as the writer had it
        was_bare = span.line == span.end_line and span.end_column - span.column == len(target.name)
        return new if was_bare and _BARE.fullmatch(new) and new not in keywords() else quoted
    return [(s, written(s)) for s in dict.fromkeys(spans)]


def _encounter_edits(index: ProjectIndex, target: Target, new: str) -> list[tuple[Span, str]]:
    section = target.section
    assert section is not None
    if not new.isdigit():
        raise Refused("an encounter's number is a number")
    if int(new) in {e.number for e in section.encounters}:
        raise Refused(f"{section.name.text} already has an encounter {new}")
    enc = next(e for e in section.encounters if str(e.number) == target.name)
    width = len(enc.number_text)
    written = new.zfill(width)
    found = [(_number_span(index, enc.span, "encounter", enc.number_text), written)]
    found += [(u.ref.span, written) for u in index.uses
              if u.section is section and u.ref.kind is RefKind.TARGET and u.ref.name == target.name]
    return [(s, t) for s, t in found if s is not None]


def _card_edits(index: ProjectIndex, target: Target, new: str) -> list[tuple[Span, str]]:
    if not new.isdigit():
        raise Refused("a card's number is a number")
    number = int(target.name)
    cards = [c for m in index.project.lineage() for c in m.of_type(EncounterCard)]
    if int(new) in {c.number for c in cards} | {s.number for c in cards for s in c.sections}:
        raise Refused(f"there is already an encounter card {int(new):02d}")
    card = next(c for c in index.project.of_type(EncounterCard) if c.number == number)
    written = new.zfill(2)
    found = [(_card_number_span(index, card), written)]
    for entry in index.project.of_type(EncounterEntry):
        if entry.key.encounter == number:
            key = entry.key
            head = key.text.split(".")[0]
            found.append((Span(key.span.file, key.span.line, key.span.column,
                               key.span.line, key.span.column + len(head)), written))
    return [(s, t) for s, t in found if s is not None]
