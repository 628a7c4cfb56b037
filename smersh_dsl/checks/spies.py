"""E: spy sheets against the game's skill board (EP-SKILL-1, EP-SKILL-2)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.cards import SpySheet
from smersh_dsl.model.world import GameDef


def _game(ctx: Context) -> GameDef | None:
    """The nearest game header down the project's line (an expansion uses its base's)."""
    for project in ctx.project.lineage():
        if isinstance(project.header, GameDef) and type(project.header) is GameDef:
            return project.header
    return None


@check("E002", "E003")
def spy_sheets(ctx: Context) -> Iterator[Diagnostic]:
    game = _game(ctx)
    if game is None:
        return
    for spy in ctx.project.of_type(SpySheet):
        if game.skill_max is not None:
            for level in spy.skills:
                if level.level > game.skill_max:                              # EP-SKILL-1
                    yield Diagnostic.of(
                        "E002", level.span,
                        f"{spy.name.text} starts {level.skill.name} at {level.level}; the skill "
                        f"board goes up to {game.skill_max}",
                        f"lower it to {game.skill_max} at most (EP-SKILL-1), or raise the game's `max`")
        seen: set[str] = set()
        for count, skill in enumerate(spy.advanced_skills, start=1):       # EP-SKILL-2
            if skill.name in seen:
                yield Diagnostic.of("E003", skill.span,
                                    f"{spy.name.text} holds {skill.name} twice",
                                    "an advanced skill is held once: remove the repeat")
            elif game.advanced_limit is not None and count == game.advanced_limit + 1:
                yield Diagnostic.of("E003", skill.span,
                                    f"{spy.name.text} holds more than {game.advanced_limit} "
                                    "advanced skills",
                                    f"a spy holds at most {game.advanced_limit} (EP-SKILL-2); "
                                    "remove one")
            seen.add(skill.name)
