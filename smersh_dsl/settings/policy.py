"""Which findings a run reports: each project's configuration, the command line's
`--select` / `--ignore`, and the inline suppressions in its files, applied in that order."""

from __future__ import annotations

from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.project.load import shown_path
from smersh_dsl.settings.config import Config, has_table, load_config
from smersh_dsl.settings.search import Found, find_config
from smersh_dsl.settings.selection import Selection
from smersh_dsl.settings.suppression import apply


class Policy:
    def __init__(self, select: list[str] | None = None, ignore: list[str] | None = None,
                 config: Path | None = None) -> None:
        self.select, self.ignore, self.forced = select, ignore or [], config
        self._configs: dict[Path | None, Config] = {}
        self._passed_over: dict[tuple[str, str], Diagnostic] = {}    # I009, L004 of the search

    def config_for(self, folder: Path) -> Config:
        found = Found(self.forced) if self.forced else find_config(folder, has_table)
        for problem in found.problems:
            self._passed_over[(problem.code, problem.span.file)] = problem
        path = found.path
        key = path.resolve() if path else None
        if key not in self._configs:
            self._configs[key] = (load_config(path, shown_path(path), found.root) if path
                                  else Config())
        return self._configs[key]

    def selection_for(self, folder: Path) -> Selection:
        return self.config_for(folder).selection.merged(self.select, self.ignore)

    def filter(self, projects: list[Project], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        owner: dict[str, Project] = {f.path: p for p in projects for f in p.files}
        grouped: dict[int, list[Diagnostic]] = {}
        loose: list[Diagnostic] = []
        for d in diagnostics:
            project = owner.get(d.span.file)
            (grouped.setdefault(id(project), []) if project else loose).append(d)
        kept: list[Diagnostic] = []
        for project in projects:
            selection = self.selection_for(project.root)
            mine = selection.apply(grouped.get(id(project), []))
            kept.extend(selection.apply(apply(mine, project.files, selection)))
        kept.extend(self.selection_for(Path.cwd()).apply(loose))
        for config in self._configs.values():
            kept.extend(config.problems)
        kept.extend(self._passed_over.values())
        return kept
