"""A faster loop over Lark's own tables: lexing and LALR parsing fused into one function.

Profiled on 10,000 entries (issue #8), two thirds of a parse went to Lark's generic loop:
a generator per token, a method call per match, a line counter fed every whitespace run
and comment, and a `feed_token` call per token. This driver reads the very tables and
lexers the Lark parser was built with, and runs them in one loop:

* per parser state, Lark's contextual lexer's own regex, with the ignored terminals that
  have no callback (whitespace) folded in front as a possessive prefix, so one regex
  match finds the next token and the space before it (which holds as long as no other
  terminal begins with whitespace: checked when the driver is built, exactly for
  keywords, by a probe for regexes);
* lines and columns counted only where the text has line breaks;
* the same token types (keywords matched as names are retyped as Lark's lexer does), the
  same lexer callbacks, and the parser's own rule callbacks on the same children.

So a file that parses gives exactly what Lark gives (tests/test_parse_driver.py holds the
two equal on every book, case and golden file). Anything this loop does not expect (a
character no terminal matches, a token the state cannot take, tables of an unknown shape)
raises `Fallback`, and the caller parses with Lark itself, which reports the error as it
always has. Errors are rare and cost one fast attempt more.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from lark import Lark, Token
from lark.lexer import CallChain, UnlessCallback
from lark.parsers.lalr_analysis import Shift


class Fallback(Exception):
    """This text or these tables are for Lark's own loop."""


# One per-state lexer as data: the regex (whitespace prefix folded in) and its flags, the
# token type of each group, the ignored and line-breaking types, and per type with a
# callback (keywords to retype by, or None; the lexer callback's type, or None; the type
# Lark's chained callback is taken for). Plain data, so parse/driver_image.py keeps it.
LexerSpec = tuple[str, int, dict, frozenset, frozenset, dict]


def lexer_spec(basic: Any, skip: str) -> LexerSpec:
    """What the fused loop takes of one of Lark's per-state lexers."""
    scanner = basic.scanner             # builds Lark's regex and its callbacks
    if len(scanner._mres) != 1:
        raise Fallback("a lexer split over several regexes")
    mre = scanner._mres[0]
    pattern = f"{skip}(?:{mre.pattern})"
    types = {index: name for name, index in re.compile(pattern, mre.flags).groupindex.items()}
    user = basic.user_callbacks
    calls = {name: _call_spec(name, cb, user) for name, cb in basic.callback.items()}
    return (pattern, mre.flags, types, frozenset(basic.ignore_types),
            frozenset(basic.newline_types), calls)


def _call_spec(name: str, cb: Any, user: dict) -> tuple:
    """A token type's callback as data: keywords, the lexer callback's type, the type
    Lark's chain of the two is taken for (its condition, probed with each type)."""
    if isinstance(cb, UnlessCallback):
        return _keywords(cb), None, None
    if isinstance(cb, CallChain) and isinstance(cb.callback1, UnlessCallback):
        taken = next((n for n in user if cb.cond(Token(n, ""))), None)
        return _keywords(cb.callback1), _named(name, cb.callback2, user), taken
    return None, _named(name, cb, user), None


def _named(name: str, cb: Any, user: dict) -> str:
    """The type ``cb`` is the lexer callback of: ``name``'s own, or one it shares."""
    if user.get(name) is cb:
        return name
    found = next((n for n, f in user.items() if f is cb), None)
    if found is None:
        raise Fallback(f"a lexer callback of unknown shape: {cb!r}")
    return found


def _keywords(unless: UnlessCallback) -> dict[str, str]:
    terminals = unless.scanner.terminals
    if any(t.pattern.flags for t in terminals):
        raise Fallback("case-insensitive keywords")
    return {t.pattern.value: t.name for t in terminals}


class _Lexer:
    """One of the contextual lexer's per-state lexers, as the fused loop uses it."""

    __slots__ = ("match", "groups")

    def __init__(self, spec: LexerSpec, user: dict[str, Callable[[Token], Token]]) -> None:
        pattern, flags, types, ignored, newline, calls = spec
        self.match = re.compile(pattern, flags).match
        callbacks = {name: _callback(*call, user) for name, call in calls.items()}
        # Per regex group, all the loop asks of its token type in one look-up: the type,
        # whether it may hold line breaks, its callback (or None), whether it is ignored.
        self.groups: list[tuple[str, bool, Any, bool] | None] = [None] * (max(types, default=0) + 1)
        for index, kind in types.items():
            self.groups[index] = (kind, kind in newline, callbacks.get(kind), kind in ignored)


def _callback(keywords: dict | None, named: str | None, taken: str | None,
              user: dict[str, Callable[[Token], Token]]) -> Callable[[Token], Token]:
    """Lark's lexer callback, with its keyword lookup (a regex per name) made a dict."""
    if keywords is None:
        return user[named]
    retype = _retype(keywords)
    if named is None:
        return retype
    then = user[named]

    def chained(token: Token) -> Token:
        token = retype(token)
        return then(token) if token.type == taken else token
    return chained


def _retype(keywords: dict[str, str]) -> Callable[[Token], Token]:
    def retype(token: Token) -> Token:
        found = keywords.get(token.value)
        if found is not None:
            token.type = found
        return token
    return retype


def _starts_with_space(terminal: Any) -> bool:
    """Whether a terminal may begin with a space, tab or line break, which the prefix of
    skipped whitespace would take from it (a regex is probed with each such character)."""
    pattern = terminal.pattern
    if pattern.type == "str":
        return pattern.value[:1].isspace()
    probe = re.compile(pattern.to_regexp())
    return any(probe.match(c) for c in " \t\f\r\n")


class _Lexers(dict):
    """The fused loop's lexer of each parser state, made when the state is first met (as
    Lark makes its own): building all 893 states' regexes took 0.4 s, most of them for
    states a given book never reaches. A lexer is made from its spec where the driver's
    image has one, else from Lark's (``basics``, asked only then); ``grown`` says a spec
    was added."""

    def __init__(self, basics: Callable[[], dict[int, Any]], skip: str,
                 user: dict[str, Callable[[Token], Token]],
                 known: dict[int, int] | None = None, specs: list | None = None) -> None:
        super().__init__()
        self.basics, self.skip, self.user = basics, skip, user
        self.known = dict(known or {})            # state: index of its spec
        self.specs = list(specs or [])
        self.built: dict[int, _Lexer] = {}        # states with the same terminals share one
        self.of_basic: dict[int, int] = {}
        self.grown = False

    def __missing__(self, state: int) -> _Lexer:
        index = self.known.get(state)
        if index is None:
            basic = self.basics()[state]
            index = self.of_basic.get(id(basic))
            if index is None:
                index = self.of_basic[id(basic)] = len(self.specs)
                self.specs.append(lexer_spec(basic, self.skip))
            self.known[state] = index
            self.grown = True
        lexer = self.built.get(index)
        if lexer is None:
            lexer = self.built[index] = _Lexer(self.specs[index], self.user)
        self[state] = lexer
        return lexer


class Driver:
    """Lark's tables and lexers for one start rule, ready for `parse`."""

    def __init__(self, lark: Lark, start: str = "start") -> None:
        frontend = lark.parser
        contextual = frontend.lexer
        inner = frontend.parser.parser
        if not hasattr(contextual, "lexers") or not hasattr(inner, "parse_table"):
            raise Fallback("not an LALR parser with a contextual lexer")
        conf = lark.lexer_conf
        by_name = {t.name: t for t in conf.terminals}
        quiet = [n for n in conf.ignore if n not in conf.callbacks]
        if any(_starts_with_space(t) for t in conf.terminals if t.name not in quiet):
            raise Fallback("a terminal may start with what the skipped prefix swallows")
        skip = "(?:%s)*+" % "|".join(by_name[n].pattern.to_regexp() for n in quiet) if quiet else ""
        self.skip = re.compile(skip)
        self.lexers = _Lexers(lambda: contextual.lexers, skip, conf.callbacks)
        table = inner.parse_table
        callbacks = inner.callbacks
        self.start = table.start_states[start]
        self.end = table.end_states[start]
        # A shift is the next state (an int); a reduction is (size, callback, rule name).
        self.states: dict[int, dict[str, Any]] = {}
        for state, actions in table.states.items():
            row: dict[str, Any] = {}
            for symbol, (action, arg) in actions.items():
                row[symbol] = arg if action is Shift else (
                    len(arg.expansion), callbacks.get(arg), arg.origin.name)
            self.states[state] = row
        self.shift_callbacks = {k: v for k, v in callbacks.items() if isinstance(k, str)}
        self.table, self.skip_pattern = table, skip

    def image(self, shapes: dict | None = None) -> dict:
        """This driver as plain data (parse/driver_image.py keeps it), a rule's callback
        named by its index in ``shapes`` (each rule's shape: what its callback is made
        from; a driver made from an image has them), the lexers by the specs made so far."""
        if self.table is None:
            kept = self.kept
        else:
            index = {rule: i for i, rule in enumerate(shapes or {})}
            states = {state: {symbol: arg if action is Shift else
                              (len(arg.expansion), index[arg], arg.origin.name)
                              for symbol, (action, arg) in actions.items()}
                      for state, actions in self.table.states.items()}
            kept = {"skip": self.skip_pattern, "start": self.start, "end": self.end,
                    "states": states, "shapes": list((shapes or {}).values()),
                    "shift": sorted(self.shift_callbacks)}
        return {**kept, "known": dict(self.lexers.known), "specs": list(self.lexers.specs)}

    @classmethod
    def from_image(cls, image: dict, rules: list[Callable], shifts: dict[str, Callable],
                   user: dict[str, Callable[[Token], Token]],
                   basics: Callable[[], dict[int, Any]]) -> "Driver":
        """The driver ``image`` holds, with ``rules`` the callbacks of its shapes, in
        order, ``shifts`` those of its shifted types, ``user`` the lexer callbacks, and
        ``basics`` Lark's per-state lexers, asked for a state the image has no lexer of."""
        self = cls.__new__(cls)
        self.skip_pattern = image["skip"]
        self.skip = re.compile(self.skip_pattern)
        self.lexers = _Lexers(basics, self.skip_pattern, user, image["known"], image["specs"])
        self.start, self.end, self.table = image["start"], image["end"], None
        self.kept = {k: v for k, v in image.items() if k not in ("known", "specs")}
        self.states = {state: {symbol: action if type(action) is int else
                               (action[0], rules[action[1]], action[2])
                               for symbol, action in row.items()}
                       for state, row in image["states"].items()}
        self.shift_callbacks = shifts
        return self

    def parse(self, text: str) -> Any:
        """The start rule's value; `Fallback` at the first thing out of the ordinary."""
        lexers, states, shift_callbacks, end_state = (self.lexers, self.states,
                                                      self.shift_callbacks, self.end)
        new_token = str.__new__
        count, rindex = text.count, text.rindex
        stack = [self.start]
        values: list = []
        pos, line, line_start = 0, 1, 0
        last: Token | None = None
        at_end = False
        row = states[self.start]
        while True:
            lexer = lexers[stack[-1]]
            m = lexer.match(text, pos)
            if m is not None:
                index = m.lastindex
                kind, newline, callback, ignored = lexer.groups[index]
                start = m.start(index)
                if start != pos:
                    breaks = count("\n", pos, start)
                    if breaks:
                        line += breaks
                        line_start = rindex("\n", pos, start) + 1
                value = m.group(index)
                token = new_token(Token, value)
                token.type, token.value, token.start_pos = kind, value, start
                token.line, token.column = line, start - line_start + 1
                if newline:
                    breaks = value.count("\n")
                    if breaks:
                        line += breaks
                        line_start = start + value.rindex("\n") + 1
                pos = m.end()
                token.end_line, token.end_column, token.end_pos = line, pos - line_start + 1, pos
                if callback is not None:
                    token = callback(token)
                if ignored:
                    continue
                last = token
            elif self.skip.match(text, pos).end() == len(text):
                token = (Token.new_borrow_pos("$END", "", last) if last is not None
                         else Token("$END", "", 0, 1, 1))
                at_end = True
            else:
                raise Fallback("no terminal matches here")
            # Lark's `feed_token`: reduce as the table says, then shift the token.
            kind = token.type
            while True:
                action = row.get(kind)
                if action is None:
                    raise Fallback("the parser cannot take this token here")
                if type(action) is int:
                    if at_end:
                        raise Fallback("a shift at the end")
                    stack.append(action)
                    row = states[action]
                    values.append(token if kind not in shift_callbacks
                                  else shift_callbacks[kind](token))
                    break
                size, callback, origin = action
                if size == 1:       # over half of all reductions: one value replaced
                    goto = stack[-1] = states[stack[-2]][origin]
                    values[-1] = (callback([values[-1]]) if callback is not None
                                  else [values[-1]])
                else:
                    if size:
                        children = values[-size:]
                        del stack[-size:]
                        del values[-size:]
                    else:
                        children = []
                    goto = states[stack[-1]][origin]
                    stack.append(goto)
                    values.append(callback(children) if callback is not None else children)
                row = states[goto]
                if at_end and goto == end_state:
                    return values[-1]
