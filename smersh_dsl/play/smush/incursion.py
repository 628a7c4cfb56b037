"""An incursion (SM-INC-1 to SM-INC-5): from the outermost defence inwards, each one is
revealed, may meet a flip power, is overcome or ends the incursion, then its on-bypass
power may trigger. The powers' effects are the closed vocabulary of docs/smush.md."""

from __future__ import annotations

from dataclasses import field

from smersh_dsl.play.smush.choices import Asking, Option
from smersh_dsl.play.smush.rules import (HARMONY, INWARD, OUTWARD, SMUSH, TARGETING,
                                         neighbour)
from smersh_dsl.play.smush.table import Table, prices, strength_at, swap_next
from smersh_dsl.records import dataclass

BYPASSED, WITHDRAWN, AGAIN = "bypassed", "withdrawn", "again"


@dataclass
class Incursion:
    flips_left: int
    denied: bool = False                                  # deny_flips has triggered
    peeked: bool = False                                  # the spy has seen every defence
    weakened: dict[int, int] = field(default_factory=dict)   # card number -> strength lost
    at: int = -1                                          # the defence being overcome
    outcome: str = ""
    used: set[str] = field(default_factory=set)           # gadget halves used in it

    def weakening(self, table: Table, index: int) -> int:
        return self.weakened.get(table.line[index].card.number, 0)


def run_incursion(game: Asking) -> str:
    """SM-INC-1: "Starting with the outermost card and moving in towards your opponent"."""
    t = game.table
    inc = Incursion(flips_left=game.settings.flip_powers_per_incursion)
    game.incursion = inc
    game.say("Harmony begins an incursion; her gadgets are locked (SM-INC-3).")
    index = len(t.line) - 1
    while index >= 0:
        inc.at = index
        reveal(game, index)
        step = flip_step(game, inc, index)
        if step == WITHDRAWN:
            inc.outcome = WITHDRAWN
            game.say("Harmony withdraws unseen: SMUSH gains no clue.")
            break
        if step == AGAIN:
            continue
        with_gadget = False
        if step != BYPASSED:
            paid = overcome(game, inc, index)
            if paid is None:
                fail(game, index)
                inc.outcome = "failed"
                break
            with_gadget = paid
        game.say(f"{t.line[index].active.name} is bypassed.")
        on_bypass(game, inc, index, with_gadget)
        index -= 1
    else:
        succeed(game, inc)
        inc.outcome = "success"
    game.incursion = None
    return inc.outcome


def reveal(game: Asking, index: int) -> None:
    """SM-INC-1: a face-down defence is flipped face up, keeping its orientation."""
    d = game.table.line[index]
    if not d.face_up:
        d.face_up = True
        game.say(f"SMUSH reveals [{index + 1}] {d.active.name} ({d.active.type}, "
                 f"strength {d.active.strength}).")
    game.table.usage.met[d.active.name] += 1


# ------------------------------------------------------------------------ flip powers

def flip_options(game: Asking, inc: Incursion, index: int) -> list[Option]:
    """SM-INC-3: one flip power per incursion, from an active face-up gadget; it targets
    only the defence being overcome, which a `flip_immune` defence refuses."""
    t = game.table
    if inc.denied or inc.flips_left <= 0:
        return []
    here = t.line[index]
    immune = here.active.passive_kind() == "flip_immune"
    options = []
    for g, gadget in enumerate(t.gadgets):
        power = gadget.active.flip if gadget.face_up else None
        if power is None or (power["kind"] in TARGETING and immune):
            continue
        if power["kind"] == "return_henchman" and here.henchmen == 0:
            continue
        label = f"{gadget.active.name}: {power['text']}"
        if power["kind"] != "swap_adjacent":
            options.append(Option(label, ("flip", g, None)))
            continue
        for direction in (INWARD, OUTWARD):
            at = neighbour(index, direction)
            if 0 <= at < len(t.line) and not (t.line[at].face_up and
                                               t.line[at].active.passive_kind() == "flip_immune"):
                options.append(Option(f"{label} (with the defence {direction}, [{at + 1}])",
                                      ("flip", g, direction)))
    return options


def flip_step(game: Asking, inc: Incursion, index: int) -> str | None:
    """SM-INC step 2: Harmony may use a flip power before she overcomes the defence."""
    while options := flip_options(game, inc, index):
        pick = game.ask(HARMONY, "flip", f"Harmony: use a flip power on "
                        f"{game.table.line[index].active.name}?",
                        [Option("No flip power", ("none",))] + options)
        if pick.move == ("none",):
            return None
        result = apply_flip(game, inc, index, pick.move[1], pick.move[2])
        if result is not None:
            return result
    return None


def apply_flip(game: Asking, inc: Incursion, index: int, g: int, direction: str | None) -> str | None:
    """Assumption (cards.smersh): a gadget whose flip power is used turns face down until
    Harmony's next turn, so it neither overcomes nor earns CP this round."""
    t = game.table
    gadget = t.gadgets[g]
    power = gadget.active.flip
    assert power is not None
    gadget.face_up = False
    inc.flips_left -= 1
    t.usage.flipped[gadget.active.name] += 1
    inc.used.add(gadget.active.name)
    game.say(f"Harmony flips {gadget.active.name}: {power['text']}")
    here = t.line[index]
    kind = power["kind"]
    if kind == "gain_cp":
        t.gain_cp(power["amount"])
    elif kind == "weaken":
        inc.weakened[here.card.number] = inc.weakened.get(here.card.number, 0) + power["amount"]
    elif kind == "return_henchman":
        here.henchmen -= 1
        t.supply += 1
    elif kind == "bypass":
        return BYPASSED
    elif kind == "swap_adjacent":
        at = neighbour(index, direction or INWARD)
        t.line[index], t.line[at] = t.line[at], t.line[index]
        return AGAIN
    elif kind == "peek":
        return peek(game, inc, index)
    return None


def peek(game: Asking, inc: Incursion, index: int) -> str | None:
    t = game.table
    inc.peeked = True
    hidden = [f"[{i + 1}] {d.active.name} ({d.active.type} {d.active.strength})"
              for i, d in enumerate(t.line) if not d.face_up]
    game.say("Harmony sees: " + (", ".join(hidden) or "no face-down defence"))
    pick = game.ask(HARMONY, "peek", "Harmony: withdraw now (SMUSH gains no clue)?",
                    [Option("Go on with the incursion", ("stay",)),
                     Option("Withdraw", ("withdraw",))])
    return WITHDRAWN if pick.move == ("withdraw",) else None


# ------------------------------------------------------------------------- overcoming

def overcome(game: Asking, inc: Incursion, index: int) -> bool | None:
    """SM-INC-2: a gadget of the defence's type, boosted with CP; or 2 CP per point of
    strength. Returns whether a gadget was used, or None if the spy cannot or will not.
    Assumption (SM-INC-2): either way may be chosen, even with a matching gadget, but the
    two are not mixed."""
    t = game.table
    here = t.line[index].active
    tokens = here.passive_kind() != "no_tokens"
    budget = t.budget(tokens)
    halves = [g.active for g in t.active_gadgets()]
    strength = strength_at(t.line, index, game.rules, inc.weakening(t, index))
    options = [Option(f"{'Use ' + half.name if half else 'No gadget'}: pay {price} CP",
                      ("pay", half.name if half else None, price))
               for half, price in prices(t.line, index, halves, game.rules,
                                         inc.weakening(t, index)) if price <= budget]
    options.append(Option("Withdraw: SMUSH gains a clue", ("withdraw",)))
    pick = game.ask(HARMONY, "overcome", f"Harmony: overcome {here.name} (strength {strength}) "
                    f"with {budget} CP to spend" + ("" if tokens else " (no resource tokens)"),
                    options)
    if pick.move == ("withdraw",):
        return None
    _, half, price = pick.move
    t.pay(price, tokens)
    game.say(f"Harmony overcomes {here.name} {'with ' + half if half else 'without a gadget'}, "
             f"paying {price} CP.")
    if half is not None:
        t.usage.overcame[half] += 1
        inc.used.add(half)
    return half is not None


def fail(game: Asking, index: int) -> None:
    """SM-INC-4: the incursion ends; SMUSH gains a clue, Harmony a resource token."""
    t = game.table
    t.clues += 1
    t.last_stop = t.line[index].active.name
    # Assumption (SM-INC-4): at most the two resource tokens in the box.
    t.tokens = min(game.settings.resource_tokens, t.tokens + 1)
    game.say(f"Harmony is almost caught: SMUSH has {t.clues} clue(s), Harmony {t.tokens} "
             f"resource token(s).")
    if t.clues >= game.settings.clues:                                   # SM-END-1
        t.winner, t.ending, t.reason = SMUSH, "clues", f"{t.clues} clues in round {t.round}"
        t.usage.decided[t.last_stop] += 1


def succeed(game: Asking, inc: Incursion) -> None:
    """SM-INC-5: a moon crystal for Harmony; a henchman for SMUSH, who may move or turn
    one defence."""
    t = game.table
    t.crystals += 1
    game.say(f"The incursion succeeds: Harmony has {t.crystals} moon crystal(s).")
    if t.crystals >= game.settings.crystals:                             # SM-END-1
        t.winner, t.ending = HARMONY, "crystals"
        t.reason = f"{t.crystals} moon crystals in round {t.round}"
        t.usage.decided.update(inc.used)
        return
    if t.henchmen_gained < game.settings.henchmen:     # assumption: the box holds two
        t.henchmen_gained += 1
        t.supply += 1
        game.say("SMUSH gains a henchman.")
    rearrange(game)


def rearrange(game: Asking) -> None:
    """SM-INC-5: "change a single Defence card's position ... or its orientation, but not
    both"."""
    t = game.table
    options = [Option("Leave the defences as they are", ("keep",))]
    for i, d in enumerate(t.line):
        other = d.card.faces[1 - d.face].name
        options.append(Option(f"Turn [{i + 1}] {d.active.name} to {other}", ("turn", i)))
    for i, d in enumerate(t.line):
        options += [Option(f"Move [{i + 1}] {d.active.name} to position {j + 1}", ("move", i, j))
                    for j in range(len(t.line)) if j != i]
    pick = game.ask(SMUSH, "rearrange", "SMUSH: move or turn one defence?", options)
    apply_rearrange(t, pick.move)
    if pick.move != ("keep",):
        game.say(f"SMUSH: {pick.label}.")


def apply_rearrange(t: Table, move: tuple) -> None:
    if move[0] == "turn":
        t.line[move[1]].face = 1 - t.line[move[1]].face
    elif move[0] == "move":
        t.line.insert(move[2], t.line.pop(move[1]))


# -------------------------------------------------------------------------- on bypass

def on_bypass_valid(t: Table, inc: Incursion, index: int, with_gadget: bool) -> bool:
    power = t.line[index].active.on_bypass
    assert power is not None
    kind = power["kind"]
    if kind == "deny_flips":
        return inc.flips_left > 0 and not inc.denied
    if kind == "move_henchman":
        at = neighbour(index, power["direction"])
        return t.line[index].henchmen > 0 and 0 <= at < len(t.line)
    if kind == "lose_cp":
        return t.cp > 0 and not (power["unless_gadget"] and with_gadget)
    return index >= 2                                                    # swap_next


def on_bypass(game: Asking, inc: Incursion, index: int, with_gadget: bool) -> None:
    """SM-INC step 4: "On Bypass powers trigger now". Assumption: SMUSH chooses whether to
    trigger one (the example round: "James could trigger it"); one with no valid target is
    ignored."""
    t = game.table
    here = t.line[index]
    power = here.active.on_bypass
    if power is None:
        return
    if not on_bypass_valid(t, inc, index, with_gadget):
        game.say(f"{here.active.name}'s on-bypass power has no valid target.")
        return
    pick = game.ask(SMUSH, "on_bypass", f"SMUSH: trigger {here.active.name}'s power?",
                    [Option(f"Trigger: {power['text']}", ("trigger",)),
                     Option("Do not trigger it", ("skip",))])
    if pick.move != ("trigger",):
        return
    kind = power["kind"]
    if kind == "deny_flips":
        t.gain_cp(power["gift"])
        inc.denied = True
    elif kind == "move_henchman":
        here.henchmen -= 1
        t.line[neighbour(index, power["direction"])].henchmen += 1
    elif kind == "lose_cp":
        t.cp -= min(t.cp, power["amount"])
    elif not ransom_paid(game, power["ransom"]):                          # swap_next
        swap_next(t.line, index)
    game.say(f"SMUSH triggers {here.active.name}: {power['text']}")


def ransom_paid(game: Asking, ransom: int) -> bool:
    t = game.table
    if ransom <= 0 or t.budget() < ransom:
        return False
    pick = game.ask(HARMONY, "ransom", f"Harmony: give SMUSH {ransom} CP to stop the swap?",
                    [Option(f"Pay {ransom} CP", ("pay", ransom)), Option("Let SMUSH swap", ("let",))])
    if pick.move[0] == "pay":
        t.pay(ransom)
        return True
    return False
