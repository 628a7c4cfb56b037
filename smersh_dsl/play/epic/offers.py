"""How a test is put to the player and how its roll is told: each way to take it with the
spy's own level in the skill (its sheet's, as raised or lowered since), the modifier, the
dice that gives and the chance to pass, and what those odds assume; then the dice rolled
and the successes the test needed.

The chance beside an option (core.odds) spends the resolve the next question offers by
default before the roll, and the rest on rolled resolve icons (EP-TEST-6, EP-TEST-7);
where resolve changes it, the label gives the chance as rolled, with none spent, and how
much the offer spends first. In a showdown the offer includes the intel pool (EP-SHOW-3),
and the question says how much is the spy's own resolve and how much the pool's intel.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from smersh_dsl.play.core.odds import best_spend, dice_for, pass_chance
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.wording import count

WHO_TAKES = "Who takes the test, with which skill?"
ODDS_ASSUME = ("Odds to pass spend the resolve offered before the roll and the rest on "
               "resolve icons rolled; \"as rolled\" spends none.")
RESOLVE_FIRST = "Resolve to spend before rolling"


class Option(NamedTuple):
    """One spy taking a test with one skill, as the spy stands now. A named tuple: a test
    makes one for every spy and skill that may take it and looks each up in `scored`'s
    cache, and a tuple is made and hashed in C, a frozen dataclass in Python."""

    spy: str
    skill: str
    level: int              # the spy's level in the skill, before the test's modifier
    modifier: int           # the option's modifier and any bonus dice (EP-TEST-5)
    needed: int             # successes needed (EP-TEST-2)
    resolve: int            # resolve the spy could spend (in a showdown, with the pool)
    automatic: str | None = None     # a status or advanced skill that passes it (EP-TEST-4)

    def chance(self, faces: tuple[str, ...]) -> Fraction:
        """The chance to pass with the resolve offered spent the best way; 1 for a spy
        who passes automatically."""
        if self.automatic is not None:
            return Fraction(1)
        return pass_chance(self.level + self.modifier, self.needed, self.resolve, faces)

    def label(self, faces: tuple[str, ...]) -> str:
        """What the option is and what its chance (shown beside it) comes from: "Adebayo
        Okafor: Spycraft 2 +0 [2], 2 dice, 11% as rolled; with 4 resolve first", and beside it
        the chance with that resolve spent ("89% to pass")."""
        head = f"{self.spy}: {self.skill} {self.level} {self.modifier:+d} [{self.needed}]"
        if self.automatic is not None:
            return f"{head}: passes automatically with {self.automatic}"
        level = self.level + self.modifier
        dice = count(dice_for(level), "die")
        bare = pass_chance(level, self.needed, 0, faces)
        if bare == self.chance(faces):
            return f"{head}, {dice}"
        before = best_spend(level, self.needed, self.resolve, faces)[0]
        spent = f"{before} resolve first" if before else "resolve on its icons"
        return f"{head}, {dice}, {float(bare):.0%} as rolled; with {spent}"


@lru_cache(maxsize=65536)
def scored(option: Option, faces: tuple[str, ...]) -> tuple[float, str]:
    """The option's chance as the score beside it, and its label (tests put the same
    options again and again: worked out once)."""
    return float(option.chance(faces)), option.label(faces)


def skill_of(spy: Spy, option: dict, skills: list[str]) -> tuple[str, int]:
    """The skill ``option`` tests and the spy's level in it now (`any` skill: its best)."""
    skill = (max(skills, key=lambda s: spy.skills.get(s, 0)) if option["pick"] == "any"
             else option["skill"])
    return skill, spy.skills.get(skill, 0)


def modifier_of(spy: Spy, option: dict, test: dict, cards: int = 0) -> int:
    """The option's modifier with the dice a held status, advanced skill or gadget named in
    the test's clauses adds (EP-TEST-5), and ``cards``: the dice of held cards' powers in
    force for the test's skill (`cards.passive`)."""
    return option["modifier"] + cards + sum(c["dice"] for c in test["dice_with"]
                                            if spy.holds(c["holdable"]))


def automatic(spy: Spy, test: dict, card: str | None = None) -> str | None:
    """What passes the test automatically (EP-TEST-4): a status, advanced skill or gadget
    the spy holds that a "pass with" clause names, or ``card``, a held card's power in
    force for the test's skill. Holding a named gadget is enough, and it is not used up:
    "Some tests will allow automatic passes if the Spy attempting them has a specific
    Status card or Advanced Skill" (docs/books.md)."""
    return next((n for n in test["auto_pass_with"] if spy.holds(n)), None) or card


def offer(spy: Spy, option: dict, test: dict, skills: list[str], resolve: int,
          cards: tuple[int, str | None] = (0, None)) -> Option:
    """``spy`` taking ``test`` by ``option``, and what passes it automatically (EP-TEST-4);
    ``cards`` is what held cards' powers in force give the test: (dice, a card passing it)."""
    skill, level = skill_of(spy, option, skills)
    return Option(spy.name, skill, level, modifier_of(spy, option, test, cards[0]),
                  option["successes"], resolve, automatic(spy, test, cards[1]))


def who_takes() -> str:
    """The question a test asks, and what the odds beside its options assume."""
    return f"{WHO_TAKES}\n{ODDS_ASSUME}"


def resolve_prompt(spy: str, own: int, pool: int) -> str:
    """The question before the roll; in a showdown it names the spy's resolve and the
    pool's intel that its range adds up (EP-SHOW-3)."""
    if not pool:
        return RESOLVE_FIRST
    return f"{RESOLVE_FIRST}: {spy}'s {own} resolve and the pool's {pool} intel"


def roll_told(spy: str, rolled: list[str], turned: int, needed: int, passed: bool) -> str:
    """"Adebayo Okafor rolls 3 dice: success, blank, blank - 1 success of 2 needed: FAIL";
    a pass says "3 successes, 2 needed: PASS"."""
    successes = rolled.count("success") + turned
    turned_text = f"; {turned} resolve turned into {count(turned, 'success')}" if turned else ""
    tally = (f"{count(successes, 'success')}, {needed} needed: PASS" if passed
             else f"{count(successes, 'success')} of {needed} needed: FAIL")
    return f"{spy} rolls {count(len(rolled), 'die')}: {', '.join(rolled)}{turned_text} - {tally}"
