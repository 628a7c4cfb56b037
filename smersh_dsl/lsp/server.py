"""`smersh lsp`: diagnostics as you type (the same codes as `smersh check`), go to
definition and references, completion, hover with test odds, an outline, formatting."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from smersh_dsl import __version__
from smersh_dsl.checks.run import check_paths
from smersh_dsl.diagnostics.diagnostic import Diagnostic, Severity
from smersh_dsl.fmt.layout import format_text
from smersh_dsl.lsp.index import ProjectIndex
from smersh_dsl.lsp.hover import hover_text
from smersh_dsl.lsp.outline import outline
from smersh_dsl.model.document import Project
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.span import Span
from smersh_dsl.project.discover import _enclosing_project
from smersh_dsl.model.refs import RefKind

SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error,
            Severity.WARNING: lsp.DiagnosticSeverity.Warning,
            Severity.NOTE: lsp.DiagnosticSeverity.Information}


def path_of(uri: str) -> Path:
    return Path(unquote(urlparse(uri).path)).resolve()


def to_range(span: Span) -> lsp.Range:
    return lsp.Range(lsp.Position(span.line - 1, span.column - 1),
                     lsp.Position(span.end_line - 1, max(span.end_column - 1, 0)))


def to_location(span: Span) -> lsp.Location:
    return lsp.Location(Path(span.file).resolve().as_uri(), to_range(span))


class SmershServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("smersh", __version__)
        self.published: set[str] = set()

    def overlay(self) -> dict[Path, str]:
        return {path_of(uri): doc.source for uri, doc in self.workspace.text_documents.items()}

    def analyse(self, uri: str) -> tuple[Project | None, list[Diagnostic]]:
        path = path_of(uri)
        root = _enclosing_project(path) if path.suffix == ".smersh" else None
        try:
            projects, found = check_paths([root or path], shown=lambda p: str(p.resolve()),
                                          overlay=self.overlay())
        except Exception:        # an editor must never lose its server to odd input
            return None, []
        return (projects[0] if projects else None), found

    def project_of(self, uri: str) -> ProjectIndex | None:
        project, _ = self.analyse(uri)
        return ProjectIndex(project) if project is not None else None

    def publish(self, uri: str) -> None:
        """Diagnostics for the document first, then for every other file of its project that
        has some now or had some before (so that fixed files are cleared)."""
        project, found = self.analyse(uri)
        own = str(path_of(uri))
        by_file: dict[str, list[lsp.Diagnostic]] = {own: []}
        by_file.update({f: [] for f in sorted(self.published) if f != own})
        for d in found:
            by_file.setdefault(str(Path(d.span.file).resolve()), []).append(lsp.Diagnostic(
                range=to_range(d.span), severity=SEVERITY[d.severity], code=d.code,
                source="smersh", message=d.message + (f"\n{d.hint}" if d.hint else "")))
        for file, items in by_file.items():
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=Path(file).as_uri(), diagnostics=items))
        self.published = {f for f, items in by_file.items() if items}


server = SmershServer()


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: SmershServer, params: lsp.DidOpenTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: SmershServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: SmershServer, params: lsp.DidSaveTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


def _at(params) -> tuple[str, int, int]:
    return (str(path_of(params.text_document.uri)), params.position.line + 1,
            params.position.character + 1)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def definition(ls: SmershServer, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
    index = ls.project_of(params.text_document.uri)
    if index is None:
        return None
    use = index.use_at(*_at(params))
    if use is not None:
        found = index.definition(use)
        return [to_location(found)] if found else None
    entry = index.entry_at(*_at(params))
    if entry is not None:       # an entry key leads to the card response it belongs to
        from smersh_dsl.model.cards import EncounterCard

        for card in index.project.of_type(EncounterCard):
            for number, responses in [(card.number, card.responses),
                                      *((s.number, s.responses) for s in card.sections)]:
                for response in responses:
                    if (number, response.number) == entry.key.triple[:2]:
                        return [to_location(response.span)]
    return None


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def references(ls: SmershServer, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
    index = ls.project_of(params.text_document.uri)
    use = index.use_at(*_at(params)) if index else None
    return [to_location(s) for s in index.references(use)] if index and use else None


COMPLETED = (RefKind.SKILL, RefKind.ADVANCED_SKILL, RefKind.STATUS, RefKind.LOCATION)


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION)
def completion(ls: SmershServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    index = ls.project_of(params.text_document.uri)
    items: list[lsp.CompletionItem] = []
    if index is not None:
        for kind in COMPLETED:
            for name in index.symbols.candidates(kind):
                text = name if name.isidentifier() else f'"{name}"'
                items.append(lsp.CompletionItem(label=name, insert_text=text, detail=kind.value,
                                                kind=lsp.CompletionItemKind.Value))
        for entry in index.project.of_type(EncounterEntry):
            items.append(lsp.CompletionItem(label=entry.key.text, detail="entry",
                                            kind=lsp.CompletionItemKind.Reference))
    return lsp.CompletionList(is_incomplete=False, items=items)


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls: SmershServer, params: lsp.HoverParams) -> lsp.Hover | None:
    index = ls.project_of(params.text_document.uri)
    if index is None:
        return None
    text = hover_text(index, *_at(params))
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, text)) if text else None


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: SmershServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    index = ls.project_of(params.text_document.uri)
    if index is None:
        return []
    file = str(path_of(params.text_document.uri))
    return outline([d for f in index.project.files if str(Path(f.path).resolve()) == file
                    for d in f.definitions], to_range)


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: SmershServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
    from smersh_dsl.fmt.run import meaning
    from smersh_dsl.parse.parser import parse_text

    document = ls.workspace.get_text_document(params.text_document.uri)
    before = document.source
    source, problems = parse_text(before, "x")
    if any(p.code.startswith(("S", "I")) for p in problems):
        return []
    after = format_text(before)
    if after == before or meaning(parse_text(after, "x")[0].definitions) != meaning(source.definitions):
        return []
    lines = before.split("\n")
    end = lsp.Position(len(lines), 0)
    return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), end), after)]


def main() -> None:
    server.start_io()

