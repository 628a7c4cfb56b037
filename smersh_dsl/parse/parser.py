"""The Lark parser, built once, and the function that turns a file into a SourceFile."""

from __future__ import annotations

import os

import re
from collections import OrderedDict
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Comment, SourceFile
from smersh_dsl.model.span import Span
from smersh_dsl.model.walk import refs
from smersh_dsl.parse import cache as disk_cache
from smersh_dsl.parse import driver_image
from smersh_dsl.parse.collector import paused
from smersh_dsl.parse.driver import Driver, Fallback
from smersh_dsl.parse.errors import TOP_LEVEL, open_braces, syntax_diagnostic, unclosed
from smersh_dsl.parse.scan import in_literal, position
from smersh_dsl.parse.source import read_source
from smersh_dsl.parse.tables import load_parser
from smersh_dsl.parse.transform import ModelBuilder
from smersh_dsl.parse.transform.base import MAX_DEPTH   # real content stays under 10
from smersh_dsl.parse.transform.embedded import (EmbeddedLark, Inline, callbacks, fuse, parse_with,
                                                 rule_shapes)
from smersh_dsl.resources import grammar_path

MAX_SYNTAX_ERRORS = 50
MAX_DIGITS = 9            # numbers in content are small: counts, costs, keys
_big_numbers: list[Token] = []
_BLOCK_START = re.compile(r"^(?:override[ \t]+)?(?:%s)\b" % "|".join(sorted(TOP_LEVEL)), re.M)
_comments: list[Token] = []
# Any line that starts with a block's keyword, indented or not: what a left-out stretch
# may have held (more than the one block it starts with, if a block was indented).
_KEYWORD_LINE = re.compile(r"^[ \t]*(?:override[ \t]+)?(%s)\b" % "|".join(sorted(TOP_LEVEL - {"override"})), re.M)
_lost: list[str] = []     # the kinds of block left out by the last parse_model ("": unknown)


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser, which builds the model as it parses (see transform/embedded.py),
    from tables computed once (see tables.py)."""
    return load_parser(EmbeddedLark, _grammar(), transformer=_transformer(), tree_class=Inline,
                       propagate_positions=False, lexer_callbacks=_LEXER_CALLBACKS)


@lru_cache(maxsize=1)
def _grammar() -> str:
    return grammar_path().read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _transformer() -> Any:
    return callbacks(ModelBuilder.rule_methods())


@lru_cache(maxsize=1)
def driver() -> Driver | None:
    """The fused loop over the parser's tables (see driver.py), or None when this Lark's
    parser is not of the shape it reads, or when ``SMERSH_PARSER=lark`` asks for Lark's
    own loop (CI runs the suite so once, to keep that loop, which reports every syntax
    error, right; docs/robustness.md): then Lark's own loop does all the parsing. It is
    read from the image shipped with the grammar, or else from the one in the cache folder,
    where there is one (see driver_image.py)."""
    if os.environ.get("SMERSH_PARSER") == "lark":
        return None
    for source in (driver_image.shipped, driver_image.load):
        image = source(_grammar())
        if image is not None:
            try:
                return driver_from(image)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                pass                      # not an image this code reads: the next, or Lark
    try:
        built = Driver(parser())
    except Fallback:
        return None
    built.lexers.grown = True             # kept after its first parse, with the lexers met
    return built


def driver_from(image: dict) -> Driver:
    """The driver an image holds, with this code's callbacks; Lark's parser is built only
    for a state the image has no lexer of."""
    transformer = _transformer()
    return Driver.from_image(image, [fuse(shape, transformer) for shape in image["shapes"]],
                             {name: getattr(transformer, name) for name in image["shift"]},
                             _LEXER_CALLBACKS, lambda: parser().parser.lexer.lexers)


def whole_image() -> dict:
    """The image of a driver built from Lark with the lexer of every parser state: what
    ships as grammar/smersh.driver (``tables.main`` writes it)."""
    built = Driver(parser())
    for state in built.states:
        built.lexers[state]               # noqa: B018  made for the image
    return built.image(rule_shapes(parser()))


def _keep_image(fast: Driver) -> None:
    """Keep the driver's image once a parse met lexers it did not hold."""
    if fast.lexers.grown:
        fast.lexers.grown = False
        driver_image.save(_grammar(), fast.image(rule_shapes(parser()) if fast.table else None))


def _attempt(text: str, file: str) -> tuple[Any, ModelBuilder]:
    """One parse of ``text``: by the fused loop, or where that stops (a syntax error, most
    likely), afresh by Lark, which raises the error the diagnostics are made from."""
    fast = driver()
    if fast is not None:
        builder = ModelBuilder(file)
        try:
            parsed = parse_with(fast, builder, text), builder
            _keep_image(fast)
            return parsed
        except Fallback:
            _comments.clear()
    builder = ModelBuilder(file)
    return parse_with(parser(), builder, text), builder


def _clamp(token: Token) -> Token:
    """A number too long to be meant is reported (S005) and read as 999999999, so that
    no later step turns it into a huge range or loop."""
    if len(token) <= MAX_DIGITS:        # no part of it can be too long
        return token
    parts = str(token).lstrip("+-").split(".")
    if all(len(p) <= MAX_DIGITS for p in parts):
        return token
    _big_numbers.append(token)
    sign = str(token)[0] if str(token)[0] in "+-" else ""
    fixed = ".".join(p if len(p) <= MAX_DIGITS else "9" * MAX_DIGITS for p in parts)
    return Token.new_borrow_pos(token.type, sign + fixed, token)


_LEXER_CALLBACKS = {"COMMENT": _comments.append, "INT": _clamp, "SIGNED_INT": _clamp,
                    "ENTRY_KEY": _clamp}


_NESTING = re.compile(r'#[^\n]*|"(?:[^"\\]|\\.)*"|[{}()"]', re.S)


def _too_deep(text: str, file: str) -> Diagnostic | None:
    """S006: blocks nested past MAX_DEPTH, found before parsing (the parser's tree would
    be too deep to walk). Comments and strings are skipped; an unclosed string ends the
    scan (the parser reports it)."""
    if _shallow(text):
        return None
    depth = 0
    for token in _NESTING.finditer(text):
        ch = token.group()[0]
        if token.group() == '"':
            return None
        if ch in "{(":
            depth += 1
            if depth > MAX_DEPTH:
                return Diagnostic.of("S006", Span.point(file, *position(text, token.start())),
                                     f"blocks are nested more than {MAX_DEPTH} deep here",
                                     "split the block up: no encounter needs this many levels")
        elif ch in "})":
            depth = max(0, depth - 1)
    return None


_LITERALS = re.compile(r'#[^\n]*|"(?:[^"\\]|\\.)*"', re.S)
_BRACES = re.compile(r"[{}()]")
_STEP = {"{": 1, "(": 1, "}": -1, ")": -1}


def _shallow(text: str) -> bool:
    """Whether no block in ``text`` nests past MAX_DEPTH, worked out without a step per
    brace (what `_too_deep` takes on nearly every file): with comments and strings taken
    out, and no quote left over, the depth after each brace is a running sum, exact as
    long as it never drops below 0 (where `_too_deep` would stop counting down)."""
    bare = _LITERALS.sub("", text)
    if '"' in bare:
        return False
    braces = _BRACES.findall(bare)
    if len(braces) <= MAX_DEPTH:
        return True
    depths = list(accumulate(map(_STEP.__getitem__, braces)))
    return min(depths) >= 0 and max(depths) <= MAX_DEPTH


def _blank(text: str, start: int, end: int) -> str:
    """Replace text[start:end] with spaces, keeping line breaks (and so every position)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def _recovery_window(text: str, offset: int) -> tuple[int, int]:
    """The top-level block that holds ``offset``, from its start to the next block's."""
    starts = [m.start() for m in _BLOCK_START.finditer(text)]
    before = [s for s in starts if s <= offset]
    after = [s for s in starts if s > offset]
    begin = before[-1] if before else 0
    if before and begin == offset and len(before) > 1:
        return before[-2], offset   # the error starts a block: the previous one is open
    return begin, after[0] if after else len(text)


def block_start(text: str, offset: int) -> int:
    """Where the top-level block that holds ``offset`` starts (0 before the first)."""
    return max((m.start() for m in _BLOCK_START.finditer(text, 0, offset)), default=0)


def next_block(text: str, offset: int) -> int:
    """Where the next top-level block after ``offset`` starts (the end if none does)."""
    found = _BLOCK_START.search(text, offset)
    return found.start() if found is not None else len(text)


def _kinds(text: str, begin: int, end: int) -> list[str]:
    """The kinds of block that text[begin:end], about to be left out, may have held: the
    keyword it starts with ("" if it starts with none) and any other that starts a line."""
    first = _KEYWORD_LINE.match(text, begin)
    found = [first.group(1) if first is not None and first.start(1) < end else ""]
    found += [m.group(1) for m in _KEYWORD_LINE.finditer(text, begin, end)
              if m.start() > begin and not in_literal(text, m.start(1))]
    return found


def parse_model(text: str, file: str) -> tuple[tuple | None, list[Token], list[Diagnostic],
                                                list[Diagnostic]]:
    """Parse into the model's top-level definitions, recovering at top-level blocks: one
    error per broken block, at most 50. Gives the definitions, the comments, the syntax
    errors and the builder's findings (those of the attempt that parsed: an abandoned
    attempt's are dropped with it)."""
    diagnostics: list[Diagnostic] = []
    attempt = text
    _lost.clear()
    for _ in range(MAX_SYNTAX_ERRORS):
        _comments.clear()
        try:
            definitions, builder = _attempt(attempt, file)
            if builder.too_deep is not None:    # read, but too deep for what comes next
                return None, list(_comments), [builder.too_deep], []
            return definitions, list(_comments), diagnostics, builder.diagnostics
        except UnexpectedInput as error:
            offset = error.pos_in_stream if error.pos_in_stream is not None else len(attempt)
            begin, end = _recovery_window(attempt, offset)
            still_open = (open_braces(attempt, begin)
                          if 0 < begin < offset and not in_literal(attempt, begin) else [])
            if still_open:
                # A block keyword that the open block also allows (`region` in a mission)
                # was read as part of it: the open block is the broken one; keep the next.
                line = attempt.count("\n", 0, begin) + 1
                word = _BLOCK_START.match(attempt, begin).group().split()[-1]  # type: ignore[union-attr]
                diagnostics.append(unclosed(attempt, begin, file,
                                            f"`{word}` on line {line} starts a new block"))  # type: ignore[arg-type]
                starts = [m.start() for m in _BLOCK_START.finditer(attempt) if m.start() <= still_open[0]]
                begin, end = (starts[-1] if starts else 0), begin
            else:
                found = syntax_diagnostic(error, text, attempt, file, parser())
                # Blanking a broken block can stumble again at the same place (an unclosed
                # string whose quote first paired with the next text's): one finding there,
                # the first, which says the most (it saw the string run on).
                if not any(d.code == found.code and d.span == found.span for d in diagnostics):
                    diagnostics.append(found)
            if attempt[begin:end].strip() == "":
                break
            _lost.extend(_kinds(attempt, begin, end))
            attempt = _blank(attempt, begin, end)
    return None, list(_comments), diagnostics, []


Parsed = tuple[SourceFile, tuple[Diagnostic, ...]]
MEMO_SIZE = 4096
remembered: OrderedDict[tuple[str, str], Parsed] = OrderedDict()


def remember(text: str, file: str, parsed: Parsed) -> None:
    """Keep a parse in memory (least recently used go first)."""
    remembered[(text, file)] = parsed
    remembered.move_to_end((text, file))
    while len(remembered) > MEMO_SIZE:
        remembered.popitem(last=False)


def parse_text(text: str, file: str) -> tuple[SourceFile, list[Diagnostic]]:
    """Parse one file's text. Memoised by (file, text): a long-running process (the
    language server, a watch) re-parses only what changed. The model is immutable."""
    source, diagnostics = parse_memoised(text, file)
    return source, list(diagnostics)


def recalled(text: str, file: str) -> Parsed | None:
    """The parse of this text under this name if it is in memory, or None."""
    found = remembered.get((text, file))
    if found is not None:
        remembered.move_to_end((text, file))
    return found


def parse_memoised(text: str, file: str) -> Parsed:
    """``parse_text``'s result as it is kept (findings in a tuple): from memory, or
    parsed now and remembered."""
    found = recalled(text, file)
    if found is not None:
        return found
    parsed = parse_fresh(text, file)
    remember(text, file, parsed)
    return parsed


def parse_fresh(text: str, file: str) -> Parsed:
    """Parse now, neither from memory nor kept in it (a worker process, which sends the
    parse back and has no use for it after)."""
    deep = _too_deep(text, file)
    if deep is not None:
        return SourceFile(path=file, text=text, definitions=(), lost=("",)), (deep,)
    try:
        with paused():
            return _parse_uncached(text, file)
    except RecursionError:   # a thousand `not`s or `else if`s in a row, walked for refs
        return SourceFile(path=file, text=text, definitions=(), lost=("",)), (Diagnostic.of(
            "S006", Span.point(file, 1, 1), "the file nests too deeply to be read",
            f"keep blocks and conditions under {MAX_DEPTH} levels deep"),)


def _parse_uncached(text: str, file: str) -> Parsed:
    _big_numbers.clear()
    found, comment_tokens, diagnostics, findings = parse_model(text, file)
    diagnostics.extend(Diagnostic.of(
        "S005", Span(file, t.line or 1, t.column or 1, t.end_line or 1, t.end_column or 1),
        f"a number of {len(str(t))} characters", f"numbers here have at most {MAX_DIGITS} digits")
        for t in dict.fromkeys(_big_numbers))
    diagnostics.extend(findings)
    definitions: tuple = found or ()
    for definition in definitions:
        refs(definition)    # memoised on the block, so the disk cache keeps them too
    comments = tuple(Comment(text=str(t), span=Span(file, t.line or 1, t.column or 1,
                                                    t.end_line or 1, t.end_column or 1))
                     for t in comment_tokens)
    if not definitions and not diagnostics:
        diagnostics.append(Diagnostic.of("I002", Span.point(file, 1, 1),
                                         "the file holds no blocks",
                                         "write a block, or delete the file"))
    lost = () if not any(d.code.startswith("S") for d in diagnostics) else (
        tuple(dict.fromkeys(_lost)) if found is not None else ("",))
    return (SourceFile(path=file, text=text, definitions=definitions, comments=comments, lost=lost),
            tuple(diagnostics))


def parse_file(path: Path, shown: str | None = None,
               root: Path | None = None) -> tuple[SourceFile | None, list[Diagnostic]]:
    """Read and parse a file on disk, only if it lies inside ``root`` (the project's
    folder, `read_source`); an unchanged file comes from the disk cache."""
    shown = shown if shown is not None else str(path)
    text, problems = read_source(path, shown, root)
    if text is None:
        return None, problems
    if not recall(text, shown):
        disk_cache.store(text, shown, parse_memoised(text, shown))
    return parse_text(text, shown)


def recall(text: str, shown: str) -> bool:
    """Whether this parse is in memory, or was read back from the disk cache into it."""
    if (text, shown) in remembered:
        return True
    stored = disk_cache.load(text, shown)
    if stored is not None:
        remember(text, shown, stored)
    return stored is not None
