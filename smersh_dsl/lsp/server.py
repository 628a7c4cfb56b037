"""`smersh lsp`: diagnostics as you type (the same codes as `smersh check`), go to
definition and references, completion, hover with test odds, an outline, formatting."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from smersh_dsl import __version__
from smersh_dsl.diagnostics.diagnostic import Diagnostic, Severity
from smersh_dsl.fmt.layout import format_text
from smersh_dsl.lsp.checker import DEBOUNCE_S, Checker, project_key
from smersh_dsl.lsp.hover import hover_text
from smersh_dsl.lsp.index import ProjectIndex
from smersh_dsl.lsp.outline import outline
from smersh_dsl.lsp.tokens import TOKEN_TYPES
from smersh_dsl.model.span import Span
from smersh_dsl.parse.buffer import refused, too_big
from smersh_dsl.project.discover import real
from smersh_dsl.project.load import BUNDLED_PREFIX
from smersh_dsl.resources import bundled_books

SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error,
            Severity.WARNING: lsp.DiagnosticSeverity.Warning,
            Severity.NOTE: lsp.DiagnosticSeverity.Information}


# A buffer never saved (`untitled:Untitled-1`) is checked as a file in no project, and so
# as a fragment of the bundled game of its kind: a folder that cannot exist on disk stands
# for where it is, so that it meets no manifest on the way up.
UNTITLED = Path("/untitled:")


def path_of(uri: str) -> Path:
    """The file an editor's URI names, as the editor names it: absolute, but with its
    links not followed, so that a finding on a linked file (I009) is published under the
    project's file, not under the place it leads to."""
    parsed = urlparse(uri)
    if parsed.scheme == "untitled":
        name = Path(unquote(parsed.path or parsed.netloc)).name or "Untitled"
        return UNTITLED / (name if name.endswith(".smersh") else name + ".smersh")
    return absolute(unquote(parsed.path))


def absolute(file: str | Path) -> Path:
    """``file`` made absolute and normalised, its links left as they are."""
    return Path(os.path.abspath(file))


def to_range(span: Span) -> lsp.Range:
    return lsp.Range(lsp.Position(span.line - 1, span.column - 1),
                     lsp.Position(span.end_line - 1, max(span.end_column - 1, 0)))


def to_location(span: Span) -> lsp.Location:
    return lsp.Location(server.uri_of(span.file), to_range(span))


class JsonRpcRequestFailed(JsonRpcException):
    """LSP's RequestFailed: a request understood but refused (a rename that is not safe)."""
    CODE = -32803


class SmershServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("smersh", __version__)
        self.checker = Checker(self.overlay, self.publish)
        self.published: dict[Path, set[str]] = {}     # by project: files with diagnostics
        self.fixable: dict[Path, list[Diagnostic]] = {}  # by project: findings with a fix

    def shutdown(self) -> None:
        """Checks waiting their turn are dropped; one under way finishes on its thread."""
        self.checker.shutdown()
        super().shutdown()

    def overlay(self) -> dict[Path, str]:
        # keyed by real path, as the loader looks buffers up
        return {real(path_of(uri)): doc.source
                for uri, doc in self.workspace.text_documents.items()}

    def changed(self, uri: str, delay: float = DEBOUNCE_S) -> None:
        """A buffer changed: a buffer over the size limit is told so at once (I007, as
        `smersh check` says of such a file); its project is checked after ``delay``."""
        path = path_of(uri)
        document = self.workspace.text_documents.get(uri)
        big = too_big(document.source, str(path)) if document is not None else None
        if big is not None:
            self.send(str(path), [big])
        self.checker.schedule(path, delay)

    async def index_of(self, uri: str) -> ProjectIndex | None:
        return await self.checker.index_of(path_of(uri))

    def publish(self, key: Path, found: list[Diagnostic]) -> None:
        """A finished check's diagnostics: for every file of the project that has some
        now or had some before (so that fixed files are cleared), and every open buffer
        of the project (so that a clean one says so)."""
        by_file: dict[str, list[Diagnostic]] = {f: [] for f in sorted(self.published.get(key, ()))}
        for uri in self.workspace.text_documents:
            if project_key(path_of(uri)) == key:
                by_file.setdefault(str(path_of(uri)), [])
        for d in found:
            by_file.setdefault(str(absolute(d.span.file)), []).append(d)
        for file, items in by_file.items():
            self.send(file, items)
        self.published[key] = {f for f, items in by_file.items() if items}
        self.fixable[key] = [d for d in found if d.fix is not None]

    def uri_of(self, file: str) -> str:
        """The editor's name for ``file``: the URI of its open buffer (an `untitled:` one
        has no other), else the file's own."""
        if file.startswith(BUNDLED_PREFIX + "/"):
            return (bundled_books() / file[len(BUNDLED_PREFIX) + 1:]).resolve().as_uri()
        path = absolute(file)
        for uri in self.workspace.text_documents:
            if path_of(uri) == path:
                return uri
        return path.as_uri()

    def send(self, file: str, found: list[Diagnostic]) -> None:
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=self.uri_of(file), diagnostics=[lsp.Diagnostic(
                range=to_range(d.span), severity=SEVERITY[d.severity], code=d.code, source="smersh",
                message=d.message + (f"\n{d.hint}" if d.hint else "")) for d in found]))


server = SmershServer()


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: SmershServer, params: lsp.DidOpenTextDocumentParams) -> None:
    ls.changed(params.text_document.uri, delay=0)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: SmershServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.changed(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: SmershServer, params: lsp.DidSaveTextDocumentParams) -> None:
    ls.changed(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: SmershServer, params: lsp.DidCloseTextDocumentParams) -> None:
    """The file on disk takes the closed buffer's place."""
    ls.checker.schedule(path_of(params.text_document.uri))


def _at(params) -> tuple[str, int, int]:
    return (str(path_of(params.text_document.uri)), params.position.line + 1,
            params.position.character + 1)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
async def definition(ls: SmershServer, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
    index = await ls.index_of(params.text_document.uri)
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
async def references(ls: SmershServer, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
    index = await ls.index_of(params.text_document.uri)
    use = index.use_at(*_at(params)) if index else None
    return [to_location(s) for s in index.references(use)] if index and use else None


KINDS = {"keyword": lsp.CompletionItemKind.Keyword, "snippet": lsp.CompletionItemKind.Snippet,
         "skill": lsp.CompletionItemKind.Property, "advanced skill": lsp.CompletionItemKind.Property,
         "status": lsp.CompletionItemKind.EnumMember, "gadget": lsp.CompletionItemKind.EnumMember,
         "location": lsp.CompletionItemKind.Module, "target": lsp.CompletionItemKind.Reference,
         "entry": lsp.CompletionItemKind.Reference}
TRIGGERS = [" ", '"', "."]


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=TRIGGERS))
async def completion(ls: SmershServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    """What fits at the cursor (lsp/complete.py); worked out on the parser's thread."""
    from smersh_dsl.lsp.complete import items_at

    index = await ls.index_of(params.text_document.uri)
    document = ls.workspace.get_text_document(params.text_document.uri)
    text = document.source
    offset = document.offset_at_position(params.position)
    place, found = await ls.checker.run(items_at, text, offset, index)
    typed = lsp.Range(document.client_position_at_offset(place.start), params.position)
    return lsp.CompletionList(is_incomplete=False, items=[lsp.CompletionItem(
        label=item.label, kind=KINDS.get(item.kind, lsp.CompletionItemKind.Value), detail=item.detail,
        filter_text=item.label, text_edit=lsp.TextEdit(typed, item.insert),
        insert_text_format=(lsp.InsertTextFormat.Snippet if item.snippet else lsp.InsertTextFormat.PlainText))
        for item in found])


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
def code_actions(ls: SmershServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    """The quick fix of each finding in the range that carries one (diagnostics/fix.py),
    from the last finished check: the same fixes `smersh check --fix` makes."""
    path = path_of(params.text_document.uri)
    wanted = params.range
    found = []
    for d in ls.fixable.get(project_key(path), []):
        shown = to_range(d.span)
        if absolute(d.span.file) != path or (shown.end.line, shown.end.character) < (
                wanted.start.line, wanted.start.character) or (shown.start.line, shown.start.character) > (
                wanted.end.line, wanted.end.character):
            continue
        changes: dict[str, list[lsp.TextEdit]] = {}
        for edit in d.fix.edits:                      # type: ignore[union-attr]
            changes.setdefault(ls.uri_of(edit.span.file), []).append(
                lsp.TextEdit(to_range(edit.span), edit.text))
        found.append(lsp.CodeAction(
            title=d.fix.title, kind=lsp.CodeActionKind.QuickFix,   # type: ignore[union-attr]
            diagnostics=[lsp.Diagnostic(range=shown, message=d.message, code=d.code, source="smersh")],
            is_preferred=d.fix.safe, edit=lsp.WorkspaceEdit(changes=changes)))  # type: ignore[union-attr]
    return found


@server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
async def prepare_rename(ls: SmershServer, params: lsp.PrepareRenameParams) -> lsp.PrepareRenamePlaceholder:
    """What the cursor is on, if it can be renamed safely (lsp/rename.py); else an error
    saying why, which the editor shows."""
    from smersh_dsl.lsp.rename import Refused, target_at

    index = await ls.index_of(params.text_document.uri)
    if index is None:
        raise JsonRpcRequestFailed("the project has not been checked yet")
    try:
        target = target_at(index, *_at(params))
    except Refused as why:
        raise JsonRpcRequestFailed(str(why)) from None
    return lsp.PrepareRenamePlaceholder(range=to_range(target.span), placeholder=target.name)


@server.feature(lsp.TEXT_DOCUMENT_RENAME)
async def rename(ls: SmershServer, params: lsp.RenameParams) -> lsp.WorkspaceEdit:
    from smersh_dsl.lsp.rename import Refused, edits_for, target_at

    index = await ls.index_of(params.text_document.uri)
    if index is None:
        raise JsonRpcRequestFailed("the project has not been checked yet")
    try:
        edits = edits_for(index, target_at(index, *_at(params)), params.new_name)
    except Refused as why:
        raise JsonRpcRequestFailed(str(why)) from None
    changes: dict[str, list[lsp.TextEdit]] = {}
    for span, text in edits:
        changes.setdefault(ls.uri_of(span.file), []).append(lsp.TextEdit(to_range(span), text))
    return lsp.WorkspaceEdit(changes=changes)


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                lsp.SemanticTokensLegend(token_types=list(TOKEN_TYPES), token_modifiers=["declaration"]))
async def semantic_tokens(ls: SmershServer, params: lsp.SemanticTokensParams) -> lsp.SemanticTokens:
    """Names by what they name (lsp/tokens.py)."""
    from smersh_dsl.lsp.tokens import tokens_in

    index = await ls.index_of(params.text_document.uri)
    if index is None:
        return lsp.SemanticTokens(data=[])
    return lsp.SemanticTokens(data=tokens_in(index, str(path_of(params.text_document.uri))))


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
async def hover(ls: SmershServer, params: lsp.HoverParams) -> lsp.Hover | None:
    index = await ls.index_of(params.text_document.uri)
    if index is None:
        return None
    text = hover_text(index, *_at(params))
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, text)) if text else None


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
async def symbols(ls: SmershServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    index = await ls.index_of(params.text_document.uri)
    if index is None:
        return []
    return outline(index.definitions_in(str(path_of(params.text_document.uri))), to_range)


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
async def formatting(ls: SmershServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
    document = ls.workspace.get_text_document(params.text_document.uri)
    return await ls.checker.run(format_edits, document.source)    # it parses: on the worker


def format_edits(before: str) -> list[lsp.TextEdit]:
    """The edit that lays the buffer out as `smersh fmt` would; none for a buffer that
    does not parse, is over the limits, or would change meaning."""
    from smersh_dsl.fmt.run import meaning
    from smersh_dsl.parse.parser import parse_text

    if refused(before, "x") is not None:
        return []
    source, problems = parse_text(before, "x")
    if any(p.code.startswith(("S", "I")) for p in problems):
        return []
    after = format_text(before)
    if after == before or meaning(parse_text(after, "x")[0].definitions) != meaning(source.definitions):
        return []
    end = lsp.Position(len(before.split("\n")), 0)
    return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), end), after)]


def main() -> None:
    server.start_io()

