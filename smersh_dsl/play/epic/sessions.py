"""What `smersh play` plays: one encounter (EP-ENC-*), or one showdown (EP-SHOW-*)."""

from __future__ import annotations

from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic.engine import EverySpyDead, GameLost, Jump, Table, quiet
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count

LAIR_VALUE = 5


@dataclass
class Outcome:
    summary: str
    won: bool | None = None


def _region(doc: dict, name: str | None) -> dict:
    regions = {r["name"]: r for r in doc.get("regions", [])}
    with_cards = sorted({c["region"] for c in doc.get("encounter_cards", [])})
    if not with_cards:
        raise NotPlayable("the document has no encounter cards")
    if name is None:
        name = with_cards[0]
    if name not in with_cards:
        raise NotPlayable(f"no encounter cards for region {name!r}; there are cards for "
                          + ", ".join(with_cards))
    return regions.get(name, {"name": name, "locations": [], "values": None})


def roll_fate(table: Table, lair: bool, values: list[int] | None = None) -> int:
    """EP-ENC-3: the fate die gives 1-5; its resolve face gains 1 resolve and rerolls.
    EP-ENC-4: at a lair the result is always 5. A deck or place that declares other
    `values` (Swagman's Hope's 1-4, from the fate card's blue number: SH-ENC-2) draws one
    of them, each equally likely (assumption: the fate cards' blue numbers are even)."""
    if lair:
        table.say("At a lair the fate die is always 5.")
        return LAIR_VALUE
    numbers = sorted(int(f) for f in table.faces("fate") if f.isdigit())
    if values and sorted(values) != numbers:
        drawn = table.rng.choice(sorted(values))
        table.say(f"A fate card is drawn: its blue number is {drawn}.")
        return drawn
    spy = table.actor or table.party.spies[0]      # the spy having the encounter
    while True:
        face = table.roll("fate")
        if face.isdigit():
            if table.say is not quiet:
                table.say(f"The fate die shows {face}.")
            return int(face)
        spy.resolve = min(spy.max_resolve, spy.resolve + 1)
        table.say("The fate die shows resolve: gain 1 resolve and roll again.")


def find_location(doc: dict, name: str | None) -> dict | None:
    """The board location called ``name`` in any region, None if the board has none."""
    for region in doc.get("regions", []):
        for loc in region["locations"]:
            if loc["name"] == name:
                return loc
    return None


def bonus_steps(loc: dict | None) -> list[dict]:
    """The effects a pass at ``loc`` gains (EP-ENC-6), in the board's terms."""
    if not loc:
        return []
    steps = []
    if loc.get("skill"):
        steps.append({"kind": "raise_skill", "amount": 1, "target": loc["skill"]})
    if "advanced_skill" in loc["features"]:
        steps.append({"kind": "gain_advanced_skill", "amount": 1, "target": None})
    if "gadget" in loc["features"]:
        steps.append({"kind": "gain_gadget", "amount": 1, "target": None})
    if "resolve" in loc["features"]:
        steps.append({"kind": "gain_resolve", "amount": 1, "target": None})
    return steps


def location_bonus(table: Table, name: str | None) -> None:
    """EP-ENC-6: "If you pass an Encounter while not in an Epic Showdown, after reading
    the PASS entry, gain the bonus from your current location". The board's spaces say
    what it is: a Basic Skill space raises that skill, an Advanced Skill space gains one
    of the spy's choice, a Gadget space draws a gadget, a Resolve space gains 1 resolve.
    HQ, airport and lair spaces give none on a pass."""
    steps = bonus_steps(find_location(table.doc, name))
    if steps:
        table.say(f"A pass at {name}: the location bonus.")
        table.run(steps)                                                # rule: EP-ENC-6


def hub_section(card: dict, place: str) -> dict | None:
    """SH-ENC-1: the section of an Australia card "for Swagman's Hope", if it has one."""
    return next((s for s in card.get("sections") or [] if s["place"] == place), None)


def play_encounter(table: Table, region_name: str | None, lair: bool) -> Outcome:
    """One encounter in ``region_name``'s deck. If the party stands somewhere
    (``table.party.location``), a lair there reads 5 and a pass gains that place's
    bonus, or the bonus of the place an entry moved the spy to (EP-ENC-8)."""
    doc = table.doc
    here = find_location(doc, table.party.location)
    if here is not None:
        home = next(r["name"] for r in doc.get("regions", []) if here in r["locations"])
        if region_name is not None and region_name.casefold() != home.casefold():
            raise NotPlayable(f"{table.party.location} is in {home}, not {region_name}: "
                              "a spy draws from the deck of the region it stands in (EP-ENC-2)")
        region_name = home
    lair = lair or (here is not None and "lair" in here["features"])     # EP-ENC-4
    region = _region(doc, region_name)
    deck = [c for c in doc["encounter_cards"] if c["region"] == region["name"]]
    hub = here is not None and "hub" in here["features"]
    if hub:      # SH-ENC-1: at Swagman's Hope, a card's section for it
        deck = [c for c in deck if hub_section(c, here["name"]) is not None]
        if not deck:
            raise NotPlayable(f"no encounter card has a section for {here['name']}")
    card = table.rng.choice(deck)                                           # EP-ENC-2
    number, title, responses = card["number"], card["title"], card["responses"]
    if hub:
        section = hub_section(card, here["name"])
        number, title, responses = section["number"], section["title"], section["responses"]
    table.say(f"Encounter {number:02d}: {title} ({here['name'] if hub else region['name']})")
    pick = responses[table.decide.choose("Choose a response:", [r["text"] for r in responses])]
    table.say(f"> {pick['number']}. {pick['text']}")
    values = (here.get("values") if hub else None) or region.get("values")   # SH-ENC-2
    die = roll_fate(table, lair, values)
    key = f"{number:02d}.{pick['number']}.{die}"                             # EP-ENC-1
    entries = {e["key"]: e for e in doc.get("entries", [])}
    if key not in entries:
        raise NotPlayable(f"entry {key} is missing from the document")
    table.say(f"Read entry {key}.")
    table.actor = table.party.spies[0]
    try:
        table.run(entries[key]["steps"])
    except Jump as jump:
        raise NotPlayable(f"entry {key} jumps to {jump.target}, outside a showdown") from None
    except GameLost as lost:
        return Outcome(f"Game over: {lost}.", False)
    if table.failed:                                    # rule: EP-ENC-6, EP-GAMBLE-1
        table.party.lobo += 1
        table.say("A failure outside a showdown: Dr. Lobo advances one space.")
        if bonus_steps(find_location(doc, table.party.location)):
            table.say(f"A fail at {table.party.location}: no location bonus.")  # rule: EP-ENC-6
    else:
        # rule: EP-ENC-6, EP-ENC-8: once, after the entry's own rewards, at the place the
        # spy ends the encounter (an entry's `move` has already set it)
        try:
            location_bonus(table, table.party.location)
        except GameLost as lost:
            return Outcome(f"Game over: {lost}.", False)
    spy = table.party.spies[0]
    return Outcome(f"{spy.name}: health {spy.health}, resolve {spy.resolve}, intel {spy.intel}; "
                   f"Dr. Lobo moved {table.party.lobo}"
                   + (f"; now in {table.party.location}" if table.party.location else "") + ".",
                   not table.failed)


def showdown_section(doc: dict, name: str | None) -> dict:
    """The showdown or Dr. Lobo section called ``name`` (the first one if None)."""
    sections = {f"{s['kind']}:{s['name']}": s for s in doc.get("sections", [])}
    if not sections:
        raise NotPlayable("the document has no showdowns")
    wanted = next((k for k in sections if name is not None and k.split(":", 1)[1] == name), None)
    if name is not None and wanted is None:
        raise NotPlayable(f"no showdown or Dr. Lobo section {name!r}; there are "
                          + ", ".join(s.split(":", 1)[1] for s in sections))
    return sections[wanted or sorted(sections)[0]]


def start_showdown(table: Table, section: dict) -> str:
    table.in_showdown = True                                                # EP-SHOW-5
    table.party.successes = 0
    table.say(f"Showdown: {section['name']}")
    return section["start"]


def advance(table: Table, section: dict, current: str) -> str | Outcome:
    """Read one node of a showdown: where to go next, or how the showdown ended.
    EP-SHOW-2: it ends as soon as every spy is dead, even in the middle of a node."""
    try:
        return _read_node(table, section, current)
    except EverySpyDead:                                                # rule: EP-SHOW-2
        return _all_dead()


def _all_dead() -> Outcome:
    return Outcome("Every spy is dead: the showdown is lost.", False)


def _read_node(table: Table, section: dict, current: str) -> str | Outcome:
    if not table.party.living():                                            # EP-SHOW-2
        return _all_dead()
    if current == "intro":
        steps = section["intro"] or []
    else:
        node = next(n for n in section["nodes"] if n["id"] == current)
        if node["kind"] == "tally":
            return _tally(table, node)
        if node["kind"] == "conclusion":
            table.run(node["steps"])
            won = node["outcome"] == "victory"
            word = "Victory" if won else "Defeat"
            named = "" if node["name"].lower() == word.lower() else f" ({node['name']})"
            return Outcome(f"{word}{named} with {count(table.party.successes, 'success token')}.",
                           won)
        table.say(f"-- Encounter {node['number']:02d}")
        steps = node["steps"]
    try:
        table.run(steps)
    except Jump as jump:
        return jump.target
    raise NotPlayable(f"{current} ends without saying where to go next")


def play_showdown(table: Table, name: str | None) -> Outcome:
    section = showdown_section(table.doc, name)
    current: str | Outcome = start_showdown(table, section)
    try:
        while not isinstance(current, Outcome):
            current = advance(table, section, current)
    except GameLost as lost:
        return Outcome(f"Game over: {lost}.", False)
    return current


def _tally(table: Table, node: dict) -> str:
    for row in node["rows"]:
        if table.holds(row["condition"]):
            return row["goto"]
    if node["else"] is None:
        raise NotPlayable(f"{node['id']} has no row for {count(table.party.successes, 'success token')}")
    return node["else"]


def play_levelled(table: Table, name: str | None, level: int) -> Outcome:
    """SH-BUTCHER-1: a levelled henchman (the Aussie Butcher) is met at one level."""
    levelled = {h["name"]: h for h in table.doc.get("henchmen", []) if h.get("levels")}
    if not levelled:
        raise NotPlayable("the document has no levelled henchman")
    henchman = levelled.get(name) if name else next(iter(sorted(levelled.items())))[1]
    if henchman is None:
        raise NotPlayable(f"no levelled henchman {name!r}; there is " + ", ".join(sorted(levelled)))
    steps = {lv["level"]: lv["steps"] for lv in henchman["levels"]}
    if level not in steps:
        raise NotPlayable(f"{henchman['name']} has no level {level}; levels: "
                          + ", ".join(map(str, sorted(steps))))
    table.say(f"{henchman['name']}, level {level}")
    table.actor = table.party.spies[0]
    try:
        table.run(steps[level])
    except GameLost as lost:
        return Outcome(f"Game over: {lost}.", False)
    spy = table.party.spies[0]
    return Outcome(f"{spy.name}: health {spy.health}, resolve {spy.resolve}"
                   + (f", now in {table.party.location}" if table.party.location else ""),
                   not table.failed)


def play_stranded(table: Table) -> Outcome:
    """SH-STRAND-1: a stranded spy draws a Stranded card and reads it as the encounter;
    the card says where the spy ends."""
    cards = table.doc.get("stranded_cards", [])
    if not cards:
        raise NotPlayable("the document has no stranded cards")
    card = table.rng.choice(sorted(cards, key=lambda c: c["name"]))
    table.say(f"Stranded in the Outback: {card['name']}")
    table.party.location = "the Outback"
    table.actor = table.party.spies[0]
    try:
        table.run(card["steps"])
    except GameLost as lost:
        return Outcome(f"Game over: {lost}.", False)
    return Outcome(f"{table.party.spies[0].name} ends in {table.party.location}.",
                   table.party.location != "the Outback")
