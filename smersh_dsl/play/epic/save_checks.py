"""What a saved game must be before it is played on: it follows schemas/save.schema.json
(`smersh schema save`), and everything it names is of the document it belongs to.

Each check gives the first problem as ``"/json/pointer: what is wrong"``, so the player
reads which field of which file to mend; a save that passes both loads into a game that
cannot meet a card, sheet, mission, place or henchman its book does not have.
"""

from __future__ import annotations

from collections.abc import Iterator

from jsonschema.exceptions import ValidationError

from smersh_dsl.export.validate import validator_for

MT_WORDS = 624                  # the Mersenne Twister's state: 624 words, then a position
_TYPES = {"integer": "a whole number", "string": "a text", "boolean": "true or false",
          "array": "a list", "object": "an object", "number": "a number", "null": "null"}


def schema_problem(data: object) -> str | None:
    """The first way ``data`` fails the save schema (in the schema's order: a missing
    field before a wrong one), or None. Validation stops at that first problem."""
    error = next(validator_for("save").iter_errors(data), None)
    if error is None:
        return None
    return _said(error, "".join("/" + _escaped(str(p)) for p in error.absolute_path))


def _said(error: ValidationError, where: str) -> str:
    value, rule = error.instance, error.validator_value
    if error.validator == "required":
        missing = next(name for name in rule if name not in value)
        return f"{where}/{missing}: missing"
    if error.validator == "additionalProperties":
        unknown = sorted(set(value) - set(error.schema.get("properties") or {}))
        return f"{where}/{_escaped(str(unknown[0]))}: not a field of a saved game"
    if error.validator == "type":
        kinds = " or ".join(_TYPES[k] for k in ([rule] if isinstance(rule, str) else rule))
        return f"{where}: expected {kinds}, not {_shown(value)}"
    if error.validator in ("minimum", "maximum"):
        side = "at least" if error.validator == "minimum" else "at most"
        return f"{where}: {value} is out of range ({side} {rule})"
    if error.validator in ("minItems", "maxItems"):
        side = "at least" if error.validator == "minItems" else "at most"
        return f"{where}: {len(value)} items, where a save holds {side} {rule}"
    if error.validator in ("const", "enum"):
        allowed = [rule] if error.validator == "const" else rule
        return f"{where}: {_shown(value)} is not " + " or ".join(map(repr, allowed))
    return f"{where}: {error.message[:200]}"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# -- against the document ----------------------------------------------------------------

def document_problem(doc: dict, data: dict) -> str | None:
    """The first name in ``data`` (which follows the schema) that ``doc`` lacks, or the
    first count outside what ``doc`` allows; None when the save fits its document."""
    return next(_problems(doc, data), None)


def _problems(doc: dict, data: dict) -> Iterator[str]:
    state = data["state"]          # its fields with a default may be missing (`State`)
    yield from _rng(data["rng"])
    yield from _seats(doc, state, data["spies"])
    rounds = ((doc.get("vocabulary") or {}).get("lobo_track") or {}).get("rounds")
    if isinstance(rounds, int) and state.get("round", 1) > rounds:
        yield f"/state/round: {state['round']} is past the track's {rounds} rounds"
    if state.get("turn", 0) > len(state["seats"]):
        yield f"/state/turn: {state['turn']} is not a seat"
    henchmen = {h["name"] for h in doc.get("henchmen") or [] if not h.get("levels")}
    missions = {m["name"] for m in doc.get("missions") or []}
    stranded = {c["name"] for c in doc.get("stranded_cards") or []}
    variants = {v["name"] for v in (doc.get("vocabulary") or {}).get("variants") or []}
    drops = {d["name"] for d in doc.get("dead_drops") or []}
    villains = {c["name"] for c in doc.get("villains") or []}
    places = _places(doc)
    for field, known, what in (("henchmen", henchmen, "henchman sheet"),
                               ("confronted", henchmen, "henchman sheet"),
                               ("defeated", henchmen, "henchman sheet"),
                               ("mission_deck", missions, "secret mission"),
                               ("mission_discard", missions, "secret mission"),
                               ("stranded_deck", stranded, "stranded card"),
                               ("variants", variants, "variant"),
                               ("closed", places, "place"),
                               ("villain_deck", villains, "villain card"),
                               ("villain_pending", villains, "villain card"),
                               ("sheets_used", {s["name"] for s in doc["spies"]}, "spy sheet")):
        yield from _known(state.get(field) or [], known, f"/state/{field}", what)
    yield from _keys(state.get("red_board") or {}, places, "/state/red_board", "place")
    yield from _keys(state.get("dead_drops") or {}, places, "/state/dead_drops", "place")
    for place, drop in (state.get("dead_drops") or {}).items():
        yield from _one(drop, drops, f"/state/dead_drops/{_escaped(place)}", "dead drop")
    yield from _one(state.get("butcher_at"), places, "/state/butcher_at", "place")
    for i, drawn in enumerate(state.get("villain_track") or []):
        yield from _one(drawn["card"], villains, f"/state/villain_track/{i}/card", "villain card")
    yield from _keys(data["board_intel"], places, "/board_intel", "place")
    yield from _decks(doc, state["decks"])
    gadgets = {c["name"] for c in doc.get("gadgets") or []}
    secrets = {c["name"] for c in doc.get("top_secrets") or []}
    decks = state.get("cards") or {}
    for field, known, what in (("gadgets", gadgets, "gadget"), ("gadget_discard", gadgets, "gadget"),
                               ("top_secrets", secrets, "Top Secret card"),
                               ("top_secret_discard", secrets, "Top Secret card")):
        yield from _known(decks.get(field) or [], known, f"/state/cards/{field}", what)
    for i, spy in enumerate(data["spies"]):
        yield from _known(spy.get("gadgets") or [], gadgets, f"/spies/{i}/gadgets", "gadget")
        yield from _known(spy.get("top_secrets") or [], secrets, f"/spies/{i}/top_secrets",
                          "Top Secret card")


def _rng(rng: list) -> Iterator[str]:
    position = rng[1][MT_WORDS]
    if position > MT_WORDS:
        yield (f"/rng/1/{MT_WORDS}: {position} is not a position in the dice's state "
               f"(0 to {MT_WORDS})")


def _seats(doc: dict, state: dict, spies: list[dict]) -> Iterator[str]:
    seats = state["seats"]
    low, high = _players(doc, state.get("variants") or [])
    if not low <= len(seats) <= high:
        yield f"/state/seats: {len(seats)} seats in a game for {low} to {high} players"
    if len(spies) != len(seats):
        yield f"/spies: {len(spies)} spies for {len(seats)} seats"
    sheets = {s["name"] for s in doc["spies"]}
    missions = {m["name"] for m in doc.get("missions") or []}
    stranded = {c["name"] for c in doc.get("stranded_cards") or []}
    places = _places(doc)
    for i, seat in enumerate(seats):
        where = f"/state/seats/{i}"
        yield from _one(seat["sheet"], sheets, f"{where}/sheet", "spy sheet")
        if seat["location"] not in places:
            yield f"{where}/location: no place {seat['location']!r} on the board"
        yield from _known(seat.get("missions") or [], missions, f"{where}/missions",
                          "secret mission")
        yield from _one(seat.get("late_mission"), missions, f"{where}/late_mission",
                        "secret mission")
        yield from _one(seat.get("stranded"), stranded, f"{where}/stranded", "stranded card")
    for i, spy in enumerate(spies):
        yield from _one(spy["name"], sheets, f"/spies/{i}/name", "spy sheet")


def _players(doc: dict, variants: list[str]) -> tuple[int, int]:
    """The game's range of players, or the range of a variant played that sets its own
    (SH-EPIC-1), as `game.setup` allows them."""
    players = (doc.get("vocabulary") or {}).get("players") or {"min": 1, "max": 4}
    for v in (doc.get("vocabulary") or {}).get("variants") or []:
        if v["name"] in variants and v.get("players"):
            players = v["players"]
    return players["min"], players["max"]


def _decks(doc: dict, decks: dict[str, list[int]]) -> Iterator[str]:
    """EP-ENC-2: a card drawn goes back to the bottom of its region's deck, so each deck
    always holds each of its region's cards once."""
    cards: dict[str, set[int]] = {}
    for card in doc.get("encounter_cards") or []:
        cards.setdefault(card["region"], set()).add(card["number"])
    for region, numbers in decks.items():
        where = f"/state/decks/{_escaped(region)}"
        if region not in cards:
            yield f"{where}: no region {region!r} with encounter cards"
            continue
        for i, number in enumerate(numbers):
            if number not in cards[region]:
                yield f"{where}/{i}: no card {region} {number:02d}"
        if sorted(numbers) != sorted(cards[region]):
            yield (f"{where}: {len(numbers)} cards, where the deck holds each of the "
                   f"region's {len(cards[region])} once")
    for region in sorted(set(cards) - set(decks)):
        yield f"/state/decks: no deck for {region!r}"


def _places(doc: dict) -> set[str]:
    return {loc["name"] for r in doc.get("regions") or [] for loc in r["locations"]}


def _known(names: list[str], known: set[str], where: str, what: str) -> Iterator[str]:
    for i, name in enumerate(names):
        yield from _one(name, known, f"{where}/{i}", what)


def _keys(mapping: dict, known: set[str], where: str, what: str) -> Iterator[str]:
    for name in mapping:
        yield from _one(name, known, f"{where}/{_escaped(name)}", what)


def _one(name: str | None, known: set[str], where: str, what: str) -> Iterator[str]:
    if name is not None and name not in known:
        yield f"{where}: no {what} {_shown(name)} in the document"


def _escaped(key: str) -> str:
    """A key as a JSON pointer's token (RFC 6901), with what a terminal would act on
    (controls, escapes) shown as Python escapes, so a hostile key cannot break the line."""
    token = key.replace("~", "~0").replace("/", "~1")
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in token)
