"""E: the Epic Edition's own cards: secret missions (EP-MISSION-1)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.analysis.grid import regions
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.cards import MissionCard


@check("E001")
def mission_city_in_region(ctx: Context) -> Iterator[Diagnostic]:
    """A secret mission names a region and a city of that region."""
    every = regions(ctx.project)
    for mission in ctx.project.of_type(MissionCard):
        if mission.region is None or mission.city is None:
            continue
        region = every.get(mission.region.name)
        if region is None:
            continue          # N004
        places = [loc.name.text for loc in region.locations]
        known = {loc.name.text for r in every.values() for loc in r.locations}
        if mission.city.name in known and mission.city.name not in places:
            home = next(r.name.text for r in every.values()
                        if any(loc.name.text == mission.city.name for loc in r.locations))
            yield Diagnostic.of("E001", mission.city.span,
                                f"{mission.city.name} is in {home}, not in the mission's region "
                                f"{mission.region.name}",
                                "a secret mission's city lies in its region (EP-MISSION-1)")
