"""Swagman's Hope in a whole game: red intel, the hub, dead drops, the stranded deck,
the Aussie Butcher's token and the end-of-turn limits (SH-*).

The expansion was written for the original edition, whose location tokens, villain
deck and fate cards the Epic Edition lacks; where its rules lean on them, the reading
chosen is written at the code and in docs/books.md.
"""

from __future__ import annotations

from smersh_dsl.play.epic import top_secret, villains
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.play.epic.whole import WholeGame
from smersh_dsl.play.epic.world import rule

BUTCHER = "Aussie Butcher"


def active(game: WholeGame) -> bool:
    return game.state.expansion and game.board.hub() is not None


def random_coastal(game: WholeGame) -> str:
    """SH-BOARD-1: "Draw a Fate Card and look at the number in the BLUE circle": each of
    the four coastal cities equally likely (assumption: the Epic box has no fate deck)."""
    return game.rng.choice(game.board.coastal())


# -- setup -------------------------------------------------------------------------------

def setup(game: WholeGame) -> None:
    """Swagman's Hope's Australia Setup, steps 3-7."""
    state, board = game.state, game.board
    hub = board.hub()
    if hub is None:
        return
    if len(state.seats) < 2:
        from smersh_dsl.play.core.errors import NotPlayable
        raise NotPlayable("Swagman's Hope: \"a solo player must control two or more UN "
                          "Agents\": play with --players 2 or more")
    state.red_un_at_hub = True                                   # step 3
    state.closed = [p.name for p in board.places.values() if p.has("closed")]   # step 4
    tokens = sorted(game.doc.get("red_intel") or [], key=lambda t: (t["icon"], t["value"]))
    start_value = 1 if len(state.seats) >= 4 else 2              # step 5
    first = next((t for t in tokens if t["icon"] == "Weapons" and t["value"] == start_value), None)
    if len(state.seats) >= 5:   # "5 PLAYERS. The game does not start with any face up Red Intel"
        first = None
    if first is not None:
        tokens.remove(first)
        state.red_board[hub] = [first]
        game.party.lobo += first["value"]                        # "advance Dr. Lobo's track"
        game.say(f"Red intel ({first['icon']} {first['value']}) waits at {hub}: "
                 f"Dr. Lobo advances {first['value']}.")
    game.rng.shuffle(tokens)                                     # step 6: face down, mixed
    state.red_supply = tokens
    if state.red_supply:
        city = random_coastal(game)
        state.red_board.setdefault(city, []).append(state.red_supply.pop())
    drops = sorted(d["name"] for d in game.doc.get("dead_drops") or [])
    game.rng.shuffle(drops)                                      # step 7
    # "place one ... on each of the remaining Australian cities without a token", and
    # "add the Bonus Dead Drop Tokens to the coastal cities in Australia during setup":
    # the coastal cities without red intel
    cities = board.coastal()
    for city in cities:
        if city not in state.red_board and drops:
            state.dead_drops[city] = drops.pop()
    state.butcher_at = random_coastal(game) if butcher(game) else None
    villains.setup_deck(game)                                           # rule: SH-VILLAIN-1


def butcher(game: WholeGame) -> dict | None:
    return next((h for h in game.doc.get("henchmen", []) if h.get("levels")), None)


def butcher_passed(game: WholeGame) -> None:
    """SH-LOCTRACK-1: "If a player encounters the Aussie Butcher's token and passes the
    skill check, remove the token from the board and advance the Aussie Butcher (and
    Location Track) by 1"; the track starts at 0 (setup step 2). Book encounters with
    his gang never come here: "If a player passes such an encounter, do not increase the
    Butcher's level or advance the Location Intelligence track." His level stops at the
    last his card prints; the track goes on."""
    state = game.state
    top = max((lv["level"] for lv in (butcher(game) or {}).get("levels") or []), default=1)
    state.butcher_at = None
    state.butcher_level = min(top, state.butcher_level + 1)
    state.location_track += 1                                           # rule: SH-LOCTRACK-1
    game.say(f"The Butcher's token is removed: he is at level {state.butcher_level}, and "
             f"the Location Track moves to {state.location_track}.")


def butcher_returns(game: WholeGame) -> None:
    """The Butcher's token comes back, at the end of a round in which it is off the board,
    on a random coastal city. The rulebook places it "Whenever an Australian Fate Card is
    drawn while placing a Location Token"; the Epic Edition has neither location tokens nor
    a fate deck, and the epic variant's "Players must reach 6 on the Location Track" asks
    for six passes of his token (assumption, docs/books.md). After his card is flipped his
    token still returns: it is the board's only location token."""
    state = game.state
    if state.expansion and state.butcher_at is None and butcher(game):
        state.butcher_at = random_coastal(game)                         # rule: SH-LOCTRACK-1
        game.say(f"The Aussie Butcher's token is placed in {state.butcher_at}.")


def butcher_is(game: WholeGame, state: str | None) -> bool:
    """`if henchman "Aussie Butcher" defeated` stands for "his card has been flipped"."""
    s = game.state
    return {"defeated": s.butcher_flipped, "undefeated": not s.butcher_flipped,
            "in_play": butcher(game) is not None, "confronted": s.butcher_level > 1,
            None: butcher(game) is not None}.get(state, False)


# -- the board ---------------------------------------------------------------------------

def hub_open(game: WholeGame) -> bool:
    """SH-BOARD-3: "players may not enter Swagman's Hope under any circumstances unless at
    least 1 Red Intel token is present there"."""
    hub = game.board.hub()
    return hub is not None and bool(game.state.red_board.get(hub))      # rule: SH-BOARD-3


def board_intel(game: WholeGame) -> int:
    """SH-INTEL-2: what counts towards intel overflow: the yellow intel on the board and
    the red intel in the coastal cities, "but not in Swagman's Hope"."""
    hub = game.board.hub()
    red = sum(len(v) for k, v in game.state.red_board.items() if k != hub)
    return sum(game.party.board_intel.values()) + red                   # rule: SH-INTEL-2


def overflow(game: WholeGame) -> None:
    """Intel overflow, at the game's `intel_overflow`: none in the Epic Edition (EP-INTEL-1:
    its book sets 0, so intel placed on the lairs stays until collected), 6 with Swagman's
    Hope "whatever the number of players" (SH-INTEL-2). Remove all yellow intel from the
    board (the Epic Edition has no location tokens to keep one of).
    Swagman's Hope: red intel stays; one red intel of a coastal city is flipped and moved
    into the hub, advancing Dr. Lobo by its number, or with none in the coastal cities one
    from the supply goes face down on a random coastal city."""
    limit = rule(game.doc, "intel_overflow", default=0)
    if not limit or board_intel(game) < limit:                          # rule: EP-INTEL-1
        return
    game.say(f"Intel overflow: {board_intel(game)} intel on the board; the yellow intel "
             "is removed.")
    game.party.board_intel.clear()
    hub = game.board.hub()
    if not active(game) or hub is None:
        return
    coastal = [(c, t) for c in game.board.coastal() for t in game.state.red_board.get(c, [])]
    if coastal:                                                         # rule: SH-INTEL-2
        # "players must choose one of those Red Intel tokens": face down, so a player
        # knows only where each lies; the seasoned bot's scores remember the numbers
        coastal.sort(key=lambda ct: ct[0])
        city, token = coastal[game.table.decide.choose(
            "Which red intel token goes to the hub?", [f"The one in {c}" for c, _ in coastal],
            [-float(t["value"]) for _, t in coastal], note=None)]
        game.state.red_board[city].remove(token)
        if not game.state.red_board[city]:
            del game.state.red_board[city]
        game.state.red_board.setdefault(hub, []).append(token)
        game.party.lobo += token["value"]
        game.say(f"  red intel from {city} ({token['icon']} {token['value']}) goes to {hub}: "
                 f"Dr. Lobo advances {token['value']}.")
    elif game.state.red_supply:
        city = random_coastal(game)
        game.state.red_board.setdefault(city, []).append(game.state.red_supply.pop())
        game.say(f"  a red intel token is placed face down in {city}.")


def collect(game: WholeGame, spy: Spy, place: str) -> None:
    """Intel on the space a spy ends its movement on goes to the pool (EP-MOVE-1); red
    intel outside the hub too ("players pick up and use Red Intel in the same manner as
    Yellow Intel"); in the hub only a pass rescues it (SH-INTEL-3). Each red intel token
    in the pool counts as one intel (assumption: its number matters only to the track)."""
    yellow = game.party.board_intel.pop(place, 0)
    red = [] if place == game.board.hub() else game.state.red_board.pop(place, [])
    if yellow or red:
        spy.intel += yellow + len(red)
        game.say(f"{spy.name} collects {yellow + len(red)} intel in {place}.")


def rescue(game: WholeGame, spy: Spy) -> None:
    """SH-INTEL-3: "On successful completion of an encounter (even if the player was moved
    away), the player may take ONE Red Intel from Swagman's Hope ... Dr. Lobo's track then
    moves BACK 1 or 2 spaces, corresponding to the number on the token." The bot takes the
    highest number."""
    hub = game.board.hub()
    tokens = game.state.red_board.get(hub or "", [])
    if not tokens:
        return
    token = max(tokens, key=lambda t: t["value"])
    tokens.remove(token)
    if not tokens:
        del game.state.red_board[hub]
    spy.intel += 1
    game.party.lobo -= token["value"]                                   # rule: SH-INTEL-3
    game.say(f"{spy.name} rescues red intel ({token['icon']} {token['value']}): "
             f"Dr. Lobo moves back {token['value']}.")


TRANSPORTS = ("un_transport", "blue_un_transport", "red_un_transport")


def end_of_turn(game: WholeGame, spy: Spy) -> None:
    """The End of Turn events of the villain cards drawn this turn (SH-VILLAIN-1), then
    SH-LIMIT-1: "A player, at the end of his turn, may have no more than 3 of either UN
    Transports or Top Secret cards ... They must discard down to 3". The blue and red UN
    Transport tokens are UN Transports too, so they count towards the limit; the Top
    Secret cards are the ones the spy holds (`top_secret.limit`)."""
    villains.end_of_turn(game, spy)
    most = rule(game.doc, "hand_limit", "Top Secret", default=0)
    if most:
        top_secret.limit(game, spy, most)                               # rule: SH-LIMIT-1
    for kinds, name in ((TRANSPORTS, "UN Transport"),):
        limit = rule(game.doc, "hand_limit", name, default=0)
        if not limit or sum(spy.tokens.get(k, 0) for k in kinds) <= limit:
            continue
        while sum(spy.tokens.get(k, 0) for k in kinds) > limit:        # rule: SH-LIMIT-1
            held = [k for k in kinds if spy.tokens.get(k, 0) > 0]
            pick = held[0] if len(held) == 1 else held[game.table.decide.choose(
                f"Discard down to {limit} {name}s: which one?",
                [k.replace("_", " ") for k in held],
                [_discard_score(game, spy, k) for k in held],
                note=None)]
            spy.tokens[pick] -= 1
        game.say(f"{spy.name} discards down to {limit} {name} (SH-LIMIT-1).")


def _discard_score(game: WholeGame, spy: Spy, kind: str) -> float:
    """The sensible bot discards first the UN transport that cannot take it anywhere from
    where it stands (a red one inside Australia flies only into it, a blue one outside
    flies only out of it), then the other coloured one, and keeps the plain ones."""
    hub = game.board.hub()
    seat = next(s for s, held in zip(game.state.seats, game.party.spies) if held is spy)
    inside = hub is not None and \
        game.board.where(seat.location).region == game.board.where(hub).region
    useless = "red_un_transport" if inside else "blue_un_transport"
    return {useless: 2.0, "un_transport": 0.0}.get(kind, 1.0)


# -- what entries do ---------------------------------------------------------------------

def effect(game: WholeGame, spy: Spy, step: dict) -> bool:
    """The effects only a whole game with Swagman's Hope can apply; True when applied."""
    kind, amount = step["kind"], step.get("amount", 1)
    state = game.state
    if kind == "gain_red_intel":
        # "Players may never gain Red Intel from base-game encounters": only the
        # expansion's entries say `gain red_intel`; with none left in the supply, none
        for _ in range(amount):
            if state.red_supply:
                state.red_supply.pop()
                spy.intel += 1
        game.say(f"  [gain red intel {amount}]")
        return True
    if kind == "stranded":
        # SH-STRAND-1: "the player immediately moves their character token to the
        # Australian Outback region, then draws a card from the Stranded Deck"
        outback = next((p for p in game.board.with_feature("stranded_only")), None)
        if outback is None or not state.stranded_deck:
            game.say("  [stranded: the document has no Outback or no stranded cards]")
            return True
        seat = game.seat_of(spy)
        seat.stranded = state.stranded_deck.pop(0)
        state.stranded_deck.append(seat.stranded)
        seat.location = outback
        game.party.location = outback
        game.say(f"  [{spy.name} is stranded in the {outback}]")        # rule: SH-STRAND-1
        return True
    if kind == "flip":
        state.butcher_flipped = True                                    # rule: SH-BUTCHER-1
        game.say("  [flip the Aussie Butcher's card]")
        return True
    if kind == "gain_un_transport" and state.red_un_spare:
        # SH-EPIC-1: "Whenever a player is rewarded a UN Transport for any reason (not during
        # setup), this 2nd Red UN Transport may be taken instead of a Blue UN Transport";
        # the bot takes it when the spy is outside Australia, where a blue one cannot fly it in
        hub = game.board.hub()
        outside = hub is not None and game.board.where(game.seat_of(spy).location).region \
            != game.board.where(hub).region
        pick = game.table.decide.choose("A UN Transport: take the second Red one instead?",
                                        ["A blue one", "The Red one"],
                                        [0.5, 1.0 if outside else 0.0], note=None)
        if pick == 1:                                                   # rule: SH-EPIC-1
            state.red_un_spare -= 1
            spy.tokens["red_un_transport"] = spy.tokens.get("red_un_transport", 0) + 1
            spy.tokens["un_transport"] = spy.tokens.get("un_transport", 0) + amount - 1
            game.say("  [gain the Red UN Transport]")
            return True
        return False
    if kind == "draw_villain_card":
        for _ in range(amount):
            villains.draw(game, spy)                                    # rule: SH-VILLAIN-1
        return True
    if kind in villains.AIRPORT_STEPS:
        villains.airport(game, step, "the entry")
        return True
    if kind in ("draw_top_secret", "gain_top_secret"):
        top_secret.gain(game, spy, amount)                              # rule: SH-TOPSECRET-1
        return True
    return False


def fail_advances(game: WholeGame, spy: Spy, start: str) -> None:
    """EP-ENC-6: a failed encounter advances Dr. Lobo one space. With Swagman's Hope, a
    failed encounter in Australia does it by drawing a villain card (SH-VILLAIN-1): the
    expansion advances Dr. Lobo "by drawing a Villain Advancement card" (The Bomb), and
    in Australia "If the check is failed, advance Dr Lobo's track by 1 space as normal"
    (the original edition's normal: a villain card). Reading in docs/books.md; outside
    Australia, or with no villain card in the book, he moves one space."""
    hub = game.board.hub()
    here = game.board.where(start).region if start in game.board.places else None
    if active(game) and hub is not None and here == game.board.where(hub).region \
            and villains.can_draw(game):
        game.say("A failed encounter in Australia: a villain card advances Dr. Lobo.")
        villains.draw(game, spy)                                        # rule: SH-VILLAIN-1
        return
    game.party.lobo += 1                                                # rule: EP-ENC-6
    game.say("A failed encounter: Dr. Lobo advances one space.")


# -- the epic variant (SH-EPIC-1) ------------------------------------------------------------

def epic_setup(game: WholeGame, variant: dict) -> None:
    """SH-EPIC-1's setup, from the variant's typed settings: "Each player begins the game
    with one of their basic skills increased by 1 and with an additional Top Secret Card.
    Also, a 2nd Red UN Transport Token is provided". A bot raises its best skill below 5
    (assumption); a person chooses."""
    setup = variant.get("setup") or {}
    for index, spy in enumerate(game.party.spies):
        game.table.decide = game.decider_of(index)
        for _ in range(setup.get("raise_any_skill") or 0):
            game.table.raise_any_skill(spy)                             # rule: SH-EPIC-1
        if setup.get("top_secret"):
            top_secret.gain(game, spy, setup["top_secret"])             # rule: SH-TOPSECRET-1
    game.table.decide = game.decider_of(0)
    game.state.red_un_spare += variant.get("red_un_transports") or 0


def track_goal(game: WholeGame) -> int | None:
    goals = [v["location_track"] for v in _played(game) if v.get("location_track")]
    return max(goals) if goals else None


def _played(game: WholeGame) -> list[dict]:
    from smersh_dsl.play.epic.world import chosen
    return chosen(game.doc, game.state)
