"""Hover texts: a test's odds by skill level (EP-TEST-*), a goto's target's first line, a
picture's format, size and resolution where it prints."""

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


def _picture_at(index: ProjectIndex, file: str, line: int, column: int) -> str | None:
    """`art/casino.png`: PNG, 900 x 400 pixels, 308 dpi on a card front."""
    from smersh_dsl.checks.art import placed_in
    from smersh_dsl.images.files import Located, locate
    from smersh_dsl.images.formats import pixel_size, sniff_file
    from smersh_dsl.images.placement import BOXES, Place, printed_dpi
    from smersh_dsl.model.art import Fit

    blocks = index.definitions_in(file)
    found = [(a.path, a.path_span, place, a.fit) for a, place in placed_in(blocks)]
    found += [(i.path, i.path_span, Place.ICON, Fit.CONTAIN) for header in blocks
              if isinstance(header, GameDef) for i in header.icons]
    for written, span, place, fit in found:
        if not contains(span, file, line, column):
            continue
        where = locate(index.project.root, written)
        if not isinstance(where, Located):
            return f"`{written}`: {where.reason}"
        try:
            kind = sniff_file(where.path)
            pixels = pixel_size(where.path, kind) if kind is not None else None
        except OSError as error:
            return f"`{written}`: {error.strerror or error}"
        if kind is None:
            return f"`{written}`: not a PNG, JPEG or SVG image"
        if pixels is None:
            return f"`{written}`: {kind.name}, on a {place.value}"
        dpi = printed_dpi(pixels, BOXES[place], fit)
        return f"`{written}`: {kind.name}, {pixels[0]} x {pixels[1]} pixels, {dpi:.0f} dpi on a {place.value}"
    return None


def hover_text(index: ProjectIndex, file: str, line: int, column: int) -> str | None:
    use = index.use_at(file, line, column)
    if use is not None and use.ref.kind is RefKind.TARGET and isinstance(use.section, Showdown):
        span = target_span(use.section, use.ref.name)
        if span is None:
            return None
        prose = next((p for p in nodes(use.section, Prose) if span.contains(p.span)), None)
        first = prose.text.split("\n")[0] if prose else "(no text)"
        return f"**{use.ref.name}**: {first[:200]}"
    picture = _picture_at(index, file, line, column)
    if picture is not None:
        return picture
    faces = _skill_faces(index)
    for definition in index.definitions_in(file):
        if not contains(definition.span, file, line, column):
            continue
        for test in nodes(definition, SkillTest):
            if contains(test.span, file, line, column) and faces:
                return _test_table(test, faces)
    return None
