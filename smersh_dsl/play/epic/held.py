"""What a held card can do, read from the built document (CARDS-SPEC: a card's `powers`
and `leaves`): the cards a spy holds, each power's card and owner, the moment it is
offered at, and how a power is said to a player ("+2 dice", "pass automatically")."""

from __future__ import annotations

from typing import NamedTuple

from smersh_dsl.play.epic.decks import LISTS
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.play.epic.stamps import HANDS
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count

TEST_STEPS = frozenset({"dice", "auto_pass", "reroll"})     # act on the test being taken
INJURY_STEPS = frozenset({"prevent_injury"})                # act on injuries being taken
TURN = "turn"             # the any-time window of the owner's turn (EP-GADGET-1)


@dataclass(frozen=True)
class Use:
    """One power of one held card, as it may be used now."""

    owner: Spy             # who holds the card
    kind: str              # gadget, top_secret or status
    card: dict
    index: int             # the power's place in the card's `powers`
    power: dict

    @property
    def name(self) -> str:
        return self.card["name"]

    @property
    def steps(self) -> list[dict]:
        return self.power.get("steps") or []


class Moment(NamedTuple):
    """When a card may act, with what a player sees of it: the chance to pass the test
    as offered, whether the dice rolled fail it, the injuries about to be taken. A named
    tuple: the table makes one at every moment of every test, and a tuple is made in a
    fraction of a frozen dataclass's time."""

    name: str              # a timing of CARDS-SPEC, or TURN
    skill: str | None = None
    chance: float | None = None
    failing: bool = False
    injuries: int = 0


# Each deck list of a document indexed by card name (the first card of a name wins), so
# a held card is found without scanning its deck on every test and turn. Keyed by the
# list itself (kept alive here so its id is not reused) and its length; bounded.
_BY_NAME: dict[int, tuple[list, int, dict[str, dict]]] = {}
_LISTS_KEPT = 64
_SPIES_KEPT = 64          # spies whose powers a table remembers by stamp


def card_of(doc: dict, kind: str, name: str) -> dict | None:
    return _by_name(doc, kind).get(name)


def _by_name(doc: dict, kind: str) -> dict[str, dict]:
    cards = doc.get(LISTS[kind])
    if not cards:
        return {}
    kept = _BY_NAME.get(id(cards))
    if kept is None or kept[0] is not cards or kept[1] != len(cards):
        index: dict[str, dict] = {}
        for card in cards:
            index.setdefault(card["name"], card)
        if len(_BY_NAME) >= _LISTS_KEPT:
            _BY_NAME.pop(next(iter(_BY_NAME)))
        kept = _BY_NAME[id(cards)] = (cards, len(cards), index)
    return kept[2]


def held_cards(doc: dict, spy: Spy) -> list[tuple[str, dict]]:
    """The spy's cards that the document types: statuses (advanced skills are not cards),
    gadgets and Top Secret cards, each once per copy held."""
    found = []
    for kind, names in (("status", sorted(spy.held)), ("gadget", spy.gadgets),
                        ("top_secret", spy.top_secrets)):
        if not names:
            continue
        index = _by_name(doc, kind)
        for name in names:
            card = index.get(name)
            if card is not None:
                found.append((kind, card))
    return found


def held_powers(table, owner: Spy) -> list[tuple[str, dict, int, dict, frozenset[str]]]:  # noqa: ANN001
    """Every power of the cards ``owner`` holds (`held_cards`, in its order): kind, card,
    the power's index, the power and the kinds of its steps. ``table`` is an
    `engine.Table`: worked out once in its game for each set of cards held (the
    document's cards do not change during a game), and for a spy whose stamp has not
    moved, the same list again."""
    known = table.known
    mine = known.get("held_by")
    if mine is None:
        mine = known["held_by"] = {}
    kept = mine.get(id(owner))
    if kept is not None and kept[0] is owner and kept[1] == owner.stamp:
        return kept[2]                  # nothing of the spy changed since (stamps.py)
    key = (tuple(owner.held), tuple(owner.gadgets), tuple(owner.top_secrets))
    cache = known.setdefault("held", {})
    found = cache.get(key)
    if found is None:
        found = cache[key] = [(kind, card, index, power,
                               frozenset(s["kind"] for s in power.get("steps") or []))
                              for kind, card in held_cards(table.doc, owner)
                              for index, power in enumerate(powers(card))]
    if len(mine) >= _SPIES_KEPT:
        mine.clear()
    mine[id(owner)] = (owner, owner.stamp, found)   # the spy kept: its id stays its own
    return found


def table_powers(table) -> list[tuple[Spy, list[tuple[str, dict, int, dict, frozenset[str]]]]]:  # noqa: ANN001
    """The living spies of ``table``'s party that hold a card with a power, in the party's
    order, each with its `held_powers`: worked out again only when the hands' clock moved
    (stamps.py: a spy's cards or health changed, or a spy was made) or the party's list
    holds other spies."""
    spies = table.party.spies
    kept = table.known.get("table_powers")
    if kept is not None and kept[0] is spies and kept[3] == HANDS[0] \
            and kept[1] == tuple(map(id, spies)):
        return kept[2]                    # no spy's cards nor health changed since
    found = [(s, held) for s in spies if s.alive for held in (held_powers(table, s),) if held]
    table.known["table_powers"] = (spies, tuple(map(id, spies)), found, HANDS[0])
    return found


def powers_at(table, timing: str) -> list[tuple[Spy, str, dict, int, dict, frozenset[str]]]:  # noqa: ANN001
    """The `table_powers` that may act at ``timing`` (theirs, or any time), each with its
    owner, in the same order: worked out once for each state of the table's powers (a
    game asks at some 200 moments, where half a power on average may act)."""
    found = table_powers(table)
    kept = table.known.get("powers_at")
    if kept is None or kept[0] is not found:
        kept = table.known["powers_at"] = (found, {})
    at = kept[1].get(timing)
    if at is None:
        at = kept[1][timing] = [(owner, *power) for owner, held in found for power in held
                                if power[3]["timing"] in (timing, "any_time")]
    return at


def held_statuses(table, spy: Spy) -> list[dict]:  # noqa: ANN001
    """The status cards the spy holds that the document types, in name order; once in a
    game (``table``'s) for each set of statuses held."""
    key = tuple(spy.held)
    cache = table.known.setdefault("statuses", {})
    found = cache.get(key)
    if found is None:
        found = cache[key] = [c for c in (card_of(table.doc, "status", n) for n in sorted(spy.held))
                              if c is not None]
    return found


def powers(card: dict) -> list[dict]:
    return card.get("powers") or []


def leaves(card: dict) -> list[dict]:
    return card.get("leaves") or []


def uses_of(kind: str, power: dict) -> int | None:
    """How many uses discard the card: None never (`keep`, and every status: "a status
    leaves only by its discard effect", EP-STATUS-3); a gadget or Top Secret card is
    "discard[ed] ... unless it says otherwise" (EP-GADGET-1), after one use by default."""
    if kind == "status" or power.get("keep"):
        return None
    return power.get("uses") or 1


def step_text(step: dict) -> str:
    kind, amount = step["kind"], step.get("amount", 1)
    if kind == "dice":
        return f"{amount:+d} {'die' if abs(amount) == 1 else 'dice'}"
    if kind == "auto_pass":
        return "pass automatically"
    if kind == "reroll":
        return "roll the dice again"
    if kind == "prevent_injury":
        return f"take {amount} fewer {'injury' if amount == 1 else 'injuries'}"
    target = step.get("target")
    text = kind.replace("_", " ")
    if isinstance(amount, int) and amount != 1:
        text += f" {amount}"
    return text + (f" {target}" if target else "")


def dice_told(card: str, spy: str, amount: int) -> str:
    """"[Shoe Phone: Adebayo Okafor rolls 2 more dice]", "[Hangover: ... rolls 1 die fewer]"."""
    dice = count(abs(amount), "die")
    more = f"{amount} more {dice.split(' ', 1)[1]}" if amount >= 0 else f"{dice} fewer"
    return f"  [{card}: {spy} rolls {more}]"


def describe(power: dict) -> str:
    """"+2 dice", "roll the dice again (1 intel)": the power's steps and its cost."""
    text = ", ".join(step_text(s) for s in power.get("steps") or []) or "no effect"
    cost = power.get("cost") or {}
    paid = [count(cost[k], k) if k == "intel" else f"{cost[k]} resolve"
            for k in ("resolve", "intel") if cost.get(k)]
    return text + (f" ({', '.join(paid)})" if paid else "")
