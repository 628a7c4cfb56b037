"""The language's keywords, read from the grammar itself: editors and highlighters use the
same list as the parser, so a new keyword cannot be forgotten in one of them."""

from __future__ import annotations

import re
from functools import lru_cache

from smersh_dsl.resources import grammar_path

# Words that open a top-level block, highlighted apart from the other keywords.
BLOCKS = ("game", "expansion", "campaign", "cardgame", "region", "status", "gadget", "mission",
          "card", "entry", "spy", "henchman", "showdown", "lobo", "stranded", "dead_drop",
          "red_intel", "villain", "scenario", "gadget_card", "defence_card", "top_secret",
          "override")


@lru_cache(maxsize=1)
def keywords() -> tuple[str, ...]:
    grammar = re.sub(r"//[^\n]*", "", grammar_path().read_text(encoding="utf-8"))
    return tuple(sorted(set(re.findall(r'"([a-z_][a-z0-9_]*)"', grammar))))
