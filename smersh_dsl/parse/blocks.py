"""Re-parsing an edited file block by block: what the language server does on each edit.

A file is a list of top-level blocks, and the grammar reads each one on its own, so a
file that parses cleanly parses to the same model block by block. Each block is parsed
as if it began the file (its first line indented as in the file) and remembered by its
text; a block that only moved, because lines were added or removed above it, is not
parsed again but has its spans moved. After an edit, only the blocks whose text changed
are parsed: typing inside one entry of a 100-entry file re-parses that entry alone.

Anything unusual (a syntax error in any block, an unterminated string, braces that do
not balance) falls back to parsing the whole file, so error recovery and its findings
are exactly those of a whole-file parse; a test holds the two equal on every bundled
book and rule case.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from smersh_dsl.model.document import SourceFile
from smersh_dsl.model.span import Span
from smersh_dsl.parse.parser import Parsed, parse_memoised, recalled, remember

_TOKEN = re.compile(r'#[^\n]*|"(?:[^"\\]|\\.)*"|[{}"]', re.S)
MIN_BLOCKS = 4          # below this a whole-file parse is as quick


def top_level_blocks(text: str) -> list[tuple[int, int]] | None:
    """(start, end) offsets of the file cut after each top-level block's closing brace,
    or None when the braces or strings do not balance."""
    bounds: list[tuple[int, int]] = []
    depth, start = 0, 0
    for token in _TOKEN.finditer(text):
        kind = token.group()[0]
        if kind == "{":
            depth += 1
        elif kind == "}":
            depth -= 1
            if depth < 0:
                return None
            if depth == 0:
                bounds.append((start, token.end()))
                start = token.end()
        elif token.group() == '"':       # a quote that never closes
            return None
    if depth != 0:
        return None
    if text[start:].strip():
        bounds.append((start, len(text)))
    return bounds


def parse_by_blocks(text: str, file: str) -> Parsed:
    """The same result as ``parser.parse_text(text, file)``, re-using unchanged blocks."""
    found = recalled(text, file)
    if found is not None:
        return found
    bounds = top_level_blocks(text)
    if bounds is None or len(bounds) < MIN_BLOCKS:
        return parse_memoised(text, file)
    definitions: list = []
    comments: list = []
    line, line_start = 0, 0
    for start, end in bounds:
        line += text.count("\n", line_start, start)
        line_start = text.rfind("\n", 0, start) + 1
        source, problems = parse_memoised(" " * (start - line_start) + text[start:end], file)
        if any(p.code != "I002" for p in problems):   # I002: a stretch of comments only
            return parse_memoised(text, file)      # whole-file recovery and findings
        definitions.extend(moved(source.definitions, line))
        comments.extend(moved(source.comments, line))
        line_start = start
    whole = SourceFile(path=file, text=text, definitions=tuple(definitions), comments=tuple(comments))
    if not definitions:
        return parse_memoised(text, file)          # a file of comments: whole-file findings
    parsed: Parsed = (whole, ())
    remember(text, file, parsed)
    return parsed


def parse_edited(text: str, file: str) -> tuple[SourceFile, list]:
    """``parse_text`` for a text being edited (an editor's buffer): block by block."""
    source, diagnostics = parse_by_blocks(text, file)
    return source, list(diagnostics)


_moved: dict[tuple[int, int], Any] = {}     # (id of a block's model, lines) -> moved copy


def moved(nodes: tuple, lines: int) -> tuple:
    """The nodes of a block parsed at line 1, as they are ``lines`` further down.
    Copies are remembered, so a block that stays where it moved to is moved once."""
    if lines == 0:
        return nodes
    key = (id(nodes), lines)
    found = _moved.get(key)
    if found is None or found[0] is not nodes:
        if len(_moved) > 20_000:
            _moved.clear()
        found = (nodes, _shift(nodes, lines))
        _moved[key] = found
    return found[1]


def _shift(node: Any, lines: int) -> Any:
    if isinstance(node, Span):
        return Span(node.file, node.line + lines, node.column, node.end_line + lines, node.end_column)
    if isinstance(node, tuple):
        return tuple(_shift(item, lines) for item in node)
    if isinstance(node, list):
        return [_shift(item, lines) for item in node]
    if isinstance(node, dict):
        return {key: _shift(value, lines) for key, value in node.items()}
    fields = _FIELDS.get(type(node))
    if fields is None:
        if not dataclasses.is_dataclass(node) or isinstance(node, type):
            return node                     # text, numbers, enums
        fields = _FIELDS.setdefault(type(node), tuple(f.name for f in dataclasses.fields(node)))
    copy = object.__new__(type(node))
    for name in fields:
        object.__setattr__(copy, name, _shift(getattr(node, name), lines))
    return copy


_FIELDS: dict[type, tuple[str, ...]] = {}
