"""The S.H.I.E.L.D. campaign log: played scenario by scenario, saved, continued (SC-*)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import REPO, smersh
from smersh_dsl.export.validate import problems

SHIELD = str(REPO / "books" / "shield")


def play(log: Path, seed: int, *extra: str):
    return smersh("play", SHIELD, "--log", str(log), "--auto", "--seed", str(seed), *extra)


def _keeper_runs(log: Path, seeds: range, players: int = 2):
    """Scenario after scenario in this process, as `smersh play --log` runs one."""
    import random

    from smersh_dsl.checks.run import check_paths
    from smersh_dsl.export.document import document, dumps
    from smersh_dsl.play.campaign.log import Keeper, load_log, new_log, play_scenario
    from smersh_dsl.play.core.deciders import GreedyPolicy

    projects, _ = check_paths([REPO / "books" / "shield"])
    doc = json.loads(dumps(document(projects[0])))
    for seed in seeds:
        rng = random.Random(seed)
        state = load_log(log, doc) if log.exists() else new_log(doc, players, False)
        yield play_scenario(Keeper(doc, state, GreedyPolicy(), rng, lambda _: None, True), log)


def test_a_campaign_is_played_in_order_and_saved_after_each_scenario(tmp_path: Path):
    """SC-CAMP-1: "Five scenarios won in order"; SC-CAMP-2: "a loss may be replayed"."""
    log = tmp_path / "log.json"
    assert play(log, 0, "--players", "2").returncode == 0          # the command, once
    for said in _keeper_runs(log, range(1, 40)):
        saved = json.loads(log.read_text())
        assert problems(saved, kind="campaign-log") == []
        assert saved["completed"] == list(range(1, len(saved["completed"]) + 1))
        if "complete" in said:
            break
    assert saved["completed"] == [1, 2, 3, 4, 5]
    # SC-LOG-2: what scenario 1 recorded is what scenario 2's setup reads back.
    assert "minions_and_side_schemes" in saved["fields"] and "1" in saved["fields"]["minions_and_side_schemes"]


def test_evidence_crosses_out_every_combination_with_its_card(tmp_path: Path):
    """SC-EVID-3: "cross out every combination with its icon"."""
    log = tmp_path / "log.json"
    for _ in _keeper_runs(log, range(40)):
        saved = json.loads(log.read_text())
        if saved["evidence_gained"]:
            break
    card = saved["evidence_gained"][0]
    assert saved["crossed_out"] and all(card in c.split(" / ") or any(
        g in c.split(" / ") for g in saved["evidence_gained"]) for c in saved["crossed_out"])
    assert len([c for c in saved["crossed_out"] if card in c.split(" / ")]) == 9   # 3 x 3 others


def test_a_truncated_save_is_a_clear_error_and_is_left_alone(tmp_path: Path):
    log = tmp_path / "log.json"
    log.write_text('{"format_version": 1, "camp')
    result = play(log, 1)
    assert result.returncode == 2 and "truncated" in result.stderr and "log.json:1:" in result.stderr
    assert log.read_text() == '{"format_version": 1, "camp'


def test_a_save_from_another_version_names_the_field(tmp_path: Path):
    log = tmp_path / "log.json"
    play(log, 1)
    saved = json.loads(log.read_text())
    saved["format_version"] = 2
    log.write_text(json.dumps(saved))
    result = play(log, 2)
    assert result.returncode == 2 and "/format_version" in result.stderr
