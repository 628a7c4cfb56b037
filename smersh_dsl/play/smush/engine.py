"""A game of Agents of S.M.U.S.H. from its JSON document: setup (SM-SETUP-1), the seven
steps of a round (SM-ROUND-1) and the end of the game (SM-END-1). Incursions are in
incursion.py; who decides (a person, or a bot) is a `Player`."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Protocol

from smersh_dsl.play.smush.choices import Choice, Option
from smersh_dsl.play.smush.incursion import run_incursion
from smersh_dsl.play.smush.rules import HARMONY, SMUSH, Rules
from smersh_dsl.play.smush.table import Defence, Gadget, Table, harmony_view, new_table


# SM-ROUND-1: the steps of a round after SMUSH's draw, in order; a search resumes a copy
# of the game at the step where its choice is asked.
PHASES = ("lay", "henchmen", "place", "gadget", "orient", "incursion", "income")


def _quiet(_: str) -> None:
    """A game that says nothing (simulations and searches)."""


class Player(Protocol):
    def decide(self, game: Game, choice: Choice) -> int: ...


class Game:
    def __init__(self, rules: Rules, rng: random.Random, players: dict[str, Player],
                 say: Callable[[str], None] = _quiet) -> None:
        deck = list(rules.defences)
        rng.shuffle(deck)                                          # SM-SETUP-1: shuffled
        self.rules, self.rng, self.players, self.say = rules, rng, players, say
        self.table: Table = new_table(rules, deck)
        self.incursion = None          # the incursion under way (incursion.Incursion)
        self.lifted: list[int] = []    # henchmen taken up this round, per defence

    @classmethod
    def from_table(cls, table: Table, rng: random.Random, players: dict[str, Player]) -> Game:
        """A game that goes on from `table` as it lies, saying nothing (a search's copy)."""
        game = cls(table.rules, rng, players)
        game.table = table
        return game

    @property
    def settings(self):  # noqa: ANN201 - Settings
        return self.rules.settings

    def ask(self, side: str, kind: str, prompt: str, options: list[Option]) -> Option:
        """The player of `side` picks one option; a lone option is taken without asking."""
        if len(options) == 1:
            return options[0]
        picked = self.players[side].decide(self, Choice(kind, side, prompt, tuple(options)))
        return options[picked]

    # -- the game --------------------------------------------------------------------
    def setup(self) -> None:
        """SM-SETUP-1: Harmony holds the gadget cards and two CP; SMUSH draws one card."""
        for line in self.rules.ignored:
            self.say(f"(not played: {line})")
        if self.table.deck:
            self.table.hand.append(self.table.deck.pop())

    def play(self) -> Table:
        self.setup()
        return self.play_on()

    def play_on(self) -> Table:
        """The rounds from where the game stands to its end (a search resumes a copy here)."""
        t = self.table
        while not t.over():
            if t.round >= self.settings.rounds:        # SM-END-1: the sixth round is over
                t.winner, t.ending, t.reason = SMUSH, "rounds", f"the end of round {t.round}"
                if t.last_stop:                        # what stopped her last (sim.py)
                    t.usage.decided[t.last_stop] += 1
                break
            self.play_round()
        self.say(f"{'Harmony Grace' if t.winner == HARMONY else 'SMUSH'} wins: {t.reason}.")
        return t

    def play_round(self) -> None:
        t = self.table
        t.round += 1
        self.say(f"-- Round {t.round}")
        if t.deck:
            t.hand.append(t.deck.pop())                # SM-ROUND-1 step 1
        self.resume(PHASES[0])

    def resume(self, phase: str) -> None:
        """SM-ROUND-1 steps 2 to 7 from `phase` on, in the rulebook's order."""
        steps = {"lay": self.lay_defence,              # step 2
                 "henchmen": self.place_henchmen,      # step 3
                 "place": self.place_supply,
                 "gadget": self.play_gadget,           # step 4
                 "orient": self.orient,                # step 5
                 "incursion": self.incursion_step,     # step 6
                 "income": self.collect}               # step 7
        for name in PHASES[PHASES.index(phase):]:
            steps[name]()
            if self.table.over():
                return

    def incursion_step(self) -> None:
        """SM-ROUND-1 step 6: "Optionally, Harmony Grace can trigger an incursion"."""
        t = self.table
        if self.say is not _quiet:
            self.say(harmony_view(t))
        go = self.ask(HARMONY, "incursion", "Harmony: make an incursion this round?",
                      [Option("Make an incursion", ("go",)),
                       Option(f"No incursion: collect {t.income()} CP", ("stay",))])
        if go.move == ("go",):
            run_incursion(self)

    def collect(self) -> None:
        """SM-ROUND-1 step 7: CP for the active face-up gadgets, at most 12; resource tokens
        are refreshed."""
        t = self.table
        gained = t.gain_cp(t.income())
        t.tokens_used = 0
        self.say(f"Harmony collects {gained} CP (now {t.cp}).")

    # -- SMUSH -----------------------------------------------------------------------
    def lay_defence(self) -> None:
        """SM-ROUND-1 step 2: one defence face down at the outermost position, oriented."""
        t = self.table
        if not t.hand:
            return
        options = [Option(f"{card.faces[f].name} ({card.faces[f].type} {card.faces[f].strength})"
                          f" facing the spy (card {card.number}, other face "
                          f"{card.faces[1 - f].name})", ("lay", i, f))
                   for i, card in enumerate(t.hand) for f in (0, 1)]
        pick = self.ask(SMUSH, "lay", "SMUSH: play a defence face down at the outermost position",
                        options)
        card = t.hand.pop(pick.move[1])
        t.line.append(Defence(card, pick.move[2]))
        t.usage.played[card.faces[pick.move[2]].name] += 1
        self.say(f"SMUSH plays a defence face down at position {len(t.line)}.")

    def place_henchmen(self) -> None:
        """SM-ROUND-1 step 3 and SM-CARD-2: SMUSH takes up every henchman she has, to place
        each anew (assumption: "Henchmen can be moved after you have played cards")."""
        t = self.table
        if not t.line:
            return
        self.lifted = [d.henchmen for d in t.line]
        t.supply += sum(self.lifted)
        for d in t.line:
            d.henchmen = 0

    def place_supply(self) -> None:
        """SM-ROUND-1 step 3: each henchman in SMUSH's hand goes on a defence, one at a time
        (a search resumes a copy between two of them)."""
        t = self.table
        if not t.line or not t.supply:
            return
        before = getattr(self, "lifted", [])
        total = t.supply + sum(d.henchmen for d in t.line)
        while t.supply:
            options = [Option(f"on [{i + 1}] {d.active.name}"
                              + (" (face down)" if not d.face_up else "")
                              + (f", had {before[i]}" if i < len(before) and before[i] else ""),
                              ("henchman", i))
                       for i, d in reversed(list(enumerate(t.line)))]
            pick = self.ask(SMUSH, "henchman",
                            f"SMUSH: place henchman {total - t.supply + 1} of {total}", options)
            t.line[pick.move[1]].henchmen += 1
            t.supply -= 1
        self.say("SMUSH's henchmen: " + ", ".join(f"{d.henchmen} on [{i + 1}]"
                                                   for i, d in enumerate(t.line) if d.henchmen))

    # -- Harmony ---------------------------------------------------------------------
    def play_gadget(self) -> None:
        """SM-ROUND-1 step 4: Harmony may play one gadget; face-down gadgets turn face up."""
        t = self.table
        if t.gadget_hand and len(t.gadgets) < self.settings.active_gadgets:
            options = [Option(f"Play gadget card {c.number}: {c.label()}", ("gadget", i))
                       for i, c in enumerate(t.gadget_hand)]
            options.append(Option("Play no gadget this round", ("none",)))
            pick = self.ask(HARMONY, "gadget", "Harmony: play a gadget card?", options)
            if pick.move[0] == "gadget":
                card = t.gadget_hand.pop(pick.move[1])
                t.gadgets.append(Gadget(card))
                self.say(f"Harmony plays {card.label()}.")
        for gadget in t.gadgets:
            gadget.face_up = True

    def orient(self) -> None:
        """SM-ROUND-1 step 5: each gadget card turns one half towards SMUSH (active)."""
        t = self.table
        if not t.gadgets:
            return
        now = tuple(g.half for g in t.gadgets)
        combos = sorted(itertools.product((0, 1), repeat=len(t.gadgets)), key=lambda c: c != now)
        options = [Option(" + ".join(g.card.faces[h].name for g, h in zip(t.gadgets, combo))
                          + (" (as now)" if combo == now else ""), ("orient", combo))
                   for combo in combos]
        pick = self.ask(HARMONY, "orient", "Harmony: which gadgets are active?", options)
        for gadget, half in zip(t.gadgets, pick.move[1]):
            gadget.half = half
