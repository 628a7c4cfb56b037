"""Swagman's Hope's villain deck in a whole game (SH-VILLAIN-1): drawing a card, its
Villain Advancement (`when_drawn` powers), its End of Turn event (`end_of_turn` powers,
done at the end of the turn it was drawn in), whom each reaches, Sydney airport opened
and closed by them, and Vinny Carter's V-1 reward taking one back.

The document's `villains` (times their `copies`) are shuffled with the game's dice at
setup. A drawn card lies beside the Lobo track ("the Villain cards that have advanced
Dr. Lobo's track", with the spaces it moved him); the rulebook does not say what happens
when the deck runs out: as the Epic Edition's gadget deck does (EP-GADGET-1, "the deck
reshuffles its discard"), the cards beside the track are shuffled into a new deck
(docs/books.md).
"""

from __future__ import annotations

from smersh_dsl.play.epic.party import Spy
from smersh_dsl.play.epic.whole import WholeGame
from smersh_dsl.play.epic.world import card_names, shuffled_deck

AIRPORT_STEPS = ("open_airport", "close_airport", "toggle_airport")


def cards(game: WholeGame) -> dict[str, dict]:
    return card_names(game.doc, "villains")


def setup_deck(game: WholeGame) -> None:
    """SH-VILLAIN-1: the villain deck, every card times its copies, shuffled."""
    game.state.villain_deck = shuffled_deck(game.doc, "villains", game.rng)   # rule: SH-VILLAIN-1


def can_draw(game: WholeGame) -> bool:
    return bool(game.state.villain_deck or game.state.villain_track)


def draw(game: WholeGame, spy: Spy) -> str | None:
    """Draw the top villain card: its Villain Advancement now, its End of Turn event
    queued for the end of this turn (SH-VILLAIN-1). A card the book has not typed
    (no `when_drawn` power) advances Dr. Lobo one space, the advancement every villain
    card is named for. None when the book has no villain card."""
    state = game.state
    if not state.villain_deck and state.villain_track:
        state.villain_deck = [c["card"] for c in state.villain_track]
        state.villain_track = []
        game.rng.shuffle(state.villain_deck)
        game.say("  [the villain deck is empty: the cards beside the Lobo track are "
                 "shuffled into a new deck]")
    if not state.villain_deck:
        game.say("  [no villain card to draw: the book has none]")
        return None
    name = state.villain_deck.pop(0)
    card = cards(game).get(name, {"name": name, "effect": "", "powers": []})
    game.say(f"  [villain card {name}: {card.get('effect') or ''}]".replace(": ]", "]"))
    lobo = game.party.lobo
    drawn = [p for p in card.get("powers") or [] if p["timing"] == "when_drawn"]
    if not drawn:
        game.party.lobo += 1                                            # rule: SH-VILLAIN-1
        game.say(f"  [{name}: Dr. Lobo advances 1]")
    for power in drawn:
        act(game, spy, name, power)
    state.villain_track.append({"card": name, "spaces": max(0, game.party.lobo - lobo)})
    if any(p["timing"] == "end_of_turn" for p in card.get("powers") or []):
        state.villain_pending.append(name)
    return name


def end_of_turn(game: WholeGame, spy: Spy) -> None:
    """SH-VILLAIN-1: the End of Turn events of the villain cards drawn this turn, in the
    order they were drawn; the spy whose turn it is is their owner (for `reaches owner`,
    `region` and `place`)."""
    pending, game.state.villain_pending = game.state.villain_pending, []
    for name in pending:
        for power in cards(game).get(name, {}).get("powers") or []:
            if power["timing"] == "end_of_turn":
                game.say(f"  [{name}, End of Turn]")
                act(game, spy, name, power)                             # rule: SH-VILLAIN-1


def act(game: WholeGame, owner: Spy, name: str, power: dict) -> None:
    """One power of a villain card: its airport steps once (they act on the board),
    every other step on each spy it reaches (`reaches`)."""
    reached = [s for s in reach(game, owner, power.get("reach") or "owner")
               if guard_holds(game, s, power.get("guard"))]
    for step in power["steps"]:
        if step["kind"] in AIRPORT_STEPS:
            airport(game, step, name)
            continue
        for spy in reached:
            game.table.actor = spy
            if len(reached) > 1 or spy is not owner:
                game.say(f"  [{name} reaches {spy.name}]")
            game.table.run([step])
    game.table.actor = owner


def reach(game: WholeGame, owner: Spy, reach: str) -> list[Spy]:
    """The living spies a card's `reaches` names: its owner, all, the owner's region or
    place, or every spy in Australia (the hub's region)."""
    living = [s for s in game.party.spies if s.alive]
    if reach == "all":
        return living
    if reach == "australia":
        return [s for s in living if in_australia(game, s)]
    if reach in ("region", "place"):
        here = game.seat_of(owner).location
        if reach == "place":
            return [s for s in living if game.seat_of(s).location == here]
        region = game.board.where(here).region
        return [s for s in living if game.board.where(game.seat_of(s).location).region == region]
    return [owner] if owner.alive else []


def in_australia(game: WholeGame, spy: Spy) -> bool:
    hub = game.board.hub()
    if hub is None:
        return False
    return game.board.where(game.seat_of(spy).location).region == game.board.where(hub).region


def guard_holds(game: WholeGame, spy: Spy, guard: dict | None) -> bool:
    """A power's `if`: none, `in NAME` (the spy is in that region or on that place), or a
    condition the table reads."""
    if guard is None:
        return True
    if guard["kind"] == "in":
        place = game.board.where(game.seat_of(spy).location)
        return guard["name"] in (place.name, place.region)
    return game.table.holds(guard)


def airport(game: WholeGame, step: dict, name: str) -> None:
    """SH-VILLAIN-1: "Sydney airport starts the game closed, but can be opened (and
    re-closed) by 'End of Turn' events on the new Villain cards." A closed airport is
    no airport for movement (`Board.airports`): no spy flies into or out of it."""
    target, closed = step.get("target"), game.state.closed
    if target not in game.board.places or not game.board.where(target).has("airport"):
        game.say(f"  [{name}: {target} has no airport]")
        return
    shut = target in closed
    opening = {"open_airport": True, "close_airport": False, "toggle_airport": shut}[step["kind"]]
    if opening and shut:
        closed.remove(target)                                           # rule: SH-VILLAIN-1
    elif not opening and not shut:
        closed.append(target)                                           # rule: SH-VILLAIN-1
    now = "open" if opening else "closed"
    was = "is now" if opening == shut else "stays"
    game.say(f"  [{name}: {target} airport {was} {now}]")


def remove_one(game: WholeGame, spy: Spy) -> str | None:
    """SH-CHAR-1, Vinny's V-1 reward: "take all the Villain cards that have advanced Dr.
    Lobo's track, shuffle them, and remove one at random, adjusting Dr. Lobo's track
    accordingly": the card leaves the game and Dr. Lobo goes back the spaces it moved him.
    None when no villain card has advanced the track."""
    track = game.state.villain_track
    advanced = [c for c in track if c["spaces"] > 0]
    if not advanced:
        return None
    game.rng.shuffle(advanced)
    removed = advanced[0]                                               # rule: SH-VILLAIN-1
    track.remove(removed)
    game.party.lobo -= removed["spaces"]
    return f"{removed['card']} is removed from the game and Dr. Lobo moves back " \
           f"{removed['spaces']}"
