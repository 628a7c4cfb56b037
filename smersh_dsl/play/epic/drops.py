"""Swagman's Hope's dead drops and the Red UN Transport, claimed on landing (SH-DROP-1),
and what the drops do (SH-DROP-2): the Bomb on every spy in Australia, the Top Secret
drop's "draw 2, keep 1"; the other drops are the steps their cards say."""

from __future__ import annotations

from smersh_dsl.play.epic import top_secret, villains
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.play.epic.whole import WholeGame

PARIS = "Paris"             # SH-DROP-2: where the Bomb sends a spy at maximum injuries


def arrive(game: WholeGame, spy: Spy, place: str) -> None:
    """SH-DROP-1: a dead drop "claimed by the first player to land on a city that
    contains one. The bonus should be applied immediately, before any encounter. Tokens
    are not replaced." The Red UN Transport at the hub "is immediately claimed by the
    first player to travel to Swagman's Hope"; the bot keeps it. A dead drop's injury is
    the Bomb's, which falls on every spy in Australia (SH-DROP-2, `bomb`)."""
    state = game.state
    drop = state.dead_drops.pop(place, None)
    if drop is not None:                                                # rule: SH-DROP-1
        card = next(d for d in game.doc.get("dead_drops") or [] if d["name"] == drop)
        game.say(f"{spy.name} claims the dead drop in {place}: {drop}.")
        game.table.actor = spy
        steps = list(card["steps"])
        while steps:
            step = steps.pop(0)
            if step["kind"] == "take_injury":
                bomb(game, spy, step.get("amount", 1))                  # rule: SH-DROP-2
            elif step["kind"] == "draw_top_secret" and steps \
                    and steps[0]["kind"] == "lose_top_secret":
                # "Draw 2 Top Secret Cards, keep 1 and discard the other", written
                # `draw 2 top_secret lose 1 top_secret`: the one let go is of the two drawn
                drawn, dropped = step.get("amount", 1), steps.pop(0).get("amount", 1)
                keep = max(0, drawn - dropped)
                top_secret.gain(game, spy, drawn, keep=keep)            # rule: SH-TOPSECRET-1
            else:
                game.table.run([step])
    if place == game.board.hub() and state.red_un_at_hub:
        state.red_un_at_hub = False
        spy.tokens["red_un_transport"] = spy.tokens.get("red_un_transport", 0) + 1
        game.say(f"{spy.name} claims the Red UN Transport.")


def bomb(game: WholeGame, claimer: Spy, amount: int) -> None:
    """SH-DROP-2, The Bomb: "All players in Australia take 1 Injury. If any player meets or
    exceeds their maximum injuries, move their player token to Paris, and advance Dr. Lobo
    by drawing a Villain Advancement card." Every living spy on a place of the hub's region
    is injured. Assumptions (docs/books.md): meeting the maximum is the Epic health track's
    zero, and the Bomb moves such a spy instead of killing it, on its last space (health 1);
    one villain card is drawn however many spies it moves, as `draw villain_card` does."""
    hub = game.board.hub()
    region = game.board.where(hub).region if hub else None
    moved = []
    for seat, spy in zip(game.state.seats, game.party.spies):
        if not spy.alive or game.board.where(seat.location).region != region:
            continue
        game.say(f"  [{spy.name} takes {amount} injury from the Bomb]")
        if spy.health - amount > 0 or PARIS not in game.board.places:
            game.table.injure(spy, amount)
            continue
        spy.health = 1
        seat.location = PARIS
        moved.append(spy.name)
        if spy is claimer:
            game.party.location = PARIS
    if moved:
        game.say(f"  [{', '.join(moved)} at maximum injuries: moved to {PARIS}]")
        villains.draw(game, claimer)                                    # rule: SH-VILLAIN-1
