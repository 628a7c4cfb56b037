"""How the engine scores a whole game's choices (docs/books.md, "The bots").

Every choice of the game is put to a seat's decider with a score per option: the
seasoned bot (`GreedyPolicy`) takes the best, a person sees the options, and the bots
behind the view (`view.Blind`: honest, planning, random) get the scores that come from
what the table shows, never `response_scores`, which reads the book. The scores say what a careful player would want: intel (it pays for the
henchman), the spy's missions, its health, and Dr. Lobo kept far away.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from smersh_dsl.play.core.odds import gamble_chance, pass_chance
from smersh_dsl.play.epic.world import chosen

if TYPE_CHECKING:
    from smersh_dsl.play.epic.board import Board, Place
    from smersh_dsl.play.epic.game import Game
    from smersh_dsl.play.epic.party import Spy

# What one unit of an effect is worth to the party, in intel (assumption: a bot's taste).
WORTH = {"gain_intel": 1.0, "retreat_lobo": 2.5, "advance_lobo": -2.5, "gain_resolve": 0.6,
         "lose_resolve": -0.6, "heal_injury": 0.8, "take_injury": -1.2, "raise_skill": 1.2,
         "lower_skill": -1.2, "gain_advanced_skill": 1.2, "lose_advanced_skill": -1.2,
         "gain_gadget": 0.5, "lose_gadget": -0.5, "gain_un_transport": 0.7, "lose_intel": -1.0,
         "gain_status": 0.3, "gain_red_intel": 1.0, "gain_success": 1.0, "gain_top_secret": 0.3}


def worth(steps: list[dict]) -> float:
    """What a list of effects (a mission's reward, a region bonus) is worth."""
    total = 0.0
    for step in steps:
        total += WORTH.get(step["kind"], 0.0) * step.get("amount", 1)
    return total


def chance(game: Game, spy: Spy, steps: list[dict]) -> float:
    """The chance to pass the first test or gamble of ``steps`` (a `choose` counts its best
    option), spending the spy's resolve at best; 1 when nothing is tested."""
    table = game.table
    faces = tuple(table.faces("skill"))
    for step in steps:
        kind = step["kind"]
        if kind == "test":
            if any(table._offer(spy, o if o["pick"] != "d6" else dict(o, pick="any"),
                                step).automatic for o in step["options"]):
                return 1.0        # a "pass with" clause or a held card's power (EP-TEST-4)
            best = Fraction(0)
            for option in step["options"]:
                opt = option if option["pick"] != "d6" else dict(option, pick="any")
                level = table._level(spy, opt, step)
                best = max(best, pass_chance(level, option["successes"], spy.resolve, faces))
            return float(best)
        if kind == "gamble":
            pool = game.party.pool
            return float(gamble_chance(min(6, pool), faces)) if pool else 0.0
        if kind == "choice":
            options = [o for o in step["options"] if o["guard"] is None or table.holds(o["guard"])]
            scores = [chance(game, spy, o["steps"]) for o in options if o["goto"] is None]
            return max(scores, default=1.0)
    return 1.0


def response_scores(game: Game, spy: Spy, card: int, responses: list[dict],
                    values: list[int], entries: dict[str, dict]) -> list[float]:
    """How likely each response is to pass, over the die values it may read (a lair's
    one), read from every entry of each response: only for the seasoned bot, a player who
    has memorised the book (EP-PLAYER-1 forbids it to any other); it does not know the die."""
    scores = []
    for response in responses:
        found = [chance(game, spy, entries[k]["steps"])
                 for k in (f"{card:02d}.{response['number']}.{v}" for v in values) if k in entries]
        scores.append(sum(found) / len(found) if found else 0.0)
    return scores


def hurt(spy: Spy) -> bool:
    """Rest when hurt: at half health or less (assumption)."""
    return spy.health * 2 <= spy.max_health


def place_scores(game: Game, spy: Spy, seat_missions: list[str],
                 options: list[tuple[str, int]], distance: dict[str, int]) -> list[float]:
    """Each destination's worth, for ``options`` of (place, the resolve it costs): intel
    there, a mission city, a dead drop, red intel to rescue, a location bonus; less for a
    lair (it always reads 5), and for the resolve it costs. Far things count a little, so
    a bot heads for them over several turns. What does not depend on the place (the
    targets, how near they are from here) is worked out once for all of them."""
    state, board = game.state, game.board
    missions = game.missions
    intel = game.party.board_intel
    hub = board.hub()
    cities = {missions[m]["city"] for m in seat_missions if m in missions}
    hunted = butcher_hunted(game)
    # something worth having, a few turns away
    targets = [p for p, n in intel.items() if n] + [
        missions[m]["city"] for m in seat_missions if m in missions] + ([hunted] if hunted else [])
    near = min((distance.get(t, 99) for t in targets), default=99)
    closed = frozenset(state.closed)
    nearest = board.nearest([p for p, _ in options], targets, closed) if targets else []
    lairs = board.places_where("bots: a lair", _is_lair)
    # What lies on each place now, added once per place that holds something; every term
    # before the resolve is a small multiple of 0.5, so their order never changes a sum.
    held = dict(_map_worth(board, lairs))
    for place, n in intel.items():
        if n:          # 1.0 gives back a lair's -1.0: it counts only where no intel lies
            held[place] = held.get(place, 0.0) + 1.5 * n + (1.0 if place in lairs else 0.0)
    for place, tokens in state.red_board.items():
        if tokens:
            held[place] = held.get(place, 0.0) + (1.5 * len(tokens) if place != hub else 2.5)
    for place in cities:
        held[place] = held.get(place, 0.0) + 3.0
    for place in state.dead_drops:
        held[place] = held.get(place, 0.0) + 1.5
    if hunted:
        held[hunted] = held.get(hunted, 0.0) + 2.5
    scores = [held.get(place, 0.0) - 0.8 * resolve for place, resolve in options]
    if targets:
        scores = [score + 0.4 if turns < near else score
                  for score, turns in zip(scores, nearest)]
    return scores


_BONUS_FEATURES = frozenset({"advanced_skill", "gadget", "resolve"})


def _map_worth(board: Board, lairs: frozenset[str]) -> dict[str, float]:
    """What a place is worth for what it is, whatever lies there: a location bonus, less
    for a lair; once per map (`Board.shared`). The caller must not change the dict."""
    cache = board.shared("bots: worth")
    found = cache.get("places")
    if found is None:
        bonus = board.places_where("bots: a location bonus", _has_bonus)
        found = cache["places"] = {p: (0.5 if p in bonus else 0.0) - (1.0 if p in lairs else 0.0)
                                   for p in bonus | lairs}
    return found


def _has_bonus(place: Place) -> bool:
    return bool(place.skill or place.features & _BONUS_FEATURES)


def _is_lair(place: Place) -> bool:
    return "lair" in place.features


def butcher_hunted(game: Game) -> str | None:
    """Where the Aussie Butcher's token stands, when the game is won only with the
    Location Track at a goal not yet reached (SH-EPIC-1): passing his token is the one way
    to move it (SH-LOCTRACK-1), so the bot heads there."""
    state = game.state
    goals = [v["location_track"] for v in chosen(game.doc, state) if v.get("location_track")]
    if not goals or state.location_track >= max(goals):
        return None
    return state.butcher_at


def should_confront(game: Game, cost: int) -> float:
    """Confront a henchman when the pool pays for it with some intel to spare as resolve in
    the showdown, or at once when Dr. Lobo is close (assumption)."""
    pool = game.party.pool
    if pool < cost:
        return 0.0
    rounds_left = game.lobo_line - game.state.round
    return 1.0 if pool >= cost + 2 or rounds_left <= 2 else 0.0
