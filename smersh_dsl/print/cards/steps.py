"""Steps as a card prints them: the books' words and markup, laid out for a card.

Stranded cards, dead drops, secret-mission rewards and the Aussie Butcher's levels hold
typed steps in the JSON. Every word of a step comes from ``print/phrases.py``, the wording
the books use too, and each part has the books' markup (``templates/steps.html.j2``): prose
and effects run together in one paragraph ("It works. Gain 1 Intel."), an effect is a
``<span class="fx">``, a test a TEST line followed by PASS and FAIL outcomes, a gamble a
GAMBLE line with the same outcomes, a condition "If …:" in a branch. What only a card
does, for want of room: a choice shows each option's label, its condition and, when the
label does not already say them, its effects (not its prose, nor a test inside it); a test
whose skill a d6 picks lists the d6 faces.
Writer prose is escaped through ``markup.paragraphs``; nothing a writer types is
interpreted.
"""

from __future__ import annotations

from markupsafe import Markup

from smersh_dsl.print import phrases
from smersh_dsl.print.markup import html, prose


def effects_text(effects: list[dict]) -> Markup:
    """Effects in one line, as a mission reward lists them: "Draw a Gadget card; Gain 1 Resolve"."""
    return Markup("; ").join(phrases.effect(e) for e in effects if e["kind"] != "prose")


def steps_html(steps: list[dict]) -> Markup:
    """HTML for a list of steps: paragraphs of prose and effects, tests with their outcomes."""
    return Markup("").join(_block(kind, content) for kind, content in _runs(steps))


def _goto(target: str) -> Markup:
    """A card has no section to link to: a jump's target is printed as a name."""
    return html('<span class="goto">%s</span>', target)


def _words(step: dict) -> Markup:
    return html("Go to %s", _goto(step["target"])) if step["kind"] == "goto" else phrases.effect(step)


def _runs(steps: list[dict]) -> list[tuple[str, object]]:
    return phrases.runs(steps, _goto)


def _block(kind: str, content) -> Markup:
    if kind == "text":
        return Markup("").join(html("<p>%s</p>", p) for p in content)
    step = content
    if kind == "test":
        out = html('<p class="test"><span class="label">TEST</span> %s</p>', phrases.test(step))
        if any(option["pick"] == "d6" for option in step["options"]):
            out += html('<p class="note">%s</p>', phrases.d6_skills())
        return out + _outcomes(step)
    if kind == "gamble":
        return (html('<p class="gamble"><span class="label">GAMBLE</span> %s</p>', phrases.GAMBLE)
                + _outcomes(step))
    if kind == "choice":
        options = Markup("").join(_option(option) for option in step["options"])
        return html('<div class="choice"><span class="label">CHOOSE</span><ol>%s</ol></div>',
                    options)
    if kind == "if":
        out = html('<p class="note">If %s:</p>%s', phrases.condition(step["condition"]),
                   steps_html(step["then"]))
        if step.get("else"):
            out += html('<p class="note">Otherwise:</p>%s', steps_html(step["else"]))
        return html('<div class="branch">%s</div>', out)
    if kind == "reroll_if_confronted":
        return html('<p class="note">If the %s Henchman sheet is in play and you have already '
                    'confronted them, reroll the Fate die for a new Encounter.</p>', step["henchman"])
    raise ValueError(f"no layout for the step {kind!r}")


def _outcomes(step: dict) -> Markup:
    return (html('<div class="outcome pass"><span class="label">PASS</span>%s</div>',
                 _inline(step["pass"]))
            + html('<div class="outcome fail"><span class="label">FAIL</span>%s</div>',
                   _inline(step["fail"])))


def _inline(steps: list[dict]) -> Markup:
    """Steps after a label: the first paragraph runs on from the label."""
    runs = _runs(steps)
    if not runs:
        return Markup(" Nothing happens.")
    if runs[0][0] != "text":
        return steps_html(steps)
    first, *rest = runs[0][1]
    return (html(" %s", first) + _block("text", rest)
            + Markup("").join(_block(kind, content) for kind, content in runs[1:]))


def _option(option: dict) -> Markup:
    """A choice's option: its label, its condition as the books word it, then its effects
    when the label does not already say them."""
    label = prose(option["label"])
    out = label
    if option.get("guard"):
        out += html(" <i>(only if %s)</i>", phrases.condition(option["guard"]))
    effects = [s for s in option.get("steps", []) if s["kind"] not in phrases.BLOCKS | {"prose"}]
    said = str(label).lower()
    if effects and not all(str(_words(s)).lower() in said for s in effects):
        [(_, (text,))] = phrases.runs(effects, _goto)      # effects only: one paragraph
        out += html(": %s", text)
    return html("<li>%s</li>", out)
