"""The cards of Agents of SMERSH and of Swagman's Hope, from a game or expansion document.

What each face shows follows the rulebooks: an Encounter card its region, number, title
and numbered responses (an Australia card a second section for Swagman's Hope); a Status
card its name, effect, discard effect and flavour (companions in orange); a Gadget,
Villain or Top Secret card its name, effect and flavour; a Secret Mission its region,
name, city and the two rewards to choose from; Stranded cards and Dead Drops their text;
a Red Intel token its number and icon; the Aussie Butcher his two levels, with his story on the back.
"""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.print.cards.backs import deck_back, henchman_back
from smersh_dsl.print.cards.faces import face
from smersh_dsl.print.cards.model import Card, Deck, span_of
from smersh_dsl.print.cards.steps import effects_text, steps_html


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def encounter_decks(doc: dict) -> Iterator[Deck]:
    """One deck of Encounter cards per region, as the game separates them."""
    regions: dict[str, list[dict]] = {}
    for card in doc.get("encounter_cards", []):
        regions.setdefault(card["region"], []).append(card)
    for region, cards in sorted(regions.items()):
        deck = f"encounter-{_slug(region)}"
        back = deck_back(doc, deck, "Encounter", region)
        yield Deck(deck, f"Encounter cards: {region}", tuple(
            Card(f"encounter card {region} {card['number']:02d}", deck,
                 face("encounter", card=card, region=region), back, span_of(card),
                 art=card.get("art"))
            for card in sorted(cards, key=lambda c: c["number"])))


def _rule_deck(doc: dict, field: str, kind: str, title: str) -> Iterator[Deck]:
    items = doc.get(field, [])
    if not items:
        return
    deck = _slug(kind)
    back = deck_back(doc, deck, kind)
    cards = []
    for item in items:
        companion = "companion" in item.get("tags", [])
        card = Card(f"{kind.lower()} card {item['name']}", f"{deck} companion" if companion else deck,
                    face("rule_card", kind=kind, card=item, companion=companion), back,
                    span_of(item), art=item.get("art"))
        cards.extend([card] * max(1, item.get("copies", 1)))
    yield Deck(deck, title, tuple(cards))


def mission_deck(doc: dict) -> Iterator[Deck]:
    missions = doc.get("missions", [])
    if not missions:
        return
    back = deck_back(doc, "mission", "Secret Mission")
    yield Deck("mission", "Secret Mission cards", tuple(
        Card(f"secret mission card {m['name']}", "mission",
             face("mission", card=m, rewards=[
                 effects_text(reward) for reward in m["rewards"]]),
             back, span_of(m), art=m.get("art"))
        for m in missions))


def _steps_deck(doc: dict, field: str, kind: str, title: str) -> Iterator[Deck]:
    items = doc.get(field, [])
    if not items:
        return
    deck = _slug(kind)
    back = deck_back(doc, deck, kind)
    yield Deck(deck, title, tuple(
        Card(f"{kind.lower()} card {item['name']}", deck,
             face("steps_card", kind=kind, name=item["name"], body=steps_html(item["steps"])),
             back, span_of(item))
        for item in items))


def red_intel_deck(doc: dict) -> Iterator[Deck]:
    tokens = doc.get("red_intel", [])
    if not tokens:
        return
    back = deck_back(doc, "red-intel", "Red Intel", "face down")
    yield Deck("red-intel", "Red Intel tokens", tuple(
        Card(f"red intel token {token['icon']} {token['value']}", "red-intel",
             face("red_intel", token=token), back, span_of(token))
        for token in tokens))


def butcher_deck(doc: dict) -> Iterator[Deck]:
    """Henchmen that are cards (levels to climb), like the Aussie Butcher; sheets are not."""
    cards = []
    for henchman in doc.get("henchmen", []):
        if not henchman.get("levels"):
            continue
        levels = [{"level": level["level"], "body": steps_html(level["steps"])}
                  for level in henchman["levels"]]
        cards.append(Card(f"henchman card {henchman['name']}", "henchman",
                          face("henchman_card", henchman=henchman, levels=levels),
                          henchman_back(henchman), span_of(henchman)))
    if cards:
        yield Deck("henchman", "Henchman cards", tuple(cards))


def smersh_decks(doc: dict) -> list[Deck]:
    """Every deck a game or expansion document holds, in the order of its rulebook."""
    return [
        *encounter_decks(doc),
        *_rule_deck(doc, "statuses", "Status", "Status cards"),
        *_rule_deck(doc, "gadgets", "Gadget", "Gadget cards"),
        *mission_deck(doc),
        *_rule_deck(doc, "villains", "Villain", "Villain cards"),
        *_rule_deck(doc, "top_secrets", "Top Secret", "Top Secret cards"),
        *_steps_deck(doc, "stranded_cards", "Stranded", "Stranded cards"),
        *_steps_deck(doc, "dead_drops", "Dead Drop", "Dead Drop tokens"),
        *red_intel_deck(doc),
        *butcher_deck(doc),
    ]


CARD_FIELDS = ("encounter_cards", "statuses", "gadgets", "missions", "villains", "top_secrets",
               "stranded_cards", "dead_drops", "red_intel")


def has_smersh_cards(doc: dict) -> bool:
    """Does a game or expansion document hold any card or token to print?"""
    return doc.get("kind") in ("game", "expansion") and (
        any(doc.get(field) for field in CARD_FIELDS)
        or any(h.get("levels") for h in doc.get("henchmen", [])))
