"""Hover texts: a test's odds by skill level (EP-TEST-*), a goto's target's first line."""

from __future__ import annotations

from smersh_dsl.lsp.index import ProjectIndex, contains, target_span
from smersh_dsl.model.refs import RefKind
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.steps import Prose, SkillTest
from smersh_dsl.model.walk import nodes
from smersh_dsl.model.world import GameDef
from smersh_dsl.play.core.odds import pass_chance


def _skill_faces(index: ProjectIndex) -> tuple[str, ...] | None:
    for member in index.project.lineage():
        if isinstance(member.header, GameDef):
            for die in member.header.dice:
                if die.name.text == "skill":
                    return die.faces
    return None


def _test_table(test: SkillTest, faces: tuple[str, ...]) -> str:
    rows = ["| option | " + " | ".join(f"lvl {lv}" for lv in range(6)) + " |",
            "|---" * 7 + "|"]
    for option in test.options:
        name = option.skill.name if option.skill else option.pick.value
        label = f"{name} {option.modifier:+d} [{option.successes}]"
        rows.append(f"| {label} | " + " | ".join(
            f"{float(pass_chance(lv + option.modifier, option.successes, 0, faces)):.0%}"
            for lv in range(6)) + " |")
    return "Chance to pass, no resolve spent (EP-TEST-1, -2):\n\n" + "\n".join(rows)


def hover_text(index: ProjectIndex, file: str, line: int, column: int) -> str | None:
    use = index.use_at(file, line, column)
    if use is not None and use.ref.kind is RefKind.TARGET and isinstance(use.section, Showdown):
        span = target_span(use.section, use.ref.name)
        if span is None:
            return None
        prose = next((p for p in nodes(use.section, Prose) if span.contains(p.span)), None)
        first = prose.text.split("\n")[0] if prose else "(no text)"
        return f"**{use.ref.name}**: {first[:200]}"
    faces = _skill_faces(index)
    for definition in index.definitions_in(file):
        if not contains(definition.span, file, line, column):
            continue
        for test in nodes(definition, SkillTest):
            if contains(test.span, file, line, column) and faces:
                return _test_table(test, faces)
    return None
