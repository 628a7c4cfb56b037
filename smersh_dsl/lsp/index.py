"""What the editor asks about a project: where names are defined and used.

Positions here are the model's (1-based lines and columns, end exclusive); the server
turns them into LSP's 0-based ones.
"""

from __future__ import annotations

from dataclasses import InitVar, field

from smersh_dsl.model.document import Definition, Project, SourceFile
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.refs import Ref, RefKind
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.span import Span
from smersh_dsl.model.walk import refs
from smersh_dsl.records import dataclass
from smersh_dsl.resolve.symbols import NAMESPACES, Symbols


def contains(span: Span, file: str, line: int, column: int) -> bool:
    return (span.file == file and (span.line, span.column) <= (line, column)
            and (line, column) < (span.end_line, span.end_column))


@dataclass
class Use:
    ref: Ref
    section: Showdown | None = None      # the section a goto target belongs to


@dataclass
class ProjectIndex:
    """Built once per finished check, off the event loop; requests only read it. What a
    request at a position needs is kept by file, so that a hover in a large project
    looks at one file's blocks and uses, not the whole project's. Built after an edit,
    it takes the uses of every file that did not change from the index before."""
    project: Project
    previous: InitVar[ProjectIndex | None] = None
    symbols: Symbols = field(init=False)
    uses: list[Use] = field(default_factory=list)
    by_file: dict[str, list[Use]] = field(default_factory=dict)
    blocks: dict[str, list[Definition]] = field(default_factory=dict)
    _by_source: dict[int, tuple[SourceFile, list[Use], dict[str, list[Use]]]] = field(
        default_factory=dict, repr=False)

    def __post_init__(self, previous: ProjectIndex | None) -> None:
        self.symbols = Symbols.of(self.project)
        known = previous._by_source if previous is not None else {}
        for source in self.project.files:
            self.blocks.setdefault(source.path, []).extend(source.definitions)
            kept = known.get(id(source))
            if kept is None or kept[0] is not source:
                kept = (source, *_uses(source))
            self._by_source[id(source)] = kept
            self.uses.extend(kept[1])
            for file, uses in kept[2].items():
                self.by_file.setdefault(file, []).extend(uses)

    def definitions_in(self, file: str) -> list[Definition]:
        """The blocks of one file (as spans name it)."""
        return self.blocks.get(file, [])

    def use_at(self, file: str, line: int, column: int) -> Use | None:
        return next((u for u in self.by_file.get(file, []) if contains(u.ref.span, file, line, column)),
                    None)

    def entry_at(self, file: str, line: int, column: int) -> EncounterEntry | None:
        return next((e for e in self.project.of_type(EncounterEntry)
                     if contains(e.key.span, file, line, column)), None)

    def definition(self, use: Use) -> Span | None:
        ref = use.ref
        if ref.kind is RefKind.TARGET:
            return target_span(use.section, ref.name) if use.section is not None else None
        for namespace in NAMESPACES.get(ref.kind, ()):
            for defined in self.symbols.own.get(namespace, []):
                if defined.name.text == ref.name:
                    return defined.name.span
            inherited = self.symbols.base.get(namespace, {}).get(ref.name)
            if inherited is not None:
                return inherited.name.span
        return None

    def references(self, use: Use) -> list[Span]:
        same = [u.ref.span for u in self.uses if u.ref.kind is use.ref.kind and u.ref.name == use.ref.name
                and (use.ref.kind is not RefKind.TARGET or u.section is use.section)]
        found = self.definition(use)
        return ([found] if found else []) + same


def target_span(section: Showdown, name: str) -> Span | None:
    for enc in section.encounters:
        if str(enc.number) == name:
            return enc.span
    for tally in section.tallies:
        if tally.name.text == name:
            return tally.name.span
    for con in section.conclusions:
        if con.name.text == name:
            return con.span
    return None


def _uses(source: SourceFile) -> tuple[list[Use], dict[str, list[Use]]]:
    """Every name one file's blocks use, in order, with the section of each goto; and
    the same by the file each use is in."""
    uses = [Use(ref, definition if isinstance(definition, Showdown) else None)
            for definition in source.definitions for ref in refs(definition)]
    by_file: dict[str, list[Use]] = {}
    for use in uses:
        by_file.setdefault(use.ref.span.file, []).append(use)
    return uses, by_file
