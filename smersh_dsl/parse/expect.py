"""What the grammar accepts at a place in a text, read from the parser's own LR state.

The editor completes from this: the keywords a writer may type next are the terminals the
LALR tables (grammar/smersh.tables) accept after the text before the cursor, so a keyword
added to the grammar is offered without a list to keep. The kind of name wanted there (a
skill after `test`, a status in `gain status "...`) is what the model builder makes of a
stand-in name written at the cursor: the reference it becomes says its kind.
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark
from lark.exceptions import LarkError
from lark.lexer import PatternStr

from smersh_dsl.model.document import Definition
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.walk import refs
from smersh_dsl.parse.errors import open_braces
from smersh_dsl.parse.parser import parse_model
from smersh_dsl.parse.scan import code
from smersh_dsl.parse.tables import load_parser
from smersh_dsl.records import dataclass
from smersh_dsl.resources import grammar_path

STAND_IN = "zzSmershCursor"


@lru_cache(maxsize=1)
def plain_parser() -> Lark:
    """The same tables as the model-building parser, without its callbacks: a tree is
    all a probe needs."""
    return load_parser(Lark, grammar_path().read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Accepted:
    keywords: frozenset[str]       # words the grammar takes next (`gain`, `pass`...)
    terminals: frozenset[str]      # every terminal it takes (NAME, STRING, ENTRY_KEY...)


def accepted_after(prefix: str) -> Accepted | None:
    """What may follow ``prefix`` (a block's text up to the cursor); None if the prefix
    itself does not parse."""
    lark = plain_parser()
    try:
        probe = lark.parse_interactive(prefix)
        probe.exhaust_lexer()
        terminals = frozenset(probe.accepts())
    except LarkError:
        return None
    words = set()
    for name in terminals:
        pattern = lark.get_terminal(name).pattern if name != "$END" else None
        if isinstance(pattern, PatternStr) and pattern.value.isidentifier():
            words.add(pattern.value)
    return Accepted(frozenset(words), terminals)


def closed(head: str) -> str:
    """What closes every `(` and `{` that ``head`` leaves open."""
    depth = 0
    for _, ch in code(head):
        if ch == "(":
            depth += 1
        elif ch == ")" and depth > 0:
            depth -= 1
    return " )" * depth + " }" * len(open_braces(head, len(head)))


def stand_in_ref(head: str, tails: list[str]) -> tuple[Ref, Definition] | None:
    """The reference a stand-in name at the end of ``head`` becomes, and the block that
    holds it, with the first of ``tails`` after it that makes the block parse."""
    for tail in tails:
        definitions = parse_model(head + tail, "<completion>")[0]
        for definition in definitions or ():
            ref = next((r for r in refs(definition) if r.name == STAND_IN), None)
            if ref is not None:
                return ref, definition
    return None
