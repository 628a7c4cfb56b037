"""The held-card machinery (EP-GADGET-1, EP-STATUS-3, EP-COMP-1): which powers of the cards
the spies hold may act at a moment, using one (paying its cost, applying its steps through
the table's own effect code, discarding the card by its `keep`/`uses`), the dice and
automatic passes held cards give a test while held, and the gadget and Top Secret decks
cards are drawn from. It reads only the cards (the document's `statuses`, `gadgets`,
`top_secrets`), never the book's entries.

``table`` is an `engine.Table` (this module sits below it: the table calls in here).

What Swagman's Hope's rules (and any caller) use:
- `hands.draw_cards(table, spy, "top_secret", n)` draws named cards into `spy.top_secrets` from
  the game's Top Secret deck (`hands.decks_of(table)`, re-formed from its discard when empty);
  `hands.discard(table, spy, "top_secret", name)` puts one back on the discard (SH-LIMIT-1).
- A held Top Secret card's typed powers are then offered like a gadget's, at every moment
  the table asks (`offer(table, spy, Moment(timing))`): before a test, after a roll, at
  injuries, on gaining intel, at the start and end of the owner's turn and in its window.
"""

from __future__ import annotations

from smersh_dsl.play.epic import card_bots, leaves
from smersh_dsl.play.epic.hands import discard
from smersh_dsl.play.epic.held import (INJURY_STEPS, TEST_STEPS, TURN, Moment, Use,
                                       card_of, describe, dice_told, powers_at, step_text,
                                       uses_of)
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count

NOTHING = "Play nothing"


@dataclass
class Played:
    """What the powers used at a test or an injury did to it."""

    dice: int = 0
    auto: str | None = None      # the card that passed the test automatically
    rerolls: int = 0
    prevent: int = 0


# -- where the spies are, and whom a card reaches (EP-COMP-1) ------------------------------

def place_of(table, spy: Spy) -> str | None:  # noqa: ANN001
    if table.world is not None:
        return table.world.place_of(spy)
    return table.party.location


def region_of(table, place: str | None) -> str | None:  # noqa: ANN001
    """The region of the table's document that ``place`` lies in (the first, were it in
    several), from a map of every place made once a game."""
    regions = table.known.get("regions")
    if regions is None:
        regions = table.known["regions"] = {}
        for region in table.doc.get("regions") or []:
            for loc in region["locations"]:
                regions.setdefault(loc["name"], region["name"])   # the first region wins
    return regions.get(place)


def reaches(table, owner: Spy, power: dict, spy: Spy) -> bool:  # noqa: ANN001
    """EP-COMP-1: "Companions: ... often affect multiple players": a power reaches its
    holder, every spy, the spies in the holder's region or on its place, or every spy in
    Australia. In a showdown "Only their Skills, Statuses, and Gadgets may be used to pass
    it": only the taker's own cards reach the taker."""
    reach = power.get("reach") or "owner"
    if spy is owner:
        return True
    if table.in_showdown or reach == "owner":                           # rule: EP-SHOW-3
        return False
    if reach == "all":                                                  # rule: EP-COMP-1
        return True
    here, there = place_of(table, owner), place_of(table, spy)
    if reach == "place":
        return here is not None and here == there
    regions = region_of(table, here), region_of(table, there)
    if reach == "region":
        return regions[0] is not None and regions[0] == regions[1]
    return reach == "australia" and regions[1] == "Australia"


def guard_holds(table, owner: Spy, guard: dict | None) -> bool:  # noqa: ANN001
    """A power's `if`: the owner's own cards for `status`/`has`, the owner's region or
    place for `in NAME`, anything else as an entry's condition."""
    if guard is None:
        return True
    kind = guard["kind"]
    if kind == "not":
        return not guard_holds(table, owner, guard["operand"])
    if kind == "in":
        place = place_of(table, owner)
        return guard["name"] in (place, region_of(table, place))
    if kind in ("status", "has"):
        return owner.holds(guard["name"])
    return table.holds(guard)


def _skill_fits(power: dict, skill: str | None) -> bool:
    return not power.get("skills") or skill in power["skills"]


# -- in force while held (EP-TEST-4, EP-TEST-5) --------------------------------------------

def passive(table, spy: Spy, skill: str) -> tuple[int, str | None, list[tuple[str, int]]]:  # noqa: ANN001
    """The dice the `while_held` powers reaching ``spy`` add to a test of ``skill``, the
    first card among them that passes it automatically, and each card's dice."""
    dice, auto, told = 0, None, []
    for owner, _, card, _, power, _ in powers_at(table, "while_held"):
        if power["timing"] != "while_held" or not _skill_fits(power, skill) \
                or not reaches(table, owner, power, spy) \
                or not guard_holds(table, owner, power.get("guard")):
            continue
        for step in power.get("steps") or []:
            if step["kind"] == "dice":
                dice += step["amount"]
                told.append((card["name"], step["amount"]))
            elif step["kind"] == "auto_pass" and auto is None:
                auto = card["name"]
    return dice, auto, told


# -- powers used at a moment -----------------------------------------------------------------

def _fits(power: dict, moment: Moment, own_turn: bool, kinds: frozenset[str]) -> bool:
    """EP-GADGET-1: "You may play Gadget cards any time during your turn, or when
    instructed to on the card." An `any_time` power acts in the owner's turn (and in a
    showdown's test, which the rulebook lets gadgets pass): its test steps before a test
    (dice, an automatic pass) or after the roll (a reroll), its injury steps at injuries,
    its other steps in the turn's own window."""
    timing = power["timing"]
    if timing == moment.name:
        return moment.name not in ("before_test", "after_roll") or _skill_fits(power, moment.skill)
    if timing != "any_time" or not own_turn:
        return False
    if moment.name == "before_test":
        return bool(kinds & {"dice", "auto_pass"}) and _skill_fits(power, moment.skill)
    if moment.name == "after_roll":
        return "reroll" in kinds and _skill_fits(power, moment.skill)
    if moment.name == "on_injury":
        return bool(kinds & INJURY_STEPS)
    return moment.name == TURN and not kinds & (TEST_STEPS | INJURY_STEPS)


def usable(table, spy: Spy, moment: Moment) -> list[Use]:  # noqa: ANN001
    """The powers ``spy`` may use at ``moment``: its own cards' and those reaching it."""
    # one encounter played alone is its spy's turn; a showdown's test is its taker's
    own_turn = table.turn_of is spy or table.in_showdown or table.world is None
    found = []
    for owner, kind, card, index, power, kinds in powers_at(table, moment.name):
        cost = power.get("cost") or {}
        if _fits(power, moment, own_turn, kinds) \
                and reaches(table, owner, power, spy) \
                and guard_holds(table, owner, power.get("guard")) \
                and cost.get("resolve", 0) <= spy.resolve \
                and cost.get("intel", 0) <= table.party.pool:
            found.append(Use(owner, kind, card, index, power))
    return found


def offer(table, spy: Spy, moment: Moment) -> Played:  # noqa: ANN001
    """Ask ``spy``'s player, while any power may act at ``moment``: "Play Shoe Phone: +2
    dice" or "Play nothing" (in the turn's window also "Spend 2 intel: discard Cover
    Blown", EP-STATUS-3); each power is used at most once a moment. Bots score the
    options by `card_bots`."""
    if moment.name != TURN and not powers_at(table, moment.name):
        return Played()                  # no card held may act now: nothing to ask
    played, done = Played(), set()
    while True:
        uses = [u for u in usable(table, spy, moment) if (id(u.owner), u.name, u.index) not in done]
        spend = [(n, i) for n, i in leaves.spends(table, spy)
                 if i <= table.party.pool] if moment.name == TURN else []
        if not uses and not spend:
            return played
        labels = [f"Play {u.name}: {describe(u.power)}"
                  + (f" ({u.owner.name}'s)" if u.owner is not spy else "") for u in uses]
        labels += [f"Spend {count(i, 'intel')}: discard {n}" for n, i in spend]
        pool = table.party.pool
        scores = [card_bots.play_score(spy, u, moment, pool) for u in uses]
        scores += [card_bots.spend_score(spy, card_of(table.doc, "status", n) or {}, i, pool)
                   for n, i in spend]
        pick = table.decide.choose(f"{spy.name}: play a card?", labels + [NOTHING],
                                   scores + [card_bots.KEEP], note=None)
        if pick >= len(labels):
            return played
        if pick >= len(uses):
            name, intel = spend[pick - len(uses)]
            table.party.spend_pool(intel)                               # rule: EP-STATUS-3
            leaves.leave(table, spy, name, f"spent {intel} intel")
            continue
        use = uses[pick]
        done.add((id(use.owner), use.name, use.index))
        table.tally["cards_played"] = table.tally.get("cards_played", 0) + 1
        apply(table, spy, use, moment, played)


def apply(table, spy: Spy, use: Use, moment: Moment, played: Played) -> None:  # noqa: ANN001
    """Pay the power's cost, apply its steps to ``spy`` (in the turn's window, to every
    spy it reaches), then discard the card if its uses are spent (EP-GADGET-1: "resolve
    its effect, then discard it unless it says otherwise") or let an `after_use` status
    leave."""
    cost = use.power.get("cost") or {}
    spy.resolve -= cost.get("resolve", 0)
    if cost.get("intel"):
        table.party.spend_pool(cost["intel"])
    targets = [spy]
    if moment.name in (TURN, "start_of_turn", "end_of_turn"):
        targets = [s for s in table.party.living() if reaches(table, use.owner, use.power, s)]
    for step in use.steps:
        kind, amount = step["kind"], step.get("amount", 0)
        if kind == "dice":
            played.dice += amount
            table.say(dice_told(use.name, spy.name, amount))
        elif kind == "auto_pass":
            played.auto = played.auto or use.name
            table.say(f"  [{use.name}: {spy.name} passes automatically]")
        elif kind == "reroll":
            played.rerolls += 1
            table.say(f"  [{use.name}: {spy.name} rolls the dice again]")
        elif kind == "prevent_injury":
            played.prevent += amount
            table.say(f"  [{use.name}: {spy.name} takes {amount} fewer "
                      f"{'injury' if amount == 1 else 'injuries'}]")
        else:
            for target in targets:
                table.say(f"  [{use.name}: {step_text(step)} for {target.name}]")
                actor = table.actor
                table.actor = target
                try:
                    table.step(step)
                finally:
                    table.actor = actor
    discard_used(table, use)


def discard_used(table, use: Use) -> None:  # noqa: ANN001
    owner = use.owner
    if use.kind == "status":
        leaves.on(table, owner, "after_use", name=use.name)
        return
    limit = uses_of(use.kind, use.power)
    if limit is None:
        return
    owner.used[use.name] = owner.used.get(use.name, 0) + 1
    if owner.used[use.name] >= limit:                                   # rule: EP-GADGET-1
        owner.used.pop(use.name)
        discard(table, owner, use.kind, use.name)
        table.say(f"  [{use.name} is discarded]")


# -- a spy's turn ------------------------------------------------------------------------------

_START, _TURN, _END = Moment("start_of_turn"), Moment(TURN), Moment("end_of_turn")   # frozen


def turn_begins(table, spy: Spy) -> None:  # noqa: ANN001
    """The owner's turn: its `start_of_turn` powers, then the any-time window."""
    table.turn_of = spy
    offer(table, spy, _START)
    offer(table, spy, _TURN)


def turn_ends(table, spy: Spy, lobo_this_round: int) -> None:  # noqa: ANN001
    """The any-time window again, the `end_of_turn` powers, then statuses that leave at
    the end of the turn, and those that leave when Dr. Lobo has advanced this round."""
    if spy.alive:
        offer(table, spy, _TURN)
        offer(table, spy, _END)
        leaves.turn_ended(table, spy)
    table.turn_of = None
    leaves.lobo_advanced(table, table.party.living(), lobo_this_round)
