"""Loading found projects: parse their files, find their header and their base game."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.campaign import Scenario
from smersh_dsl.model.cardgame import DefenceCard, SmushGadgetCard
from smersh_dsl.model.document import HEADER_TYPES, Definition, Gap, Project, ProjectKind, SourceFile
from smersh_dsl.model.span import Span
from smersh_dsl.model.world import ExpansionDef, GameDef
from smersh_dsl.parse.blocks import parse_edited
from smersh_dsl.parse.buffer import parse_buffer
from smersh_dsl.parse.parallel import parse_many
from smersh_dsl.parse.parser import parse_file
from smersh_dsl.parse.source import read_source
from smersh_dsl.project.discover import (SUFFIX, Found, discover, enclosing_project, manifest_of,
                                        ordered, project_of, real)
from smersh_dsl.resources import bundled_books

DEFAULT_GAME = "smersh"


def shown_path(path: Path) -> str:
    """Paths in diagnostics: relative to the working folder where that is shorter."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return rel if not rel.startswith("..") else str(path)


BUNDLED_PREFIX = "<bundled>"


def bundled_path(root: Path) -> Callable[[Path], str]:
    """Files of the bundled books are shown as `<bundled>/epic/...`, the same everywhere."""
    return lambda path: f"{BUNDLED_PREFIX}/{path.relative_to(root).as_posix()}"


Overlay = dict[Path, str]      # unsaved texts (an editor's buffers), by resolved path


def load_found(found: Found, shown: Callable[[Path], str] = shown_path,
               overlay: Overlay | None = None, loaded: set[str] | None = None
               ) -> tuple[Project, list[Diagnostic]]:
    project = Project(root=found.root)
    diagnostics: list[Diagnostic] = [
        Diagnostic.of("I004", Span.point(shown(folder), 1, 1), f"cannot read the folder: {reason}",
                      "make it readable, or move it out of the project")
        for folder, reason in found.unreadable]
    if found.unreadable:
        project.gaps.add(Gap.INPUT)
    for path in found.files:
        text = overlay.get(real(path)) if overlay else None
        name = shown(path)
        if text is not None:
            source, problems = parse_buffer(text, name)
        elif loaded is not None and name in loaded:
            source, problems = _parse_again(path, name, found.root)
        else:
            source, problems = parse_file(path, name, found.root)
        diagnostics.extend(problems)
        if source is not None:
            project.files.append(source)
        if any(p.code.startswith("S") for p in problems):
            project.gaps.add(Gap.SYNTAX)
        if any(p.code.startswith("I") for p in problems):
            project.gaps.add(Gap.INPUT)
    headers = [d for d in _blocks_of(project, HEADER_TYPES) if isinstance(d, HEADER_TYPES)]
    if headers:
        project.header = headers[0]
    for extra in headers[1:]:
        diagnostics.append(Diagnostic.of(
            "P001", extra.key.span, f"a second header `{extra.key.text}` in this project",
            f"the project is already `{headers[0].key.text}` "
            f"({headers[0].span.file}:{headers[0].span.line}); move this one to its own folder"))
    return project, diagnostics


def _blocks_of(project: Project, types: tuple[type, ...]) -> list[Definition]:
    """The blocks of the files that hold any of ``types``, in order: the other files'
    models are not read (a file read back from the parse cache stays shut)."""
    return [d for f in project.files if any(issubclass(t, types) for t in f.block_types())
            for d in f.definitions]


def _parse_again(path: Path, shown: str, root: Path) -> tuple[SourceFile | None, list[Diagnostic]]:
    """``parse_file`` for a file this process has loaded before: when it changed, only
    the blocks that changed are parsed (``parse_edited``, as for an editor's buffer)."""
    text, problems = read_source(path, shown, root)
    if text is None:
        return None, problems
    return parse_edited(text, shown)


def neighbourhood(project: Project) -> Path:
    """The folder whose projects stand beside ``project``: the one holding its project
    folder (as books/ holds books/epic and books/swagmans-hope), or a lone file's own."""
    return project.root.parent if manifest_of(project.root) else project.root


class Library:
    """Projects available as bases: the ones being checked first, then the projects
    beside the one that needs a base, then the bundled books (docs/language.md,
    "Expansions")."""

    def __init__(self, checked: list[Project], shown: Callable[[Path], str] = shown_path) -> None:
        self._checked = {p.name: p for p in checked if p.kind is not ProjectKind.FRAGMENT}
        self._shown = shown
        self._bundled: dict[str, Project] | None = None
        self._beside: dict[Path, dict[str, Path]] = {}     # games by id, by folder searched
        self._loaded: dict[Path, Project] = {}

    def _games_in(self, folder: Path) -> dict[str, Path]:
        """The project folders among the subfolders of ``folder`` whose manifest declares
        a game, by the game's id: only manifests are read. A folder that cannot be listed
        holds none; the bundled books' folder is left to the bundled lookup."""
        folder = real(folder)
        if folder not in self._beside:
            games: dict[str, Path] = {}
            try:
                subfolders = [] if folder == real(bundled_books()) else sorted(
                    p for p in folder.iterdir() if p.is_dir())
            except OSError:
                subfolders = []
            for sub in subfolders:
                manifest = manifest_of(sub)
                source = parse_file(manifest, self._shown(manifest), sub)[0] if manifest else None
                headers = [d for d in source.definitions if isinstance(d, HEADER_TYPES)] if source else []
                if headers and isinstance(headers[0], GameDef):
                    games.setdefault(headers[0].key.text, sub)
            self._beside[folder] = games
        return self._beside[folder]

    def base_of(self, expansion: Project, key: str) -> Project | None:
        """The game ``expansion`` extends: checked, else beside it, else bundled."""
        checked = self._checked.get(key)
        if checked is not None and checked.kind is ProjectKind.GAME:
            return checked
        folder = self._games_in(neighbourhood(expansion)).get(key)
        if folder is not None:
            if folder not in self._loaded:
                self._loaded[folder] = load_found(project_of(folder), self._shown)[0]
            return self._loaded[folder]
        return self.get(key, ProjectKind.GAME)

    def _load_bundled(self) -> dict[str, Project]:
        if self._bundled is None:
            self._bundled = {}
            root = bundled_books()
            found, _ = discover([root]) if root.is_dir() else ([], [])
            for item in found:
                project, _ = load_found(item, bundled_path(root))
                if project.kind is not ProjectKind.FRAGMENT:
                    self._bundled.setdefault(project.name, project)
            for project in self._bundled.values():
                if isinstance(project.header, ExpansionDef):
                    project.base = self._bundled.get(project.header.extends.name)
        return self._bundled

    def get(self, key: str, kind: ProjectKind) -> Project | None:
        """The checked project of that name, else the bundled one (loaded only if needed)."""
        for table in (lambda: self._checked, self._load_bundled):
            found = table().get(key)
            if found is not None and found.kind is kind:
                return found
        return None

    def names(self, kind: ProjectKind = ProjectKind.GAME) -> list[str]:
        every = [*self._checked.values(), *self._load_bundled().values()]
        beside = ({name for games in self._beside.values() for name in games}
                  if kind is ProjectKind.GAME else set())
        return sorted({p.name for p in every if p.kind is kind} | beside)

    def default_for(self, fragment: Project) -> Project | None:
        """The base a file without a header is checked against, chosen by what it holds."""
        kind = fragment_kind(fragment)
        mine = [p for p in self._checked.values() if p.kind is kind]
        if len(mine) == 1:
            return mine[0]
        bundled = [p for p in self._load_bundled().values() if p.kind is kind]
        preferred = [p for p in bundled if p.name == DEFAULT_GAME] or bundled
        return preferred[0] if preferred else None


def fragment_kind(project: Project) -> ProjectKind:
    kinds = {kind for f in project.files for kind in f.block_types()}
    if kinds & {Scenario}:
        return ProjectKind.CAMPAIGN
    if kinds & {SmushGadgetCard, DefenceCard}:
        return ProjectKind.CARDGAME
    return ProjectKind.GAME


def link_bases(projects: list[Project], shown: Callable[[Path], str] = shown_path) -> Library:
    library = Library(projects, shown)
    for project in projects:
        base = None
        if isinstance(project.header, ExpansionDef):
            base = library.base_of(project, project.header.extends.name)
        elif project.kind is ProjectKind.FRAGMENT:
            base = library.default_for(project)
        project.base = base if base is not project else None
        if isinstance(project.header, ExpansionDef) and project.base is None:
            project.gaps.add(Gap.NO_BASE)
    return library


def load_paths(paths: list[Path], shown: Callable[[Path], str] = shown_path,
               overlay: Overlay | None = None, loaded: set[str] | None = None
               ) -> tuple[list[Project], list[Diagnostic], Library]:
    """Load every project under ``paths``; a folder with no source is a diagnostic. A
    buffer of ``overlay`` that is not on disk yet (a new file, an editor's `untitled:`
    one) is part of the project folder it is in, or stands alone as a fragment.
    ``loaded``: the files (by shown name) a long-running process loaded before, each
    parsed again block by block when it changed; this run's files are added to it."""
    unsaved = [path for path in (overlay or {}) if path.suffix == SUFFIX and not path.exists()]
    alone = [p for p in paths if not p.exists() and not p.is_symlink() and real(p) in set(unsaved)]
    found, empty = discover([p for p in paths if p not in alone])
    found = _with_unsaved(found, unsaved, alone)
    projects: list[Project] = []
    diagnostics: list[Diagnostic] = []
    for folder in empty:
        diagnostics.append(Diagnostic.of("I005", Span.point(shown_path(folder), 1, 1),
                                         "no .smersh file in this folder",
                                         "point `smersh check` at a project folder or a .smersh file"))
    overlaid = set(overlay or {})
    parse_many([(path, shown(path), item.root) for item in found for path in item.files
                if real(path) not in overlaid and (loaded is None or shown(path) not in loaded)])
    for item in found:
        project, problems = load_found(item, shown, overlay, loaded)
        projects.append(project)
        diagnostics.extend(problems)
        if loaded is not None:
            loaded.update(f.path for f in project.files)
    return projects, diagnostics, link_bases(projects, shown)


def _with_unsaved(found: list[Found], unsaved: list[Path], alone: list[Path]) -> list[Found]:
    """``found`` with each unsaved buffer in the project whose folder holds it, and each
    of ``alone`` (asked for by name, in no project) as a lone file."""
    by_root = {real(item.root): item for item in found if item.manifest is not None}
    for path in unsaved:
        home = enclosing_project(path)
        item = by_root.get(home) if home is not None else None
        if item is not None and path not in item.files:
            item.files = ordered(item.root, [*item.files, path], item.manifest)
    for path in alone:
        home = enclosing_project(path)
        if home is not None and real(home) not in by_root:
            project = project_of(home)
            project.files = ordered(project.root, [*project.files, path], project.manifest)
            found.append(project)
            by_root[real(home)] = project
        elif home is None:
            found.append(Found(path.parent, [path]))
    return sorted(found, key=lambda f: str(f.root))


__all__ = ["load_paths", "project_of", "Library"]
