"""Steps and effects as the short game text a card prints ("Test Spycraft -1 [2]").

Stranded cards, dead drops, secret-mission rewards and the Aussie Butcher's levels hold
typed steps in the JSON; a card shows them the way the printed games word them: a test
names its skills, modifiers and bracketed successes, then PASS and FAIL results.
Writer prose is escaped through ``markup.prose``; everything else is built from the
closed vocabulary of effects, so nothing a writer types is interpreted.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from smersh_dsl.print.markup import prose

_COUNTED = {
    "gain_intel": ("Gain {n} Intel", None), "lose_intel": ("Lose {n} Intel", None),
    "gain_resolve": ("Gain {n} Resolve", None), "lose_resolve": ("Lose {n} Resolve", None),
    "gain_success": ("Gain {n} Success token{s}", None),
    "lose_success": ("Lose {n} Success token{s}", None),
    "gain_un_transport": ("Gain {n} UN Transport", None),
    "lose_un_transport": ("Lose {n} UN Transport", None),
    "gain_blue_un_transport": ("Gain {n} blue UN Transport", None),
    "lose_blue_un_transport": ("Lose {n} blue UN Transport", None),
    "gain_red_un_transport": ("Gain {n} red UN Transport", None),
    "lose_red_un_transport": ("Lose {n} red UN Transport", None),
    "gain_top_secret": ("Gain {n} Top Secret card{s}", None),
    "lose_top_secret": ("Discard {n} Top Secret card{s}", None),
    "gain_red_intel": ("Gain {n} red Intel", None), "lose_red_intel": ("Lose {n} red Intel", None),
    "gain_evidence": ("Gain {n} evidence card{s}", None),
    "lose_evidence": ("Lose {n} evidence card{s}", None),
    "take_injury": ("Take {n} injur{ies}", None), "heal_injury": ("Heal {n} injur{ies}", None),
    "advance_lobo": ("Advance Dr. Lobo {n} space{s}", None),
    "retreat_lobo": ("Retreat Dr. Lobo {n} space{s}", None),
    "draw_villain_card": ("Draw {n} Villain card{s}", None),
    "draw_top_secret": ("Draw {n} Top Secret card{s}", None),
    "draw_fate_card": ("Draw {n} Fate card{s}", None),
}

_NAMED = {
    "gain_status": ("Gain the {t} status", "Gain a status"),
    "lose_status": ("Discard the {t} status", "Discard a status"),
    "gain_advanced_skill": ("Gain the {t} Advanced Skill", "Gain an Advanced Skill"),
    "lose_advanced_skill": ("Lose the {t} Advanced Skill", "Lose an Advanced Skill of your choice"),
    "raise_skill": ("Raise {t}", "Raise any Basic Skill"),
    "lower_skill": ("Lower {t}", "Lower a Basic Skill of your choice"),
    "move": ("Move to {t}", "Move to any space"),
    "place_intel": ("Place {n} Intel on {t}", "Place {n} Intel"),
    "gain_gadget": ("Draw a Gadget card", "Draw a Gadget card"),
    "lose_gadget": ("Discard a Gadget card", "Discard a Gadget card"),
    "stranded": ("You are stranded", "You are stranded"),
    "flip": ("Flip this card", "Flip this card"),
    "lose_game": ("You lose the game", "You lose the game"),
    "goto": ("Go to {t}", "Go on"),
}

D6_SKILLS = ("Spycraft", "Persuasion", "Deception", "Athletics", "Hand to Hand")


def effect_text(effect: dict) -> str:
    """One effect in the games' wording, e.g. "Take 2 injuries", "Move to Perth"."""
    kind, amount, target = effect["kind"], effect.get("amount", 1), effect.get("target")
    values = {"n": amount, "s": "" if amount == 1 else "s", "ies": "y" if amount == 1 else "ies",
              "t": target}
    if kind in _COUNTED:
        return _COUNTED[kind][0].format(**values)
    if kind == "place_intel" and effect.get("on_lairs"):
        return f"Place {amount} Intel on each Lair"
    named, unnamed = _NAMED.get(kind, (kind.replace("_", " ").capitalize(), None))
    return (named if target else unnamed or named).format(**values)


def _modifier(value: int) -> str:
    return f" {value:+d}" if value else ""


def test_text(step: dict) -> str:
    """The test line: "Test Spycraft -1 or Athletics [2] (pass with Stealth; +1 die with Disguise)"."""
    parts = []
    for option in step["options"]:
        if option["pick"] == "named":
            parts.append(f"{option['skill']}{_modifier(option['modifier'])}")
        elif option["pick"] == "any":
            parts.append(f"any Basic Skill{_modifier(option['modifier'])}")
        else:
            rolled = "; ".join(f"{i} {s}" for i, s in enumerate(D6_SKILLS, 1))
            parts.append(f"a Basic Skill rolled on a D6 ({rolled}; 6 your choice)"
                         f"{_modifier(option['modifier'])}")
    successes = {o["successes"] for o in step["options"]}
    text = "Test " + " or ".join(parts)
    if successes != {1}:
        text += " " + "/".join(f"[{n}]" for n in sorted(successes))
    extras = []
    if step.get("auto_pass_with"):
        extras.append("pass with " + " or ".join(step["auto_pass_with"]))
    for dice in step.get("dice_with", []):
        extras.append(f"{dice['dice']:+d} {'die' if abs(dice['dice']) == 1 else 'dice'} "
                      f"with {dice['holdable']}")
    return text + (f" ({'; '.join(extras)})" if extras else "")


def condition_text(condition: dict) -> str:
    kind = condition["kind"]
    if kind == "not":
        return "not " + condition_text(condition["operand"])
    if kind == "status":
        return f"you have the {condition['name']} status"
    if kind == "has":
        return f"you have {condition['name']}"
    if kind == "henchman":
        state = condition["state"].replace("_", " ")
        return f"the {condition['henchman']} Henchman sheet is {state}"
    if kind == "main_henchman":
        return f"the main Henchman is {condition['state'].replace('_', ' ')}"
    if kind == "level":
        return f"this Henchman is at level {condition['value']}"
    if kind == "compare":
        return f"{condition['counter']} {condition['op']} {condition['value']}"
    if kind == "expert":
        return "this is an expert campaign"
    return kind.replace("_", " ")


def steps_html(steps: list[dict]) -> Markup:
    """HTML for a list of steps: prose paragraphs, effect lines, tests with their results."""
    return Markup(" ").join(_step(step) for step in steps)


def _results(label: str, steps: list[dict]) -> Markup:
    return Markup('<div class="result"><span class="result-label">{}</span> {}</div>').format(
        label, steps_html(steps) if steps else Markup("Nothing happens."))


def _step(step: dict) -> Markup:
    kind = step["kind"]
    if kind == "prose":
        return Markup('<p class="prose">{}</p>').format(prose(step["text"]))
    if kind == "test":
        return (Markup('<p class="test">{}</p>').format(test_text(step))
                + _results("Pass:", step["pass"]) + _results("Fail:", step["fail"]))
    if kind == "gamble":
        return (Markup('<p class="test">Gamble</p>') + _results("Pass:", step["pass"])
                + _results("Fail:", step["fail"]))
    if kind == "choice":
        options = Markup("").join(
            Markup("<li>{}{}</li>").format(prose(option["label"]), _option_effects(option))
            for option in step["options"])
        return Markup('<p class="test">Choose one:</p><ul class="choice">{}</ul>').format(options)
    if kind == "if":
        html = _results(f"If {condition_text(step['condition'])}:", step["then"])
        if step.get("else"):
            html += _results("Otherwise:", step["else"])
        return html
    if kind == "reroll_if_confronted":
        return Markup('<p class="rule">If the {} Henchman sheet is in play and you have already '
                      'confronted them, reroll the Fate die for a new Encounter.</p>').format(
                          step["henchman"])
    return Markup('<p class="effect">{}.</p>').format(effect_text(step))


def _option_effects(option: dict) -> Markup:
    """An option's own effects, when its label does not already say them."""
    effects = [s for s in option.get("steps", []) if s["kind"] not in ("prose",)]
    said = str(escape(option["label"])).lower()
    if all(effect_text(s).lower() in said for s in effects if s["kind"] in _COUNTED or
           s["kind"] in _NAMED):
        return Markup("")
    return Markup(' <span class="effects">({})</span>').format(
        "; ".join(effect_text(s) for s in effects if s["kind"] in _COUNTED or s["kind"] in _NAMED))
