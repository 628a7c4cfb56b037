"""Game, expansion and board blocks."""

from __future__ import annotations

from smersh_dsl.model.art import Art, CardBack, Icon
from smersh_dsl.model.refs import RefKind
from smersh_dsl.model.world import (DieDef, ExpansionDef, GameDef, Location, LocationKind,
                                    LoboTrack, Region, RegionBonus, Route, RuleSetting,
                                    Variant)
from smersh_dsl.parse.transform.base import BaseBuilder
from smersh_dsl.parse.transform.embedded import Where

_GAME_FIELDS = {"version", "skills", "skill_max", "advanced_skills", "advanced_limit",
                "difficulties", "players", "intel_icons"}


class WorldBuilder(BaseBuilder):
    def _game_fields(self, children: list) -> dict:
        fields: dict = {"dice": [], "rules": [], "variants": [], "icons": [], "backs": []}
        for child in children:
            if isinstance(child, Art):
                fields.setdefault("cover", child)
            elif isinstance(child, Icon):
                fields["icons"].append(child)
            elif isinstance(child, CardBack):
                fields["backs"].append(child)
            elif isinstance(child, DieDef):
                fields["dice"].append(child)
            elif isinstance(child, LoboTrack):
                fields["lobo_track"] = child
            elif isinstance(child, Variant):
                fields["variants"].append(child)
            elif isinstance(child, tuple) and child and child[0] == "rules":
                fields["rules"].extend(child[1])
            elif isinstance(child, tuple) and child and child[0] in _GAME_FIELDS:
                for key, value in zip(child[0::2], child[1::2]):
                    fields[key] = value
        return {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}

    def game(self, meta: Where, children: list) -> GameDef:
        key, title, *items = children
        return GameDef(span=self._span(meta), key=self._as_name(key), title=self._text(title),
                       **self._game_fields(items))

    def expansion(self, meta: Where, children: list) -> ExpansionDef:
        key, title, base, *items = children
        return ExpansionDef(span=self._span(meta), key=self._as_name(key),
                            title=self._text(title), extends=self._ref(RefKind.GAME, base),
                            **self._game_fields(items))

    def skills(self, meta: Where, children: list) -> tuple:
        result: tuple = ("skills", children[0])
        return result + (("skill_max", children[1]) if len(children) > 1 else ())

    def skill_max(self, meta: Where, children: list) -> int:
        return int(children[0])

    def advanced_skills(self, meta: Where, children: list) -> tuple:
        result: tuple = ("advanced_skills", children[0])
        return result + (("advanced_limit", children[1]) if len(children) > 1 else ())

    advanced_limit = skill_max

    def die(self, meta: Where, children: list) -> DieDef:
        return DieDef(span=self._span(meta), name=self._as_name(children[0]),
                      faces=tuple(children[1:]))

    def die_face(self, meta: Where, children: list) -> str:
        return str(children[0])

    def lobo_track(self, meta: Where, children: list) -> LoboTrack:
        return LoboTrack(span=self._span(meta), **dict(children))

    def lobo_rounds(self, meta: Where, children: list) -> tuple:
        return ("rounds", int(children[0]))

    def lobo_start(self, meta: Where, children: list) -> tuple:
        return ("lobo_after", tuple(int(c) for c in children))

    def lair_intel(self, meta: Where, children: list) -> tuple:
        return ("lair_intel", tuple(int(c) for c in children))

    def difficulties(self, meta: Where, children: list) -> tuple:
        return ("difficulties", children[0])

    def intel_icons(self, meta: Where, children: list) -> tuple:
        return ("intel_icons", children[0])

    def players(self, meta: Where, children: list) -> tuple:
        counts = children[0]
        if counts and counts[0] < 1:
            self._invalid(self._span(meta), f"a game for {counts[0]} players",
                          "a game has at least 1 player: write `players 1..N`")
        return ("players", (counts[0], counts[-1]) if counts else None)

    def rules(self, meta: Where, children: list) -> tuple:
        return ("rules", tuple(children))

    def rule_setting(self, meta: Where, children: list) -> RuleSetting:
        return RuleSetting(span=self._span(meta), name=self._as_name(children[0]),
                           values=tuple(children[1:]))

    def rule_int(self, meta: Where, children: list) -> int:
        return int(children[0])

    def rule_text(self, meta: Where, children: list) -> str:
        return self._text(children[0])

    # -- the board
    def region(self, meta: Where, children: list) -> Region:
        name, *items = children
        return Region(span=self._span(meta), name=name,
                      locations=tuple(i for i in items if isinstance(i, Location)),
                      routes=tuple(i for i in items if isinstance(i, Route)),
                      bonus=next((i for i in items if isinstance(i, RegionBonus)), None),
                      values=next((i[1] for i in items if isinstance(i, tuple)), None),
                      art=next((i for i in items if isinstance(i, Art)), None))

    def location(self, meta: Where, children: list) -> Location:
        kind, name, *features = children
        return Location(span=self._span(meta), kind=LocationKind(kind), name=name,
                        **(features[0] if features else {}))

    def location_kind(self, meta: Where, children: list) -> str:
        return self._keyword(children)

    def features(self, meta: Where, children: list) -> dict:
        return dict(children)

    def f_airport(self, meta: Where, children: list) -> tuple:
        return ("airport", True)

    def f_hq(self, meta: Where, children: list) -> tuple:
        return ("hq", True)

    def f_lair(self, meta: Where, children: list) -> tuple:
        return ("lair", True)

    def f_resolve(self, meta: Where, children: list) -> tuple:
        return ("resolve", True)

    def f_gadget(self, meta: Where, children: list) -> tuple:
        return ("gadget", True)

    def f_advanced_skill(self, meta: Where, children: list) -> tuple:
        return ("advanced_skill", True)

    def f_coastal(self, meta: Where, children: list) -> tuple:
        return ("coastal", True)

    def f_hub(self, meta: Where, children: list) -> tuple:
        return ("hub", True)

    def f_stranded_only(self, meta: Where, children: list) -> tuple:
        return ("stranded_only", True)

    def f_closed(self, meta: Where, children: list) -> tuple:
        return ("closed", True)

    def f_skill(self, meta: Where, children: list) -> tuple:
        return ("skill", self._ref(RefKind.SKILL, children[0]))

    def f_fate(self, meta: Where, children: list) -> tuple:
        return ("fate", int(children[0]))

    def f_values(self, meta: Where, children: list) -> tuple:
        return ("values", self._die_values(meta, children[0]))

    def route(self, meta: Where, children: list) -> Route:
        start, end, *cost = children
        return Route(span=self._span(meta), start=self._ref(RefKind.LOCATION, start),
                     end=self._ref(RefKind.LOCATION, end), cost=cost[0] if cost else 1)

    def route_cost(self, meta: Where, children: list) -> int:
        return self._positive(meta, int(children[0]), "a route cost",
                              "a route costs at least 1 movement point (SH-BOARD-2)")

    def bonus(self, meta: Where, children: list) -> RegionBonus:
        effects = children[1] if len(children) > 1 else ()
        return RegionBonus(span=self._span(meta), text=self._text(children[0]), effects=effects)

    def effect_block(self, meta: Where, children: list) -> tuple:
        return tuple(children)
