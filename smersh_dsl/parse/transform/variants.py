"""A variant and the typed settings of its block (EP-VAR-1..3, SH-EPIC-1).

Each setting reduces to ``(keyword, value, span)``; the variant keeps the first value of
each keyword and every keyword's place, so that the checker can point at a repeat (V005).
"""

from __future__ import annotations

from typing import Any

from smersh_dsl.model.refs import RefKind
from smersh_dsl.model.span import Span
from smersh_dsl.model.world import Setting, Variant, VariantSetup
from smersh_dsl.parse.transform.base import BaseBuilder
from smersh_dsl.parse.transform.embedded import Where

Item = tuple[str, Any, Span]


def _first_values(items: list[Item]) -> tuple[dict[str, Any], tuple[Setting, ...]]:
    values: dict[str, Any] = {}
    for keyword, value, _ in items:
        values.setdefault(keyword, value)
    return values, tuple(Setting(span=span, keyword=keyword) for keyword, _, span in items)


class VariantBuilder(BaseBuilder):
    def variant(self, meta: Where, children: list) -> Variant:
        name, text, *block = children
        values, settings = _first_values(block[0] if block else [])
        if "players" in values:
            values["players"], values["players_because"] = values["players"]
        return Variant(span=self._span(meta), name=self._as_name(name), text=self._text(text),
                       settings=settings, **values)

    def variant_settings(self, meta: Where, children: list) -> list[Item]:
        return list(children)

    def _item(self, meta: Where, keyword: str, value: Any) -> Item:
        return (keyword, value, self._span(meta))

    def _count_range(self, meta: Where, counts: tuple[int, ...], what: str) -> tuple[int, int] | None:
        if counts and counts[0] < 1:
            self._invalid(self._span(meta), f"a variant for {counts[0]} {what}",
                          f"a variant faces at least 1: write `{what} 1..N`")
        return (counts[0], counts[-1]) if counts else None

    # -- EP-VAR-1: multiple henchmen
    def v_henchmen(self, meta: Where, children: list) -> Item:     # rule: EP-VAR-1
        return self._item(meta, "henchmen", self._count_range(meta, children[0], "henchmen"))

    def v_main_last(self, meta: Where, children: list) -> Item:
        return self._item(meta, "main_last", True)

    def v_beaten(self, meta: Where, children: list) -> Item:
        return self._item(meta, "beaten", children[0])

    def v_not_beaten(self, meta: Where, children: list) -> Item:
        return self._item(meta, "not_beaten", children[0])

    # -- EP-VAR-2, EP-VAR-3: double agents and clones
    def v_restrict_double_agents(self, meta: Where, children: list) -> Item:   # rule: EP-VAR-2
        return self._item(meta, "restrict_double_agents", True)

    def v_reroll_lines(self, meta: Where, children: list) -> Item:
        return self._item(meta, "reroll_lines", True)

    def v_lifts(self, meta: Where, children: list) -> Item:        # rule: EP-VAR-3
        return self._item(meta, "lifts", tuple(self._ref(RefKind.VARIANT, c) for c in children))

    # -- SH-EPIC-1: the Epic rules of Swagman's Hope
    def v_players(self, meta: Where, children: list) -> Item:      # rule: SH-EPIC-1
        counts = self._count_range(meta, children[0], "players")
        because = children[1] if len(children) > 1 else None
        return self._item(meta, "players", (counts, because))

    def v_because(self, meta: Where, children: list) -> str:
        return self._text(children[0])

    def v_location_track(self, meta: Where, children: list) -> Item:
        return self._item(meta, "location_track", self._positive(
            meta, int(children[0]), "a Location Track goal",
            "players win by pushing the Location Track to this space (SH-EPIC-1: 6)"))

    def v_red_un_transports(self, meta: Where, children: list) -> Item:
        return self._item(meta, "red_un_transports", self._positive(
            meta, int(children[0]), "a count of extra Red UN Transports",
            "the variant adds at least one token (SH-EPIC-1: a 2nd Red UN Transport)"))

    def v_setup(self, meta: Where, children: list) -> Item:
        values, settings = _first_values(list(children))
        return self._item(meta, "setup", VariantSetup(span=self._span(meta), settings=settings,
                                                      **values))

    def v_raise_any_skill(self, meta: Where, children: list) -> Item:
        return self._item(meta, "raise_any_skill", self._positive(
            meta, int(children[0]), "a skill raise", "each player raises one basic skill by 1 "
            "or more (SH-EPIC-1)"))

    def v_top_secret(self, meta: Where, children: list) -> Item:
        return self._item(meta, "top_secret", self._positive(
            meta, int(children[0]), "a count of extra Top Secret cards",
            "each player takes at least one more card (SH-EPIC-1)"))
