"""`smersh play` from the JSON alone: each rule the table enforces, and whole showdowns."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from conftest import REPO, smersh
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document, dumps
from smersh_dsl.play.core.deciders import GreedyPolicy
from smersh_dsl.play.epic.engine import Table
from smersh_dsl.play.epic.party import party_from
from smersh_dsl.play.epic.sessions import play_encounter, play_showdown, roll_fate


@pytest.fixture(scope="module")
def epic() -> dict:
    projects, _ = check_paths([REPO / "books" / "epic"])
    return json.loads(dumps(document(projects[0])))      # the JSON, as a program reads it


class Loaded(random.Random):
    """Dice that show what the test says, in order."""

    def __init__(self, faces: list[str]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def choice(self, seq):  # noqa: D102
        wanted = self.faces.pop(0) if self.faces else None
        return wanted if wanted in seq else seq[0]


def table(doc: dict, faces: list[str], intel: int = 0, lines: list[str] | None = None) -> Table:
    out = lines if lines is not None else []
    return Table(doc, party_from(doc, 1, intel), Loaded(faces), GreedyPolicy(), out.append)


def test_fate_resolve_face_gains_resolve_and_rerolls(epic):
    """EP-ENC-3: "its Resolve+Reroll face gains 1 Resolve and rerolls"."""
    t = table(epic, ["resolve_reroll", "4"])
    t.party.spies[0].resolve = 0
    assert roll_fate(t, lair=False) == 4
    assert t.party.spies[0].resolve == 1


def test_lair_fixes_the_die_at_five(epic):
    """EP-ENC-4: "At a Lair the die result is always 5"."""
    assert roll_fate(table(epic, ["1"]), lair=True) == 5


def test_a_test_rolls_its_level_in_dice_and_needs_its_successes(epic):
    """EP-TEST-1/-2: dice equal to the skill level after modifiers; [N] successes."""
    lines: list[str] = []
    t = table(epic, ["success", "blank", "blank"], lines=lines)
    spy = t.party.spies[0]
    spy.skills["Spycraft"], spy.resolve = 3, 0
    test = {"kind": "test", "options": [{"pick": "named", "skill": "Spycraft", "modifier": -1,
                                         "successes": 2}],
            "auto_pass_with": [], "dice_with": [], "pass": [], "fail": []}
    assert t.test(test) is False
    assert "rolls 2 dice" in lines[-1]


def test_a_rolled_resolve_icon_becomes_a_success_for_one_resolve(epic):
    """EP-TEST-7: "Each rolled Resolve icon can become a success for 1 Resolve"."""
    t = table(epic, ["resolve"])
    spy = t.party.spies[0]
    spy.skills["Spycraft"], spy.resolve = 1, 1
    test = {"kind": "test", "options": [{"pick": "named", "skill": "Spycraft", "modifier": 0,
                                         "successes": 1}],
            "auto_pass_with": [], "dice_with": [], "pass": [], "fail": []}
    assert t.test(test) is True and spy.resolve == 0


def test_pass_with_a_held_skill_passes_without_rolling(epic):
    """EP-TEST-4: "Pass with X": automatic pass with that status or advanced skill."""
    t = table(epic, [])
    t.party.spies[0].held.add("Disguise")
    test = {"kind": "test", "options": [{"pick": "named", "skill": "Spycraft", "modifier": -9,
                                         "successes": 6}],
            "auto_pass_with": ["Disguise"], "dice_with": [], "pass": [], "fail": []}
    assert t.test(test) is True


def test_a_gamble_without_intel_is_lost(epic):
    """EP-GAMBLE-1: "no intel = automatic loss"."""
    assert table(epic, ["success"], intel=0).gamble() is False


def test_a_failed_encounter_advances_dr_lobo(epic):
    """EP-ENC-6: "a fail advances Dr. Lobo one space"."""
    doc = dict(epic)
    doc["encounter_cards"] = [{"number": 99, "region": "Europe", "title": "T", "sections": [],
                               "responses": [{"number": 1, "text": "Try"}]}]
    doc["entries"] = [{"key": "99.1.5", "encounter": 99, "response": 1, "die": 5, "steps": [
        {"kind": "test", "options": [{"pick": "named", "skill": "Spycraft", "modifier": 0,
                                      "successes": 6}],
         "auto_pass_with": [], "dice_with": [], "pass": [], "fail": []}]}]
    t = table(doc, ["blank"] * 6)
    outcome = play_encounter(t, "Europe", lair=True)
    assert outcome.won is False and t.party.lobo == 1


@pytest.mark.parametrize("name", ["Darling", "Pierre", "Fedor", "Mr. Big", "A", "B", "C", "D"])
def test_every_showdown_finishes_unattended(epic, name):
    """EP-SHOW-2: a showdown ends when all spies die or a conclusion is read."""
    t = Table(epic, party_from(epic, 2, 4), random.Random(1), GreedyPolicy(), lambda _: None)
    outcome = play_showdown(t, name)
    assert outcome.won in (True, False)


def test_play_is_reproducible_from_a_built_document(tmp_path: Path):
    built = smersh("build", str(REPO / "books" / "epic"), "--out", str(tmp_path),
                   "--format", "json")
    assert built.returncode == 0, built.stderr
    doc = tmp_path / "smersh" / "smersh.json"
    runs = [smersh("play", "epic", str(doc), "--showdown", "Pierre", "--auto", "--seed", "7", "--players", "2")
            for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    assert runs[0].stdout.rstrip().splitlines()[-1].startswith(("Victory", "Defeat", "Every spy"))


def test_a_truncated_or_foreign_document_is_a_clear_error(tmp_path: Path):
    cut = tmp_path / "cut.json"
    cut.write_text('{"kind": "game", "vocab')
    result = smersh("play", "epic", str(cut), "--auto")
    assert result.returncode == 2 and "cut.json:1:" in result.stderr and "truncated" in result.stderr
    other = tmp_path / "other.json"
    other.write_text('{"kind": "game", "format_version": 99}')
    result = smersh("play", "epic", str(other), "--auto")
    assert result.returncode == 2 and "not a smersh document" in result.stderr


@pytest.fixture(scope="module")
def swagmans_hope() -> dict:
    projects, _ = check_paths([REPO / "books"])
    expansion = next(p for p in projects if p.name == "swagmans_hope")
    return json.loads(dumps(document(expansion, merged=True)))


@pytest.mark.parametrize("seed", range(6))
def test_a_stranded_card_never_leaves_the_spy_in_the_outback(swagmans_hope, seed):
    """SH-STRAND-1: the stranded card "says where the spy ends"."""
    from smersh_dsl.play.epic.sessions import play_stranded

    t = Table(swagmans_hope, party_from(swagmans_hope, 1, 2), random.Random(seed), GreedyPolicy(),
              lambda _: None)
    outcome = play_stranded(t)
    assert outcome.won is True and t.party.location not in (None, "the Outback", "Outback")


def test_the_butcher_level_2_picks_the_skill_with_a_d6(swagmans_hope):
    """SH-BUTCHER-1: "level 2: d6 picks the skill at -2"."""
    from smersh_dsl.play.epic.sessions import play_levelled

    lines: list[str] = []
    t = Table(swagmans_hope, party_from(swagmans_hope, 1, 2), random.Random(3), GreedyPolicy(),
              lines.append)
    play_levelled(t, "Aussie Butcher", 2)
    butcher = next(h for h in swagmans_hope["henchmen"] if h["name"] == "Aussie Butcher")
    level2 = next(lv for lv in butcher["levels"] if lv["level"] == 2)
    test = next(s for s in level2["steps"] if s["kind"] == "test")
    assert test["options"][0]["pick"] == "d6" and test["options"][0]["modifier"] == -2
    assert any("rolls" in line or "passes" in line for line in lines)
