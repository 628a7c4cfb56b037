"""Where a spy goes in its turn: walking, flying a UN Transport, landing (EP-MOVE-1;
Swagman's Hope's transports and arrivals, SH-BOARD-3, SH-DROP-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smersh_dsl.play.epic import australia, bots, drops
from smersh_dsl.play.epic.engine import quiet

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game


def move(game: Game, index: int) -> None:
    """EP-MOVE-1. A UN Transport may be flown first ("This does not count against your
    movement for the turn"), then the spy walks; intel where the spy ends is collected.
    SH-BOARD-3: "Players may not make any other move before or after moving into or out
    of Swagman's Hope": a flight into or out of the hub ends the movement, and a spy that
    has flown does not walk into the hub."""
    state, spy, seat = game.state, game.party.spies[index], game.state.seats[index]
    closed = set(state.closed)
    hub, start = game.board.hub(), seat.location
    flown = fly(game, index)
    if flown and hub in (start, seat.location):                         # rule: SH-BOARD-3
        return
    distance = game.board.distances(seat.location, closed)
    reach = game.board.destinations(seat.location, spy.resolve,
                                    australia.hub_open(game) and not flown, closed)
    here = seat.location
    names = sorted([n for n in reach if n != here])          # staying put first, then by name
    if here in reach:
        names.insert(0, here)
    scores = bots.place_scores(game, spy, seat.missions, [(n, reach[n]) for n in names], distance)
    labels = [("Stay in " if n == here else "Move to ") + n
              + (" (1 resolve)" if reach[n] else "") for n in names]
    dest = names[game.table.decide.choose("Where do you move?", labels, scores, note=None)]
    if reach[dest]:
        spy.resolve -= 1                                                # rule: EP-MOVE-1
    if dest != seat.location and game.say is not quiet:
        game.say(f"{spy.name} moves to {dest}" + (", spending 1 resolve" if reach[dest] else "") + ".")
    land(game, index, dest)


def land(game: Game, index: int, place: str) -> None:
    seat, spy = game.state.seats[index], game.party.spies[index]
    seat.location = place
    game.party.location = place
    australia.collect(game, spy, place)                                 # rule: EP-MOVE-1
    drops.arrive(game, spy, place)


def fly(game: Game, index: int) -> bool:
    """EP-MOVE-1: "discard a UN Transport token to move anywhere on the board. You collect
    any Intel on the space you move to". With Swagman's Hope, "Blue UN Transport tokens may
    be used to travel OUT OF Australia, but may NOT be used to fly INTO Australia", and the
    Red one "may only be used once to fly INTO Australia". A blue one (any but the red)
    flown from inside Australia goes only out of it, never to another Australian place nor
    to the hub (assumption, docs/books.md). True when the spy flew."""
    state, spy, seat = game.state, game.party.spies[index], game.state.seats[index]
    kinds = [k for k in ("red_un_transport", "un_transport", "blue_un_transport")
             if spy.tokens.get(k, 0) > 0]
    if not kinds:
        return False
    hub = game.board.hub()
    australia_region = game.board.where(hub).region if hub else None
    here = game.board.where(seat.location).region
    options: list[tuple[str, str]] = []
    for kind in kinds:
        for place in sorted(game.board.places.values(), key=lambda p: p.name):
            if place.has("stranded_only") or (place.has("hub") and not australia.hub_open(game)):
                continue
            if place.name == seat.location:
                continue
            inside = australia_region is not None and place.region == australia_region
            into = inside and here != australia_region
            if kind == "red_un_transport" and not into:                 # rule: SH-BOARD-3
                continue
            if kind != "red_un_transport" and inside:                   # rule: SH-BOARD-3
                continue
            options.append((kind, place.name))
    if not options:
        return False
    distance = game.board.distances(seat.location, set(state.closed))
    stay, *scores = bots.place_scores(game, spy, seat.missions,
                                      [(seat.location, 0)] + [(p, 0) for _, p in options],
                                      distance)
    scores = [stay + 2.0] + scores
    labels = ["Do not fly"] + [f"Fly to {p} ({k.replace('_', ' ')})" for k, p in options]
    pick = game.table.decide.choose("Fly with a UN Transport?", labels, scores, note=None)
    if pick == 0:
        return False
    kind, place = options[pick - 1]
    spy.tokens[kind] -= 1
    game.say(f"{spy.name} flies to {place} with a {kind.replace('_', ' ')}.")
    land(game, index, place)
    return True
