"""D: the same key, number or name defined twice."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

from smersh_dsl.analysis.grid import all_entries
from smersh_dsl.analysis.paths import keyword_span
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.diagnostics.fix import Fix, insert
from smersh_dsl.model.cards import EncounterCard
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.span import Span
from smersh_dsl.resolve.symbols import Defined, named_definitions

T = TypeVar("T")

# Namespaces that only a header fills: an expansion extends them, it does not clash.
_VOCABULARY = {"skill", "advanced skill", "difficulty", "intel icon", "variant"}


def _where(span: Span) -> str:
    return f"{span.file}:{span.line}:{span.column}"


def repeats(items: Iterable[tuple[object, Span]]) -> Iterator[tuple[object, Span, Span]]:
    """(key, span of the repeat, span of the first) for every key seen before."""
    first: dict[object, Span] = {}
    for key, span in items:
        if key in first:
            yield key, span, first[key]
        else:
            first[key] = span


@check("P003")
def needless_numbered_overrides(ctx: Context) -> Iterator[Diagnostic]:
    """`override` on an entry or card that the base game does not have."""
    base = ctx.project.base
    entries = all_entries(base) if base is not None else {}
    numbers = {n for n, _ in card_numbers(base.of_type(EncounterCard))} if base else set()
    for entry in ctx.project.of_type(EncounterEntry):
        if entry.override and entry.key.triple not in entries:
            yield Diagnostic.of("P003", entry.key.span,
                                f"`override` of entry {entry.key.text}, which the base game "
                                "does not define", "remove `override`: this entry is new")
    for card in ctx.project.of_type(EncounterCard):
        if card.override and card.number not in numbers:
            yield Diagnostic.of("P003", keyword_span(card.span, "card"),
                                f"`override` of encounter card {card.number_text}, which the "
                                "base game does not define", "remove `override`: this card is new")


@check("D001")
def duplicate_entries(ctx: Context) -> Iterator[Diagnostic]:
    entries = ctx.project.of_type(EncounterEntry)
    written = {e.key.span: e.key.text for e in entries}      # as the writer spelt it
    for _, span, first in repeats((e.key.triple, e.key.span) for e in entries):
        yield Diagnostic.of("D001", span, f"entry {written[span]} is defined twice",
                            f"the first is at {_where(first)}")
    base = all_entries(ctx.project.base) if ctx.project.base is not None else {}
    for entry in entries:
        inherited = base.get(entry.key.triple)
        if inherited is not None and not entry.override:
            yield Diagnostic.of("D001", entry.key.span,
                                f"entry {entry.key.text} is already defined by the base game",
                                f"write `override entry` to replace {_where(inherited.key.span)}, "
                                "or use another key")


def card_numbers(cards: list[EncounterCard]) -> Iterator[tuple[int, Span]]:
    for card in cards:
        yield card.number, card.span
        for section in card.sections:
            yield section.number, section.span


@check("D002", "D005")
def duplicate_cards(ctx: Context) -> Iterator[Diagnostic]:
    cards = ctx.project.of_type(EncounterCard)
    base = ctx.project.base.of_type(EncounterCard) if ctx.project.base else []
    base_numbers = {n: s for n, s in card_numbers(base)}
    written = {item.span: item.number_text for card in cards for item in (card, *card.sections)}
    for _, span, first in repeats(card_numbers(cards)):
        yield Diagnostic.of("D002", span, f"encounter number {written[span]} is used twice",
                            f"the first is at {_where(first)}")
    for number, span in (item for card in cards if not card.override
                         for item in card_numbers([card])):
        if number in base_numbers:
            yield Diagnostic.of("D002", span,
                                f"encounter number {written[span]} is already a card of the base game",
                                f"write `override card` to replace the base card at "
                                f"{_where(base_numbers[number])}, or use another number")
    for card in cards:
        for group in (card.responses, *(s.responses for s in card.sections)):
            for number, span, first in repeats((r.number, r.span) for r in group):
                yield Diagnostic.of("D005", span, f"response {number} is listed twice on this card",
                                    f"the first is at {_where(first)}")


@check("D003")
def duplicate_showdown_targets(ctx: Context) -> Iterator[Diagnostic]:
    for showdown in ctx.project.of_type(Showdown):
        written = {e.span: e.number_text for e in showdown.encounters}
        items = ([(str(e.number), e.span) for e in showdown.encounters]
                 + [(t.name.text, t.name.span) for t in showdown.tallies]
                 + [(c.name.text, c.name.span) for c in showdown.conclusions])
        for key, span, first in repeats(sorted(items, key=lambda item: item[1])):
            label = f"encounter {written[span]}" if span in written else f"`{key}`"
            yield Diagnostic.of("D003", span, f"{label} is defined twice in this section",
                                f"the first is at {_where(first)}")


def _is_primary(item: Defined) -> bool:
    """`override` speaks of the block's own name, not of the places a region lists."""
    first = next(named_definitions(item.owner), None)
    return first is not None and first[1] is item.name


def _primary_inherited(item: Defined, symbols) -> bool:
    first = next(named_definitions(item.owner), None)
    return (first is not None and not item.owner.override
            and first[1].text in symbols.base.get(first[0], {}))


def _override_fix(item: Defined) -> Fix:
    start = item.owner.span
    return Fix("write `override` before the block",
               (insert(start.file, start.line, start.column, "override "),), safe=False)


@check("D004", "D006", "P003")
def duplicate_names(ctx: Context) -> Iterator[Diagnostic]:
    symbols = ctx.symbols
    for namespace, defined in sorted(symbols.own.items()):
        for key, span, first in repeats((d.name.text, d.name.span) for d in defined):
            yield Diagnostic.of("D004", span, f"{namespace} `{key}` is defined twice",
                                f"the first is at {_where(first)}")
        inherited = symbols.base.get(namespace, {})
        if namespace in _VOCABULARY:
            continue
        for item in defined:
            overriding = item.owner.override
            if not _is_primary(item) and _primary_inherited(item, symbols):
                continue    # the block's own name is reported; its places follow it
            if item.name.text in inherited and not overriding:
                yield Diagnostic.of(
                    "D006", item.name.span,
                    f"{namespace} `{item.name.text}` is already defined by the base game",
                    f"write `override` before the block to replace "
                    f"{_where(inherited[item.name.text].name.span)}, or rename it",
                    _override_fix(item) if _is_primary(item) else None)
            elif overriding and item.name.text not in inherited and _is_primary(item):
                yield Diagnostic.of("P003", item.name.span,
                                    f"`override` of {namespace} `{item.name.text}`, "
                                    "which the base game does not define",
                                    "remove `override`: this block adds a new name")
