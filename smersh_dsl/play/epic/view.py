"""What a player sees when a decision is theirs (EP-PLAYER-1), and the seat that shows it.

A policy that plays honestly is handed a `Decision`: frozen data copied off the table,
the card's title and response texts, the spies as their boards show them, the board's
public state, and the options as texts. It never holds the document, the book's
entries, the engine, the random number generator or a deck, so a bot cannot read an
entry before it is read nor know the dice to come without going around the engine.

`Blind` is the engine's side of that wall: the engine asks it as it asks any decider
(`Decider.choose`, `Decider.number`); it copies what the table shows into a `Decision`,
keeps the engine's scores only where they come from what the table shows (the odds of
a test already read out, the worth of a destination), never where they come from the
book (the chance of each response, which reads its entries) or from a face-down token,
and hands the policy that copy. The seasoned bot (`GreedyPolicy`, a player who has
memorised the book) is the one decider let past it, by name, in `game.decider_of`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

from smersh_dsl.play.epic.offers import RESOLVE_FIRST, WHO_TAKES
from smersh_dsl.play.epic.stamps import TIME
from smersh_dsl.records import dataclass

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game
    from smersh_dsl.play.epic.party import Spy

# The decisions of a whole game, known by the engine's question (prompt starts).
KINDS = (("Choose a response:", "response"), ("What do you do?", "choice"),
         (WHO_TAKES, "who_takes"), ("Your turn:", "rest_or_move"),
         ("Where do you move?", "route"), ("Fly with a UN Transport?", "fly"),
         ("Confront ", "confront"), ("Region bonus:", "region_bonus"),
         ("The Aussie Butcher's token", "butcher"), ("Choose an HQ", "hq"),
         ("Which red intel", "red_intel"), ("Intel to wager", "wager"),
         (RESOLVE_FIRST, "resolve"))
# Where the engine's scores come from what no player sees: the entries of each response
# (bots.response_scores) and the numbers of face-down red intel tokens (SH-INTEL-2).
HIDDEN_SCORES = frozenset({"response", "red_intel"})


def kind_of(prompt: str) -> str:
    kind = _KIND_OF.get(prompt)
    if kind is None:
        kind = next((kind for start, kind in KINDS if prompt.startswith(start)), "other")
        if len(_KIND_OF) >= 4096:
            _KIND_OF.clear()
        _KIND_OF[prompt] = kind
    return kind


_KIND_OF: dict[str, str] = {}      # prompts already known (a game asks the same ones often)


@dataclass(frozen=True)
class SpyView:
    """A spy board as the table shows it."""

    name: str
    skills: tuple[tuple[str, int], ...]
    health: int
    max_health: int
    resolve: int
    max_resolve: int
    intel: int
    held: tuple[str, ...]          # advanced skills, statuses, gadget cards by name
    gadgets: tuple[str, ...]       # gadget cards by name ("gadget" per card when unnamed)
    tokens: tuple[tuple[str, int], ...]
    place: str | None
    alive: bool

    def level(self, skill: str) -> int:
        for name, value in self.skills:      # the spy's skills, each named once
            if name == skill:
                return value
        return 0

    def holds(self, name: str) -> bool:
        return name in self.held or name in self.gadgets


@dataclass(frozen=True)
class PlaceView:
    name: str
    region: str
    features: tuple[str, ...]
    skill: str | None


@dataclass(frozen=True)
class BoardView:
    """The board's public state: places and features, yellow intel on them, how many
    red intel tokens lie where (not their face-down numbers), Dr. Lobo's track."""

    round: int
    lobo_after: int
    pool: int
    successes: int
    in_showdown: bool
    intel_on: tuple[tuple[str, int], ...]
    red_intel_on: tuple[tuple[str, int], ...]
    henchmen: tuple[str, ...]
    confronted: tuple[str, ...]
    defeated: tuple[str, ...]
    places: tuple[PlaceView, ...]
    skills: tuple[str, ...]                  # the basic skills, in the book's order
    advanced_skills: tuple[str, ...]
    skill_faces: tuple[str, ...]             # the skill die's faces, printed on the die


@dataclass(frozen=True)
class CardView:
    """The encounter card in front of the player: its number, title and responses."""

    number: int
    title: str
    responses: tuple[str, ...]


class Decision(NamedTuple):
    """One decision put to a player. ``hints`` are the table's own figures for each option
    where a player can work them out (a test's odds once read out, a route's worth);
    None where the engine's figures would come from the book. A number decision
    (``kind`` wager or resolve) has ``low``, ``high`` and the table's ``suggested``.

    A named tuple, as frozen as the views it holds: a game puts some 230 of them to its
    players and a tuple is made in a fifth of a frozen dataclass's time (measured: 1.8
    against 8.6 microseconds on the project's 2-core machine)."""

    kind: str
    prompt: str
    options: tuple[str, ...]
    hints: tuple[float, ...] | None
    spy: SpyView | None                      # None before the spies are dealt (setup)
    spies: tuple[SpyView, ...]
    board: BoardView
    card: CardView | None
    missions: tuple[tuple[str, str], ...]    # the deciding seat's Secret Missions: name, city
    low: int = 0
    high: int = 0
    suggested: int = 0


class Policy(Protocol):
    """A bot that plays from what a player sees."""

    name: str

    def decide(self, decision: Decision) -> int: ...

    def amount(self, decision: Decision) -> int: ...


def _gadgets(spy: Spy) -> tuple[str, ...]:
    held = spy.gadgets
    if isinstance(held, int):
        return ("gadget",) * held
    return tuple(held)


def spy_view(spy: Spy, place: str | None) -> SpyView:
    return SpyView(spy.name, tuple(sorted(spy.skills.items())), spy.health, spy.max_health,
                   spy.resolve, spy.max_resolve, spy.intel, tuple(sorted(spy.held)),
                   _gadgets(spy), tuple(sorted(spy.tokens.items())), place, spy.alive)


def places_of(game: Game) -> tuple[PlaceView, ...]:
    """The board's places as the table shows them: once per map (`Board.shared`)."""
    cache = game.board.shared("view")
    found = cache.get("places")
    if found is None:
        found = cache["places"] = tuple(
            PlaceView(p.name, p.region, tuple(sorted(p.features)), p.skill)
            for p in sorted(game.board.places.values(), key=lambda p: p.name))
    return found


def board_view(game: Game, places: tuple[PlaceView, ...]) -> BoardView:
    state, party, vocabulary = game.state, game.party, game.doc["vocabulary"]
    return BoardView(state.round, game.lobo_line, party.pool, party.successes,
                     game.table.in_showdown,
                     tuple(sorted((p, n) for p, n in party.board_intel.items() if n)),
                     tuple(sorted((p, len(t)) for p, t in state.red_board.items() if t)),
                     tuple(state.henchmen), tuple(state.confronted), tuple(state.defeated),
                     places, tuple(vocabulary["skills"]),
                     tuple(vocabulary.get("advanced_skills") or ()),
                     tuple(vocabulary["dice"]["skill"]))


def _board_key(game: Game) -> tuple:
    """Everything `board_view` copies that a game changes, unsorted: equal keys make
    equal views (the places and the vocabulary do not change in a game; Dr. Lobo's line
    follows from where he started and how far he moved)."""
    state, table = game.state, game.table
    party, red = table.party, state.red_board
    return (state.round, state.lobo_start, party.lobo, party.pool,
            party.successes, table.in_showdown, tuple(party.board_intel.items()),
            tuple([(p, len(t)) for p, t in red.items()]) if red else (),
            tuple(state.henchmen), tuple(state.confronted), tuple(state.defeated))


class Views:
    """The engine's side of the view: the frozen copies already made in this game (each
    spy's by its stamp and place, the board's by what it copies), so a decision whose
    spies or board have not changed since an earlier one shares that one's copies instead
    of making them again (a copy is frozen, so sharing it shows a policy nothing more).
    Bounded."""

    LIMIT = 4096

    def __init__(self, game: Game) -> None:
        self._game = game
        self._last: dict[int, tuple[Spy, int, str | None, SpyView]] = {}
        self._whole: tuple = (None, (), [], ())     # the clock, spies, places, views last
        self._boards: dict[tuple, BoardView] = {}
        self._missions: dict[tuple, tuple[tuple[str, str], ...]] = {}
        self._places: tuple[PlaceView, ...] | None = None

    def spies(self) -> tuple[SpyView, ...]:
        """Every spy as its board shows it, on its seat's place: the copy made last for
        the spy while its stamp (stamps.py) and place have not moved, else a new one."""
        game = self._game
        seats, last = game.state.seats, self._last
        party = tuple(game.party.spies)
        places = [seat.location for seat in seats]
        whole = self._whole
        if whole[0] == TIME[0] and whole[1] == party and whole[2] == places:
            return whole[3]                       # no spy changed nor moved since
        found = []
        for i, spy in enumerate(party):
            place = seats[i].location if i < len(seats) else None
            kept = last.get(id(spy))
            if kept is not None and kept[0] is spy and kept[1] == spy.stamp and kept[2] == place:
                found.append(kept[3])
                continue
            seen = spy_view(spy, place)
            if len(last) >= self.LIMIT:
                last.clear()
            last[id(spy)] = (spy, spy.stamp, place, seen)     # the spy kept: its id stays its
            found.append(seen)
        self._whole = (TIME[0], party, places, tuple(found))
        return self._whole[3]

    def board(self) -> BoardView:
        game = self._game
        key = _board_key(game)
        seen = self._boards.get(key)
        if seen is None:
            if self._places is None:
                self._places = places_of(game)
            if len(self._boards) >= self.LIMIT:
                self._boards.clear()
            seen = self._boards[key] = board_view(game, self._places)
        return seen

    def missions(self, names: list[str]) -> tuple[tuple[str, str], ...]:
        """A seat's Secret Missions: name and city."""
        key = tuple(names)
        seen = self._missions.get(key)
        if seen is None:
            cards = self._game.missions
            seen = self._missions[key] = tuple((m, cards[m]["city"]) for m in names
                                               if m in cards)
        return seen


class Blind:
    """The decider of a seat played by a `Policy`: each question becomes a `Decision`."""

    def __init__(self, policy: Policy, game: Game, index: int) -> None:
        self.policy = policy
        self._game = game
        self._index = index
        if not isinstance(game.views, Views):        # one for every seat of the game
            game.views = Views(game)
        self._views = game.views

    def _decision(self, prompt: str, options: list[str], hints: list[float] | None,
                  low: int = 0, high: int = 0, suggested: int = 0) -> Decision:
        game = self._game
        kind = kind_of(prompt)
        views = self._views
        seats = game.state.seats
        party = game.party.spies
        spies = views.spies()
        actor = game.table.actor
        at = None
        for i, spy in enumerate(party):
            if spy is actor:
                at = i
                break
        if at is None and actor in party:
            at = party.index(actor)
        me = (spies[at] if at is not None
              else spies[min(self._index, len(spies) - 1)] if spies else None)
        shown = tuple(options)
        card = None
        if kind == "response":
            seen = game.shown_card
            card = CardView(seen[0], seen[1], shown) if seen else None
        missions = (views.missions(seats[self._index].missions)
                    if self._index < len(seats) else ())
        kept = None if hints is None or kind in HIDDEN_SCORES else tuple(map(float, hints))
        return Decision(kind, prompt, shown, kept, me, spies, views.board(), card,
                        missions, low, high, suggested)

    def choose(self, prompt: str, options: list[str], scores: list[float] | None = None,
               note: str | None = "to pass") -> int:
        picked = self.policy.decide(self._decision(prompt, options, scores))
        return picked if isinstance(picked, int) and 0 <= picked < len(options) else 0

    def number(self, prompt: str, low: int, high: int, best: int) -> int:
        picked = self.policy.amount(self._decision(prompt, [], None, low, high, best))
        return picked if isinstance(picked, int) and low <= picked <= high else best
