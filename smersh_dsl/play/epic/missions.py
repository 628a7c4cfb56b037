"""Secret missions in a whole game (EP-MISSION-1, SH-MISSION-1, SH-CHAR-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smersh_dsl.play.epic import bots, villains

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game


def secret_mission(game: Game, index: int, city: str, passed: bool) -> None:
    """EP-MISSION-1: "At the end of an Encounter in the Mission City listed on one of your
    Secret Missions, you either pass or fail your Secret Mission": a pass chooses one of
    its two rewards; either way the card is discarded and a new one drawn. "You may only
    pass or fail one Secret Mission per Encounter". SH-MISSION-1: with Swagman's Hope
    "Characters now receive a reward for EACH of the two Secret Mission city locations they
    visit. The reward is selected at the end of the turn in which the character started an
    encounter at that location": having the encounter there completes the mission, passed
    or failed; the city is where the encounter started and the card "is not replaced", so
    a spy completes at most two."""
    state, seat, spy = game.state, game.state.seats[index], game.party.spies[index]
    missions = game.missions
    held = [m for m in seat.missions if missions.get(m, {}).get("city") == city]
    if not held or not spy.alive:
        return
    name = held[0]                                                      # rule: EP-MISSION-1
    mission = missions[name]
    seat.missions.remove(name)
    state.mission_discard.append(name)
    if name == seat.late_mission:                                       # rule: SH-CHAR-1
        seat.late_mission = None
        late(game, index, name)
        return
    if passed or state.expansion:                                       # rule: SH-MISSION-1
        rewards = mission["rewards"]
        labels = [", ".join(s["kind"].replace("_", " ") + (f" {s['target']}" if s.get("target") else "")
                            + (f" {s['amount']}" if s.get("amount", 1) != 1 else "") for s in r)
                  for r in rewards]
        done = ("passed", "passes") if passed else ("completed", "completes")
        pick = game.table.decide.choose(f"Secret mission {name} {done[0]}: choose a reward",
                                        labels, [bots.worth(r) for r in rewards], note=None)
        game.say(f"{spy.name} {done[1]} the secret mission {name}: {labels[pick]}.")
        game.table.actor = spy
        game.table.run(rewards[pick])
        seat.missions_done += 1
    else:
        game.say(f"{spy.name} fails the secret mission {name}.")
    if not state.expansion:                                             # rule: SH-MISSION-1
        from smersh_dsl.play.epic.world import deal_missions, mission_hand
        sheet = next((s for s in game.doc["spies"] if s["name"] == seat.sheet), None)
        deal_missions(state, game.rng, seat, mission_hand(sheet))   # "always has 2"


def late(game: Game, index: int, name: str) -> None:
    """SH-CHAR-1, Vinny Carter: "If the player has an encounter at Location 3 before
    visiting Locations 1 and 2, he forfeits the special reward for Location 3", and after
    them "the player receives the V-1 reward: take all the Villain cards that have advanced
    Dr. Lobo's track, shuffle them, and remove one at random, adjusting Dr. Lobo's track
    accordingly": one of the villain cards beside the track that moved him leaves the
    game, and Dr. Lobo goes back the spaces it moved him (`villains.remove_one`)."""
    seat, spy = game.state.seats[index], game.party.spies[index]
    if seat.missions_done < 2:
        game.say(f"{spy.name} reaches the third mission city too early: its reward is forfeit.")
        return
    removed = villains.remove_one(game, spy)                            # rule: SH-VILLAIN-1
    if removed:
        game.say(f"{spy.name} earns the V-1 reward: {removed}.")
    else:
        game.say(f"{spy.name} earns the V-1 reward, but no villain card has advanced Dr. Lobo.")
