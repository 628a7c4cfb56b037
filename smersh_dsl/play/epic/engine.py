"""Reading steps from a JSON document and applying them to a party.

Each rule enforced here names its rulebook id. What the document says but a board
does (placing intel on a city, moving Dr. Lobo's figure) is applied to the counters
the player keeps and told in the transcript.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import field
from typing import Protocol

from smersh_dsl.play.core.deciders import Decider
from smersh_dsl.play.core.odds import MAX_DICE, best_spend, dice_for
from smersh_dsl.play.epic import cards, hands, leaves, offers
from smersh_dsl.play.epic.decks import Decks
from smersh_dsl.play.epic.held import Moment, dice_told
from smersh_dsl.play.epic.party import Party, Spy
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count

ADVANCED_LIMIT = 7           # EP-SKILL-2: the spy board's spaces, if a game declares none
MAX_STEPS = 10_000           # a runaway loop in content ends the run instead of hanging


class Jump(Exception):
    def __init__(self, target: str) -> None:
        self.target = target


class GameLost(Exception):
    pass


class EverySpyDead(Exception):
    """EP-SHOW-2: the last living spy died in a showdown, which ends it there."""


class Reroll(Exception):
    """EP-VAR-2: "If the [NAME] Henchman sheet is in play and you have already confronted
    them, reroll the Fate die for a new Encounter." """


# Tokens a spy holds and counts (UN transports): `gain 1 un_transport`. Top Secret cards
# are held by name (`Spy.top_secrets`), drawn from their deck.
TOKENS = ("un_transport", "blue_un_transport", "red_un_transport")


class World(Protocol):
    """What a whole game adds to the table: the board's state that an entry can read
    (henchman sheets, the round) or change (red intel, a stranded spy, the Butcher's card)."""

    round: int

    def holds(self, condition: dict) -> bool: ...

    def rerolls(self, henchman: str) -> bool: ...

    def effect(self, table: Table, spy: Spy, step: dict) -> bool: ...

    def place_of(self, spy: Spy) -> str | None: ...


def quiet(_: str) -> None:
    """The `say` of a table nobody reads (the games of a simulation or a learning run): a
    line said to it may be left unmade (``say is quiet``), so its text is never formatted."""


@dataclass
class Table:
    doc: dict
    party: Party
    rng: random.Random
    decide: Decider
    say: Callable[[str], None]
    in_showdown: bool = False
    actor: Spy | None = None             # the spy taking the current test
    failed: bool = False                 # a test failed or a gamble lost: the encounter failed
    steps_read: int = 0
    log: list[str] = field(default_factory=list)
    world: World | None = None           # a whole game's board; None for one encounter
    decks: Decks | None = None           # the gadget and Top Secret decks (hands.decks_of)
    turn_of: Spy | None = None           # the spy whose turn it is (EP-GADGET-1)
    gaining: bool = False                # on_gain_intel powers are acting
    tally: dict[str, int] = field(default_factory=dict)   # cards played, statuses left
    # what the document alone decides, worked out once for this table's game (cards.py:
    # the powers of the cards a spy holds, the region of each place); the document's
    # cards and regions do not change during a game
    known: dict = field(default_factory=dict, repr=False)

    # -- dice ------------------------------------------------------------------------
    def faces(self, die: str) -> list[str]:
        return list(self.doc["vocabulary"]["dice"][die])

    def roll(self, die: str = "skill") -> str:
        return self.rng.choice(self.doc["vocabulary"]["dice"][die])    # `faces`, not copied

    def roll_dice(self, count: int) -> list[str]:
        """EP-TEST-1: a test rolls ``count`` skill dice at once."""
        return [self.roll() for _ in range(count)]

    # -- steps -----------------------------------------------------------------------
    def run(self, steps: list[dict]) -> None:
        for step in steps:
            self.steps_read += 1
            if self.steps_read > MAX_STEPS:
                raise GameLost("the content loops for ever")
            self.step(step)

    def step(self, step: dict) -> None:
        kind = step["kind"]
        if kind == "prose":
            self.say(step["text"])
        elif kind == "test":
            passed = self.test(step)
            self.run(step["pass"] if passed else step["fail"])
        elif kind == "gamble":
            self.run(step["pass"] if self.gamble() else step["fail"])
        elif kind == "choice":
            self.choice(step)
        elif kind == "if":
            self.run(step["then"] if self.holds(step["condition"]) else step["else"])
        elif kind == "goto":
            raise Jump(step["target"])
        elif kind == "reroll_if_confronted":
            # rule: EP-VAR-2: only a whole game knows which sheets are in play and confronted
            if self.world is not None and self.world.rerolls(step["henchman"]):
                raise Reroll(step["henchman"])
        else:
            self.effect(step)

    def choice(self, step: dict) -> None:
        options = [o for o in step["options"] if o["guard"] is None or self.holds(o["guard"])]
        if not options:
            return
        index = self.decide.choose("What do you do?", [o["label"] for o in options])
        option = options[index]
        self.say(f"> {option['label']}")
        if option["goto"] is not None:
            raise Jump(option["goto"])
        self.run(option["steps"])

    # -- tests (EP-TEST-*) -------------------------------------------------------------
    def _offer(self, spy: Spy, option: dict, test: dict,
               held: dict | None = None) -> offers.Option:
        """``held``: what `cards.passive` already said in this test, by spy and skill."""
        skills = self.doc["vocabulary"]["skills"]
        skill = offers.skill_of(spy, option, skills)[0]
        found = held.get((id(spy), skill)) if held is not None else None
        if found is None:
            found = cards.passive(self, spy, skill)
            if held is not None:
                held[(id(spy), skill)] = found
        dice, auto, _ = found
        return offers.offer(spy, option, test, skills, self._resolve_of(spy), (dice, auto))

    def _level(self, spy: Spy, option: dict, test: dict) -> int:
        offered = self._offer(spy, option, test)
        return offered.level + offered.modifier

    def _resolve_of(self, spy: Spy) -> int:
        return self.party.pool + spy.resolve if self.in_showdown else spy.resolve   # EP-SHOW-3

    def _rolled_skills(self, option: dict) -> list[dict]:
        """SH-BUTCHER-1: one d6, rolled once and shown, names the basic skill tested, in
        the vocabulary's order (Spycraft, Persuasion, Deception, Athletics, Hand to Hand);
        a 6 is the player's choice, so every basic skill is offered."""
        if option["pick"] != "d6":
            return [option]
        skills = self.doc["vocabulary"]["skills"]
        face = self.rng.randrange(6) + 1                                # rule: SH-BUTCHER-1
        if face <= min(5, len(skills)):
            self.say(f"The d6 shows {face}: {skills[face - 1]}.")
            return [dict(option, pick="named", skill=skills[face - 1])]
        self.say(f"The d6 shows {face}: your choice of basic skill.")
        return [dict(option, pick="named", skill=skill) for skill in skills]

    def test(self, test: dict) -> bool:
        spies = self.party.living() if self.in_showdown else [self.actor or self.party.spies[0]]
        faces = tuple(self.faces("skill"))
        options = [o for option in test["options"] for o in self._rolled_skills(option)]
        pairs = [(spy, option) for spy in spies for option in options]
        held: dict = {}                 # nothing changes the cards until the test is taken
        offered = [self._offer(s, o, test, held) for s, o in pairs]
        scored = [offers.scored(o, faces) for o in offered]
        picked = self.decide.choose(offers.who_takes(), [label for _, label in scored],
                                    [score for score, _ in scored])
        spy, option = pairs[picked]
        self.actor = spy
        taken = offered[picked]
        for name, dice in held[(id(spy), taken.skill)][2] if self.say is not quiet else ():
            self.say(dice_told(name, spy.name, dice))                                 # EP-TEST-5
        played = cards.Played()
        if taken.automatic is not None and taken.automatic not in test["auto_pass_with"]:
            self.say(f"  [{taken.automatic}: {spy.name} passes automatically]")   # a held card
        if taken.automatic is None:
            played = cards.offer(self, spy, Moment("before_test", taken.skill,
                                                   float(taken.chance(faces))))
        if taken.automatic is not None or played.auto is not None:                    # EP-TEST-4
            self.say(f"{spy.name} passes automatically.")
            self._passed(spy, taken.skill)
            return True
        level = taken.level + taken.modifier + played.dice
        spare = self._resolve_of(spy)
        best, _ = best_spend(level, option["successes"], spare, faces)
        pool = spare - spy.resolve                                                    # EP-SHOW-3
        before = self.decide.number(offers.resolve_prompt(spy.name, spy.resolve, pool), 0, spare,
                                    best=best) if spare else 0           # nothing to ask
        self._spend(spy, before)
        level = min(level + before, MAX_DICE)                                           # EP-TEST-6
        dice = dice_for(level)                                                          # EP-TEST-1
        rolled = self.roll_dice(dice)
        need = option["successes"]                                                      # EP-TEST-2
        rolled = self._after_roll(spy, taken.skill, level, rolled, need)
        successes = rolled.count("success")
        icons = rolled.count("resolve")
        convert = min(icons, max(0, need - successes), self._resolve_of(spy))           # EP-TEST-7
        self._spend(spy, convert)
        passed = successes + convert >= need
        if self.say is not quiet:
            self.say(offers.roll_told(spy.name, rolled, convert, need, passed))
        if not passed:
            self.failed = True
        else:
            self._passed(spy, taken.skill)
        return passed

    def _after_roll(self, spy: Spy, skill: str, level: int, rolled: list[str],
                    need: int) -> list[str]:
        """After the roll, before the result counts: held cards may roll the dice again
        (`reroll`) or roll more (`dice +N`), told with the dice they show."""
        failing = rolled.count("success") + min(rolled.count("resolve"), self._resolve_of(spy)) < need
        played = cards.offer(self, spy, Moment("after_roll", skill, failing=failing))
        if played.rerolls:
            rolled = self.roll_dice(dice_for(level))
            self.say(f"  [{spy.name} rolls again: {', '.join(rolled)}]")
        if played.dice > 0:
            more = self.roll_dice(played.dice)
            self.say(f"  [{spy.name} rolls {', '.join(more)} more]")
            rolled = rolled + more
        return rolled

    def _passed(self, spy: Spy, skill: str) -> None:
        """A passed test: statuses that leave by a pass leave (EP-STATUS-3), then the
        taker's `after_pass` powers may act."""
        leaves.passed(self, spy, skill)
        cards.offer(self, spy, Moment("after_pass", skill))

    def _spend(self, spy: Spy, amount: int) -> None:
        from_spy = min(spy.resolve, amount)
        spy.resolve -= from_spy
        if amount > from_spy and self.in_showdown:
            self.party.spend_pool(amount - from_spy)

    def gamble(self) -> bool:
        """EP-GAMBLE-1: wager 1-6 intel, roll that many dice, one success wins. A loss
        reads the FAIL result, so the encounter is failed as a failed test fails it
        (EP-ENC-6); no resolve is spent and a resolve icon is no success."""
        have = self.party.pool        # "wager 1 to 6 Intel from your pool": the shared pool
        if have <= 0:                                                   # rule: EP-GAMBLE-1
            self.say("No intel to wager: the gamble is lost.")
            self.failed = True
            return False
        wager = self.decide.number("Intel to wager", 1, min(6, have), best=min(6, have))
        rolled = self.roll_dice(wager)
        won = "success" in rolled                                       # rule: EP-GAMBLE-1
        if not won:
            self.failed = True                                          # rule: EP-ENC-6
            self.party.spend_pool(wager)
        self.say(f"Gamble of {wager} intel: {', '.join(rolled)} - {'won' if won else 'lost'}")
        return won

    # -- conditions --------------------------------------------------------------------
    def holds(self, condition: dict) -> bool:
        kind = condition["kind"]
        spies = self.party.living()
        if kind == "not":
            return not self.holds(condition["operand"])
        if kind in ("status", "has"):
            return any(s.holds(condition["name"]) for s in spies)
        if kind == "compare":
            value = {"successes": self.party.successes, "players": len(self.party.spies),
                     "intel": self.party.pool, "resolve": sum(s.resolve for s in spies),
                     "round": self.world.round if self.world else 1}[condition["counter"]]
            op = condition["op"]
            right = condition["value"]
            return {">=": value >= right, "<=": value <= right, "==": value == right,
                    "!=": value != right, ">": value > right, "<": value < right}[op]
        if kind == "expert":
            return False
        if self.world is not None:       # henchman states and levels: a whole game's
            return self.world.holds(condition)
        return False   # one showdown or encounter alone knows no henchman's state

    # -- effects -----------------------------------------------------------------------
    def effect(self, step: dict) -> None:
        kind, amount, target = step["kind"], step.get("amount", 1), step.get("target")
        spy = self.actor or (self.party.living() or self.party.spies)[0]
        if self.world is not None and self.world.effect(self, spy, step):
            return
        if kind == "gain_intel":
            spy.intel += amount
            if not self.gaining:                    # a power's own intel acts no further
                self.gaining = True
                try:
                    cards.offer(self, spy, Moment("on_gain_intel"))
                finally:
                    self.gaining = False
        elif kind == "lose_intel":     # "All gained Intel is placed into the Intel pool"
            self.party.spend_pool(min(amount, self.party.pool))
        elif kind.startswith(("gain_", "lose_")) and kind[5:] in TOKENS:
            have = spy.tokens.get(kind[5:], 0)
            spy.tokens[kind[5:]] = have + amount if kind[0] == "g" else max(0, have - amount)
        elif kind in ("draw_top_secret", "gain_top_secret"):
            hands.draw_cards(self, spy, "top_secret", amount)
            return
        elif kind == "lose_top_secret":
            hands.lose_card(self, spy, "top_secret", amount)
            return
        elif kind == "gain_resolve":
            spy.resolve = min(spy.max_resolve, spy.resolve + amount)
        elif kind == "lose_resolve":
            spy.resolve = max(0, spy.resolve - amount)
        elif kind == "gain_success":
            self.party.successes += amount
        elif kind == "lose_success":
            self.party.successes = max(0, self.party.successes - amount)
        elif kind == "take_injury":
            self.injure(spy, amount)
        elif kind == "heal_injury":
            if not spy.alive:                                           # rule: EP-HEALTH-1
                self.say(f"  [{spy.name} is dead: not healed]")
                return
            spy.health = min(spy.max_health, spy.health + amount)       # rule: EP-REST-1
        elif kind == "gain_advanced_skill":
            self.gain_advanced_skill(spy, target)
            return
        elif kind == "gain_status" and target:
            self.gain_status(spy, target)
            return
        elif kind == "lose_status" and target:
            spy.held.discard(target)
            spy.waits.pop(target, None)
        elif kind == "lose_advanced_skill":
            self.lose_advanced_skill(spy, target)
            return
        elif kind == "gain_gadget":
            hands.draw_cards(self, spy, "gadget", amount)              # rule: EP-GADGET-1
            return
        elif kind == "lose_gadget":
            hands.lose_card(self, spy, "gadget", amount)
            return
        elif kind == "raise_skill" and target:
            spy.skills[target] = min(5, spy.skills.get(target, 0) + 1)
        elif kind == "raise_skill":
            self.raise_any_skill(spy)
            return
        elif kind == "lower_skill" and target:
            spy.skills[target] = max(0, spy.skills.get(target, 0) - 1)
        elif kind == "move":
            self.party.location = target
        elif kind == "place_intel":
            self.place_intel(amount, target, step.get("on_lairs", False))
            return
        elif kind == "advance_lobo":
            self.party.lobo += amount
        elif kind == "retreat_lobo":
            self.party.lobo -= amount
        elif kind == "lose_game":
            raise GameLost("the game is lost")
        if self.say is not quiet:
            self.say(f"  [{kind.replace('_', ' ')}{' ' + str(amount) if amount != 1 else ''}"
                     f"{' ' + target if target else ''}]")

    def place_intel(self, amount: int, target: str | None, on_lairs: bool) -> None:
        """EP-ENC-7: "If the PASS entry instructs you to place Intel on the board, you do
        not collect that Intel, even if it is placed in your current location." The intel
        goes on the board's space (every lair for `place N intel lairs`), never to a spy."""
        if on_lairs:
            places = [loc["name"] for r in self.doc.get("regions", []) for loc in r["locations"]
                      if "lair" in loc["features"]]
        else:
            places = [target or self.party.location or "(the current location)"]
        for place in places:                                            # rule: EP-ENC-7
            self.party.board_intel[place] = self.party.board_intel.get(place, 0) + amount
        where = "every lair" if on_lairs else places[0]
        here = " (not collected)" if not on_lairs and places[0] == self.party.location else ""
        self.say(f"  [place {amount} intel on {where}{here}]")

    def injure(self, spy: Spy, amount: int) -> None:
        """EP-HEALTH-1: at zero health the spy dies and "discards all Statuses, Gadgets,
        Advanced Skills, and Secret Missions they have collected" (not intel: it is the
        party's pool), so those cards are back in the game for the others."""
        was_alive = spy.alive
        if was_alive and amount > 0:
            prevented = cards.offer(self, spy, Moment("on_injury", injuries=amount)).prevent
            amount -= prevented
            if amount <= 0:
                self.say(f"  [{spy.name} takes no injury]")
                return
            if prevented:
                self.say(f"  [{spy.name} takes {count(amount, 'injury')}]")
        spy.health -= amount
        if was_alive and not spy.alive:                                 # rule: EP-HEALTH-1
            hands.died(self, spy)
            self.say(f"{spy.name} is dead.")
            if self.in_showdown and not self.party.living():            # rule: EP-SHOW-2
                raise EverySpyDead

    def raise_any_skill(self, spy: Spy) -> None:
        """`raise any`: "Raise any Basic Skill by 1" (SH-DROP-2), the spy's choice among
        its basic skills below the top (`skill_max`, 5). A person chooses; the sensible
        bot raises its best one (assumption: its sheet's strength is what it leans on)."""
        names = self.doc["vocabulary"]["skills"]
        top = self.doc["vocabulary"].get("skill_max") or 5
        options = [n for n in names if spy.skills.get(n, 0) < top]
        if not options:
            self.say(f"  [{spy.name}'s basic skills are all at {top}: none raised]")
            return
        scores = [float(spy.skills.get(n, 0)) for n in options]
        pick = options[self.decide.choose(f"{spy.name}: raise which basic skill by 1?",
                                          options, scores, note=None)]
        spy.skills[pick] = spy.skills.get(pick, 0) + 1                  # rule: SH-DROP-2
        self.say(f"  [raise {pick} to {spy.skills[pick]}]")

    def gain_status(self, spy: Spy, name: str) -> None:
        """EP-STATUS-1: a status already held, or whose copies (the card's `copies` in
        the document, one if the document does not declare the card) are all held by the
        living spies, is not gained."""
        if spy.holds(name):                                             # rule: EP-STATUS-1
            self.say(f"  [{spy.name} already holds {name}: not gained]")
            return
        card = next((c for c in self.doc.get("statuses") or [] if c["name"] == name), {})
        in_play = sum(1 for s in self.party.living() if s.holds(name))
        if in_play >= card.get("copies", 1):                           # rule: EP-STATUS-1
            self.say(f"  [{name}: every copy is in play, not gained]")
            return
        spy.held.add(name)
        leaves.gained(self.doc, spy, name, own_turn=self.turn_of is spy)
        self.say(f"  [gain status {name}]")

    def lose_advanced_skill(self, spy: Spy, name: str | None) -> None:
        """``name``, or (for `lose advanced_skill any`, no name) one the spy chooses among
        those held; none held, nothing is lost. Assumption (the rulebook is silent): the
        greedy bot loses the first it holds, in the book's `advanced_skills` order."""
        if name is None:
            pool = self.doc["vocabulary"].get("advanced_skills") or []
            held = [s for s in pool if spy.holds(s)]
            if not held:                                                # rule: EP-SKILL-2
                self.say(f"  [{spy.name} holds no advanced skill: none lost]")
                return
            name = held[self.decide.choose("Which advanced skill do you lose?", held)]
        spy.held.discard(name)
        self.say(f"  [lose advanced skill {name}]")

    def gain_advanced_skill(self, spy: Spy, name: str | None) -> None:
        """EP-SKILL-2: ``name``, or (for `gain advanced_skill any`, no name) one the spy
        chooses among those they lack; never a second copy; at the limit (7) the spy may
        replace one held, or keep the seven. Assumption (the rulebook is silent): a
        greedy bot keeps its seven and takes the first skill it lacks, in the book's order."""
        vocabulary = self.doc["vocabulary"]
        pool = vocabulary.get("advanced_skills") or []
        limit = vocabulary.get("advanced_limit") or ADVANCED_LIMIT
        if name is None:
            lacking = [s for s in pool if not spy.holds(s)]
            if not lacking:
                self.say(f"  [{spy.name} holds every advanced skill: none gained]")
                return
            name = lacking[self.decide.choose("Which advanced skill do you gain?", lacking)]
        if spy.holds(name):                                             # rule: EP-SKILL-2
            self.say(f"  [{spy.name} already has {name}: no second copy]")
            return
        held = sorted(s for s in spy.held if s in pool)
        if len(held) >= limit:                                          # rule: EP-SKILL-2
            options = [f"Keep them: do not gain {name}"] + [f"Replace {s} with {name}" for s in held]
            index = self.decide.choose(f"{limit} advanced skills held: replace one with {name}?",
                                       options)
            if index == 0:
                self.say(f"  [{spy.name} keeps {limit} advanced skills: {name} not gained]")
                return
            spy.held.discard(held[index - 1])
            self.say(f"  [lose advanced skill {held[index - 1]}]")
        spy.held.add(name)
        self.say(f"  [gain advanced skill {name}]")

