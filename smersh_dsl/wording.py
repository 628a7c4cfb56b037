"""Words made from numbers: counts ("1 die", "2 dice") and articles ("an advanced skill").

Every message, card, book page and play transcript that puts a number or a name before
a noun says it through here, so that "rolls 1 dice", "1 success tokens" and "a advanced
skill" cannot be written anywhere.
"""

from __future__ import annotations

# Plurals that no rule makes; the last word of a noun is looked up ("Dr. Lobo henchman").
IRREGULAR = {"die": "dice", "henchman": "henchmen", "man": "men", "woman": "women",
             "child": "children", "person": "people", "life": "lives"}
# Words spelt with a vowel that are said with a consonant, and the reverse.
CONSONANT_SOUND = ("uni", "use", "usu", "uti", "one", "once", "eu", "ew", "un ", "ufo")
VOWEL_SOUND = ("hour", "honest", "honour", "heir")
# Capitals said letter by letter ("an HQ", "a UN transport"); the rest (SMERSH, FIFO,
# S.H.I.E.L.D., A.I.M.) are said as words and take the article of their spelling.
SPELT_OUT = {"HQ", "UN", "NPC", "MI6", "FBI", "CIA", "KGB", "SAS", "MP", "RAF", "SOS"}
VOWEL_LETTERS = "AEFHILMNORSX"      # letters whose names start with a vowel sound ("U" is "you")
# Nouns the games count without a plural: "2 resolve", "4 intel".
UNCOUNTED = {"resolve", "intel", "health", "evidence", "damage"}


def plural(noun: str) -> str:
    """The plural of ``noun`` (the last word is inflected): die -> dice, success ->
    successes, spy -> spies, success token -> success tokens."""
    head, _, last = noun.rpartition(" ")
    lower = last.lower()
    if lower in UNCOUNTED:
        return noun
    if lower in IRREGULAR:
        word = IRREGULAR[lower]
        word = word.capitalize() if last[:1].isupper() else word
    elif lower.endswith(("s", "x", "z", "ch", "sh")):
        word = last + "es"
    elif lower.endswith("y") and lower[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and ``noun``, in the plural unless n is 1 or -1: "1 die", "0 dice", "3
    success tokens". ``many`` gives a plural that :func:`plural` would not make."""
    return f"{n} {noun if abs(n) == 1 else (many or plural(noun))}"


def counted(n: int, noun: str, many: str | None = None) -> str:
    """:func:`count` without the number: the noun as ``n`` needs it ("dice", "die")."""
    return count(n, noun, many).split(" ", 1)[1]


def article(phrase: str) -> str:
    """"a" or "an", as ``phrase`` is said: an advanced skill, a status, an hour, a UN
    transport, an HQ, a SMERSH agent, a S.H.I.E.L.D. agent."""
    lower = phrase.lower()
    first = phrase.split(" ", 1)[0].rstrip(",;:")
    if first in SPELT_OUT:
        return "an" if first[0] in VOWEL_LETTERS else "a"
    if lower.startswith(VOWEL_SOUND):
        return "an"
    if lower[:1] in "aeiou" and not lower.startswith(CONSONANT_SOUND):
        return "an"
    return "a"


def a(phrase: str) -> str:
    """``phrase`` with its indefinite article: "an advanced skill", "a status"."""
    return f"{article(phrase)} {phrase}"
