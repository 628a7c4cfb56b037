"""The words every printed piece uses for the typed parts of a step: effects, conditions, tests.

The one source of this wording: the books (``templates/steps.html.j2``, ``books/common.py``)
and the cards (``cards/steps.py``) both call it, so a step reads and is marked up the same
way in a book and on a card. Everything here returns escaped HTML (``Markup``): names come
from the writer and are escaped like prose. The wording follows the rulebook: "Athletics −2
[2]" (a bracketed number only when more than one success is needed, EP-TEST-3), "Pass with
Adventuring", "+1 die with Disguise".
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup, escape

from smersh_dsl.print.markup import html, paragraphs
from smersh_dsl.wording import count, counted

MINUS = "\u2212"

# kind -> (verb, singular noun, plural noun) for effects counted in tokens or cards
_COUNTED = {
    "gain_intel": ("Gain", "Intel", "Intel"), "lose_intel": ("Lose", "Intel", "Intel"),
    "gain_resolve": ("Gain", "Resolve", "Resolve"), "lose_resolve": ("Lose", "Resolve", "Resolve"),
    "gain_success": ("Gain", "Success token", "Success tokens"),
    "lose_success": ("Lose", "Success token", "Success tokens"),
    "gain_un_transport": ("Gain", "UN Transport token", "UN Transport tokens"),
    "lose_un_transport": ("Lose", "UN Transport token", "UN Transport tokens"),
    "gain_blue_un_transport": ("Gain", "blue UN Transport token", "blue UN Transport tokens"),
    "lose_blue_un_transport": ("Lose", "blue UN Transport token", "blue UN Transport tokens"),
    "gain_red_un_transport": ("Gain", "red UN Transport token", "red UN Transport tokens"),
    "lose_red_un_transport": ("Lose", "red UN Transport token", "red UN Transport tokens"),
    "gain_top_secret": ("Gain", "Top Secret card", "Top Secret cards"),
    "lose_top_secret": ("Discard", "Top Secret card", "Top Secret cards"),
    "gain_red_intel": ("Gain", "Red Intel", "Red Intel"),
    "lose_red_intel": ("Lose", "Red Intel", "Red Intel"),
    "gain_evidence": ("Gain", "Evidence", "Evidence"),
    "lose_evidence": ("Lose", "Evidence", "Evidence"),
    "take_injury": ("Take", "Injury", "Injuries"), "heal_injury": ("Heal", "Injury", "Injuries"),
    "draw_villain_card": ("Draw", "Villain card", "Villain cards"),
    "draw_top_secret": ("Draw", "Top Secret card", "Top Secret cards"),
    "draw_fate_card": ("Draw", "Fate card", "Fate cards"),
}

_FIXED = {
    "gain_gadget": "Draw a Gadget card", "lose_gadget": "Discard a Gadget card of your choice",
    "stranded": "You are Stranded: draw a Stranded card", "flip": "Flip the henchman card",
    "lose_game": "The game is lost",
}

_CHOOSABLE = {   # kind -> (with a target, of the player's choice)
    "gain_advanced_skill": ("Gain the %s Advanced Skill", "Gain an Advanced Skill of your choice"),
    "lose_advanced_skill": ("Lose the %s Advanced Skill", "Lose an Advanced Skill of your choice"),
    "raise_skill": ("Raise %s by 1", "Raise a Basic Skill of your choice by 1"),
    "lower_skill": ("Lower %s by 1", "Lower a Basic Skill of your choice by 1"),
    "move": ("Move to %s", "Move to any location"),
}

_STATES = {"defeated": "has been defeated", "undefeated": "is undefeated",
           "in_play": "is in play", "confronted": "has been confronted"}
_COUNTERS = {"successes": "Success tokens", "players": "players", "intel": "Intel",
             "resolve": "Resolve", "round": "the round"}
_NOT_STATES = {"defeated": "has not been defeated", "undefeated": "has been defeated",
               "in_play": "is not in play", "confronted": "has not been confronted"}
_OPS = {">=": "at least", "<=": "at most", "==": "exactly", "!=": "not", ">": "more than",
        "<": "fewer than"}

# What a d6 picks for a "test d6" (SH-BUTCHER-1): the basic skills in board order, 6 free.
D6_SKILLS = ("Spycraft", "Persuasion", "Deception", "Athletics", "Hand to Hand")

GAMBLE = "Wager 1 to 6 Intel and roll that many Skill dice; one success wins."


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"{MINUS}{-number}" if number < 0 else "0"


def effect(step: dict) -> Markup:
    """An effect as a sentence without its full stop, e.g. "Take 2 Injuries"."""
    kind, amount, target = step["kind"], step.get("amount", 1), step.get("target")
    if kind in _COUNTED:
        verb, one, many = _COUNTED[kind]
        return Markup(f"{verb} {count(amount, one, many)}")
    if kind in ("advance_lobo", "retreat_lobo"):
        way = "forward" if kind == "advance_lobo" else "back"
        return Markup(f"Move Dr. Lobo {count(amount, 'space')} {way}")
    if kind in _FIXED:
        return Markup(_FIXED[kind])
    if kind in ("gain_status", "lose_status"):
        verb = "Gain" if kind == "gain_status" else "Discard"
        return html("%s the %s Status card", verb, _name(target))
    if kind in _CHOOSABLE:
        named, chosen = _CHOOSABLE[kind]
        return html(named, _name(target)) if target else Markup(chosen)
    if kind == "place_intel":
        if step.get("on_lairs"):
            return html("Place %s Intel on each Lair", amount)
        if target:
            return html("Place %s Intel on %s", amount, _name(target))
        return html("Place %s Intel", amount)
    raise ValueError(f"no wording for the effect {kind!r}")


def condition(cond: dict) -> Markup:
    """A condition as a clause: "you have Disguise", "Pierre has been confronted"."""
    kind = cond["kind"]
    if kind == "not":
        return _negated(cond["operand"])
    if kind == "status":
        return html("you have the %s Status card", _name(cond["name"]))
    if kind == "has":
        return html("you have %s", _name(cond["name"]))
    if kind == "henchman":
        return html("%s %s", _name(cond["henchman"]), _STATES[cond["state"]])
    if kind == "main_henchman":
        return html("the main henchman %s", _STATES[cond["state"]])
    if kind == "level":
        return html("the henchman is at level %s", cond["value"])
    if kind == "compare":
        return html("%s is %s %s", _COUNTERS[cond["counter"]], _OPS[cond["op"]], cond["value"])
    if kind == "expert":
        return Markup("you play the expert campaign")
    raise ValueError(f"no wording for the condition {kind!r}")


def _negated(cond: dict) -> Markup:
    """A condition that must not hold: "you do not have Disguise"."""
    kind = cond["kind"]
    if kind == "status":
        return html("you do not have the %s Status card", _name(cond["name"]))
    if kind == "has":
        return html("you do not have %s", _name(cond["name"]))
    if kind == "henchman":
        return html("%s %s", _name(cond["henchman"]), _NOT_STATES[cond["state"]])
    if kind == "main_henchman":
        return html("the main henchman %s", _NOT_STATES[cond["state"]])
    if kind == "expert":
        return Markup("you do not play the expert campaign")
    return html("it is not so that %s", condition(cond))


def test(step: dict) -> Markup:
    """A test's line after its TEST label: the options, then any bonuses.

    "Athletics −1 [2] or Spycraft (Pass with Stealth)"."""
    line = Markup(" or ").join(test_option(option) for option in step["options"])
    bonuses = test_bonuses(step)
    return line + Markup(" ") + bonuses if bonuses else line


def test_option(option: dict) -> Markup:
    """One alternative of a test: "Athletics −2 [2]", "any Basic Skill", "a Basic Skill picked
    by a d6"."""
    pick = option["pick"]
    skill = (_name(option["skill"]) if pick == "named"
             else Markup("any Basic Skill") if pick == "any"
             else Markup("a Basic Skill picked by a d6"))
    parts = [html('<span class="skill">%s</span>', skill)]
    icon = _icon_for(option["skill"]) if pick == "named" else None
    if icon is not None:
        parts[0] = icon + parts[0]
    if option["modifier"]:       # plain text: an unstyled span costs WeasyPrint a box
        parts.append(escape(signed(option["modifier"])))
    if option["successes"] > 1:
        parts.append(html('<span class="need">[%s]</span>', option["successes"]))
    return Markup(" ").join(parts)


def _icon_for(name: str) -> Markup | None:
    """The icon the game declares under a skill's name, printed before it in a test line."""
    from smersh_dsl.print.markup import icon_html
    from smersh_dsl.print.pictures import current

    pictures = current()
    url = pictures.icon_for(name) if pictures is not None else None
    return None if url is None else icon_html(url, name) + Markup("\u2009")


def test_bonuses(step: dict) -> Markup:
    """The parenthesis after a test: "(Pass with Stealth; +1 die with Disguise)", or nothing."""
    parts = []
    if step["auto_pass_with"]:
        parts.append(html("Pass with %s",
            Markup(" or ").join(_name(n) for n in step["auto_pass_with"])))
    for clause in step["dice_with"]:
        dice = clause["dice"]
        word = counted(dice, "die")
        parts.append(html("%s %s with %s", signed(dice), word, _name(clause["holdable"])))
    return html("(%s)", Markup("; ").join(parts)) if parts else Markup("")


def d6_skills() -> Markup:
    """What each face of the d6 picks, for a test whose skill a d6 picks (SH-BUTCHER-1):
    "d6: 1 Spycraft, 2 Persuasion, …, 6 your choice"."""
    faces = [f"{face} {skill}" for face, skill in enumerate(D6_SKILLS, 1)]
    return html("d6: %s, %s your choice", ", ".join(faces), len(D6_SKILLS) + 1)


def _name(text: str | None) -> Markup:
    return escape(text or "")


BLOCKS = frozenset({"test", "gamble", "choice", "if", "reroll_if_confronted"})


def runs(steps: list[dict], goto: Callable[[str], Markup]) -> list[tuple[str, object]]:
    """Steps grouped as every printed piece lays them out: ("text", (paragraph, ...)) for
    prose and effects running together ("It works. Gain 1 Intel."), (kind, step) for each
    block step (tests, gambles, choices, branches). Effects in a row share one
    ``<span class="fx">``: one box for WeasyPrint to lay out, not one each. ``goto`` words
    a jump's target (a link in a book, a name on a card)."""
    out: list[tuple[str, object]] = []
    current: list[Markup] = []
    effects: list[Markup] = []

    def add(text: Markup) -> None:
        if current:
            current[-1] = current[-1] + Markup(" ") + text
        else:
            current.append(text)

    def flush() -> None:
        if effects:
            add(html('<span class="fx">%s</span>', Markup(" ").join(effects)))
            effects.clear()

    def close() -> None:
        flush()
        if current:
            out.append(("text", tuple(current)))
            current.clear()

    for step in steps:
        kind = step["kind"]
        if kind in BLOCKS:
            close()
            out.append((kind, step))
        elif kind == "prose":
            flush()
            found = paragraphs(step["text"])
            if found:
                add(found[0])
                current.extend(found[1:])
        elif kind == "goto":
            effects.append(html("Go to %s.", goto(step["target"])))
        else:
            effects.append(html("%s.", effect(step)))
    close()
    return out
