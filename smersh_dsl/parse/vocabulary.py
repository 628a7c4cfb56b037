"""The language's own words, for "did you mean" on syntax errors, and the characters
that look like ones the language uses but are not (docs/language.md, "Words the parser
suggests").

A suggestion is only ever a keyword the parser would accept at that very place: the
words below are looked up, then kept only if the grammar expects them there.
"""

from __future__ import annotations

import difflib
import unicodedata

# What writers of other games (and of English) say for the language's verbs, resources
# and condition words. Close spellings are found by difflib; these are the words that
# mean the same thing but are spelt nothing like it.
SYNONYMS: dict[str, str] = {
    # effect verbs
    "cure": "heal", "restore": "heal", "recover": "heal", "mend": "heal",
    "suffer": "take", "sustain": "take",
    "get": "gain", "earn": "gain", "collect": "gain", "win": "gain", "obtain": "gain",
    "spend": "lose", "pay": "lose", "discard": "lose",
    "increase": "raise", "improve": "raise", "boost": "raise",
    "decrease": "lower", "reduce": "lower",
    "go": "goto", "jump": "goto",
    "travel": "move", "fly": "move",
    # resources
    "intelligence": "intel", "info": "intel",
    "wound": "injury", "wounds": "injury", "damage": "injury", "injuries": "injury",
    "transport": "un_transport",
    # condition words
    "have": "has", "holds": "has", "owns": "has",
}

EFFECT_VERBS = frozenset({
    "gain", "lose", "take", "heal", "raise", "lower", "move", "place", "advance", "retreat",
    "goto", "stranded", "flip", "lose_game", "draw", "test", "gamble", "choose", "if", "reroll",
})
RESOURCES = frozenset({
    "intel", "resolve", "success", "un_transport", "blue_un_transport", "red_un_transport",
    "top_secret", "red_intel", "evidence", "status", "advanced_skill", "gadget", "injury",
})
CONDITION_WORDS = frozenset({
    "not", "status", "has", "henchman", "main_henchman", "level", "expert", "successes",
    "players", "intel", "resolve", "round",
})


def closest_word(word: str, keywords: set[str]) -> str | None:
    """The expected keyword ``word`` most likely stands for, or None."""
    if not keywords:
        return None
    lowered = word.lower()
    if lowered in keywords:
        return lowered               # `Gain` for `gain`: keywords are lower case
    meant = SYNONYMS.get(lowered)
    if meant in keywords:
        return meant
    close = difflib.get_close_matches(lowered, sorted(keywords), n=1, cutoff=0.6)
    return close[0] if close else None


# The word before a misspelt one says which vocabulary was wanted (`gain 2 gold`).
_AFTER: dict[str, str] = {"gain": "a resource", "lose": "a resource", "take": "a resource",
                          "heal": "a resource", "if": "a condition word",
                          "not": "a condition word"}
_VOCABULARIES = (("an effect verb", EFFECT_VERBS), ("a resource", RESOURCES),
                 ("a condition word", CONDITION_WORDS))


def previous_word(text: str, offset: int) -> str:
    """The word before ``offset``, skipping blanks and an amount (`gain 2 gold`)."""
    end = offset
    while end > 0 and (text[end - 1].isspace() or text[end - 1].isdigit()):
        end -= 1
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    return text[start:end]


def what_is_wanted(keywords: set[str], before: str = "") -> tuple[str, list[str]] | None:
    """Which vocabulary the parser wants here, and its words that it would accept: told
    by the word before when that settles it, else by the most expected words."""
    told = _AFTER.get(before)
    for label, vocabulary in _VOCABULARIES:
        words = sorted(keywords & vocabulary)
        if label == told and words:
            return label, words
    best: tuple[str, list[str]] | None = None
    for label, vocabulary in _VOCABULARIES:
        words = sorted(keywords & vocabulary)
        # most of what may come here: not tags that happen to share `gadget` and `status`
        if len(words) >= 3 and 2 * len(words) >= len(keywords) and (
                best is None or len(words) > len(best[1])):
            best = (label, words)
    return best


# Characters that pass for ones the language uses: (what it looks like, the fix).
_LOOKALIKES: dict[str, str] = {
    "\u2010": "write `-` (a plain hyphen-minus)", "\u2011": "write `-` (a plain hyphen-minus)",
    "\u2012": "write `-` (a plain hyphen-minus)", "\u2013": "write `-` (a plain hyphen-minus)",
    "\u2014": "write `-` (a plain hyphen-minus)", "\u2212": "write `-` (a plain hyphen-minus)",
    "\uff0b": "write `+`", "\u00a0": "replace it with a plain space",
    "\u2007": "replace it with a plain space", "\u202f": "replace it with a plain space",
    "\u3000": "replace it with a plain space",
    "\u200b": "delete it (it is invisible)", "\u200c": "delete it (it is invisible)",
    "\u200d": "delete it (it is invisible)", "\u2060": "delete it (it is invisible)",
    "\ufeff": "delete it (it is invisible)", "\u00ad": "delete it (it is invisible)",
}


# What each fix above writes instead.
_PLAIN = {"write `-` (a plain hyphen-minus)": "-", "write `+`": "+",
          "replace it with a plain space": " ", "delete it (it is invisible)": ""}


def plain_for(char: str) -> str | None:
    """What a look-alike character stands for (`-` for an en dash, "" for an invisible one)."""
    found = unusual_character(char)
    return _PLAIN[found[1]] if found is not None else None


def unusual_character(char: str) -> tuple[str, str] | None:
    """``(U+2013 EN DASH, the fix)`` for a character that passes for another, else None."""
    fix = _LOOKALIKES.get(char)
    if fix is None and unicodedata.category(char) == "Zs" and char != " ":
        fix = "replace it with a plain space"
    if fix is None:
        return None
    name = unicodedata.name(char, "unnamed character")
    return f"U+{ord(char):04X} {name}", fix
