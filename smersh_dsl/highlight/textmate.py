"""The TextMate grammar (VS Code, Sublime Text, GitHub's linguist), written from the same
keyword list as the parser: `smersh highlight --textmate > grammar/smersh.tmLanguage.json`."""

from __future__ import annotations

import json

from smersh_dsl.highlight.keywords import BLOCKS, keywords


def textmate_grammar() -> str:
    others = [k for k in keywords() if k not in BLOCKS]
    grammar = {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "smersh",
        "scopeName": "source.smersh",
        "fileTypes": ["smersh"],
        "patterns": [
            {"name": "comment.line.number-sign.smersh", "match": "#.*$"},
            {"name": "string.quoted.double.smersh", "begin": '"', "end": '"',
             "patterns": [{"name": "constant.character.escape.smersh", "match": "\\\\."},
                          {"name": "markup.bold.smersh", "match": "\\*\\*[^*\"]+\\*\\*"},
                          {"name": "markup.italic.smersh", "match": "\\*[^*\"]+\\*"}]},
            {"name": "constant.numeric.entry-key.smersh", "match": "\\b\\d+\\.\\d+\\.\\d+\\b"},
            {"name": "constant.numeric.smersh", "match": "[+-]?\\b\\d+\\b"},
            {"name": "constant.other.icon.smersh", "match": "\\bicon:[A-Za-z_][A-Za-z0-9_]*"},
            {"name": "storage.type.block.smersh", "match": "\\b(" + "|".join(BLOCKS) + ")\\b"},
            {"name": "keyword.other.smersh", "match": "\\b(" + "|".join(others) + ")\\b"},
            {"name": "keyword.operator.smersh", "match": "->|\\.\\.|>=|<=|==|!=|>|<"},
        ],
    }
    return json.dumps(grammar, indent=2) + "\n"
