"""A spy's encounter in a whole game: the Butcher's token or a card of the region's deck,
the entry read, then what a pass or a fail brings (EP-ENC-*, SH-ENC-*, SH-STRAND-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic import australia, bots, learning, leaves
from smersh_dsl.play.epic.engine import GameLost, Jump, Reroll, quiet
from smersh_dsl.play.epic.missions import secret_mission
from smersh_dsl.play.epic.sessions import bonus_steps, find_location, hub_section, roll_fate

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game

LAIR_VALUE = 5


def meet(game: Game, index: int) -> None:
    """The encounter at the end of the movement: the Aussie Butcher if his token is here
    and the spy takes him on (Swagman's Hope recap, 3), else a card of the region's deck."""
    seat = game.state.seats[index]
    if game.state.butcher_at == seat.location:
        butcher = australia.butcher(game)
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
    (and Location Track) by 1" (SH-LOCTRACK-1, `australia.butcher_passed`). A fail
    advances Dr. Lobo, as any encounter's."""
    table = game.table
    table.failed = False
    game.say(f"The Aussie Butcher, level {level}.")
    start = game.state.seats[index].location
    read_steps(game, index, steps, f"{australia.BUTCHER} {level}")
    after_encounter(game, index, start, hub=False)
    if not table.failed and game.state.outcome is None:                 # rule: SH-BUTCHER-1
        australia.butcher_passed(game)


def encounter(game: Game, index: int) -> None:
    """EP-ENC-1..8: draw the top card of the region's deck (back to the bottom after),
    choose a response, roll the fate die (5 at a lair; the blue 1-4 at Swagman's Hope,
    reading the card's Swagman's Hope section: SH-ENC-1, SH-ENC-2), read the entry."""
    state, board, doc = game.state, game.board, game.doc
    seat, spy = state.seats[index], game.party.spies[index]
    here = board.where(seat.location)
    deck = state.decks.get(here.region) or []
    cards = game.encounter_cards
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
    talks = game.say is not quiet
    if talks:
        game.say(f"Encounter {number:02d}: {title} ({here.name})")
    lair = here.has("lair")                                              # EP-ENC-4
    values = list(here.values or []) if hub else []
    region_values = next((r.get("values") for r in doc["regions"] if r["name"] == here.region), None)
    readable = [LAIR_VALUE] if lair else (values or list(region_values or range(1, 6)))
    entries = game.entries
    game.shown_card = (number, title)                                    # EP-PLAYER-1
    scores = (bots.response_scores(game, spy, number, responses, readable, entries)
              if game.reads_book(index) else None)     # only the seasoned bot reads ahead
    pick = responses[game.table.decide.choose("Choose a response:", [r["text"] for r in responses],
                                              scores, note=None)]
    if talks:
        game.say(f"> {pick['number']}. {pick['text']}")
    start = seat.location
    game.table.failed = False
    die, rerolled = roll_fate(game.table, lair, values or None), set()
    while True:
        key = f"{number:02d}.{pick['number']}.{die}"                      # EP-ENC-1
        if key not in entries:
            raise NotPlayable(f"entry {key} is missing from the document")
        if talks:
            game.say(f"Read entry {key}.")
        try:
            read_steps(game, index, entries[key]["steps"], key)
            break
        except Reroll as again:                                         # rule: EP-VAR-2
            rerolled.add(die)
            game.say(f"{again.args[0]}'s sheet is in play and confronted: roll the fate die "
                     "again for a new encounter.")
            die = new_encounter_die(game, values, rerolled)
            if die is None:
                game.say("Every entry of this response sends the spy to a new encounter: "
                         "there is none to have, neither a pass nor a fail.")
                return
    learning.encounter_over(game, index)              # what the table saw, to a learning bot
    after_encounter(game, index, start, hub=hub)


def new_encounter_die(game: Game, values: list[int], rerolled: set[int]) -> int | None:
    """EP-VAR-2: a reroll line says to "reroll the Fate die for a new Encounter", so the
    die is rolled even at a lair (EP-ENC-4 fixes the result of the encounter's own roll;
    the line orders a roll), with its Resolve+Reroll face (EP-ENC-3); a number whose entry
    already sent the spy on is the same encounter, not a new one, and is rolled again.
    None when every number's entry has: no new encounter is left to have."""
    faces = values or sorted(int(f) for f in game.table.faces("fate") if f.isdigit())
    if set(faces) <= rerolled:
        return None
    while True:
        die = roll_fate(game.table, False, values or None)
        if die not in rerolled:
            return die
        game.say("The same encounter again: roll once more.")


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
    it cost, the intel taken from the pool in it (wagers lost, intel it takes, held cards'
    powers paid for) and whether it moved Dr. Lobo."""
    spy, party = game.party.spies[index], game.party
    table = game.table
    table.actor = spy
    health, lobo, spent = spy.health, party.lobo, party.spent
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
        if party.spent > spent:
            record.intel_by[key] = record.intel_by.get(key, 0) + party.spent - spent
        if table.failed:
            record.failed[key] = record.failed.get(key, 0) + 1
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
    region = game.board.where(start).region                             # rule: EP-STATUS-3
    leaves.on(table, spy, "encounter_in", lambda lv: lv["region"] == region)
    if table.failed:
        australia.fail_advances(game, spy, start)                       # rule: EP-ENC-6
    elif spy.alive:
        steps = bonus_steps(find_location(game.doc, seat.location))
        if steps:
            game.say(f"A pass at {seat.location}: the location bonus.")
            table.actor = spy
            table.run(steps)                                            # rule: EP-ENC-6, EP-ENC-8
        if game.board.where(seat.location).has("hq"):                   # rule: EP-STATUS-3
            leaves.on(table, spy, "pass_at_hq")
        if hub:
            australia.rescue(game, spy)                                 # rule: SH-INTEL-3
    mission_city = start if game.state.expansion else seat.location     # SH-MISSION-1
    secret_mission(game, index, mission_city, passed=not table.failed)
    if seat.stranded is None and game.board.where(seat.location).has("stranded_only"):
        # a Stranded card "says where the spy ends"; one that says nothing leaves the spy
        # where it was stranded from, or (read in the Outback) on the first HQ (assumption)
        seat.location = start if start != seat.location else game.board.hqs[0]
        game.party.location = seat.location
        game.say(f"The card says nothing of where {spy.name} ends: back to {seat.location}.")
