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
from smersh_dsl.print.markup import paragraphs, prose

_BLOCKS = {"test", "gamble", "choice", "if", "reroll_if_confronted"}


def effects_text(effects: list[dict]) -> Markup:
    """Effects in one line, as a mission reward lists them: "Draw a Gadget card; Gain 1 Resolve"."""
    return Markup("; ").join(phrases.effect(e) for e in effects if e["kind"] != "prose")


def steps_html(steps: list[dict]) -> Markup:
    """HTML for a list of steps: paragraphs of prose and effects, tests with their outcomes."""
    return Markup("").join(_block(kind, content) for kind, content in _runs(steps))


def _words(step: dict) -> Markup:
    if step["kind"] == "goto":    # a card has no section to link to: the target as a name
        return Markup('Go to <span class="goto">{}</span>').format(step["target"])
    return phrases.effect(step)


def _fx(step: dict) -> Markup:
    """An effect as the books mark it up: ``<span class="fx">Take 2 Injuries.</span>``."""
    return Markup('<span class="fx">{}.</span>').format(_words(step))


def _runs(steps: list[dict]) -> list[tuple[str, object]]:
    """The steps grouped as books/common.py groups them: ("text", [paragraph, ...]) for
    prose and effects running together, (kind, step) for each block step."""
    out: list[tuple[str, object]] = []
    current: list[Markup] = []

    def close() -> None:
        if current:
            out.append(("text", list(current)))
            current.clear()

    for step in steps:
        kind = step["kind"]
        if kind in _BLOCKS:
            close()
            out.append((kind, step))
        elif kind == "prose":
            found = paragraphs(step["text"])
            if current and found:
                current[-1] = current[-1] + Markup(" ") + found[0]
                found = found[1:]
            current.extend(found)
        elif current:
            current[-1] = current[-1] + Markup(" ") + _fx(step)
        else:
            current.append(_fx(step))
    close()
    return out


def _block(kind: str, content) -> Markup:
    if kind == "text":
        return Markup("").join(Markup("<p>{}</p>").format(p) for p in content)
    step = content
    if kind == "test":
        html = Markup('<p class="test"><span class="label">TEST</span> {}</p>').format(
            phrases.test(step))
        if any(option["pick"] == "d6" for option in step["options"]):
            html += Markup('<p class="note">{}</p>').format(phrases.d6_skills())
        return html + _outcomes(step)
    if kind == "gamble":
        return (Markup('<p class="gamble"><span class="label">GAMBLE</span> {}</p>').format(
            phrases.GAMBLE) + _outcomes(step))
    if kind == "choice":
        options = Markup("").join(_option(option) for option in step["options"])
        return Markup('<div class="choice"><span class="label">CHOOSE</span><ol>{}</ol></div>'
                      ).format(options)
    if kind == "if":
        html = Markup('<p class="note">If {}:</p>{}').format(
            phrases.condition(step["condition"]), steps_html(step["then"]))
        if step.get("else"):
            html += Markup('<p class="note">Otherwise:</p>{}').format(steps_html(step["else"]))
        return Markup('<div class="branch">{}</div>').format(html)
    if kind == "reroll_if_confronted":
        return Markup('<p class="note">If the {} Henchman sheet is in play and you have already '
                      'confronted them, reroll the Fate die for a new Encounter.</p>').format(
                          step["henchman"])
    raise ValueError(f"no layout for the step {kind!r}")


def _outcomes(step: dict) -> Markup:
    return (Markup('<div class="outcome pass"><span class="label">PASS</span>{}</div>').format(
        _inline(step["pass"]))
        + Markup('<div class="outcome fail"><span class="label">FAIL</span>{}</div>').format(
            _inline(step["fail"])))


def _inline(steps: list[dict]) -> Markup:
    """Steps after a label: the first paragraph runs on from the label."""
    runs = _runs(steps)
    if not runs:
        return Markup(" Nothing happens.")
    if runs[0][0] != "text":
        return steps_html(steps)
    first, *rest = runs[0][1]
    return (Markup(" {}").format(first) + _block("text", rest)
            + Markup("").join(_block(kind, content) for kind, content in runs[1:]))


def _option(option: dict) -> Markup:
    """A choice's option: its label, its condition as the books word it, then its effects
    when the label does not already say them."""
    label = prose(option["label"])
    html = label
    if option.get("guard"):
        html += Markup(" <i>(only if {})</i>").format(phrases.condition(option["guard"]))
    effects = [s for s in option.get("steps", []) if s["kind"] not in _BLOCKS | {"prose"}]
    said = str(label).lower()
    if effects and not all(str(_words(s)).lower() in said for s in effects):
        html += Markup(": {}").format(Markup(" ").join(_fx(s) for s in effects))
    return Markup("<li>{}</li>").format(html)
