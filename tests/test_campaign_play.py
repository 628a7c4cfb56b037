"""The S.H.I.E.L.D. campaign played as written, through the book-keeper (SC-*): the two
envelopes, the board, the expert cap, the accusation; saved, continued, simulated."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from conftest import REPO, smersh
from smersh_dsl.export.validate import problems
from smersh_dsl.play.campaign import board, envelopes
from smersh_dsl.play.campaign.accusation import WRONG_MEMBER_SECRETS, accuse
from smersh_dsl.play.campaign.keeper import Keeper, play_scenario
from smersh_dsl.play.campaign.log import load_log, new_log, save_log
from smersh_dsl.play.campaign.sim import play_campaign
from smersh_dsl.play.core.deciders import GreedyPolicy, RandomPolicy

SHIELD = str(REPO / "books" / "shield")
MEMBERS = ["Chief Medical Officer", "Chief Surveillance Officer", "Chief Tactical Officer"]


@pytest.fixture(scope="module")
def doc() -> dict:
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document, dumps

    projects, _ = check_paths([REPO / "books" / "shield"])
    return json.loads(dumps(document(projects[0])))


def play(log: Path, seed: int, *extra: str):
    return smersh("play", "campaign", SHIELD, "--log", str(log), "--auto", "--seed", str(seed), *extra)


def keeper(doc: dict, seed: int = 0, expert: bool = False, players: int = 2) -> Keeper:
    rng = random.Random(seed)
    return Keeper(doc, new_log(doc, players, expert), GreedyPolicy(), rng, lambda _: None, True)


def scenario(doc: dict, number: int) -> dict:
    return next(s for s in doc["scenarios"] if s["number"] == number)


def until_done(k: Keeper, number: int, saved: list | None = None) -> None:
    """Play (and replay after a loss) until scenario `number` is won."""
    while number not in k.log["completed"]:
        play_scenario(k, (saved.append if saved is not None else lambda _: None))


def prepared(doc: dict, seed: int = 0, expert: bool = False) -> Keeper:
    k = keeper(doc, seed, expert)
    k.steps(scenario(doc, 1)["setup"], 1)
    return k


# -- SC-CAMP-1, SC-CAMP-2, SC-LOG-1, SC-LOG-2

def test_the_five_scenarios_are_won_in_order(doc: dict):
    """SC-CAMP-1: "To complete the campaign, the players must win all five scenarios in
    numerical order, starting with scenario #1 – Black Widow and ending with scenario #5 –
    Baron Zemo." """
    k = keeper(doc, 3)
    titles = []
    k.say = lambda line: titles.append(line) if line.startswith("Scenario ") else None
    for number in range(1, 6):
        until_done(k, number)
    assert k.log["completed"] == [1, 2, 3, 4, 5]
    won = [t.split(":")[0] for t in titles]
    assert won == sorted(won, key=lambda t: int(t.split()[1]))
    assert play_scenario(k, lambda _: None) == "The campaign is complete."


def test_a_lost_scenario_is_replayed_with_no_penalty(doc: dict):
    """SC-CAMP-2: "If the players lost, they may reset the scenario and try again with no
    penalty." The board is put back as it was, and the same scenario comes next."""
    k = keeper(doc, 0)
    until_done(k, 1)
    k.table.won = lambda: False                               # the heroes lose scenario 2
    secrets, turned = dict(k.log["secrets"]), list(k.log["turned"])
    assert play_scenario(k, lambda _: None).startswith("Scenario 2 lost")
    assert (k.log["secrets"], k.log["turned"], k.log["completed"]) == (secrets, turned, [1])


def test_setup_steps_are_taken_in_the_order_listed(doc: dict):
    """SC-CAMP-2: "before players draw their starting hands, follow that scenario's setup
    instructions in the order they are listed": in scenario 1 the evidence is prepared
    before the two secret counters go on each Board Member."""
    k = keeper(doc)
    seen = []
    k.say = seen.append
    k.steps(scenario(doc, 1)["setup"], 1)
    sealed = next(i for i, s in enumerate(seen) if "A.I.M. envelope" in s)
    placed = next(i for i, s in enumerate(seen) if s.startswith("  secrets:"))
    assert sealed < placed and k.log["secrets"] == {m: 2 for m in MEMBERS}


def test_the_log_keeps_the_rulebooks_fields(doc: dict):
    """SC-LOG-1: "The campaign log has the following fields: ... Scenario 1: minions and
    side schemes in play. Scenario 2: rescued captives. ... Scenario 4: surviving
    Thunderbolts." A campaign played through records each in its scenario."""
    k = keeper(doc, 5)
    for number in range(1, 5):
        until_done(k, number)
    fields = k.log["fields"]
    assert set(fields["secrets"]) == {"1", "2", "3", "4"}
    assert list(fields["minions_and_side_schemes"]) == ["1"]
    assert list(fields["rescued_captives"]) == ["2"]
    assert list(fields["adaptoid_environments"]) == ["3"]
    assert list(fields["surviving_thunderbolts"]) == ["4"]
    assert "hit_points" not in fields                 # an expert field, in a standard campaign
    assert problems(k.log, kind="campaign-log") == []


def test_a_setup_places_the_secrets_the_last_victory_recorded(doc: dict):
    """SC-LOG-2: "Place secret counters on each Board Member environment equal to the
    number of secret counters recorded for that environment in scenario #1." """
    k = keeper(doc, 2)
    until_done(k, 1)
    k.log["secrets"] = {m: 3 for m in MEMBERS}             # what the table left, forgotten
    k.steps(scenario(doc, 2)["setup"], 2)
    assert k.log["secrets"] == k.log["fields"]["secrets"]["1"]


def test_the_bundled_setups_read_only_what_the_rulebook_lists(doc: dict):
    """docs/books.md: no setup step reads the identities; each scenario from 2 on places
    the secrets recorded after the scenario before it, as the rulebook lists."""
    for s in doc["scenarios"]:
        reads = [(a["field"], a["from_scenario"]) for step in s["setup"] for a in step["actions"]
                 if a["kind"] == "read"]
        assert ("identities", 1) not in reads
        if s["number"] > 1:
            assert ("secrets", s["number"] - 1) in reads


# -- SC-EVID-1, SC-EVID-2, SC-EVID-3

def test_the_evidence_is_sealed_in_two_envelopes(doc: dict):
    """SC-EVID-1: "Shuffle each set of three cards separately and put one card from each set
    into the A.I.M. envelope ... Shuffle the six remaining evidence cards together and put
    them in the S.H.I.E.L.D. envelope." """
    for seed in range(20):
        k = prepared(doc, seed)
        sets = {e["name"]: e["set"] for e in doc["evidence"]}
        assert sorted(sets[c] for c in k.log["aim_envelope"]) == ["means", "motive", "opportunity"]
        assert len(k.log["shield_envelope"]) == 6
        assert set(k.log["aim_envelope"]).isdisjoint(k.log["shield_envelope"])


def test_evidence_comes_only_from_the_shield_envelope(doc: dict):
    """SC-EVID-1, SC-EVID-3: "the players gain an evidence card from the S.H.I.E.L.D.
    envelope": even all six leave the A.I.M. cards hidden and their combination standing."""
    k = prepared(doc, 4)
    k.log["secrets"]["Chief Medical Officer"] = 0
    for _ in range(8):
        k.gain_evidence(1)
    assert sorted(k.log["evidence_gained"]) == sorted(
        e["name"] for e in doc["evidence"] if e["name"] not in k.log["aim_envelope"])
    assert [envelopes.key(c) for c in envelopes.surviving(doc, k.log)] == [
        envelopes.key(envelopes.mole(doc, k.log))]
    assert envelopes.certain(doc, k.log) == envelopes.mole(doc, k.log)["member"]


def test_no_evidence_while_every_environment_keeps_a_secret(doc: dict):
    """SC-EVID-3: "if at least one of the board members has no secret counters on them when
    the scenario ends, the players gain an evidence card"; a member turned to its
    attachment side is no Board Member environment, so its empty card gives nothing."""
    k = prepared(doc, 1)
    k.gain_evidence(1)
    assert k.log["evidence_gained"] == []
    k.log["secrets"]["Chief Tactical Officer"] = 0
    k.log["turned"].append("Chief Tactical Officer")
    k.gain_evidence(1)
    assert k.log["evidence_gained"] == [] and k.log["clean_scenarios"] == []
    k.log["secrets"]["Chief Medical Officer"] = 0
    k.gain_evidence(1)
    assert len(k.log["evidence_gained"]) == 1 and k.log["clean_scenarios"] == [1]


def test_gaining_a_card_crosses_out_every_combination_with_its_icon(doc: dict):
    """SC-EVID-3: "cross out each combination of means, motive, and opportunity in the
    campaign log that includes the icon on the evidence card gained": by icon, so a card
    that shares the icon falls with it."""
    k = prepared(doc, 6)
    card = k.log["shield_envelope"][0]
    envelopes.draw(doc, k.log)
    assert sorted(k.log["crossed_out"]) == sorted(
        envelopes.key(c) for c in doc["combinations"] if card in c.values())
    assert len(k.log["crossed_out"]) == 9
    twins = copy.deepcopy(doc)
    other = next(e for e in twins["evidence"] if e["name"] not in (card, *k.log["aim_envelope"])
                 and e["set"] != next(x["set"] for x in twins["evidence"] if x["name"] == card))
    other["icon"] = next(e["icon"] for e in twins["evidence"] if e["name"] == card)
    envelopes.cross_out(twins, k.log)
    assert len(k.log["crossed_out"]) == 9 + 9 - 3


def test_the_table_names_one_member_for_each_combination(doc: dict):
    """SC-EVID-2: "find the board member associated with the combination means, motive,
    and opportunity on those cards in the campaign log. This board member is the mole." """
    k = prepared(doc, 7)
    truth = envelopes.mole(doc, k.log)
    assert {truth["means"], truth["motive"], truth["opportunity"]} == set(k.log["aim_envelope"])
    assert truth["member"] in MEMBERS
    outcome = accuse(doc, k.log, truth)
    assert outcome["correct"] and outcome["mole"] == truth["member"] and outcome["wrong"] == []


def test_a_thousand_campaigns_never_cross_out_the_last_combination(doc: dict):
    """SC-EVID-1, SC-EVID-3: "the players narrow down the remaining possible combinations,
    one of which is secreted in the A.I.M. envelope": over 1,000 seeded campaigns, standard
    and expert, greedy and random bots, the A.I.M. combination always survives (sim's
    watch raises otherwise), and the accusation's penalties are played."""
    runs = [play_campaign(doc, random.Random(f"t:{i}"), i % 2 == 1,
                          "greedy" if i % 4 < 2 else "random") for i in range(1000)]
    assert min(r.fewest_left for r in runs) >= 1
    accused = [r.accusation for r in runs if r.accusation is not None]
    assert len(accused) > 900
    assert any(a["correct"] for a in accused) and any(a["wrong"] for a in accused)
    assert any(a["turned"] for a in accused)                 # penalties that turn members


# -- SC-BOARD-1

def test_four_secrets_turn_a_member_for_the_rest_of_the_campaign(doc: dict, tmp_path: Path):
    """SC-BOARD-1: "If a board member ever has four secrets on it (three in expert mode),
    that board member permanently turns against the heroes" ... "once a board member flips
    to its attachment side, it remains an attachment for the rest of the campaign"."""
    k = prepared(doc, 0)
    assert board.set_secrets(doc, k.log, {"Chief Medical Officer": 3}) == []
    assert board.set_secrets(doc, k.log, {"Chief Medical Officer": 4}) == ["Chief Medical Officer"]
    k.log["fields"]["secrets"] = {"1": {m: 0 for m in MEMBERS}}
    k.read("secrets", 1)                                      # a later setup, none left
    assert k.log["turned"] == ["Chief Medical Officer"]
    path = tmp_path / "log.json"
    save_log(path, k.log)
    assert load_log(path, doc)["turned"] == ["Chief Medical Officer"]
    expert = prepared(doc, 0, expert=True)
    assert board.set_secrets(doc, expert.log, {"Chief Tactical Officer": 3}) == ["Chief Tactical Officer"]


def test_a_member_turned_in_one_scenario_is_still_turned_in_the_next(doc: dict):
    """SC-BOARD-1: "In campaign mode, secrets placed on board members carry over from one
    scenario to the next." """
    k = keeper(doc, 11)
    until_done(k, 1)
    k.log["fields"]["secrets"]["1"]["Chief Surveillance Officer"] = 4
    until_done(k, 2)
    assert "Chief Surveillance Officer" in k.log["turned"]
    until_done(k, 3)
    assert "Chief Surveillance Officer" in k.log["turned"]


# -- SC-EXPERT-1

def test_expert_hit_points_are_capped_at_the_identitys_base(doc: dict):
    """SC-EXPERT-1: "If a player's remaining hit point value is greater than their base hit
    point value, record their base hit points in the campaign log instead." """
    k = keeper(doc, 0, expert=True)
    k.table.base_hit_points = lambda: 11
    k.steps(scenario(doc, 1)["setup"], 1)
    assert k.log["base_hit_points"] == {"player 1": 11, "player 2": 11}
    rolls = iter([15, 7])
    k.table.hit_points = lambda base: next(rolls)
    k.record("hit_points", 1)
    assert k.log["fields"]["hit_points"]["1"] == {"player 1": 11, "player 2": 7}


def test_expert_only_steps_are_ignored_in_a_standard_campaign(doc: dict):
    """SC-EXPERT-1: "Some Setup and Victory instructions are preceded by "Expert Campaign
    Only." Ignore these instructions unless you are playing an expert campaign." """
    standard, expert = keeper(doc, 8), keeper(doc, 8, expert=True)
    until_done(standard, 1)
    until_done(expert, 1)
    assert "hit_points" not in standard.log["fields"] and standard.log["base_hit_points"] == {}
    assert set(expert.log["fields"]["hit_points"]["1"]) == {"player 1", "player 2"}
    assert all(v <= expert.log["base_hit_points"][p]
               for p, v in expert.log["fields"]["hit_points"]["1"].items())


def test_the_cap_is_typed_in_the_campaign_document(doc: dict):
    """SC-EXPERT-1: "each player must record their remaining hit points"; the cap is data."""
    field = next(f for f in doc["log_fields"] if f["name"] == "hit_points")
    assert field["cap"] == {"at": "base_hit_points", "identity": "identities"}
    assert field["expert"] and field["scope"] == "player"


# -- SC-ACCUSE-1

def _wrong_guess(doc: dict, log: dict, wrong: set[str]) -> dict:
    truth = envelopes.mole(doc, log)
    for combo in doc["combinations"]:
        if {k for k in ("means", "motive", "opportunity", "member") if combo[k] != truth[k]} == wrong:
            return combo
    raise LookupError(wrong)


def test_each_wrong_guess_places_a_secret_on_every_member(doc: dict):
    """SC-ACCUSE-1: "place a secret counter on each board member for each guess (means,
    motive, opportunity, and board member) they got wrong. Additionally, if they accused
    the wrong board member, they must place secret counters on that board member"."""
    k = prepared(doc, 9)
    k.log["secrets"] = {m: 0 for m in MEMBERS}
    guess = _wrong_guess(doc, k.log, {"means", "motive", "member"})
    outcome = accuse(doc, k.log, guess)
    assert sorted(outcome["wrong"]) == ["means", "member", "motive"] and not outcome["correct"]
    for member in MEMBERS:
        extra = WRONG_MEMBER_SECRETS if member == guess["member"] else 0
        assert k.log["secrets"][member] == 3 + extra
    assert outcome["turned"] == [guess["member"]]            # 5 secrets: joins Baron Zemo
    mole = outcome["mole"]
    attachments = {guess["member"], mole}
    assert outcome["threat"] == sum(k.log["secrets"][m] for m in attachments)


def test_the_accused_combination_must_still_be_open(doc: dict):
    """SC-ACCUSE-1: "choosing a combination of means, motive, and opportunity that has not
    been crossed out in the campaign log"."""
    k = prepared(doc, 10)
    envelopes.draw(doc, k.log)
    crossed = next(c for c in doc["combinations"] if envelopes.key(c) in k.log["crossed_out"])
    with pytest.raises(ValueError, match="crossed out"):
        accuse(doc, k.log, crossed)


def test_if_every_member_joins_zemo_scenario_five_is_lost(doc: dict):
    """SC-ACCUSE-1 (scenario 5): "If all of the board members join Baron Zemo, the players
    lose the scenario." The keeper plays the accusation and calls the scenario lost."""
    k = keeper(doc, 12)
    for number in range(1, 5):
        until_done(k, number)
    k.log["fields"]["secrets"]["4"] = {m: 3 for m in MEMBERS}
    k.table.won = lambda: True
    k.decide = RandomPolicy(random.Random(1))
    said = play_scenario(k, lambda _: None)
    outcome = k.log["accusations"][-1]
    if outcome["wrong"]:
        assert outcome["lost"] and said.startswith("Scenario 5 lost")
        assert k.log["aim_envelope"] and len(k.log["shield_envelope"]) + len(
            k.log["evidence_gained"]) == 6                    # prepared afresh for the replay
    else:
        assert said == "Scenario 5 won."


def test_an_expert_campaign_lost_in_scenario_five_is_over(doc: dict):
    """Scenario 5, Defeat: "Expert Campaign Only: The heroes are arrested by S.H.I.E.L.D.,
    convicted of their alleged crimes, and the players lose the campaign." """
    k = keeper(doc, 13, expert=True)
    for number in range(1, 5):
        until_done(k, number)
    k.table.won = lambda: False
    assert play_scenario(k, lambda _: None) == "Scenario 5 lost: the campaign is lost."
    assert k.log["lost"] and play_scenario(k, lambda _: None) == "The campaign is over."


# -- the command

def test_a_campaign_is_played_and_saved_after_each_scenario(tmp_path: Path):
    """SC-CAMP-1: `smersh play campaign --log` plays the next scenario and saves the log."""
    log = tmp_path / "log.json"
    for seed in range(40):
        result = play(log, seed, "--players", "2")
        assert result.returncode == 0, result.stderr
        saved = json.loads(log.read_text())
        assert problems(saved, kind="campaign-log") == []
        assert saved["completed"] == list(range(1, len(saved["completed"]) + 1))
        if len(saved["completed"]) >= 2:
            break
    assert saved["aim_envelope"] and "Log saved to" in result.stdout


def test_a_truncated_save_is_a_clear_error_and_is_left_alone(tmp_path: Path):
    log = tmp_path / "log.json"
    log.write_text('{"format_version": 2, "camp')
    result = play(log, 1)
    assert result.returncode == 2 and "truncated" in result.stderr and "log.json:1:" in result.stderr
    assert "Traceback" not in result.stderr
    assert log.read_text() == '{"format_version": 2, "camp'


def test_a_save_from_another_version_names_the_field(tmp_path: Path):
    log = tmp_path / "log.json"
    play(log, 1)
    saved = json.loads(log.read_text())
    saved["format_version"] = 1                      # a log from before the two envelopes
    log.write_text(json.dumps(saved))
    result = play(log, 2)
    assert result.returncode == 2 and "/format_version" in result.stderr


@pytest.mark.parametrize("where, change", [
    ("/secrets", lambda log: log["secrets"].update({"Chief Janitor": 1})),
    ("/aim_envelope", lambda log: log["aim_envelope"].__setitem__(0, "Blackmail")),
    ("/aim_envelope", lambda log: log["shield_envelope"].append(log["aim_envelope"][0])),
])
def test_a_log_that_names_what_the_campaign_lacks_is_refused(tmp_path: Path, where, change):
    log = tmp_path / "log.json"
    play(log, 1)
    saved = json.loads(log.read_text())
    change(saved)
    log.write_text(json.dumps(saved))
    result = play(log, 2)
    assert result.returncode == 2 and where in result.stderr and "Traceback" not in result.stderr


def test_a_log_that_is_not_text_is_a_clear_error(tmp_path: Path):
    log = tmp_path / "log.json"
    log.write_bytes(b"\xff\xfe\x00garbage")
    result = play(log, 1)
    assert result.returncode == 2 and "log.json" in result.stderr and "Traceback" not in result.stderr


def test_simulate_campaign_reports_certainty_by_scenario_and_mode():
    """`smersh simulate campaign`: the same seed, the same figures; JSON per mode."""
    first = smersh("simulate", "campaign", SHIELD, "--campaigns", "30", "--seed", "4",
                   "--format", "json")
    again = smersh("simulate", "campaign", SHIELD, "--campaigns", "30", "--seed", "4",
                   "--format", "json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    data = json.loads(first.stdout)
    for mode in ("standard", "expert"):
        rows = data["modes"][mode]["certain"]
        assert [r["scenario"] for r in rows] == [1, 2, 3, 4, 5]
        assert all(r["of"] > 0 and 0 <= r["rate"] <= 1 for r in rows)
        assert data["modes"][mode]["fewest_combinations_left"] >= 1
    text = smersh("simulate", "campaign", SHIELD, "--campaigns", "100")
    assert "at the accusation (scenario 5)" in text.stdout and "simulated 200 of 200" in text.stderr


def test_a_document_whose_icons_cross_out_the_mole_is_a_clear_error(doc: dict, tmp_path: Path):
    """SC-EVID-3 by icon, on a built document the checker never saw (K010 catches it in a
    book): all three means share one icon, so the first means gained crosses out the
    A.I.M. envelope's combination; the simulation stops with a message, exit 2."""
    shared = copy.deepcopy(doc)
    for card in shared["evidence"]:
        if card["set"] == "means":
            card["icon"] = "ear"
    path = tmp_path / "shield.json"
    path.write_text(json.dumps(shared))
    result = smersh("simulate", "campaign", str(path), "--campaigns", "20")
    assert result.returncode == 2 and "crossed out" in result.stderr
    assert "Traceback" not in result.stderr
