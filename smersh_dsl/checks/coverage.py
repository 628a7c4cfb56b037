"""C: the encounter grid is complete and every entry is led to (EP-ENC-1, -2, -4; SH-ENC-2)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.analysis.grid import (all_cards, all_entries, fate_values, regions, renumbered,
                                      rows)
from smersh_dsl.analysis.paths import keyword_span
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.diagnostics.fix import Fix, insert
from smersh_dsl.model.cards import EncounterCard
from smersh_dsl.model.document import Project, ProjectKind
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.wording import counted


def key_text(number: int, response: int, die: int | None = None) -> str:
    text = f"{number:02d}.{response}"
    return text if die is None else f"{text}.{die}"


def _listing(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


@check("C001")
def missing_entries(ctx: Context) -> Iterator[Diagnostic]:
    every = regions(ctx.project)
    default = fate_values(ctx.project)
    entries = all_entries(ctx.project)
    claimed: dict[int, int] = {}      # encounter number -> the card or section that has it
    base = ctx.project.base
    base_numbers = {c.number for c in base.of_type(EncounterCard)} if base is not None else set()
    moved = renumbered(ctx.project, entries)
    for card in ctx.project.of_type(EncounterCard):
        if card.region.name not in every:
            continue          # an unknown region (N004): its die values are unknown
        if card.number in moved:
            other = moved[card.number]
            yield Diagnostic.of(
                "C001", keyword_span(card.span, "card"),
                f"encounter card {card.number:02d} \"{card.title}\" has no entries, but the "
                f"entries {other:02d}.R.D, which no card leads to, fill its grid exactly",
                f"number the card {other:02d}, or its entries {card.number:02d}: one of "
                "them was renumbered")
            continue
        if card.number in base_numbers and not card.override:
            continue          # it clashes with a base card (D002): that is the finding
        for row in rows(card, every, default):
            if claimed.setdefault(row.number, id(row.owner)) != id(row.owner):
                continue      # a second card or section of one number: D002 is the finding
            number, response = row.number, row.response.number
            missing = [v for v in row.values if (number, response, v) not in entries]
            if not missing:
                continue
            keys = ", ".join(key_text(number, response, v) for v in missing)
            yield Diagnostic.of(
                "C001", row.response.span,
                f"response {response} of encounter {number:02d} \"{row.title}\" has no entry "
                f"for die {counted(len(missing), 'value')} {_listing(missing)}",
                f"write entry {keys}" if len(missing) <= 3 else
                f"write entries {key_text(number, response)}.N for N in {_listing(missing)}",
                _stub_fix(ctx.project, card, number, response, missing))


def _stub_fix(project: Project, card: EncounterCard, number: int, response: int,
              missing: list[int]) -> Fix:
    """Stub entries for the missing keys, after the project's entry that comes just before
    them in key order (else at the end of the card's file), each with a `TODO` (T003) so the
    text left to write is found again."""
    first = (number, response, missing[0])
    before = [e for e in project.of_type(EncounterEntry) if e.key.triple < first]
    stubs = "".join(f'\n\nentry {key_text(number, response, v)} {{\n  "TODO: what happens."\n}}'
                    for v in missing)
    if before:
        after = max(before, key=lambda e: e.key.triple).span
    else:
        after = card.span
    keys = ", ".join(key_text(number, response, v) for v in missing)
    return Fix(f"write stub entries {keys}" if len(missing) > 1 else f"write a stub entry {keys}",
               (insert(after.file, after.end_line, after.end_column, stubs),), safe=False)


def _why_orphan(key: tuple[int, int, int], cards: dict[int, tuple[str, dict[int, tuple[int, ...]]]]) -> str:
    number, response, die = key
    if number not in cards:
        return f"no encounter card or section has the number {number:02d}"
    title, responses = cards[number]
    if response not in responses:
        listed = _listing(sorted(responses)) or "none"
        return f"encounter {number:02d} \"{title}\" has no response {response} (it lists {listed})"
    return (f"the die never shows {die} for encounter {number:02d} (it gives "
            f"{_listing(list(responses[response]))})")


@check("C002")
def orphan_entries(ctx: Context) -> Iterator[Diagnostic]:
    if ctx.project.kind in (ProjectKind.CAMPAIGN, ProjectKind.CARDGAME) or (
            ctx.project.base is not None
            and ctx.project.base.kind in (ProjectKind.CAMPAIGN, ProjectKind.CARDGAME)):
        return     # an entry there is misplaced (P002), not orphaned
    every = regions(ctx.project)
    default = fate_values(ctx.project)
    cards: dict[int, tuple[str, dict[int, tuple[int, ...]]]] = {}
    for card in all_cards(ctx.project):
        unknown_region = card.region.name not in every     # N004: any die value may be meant
        for row in rows(card, every, default):
            title, responses = cards.setdefault(row.number, (row.title, {}))
            values = range(1, 7) if unknown_region else row.values
            known = set(responses.get(row.response.number, ())) | set(values)
            responses[row.response.number] = tuple(sorted(known))
    moved = set(renumbered(ctx.project).values())   # a knock-on of C001's renumbered card
    for entry in ctx.project.of_type(EncounterEntry):
        number, response, die = entry.key.triple
        if die in cards.get(number, ("", {}))[1].get(response, ()) or number in moved:
            continue
        yield Diagnostic.of("C002", entry.key.span,
                            f"entry {entry.key.text} is never read: {_why_orphan(entry.key.triple, cards)}",
                            "fix the key, or add the card or response that leads here")
