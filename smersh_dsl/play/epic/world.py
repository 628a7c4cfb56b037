"""A whole game's state: the seats, the board's tokens, the decks, the Lobo track.

Everything here is plain data, so a game can be saved between rounds and continued
(`save.py`). The rules that change it live in `turn.py` (a spy's turn), `rounds.py`
(the round and its end) and `australia.py` (Swagman's Hope).
"""

from __future__ import annotations

import random
from dataclasses import field

from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic.decks import Decks
from smersh_dsl.play.epic.party import Party, Spy
from smersh_dsl.records import dataclass

HAND = 2                       # EP-MISSION-1: "Each player always has 2 Secret Mission cards"
NEW_SPY_RESOLVE = 2            # EP-HEALTH-1: the new spy starts "with 2 less Resolve"


@dataclass
class Seat:
    """A player: the spy they play now, where it stands, the missions it holds."""

    sheet: str
    location: str
    bot: str = "sensible"              # sensible, random or person
    missions: list[str] = field(default_factory=list)
    missions_done: int = 0             # SH-MISSION-1: at most two with Swagman's Hope
    late_mission: str | None = None    # SH-CHAR-1: a mission past the second (Vinny's third)
    stranded: str | None = None        # SH-STRAND-1: the Stranded card read next turn


@dataclass
class Record:
    """What a simulation reports of one game."""

    rounds: int = 0
    lobo_round: int | None = None      # the round Dr. Lobo was confronted in
    deaths: int = 0
    intel_spent: int = 0
    henchmen_beaten: list[str] = field(default_factory=list)
    hurt_by: dict[str, int] = field(default_factory=dict)     # entry -> health it cost
    lobo_by: dict[str, int] = field(default_factory=dict)     # entry -> spaces it moved Lobo
    read: dict[str, int] = field(default_factory=dict)        # entry -> times read
    failed: dict[str, int] = field(default_factory=dict)      # entry -> times failed
    intel_by: dict[str, int] = field(default_factory=dict)    # entry -> intel spent in it


@dataclass
class State:
    """The table between two decisions."""

    seats: list[Seat]
    henchmen: list[str]                    # the first is the main henchman (EP-VAR-1)
    lobo_start: int                        # the Lobo token starts after this space
    decks: dict[str, list[int]]            # region -> card numbers, top first (EP-ENC-2)
    mission_deck: list[str]
    mission_discard: list[str] = field(default_factory=list)
    round: int = 1                         # EP-LOBO-1: the round token starts on 1
    turn: int = 0                          # the seat whose turn is next in this round
    confronted: list[str] = field(default_factory=list)
    defeated: list[str] = field(default_factory=list)
    sheets_used: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    expansion: bool = False                # Swagman's Hope is played
    closed: list[str] = field(default_factory=list)        # closed airports (Sydney)
    red_board: dict[str, list[dict]] = field(default_factory=dict)   # place -> red intel
    red_supply: list[dict] = field(default_factory=list)
    dead_drops: dict[str, str] = field(default_factory=dict)         # place -> dead drop
    red_un_at_hub: bool = False            # SH: the Red UN Transport waits at the hub
    butcher_at: str | None = None          # SH-BUTCHER-1: the Aussie Butcher's token
    butcher_level: int = 1
    butcher_flipped: bool = False
    location_track: int = 0                # SH-EPIC-1
    red_un_spare: int = 0                  # SH-EPIC-1: a second Red UN Transport
    villain_deck: list[str] = field(default_factory=list)            # SH-VILLAIN-1, top first
    villain_track: list[dict] = field(default_factory=list)   # drawn: {"card", "spaces"} (V-1)
    villain_pending: list[str] = field(default_factory=list)  # End of Turn events to come
    stranded_deck: list[str] = field(default_factory=list)
    cards: Decks = field(default_factory=Decks)     # the gadget and Top Secret decks
    round_lobo: int = 0                    # where Dr. Lobo stood when the round began
    outcome: str | None = None             # won, lost
    reason: str = ""
    record: Record = field(default_factory=Record)


# -- documents ---------------------------------------------------------------------------

def require(doc: dict) -> None:
    """A document lacks what a whole game needs: say what, before anything is played."""
    if doc.get("kind") != "game" and not doc.get("expansions"):
        raise NotPlayable("a whole game needs a game document (an expansion is played "
                          "merged with its game: smersh play epic books/epic --with books/swagmans-hope)")
    missing = [what for what, key in (("regions (a world map)", "regions"),
                                      ("encounter cards", "encounter_cards"),
                                      ("entries", "entries"), ("henchman sheets", "henchmen"),
                                      ("spy sheets", "spies"), ("secret missions", "missions"))
               if not doc.get(key)]
    if not (doc.get("vocabulary") or {}).get("lobo_track"):
        missing.append("a lobo_track")
    if missing:
        raise NotPlayable("the document cannot be played as a whole game: it has no "
                          + ", ".join(missing))
    places = {loc["name"]: (region["name"], loc["features"]) for region in doc.get("regions", [])
              for loc in region["locations"]}     # each place's region and features, as Board.of
    with_cards = {c["region"] for c in doc["encounter_cards"]}
    bare = sorted({region for region, _ in places.values()} - with_cards)
    if bare:
        raise NotPlayable("the document cannot be played as a whole game: no encounter "
                          "cards for " + ", ".join(bare) + " (EP-ENC-2: a spy draws from the "
                          "deck of the region it stands in)")
    if not any("hq" in features for _, features in places.values()):
        raise NotPlayable("the document cannot be played as a whole game: the map has no HQ")


def showdown_of(doc: dict, kind: str, name: str) -> dict:
    for section in doc.get("sections", []):
        if section["kind"] == kind and section["name"] == name:
            return section
    raise NotPlayable(f"the document has no {kind} section {name!r}")


def henchman_sheet(doc: dict, name: str) -> dict:
    """The sheet named ``name`` (the last of that name: an expansion's comes after)."""
    sheets = [h for h in doc.get("henchmen", []) if not h.get("levels")]
    for sheet in reversed(sheets):
        if sheet["name"] == name:
            return sheet
    raise NotPlayable(f"no henchman sheet {name!r}; there are "
                      + ", ".join(sorted({h["name"] for h in sheets})))


def variant(doc: dict, name: str) -> dict | None:
    for v in (doc.get("vocabulary") or {}).get("variants") or []:
        if v["name"] == name:
            return v
    return None


def rule(doc: dict, name: str, key: str | None = None, default: int = 0) -> int:
    """A `rules` value of the game (an expansion's override wins: it is merged in)."""
    for r in (doc.get("vocabulary") or {}).get("rules") or []:
        values = r["values"]
        if r["name"] == name and (key is None or values[0] == key):
            return int(values[-1])
    return default


# -- spies ------------------------------------------------------------------------------

def spy_of(sheet: dict, resolve_loss: int = 0, skill_points: dict[str, int] | None = None) -> Spy:
    stats = sheet.get("stats", {})
    resolve = stats.get("resolve", 3)
    skills = dict(sheet.get("skills") or {})
    if skill_points is not None:
        skills = skill_points
    return Spy(sheet["name"], skills, stats.get("health", 5), resolve,
               max(0, resolve - resolve_loss), set(sheet.get("advanced_skills", [])),
               rest=stats.get("rest", 2))


def chosen(doc: dict, state: State) -> list[dict]:
    """The typed variants this game plays (`vocabulary.variants`, EP-VAR-1..3, SH-EPIC-1)."""
    return [v for v in (doc.get("vocabulary") or {}).get("variants") or []
            if v["name"] in state.variants]


def lifted(doc: dict, state: State) -> set[str]:
    """The rules a played variant `lifts` (Henchman Clones lifts `double_agents`)."""
    return {name for v in chosen(doc, state) for name in v.get("lifts") or []}


def allowed_sheets(doc: dict, state: State) -> list[dict]:
    """EP-VAR-2: "you cannot select one of the "Double Agent" Spy boards for a Henchman
    sheet currently in play", unless a variant played lifts it (EP-VAR-3, Henchman
    Clones: "you may ignore the Double Agent rules above")."""
    free = "double_agents" in lifted(doc, state)                        # rule: EP-VAR-3
    return [s for s in doc["spies"]
            if free or s.get("double_agent_of") not in state.henchmen]      # rule: EP-VAR-2


def mission_hand(sheet: dict | None) -> int:
    """EP-MISSION-1's 2, or a sheet's `missions N` (SH-CHAR-1: Vinny Carter's third)."""
    return max(HAND, int(((sheet or {}).get("stats") or {}).get("missions", HAND)))


def sheet_named(doc: dict, name: str) -> dict:
    for sheet in doc["spies"]:
        if sheet["name"].casefold() == name.casefold():
            return sheet
    raise NotPlayable(f"no spy sheet {name!r}; there are "
                      + ", ".join(s["name"] for s in doc["spies"]))


def deal_missions(state: State, rng: random.Random, seat: Seat, count: int = HAND) -> None:
    """EP-MISSION-1: draw up to ``count``; "If the deck of Secret Mission cards runs out,
    shuffle the discard and form a new deck." """
    while len(seat.missions) < count:
        if not state.mission_deck:
            if not state.mission_discard:
                return
            state.mission_deck = state.mission_discard
            state.mission_discard = []
            rng.shuffle(state.mission_deck)                             # rule: EP-MISSION-1
        seat.missions.append(state.mission_deck.pop(0))


def card_names(doc: dict, key: str) -> dict[str, dict]:
    """The document's cards of list ``key`` (`villains`, `top_secrets`) by name."""
    return {c["name"]: c for c in doc.get(key) or []}


def shuffled_deck(doc: dict, key: str, rng: random.Random) -> list[str]:
    """A deck of the document's cards of list ``key``, each as many times as its
    `copies`, shuffled with the game's dice (top first)."""
    deck = sorted(name for name, card in card_names(doc, key).items()
                  for _ in range(max(1, card.get("copies") or 1)))
    rng.shuffle(deck)
    return deck


def new_party(doc: dict, seats: list[Seat], spies: list[Spy]) -> Party:
    party = Party(spies)
    party.location = seats[0].location if seats else None
    return party


def lobo_start(doc: dict, henchmen: int) -> int:
    """EP-LOBO-1: Dr. Lobo starts "between the 10 and 11 space"; EP-VAR-1: with 2-4
    henchmen "After the 12", "After the 14", "After the 16"."""
    after = doc["vocabulary"]["lobo_track"]["lobo_after"]
    if henchmen > len(after):
        raise NotPlayable(f"the Lobo track places Dr. Lobo for at most {len(after)} henchmen")
    return after[henchmen - 1]                                          # rule: EP-VAR-1
