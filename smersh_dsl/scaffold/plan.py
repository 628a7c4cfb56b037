"""Choosing a skeleton's numbers and names from what the project already holds."""

from __future__ import annotations

from pathlib import Path

from smersh_dsl.analysis.grid import all_cards, fate_values, region_values, regions
from smersh_dsl.checks.henchmen import lineage_of_type, players
from smersh_dsl.model.campaign import Scenario
from smersh_dsl.model.cards import StatusCard
from smersh_dsl.model.document import Project, ProjectKind
from smersh_dsl.model.showdowns import Henchman, SectionKind, Showdown
from smersh_dsl.project.load import load_paths
from smersh_dsl.resources import bundled_books
from smersh_dsl.scaffold import skeletons

BUNDLED = {"campaign": "shield", "game": "smersh"}


def _project(path: Path | None, kind: ProjectKind) -> Project:
    projects, _, _ = load_paths([path or bundled_books()])
    found = [p for p in projects if p.kind is kind or (kind is ProjectKind.GAME and p.kind is ProjectKind.EXPANSION)]
    if not found:
        raise ValueError(f"no {kind.value} project at {path or 'the bundled books'}")
    return found[0]


def skeleton(kind: str, path: Path | None, *, name: str | None, region: str | None,
             number: int | None, responses: int) -> str:
    if kind == "scenario":
        project = _project(path, ProjectKind.CAMPAIGN)
        taken = [s.number for s in project.of_type(Scenario)]
        return skeletons.scenario(number or max(taken, default=0) + 1, name or "TODO: the title")
    if kind == "expansion":
        base = _project(path, ProjectKind.GAME)
        key = (name or "my_expansion").lower().replace(" ", "_")
        return skeletons.expansion(key, name or "TODO: the title", base.name)
    if kind == "game":
        title = name or "TODO: the title"
        key = "".join(c if c.isalnum() else "_" for c in (name or "my_game").lower()).strip("_")
        return skeletons.game(key if key[:1].isalpha() else f"game_{key}", title)
    project = _project(path, ProjectKind.GAME)
    if kind == "status":
        return _status(project, name or "New Status")
    if kind in ("encounter-card", "encounter"):
        return _encounter(project, region, number, responses)
    if kind == "region":
        return _region(project, name or region or "New Region")
    if kind == "lobo":
        return skeletons.lobo(_lobo_letter(project, name))
    return _henchman(project, name or "New Henchman")     # henchman, or its older name showdown


def _encounter(project: Project, region: str | None, number: int | None, responses: int) -> str:
    """An encounter card of ``region`` (default: the project's first), with its entries;
    in a project with no region yet, the region too."""
    every = regions(project)
    values = fate_values(project)
    if region is None and every:
        region = next(iter(every))
    if region is not None and region not in every and every:
        raise ValueError(f"no region {region!r}; there are {', '.join(sorted(every))} "
                         f"(or add it: `smersh new region --name {skeletons.word(region)}`)")
    lead = ""
    if region is None or region not in every:
        region = region or "New Region"
        lead = skeletons.region(region, values) + "\n"
    used = {c.number for c in all_cards(project)} | {s.number for c in all_cards(project)
                                                     for s in c.sections}
    number = number or next(n for n in range(1, 1000) if n not in used)
    if number in used:
        raise ValueError(f"encounter number {number:02d} is taken")
    values = region_values(every.get(region), values)
    return lead + skeletons.encounter(region, number, "TODO: the title", responses, values)


def _region(project: Project, name: str) -> str:
    if name in regions(project):
        raise ValueError(f"a region {name!r} exists already; choose another --name")
    return skeletons.region(name, fate_values(project))


def _status(project: Project, name: str) -> str:
    """A status card whose name neither the project nor its base game has (D004, D006)."""
    if name in {s.name.text for s in lineage_of_type(project, StatusCard)}:
        raise ValueError(f"a status {name!r} exists already; choose another --name")
    return skeletons.status(name)


def _lobo_sections(project: Project) -> list[str]:
    return sorted(s.name.text for s in lineage_of_type(project, Showdown) if s.kind is SectionKind.LOBO)


def _lobo_letter(project: Project, name: str | None) -> str:
    """The Dr. Lobo section to write: ``name``, or the first letter no section has."""
    taken = set(_lobo_sections(project))
    if name is not None:
        if skeletons.word(name) != name:
            raise ValueError(f"a Dr. Lobo section is named by a bare word such as E, not {name!r}")
        if name in taken:
            raise ValueError(f"a Dr. Lobo section {name!r} exists already; choose another --name")
        return name
    free = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in taken]
    if not free:
        raise ValueError("every letter names a Dr. Lobo section already; choose one with --name")
    return free[0]


def _henchman(project: Project, name: str) -> str:
    """A new henchman, with the sheet and the showdown it needs (H004), naming the
    project's first Dr. Lobo section, or writing one where the project has none (N010)."""
    if name in {h.name.text for h in lineage_of_type(project, Henchman)}:
        raise ValueError(f"a henchman {name!r} exists already; choose another --name")
    sections = _lobo_sections(project)
    header_levels = [d.text for d in (project.header.difficulties if project.header else ())]
    base = project.base.header if project.base and project.base.header else None
    levels = header_levels or [d.text for d in getattr(base, "difficulties", ())]
    return skeletons.showdown(name, players(project) or (1, 4), sections[0] if sections else "A",
                              levels[0] if levels else "easy", with_lobo=not sections)
