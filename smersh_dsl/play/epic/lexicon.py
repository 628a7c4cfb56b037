"""What a player reads into a response's words: which skills it is likely to test.

A player choosing a response knows the card's title and the response texts (EP-PLAYER-1),
and guesses from the words what the book will ask: "Climb onto the roof" sounds like
Athletics, "Charm the croupier" like Persuasion or Seduction. This table is that common
sense, written from what the words mean in English, never from the book's entries: each
word stem suggests skills, basic or advanced, by the name the Epic Edition gives them
(EP-SKILL-1, EP-SKILL-2). A text whose words suggest nothing suggests every basic skill
alike. Assumption: a player's reading, documented in docs/books.md ("The bots").
"""

from __future__ import annotations

import re
from functools import lru_cache

SPY, TALK, LIE, BODY, FIGHT = "Spycraft", "Persuasion", "Deception", "Athletics", "Hand to Hand"

STEMS: dict[str, tuple[str, ...]] = {
    # watching, studying, finding out
    "search": (SPY, "Detection"), "investigat": (SPY, "Detection"), "examin": (SPY, "Detection"),
    "study": (SPY,), "read": (SPY,), "count": (SPY,), "eavesdrop": (SPY, "Stealth"),
    "listen": (SPY,), "watch": (SPY, "Detection"), "tail": (SPY, "Stealth"),
    "follow": (SPY, "Stealth"), "photograph": (SPY, "Electronics"), "decod": (SPY,),
    "code": (SPY,), "morse": (SPY, "Electronics"), "signal": (SPY, "Electronics"),
    "map": (SPY,), "track": (SPY, "Detection"), "spy": (SPY,), "observ": (SPY, "Detection"),
    "analys": (SPY,), "inspect": (SPY, "Detection"), "check": (SPY, "Detection"),
    "consult": (SPY, TALK), "look": (SPY, "Detection"), "scan": (SPY, "Electronics"),
    "radio": (SPY, "Electronics"), "wire": ("Electronics",), "bug": ("Electronics", SPY),
    "tap": ("Electronics",), "sabotag": ("Electronics", SPY), "disarm": ("Electronics", SPY),
    "defus": ("Electronics",), "hack": ("Electronics",), "circuit": ("Electronics",),
    "computer": ("Electronics",), "transmit": ("Electronics",), "engine": ("Vehicle Use",),
    # talking people round
    "charm": (TALK, "Seduction"), "persuad": (TALK,), "convinc": (TALK,), "ask": (TALK,),
    "question": (TALK,), "interrogat": (TALK, FIGHT), "talk": (TALK,), "negotiat": (TALK,),
    "bribe": (TALK,), "buy": (TALK,), "pay": (TALK,), "offer": (TALK,), "befriend": (TALK,),
    "plead": (TALK,), "appeal": (TALK,), "reason": (TALK,), "flatter": (TALK, "Seduction"),
    "dine": (TALK, "Seduction"), "drink": (TALK,), "toast": (TALK,), "help": (TALK,),
    "recruit": (TALK,), "warn": (TALK,), "call": (TALK,), "greet": (TALK,),
    "dance": ("Seduction", TALK), "flirt": ("Seduction",), "seduc": ("Seduction",),
    "kiss": ("Seduction",), "heiress": ("Seduction",), "countess": ("Seduction",),
    "baroness": ("Seduction",), "romanc": ("Seduction",),
    # lying, pretending, bluffing
    "bluff": (LIE,), "lie": (LIE,), "pose": (LIE, "Disguise"), "pretend": (LIE,),
    "forg": (LIE, "Disguise"), "fake": (LIE,), "impersonat": (LIE, "Disguise"),
    "disguis": ("Disguise", LIE), "steward": ("Disguise", LIE), "uniform": ("Disguise", LIE),
    "costume": ("Disguise",), "cool": (LIE,), "innocent": (LIE,), "dead": (LIE,),
    "trick": (LIE,), "distract": (LIE,), "diversion": (LIE,), "deceiv": (LIE,),
    "cheat": (LIE,), "stroll": (LIE,), "own": (LIE,), "poker": (LIE,), "papers": (LIE, "Disguise"),
    "hide": ("Stealth", LIE), "hearse": (LIE, "Stealth"), "crowd": (LIE, "Stealth"),
    "sneak": ("Stealth", BODY), "slip": ("Stealth", BODY), "creep": ("Stealth",),
    "quiet": ("Stealth",), "shadow": ("Stealth",), "lose": ("Stealth", BODY),
    "escap": (BODY, "Speed"), "evad": (BODY, "Stealth"),
    # body and daring
    "climb": (BODY, "Adventuring"), "jump": (BODY,), "leap": (BODY,), "swim": (BODY,),
    "dive": (BODY, "Adventuring"), "run": (BODY, "Speed"), "race": ("Speed", BODY),
    "chase": (BODY, "Speed"), "flee": (BODY, "Speed"), "dash": ("Speed", BODY),
    "sprint": ("Speed", BODY), "roof": (BODY,), "wall": (BODY,), "under": (BODY, "Stealth"),
    "overboard": (BODY,), "rope": (BODY, "Adventuring"), "explor": ("Adventuring",),
    "cave": ("Adventuring",), "jungle": ("Adventuring",), "desert": ("Adventuring",),
    "mountain": ("Adventuring", BODY), "trek": ("Adventuring",), "tomb": ("Adventuring",),
    "catch": (BODY,), "carry": (BODY,), "throw": (BODY,), "brace": (BODY,),
    "ski": (BODY, "Speed"), "parachut": (BODY, "Adventuring"), "lifebelt": (BODY,),
    "drive": ("Vehicle Use",), "car": ("Vehicle Use",), "boat": ("Vehicle Use",),
    "fly": ("Vehicle Use",), "pilot": ("Vehicle Use",), "steer": ("Vehicle Use",),
    "train": ("Vehicle Use",), "ram": ("Vehicle Use", FIGHT), "brake": ("Vehicle Use", BODY),
    "helicopter": ("Vehicle Use",), "plane": ("Vehicle Use",), "motorbik": ("Vehicle Use",),
    # fighting
    "fight": (FIGHT,), "punch": (FIGHT,), "tackle": (FIGHT,), "wrestl": (FIGHT,),
    "confront": (FIGHT,), "attack": (FIGHT, "Weapon Use"), "grab": (FIGHT,),
    "overpower": (FIGHT,), "knock": (FIGHT,), "ambush": (FIGHT, "Stealth"), "duel": (FIGHT, "Weapon Use"),
    "strike": (FIGHT,), "kick": (FIGHT,), "bar": (FIGHT,),
    "shoot": ("Weapon Use",), "gun": ("Weapon Use",), "fire": ("Weapon Use",),
    "pistol": ("Weapon Use",), "rifle": ("Weapon Use",), "charge": ("Weapon Use",),
    "knife": ("Weapon Use", FIGHT), "sword": ("Weapon Use", FIGHT), "bomb": ("Weapon Use",),
    "explosiv": ("Weapon Use",),
    # locks and safes
    "lock": ("Lockpicking",), "pick": ("Lockpicking",), "safe": ("Lockpicking",),
    "crack": ("Lockpicking", SPY), "break": ("Lockpicking", FIGHT), "open": ("Lockpicking",),
    "door": ("Lockpicking",), "vault": ("Lockpicking",), "steal": ("Lockpicking", "Stealth"),
}

WORD = re.compile(r"[a-z]+")
SHORT = 4          # a stem this short matches only its word, or the word and one letter


@lru_cache(maxsize=4096)
def suggested(text: str) -> tuple[str, ...]:
    """The skills ``text``'s words suggest, most suggested first (a word votes once, for
    the skills of the longest stem it starts with)."""
    votes: dict[str, int] = {}
    order: list[str] = []
    for word in WORD.findall(text.lower()):
        stems = [s for s in STEMS if word.startswith(s)
                 and (len(s) > SHORT or len(word) <= len(s) + 1)]
        if not stems:
            continue
        for skill in STEMS[max(stems, key=len)]:
            if skill not in votes:
                order.append(skill)
            votes[skill] = votes.get(skill, 0) + 1
    return tuple(sorted(order, key=lambda s: (-votes[s], order.index(s))))
