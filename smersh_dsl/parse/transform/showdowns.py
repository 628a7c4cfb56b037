"""Henchmen, showdowns and Dr. Lobo sections."""

from __future__ import annotations

from lark import Token

from smersh_dsl.model.art import Art
from smersh_dsl.model.refs import Ref, RefKind
from smersh_dsl.model.showdowns import (Conclusion, ConclusionKind, Henchman, HenchmanLevel,
                                        IntelCost, SectionKind, Showdown, ShowdownEncounter,
                                        Tally, TallyRow)
from smersh_dsl.model.span import Name
from smersh_dsl.model.steps import Block, Prose
from smersh_dsl.parse.transform.base import BaseBuilder
from smersh_dsl.parse.transform.embedded import Where


class ShowdownBuilder(BaseBuilder):
    def henchman(self, meta: Where, children: list) -> Henchman:
        name, *items = children
        fields: dict = {
            "prose": tuple(i for i in items if isinstance(i, Prose)),
            "levels": tuple(i for i in items if isinstance(i, HenchmanLevel)),
        }
        for item in items:
            if isinstance(item, tuple):
                fields[item[0]] = item[1]
        return Henchman(span=self._span(meta), name=name, **fields)

    def difficulty(self, meta: Where, children: list) -> tuple:
        return ("difficulty", self._ref(RefKind.DIFFICULTY, children[0]))

    def intel_cost(self, meta: Where, children: list) -> tuple:
        return ("intel_cost", tuple(children))

    def cost_row(self, meta: Where, children: list) -> IntelCost:
        return IntelCost(span=self._span(meta), players=int(children[0]), intel=int(children[1]))

    def lobo_section(self, meta: Where, children: list) -> tuple:
        return ("lobo", self._ref(RefKind.LOBO_SECTION, children[0]))

    def successes_needed(self, meta: Where, children: list) -> tuple:
        return ("successes", self._positive(meta, int(children[0]), "a success count",
                                            "a henchman or section needs at least 1 success token (EP-SHOW-4)"))

    def level(self, meta: Where, children: list) -> HenchmanLevel:
        return HenchmanLevel(span=self._span(meta), number=int(children[0]), body=children[1])

    def _section(self, kind: SectionKind, meta: Where, children: list) -> Showdown:
        name, *items = children
        intro = next((i[1] for i in items if isinstance(i, tuple) and i[0] == "intro"), None)
        successes = next((i[1] for i in items if isinstance(i, tuple) and i[0] == "successes"), None)
        return Showdown(span=self._span(meta), kind=kind, name=self._as_name(name), intro=intro,
                        encounters=tuple(i for i in items if isinstance(i, ShowdownEncounter)),
                        tallies=tuple(i for i in items if isinstance(i, Tally)),
                        conclusions=tuple(i for i in items if isinstance(i, Conclusion)),
                        successes=successes,
                        art=next((i for i in items if isinstance(i, Art)), None))

    def showdown(self, meta: Where, children: list) -> Showdown:
        return self._section(SectionKind.HENCHMAN, meta, children)

    def lobo(self, meta: Where, children: list) -> Showdown:
        return self._section(SectionKind.LOBO, meta, children)

    def intro(self, meta: Where, children: list) -> tuple:
        return ("intro", Block(span=self._span(meta), steps=children[0].steps))

    def encounter(self, meta: Where, children: list) -> ShowdownEncounter:
        number: Token = children[0]
        return ShowdownEncounter(span=self._span(meta), number=int(number),
                                 number_text=str(number), body=children[1])

    def tally(self, meta: Where, children: list) -> Tally:
        name, *rows = children
        otherwise = next((r for r in rows if isinstance(r, Ref)), None)
        return Tally(span=self._span(meta), name=self._as_name(name),
                     rows=tuple(r for r in rows if isinstance(r, TallyRow)), otherwise=otherwise)

    def tally_row(self, meta: Where, children: list) -> TallyRow:
        return TallyRow(span=self._span(meta), condition=children[0], target=children[1])

    def tally_else(self, meta: Where, children: list) -> Ref:
        return children[0]

    def conclusion(self, meta: Where, children: list) -> Conclusion:
        kind = ConclusionKind(children[0])
        body: Block = children[-1]
        if len(children) == 3:
            name = self._as_name(children[1])
        else:  # an unnamed conclusion is named for its kind: `goto victory`
            start = self._span(meta)
            name = Name(text=kind.value, span=start.__class__(
                start.file, start.line, start.column, start.line, start.column + len(kind.value)))
        return Conclusion(span=self._span(meta), kind=kind, name=name, body=body)

    def conclusion_kind(self, meta: Where, children: list) -> str:
        return self._keyword(children)
