"""Semantic tokens: every name in a file coloured by what it names (a skill, a status, a
place...), at its definition and at each use, as the checker resolved it."""

from __future__ import annotations

from smersh_dsl.lsp.index import ProjectIndex
from smersh_dsl.model.refs import RefKind
from smersh_dsl.resolve.symbols import RESOLVES_TO, named_definitions

# The LSP token type of each namespace (standard types, so every theme colours them).
BY_NAMESPACE = {
    "skill": "property", "advanced skill": "property", "status": "enumMember", "gadget": "variable",
    "henchman": "class", "showdown": "class", "Dr. Lobo section": "class", "region": "namespace",
    "location": "namespace", "difficulty": "enum", "variant": "enum", "log field": "property",
    "board member": "class", "evidence card": "variable", "card type": "type", "card face": "variable",
    "villain": "class", "mission": "function", "spy": "class", "intel icon": "enum",
}
TOKEN_TYPES = tuple(dict.fromkeys([*BY_NAMESPACE.values(), "label"]))   # label: a jump's target


def _namespace(index: ProjectIndex, kind: RefKind, name: str) -> str | None:
    return next((ns for ns in RESOLVES_TO.get(kind, ()) if name in index.symbols.names(ns)), None)


def tokens_in(index: ProjectIndex, file: str) -> list[int]:
    """LSP's encoded tokens (line, start, length, type, modifiers; each relative to the
    one before) of the names of ``file``. A name across lines is left out."""
    found: list[tuple[int, int, int, int, int]] = []
    for use in index.by_file.get(file, []):
        ref = use.ref
        kind = "label" if ref.kind is RefKind.TARGET else BY_NAMESPACE.get(
            _namespace(index, ref.kind, ref.name) or "", None)
        if kind is not None:
            found.append(_token(ref.span, kind, 0))
    for definition in index.definitions_in(file):
        for namespace, name in named_definitions(definition):
            kind = BY_NAMESPACE.get(namespace)
            if kind is not None and name.span.file == file:
                found.append(_token(name.span, kind, 1))
    data: list[int] = []
    line = start = 0
    for t in sorted({t for t in found if t[2] > 0}):
        data += [t[0] - line, t[1] - start if t[0] == line else t[1], t[2], t[3], t[4]]
        line, start = t[0], t[1]
    return data


def _token(span, kind: str, modifiers: int) -> tuple[int, int, int, int, int]:  # noqa: ANN001
    length = span.end_column - span.column if span.end_line == span.line else 0
    return (span.line - 1, span.column - 1, length, TOKEN_TYPES.index(kind), modifiers)
