"""The bundled books' cards do what they say (issue #27): every gadget, status, companion,
villain and Top Secret card of books/epic and books/swagmans-hope carries typed powers or
discard effects in the JSON that `smersh build` writes, its prose says the same thing as
its typed effect, the spy sheets start with something (EP-SETUP-1), and every gadget an
entry's `pass with` / `+N with` clause names is a card a spy can hold."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import smersh
from smersh_dsl.resources import bundled_books

BOOKS = bundled_books()
CARD_LISTS = ("statuses", "gadgets", "villains", "top_secrets")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, dict]:
    """The two books built as a user builds them: smersh.json, swagmans_hope.json and the
    expansion merged into its game (swagmans_hope.merged.json)."""
    out = tmp_path_factory.mktemp("built")
    done = smersh("build", str(BOOKS / "epic"), str(BOOKS / "swagmans-hope"), "--format", "json",
                  "--merged", "--out", str(out))
    assert done.returncode == 0, done.stderr
    files = {"epic": out / "smersh" / "smersh.json",
             "swagmans-hope": out / "swagmans_hope" / "swagmans_hope.json",
             "merged": out / "swagmans_hope" / "swagmans_hope.merged.json"}
    return {key: json.loads(Path(path).read_text(encoding="utf-8")) for key, path in files.items()}


def cards_of(doc: dict) -> list[tuple[str, dict]]:
    return [(field, card) for field in CARD_LISTS for card in doc.get(field, [])]


@pytest.mark.parametrize("book", ["epic", "swagmans-hope"])
def test_every_card_of_the_book_acts_or_leaves(built, book):
    """EP-STATUS-3: "Each Status card shows its Name, Card Effect, and Discard Effect":
    every status leaves by something. EP-GADGET-1: "When you play a Gadget card, resolve
    its effect": every gadget (and Top Secret card, played the same way) has a power."""
    doc = built[book]
    assert cards_of(doc), f"{book} holds no card"
    missing = [f"{field} {card['name']}" for field, card in cards_of(doc)
               if (field == "statuses" and not card["leaves"])
               or (field in ("gadgets", "top_secrets") and not card["powers"])
               or (field == "villains" and not card["powers"])]
    assert missing == []


def test_hangover_poisoned_and_marked_leave_by_what_happens_in_play(built):
    """The issue: "Hangover, Poisoned and Marked are never discarded, not even by resting at
    an HQ". Each leaves by a rest, a pass or the end of a turn, not only by its own use."""
    statuses = {s["name"]: s for s in built["epic"]["statuses"]}
    in_play = {"rest", "rest_hq", "pass", "pass_at_hq", "end_of_turn", "encounter_in"}
    for name in ("Hangover", "Poisoned", "Marked"):
        assert {leave["when"] for leave in statuses[name]["leaves"]} & in_play, name


def test_companions_reach_other_spies(built):
    """EP-COMP-1: "These orange companion Status cards often affect multiple players."
    Every companion has a power whose reach goes beyond its holder."""
    companions = [s for doc in (built["epic"], built["swagmans-hope"]) for s in doc["statuses"]
                  if "companion" in s.get("tags", [])]
    assert len(companions) == 6
    assert [c["name"] for c in companions
            if not any(p["reach"] != "owner" for p in c["powers"])] == []


def test_villain_deck_advances_lobo_and_works_sydney_airport(built):
    """SH-VILLAIN-1: "Sydney airport starts the game closed, but can be opened (and
    re-closed) by 'End of Turn' events on the new Villain cards." Every villain card
    advances Dr. Lobo when drawn; across the deck, End of Turn events open and close
    Sydney, which the board marks closed at the start."""
    villains = built["swagmans-hope"]["villains"]
    assert len(villains) == 4                        # "4 Villain Cards" (the components)
    for villain in villains:
        drawn = [s for p in villain["powers"] if p["timing"] == "when_drawn" for s in p["steps"]]
        assert {"kind": "advance_lobo", "amount": 1, "target": None} in drawn, villain["name"]
    airport = {(s["kind"], s["target"]) for v in villains for p in v["powers"]
               if p["timing"] == "end_of_turn" for s in p["steps"] if s["kind"].endswith("_airport")}
    assert ("open_airport", "Sydney") in airport and ("close_airport", "Sydney") in airport
    sydney = [loc for region in built["merged"]["regions"] for loc in region["locations"]
              if loc["name"] == "Sydney"]
    assert len(sydney) == 1 and "closed" in sydney[0]["features"]


def test_gadget_deck_is_the_boxs_39_cards(built):
    """The Epic components: "Gadget Cards x 39"."""
    assert sum(g.get("copies", 1) for g in built["epic"]["gadgets"]) == 39


def test_top_secret_deck_covers_every_draw_without_a_reshuffle(built):
    """SH-TOPSECRET-1: the dead drop's "Draw 2 Top Secret Cards, keep 1", the epic
    variant's "an additional Top Secret Card" for each of up to five agents, the entries
    that draw one and the spy sheets that start with one: the deck holds them all."""
    doc = built["swagmans-hope"]
    epic = next(v for v in doc["vocabulary"]["variants"] if v["name"] == "epic")
    setup = epic["players"]["max"] * epic["setup"]["top_secret"]

    def draws(node) -> int:
        if isinstance(node, dict):
            here = node.get("amount", 1) if node.get("kind") == "draw_top_secret" else 0
            return here + sum(draws(v) for v in node.values())
        return sum(draws(v) for v in node) if isinstance(node, list) else 0

    starts = sum(s["starts"]["top_secret"] for s in doc["spies"])
    needed = setup + draws(doc["dead_drops"]) + draws(doc["entries"]) + starts
    deck = sum(c.get("copies", 1) for c in doc["top_secrets"])
    assert setup == 5 and starts >= 1 and deck >= needed


def test_spy_sheets_start_with_cards_and_tokens(built):
    """EP-SETUP-1: "Each player checks their Spy board and gains any Advanced Skill tokens,
    UN Transport tokens, Status cards, or Gadget cards they start with." Some sheets start
    with each kind, and what they name is a card of the game."""
    merged = built["merged"]
    starts = [s["starts"] for s in merged["spies"]]
    gadgets = {g["name"] for g in merged["gadgets"]}
    statuses = {s["name"] for s in merged["statuses"]}
    held_gadgets = [g for s in starts for g in s["gadgets"]]
    held_statuses = [t for s in starts for t in s["statuses"]]
    assert held_gadgets and set(held_gadgets) <= gadgets
    assert held_statuses and set(held_statuses) <= statuses
    assert any(s["tokens"].get("un_transport") for s in starts)
    assert any(s["top_secret"] for s in starts)
    # the balance: a few sheets, not every one, start with something
    assert 2 <= sum(1 for s in starts if s["gadgets"] or s["statuses"] or s["tokens"]
                    or s["top_secret"]) <= len(starts) // 2 + 1


def holdables(node) -> list[str]:
    """Every name a test's `pass with` or `+N with` clause names, anywhere in a document."""
    if isinstance(node, list):
        return [name for item in node for name in holdables(item)]
    if not isinstance(node, dict):
        return []
    here = []
    if node.get("kind") == "test":
        here = list(node.get("auto_pass_with", [])) + [d["holdable"] for d in node.get("dice_with", [])]
    return here + [name for value in node.values() for name in holdables(value)]


@pytest.mark.parametrize("book", ["epic", "merged"])
def test_every_name_a_pass_with_clause_names_can_be_held(built, book):
    """EP-TEST-4: "Some tests will allow automatic passes if the Spy attempting them has a
    specific Status card or Advanced Skill" (and, in these books, a gadget). The issue: "61
    of the bundled book's 291 `pass with` clauses name gadgets and can never fire". Every
    name is an advanced skill, a status or a gadget card, and the gadget ones are many."""
    doc = built[book]
    gadgets = {g["name"] for g in doc["gadgets"]}
    known = set(doc["vocabulary"]["advanced_skills"]) | {s["name"] for s in doc["statuses"]} | gadgets
    named = holdables({k: v for k, v in doc.items() if k not in CARD_LISTS})
    assert sorted(set(named) - known) == []
    assert sum(1 for name in named if name in gadgets) >= 61


# What a card's prose must say when its typed effect holds a step, a timing, a reach, a
# cost or a discard effect, and the other way round (effect prose for powers, discard
# prose for leaves): the prose and the typed effect say the same thing.
def _kinds(card: dict) -> set[str]:
    return {s["kind"] + ("+" if s.get("amount", 0) > 0 else "-" if s.get("amount", 0) < 0 else "")
            if s["kind"] == "dice" else s["kind"] for p in card["powers"] for s in p["steps"]}


POWER_PHRASES = (
    ("auto_pass", r"automatically"),
    ("reroll", r"again"),
    ("prevent_injury", r"take \d fewer"),
    ("retreat_lobo", r"retreat dr\. lobo"),
    ("advance_lobo", r"advance dr\. lobo"),
    ("heal_injury", r"heal \d injur"),
    ("take_injury", r"takes? \d injur"),
    ("dice+", r"\+\d die|\d extra (skill )?di(e|ce)"),
    ("dice-", r"-\d die"),
    ("move", r"move to any space"),
    ("gain_intel", r"gain \d (more )?intel"),
    ("lose_intel", r"lose \d intel"),
    ("gain_resolve", r"gain \d resolve"),
    ("lose_resolve", r"loses? \d resolve"),
    ("gain_un_transport", r"gain a un transport"),
    ("gain_blue_un_transport", r"blue un transport"),
    ("open_airport", r"airport opens"),
    ("close_airport", r"airport closes"),
    ("toggle_airport", r"otherwise it opens"),
)
TIMING_PHRASES = {
    "before_test": r"\bbefore\b",
    "after_roll": r"after (you roll|the dice)",
    "after_pass": r"after you pass",
    "on_injury": r"when you would take injuries",
    "on_gain_intel": r"when(ever)? you gain intel",
    "start_of_turn": r"start of (each of )?your turn",
    "end_of_turn": r"end of (each of your turns|your turn|turn:)",
    "any_time": r"any time",
}
REACH_PHRASES = {"all": r"any spy", "region": r"same region", "place": r"(same|your) space",
                 "australia": r"every agent in australia"}
LEAVE_PHRASES = {"rest": r"when you rest(?! at)", "rest_hq": r"rest at an hq",
                 "pass_at_hq": r"pass an encounter at (an hq|one)",
                 "end_of_turn": r"end of your next turn", "after_use": r"after use",
                 "spend": r"spend \d intel", "lobo_advances": r"two or more spaces",
                 "encounter_in": r"encounter (in|outside)"}


def _prose_mismatches(card: dict) -> list[str]:
    effect, discard = (card.get("effect") or "").lower(), (card.get("discard") or "").lower()
    kinds = _kinds(card)
    found = [f"step {kind}" for kind, phrase in POWER_PHRASES
             if (kind in kinds) != bool(re.search(phrase, effect))]
    timings = {p["timing"] for p in card["powers"]}
    found += [f"timing {t}" for t, phrase in TIMING_PHRASES.items()
              if t in timings and not re.search(phrase, effect)]
    reaches = {p["reach"] for p in card["powers"]}
    found += [f"reach {r}" for r, phrase in REACH_PHRASES.items()
              if (r in reaches) != bool(re.search(phrase, effect))]
    for power in card["powers"]:
        found += [f"skill {s}" for s in power["skills"] if s.lower() not in effect]
        guard = power["guard"]
        if guard and not re.search(rf"\bin (the )?{re.escape(guard['name'].lower())}", effect):
            found.append(f"guard in {guard['name']}")
        for resource in ("resolve", "intel"):
            if power["cost"][resource] and f"spend {power['cost'][resource]} {resource}" not in effect:
                found.append(f"cost {resource}")
        if power["uses"] and power["uses"] > 1:
            word = {2: "second", 3: "third"}[power["uses"]]
            if f"the {word} time" not in effect:
                found.append(f"uses {power['uses']}")
    leaves = {leave["when"] for leave in card.get("leaves", [])}
    found += [f"leave {w}" for w, phrase in LEAVE_PHRASES.items()
              if (w in leaves) != bool(re.search(phrase, discard))]
    passes = [leave["skill"] for leave in card.get("leaves", []) if leave["when"] == "pass"]
    if len(passes) != len(re.findall(r"pass an? [a-z ]+? test", discard)):
        found.append("leave pass")
    found += [f"leave pass {s}" for s in passes if s and f"pass a {s.lower()} test" not in discard]
    return found


@pytest.mark.parametrize("book", ["epic", "swagmans-hope"])
def test_each_cards_prose_says_what_its_typed_effect_does(built, book):
    """The issue: "Prose stays beside it for print", and the card texts are ours, so the
    prose a player reads and the effect the engine plays must say the same thing."""
    mismatches = {card["name"]: found for _, card in cards_of(built[book])
                  if (found := _prose_mismatches(card))}
    assert mismatches == {}


def test_the_prose_check_sees_a_card_that_says_more_than_it_does(built):
    """The prose check is not blind: a card whose typed effect lost its step, or whose
    discard prose names a way to leave it does not type, is caught."""
    bowler = next(g for g in built["epic"]["gadgets"] if g["name"] == "Armoured Bowler")
    assert _prose_mismatches(bowler) == []
    assert "step prevent_injury" in _prose_mismatches({**bowler, "powers": []})
    marked = next(s for s in built["epic"]["statuses"] if s["name"] == "Marked")
    assert "leave rest_hq" in _prose_mismatches({**marked, "leaves": []})
    assert "leave rest" in _prose_mismatches({**marked, "discard": "Discard when you rest."})
