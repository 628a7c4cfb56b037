"""Agents of S.M.U.S.H. as the player reads it: settings and cards from the JSON document
(`smersh build`, schemas/cardgame.schema.json), and the strength arithmetic of the
rulebook (SM-INC-2, SM-CARD-1, SM-CARD-2). Nothing here imports the language's model."""

from __future__ import annotations

import math

from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.records import dataclass

HARMONY, SMUSH = "harmony", "smush"
INWARD, OUTWARD = "inward", "outward"

# The power kinds the player plays, by slot (the same closed vocabulary as the language,
# docs/smush.md); a power of another kind in a slot is reported by M006 and not played.
FLIP_KINDS = frozenset({"gain_cp", "weaken", "bypass", "peek", "return_henchman", "swap_adjacent"})
ON_BYPASS_KINDS = frozenset({"lose_cp", "swap_next", "move_henchman", "deny_flips"})
PASSIVE_KINDS = frozenset({"boost_cost", "no_tokens", "flip_immune"})
# Flip powers that act on the defence being overcome: a `flip_immune` defence refuses them.
TARGETING = frozenset({"weaken", "bypass", "return_henchman", "swap_adjacent"})

# The rulebook's numbers, used when a document's rules block leaves one out.
DEFAULTS = {"rounds": 6, "crystals": 3, "clues": 3, "cp_cap": 12, "cp_start": 2,
            "henchman_bonus": 2, "henchmen": 2, "overcome_cost": 2,
            "flip_powers_per_incursion": 1, "active_gadgets": 3, "resource_tokens": 2}


@dataclass(frozen=True)
class Settings:
    rounds: int
    crystals: int
    clues: int
    cp_cap: int
    cp_start: int
    henchman_bonus: int
    henchmen: int
    overcome_cost: int
    flip_powers_per_incursion: int
    active_gadgets: int
    resource_tokens: int


@dataclass(frozen=True)
class Bonus:
    """SM-CARD-1: `amount` if the adjacent face-up defence in `direction` is `condition`."""

    amount: int
    direction: str
    condition: str


@dataclass(frozen=True)
class Face:
    """A gadget half or a defence face, with its powers as the document gives them."""

    name: str
    type: str
    strength: int
    boost_cost: int | None
    boost_amount: int | None
    bonuses: tuple[Bonus, ...]
    flip: dict | None
    on_bypass: dict | None
    passive: dict | None

    def matches(self, condition: str) -> bool:
        """A bonus condition names a defence card (face) or a type."""
        return condition in (self.name, self.type)

    def passive_kind(self) -> str | None:
        return self.passive["kind"] if self.passive else None


@dataclass(frozen=True)
class Card:
    number: int
    faces: tuple[Face, ...]

    def label(self) -> str:
        return " / ".join(f.name for f in self.faces)


@dataclass(frozen=True)
class Rules:
    settings: Settings
    gadgets: tuple[Card, ...]
    defences: tuple[Card, ...]
    ignored: tuple[str, ...]        # powers printed but not played, said at the start


def _face(raw: dict, where: str, playable: dict[str, frozenset[str]],
          ignored: list[str]) -> Face:
    if raw.get("type") is None or raw.get("strength") is None:
        raise NotPlayable(f"{where} \"{raw.get('name')}\" needs a type and a strength (SM-INC-2)")
    powers: dict[str, dict | None] = {}
    for slot in ("flip", "on_bypass", "passive"):
        power = raw.get(slot)
        if power is not None and power.get("kind") not in playable.get(slot, frozenset()):
            ignored.append(f"{raw['name']}: {slot} \"{power['text']}\"")
            power = None
        powers[slot] = power
    boost = raw.get("boost") or {}
    return Face(name=raw["name"], type=raw["type"], strength=raw["strength"],
                boost_cost=boost.get("cost"), boost_amount=boost.get("amount"),
                bonuses=tuple(Bonus(b["amount"], b["direction"], b["if"])
                              for b in raw.get("bonuses", [])),
                flip=powers["flip"], on_bypass=powers["on_bypass"], passive=powers["passive"])


def _settings(doc: dict) -> Settings:
    values = dict(DEFAULTS)
    for setting in doc.get("rules", []):
        if setting["name"] in values and setting["values"] and isinstance(setting["values"][0], int):
            values[setting["name"]] = setting["values"][0]
    if values["rounds"] < 1 or values["crystals"] < 1 or values["clues"] < 1:
        raise NotPlayable("the rules need at least one round, crystal and clue (SM-END-1)")
    return Settings(**values)


def load_rules(doc: dict) -> Rules:
    """The game a `cardgame` document describes (SM-SETUP-1)."""
    if doc.get("kind") != "cardgame":
        raise NotPlayable(f"{doc.get('id', 'the document')} is not a card game document")
    ignored: list[str] = []
    gadget_slots = {"flip": FLIP_KINDS}
    defence_slots = {"on_bypass": ON_BYPASS_KINDS, "passive": PASSIVE_KINDS}
    gadgets = tuple(Card(c["number"], tuple(_face(h, "gadget half", gadget_slots, ignored)
                                            for h in c["halves"]))
                    for c in doc.get("gadget_cards", []))
    defences = tuple(Card(c["number"], tuple(_face(f, "defence face", defence_slots, ignored)
                                             for f in c["faces"]))
                     for c in doc.get("defence_cards", []))
    if not gadgets or not defences:
        raise NotPlayable("the game needs gadget cards and defence cards (SM-SETUP-1)")
    if any(len(c.faces) != 2 for c in gadgets + defences):
        raise NotPlayable("every card has two halves or faces (SM-SETUP-1)")
    return Rules(_settings(doc), gadgets, defences, tuple(ignored))


# ------------------------------------------------------------------- strength arithmetic

def neighbour(index: int, direction: str) -> int:
    """Index 0 is the defence nearest SMUSH; `inward` goes towards her (SM-INC-1)."""
    return index - 1 if direction == INWARD else index + 1


def bonus_total(bonuses: tuple[Bonus, ...], faces: list[Face | None], index: int) -> int:
    """SM-CARD-1: each bonus counts if the adjacent defence its arrow points at is face up
    (`faces[i]` is None for a face-down card: blank) and matches its condition."""
    total = 0
    for bonus in bonuses:
        at = neighbour(index, bonus.direction)
        if 0 <= at < len(faces) and faces[at] is not None and faces[at].matches(bonus.condition):
            total += bonus.amount
    return total


def defence_strength(face: Face, henchmen: int, faces: list[Face | None], index: int,
                     settings: Settings, weakened: int = 0) -> int:
    """Base strength, +2 per henchman (SM-CARD-2), bonuses (SM-CARD-1), minus weakening."""
    raw = (face.strength + settings.henchman_bonus * henchmen
           + bonus_total(face.bonuses, faces, index) - weakened)
    return max(0, raw)


def boost_price(gadget: int, defence: int, half: Face, surcharge: int) -> int | None:
    """SM-INC-2: CP to boost a gadget of strength `gadget` to `defence`; None if it cannot."""
    short = defence - gadget
    if short <= 0:
        return 0
    if half.boost_cost is None or not half.boost_amount or half.boost_amount <= 0:
        return None
    return math.ceil(short / half.boost_amount) * max(0, half.boost_cost + surcharge)


def bare_price(defence: int, settings: Settings) -> int:
    """SM-INC-2: without a matching gadget, 2 CP per point of the defence's strength."""
    return settings.overcome_cost * defence
