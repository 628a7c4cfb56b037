"""The outline (document symbols): each top-level block, and a section's encounters."""

from __future__ import annotations

from collections.abc import Callable

from lsprotocol import types as lsp

from smersh_dsl.model.keywords import keyword_of
from smersh_dsl.model.document import HEADER_TYPES
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.cards import EncounterCard
from smersh_dsl.model.showdowns import Showdown

KIND = {"entry": lsp.SymbolKind.Key, "card": lsp.SymbolKind.Class, "showdown": lsp.SymbolKind.Namespace,
        "lobo": lsp.SymbolKind.Namespace, "region": lsp.SymbolKind.Module}


def _name(definition) -> str:
    if isinstance(definition, EncounterEntry):
        return definition.key.text
    if isinstance(definition, EncounterCard):
        return f"{definition.number:02d} {definition.title}"
    if isinstance(definition, HEADER_TYPES):
        return definition.key.text
    name = getattr(definition, "name", None)
    return getattr(name, "text", None) or str(getattr(definition, "number", "?"))


def outline(definitions: list, to_range: Callable) -> list[lsp.DocumentSymbol]:
    found = []
    for d in definitions:
        word = "header" if isinstance(d, HEADER_TYPES) else keyword_of(d)
        children = []
        if isinstance(d, Showdown):
            children = [lsp.DocumentSymbol(name=f"encounter {e.number:02d}", kind=lsp.SymbolKind.Event,
                                           range=to_range(e.span), selection_range=to_range(e.span))
                        for e in d.encounters]
        found.append(lsp.DocumentSymbol(name=f"{word} {_name(d)}", kind=KIND.get(word, lsp.SymbolKind.Object),
                                        range=to_range(d.span), selection_range=to_range(d.span),
                                        children=children or None))
    return found
