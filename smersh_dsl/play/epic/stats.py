"""`smersh stats`: the odds of every test in a document, and how hard each card and
showdown is. Read from the JSON document (what any program gets), not from the model."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from fractions import Fraction

from smersh_dsl.export.labels import card_label, card_labels, node_label, section_label
from smersh_dsl.play.core.odds import pass_chance
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count

LEVELS = range(0, 6)        # skill levels 0-5 (EP-SKILL-1)
RESOLVE = range(0, 4)       # resolve a spy may spend: 0-3


@dataclass(frozen=True)
class TestOdds:
    where: str              # "entry 01.7.4" or "showdown Pierre, encounter 03"
    group: str              # the card ("card Europe 01") or section ("showdown Pierre")
    option: str             # "Spycraft +2 [2]"
    table: tuple[tuple[Fraction, ...], ...]     # [level][resolve]


def _tests(steps: list[dict]) -> Iterator[dict]:
    for step in steps:
        if step.get("kind") == "test":
            yield step
        for key in ("pass", "fail", "then", "else", "steps"):
            if isinstance(step.get(key), list):
                yield from _tests(step[key])
        for option in step.get("options", []) if step.get("kind") == "choice" else []:
            yield from _tests(option.get("steps", []))


def _label(option: dict) -> str:
    skill = option["skill"] or ("any skill" if option["pick"] == "any" else "a d6 skill")
    mod = f" {option['modifier']:+d}" if option["modifier"] else ""
    need = f" [{option['successes']}]" if option["successes"] != 1 else ""
    return f"{skill}{mod}{need}"


def skill_faces(doc: dict) -> tuple[str, ...]:
    dice = (doc.get("vocabulary") or {}).get("dice") or {}
    faces = dice.get("skill")
    if not faces:
        raise ValueError("the document declares no `skill` die: its faces decide the odds")
    return tuple(faces)


def odds(doc: dict) -> list[TestOdds]:
    faces = skill_faces(doc)
    places: list[tuple[str, str, list[dict]]] = []
    cards = card_labels(doc)
    for entry in doc.get("entries", []):
        places.append((f"entry {entry['key']}", card_label(cards, entry["encounter"]), entry["steps"]))
    for section in doc.get("sections", []):
        group = section_label(section)
        if section.get("intro"):
            places.append((node_label(section, None), group, section["intro"]))
        for node in section.get("nodes", []):
            places.append((node_label(section, node), group, node.get("steps", [])))
    found = []
    for where, group, steps in places:
        for test in _tests(steps):
            for option in test["options"]:
                table = tuple(tuple(pass_chance(level + option["modifier"], option["successes"], r, faces)
                                    for r in RESOLVE) for level in LEVELS)
                found.append(TestOdds(where, group, _label(option), table))
    return found


def difficulty(found: list[TestOdds]) -> dict[str, list[float]]:
    """Per card or section: the mean chance to pass its tests at each level, no resolve."""
    groups: dict[str, list[TestOdds]] = {}
    for item in found:
        groups.setdefault(item.group, []).append(item)
    return {g: [round(float(sum(t.table[lv][0] for t in items) / len(items)), 4) for lv in LEVELS]
            for g, items in sorted(groups.items())}


def render(found: list[TestOdds], fmt: str) -> str:
    if fmt == "json":
        return json.dumps({
            "levels": list(LEVELS), "resolve": list(RESOLVE),
            "tests": [{"where": t.where, "option": t.option,
                       "pass": [[round(float(p), 6) for p in row] for row in t.table]} for t in found],
            "difficulty": difficulty(found)}, indent=2) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["where", "option", "level", *(f"resolve_{r}" for r in RESOLVE)])
        for t in found:
            for level in LEVELS:
                writer.writerow([t.where, t.option, level, *(f"{float(p):.4f}" for p in t.table[level])])
        return out.getvalue()
    lines = [f"Chance to pass at skill level 0-5 with 0-3 resolve spent (the best way, "
             f"EP-TEST-6, -7); {count(len(found), 'test option')}", ""]
    width = max((len(t.where) + len(t.option) for t in found), default=20) + 3
    lines.append(f"{'test':<{width}}{'resolve':>8}" + "".join(f"{lv:>7}" for lv in LEVELS))
    for t in found:
        for spent in RESOLVE:
            label = t.where + ": " + t.option if spent == 0 else ""
            lines.append(f"{label:<{width}}{spent:>8}"
                         + "".join(f"{float(t.table[lv][spent]):>7.0%}" for lv in LEVELS))
    lines += ["", "Difficulty: mean chance per card or section", ""]
    table = difficulty(found)
    column = max((len(group) + 2 for group in table), default=24)
    for group, row in table.items():
        lines.append(f"{group:<{column}}" + "".join(f"{p:>7.0%}" for p in row))
    return "\n".join(lines) + "\n"
