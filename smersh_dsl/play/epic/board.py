"""The world map of a whole game: its places, routes and where a spy can move (EP-MOVE-1).

Built from a document's `regions` alone. Swagman's Hope's board (an expansion's
`override region Australia`) brings its own rules of movement: 2-point routes with no
partial travel (SH-BOARD-2), a hub entered or left only as the whole movement and only
while red intel lies there (SH-BOARD-3), and an Outback no move can enter (SH-BOARD-4).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import field

from smersh_dsl.records import dataclass

WALK = 2            # EP-MOVE-1: "Spies can move up to 2 spaces"
EXTRA = 1           # EP-MOVE-1: "You may spend 1 Resolve to move an additional space"


@dataclass(frozen=True)
class Place:
    name: str
    region: str
    kind: str                      # city, area, ocean
    features: frozenset[str]
    skill: str | None = None
    fate: int | None = None        # SH-BOARD-1: the fate card's blue number of a coastal city
    values: tuple[int, ...] | None = None

    def has(self, feature: str) -> bool:
        return feature in self.features


# What a board's places and routes alone decide (distances, reach, places by feature),
# worked out once per map and shared by every game on that map: a simulation builds a
# Board per game, and the map of a book does not change between games (nothing mutates a
# Board's places or links after `Board.of`). Keyed by the map itself; bounded.
_DERIVED: dict[tuple, dict] = {}
_DERIVED_MAPS = 16
_NEAREST_KEPT = 4096     # sets of targets whose nearest turns a map keeps


@dataclass
class Board:
    places: dict[str, Place]
    links: dict[str, dict[str, int]] = field(default_factory=dict)   # neighbour -> points
    bonuses: dict[str, dict] = field(default_factory=dict)           # region -> bonus

    def _derived(self, name: str) -> dict:
        """The cache ``name`` of what this map alone decides, shared with equal maps."""
        shared = self.__dict__.get("_shared")
        if shared is None:
            key = (tuple([(p.name, p.region, p.kind, p.features, p.skill, p.fate, p.values)
                          for p in self.places.values()]),   # what makes equal Places
                   tuple([(a, tuple(b.items())) for a, b in self.links.items()]))
            shared = _DERIVED.get(key)
            if shared is None:
                if len(_DERIVED) >= _DERIVED_MAPS:
                    _DERIVED.pop(next(iter(_DERIVED)))
                shared = _DERIVED[key] = {}
            self.__dict__["_shared"] = shared
        return shared.setdefault(name, {})

    def shared(self, name: str) -> dict:
        """The cache ``name`` of what this map alone decides, shared by every board of an
        equal map: for what a caller works out from the places and routes alone."""
        return self._derived(name)

    @classmethod
    def of(cls, doc: dict) -> Board:
        places: dict[str, Place] = {}
        links: dict[str, dict[str, int]] = {}
        bonuses: dict[str, dict] = {}
        for region in doc.get("regions", []):
            for loc in region["locations"]:
                values = tuple(loc["values"]) if loc.get("values") else None
                places[loc["name"]] = Place(loc["name"], region["name"], loc["kind"],
                                            frozenset(loc["features"]), loc.get("skill"),
                                            loc.get("fate"), values)
                links.setdefault(loc["name"], {})
            if region.get("bonus"):
                bonuses[region["name"]] = region["bonus"]
        for region in doc.get("regions", []):
            for route in region["routes"]:
                a, b, cost = route["from"], route["to"], route.get("cost", 1)
                links.setdefault(a, {})[b] = cost
                links.setdefault(b, {})[a] = cost
        return cls(places, links, bonuses)

    # -- what places are ------------------------------------------------------------
    def where(self, name: str) -> Place:
        return self.places[name]

    def with_feature(self, feature: str) -> list[str]:
        """The places with ``feature``, in the board's order (worked out once: the
        places of a board never change, only which airports are closed)."""
        return list(self._with_feature(feature))

    def _with_feature(self, feature: str) -> tuple[str, ...]:
        cache = self._derived("feature")
        found = cache.get(feature)
        if found is None:
            found = cache[feature] = tuple(p.name for p in self.places.values()
                                           if p.has(feature))
        return found

    @property
    def lairs(self) -> list[str]:
        return self.with_feature("lair")

    @property
    def hqs(self) -> list[str]:
        return self.with_feature("hq")

    def coastal(self) -> list[str]:
        """SH-BOARD-1: the four coastal cities, in the order of their blue numbers."""
        found = [p for p in self.places.values() if p.has("coastal") and p.fate is not None]
        return [p.name for p in sorted(found, key=lambda p: p.fate or 0)]

    def hub(self) -> str | None:
        hubs = self._with_feature("hub")
        return hubs[0] if hubs else None

    def airports(self, closed: set[str]) -> list[str]:
        """EP-MOVE-1: the airports a spy may fly between; a closed one (Sydney's at the
        start of a Swagman's Hope game) is no airport until it opens."""
        key = _frozen(closed)
        cache = self._derived("airports")
        if key not in cache:
            cache[key] = [p.name for p in self.places.values()
                          if p.has("airport") and p.name not in closed]
        return cache[key]

    # -- movement ---------------------------------------------------------------------
    def destinations(self, start: str, resolve: int, hub_open: bool,
                     closed: set[str]) -> dict[str, int]:
        """Every place a spy on ``start`` can end the movement on, with the resolve it
        costs (0, or 1 for the extra point). Staying put costs nothing.

        EP-MOVE-1: up to 2 points along the lines, +1 for 1 resolve; from an open airport
        any other open airport is one space. SH-BOARD-2: a 2-point route needs 2 points
        left ("Partial travel between these spaces is not allowed"). SH-BOARD-3: moving
        into or out of the hub "takes up the player's entire movement phase", and the hub
        may be entered only while red intel lies there (``hub_open``). SH-BOARD-4: a
        `stranded_only` place is never entered by moving."""
        key = (start, resolve > 0, hub_open, _frozen(closed))
        cache = self._derived("reach")
        if key not in cache:
            cache[key] = self._destinations(start, resolve, hub_open, closed)
        return dict(cache[key])

    def _destinations(self, start: str, resolve: int, hub_open: bool,
                      closed: set[str]) -> dict[str, int]:
        budget = WALK + (EXTRA if resolve > 0 else 0)                    # rule: EP-MOVE-1
        hub = self.hub()
        best: dict[str, int] = {start: 0}
        if start == hub:                                                 # rule: SH-BOARD-3
            return {start: 0, **{n: 0 for n in self.links.get(start, {})}}
        airports = set(self.airports(closed))
        frontier = [(start, 0)]
        while frontier:
            here, used = frontier.pop()
            steps = dict(self.links.get(here, {}))
            if here in airports:                                         # rule: EP-MOVE-1
                for other in airports:
                    if other != here:
                        steps[other] = min(steps.get(other, 1), 1)
            for there, cost in steps.items():
                place = self.places.get(there)
                if place is None or place.has("stranded_only"):         # rule: SH-BOARD-4
                    continue
                if there == hub:                                         # rule: SH-BOARD-3
                    if here == start and hub_open:
                        best.setdefault(there, 0)
                    continue
                total = used + cost                                      # rule: SH-BOARD-2
                if total > budget or best.get(there, budget + 1) <= total:
                    continue
                best[there] = total
                frontier.append((there, total))
        return {name: (1 if used > WALK else 0) for name, used in best.items()}

    def distances(self, start: str, closed: set[str] | frozenset[str]) -> dict[str, int]:
        """Turns of plain movement (2 points each, airports one space) from ``start`` to
        every place: what a bot uses to head for something out of reach this turn.
        Computed once per map, start and set of closed airports; the caller must not
        change the dict it gets."""
        key = (start, _frozen(closed))
        cache = self._derived("distances")
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._distances(start, closed)
        return found

    def nearest(self, places: list[str], targets: list[str],
                closed: frozenset[str]) -> list[int]:
        """For each of ``places``, the turns of plain movement (`distances`) to the
        nearest of ``targets`` (99 when none is reached). The routes and airports go both
        ways, so a place's distance to a target is the target's to the place, read from
        one search per target; a place no move enters (the hub, SH-BOARD-3; an Outback,
        SH-BOARD-4) is only left, so from it the search is its own. Worked out once per
        map, set of targets and set of closed airports (a simulation asks the same few
        sets again and again: 80% of the asks of 300 games); bounded."""
        cache = self._derived("nearest")
        key = (frozenset(targets), closed)
        known = cache.get(key)
        if known is None:
            if len(cache) >= _NEAREST_KEPT:
                cache.clear()
            known = cache[key] = self._nearest(key[0], closed)
        found = [known.get(place) for place in places]
        if None in found:                     # a place no move enters, or none of the map
            for i, place in enumerate(places):
                if found[i] is None:
                    there = self.distances(place, closed)
                    found[i] = min(there.get(t, 99) for t in targets)
        return found

    def _nearest(self, targets: frozenset[str], closed: frozenset[str]) -> dict[str, int]:
        """Every place a move enters, with its turns to the nearest of ``targets`` (99
        when none is reached)."""
        entered = self._entered()
        rows = [self.distances(t, closed) if t in entered else {t: 0} for t in targets]
        return {place: min([row.get(place, 99) for row in rows]) for place in entered}

    def places_where(self, name: str, test: Callable[[Place], bool]) -> frozenset[str]:
        """The places that pass ``test``, worked out once per map under ``name`` (a
        caller's name for its test: the places of a board never change)."""
        cache = self._derived("where")
        found = cache.get(name)
        if found is None:
            found = cache[name] = frozenset(p.name for p in self.places.values() if test(p))
        return found

    def _entered(self) -> frozenset[str]:
        """The places a move may enter: all but the hub and the Outback."""
        cache = self._derived("entered")
        found = cache.get("places")
        if found is None:
            found = cache["places"] = frozenset(
                p.name for p in self.places.values()
                if not p.has("stranded_only") and not p.has("hub"))
        return found

    def _distances(self, start: str, closed: set[str]) -> dict[str, int]:
        airports = set(self.airports(closed))
        points = {start: 0}
        frontier = [(0, start)]
        while frontier:
            used, here = heapq.heappop(frontier)
            if used > points.get(here, 10**6):
                continue
            steps = dict(self.links.get(here, {}))
            if here in airports:
                for other in airports:
                    steps.setdefault(other, 1)
            for there, cost in steps.items():
                place = self.places.get(there)
                if place is None or place.has("stranded_only") or place.has("hub"):
                    continue
                total = used + cost
                if total < points.get(there, 10**6):
                    points[there] = total
                    heapq.heappush(frontier, (total, there))
        return {name: (used + WALK - 1) // WALK for name, used in points.items()}


def _frozen(closed: set[str] | frozenset[str] | list[str]) -> frozenset[str]:
    return closed if isinstance(closed, frozenset) else frozenset(closed)
