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


class _Lexer:
    """One of the contextual lexer's per-state lexers, as the fused loop uses it."""

    __slots__ = ("match", "types", "ignored", "newline", "callbacks")

    def __init__(self, basic: Any, skip: str) -> None:
        scanner = basic.scanner             # builds Lark's regex and its callbacks
        if len(scanner._mres) != 1:
            raise Fallback("a lexer split over several regexes")
        mre = scanner._mres[0]
        pattern = re.compile(f"{skip}(?:{mre.pattern})", mre.flags)
        self.match = pattern.match
        self.types = {index: name for name, index in pattern.groupindex.items()}
        self.ignored = basic.ignore_types
        self.newline = basic.newline_types
        self.callbacks = {name: _callback(cb) for name, cb in basic.callback.items()}


def _callback(cb: Callable[[Token], Token]) -> Callable[[Token], Token]:
    """Lark's lexer callback, with its keyword lookup (a regex per name) made a dict."""
    if isinstance(cb, UnlessCallback):
        return _retype(cb)
    if isinstance(cb, CallChain) and isinstance(cb.callback1, UnlessCallback):
        first, then, cond = _retype(cb.callback1), cb.callback2, cb.cond

        def chained(token: Token) -> Token:
            token = first(token)
            return then(token) if cond(token) else token
        return chained
    return cb


def _retype(unless: UnlessCallback) -> Callable[[Token], Token]:
    terminals = unless.scanner.terminals
    if any(t.pattern.flags for t in terminals):
        return unless                         # case-insensitive keywords: Lark's regex
    keywords = {t.pattern.value: t.name for t in terminals}

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
    states a given book never reaches."""

    def __init__(self, basics: dict[int, Any], skip: str) -> None:
        super().__init__()
        self.basics, self.skip = basics, skip
        self.shared: dict[int, _Lexer] = {}    # states with the same terminals share one

    def __missing__(self, state: int) -> _Lexer:
        basic = self.basics[state]
        lexer = self.shared.get(id(basic))
        if lexer is None:
            lexer = self.shared[id(basic)] = _Lexer(basic, self.skip)
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
        self.lexers = _Lexers(contextual.lexers, skip)
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

    def parse(self, text: str) -> Any:
        """The start rule's value; `Fallback` at the first thing out of the ordinary."""
        lexers, states, shift_callbacks, end_state = (self.lexers, self.states,
                                                      self.shift_callbacks, self.end)
        new_token = str.__new__
        stack = [self.start]
        values: list = []
        pos, line, line_start = 0, 1, 0
        last: Token | None = None
        at_end = False
        while True:
            lexer = lexers[stack[-1]]
            m = lexer.match(text, pos)
            if m is not None:
                index = m.lastindex
                kind = lexer.types[index]
                start = m.start(index)
                if start != pos:
                    breaks = text.count("\n", pos, start)
                    if breaks:
                        line += breaks
                        line_start = text.rindex("\n", pos, start) + 1
                value = m.group(index)
                token = new_token(Token, value)
                token.type, token.value, token.start_pos = kind, value, start
                token.line, token.column = line, start - line_start + 1
                if kind in lexer.newline:
                    breaks = value.count("\n")
                    if breaks:
                        line += breaks
                        line_start = start + value.rindex("\n") + 1
                pos = m.end()
                token.end_line, token.end_column, token.end_pos = line, pos - line_start + 1, pos
                callback = lexer.callbacks.get(kind)
                if callback is not None:
                    token = callback(token)
                if kind in lexer.ignored:
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
                action = states[stack[-1]].get(kind)
                if action is None:
                    raise Fallback("the parser cannot take this token here")
                if type(action) is int:
                    if at_end:
                        raise Fallback("a shift at the end")
                    stack.append(action)
                    values.append(token if kind not in shift_callbacks
                                  else shift_callbacks[kind](token))
                    break
                size, callback, origin = action
                if size:
                    children = values[-size:]
                    del stack[-size:]
                    del values[-size:]
                else:
                    children = []
                stack.append(states[stack[-1]][origin])
                values.append(callback(children) if callback is not None else children)
                if at_end and stack[-1] == end_state:
                    return values[-1]
