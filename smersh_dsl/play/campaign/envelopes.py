"""The evidence: the A.I.M. and S.H.I.E.L.D. envelopes, gaining cards, crossing out
combinations by icon, and what the crossed-out grid still allows (SC-EVID-1..3)."""

from __future__ import annotations

import random

from smersh_dsl.play.core.errors import NotPlayable

SETS = ("means", "motive", "opportunity")


def key(combo: dict) -> str:
    """How the log names a combination: `means / motive / opportunity`."""
    return f"{combo['means']} / {combo['motive']} / {combo['opportunity']}"


def prepare(doc: dict, log: dict, rng: random.Random) -> None:
    """SC-EVID-1: "Shuffle each set of three cards separately and put one card from each
    set into the A.I.M. envelope ... Shuffle the six remaining evidence cards together and
    put them in the S.H.I.E.L.D. envelope." Starts the grid afresh."""
    aim, shield = [], []
    for kind in SETS:
        cards = [e["name"] for e in doc["evidence"] if e["set"] == kind]
        rng.shuffle(cards)
        aim.extend(cards[:1])
        shield.extend(cards[1:])
    rng.shuffle(shield)
    log["aim_envelope"], log["shield_envelope"] = aim, shield
    log["evidence_gained"], log["crossed_out"] = [], []


def _icon(doc: dict, name: str) -> str:
    """A card's icon; a card printed without one marks only its own combinations."""
    card = next(e for e in doc["evidence"] if e["name"] == name)
    return card["icon"] if card["icon"] is not None else f"card:{name}"


def draw(doc: dict, log: dict) -> str | None:
    """SC-EVID-3: gain the next card of the S.H.I.E.L.D. envelope (never the A.I.M. one),
    and cross out every combination that includes its icon. None when it is empty."""
    if not log["shield_envelope"]:
        return None
    card = log["shield_envelope"].pop(0)
    log["evidence_gained"].append(card)
    cross_out(doc, log)
    return card


def cross_out(doc: dict, log: dict) -> None:
    """SC-EVID-3: "cross out each combination ... that includes the icon on the evidence
    card gained" -- by icon, so a card sharing a gained card's icon falls with it."""
    icons = {_icon(doc, name) for name in log["evidence_gained"]}
    crossed = set(log["crossed_out"])
    for combo in doc["combinations"]:
        if any(_icon(doc, combo[kind]) in icons for kind in SETS):
            crossed.add(key(combo))
    log["crossed_out"] = sorted(crossed)


def surviving(doc: dict, log: dict) -> list[dict]:
    """The combinations not crossed out, in the document's order."""
    crossed = set(log["crossed_out"])
    return [c for c in doc["combinations"] if key(c) not in crossed]


def mole(doc: dict, log: dict) -> dict:
    """SC-EVID-2: the combination of the three A.I.M. cards, and the member it implicates."""
    hidden = set(log["aim_envelope"])
    found = next((c for c in doc["combinations"]                         # rule: SC-EVID-2
                  if {c[k] for k in SETS} == hidden), None)
    if found is None:
        raise NotPlayable(f"no combination of {' / '.join(log['aim_envelope'])} in the "
                          "campaign's table (K005)")
    return found


def certain(doc: dict, log: dict) -> str | None:
    """The mole, when every combination left implicates the same board member."""
    members = {c["member"] for c in surviving(doc, log)}
    return next(iter(members)) if len(members) == 1 else None
