"""Choosing a skeleton's numbers and names from what the project already holds."""

from __future__ import annotations

from pathlib import Path

from smersh_dsl.analysis.grid import all_cards, fate_values, region_values, regions
from smersh_dsl.checks.henchmen import lineage_of_type, players
from smersh_dsl.model.campaign import Scenario
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


def skeleton(kind: str, path: Path | None, *, name: str | None, region: str, number: int | None,
             responses: int) -> str:
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
        return skeletons.status(name or "New Status")
    if kind in ("encounter-card", "encounter"):
        every = regions(project)
        if region not in every:
            raise ValueError(f"no region {region!r}; there are " + ", ".join(sorted(every)))
        used = {c.number for c in all_cards(project)} | {s.number for c in all_cards(project)
                                                         for s in c.sections}
        number = number or next(n for n in range(1, 1000) if n not in used)
        if number in used:
            raise ValueError(f"encounter number {number:02d} is taken")
        values = region_values(every[region], fate_values(project))
        return skeletons.encounter(region, number, "TODO: the title", responses, values)
    # henchman (or showdown): a new henchman, with the sheet and the showdown it needs (H004)
    henchmen = {h.name.text for h in lineage_of_type(project, Henchman)}
    name = name or "New Henchman"
    if name in henchmen:
        raise ValueError(f"a henchman {name!r} exists already; choose another --name")
    sections = sorted(s.name.text for s in lineage_of_type(project, Showdown)
                      if s.kind is SectionKind.LOBO)
    header_levels = [d.text for d in (project.header.difficulties if project.header else ())]
    base = project.base.header if project.base and project.base.header else None
    levels = header_levels or [d.text for d in getattr(base, "difficulties", ())]
    return skeletons.showdown(name, players(project) or (1, 4), sections[0] if sections else "A",
                              levels[0] if levels else "easy")
