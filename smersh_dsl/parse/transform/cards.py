"""Card blocks of the SMERSH family and Swagman's Hope."""

from __future__ import annotations

from smersh_dsl.model.art import Art
from smersh_dsl.model.card_powers import Leave, Power, Starts
from smersh_dsl.model.cards import (CardSection, EncounterCard, GadgetCard, MissionCard,
                                    Response, SkillLevel, SpySheet, SpyStat, StatusCard,
                                    TextCard, TopSecretCard, VillainCard)
from smersh_dsl.model.expansion import DeadDrop, RedIntel, StrandedCard
from smersh_dsl.model.refs import Ref, RefKind
from smersh_dsl.model.span import Name
from smersh_dsl.model.steps import Block, Prose
from smersh_dsl.parse.transform.card_powers import CardPowerBuilder
from smersh_dsl.parse.transform.embedded import Where


class CardBuilder(CardPowerBuilder):
    def _text_card(self, cls: type[TextCard], meta: Where, children: list) -> TextCard:
        name, *items = children
        fields: dict = {"prose": tuple(i for i in items if isinstance(i, Prose)),
                        "art": next((i for i in items if isinstance(i, Art)), None),
                        "powers": tuple(i for i in items if isinstance(i, Power)),
                        "leaves": tuple(leave for i in items if isinstance(i, tuple)
                                        and i[0] == "leaves" for leave in i[1])}
        for item in items:
            if isinstance(item, tuple) and item[0] != "leaves":
                fields[item[0]] = item[1]
        return cls(span=self._span(meta), name=name, **fields)

    def status(self, meta: Where, children: list) -> StatusCard:
        return self._text_card(StatusCard, meta, children)  # type: ignore[return-value]

    def gadget(self, meta: Where, children: list) -> GadgetCard:
        return self._text_card(GadgetCard, meta, children)  # type: ignore[return-value]

    def villain(self, meta: Where, children: list) -> VillainCard:
        return self._text_card(VillainCard, meta, children)  # type: ignore[return-value]

    def top_secret(self, meta: Where, children: list) -> TopSecretCard:
        return self._text_card(TopSecretCard, meta, children)  # type: ignore[return-value]

    def tags(self, meta: Where, children: list) -> tuple:
        return ("tags", tuple(self._as_name(c) for c in children))

    def card_effect(self, meta: Where, children: list) -> tuple:
        return ("effect", self._text(children[0]))

    def card_discard(self, meta: Where, children: list) -> tuple:
        return ("discard", self._text(children[0]))

    def copies(self, meta: Where, children: list) -> tuple:
        return ("copies", self._positive(meta, int(children[0]), "a card with a copy count",
                                         "a card is printed at least once; remove the card instead"))

    def mission(self, meta: Where, children: list) -> MissionCard:
        name, *items = children
        fields: dict = {"rewards": tuple(i for i in items if isinstance(i, Block)),
                        "art": next((i for i in items if isinstance(i, Art)), None)}
        for item in items:
            if isinstance(item, tuple):
                fields[item[0]] = item[1]
        return MissionCard(span=self._span(meta), name=name, **fields)

    def mission_region(self, meta: Where, children: list) -> tuple:
        return ("region", self._ref(RefKind.REGION, children[0]))

    def mission_city(self, meta: Where, children: list) -> tuple:
        return ("city", self._ref(RefKind.LOCATION, children[0]))

    def reward(self, meta: Where, children: list) -> Block:
        return children[0]

    def card(self, meta: Where, children: list) -> EncounterCard:
        region, number, title, *items = children
        return EncounterCard(span=self._span(meta), region=self._ref(RefKind.REGION, region),
                             number=int(number), number_text=str(number),
                             title=self._text(title),
                             responses=tuple(i for i in items if isinstance(i, Response)),
                             sections=tuple(i for i in items if isinstance(i, CardSection)),
                             art=next((i for i in items if isinstance(i, Art)), None))

    def card_section(self, meta: Where, children: list) -> CardSection:
        location, number, title, *responses = children
        return CardSection(span=self._span(meta), location=self._ref(RefKind.LOCATION, location),
                           number=int(number), number_text=str(number),
                           title=self._text(title), responses=tuple(responses))

    def response(self, meta: Where, children: list) -> Response:
        return Response(span=self._span(meta), number=int(children[0]),
                        text=self._text(children[1]))

    def spy(self, meta: Where, children: list) -> SpySheet:
        name, *items = children
        fields: dict = {"prose": tuple(i for i in items if isinstance(i, Prose)),
                        "stats": tuple(i for i in items if isinstance(i, SpyStat)),
                        "starts": next((i for i in items if isinstance(i, Starts)), None)}
        for item in items:
            if isinstance(item, tuple):
                fields[item[0]] = item[1]
        return SpySheet(span=self._span(meta), name=name, **fields)

    def spy_skills(self, meta: Where, children: list) -> tuple:
        return ("skills", tuple(children))

    def skill_level(self, meta: Where, children: list) -> SkillLevel:
        return SkillLevel(span=self._span(meta), skill=self._ref(RefKind.SKILL, children[0]),
                          level=int(children[1]))

    def spy_advanced(self, meta: Where, children: list) -> tuple:
        names: tuple[Name, ...] = children[0]
        return ("advanced_skills", tuple(Ref(kind=RefKind.ADVANCED_SKILL, name=n.text, span=n.span)
                                         for n in names))

    def spy_stat(self, meta: Where, children: list) -> SpyStat:
        return SpyStat(span=self._span(meta), name=children[0], value=int(children[1]))

    def stat_name(self, meta: Where, children: list) -> str:
        return self._keyword(children)

    def double_agent_of(self, meta: Where, children: list) -> tuple:
        return ("double_agent_of", self._ref(RefKind.HENCHMAN, children[0]))

    # -- Swagman's Hope
    def stranded(self, meta: Where, children: list) -> StrandedCard:
        return StrandedCard(span=self._span(meta), name=children[0], body=children[1])

    def dead_drop(self, meta: Where, children: list) -> DeadDrop:
        return DeadDrop(span=self._span(meta), name=children[0], body=children[1])

    def red_intel(self, meta: Where, children: list) -> RedIntel:
        return RedIntel(span=self._span(meta), value=int(children[0]),
                        icon=self._ref(RefKind.INTEL_ICON, children[1]))
