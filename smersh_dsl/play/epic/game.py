"""A whole game of Agents of SMERSH Epic Edition, with or without Swagman's Hope.

`Game` binds a document to the state of one game (`world.State`), the table that reads
entries (`engine.Table`), and who decides for each seat. `setup` follows the rulebook's
Setup; `rounds.play_game` plays it to the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import field
from functools import cached_property

from smersh_dsl.play.core.deciders import Decider, GreedyPolicy, Person
from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic import australia, hands
from smersh_dsl.play.epic.board import Board
from smersh_dsl.play.epic.decks import new_decks
from smersh_dsl.play.epic.engine import Table
from smersh_dsl.play.epic.party import Party, Spy
from smersh_dsl.play.epic.world import (Seat, State, allowed_sheets, deal_missions,
                                        henchman_sheet, lifted, lobo_start, mission_hand,
                                        new_party, require, sheet_named, spy_of, variant)
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count

BOTS = ("honest", "planning", "seasoned", "random", "person")
SEASONED = ("seasoned", "sensible")   # "sensible": the seasoned bot's name before #28
HAND = 2                            # EP-MISSION-1
SHEENA_SPREAD = (2, 2, 1, 1, 1)     # SH-CHAR-1: how a bot assigns Sheena's 7 points


@dataclass
class Options:
    players: int = 1
    henchmen: tuple[str, ...] = ()        # the first is the main henchman
    spies: tuple[str, ...] = ()
    bot: str = "seasoned"                 # every seat's player: one of BOTS
    variants: tuple[str, ...] = ()
    learnt: object | None = None          # learning.Memory: what the honest bots learnt


@dataclass
class Game:
    doc: dict
    state: State
    rng: random.Random
    say: Callable[[str], None]
    board: Board = field(init=False)
    table: Table = field(init=False)
    party: Party = field(init=False, repr=False)   # the table's party, set with the table
    spies: list[Spy] = field(default_factory=list)
    shown_card: tuple[int, str] | None = None     # the encounter card on the table now
    _policies: dict[int, Decider] = field(default_factory=dict, repr=False)
    learnt: object | None = None          # learning.Memory, shared by the honest seats
    views: object = field(default=None, repr=False)   # view.Views, shared by the seats' Blinds

    def __setattr__(self, name: str, value: object) -> None:
        """A table given to the game brings its party along: `party`, read at nearly every
        step of a game, is a plain attribute, not a property read through the table."""
        object.__setattr__(self, name, value)
        if name == "table":
            object.__setattr__(self, "party", value.party)

    def __post_init__(self) -> None:
        self.board = Board.of(self.doc)
        self.table = Table(self.doc, new_party(self.doc, self.state.seats, self.spies), self.rng,
                           self.decider_of(0), self.say, world=self, decks=self.state.cards)

    # -- who decides ------------------------------------------------------------------
    def decider_of(self, index: int) -> Decider:
        """A person, the seasoned bot (the one decider that reads the book: a player who
        has memorised it), or a policy that sees only the table (`view.Blind`)."""
        bot = self.state.seats[index].bot if index < len(self.state.seats) else "seasoned"
        if bot == "person":
            return Person()
        if bot in SEASONED:
            return GreedyPolicy()
        if index not in self._policies:
            self._policies[index] = seat_policy(bot, self, index)
        return self._policies[index]

    def reads_book(self, index: int) -> bool:
        """Whether seat ``index`` is played by the bot that has memorised the book."""
        return index >= len(self.state.seats) or self.state.seats[index].bot in SEASONED

    def seat_of(self, spy: Spy) -> Seat:
        return self.state.seats[self.table.party.spies.index(spy)]

    @cached_property
    def entries(self) -> dict[str, dict]:
        return entries_of(self.doc)

    @cached_property
    def encounter_cards(self) -> dict[int, dict]:
        """The encounter cards by number (the last of a number wins)."""
        return {c["number"]: c for c in self.doc["encounter_cards"]}

    @cached_property
    def missions(self) -> dict[str, dict]:
        """The Secret Mission cards by name (EP-MISSION-1)."""
        return {m["name"]: m for m in self.doc["missions"]}

    def record_intel(self, amount: int) -> None:
        self.state.record.intel_spent += amount

    # -- the Lobo track (EP-LOBO-1) -----------------------------------------------------
    @property
    def lobo_line(self) -> int:
        """The space after which the Dr. Lobo token stands now. EP-ENC-6: a fail moves
        him "1 space toward the Round tracking token". Assumption (the rulebook is silent
        on the track's ends): he never stands before space 0 nor after the track's last
        space but one, so the round token always passes him by the last round."""
        rounds = self.doc["vocabulary"]["lobo_track"]["rounds"]
        return max(0, min(rounds - 1, self.state.lobo_start - self.party.lobo))

    @property
    def round(self) -> int:
        return self.state.round

    # -- the World the table reads (engine.World) -------------------------------------
    def holds(self, condition: dict) -> bool:
        """EP-HENCH-4 and EP-VAR-2: a henchman sheet's state. "in play" is a sheet chosen
        for this game; "confronted" one whose showdown was played; "defeated" one beaten;
        "undefeated" a sheet in play that has not been beaten (so the main henchman
        "will reappear to assist Dr. Lobo")."""
        kind, state = condition["kind"], condition.get("state")
        if kind == "main_henchman":
            return self._henchman_is(self.state.henchmen[0], state)
        if kind == "henchman":
            name = condition.get("henchman")
            if name == australia.BUTCHER:
                return australia.butcher_is(self, state)
            return self._henchman_is(name, state)
        if kind == "level":
            return self.state.butcher_level == condition.get("value")          # SH-BUTCHER-1
        return False

    def _henchman_is(self, name: str | None, state: str | None) -> bool:
        s = self.state
        return {"in_play": name in s.henchmen, "confronted": name in s.confronted,
                "defeated": name in s.defeated,
                "undefeated": name in s.henchmen and name not in s.defeated,
                None: name in s.henchmen}.get(state, False)

    def rerolls(self, henchman: str) -> bool:
        """EP-VAR-2: "If the [NAME] Henchman sheet is in play and you have already
        confronted them, reroll the Fate die for a new Encounter." The rulebook says to
        follow it "When playing with the Double Agent Spy sheets": when a seat plays one."""
        sheets = {s["name"]: s for s in self.doc["spies"]}
        double = any(sheets.get(seat.sheet, {}).get("double_agent_of") for seat in self.state.seats)
        if "double_agents" in lifted(self.doc, self.state):                 # rule: EP-VAR-3
            return False
        return (double and henchman in self.state.henchmen                  # rule: EP-VAR-2
                and henchman in self.state.confronted)

    def effect(self, table: Table, spy: Spy, step: dict) -> bool:
        return australia.effect(self, spy, step)

    def place_of(self, spy: Spy) -> str | None:
        """Where ``spy`` stands (whom a companion reaches, EP-COMP-1; `in NAME`)."""
        if spy in self.table.party.spies and self.state.seats:
            return self.seat_of(spy).location
        return None


def seat_policy(bot: str, game: Game, index: int) -> Decider:
    """A bot that sees only the table, behind the view; one that samples has dice of its
    own, seeded once from the game's."""
    from smersh_dsl.play.epic.planning import PlanningPolicy
    from smersh_dsl.play.epic.policies import HonestPolicy, RandomPolicy
    from smersh_dsl.play.epic.view import Blind
    if bot == "honest":
        return Blind(HonestPolicy(game.learnt), game, index)
    own = random.Random(game.rng.getrandbits(64))
    if bot == "planning":
        return Blind(PlanningPolicy(own), game, index)
    if bot == "random":
        return Blind(RandomPolicy(own), game, index)
    raise NotPlayable(f"no bot {bot!r}; the bots are " + ", ".join(BOTS))


# -- setup --------------------------------------------------------------------------------

# The entries of a document by key (the last of a key wins), made once for all the games
# played on it: keyed by the entries' list itself (kept alive here so its id is not reused)
# and its length; bounded. A game never changes its document's entries.
_ENTRIES: dict[int, tuple[list, int, dict[str, dict]]] = {}
_ENTRY_LISTS_KEPT = 16


def entries_of(doc: dict) -> dict[str, dict]:
    listed = doc.get("entries", [])
    kept = _ENTRIES.get(id(listed))
    if kept is None or kept[0] is not listed or kept[1] != len(listed):
        if len(_ENTRIES) >= _ENTRY_LISTS_KEPT:
            _ENTRIES.pop(next(iter(_ENTRIES)))
        kept = _ENTRIES[id(listed)] = (listed, len(listed), {e["key"]: e for e in listed})
    return kept[2]


def setup(doc: dict, options: Options, rng: random.Random, say: Callable[[str], None]) -> Game:
    """The rulebook's Setup, for ``options.players`` seats."""
    require(doc)
    for name in options.variants:
        if variant(doc, name) is None:
            known = [v["name"] for v in doc["vocabulary"].get("variants") or []]
            raise NotPlayable(f"no variant {name!r}; the game has " + (", ".join(known) or "none"))
    played = [variant(doc, n) or {} for n in options.variants]
    low, high = doc["vocabulary"]["players"]["min"], doc["vocabulary"]["players"]["max"]
    for v in played:                          # SH-EPIC-1: "at least 3 ... up to 5 UN agents"
        if v.get("players"):
            low, high = v["players"]["min"], v["players"]["max"]
    if not low <= options.players <= high:
        raise NotPlayable(f"the game is for {low} to {high} players, not {options.players}")
    sheets = [h for h in doc["henchmen"] if not h.get("levels")]
    order = {d: i for i, d in enumerate(doc["vocabulary"].get("difficulties") or [])}
    sheets.sort(key=lambda h: (order.get(h.get("difficulty"), 99), h["name"]))
    names = list(options.henchmen) or [sheets[0]["name"]]
    for name in names:
        henchman_sheet(doc, name)
    if len(set(names)) != len(names):
        raise NotPlayable("a henchman is named twice")
    ranges = [v["henchmen"] for v in played if v.get("henchmen")]
    if len(names) > 1 and not ranges:
        raise NotPlayable("more than one henchman is the multiple_henchmen variant "
                          "(EP-VAR-1): add --variant multiple_henchmen")
    for r in ranges:                                                    # rule: EP-VAR-1
        if not r["min"] <= len(names) <= r["max"]:
            raise NotPlayable(f"the variant faces {r['min']} to {r['max']} henchmen, "
                              f"not {len(names)}")
    decks = {}
    for card in sorted(doc["encounter_cards"], key=lambda c: c["number"]):
        decks.setdefault(card["region"], []).append(card["number"])
    for numbers in decks.values():
        rng.shuffle(numbers)                     # "shuffle them, and place them face down"
    missions = [m["name"] for m in doc["missions"]]
    rng.shuffle(missions)
    state = State([], names, lobo_start(doc, len(names)), decks, missions,
                  variants=list(options.variants),
                  expansion=bool(doc.get("expansions")) or bool(doc.get("red_intel")))
    state.stranded_deck = sorted(c["name"] for c in doc.get("stranded_cards") or [])
    rng.shuffle(state.stranded_deck)
    state.cards = new_decks(doc, rng)                                   # rule: EP-GADGET-1
    game = Game(doc, state, rng, say, learnt=options.learnt)
    spies = _choose_spies(game, options)
    state.seats = []
    taken_regions: set[str] = set()
    sheets = {s["name"]: s for s in doc["spies"]}
    for i, spy in enumerate(spies):
        seat = Seat(spy.name, "", options.bot)
        state.seats.append(seat)
        seat.location = _choose_hq(game, i, taken_regions)
        taken_regions.add(game.board.where(seat.location).region)
        deal(game, seat, sheets.get(spy.name))
    game.table = Table(doc, new_party(doc, state.seats, spies), rng, game.decider_of(0), say,
                       world=game, decks=state.cards)
    game.spies = spies
    for index, spy in enumerate(spies):                                 # rule: EP-SETUP-1
        game.table.decide = game.decider_of(index)
        hands.equip(game.table, spy, sheets.get(spy.name))
    game.table.decide = game.decider_of(0)
    if state.expansion:
        australia.setup(game)
    for v in played:
        australia.epic_setup(game, v)                                   # SH-EPIC-1
    say(f"Agents of SMERSH: {count(len(spies), 'spy')} against {', '.join(names)}; "
        f"Dr. Lobo waits after space {game.lobo_line} of the Lobo track.")
    for seat, spy in zip(state.seats, spies):
        say(f"  {spy.name} starts in {seat.location} with missions: {', '.join(seat.missions)}")
    return game


def deal(game: Game, seat: Seat, sheet: dict | None) -> None:
    """EP-MISSION-1: 2 Secret Missions; SH-CHAR-1: a sheet's `missions 3` deals a third,
    which "he must complete the first two locations ... before the third counts"."""
    hand = mission_hand(sheet)
    deal_missions(game.state, game.rng, seat, HAND)
    if hand > HAND:                                                     # rule: SH-CHAR-1
        deal_missions(game.state, game.rng, seat, hand)
        seat.late_mission = seat.missions[-1]


def _choose_spies(game: Game, options: Options) -> list[Spy]:
    doc, state = game.doc, game.state
    allowed = allowed_sheets(doc, state)
    chosen: list[dict] = []
    for name in options.spies:
        sheet = sheet_named(doc, name)
        if sheet not in allowed:                                            # rule: EP-VAR-2
            raise NotPlayable(f"{sheet['name']} is a double agent of {sheet['double_agent_of']}, "
                              "a henchman in play (EP-VAR-2; the henchman_clones variant lifts it)")
        if sheet in chosen:
            raise NotPlayable(f"{sheet['name']} is chosen twice")
        chosen.append(sheet)
    if len(chosen) > options.players:
        raise NotPlayable(f"{len(chosen)} spies named for {options.players} players")
    ordinary = [s for s in allowed if not s.get("double_agent_of") and s not in chosen]
    rest = [s for s in allowed if s.get("double_agent_of") and s not in chosen]
    pool = ordinary + rest
    while len(chosen) < options.players:
        if not pool:
            raise NotPlayable(f"not enough spy sheets for {options.players} players")
        chosen.append(pool.pop(game.rng.randrange(len(pool))) if options.bot == "random"
                      else pool.pop(0))
    state.sheets_used = [s["name"] for s in chosen]
    return [make_spy(game, sheet, index) for index, sheet in enumerate(chosen)]


def make_spy(game: Game, sheet: dict, index: int, resolve_loss: int = 0) -> Spy:
    """A spy from its sheet. SH-CHAR-1: Sheena Mars's player "gets to assign 7 points to
    her starting Basic Skills"; a bot spreads them 2, 2, 1, 1, 1 over the skills in the
    book's order (assumption), a person is asked skill by skill."""
    points = sheet.get("stats", {}).get("skill_points")
    skills = None
    if points:                                                          # rule: SH-CHAR-1
        names = game.doc["vocabulary"]["skills"]
        bot = game.state.seats[index].bot if index < len(game.state.seats) else "sensible"
        if bot == "person":
            skills, left = {}, points
            for name in names:
                skills[name] = game.decider_of(index).number(
                    f"{sheet['name']}: points for {name} ({left} left)", 0, min(5, left), 0)
                left -= skills[name]
        else:
            spread = list(SHEENA_SPREAD) + [0] * len(names)
            skills, left = {}, points
            for name, n in zip(names, spread):
                skills[name] = min(n, left)
                left -= skills[name]
    return spy_of(sheet, resolve_loss, skills)


def _choose_hq(game: Game, index: int, taken_regions: set[str]) -> str:
    """Setup: "each player chooses an HQ location ... there can only be 1 player per
    continent"; a new spy goes on "any unoccupied HQ space" (EP-HEALTH-1)."""
    board = game.board
    free = [h for h in board.hqs if board.where(h).region not in taken_regions]
    if not free:
        raise NotPlayable("the map has fewer HQs on distinct continents than players")
    return free[game.decider_of(index).choose("Choose an HQ to start from:", free)]
