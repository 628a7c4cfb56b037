"""A spy's turn in a whole game: rest, or move and have an encounter (EP-MOVE-1,
EP-REST-1, EP-ENC-*, EP-MISSION-1), and a new spy for a dead one (EP-HEALTH-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic import australia, bots
from smersh_dsl.play.epic.engine import GameLost, Jump, Reroll
from smersh_dsl.play.epic.sessions import bonus_steps, hub_section, roll_fate
from smersh_dsl.play.epic.world import NEW_SPY_RESOLVE, allowed_sheets

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game
    from smersh_dsl.play.epic.party import Spy

LAIR_VALUE = 5
MAX_REROLLS = 20        # EP-VAR-2 rerolls that keep finding reroll lines end here


def take_turn(game: Game, index: int) -> None:
    """One player's turn. SH-STRAND-1: a stranded spy "skip[s] their movement phase and
    read[s] the Stranded Card as their encounter"."""
    state, party = game.state, game.party
    seat, spy = state.seats[index], party.spies[index]
    game.table.decide = game.decider_of(index)
    game.table.actor = spy
    party.location = seat.location
    game.say(f"Round {state.round}, {spy.name} in {seat.location} (health {spy.health}/"
             f"{spy.max_health}, resolve {spy.resolve}, pool {party.pool} intel).")
    if seat.stranded:                                                   # rule: SH-STRAND-1
        stranded_encounter(game, index)
    else:
        here = game.board.where(seat.location)
        rest_score = 2.0 if bots.hurt(spy) else 0.0
        pick = game.table.decide.choose("Your turn:", ["Move and have an encounter", "Rest"],
                                        [1.0, rest_score], note=None)
        if pick == 1:
            rest(game, spy, here.has("hq"))
        else:
            region_bonus(game, index)
            move(game, index)
            if game.state.outcome is None:
                meet(game, index)
    australia.end_of_turn(game, spy)
    replace_the_dead(game)


def rest(game: Game, spy: Spy, at_hq: bool) -> None:
    """EP-REST-1: "your Spy heals injuries and gains Resolve equal to the Rest value ...
    You cannot gain more Resolve or have more health than your maximum", and "If you rest
    at an HQ space, you always restore your health and Resolve to their maximum value"."""
    if at_hq:                                                           # rule: EP-REST-1
        spy.health, spy.resolve = spy.max_health, spy.max_resolve
    else:
        spy.health = min(spy.max_health, spy.health + spy.rest)
        spy.resolve = min(spy.max_resolve, spy.resolve + spy.rest)
    game.say(f"{spy.name} rests{' at the HQ' if at_hq else ''}: health {spy.health}, "
             f"resolve {spy.resolve}.")


def region_bonus(game: Game, index: int) -> None:
    """The Region Bonus, "Before and after moving, you may spend Intel" (the Ocean has
    none). It is offered once a turn, before moving, and only when the pool pays for it;
    the sensible bot takes it when its worth beats the intel it costs and the pool keeps
    enough for the next henchman."""
    spy, seat = game.party.spies[index], game.state.seats[index]
    region = game.board.where(seat.location).region
    bonus = game.board.bonuses.get(region)
    if not bonus:
        return
    cost = sum(s.get("amount", 1) for s in bonus["effects"] if s["kind"] == "lose_intel")
    if game.party.pool < max(1, cost):
        return
    gain = bots.worth([s for s in bonus["effects"] if s["kind"] != "lose_intel"])
    if any(s["kind"] == "heal_injury" for s in bonus["effects"]) and spy.health == spy.max_health:
        gain = 0.0
    spare = game.party.pool - henchman_cost(game)
    take = 1.0 if gain > cost and spare >= cost else 0.0
    if game.table.decide.choose(f"Region bonus: {bonus['text']}", ["No", "Yes"],
                                [1.0 - take, take], note=None) == 1:
        game.say(f"{spy.name} uses the region bonus of {region}: {bonus['text']}")
        game.record_intel(cost)
        game.table.run(bonus["effects"])


def henchman_cost(game: Game) -> int:
    """EP-HENCH-2: the next henchman's intel cost for the number of players."""
    from smersh_dsl.play.epic.world import henchman_sheet
    for name in next_henchmen(game):
        return intel_cost(henchman_sheet(game.doc, name), len(game.state.seats))
    return 0


def intel_cost(sheet: dict, players: int) -> int:
    """The sheet's price for ``players``. Assumption: for more players than the sheet
    prices (Swagman's Hope's epic variant allows 5), the price goes on rising by the
    sheet's last step (Pierre 8, 10 for 3 and 4 players: 12 for 5)."""
    costs = {int(k): int(v) for k, v in sheet["intel_cost"].items()}
    if players in costs:
        return costs[players]                                           # rule: EP-HENCH-2
    top = max(costs)
    step = costs[top] - costs.get(top - 1, costs[top])
    return costs[top] + step * (players - top)


def next_henchmen(game: Game) -> list[str]:
    """EP-VAR-1 A: "You have to face the other Henchmen before facing the main Henchman":
    the secondary ones first, in any order, the main one (the first named) last."""
    from smersh_dsl.play.epic.world import chosen
    state = game.state
    waiting = [h for h in state.henchmen if h not in state.confronted]
    if not any(v.get("main_last") for v in chosen(game.doc, state)):
        return waiting
    secondary = [h for h in waiting if h != state.henchmen[0]]
    return secondary or waiting                                         # rule: EP-VAR-1


# -- movement ----------------------------------------------------------------------------

def move(game: Game, index: int) -> None:
    """EP-MOVE-1. A UN Transport may be flown first ("This does not count against your
    movement for the turn"), then the spy walks; intel where the spy ends is collected."""
    state, spy, seat = game.state, game.party.spies[index], game.state.seats[index]
    closed = set(state.closed)
    fly(game, index)
    distance = game.board.distances(seat.location, closed)
    reach = game.board.destinations(seat.location, spy.resolve, australia.hub_open(game), closed)
    names = sorted(reach, key=lambda n: (n != seat.location, n))
    scores = [bots.place_score(game, spy, seat.missions, n, reach[n], distance) for n in names]
    labels = [("Stay in " if n == seat.location else "Move to ") + n
              + (" (1 resolve)" if reach[n] else "") for n in names]
    dest = names[game.table.decide.choose("Where do you move?", labels, scores, note=None)]
    if reach[dest]:
        spy.resolve -= 1                                                # rule: EP-MOVE-1
    if dest != seat.location:
        game.say(f"{spy.name} moves to {dest}" + (", spending 1 resolve" if reach[dest] else "") + ".")
    land(game, index, dest)


def land(game: Game, index: int, place: str) -> None:
    seat, spy = game.state.seats[index], game.party.spies[index]
    seat.location = place
    game.party.location = place
    australia.collect(game, spy, place)                                 # rule: EP-MOVE-1
    australia.arrive(game, spy, place)


def fly(game: Game, index: int) -> None:
    """EP-MOVE-1: "discard a UN Transport token to move anywhere on the board. You collect
    any Intel on the space you move to". With Swagman's Hope, "Blue UN Transport tokens may
    be used to travel OUT OF Australia, but may NOT be used to fly INTO Australia", and the
    Red one "may only be used once to fly INTO Australia"."""
    state, spy, seat = game.state, game.party.spies[index], game.state.seats[index]
    hub = game.board.hub()
    australia_region = game.board.where(hub).region if hub else None
    here = game.board.where(seat.location).region
    kinds = [k for k in ("red_un_transport", "un_transport", "blue_un_transport")
             if spy.tokens.get(k, 0) > 0]
    if not kinds:
        return
    options: list[tuple[str, str]] = []
    for kind in kinds:
        for place in sorted(game.board.places.values(), key=lambda p: p.name):
            if place.has("stranded_only") or (place.has("hub") and not australia.hub_open(game)):
                continue
            if place.name == seat.location:
                continue
            into = australia_region is not None and place.region == australia_region != here
            if kind == "red_un_transport" and not into:                 # rule: SH-BOARD-3
                continue
            if kind != "red_un_transport" and into:
                continue
            options.append((kind, place.name))
    if not options:
        return
    distance = game.board.distances(seat.location, set(state.closed))
    stay = bots.place_score(game, spy, seat.missions, seat.location, 0, distance)
    scores = [stay + 2.0] + [bots.place_score(game, spy, seat.missions, p, 0, distance)
                             for _, p in options]
    labels = ["Do not fly"] + [f"Fly to {p} ({k.replace('_', ' ')})" for k, p in options]
    pick = game.table.decide.choose("Fly with a UN Transport?", labels, scores, note=None)
    if pick == 0:
        return
    kind, place = options[pick - 1]
    spy.tokens[kind] -= 1
    game.say(f"{spy.name} flies to {place} with a {kind.replace('_', ' ')}.")
    land(game, index, place)


# -- encounters --------------------------------------------------------------------------

def meet(game: Game, index: int) -> None:
    """The encounter at the end of the movement: the Aussie Butcher if his token is here
    and the spy takes him on (Swagman's Hope recap, 3), else a card of the region's deck."""
    seat = game.state.seats[index]
    if game.state.butcher_at == seat.location and not game.state.butcher_flipped:
        butcher = next(h for h in game.doc["henchmen"] if h.get("levels"))
        steps = {lv["level"]: lv["steps"] for lv in butcher["levels"]}
        level = min(game.state.butcher_level, max(steps))
        spy = game.party.spies[index]
        odds = bots.chance(game, spy, steps[level])
        if game.table.decide.choose(f"The Aussie Butcher's token is in {seat.location}:",
                                    ["Have a card encounter", "Take on the Butcher"],
                                    [0.5, odds], note=None) == 1:
            butcher_encounter(game, index, steps[level], level)
            return
    encounter(game, index)


def butcher_encounter(game: Game, index: int, steps: list[dict], level: int) -> None:
    """SH-BUTCHER-1 on the board: "If a player encounters the Aussie Butcher's token and
    passes the skill check, remove the token from the board and advance the Aussie Butcher
    (and Location Track) by 1." A fail advances Dr. Lobo, as any encounter's."""
    table = game.table
    table.failed = False
    game.say(f"The Aussie Butcher, level {level}.")
    start = game.state.seats[index].location
    read_steps(game, index, steps, f"{australia.BUTCHER} {level}")
    after_encounter(game, index, start, hub=False)
    if not table.failed:                                                # rule: SH-BUTCHER-1
        game.state.butcher_at = None
        game.state.butcher_level += 1
        game.state.location_track += 1    # "advance the Aussie Butcher (and Location Track)"
        game.say(f"The Butcher's token is removed; he rises to level {game.state.butcher_level}.")


def encounter(game: Game, index: int) -> None:
    """EP-ENC-1..8: draw the top card of the region's deck (back to the bottom after),
    choose a response, roll the fate die (5 at a lair; the blue 1-4 at Swagman's Hope,
    reading the card's Swagman's Hope section: SH-ENC-1, SH-ENC-2), read the entry."""
    state, board, doc = game.state, game.board, game.doc
    seat, spy = state.seats[index], game.party.spies[index]
    here = board.where(seat.location)
    deck = state.decks.get(here.region) or []
    cards = {c["number"]: c for c in doc["encounter_cards"]}
    hub = here.has("hub")
    if hub:      # assumption: at the hub, the next card that has a section for it
        usable = [n for n in deck if hub_section(cards[n], here.name) is not None]
    else:
        usable = list(deck)
    if not usable:
        raise NotPlayable(f"no encounter card for {here.name} in the {here.region} deck")
    number = usable[0]
    deck.remove(number)
    deck.append(number)                    # "return it to the bottom of its region's deck"
    card = cards[number]
    if hub:
        section = hub_section(card, here.name)
        number, title, responses = section["number"], section["title"], section["responses"]
    else:
        title, responses = card["title"], card["responses"]
    game.say(f"Encounter {number:02d}: {title} ({here.name})")
    lair = here.has("lair")                                              # EP-ENC-4
    values = list(here.values or []) if hub else []
    region_values = next((r.get("values") for r in doc["regions"] if r["name"] == here.region), None)
    readable = [LAIR_VALUE] if lair else (values or list(region_values or range(1, 6)))
    entries = game.entries
    scores = bots.response_scores(game, spy, number, responses, readable, entries)
    pick = responses[game.table.decide.choose("Choose a response:", [r["text"] for r in responses],
                                              scores, note=None)]
    game.say(f"> {pick['number']}. {pick['text']}")
    start = seat.location
    game.table.failed = False
    for _ in range(MAX_REROLLS):
        die = roll_fate(game.table, lair, values or None)
        key = f"{number:02d}.{pick['number']}.{die}"                      # EP-ENC-1
        if key not in entries:
            raise NotPlayable(f"entry {key} is missing from the document")
        game.say(f"Read entry {key}.")
        try:
            read_steps(game, index, entries[key]["steps"], key)
            break
        except Reroll as again:                                         # rule: EP-VAR-2
            game.say(f"{again.args[0]}'s sheet is in play and confronted: roll the fate die "
                     "again for a new encounter.")
    after_encounter(game, index, start, hub=hub)


def stranded_encounter(game: Game, index: int) -> None:
    """SH-STRAND-1: the Stranded card is the encounter; "it says where the spy ends", and
    a failed one advances Dr. Lobo as any failed encounter does (assumption: the card is
    an encounter, "read the Stranded Card as their encounter")."""
    seat = game.state.seats[index]
    name, seat.stranded = seat.stranded, None
    card = next(c for c in game.doc["stranded_cards"] if c["name"] == name)
    game.say(f"Stranded: {name}")
    game.table.failed = False
    start = seat.location
    read_steps(game, index, card["steps"], f"Stranded: {name}")
    after_encounter(game, index, start, hub=False)


def read_steps(game: Game, index: int, steps: list[dict], key: str) -> None:
    """Read an entry's steps for seat ``index``, keeping the writer's figures: the health
    it cost and whether it moved Dr. Lobo."""
    spy, party = game.party.spies[index], game.party
    table = game.table
    table.actor = spy
    health, lobo = spy.health, party.lobo
    record = game.state.record
    record.read[key] = record.read.get(key, 0) + 1
    try:
        table.run(steps)
    except Jump as jump:
        raise NotPlayable(f"{key} jumps to {jump.target}, outside a showdown") from None
    except GameLost as lost:
        game.state.outcome, game.state.reason = "lost", f"{key}: {lost}"
    finally:
        lost_health = max(0, health - max(spy.health, 0))
        if lost_health:
            record.hurt_by[key] = record.hurt_by.get(key, 0) + lost_health
        moved = party.lobo - lobo + (1 if table.failed else 0)
        if moved > 0:
            record.lobo_by[key] = record.lobo_by.get(key, 0) + moved
    seat = game.state.seats[index]
    if party.location != seat.location and party.location is not None:
        seat.location = party.location         # an entry moved the spy (EP-ENC-8)


def after_encounter(game: Game, index: int, start: str, hub: bool) -> None:
    """EP-ENC-6: a fail "advance[s] Dr. Lobo"; a pass gains the location bonus, at the place
    the spy ends (EP-ENC-8), then a mission there is passed; a fail there fails it
    (EP-MISSION-1: one per encounter). SH-INTEL-3: a pass in the hub rescues red intel."""
    table, seat, spy = game.table, game.state.seats[index], game.party.spies[index]
    if game.state.outcome is not None:
        return
    if table.failed:
        game.party.lobo += 1                                            # rule: EP-ENC-6
        game.say("A failed encounter: Dr. Lobo advances one space.")
    elif spy.alive:
        steps = bonus_steps(game.doc_location(seat.location))
        if steps:
            game.say(f"A pass at {seat.location}: the location bonus.")
            table.actor = spy
            table.run(steps)                                            # rule: EP-ENC-6, EP-ENC-8
        if hub:
            australia.rescue(game, spy)                                 # rule: SH-INTEL-3
        if game.board.where(seat.location).has("lair"):
            australia.location_found(game)                              # rule: SH-EPIC-1
    mission_city = start if game.state.expansion else seat.location     # SH-MISSION-1
    secret_mission(game, index, mission_city, passed=not table.failed)
    if seat.stranded is None and game.board.where(seat.location).has("stranded_only"):
        seat.location = start if start != seat.location else game.board.hqs[0]


def secret_mission(game: Game, index: int, city: str, passed: bool) -> None:
    """EP-MISSION-1: "At the end of an Encounter in the Mission City listed on one of your
    Secret Missions, you either pass or fail your Secret Mission": a pass chooses one of
    its two rewards; either way the card is discarded and a new one drawn. "You may only
    pass or fail one Secret Mission per Encounter". SH-MISSION-1: with Swagman's Hope the
    city is where the encounter started and the card "is not replaced", so a spy completes
    at most two."""
    state, seat, spy = game.state, game.state.seats[index], game.party.spies[index]
    missions = {m["name"]: m for m in game.doc["missions"]}
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
    if passed:
        rewards = mission["rewards"]
        labels = [", ".join(s["kind"].replace("_", " ") + (f" {s['target']}" if s.get("target") else "")
                            + (f" {s['amount']}" if s.get("amount", 1) != 1 else "") for s in r)
                  for r in rewards]
        pick = game.table.decide.choose(f"Secret mission {name} passed: choose a reward",
                                        labels, [bots.worth(r) for r in rewards], note=None)
        game.say(f"{spy.name} passes the secret mission {name}: {labels[pick]}.")
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
    accordingly": Dr. Lobo goes back one space, if a villain card moved him."""
    seat, spy, state = game.state.seats[index], game.party.spies[index], game.state
    if seat.missions_done < 2:
        game.say(f"{spy.name} reaches the third mission city too early: its reward is forfeit.")
        return
    if state.villain_advances:
        state.villain_advances -= 1
        game.party.lobo -= 1
        game.say(f"{spy.name} earns the V-1 reward: a villain card is removed and Dr. Lobo "
                 "moves back one space.")
    else:
        game.say(f"{spy.name} earns the V-1 reward, but no villain card has advanced Dr. Lobo.")


# -- death ---------------------------------------------------------------------------------

def replace_the_dead(game: Game) -> None:
    """EP-HEALTH-1: "That player chooses a new Spy ... setting up their Spy board as though
    the game had just begun, except that they start with 2 less Resolve. The new Spy is
    placed on any unoccupied HQ space." A sheet not yet used if any ("If all Spy sheets in
    the box have been used, you may select a Spy that has already been used"), never a
    double agent of a henchman in play (EP-VAR-2). The dead spy's intel stays in the pool."""
    from smersh_dsl.play.epic.game import deal, make_spy
    state, party = game.state, game.party
    for index, spy in enumerate(party.spies):
        if spy.alive:
            continue
        seat = state.seats[index]
        state.record.deaths += 1
        state.mission_discard.extend(seat.missions)
        seat.missions = []
        allowed = allowed_sheets(game.doc, state)
        current = {s.name for s in party.spies}
        fresh = [s for s in allowed if s["name"] not in state.sheets_used]
        pool = fresh or [s for s in allowed if s["name"] not in current] or allowed
        decider = game.decider_of(index)
        sheet = pool[decider.choose(f"{spy.name} is dead: choose a new spy",
                                    [s["name"] for s in pool])]
        new = make_spy(game, sheet, index, NEW_SPY_RESOLVE)             # rule: EP-HEALTH-1
        new.intel = spy.intel
        party.spies[index] = new
        state.sheets_used.append(sheet["name"])
        seat.sheet, seat.stranded = sheet["name"], None
        occupied = {s.location for i, s in enumerate(state.seats) if i != index}
        free = [h for h in game.board.hqs if h not in occupied] or game.board.hqs
        seat.location = free[decider.choose("Place the new spy on an HQ:", free)]
        seat.late_mission, seat.missions_done = None, 0
        deal(game, seat, sheet)
        game.say(f"{spy.name} is dead. {new.name} joins in {seat.location} with "
                 f"{new.resolve} resolve.")
