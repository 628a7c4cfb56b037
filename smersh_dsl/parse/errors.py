"""Lark's exceptions turned into diagnostics that speak the writer's language."""

from __future__ import annotations

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.span import Span
from smersh_dsl.parse.scan import code, literals, position
from smersh_dsl.parse.vocabulary import (closest_word, previous_word, unusual_character,
                                         what_is_wanted)

TOP_LEVEL = frozenset({
    "game", "expansion", "campaign", "cardgame", "region", "status", "gadget", "mission",
    "card", "entry", "spy", "henchman", "showdown", "lobo", "stranded", "dead_drop",
    "red_intel", "villain", "scenario", "gadget_card", "defence_card", "top_secret", "override",
})
_FRIENDLY = {
    "NAME": "a name", "STRING": "a text in quotes", "INT": "a number",
    "SIGNED_INT": "a signed number such as +1", "ENTRY_KEY": "an entry key such as 01.7.4",
    "ICON_NAME": "an icon such as icon:eye", "$END": "the end of the file",
}
_MOST = 8


def _terminal_words(name: str, lark: Lark) -> tuple[str, bool]:
    """How to say a terminal to a writer, and whether it is a keyword."""
    if name in _FRIENDLY:
        return _FRIENDLY[name], False
    try:
        pattern = lark.get_terminal(name).pattern
    except KeyError:
        return name.lower(), False
    if isinstance(pattern, PatternStr):
        return f"`{pattern.value}`", pattern.value.isidentifier()
    return name.lower(), False


def expected_words(names: set[str], lark: Lark) -> str:
    said = {name: _terminal_words(name, lark) for name in names}
    keywords = {words.strip("`") for words, is_kw in said.values() if is_kw}
    parts: list[str] = []
    if TOP_LEVEL - {"override"} <= keywords:
        parts.append("a top-level block such as `entry`, `card` or `region`")
        said = {n: w for n, w in said.items() if w[0].strip("`") not in TOP_LEVEL}
    plain = sorted({w for w, _ in said.values() if not w.startswith("`")})
    marks = sorted({w for w, _ in said.values() if w.startswith("`")})
    parts.extend(plain + marks)
    if len(parts) > _MOST:
        parts = parts[:_MOST] + ["…"]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def describe(token: Token) -> str:
    value = str(token)
    if token.type == "STRING":
        short = value if len(value) <= 24 else value[:20] + '…"'
        return f"text {short}"
    if token.type == "NAME":
        return f"name `{value}`"
    if token.type in ("INT", "SIGNED_INT"):
        return f"number {value}"
    if token.type == "$END":
        return "end of file"
    return f"`{value}`"


def open_braces(text: str, upto: int) -> list[int]:
    """Offsets of the `{` still open at ``upto``, skipping strings and comments."""
    stack: list[int] = []
    for i, ch in code(text, upto):
        if ch == "{":
            stack.append(i)
        elif ch == "}" and stack:
            stack.pop()
    return stack


def end_of_code(text: str) -> int:
    """The offset just past the last character that is not blank or in a comment."""
    return max((i + 1 for i, ch in code(text) if not ch.isspace()), default=0)


def _indent(text: str, offset: int) -> int:
    start = text.rfind("\n", 0, offset) + 1
    return len(text[start:offset]) - len(text[start:offset].lstrip())


def _alone_on_line(text: str, offset: int, before: bool) -> bool:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    end = len(text) if end < 0 else end
    return not (text[start:offset] if before else text[offset + 1:end]).strip()


def likely_unclosed(text: str, upto: int, stack: list[int]) -> int:
    """Which `{` lacks its `}`: braces alone say only "the innermost", but writers indent.
    A `}` alone on its line closing a `{` that ends a line less or more indented means
    that `}` was written for an outer block: the `{` it closed is the one left open."""
    pairs: list[tuple[int, int]] = []
    opened: list[int] = []
    for i, ch in code(text, upto):
        if ch == "{":
            opened.append(i)
        elif ch == "}" and opened:
            pairs.append((opened.pop(), i))
    for start, end in sorted(pairs):
        if (start > stack[0] and _alone_on_line(text, end, before=True)
                and _alone_on_line(text, start, before=False)
                and _indent(text, start) != _indent(text, end)):
            return start
    return stack[-1]


def unclosed(text: str, offset: int, file: str, at: str) -> Diagnostic | None:
    stack = open_braces(text, offset)
    if not stack:
        return None
    line, column = position(text, likely_unclosed(text, offset, stack) if len(stack) > 1 else stack[0])
    return Diagnostic.of("S003", Span.point(file, line, column),
                         f"the `{{` opened on line {line} is never closed ({at})",
                         "add the missing `}` at the end of that block")


def _string_run_on(text: str, offset: int, file: str) -> Diagnostic | None:
    """A string left open runs on to the next quote, which was meant to open the next
    string: the error then falls on the word right after that quote. Point at the
    string that was never closed instead."""
    before = None
    for lit in literals(text):
        if lit.end > offset:
            break
        before = lit
    if before is None or before.end != offset or "\n" not in before.raw:
        return None
    line, column = position(text, before.start)
    end_line = text.count("\n", 0, before.end) + 1
    return Diagnostic.of("S004", Span.point(file, line, column), "this string is never closed",
                         f"it runs on to the quote on line {end_line}, which opens the next "
                         'text; add the closing `"` where this one ends')


def _missing_close(error: UnexpectedToken, text: str, offset: int, file: str) -> Diagnostic | None:
    """The token would be fine after a `}`: the block around it was left open."""
    try:
        probe = error.interactive_parser.copy()
        probe.feed_token(Token("RBRACE", "}"))
        fits = error.token.type in probe.accepts()
    except Exception:    # the parser cannot take a `}` here: not this mistake
        return None
    stack = open_braces(text, offset)
    if not fits or not stack:
        return None
    line, column = position(text, likely_unclosed(text, offset, stack))
    return Diagnostic.of("S003", Span.point(file, line, column),
                         f"the `{{` opened on line {line} is never closed "
                         f"(`{error.token}` on line {error.token.line} belongs after it)",
                         "add the missing `}` before that line")


def _non_ascii_name(text: str, offset: int, file: str, line: int, column: int) -> Diagnostic:
    """S002 for a letter such as `é` in a bare name: the whole word, and how to quote it."""
    def wordy(ch: str) -> bool:
        return ch.isalnum() or ch in "_'"
    start = offset
    while start > 0 and wordy(text[start - 1]):
        start -= 1
    end = offset
    while end < len(text) and wordy(text[end]):
        end += 1
    word = text[start:end]
    begin = column - (offset - start)
    return Diagnostic.of("S002", Span(file, line, begin, line, begin + len(word)),
                         f"`{word}` cannot be a bare name: {text[offset]!r} is not an ASCII letter",
                         f'quote it: "{word}" (bare names use A-Z, a-z, 0-9, _ and \')')


def syntax_diagnostic(error: UnexpectedInput, original: str, text: str, file: str,
                      lark: Lark) -> Diagnostic:
    """``text`` is what was parsed (earlier broken blocks blanked); positions agree."""
    if isinstance(error, UnexpectedCharacters):
        offset = error.pos_in_stream
        char = text[offset]
        line, column = error.line, error.column
        if char == '"':
            return Diagnostic.of("S004", Span.point(file, line, column),
                                 "this string is never closed",
                                 'add the closing `"`; inside a string write \\" for a quote')
        allowed = set(error.allowed or ())
        lookalike = unusual_character(char)
        if lookalike is not None:
            return Diagnostic.of("S002", Span.point(file, line, column),
                                 f"unexpected character {lookalike[0]}", lookalike[1])
        if char.isalpha() and not char.isascii():
            return _non_ascii_name(text, offset, file, line, column)
        if char in "“”‘’«»":
            hint = "use straight double quotes (\") around prose"
        elif 0 < len(allowed) <= 4:
            hint = f"expected {expected_words(allowed, lark)} here"
        else:
            hint = "remove it; prose belongs inside double quotes"
        return Diagnostic.of("S002", Span.point(file, line, column),
                             f"unexpected character {char!r}", hint)
    assert isinstance(error, UnexpectedToken)
    token: Token = error.token
    if token.type == "$END":
        found = unclosed(text, len(text), file, "the file ends first")
        if found:
            return found
        line, column = position(original, end_of_code(original))
        return Diagnostic.of("S001", Span.point(file, line, column),
                             "the file ends too early",
                             f"expected {expected_words(set(error.expected), lark)}")
    offset = token.start_pos or 0
    found = _string_run_on(text, offset, file) or _missing_close(error, text, offset, file)
    if found:
        return found
    at_block_start = str(token) in TOP_LEVEL and (offset == 0 or text[offset - 1] == "\n")
    if at_block_start:
        found = unclosed(text, offset, file, f"`{token}` on line {token.line} starts a new block")
        if found:
            return found
    span = Span(file, token.line or 1, token.column or 1, token.end_line or token.line or 1,
                token.end_column or (token.column or 1) + 1)
    expected = expected_words(set(error.expected), lark)
    hint = f"expected {expected}"
    if token.type == "NAME":
        return _misspelt(error, span, lark, hint, text)
    return Diagnostic.of("S001", span, f"unexpected {describe(token)}", hint)


def _glued(text: str, offset: int, rest: str, file: str) -> Diagnostic | None:
    """`gain 1 intelligence`: where only keywords may stand, the lexer reads the keyword
    `intel` and leaves `ligence` as a name of its own. Name the whole word instead."""
    start = offset
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    if start == offset or not text[start].isalpha():
        return None
    whole, keyword = text[start:offset + len(rest)], text[start:offset]
    line, column = position(text, start)
    return Diagnostic.of("S001", Span(file, line, column, line, column + len(whole)),
                         f"`{whole}` is read as `{keyword}` followed by `{rest}`",
                         f"did you mean `{keyword}`?")


def _keywords(names: set[str], lark: Lark) -> dict[str, str]:
    """The keywords among expected terminals: word -> terminal name."""
    found = {}
    for name in names:
        words, is_kw = _terminal_words(name, lark)
        if is_kw:
            found[words.strip("`")] = name
    return found


def _accepts(error: UnexpectedToken, terminal: str, word: str) -> bool:
    try:
        error.interactive_parser.copy().feed_token(Token(terminal, word))
    except Exception:    # no interactive parser, or the keyword does not fit after all
        return False
    return True


def _misspelt(error: UnexpectedToken, span: Span, lark: Lark, dump: str,
              text: str) -> Diagnostic:
    """A name where a keyword was wanted: the keyword meant, from the language's own
    vocabulary (an effect verb, a resource, a condition word), instead of every token."""
    word = str(error.token)
    glued = _glued(text, error.token.start_pos or 0, word, span.file)
    if glued is not None:
        return glued
    keywords = _keywords(set(error.expected), lark)
    wanted = what_is_wanted(set(keywords), previous_word(text, error.token.start_pos or 0))
    message = f"unexpected {describe(error.token)}"
    if wanted is not None:
        message = f"`{word}` is not {wanted[0]}"
    close = closest_word(word, set(wanted[1]) if wanted else set(keywords))
    if close is None and wanted is not None:
        close = closest_word(word, set(keywords))
    if close is not None and _accepts(error, keywords[close], close):
        return Diagnostic.of("S001", span, message, f"did you mean `{close}`?")
    if wanted is not None and wanted[0] == "a resource":
        return Diagnostic.of("S001", span, message,
                             "expected one of " + ", ".join(f"`{w}`" for w in wanted[1]))
    return Diagnostic.of("S001", span, message, dump + "; a keyword used as a name must be quoted")
