"""A Pygments lexer for .smersh files, registered as the `smersh` lexer (entry point
`pygments.lexers`), so documentation tools colour examples the way editors do."""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

from smersh_dsl.highlight.keywords import BLOCKS, keywords


class SmershLexer(RegexLexer):
    name = "smersh"
    aliases = ["smersh"]
    filenames = ["*.smersh"]
    mimetypes = ["text/x-smersh"]

    tokens = {
        "root": [
            (r"\s+", Text),
            (r"#.*?$", Comment.Single),
            (r'"', String.Double, "string"),
            (r"\d+\.\d+\.\d+", Number.Integer),                 # an entry key: 01.7.4
            (r"[+-]\d+|\d+", Number.Integer),
            (r"icon:[A-Za-z_][A-Za-z0-9_]*", Name.Constant),
            (words(BLOCKS, suffix=r"\b"), Keyword.Declaration),
            (words(tuple(k for k in keywords() if k not in BLOCKS), suffix=r"\b"), Keyword),
            (r"(->)|(\.\.)|(>=|<=|==|!=|>|<)", bygroups(Operator, Operator, Operator)),
            (r"[{}\[\]():,]", Punctuation),
            (r"[A-Za-z_][A-Za-z0-9_']*", Name),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r"\*\*[^*\"]+\*\*|\*[^*\"]+\*", String.Emph if hasattr(String, "Emph") else String.Other),
            (r'"', String.Double, "#pop"),
            (r'[^"\\*]+', String.Double),
            (r"\*", String.Double),
        ],
    }
