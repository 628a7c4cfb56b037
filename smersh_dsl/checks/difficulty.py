"""Q001, off by default: a test that a spy of typical level nearly always passes or
nearly always fails, by the exact odds `smersh stats` uses (play/core/odds.py)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from smersh_dsl.analysis.paths import keyword_span
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.model.steps import SkillTest, TestOption
from smersh_dsl.model.world import GameDef
from smersh_dsl.play.core.odds import pass_chance


def skill_faces(project: Project) -> tuple[str, ...] | None:
    """The faces of the game's `die skill` (EP-TEST-1 rolls it), nearest header first."""
    for p in project.lineage():
        if isinstance(p.header, GameDef):
            for die in p.header.dice:
                if die.name.text == "skill":
                    return die.faces
    return None


def _option_text(option: TestOption) -> str:
    name = option.skill.name if option.skill is not None else option.pick.value
    modifier = f" {option.modifier:+d}" if option.modifier else ""
    needed = f" [{option.successes}]" if option.successes != 1 else ""
    return f"{name}{modifier}{needed}"


@check("Q001")
def test_difficulty(ctx: Context) -> Iterator[Diagnostic]:
    # rule: EP-TEST-1, EP-TEST-2, EP-TEST-3 (the spy takes the best skill offered),
    # EP-TEST-6 and EP-TEST-7 (resolve spent best): the odds of play/core/odds.py
    if not ctx.enabled("Q001"):
        return
    faces = skill_faces(ctx.project)
    if faces is None:
        return
    setting = ctx.difficulty
    low, high = Fraction(setting.low) / 100, Fraction(setting.high) / 100
    for step in ctx.steps.checks:
        test = step.action
        if not isinstance(test, SkillTest) or not test.options:
            continue
        chances = [(pass_chance(setting.level + o.modifier, o.successes, setting.resolve, faces), o)
                   for o in test.options]
        chance, best = max(chances, key=lambda pair: pair[0])
        if low <= chance <= high:
            continue
        if chance in (0, 1):
            how = "never passes" if chance == 0 else "always passes"
            said = f"a spy at level {setting.level} {how} this test (`{_option_text(best)}`)"
        else:
            how = "only" if chance < low else "as often as"
            said = (f"a spy at level {setting.level} passes this test {how} {float(chance):.1%} "
                    f"of the time (`{_option_text(best)}`)")
        yield Diagnostic.of(
            "Q001", keyword_span(step.span, "test"), said,
            "change the modifier or the successes needed, or set the typical spy in "
            "smersh.toml's `[difficulty]`")
