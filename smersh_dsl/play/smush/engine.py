"""A game of Agents of S.M.U.S.H. from its JSON document: setup (SM-SETUP-1), the seven
steps of a round (SM-ROUND-1) and the end of the game (SM-END-1). Incursions are in
incursion.py; who decides (a person, or a bot) is a `Player`."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from smersh_dsl.play.smush.rules import HARMONY, SMUSH, Rules
from smersh_dsl.play.smush.table import Defence, Gadget, Table, harmony_view, new_table


@dataclass(frozen=True)
class Option:
    label: str
    move: tuple = ()


@dataclass(frozen=True)
class Choice:
    """One decision: `kind` names it for bots (`lay`, `henchman`, `gadget`, `orient`,
    `incursion`, `flip`, `peek`, `overcome`, `on_bypass`, `ransom`, `rearrange`)."""

    kind: str
    side: str
    prompt: str
    options: tuple[Option, ...]


class Player(Protocol):
    def decide(self, game: Game, choice: Choice) -> int: ...


class Game:
    def __init__(self, rules: Rules, rng: random.Random, players: dict[str, Player],
                 say: Callable[[str], None] = lambda _: None) -> None:
        deck = list(rules.defences)
        rng.shuffle(deck)                                          # SM-SETUP-1: shuffled
        self.rules, self.rng, self.players, self.say = rules, rng, players, say
        self.table: Table = new_table(rules, deck)
        self.incursion = None          # the incursion under way (incursion.Incursion)

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
        t = self.table
        self.setup()
        while not t.over():
            if t.round >= self.settings.rounds:        # SM-END-1: the sixth round is over
                t.winner, t.ending, t.reason = SMUSH, "rounds", f"the end of round {t.round}"
                break
            self.play_round()
        self.say(f"{'Harmony Grace' if t.winner == HARMONY else 'SMUSH'} wins: {t.reason}.")
        return t

    def play_round(self) -> None:
        from smersh_dsl.play.smush.incursion import run_incursion

        t = self.table
        t.round += 1
        self.say(f"-- Round {t.round}")
        if t.deck:
            t.hand.append(t.deck.pop())                # SM-ROUND-1 step 1
        self.lay_defence()                             # step 2
        self.place_henchmen()                          # step 3
        self.play_gadget()                             # step 4
        self.orient()                                  # step 5
        self.say(harmony_view(t))
        go = self.ask(HARMONY, "incursion", "Harmony: make an incursion this round?",
                      [Option("Make an incursion", ("go",)),
                       Option(f"No incursion: collect {t.income()} CP", ("stay",))])
        if go.move == ("go",):
            run_incursion(self)                        # step 6
        if t.over():
            return
        gained = t.gain_cp(t.income())                 # step 7, at most 12 CP
        t.tokens_used = 0                              # resource tokens are refreshed
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
        """SM-ROUND-1 step 3 and SM-CARD-2: SMUSH places each henchman she has, and may move
        those already placed (assumption: every henchman may be placed anew each round)."""
        t = self.table
        tokens = t.supply + sum(d.henchmen for d in t.line)
        if tokens == 0 or not t.line:
            return
        before = [d.henchmen for d in t.line]
        for d in t.line:
            d.henchmen = 0
        t.supply = 0
        for n in range(tokens):
            options = [Option(f"on [{i + 1}] {d.active.name}"
                              + (" (face down)" if not d.face_up else "")
                              + (f", had {before[i]}" if before[i] else ""), ("henchman", i))
                       for i, d in reversed(list(enumerate(t.line)))]
            pick = self.ask(SMUSH, "henchman", f"SMUSH: place henchman {n + 1} of {tokens}", options)
            t.line[pick.move[1]].henchmen += 1
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
