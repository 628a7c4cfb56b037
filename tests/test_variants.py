"""Variants as typed data (EP-VAR-1, EP-VAR-2, EP-VAR-3, SH-EPIC-1): what the bundled books
say in JSON, what a variant block says by default, and the findings on wrong ones, each
quoted from the rulebooks in `../shared/seeds/`."""

from __future__ import annotations

import json

import pytest

from conftest import REPO, codes
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document, dumps
from smersh_dsl.export.validate import problems

KEYS = ["name", "text", "henchmen", "main_last", "beaten", "not_beaten",
        "restrict_double_agents", "reroll_lines", "lifts", "players", "location_track",
        "setup", "red_un_transports"]


@pytest.fixture(scope="module")
def variants() -> dict[str, dict]:
    """The variants of the merged Swagman's Hope document (the base game's, then its own)."""
    projects, found = check_paths([REPO / "books"])
    assert found == []
    merged = json.loads(dumps(document({p.name: p for p in projects}["swagmans_hope"], merged=True)))
    return {v["name"]: v for v in merged["vocabulary"]["variants"]}


def test_every_variant_has_every_key_in_order(variants):
    assert list(variants) == ["multiple_henchmen", "double_agents", "henchman_clones", "epic"]
    assert all(list(v) == KEYS for v in variants.values())


def test_multiple_henchmen_one_to_four_main_last_lobo_moved_by_secondaries(variants):
    """EP-VAR-1: "You can choose to face 2-4 Henchmen." "1 Henchman (normal game) 2 Henchmen
    3 Henchmen 4 Henchmen / After the 10 After the 12 After the 14 After the 16." "You may
    confront the other Henchmen in any order as long as the main Henchman is last." "When you
    face other Henchmen that are not the main Henchman, defeating them will retreat the Lobo
    tracker. If you fail to defeat them, the Lobo tracker moves closer"."""
    v = variants["multiple_henchmen"]
    assert v["henchmen"] == {"min": 1, "max": 4} and v["main_last"] is True
    assert v["beaten"] == [{"kind": "retreat_lobo", "amount": 1, "target": None}]
    assert v["not_beaten"] == [{"kind": "advance_lobo", "amount": 1, "target": None}]
    assert v["lifts"] == [] and v["players"] is None and v["setup"] is None


def test_double_agents_restrict_the_sheets_and_follow_the_reroll_lines(variants):
    """EP-VAR-2: "Normally, these Spy sheets cannot be used with the Henchman sheet showing
    the same character." "When playing with the Double Agent Spy sheets, follow this
    instruction." (the reroll line)."""
    v = variants["double_agents"]
    assert (v["restrict_double_agents"], v["reroll_lines"]) == (True, True)
    assert v["henchmen"] is None and v["main_last"] is False and v["beaten"] is None


def test_henchman_clones_lift_the_double_agent_rules(variants):
    """EP-VAR-3: "you may ignore the Double Agent rules above and play these sheets just like
    normal Spies, including against their own Henchman sheets."."""
    v = variants["henchman_clones"]
    assert v["lifts"] == ["double_agents"]
    assert v["restrict_double_agents"] is False and v["reroll_lines"] is False


def test_swagmans_hope_epic_rules(variants):
    """SH-EPIC-1: "Epic rules require at least 3 UN agents and may play with up to 5 UN
    agents. Players must reach 6 on the Location Track" "Each player begins the game with one
    of their basic skills increased by 1 and with an additional Top Secret Card. Also, a 2nd
    Red UN Transport Token is provided"."""
    v = variants["epic"]
    assert v["players"] == {"min": 3, "max": 5} and v["location_track"] == 6
    assert v["setup"] == {"raise_any_skill": 1, "top_secret": 1}
    assert v["red_un_transports"] == 1 and v["henchmen"] is None


def _built(tmp_path, text: str) -> tuple[list, dict | None]:
    path = tmp_path / "book.smersh"
    path.write_text(text, encoding="utf-8")
    projects, found = check_paths([path])
    return found, (document(projects[0]) if projects and not found else None)


def test_a_variant_without_a_block_says_nothing_and_follows_the_schema(tmp_path):
    found, doc = _built(tmp_path, 'game g "G" { skills { Spycraft }\n'
                                  '  variant quiet "Play it as printed." }\n')
    assert found == [] and doc is not None
    assert doc["vocabulary"]["variants"] == [{
        "name": "quiet", "text": "Play it as printed.", "henchmen": None, "main_last": False,
        "beaten": None, "not_beaten": None, "restrict_double_agents": False,
        "reroll_lines": False, "lifts": [], "players": None, "location_track": None,
        "setup": None, "red_un_transports": None}]
    assert problems(doc) == []


def test_a_setup_names_what_it_says_and_zero_for_the_rest(tmp_path):
    found, doc = _built(tmp_path, 'game g "G" { skills { Spycraft }\n'
                                  '  variant rich "More cards." { setup { top_secret 2 } } }\n')
    assert found == [] and doc is not None
    assert doc["vocabulary"]["variants"][0]["setup"] == {"raise_any_skill": 0, "top_secret": 2}
    assert problems(doc) == []


@pytest.mark.parametrize("setting, column", [("henchmen 0..2", 20), ("location_track 0", 20),
                                             ("red_un_transports 0", 20),
                                             ("setup { top_secret 0 }", 28)])
def test_counts_below_one_are_invalid_values(check_text, setting, column):
    found = check_text(f'game g "G" {{ skills {{ Spycraft }}\n  variant v "V." {{ {setting} }} }}\n')
    assert [(d.code, d.span.line, d.span.column) for d in found if d.code == "S005"] == [
        ("S005", 2, column)]


def test_the_first_of_a_repeated_setting_counts(tmp_path):
    found, _ = _built(tmp_path, 'game g "G" { skills { Spycraft }\n'
                                '  variant v "V." { location_track 6 location_track 9 } }\n')
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("V005", 2, 37)]
    path = tmp_path / "book.smersh"
    projects, _ = check_paths([path])
    assert projects[0].header.variants[0].location_track == 6


def test_an_expansion_variant_beyond_the_base_players_must_say_why(check_text):
    """SH-EPIC-1 against the base game's `players 1..4`: "may play with up to 5 UN agents"
    is allowed when the variant says so (docs/books.md)."""
    bare = 'expansion e "E" extends smersh {\n  variant big "Six agents." { players 3..6 }\n}\n'
    found = check_text(bare)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("V004", 2, 31)]
    said = bare.replace("players 3..6", 'players 3..6 because "The box holds six standees."')
    assert codes(check_text(said)) == []
    inside = bare.replace("players 3..6", "players 2..4")
    assert codes(check_text(inside)) == []


def test_an_expansion_henchmen_count_uses_the_base_track_and_sheets(check_text):
    """EP-VAR-1 for an expansion's variant: the base game's four `lobo_after` spaces and
    four henchman sheets (the Aussie Butcher is levelled, not a sheet to face)."""
    ok = 'expansion e "E" extends smersh {\n  variant four "All four." { henchmen 2..4 }\n}\n'
    assert codes(check_text(ok)) == []
    five = check_text(ok.replace("2..4", "2..5"))
    assert sorted((d.code, d.span.line, d.span.column) for d in five) == [
        ("V002", 2, 30), ("V003", 2, 30)]


def test_an_editor_jumps_from_lifts_to_the_variant_it_names():
    """EP-VAR-3 in the editor: `lifts double_agents` is a name like any other, so go to
    definition lands on `variant double_agents`."""
    from smersh_dsl.lsp.index import ProjectIndex

    projects, _ = check_paths([REPO / "books" / "epic"])
    index = ProjectIndex(projects[0])
    lifted = [u for u in index.uses if u.ref.name == "double_agents"]
    assert len(lifted) == 1
    target = index.definition(lifted[0])
    assert target is not None and target.file.endswith("book.smersh")
    line = (REPO / "books" / "epic" / "book.smersh").read_text(encoding="utf-8").splitlines()[target.line - 1]
    assert line[target.column - 1:].startswith("double_agents") and "variant" in line
