"""Every rule is documented, has case files both ways, and its examples behave."""

from __future__ import annotations

import pytest

from conftest import TESTS, codes
from smersh_dsl.diagnostics.catalogue import catalogue, find

# Input rules are about bytes on disk: test_bad_input.py makes such files for each.
BYTE_LEVEL = {"I001", "I003", "I004", "I005", "I006", "I007", "I008", "I009"}
# Configuration rules are about TOML files: test_settings.py writes such files for each
# (test_config_trust.py for L004, which is about who owns the file).
CONFIG_LEVEL = {"L003", "L004"}
# Print rules are about laid-out pages: test_print_books.py makes an overflow (P101) and
# test_print_fetch.py plants a reference the renderer refuses (P102); test_print_intent.py
# builds pod without an output profile (P103); test_hostile_pictures.py shows a picture
# over the budget with the checker skipped (P104), and a section over the limits of the
# rendering processes (P105).
PRINT_LEVEL = {"P101", "P102", "P103", "P104", "P105"}
# Image rules need image files beside the example: their case files carry them
# (tests/cases/F001/art/ ...); the documented examples only show the shape of the line.
FILE_LEVEL = {"F001", "F004", "F005", "F006"}
RULES = list(catalogue().values())
SOURCE_RULES = [r for r in RULES if r.code not in BYTE_LEVEL | CONFIG_LEVEL | PRINT_LEVEL]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_is_documented(rule):
    assert rule.name and rule.name == rule.name.lower() and " " not in rule.name
    assert rule.summary and "\n" not in rule.summary
    assert len(rule.explanation) > 40 and rule.bad and rule.good and rule.bad != rule.good
    assert find(rule.code) is rule and find(rule.name) is rule


@pytest.mark.parametrize("rule", SOURCE_RULES, ids=lambda r: r.code)
def test_rule_has_case_files_both_ways(rule):
    folder = TESTS / "cases" / rule.code
    assert list(folder.glob("fail_*.smersh")), f"no failing case for {rule.code}"
    assert list(folder.glob("pass_*.smersh")), f"no passing case for {rule.code}"


@pytest.mark.parametrize("rule", [r for r in SOURCE_RULES if r.code not in FILE_LEVEL],
                         ids=lambda r: r.code)
def test_documented_examples_behave(rule, check_text, tmp_path):
    """`smersh explain` shows a bad and a good example: the bad one must really fire (a rule
    that is off by default, once selected; and it must stay silent when not selected)."""
    if rule.default_off:
        from smersh_dsl.pipeline.run import check_paths as run_check
        from smersh_dsl.settings.policy import Policy

        def selected(text: str) -> list[str]:
            path = tmp_path / "case.smersh"
            path.write_text(text, encoding="utf-8")
            return codes(run_check([path], Policy(select=[rule.code]))[1])
        assert rule.code in selected(rule.bad) and rule.code not in selected(rule.good)
        assert rule.code not in codes(check_text(rule.bad))
        return
    assert rule.code in codes(check_text(rule.bad))
    assert rule.code not in codes(check_text(rule.good))


def test_config_rule_examples_behave(tmp_path):
    from smersh_dsl.settings.config import load_config

    rule = find("L003")
    for text, fires in ((rule.bad, True), (rule.good, False)):
        path = tmp_path / "smersh.toml"
        path.write_text(text, encoding="utf-8")
        assert bool(load_config(path, "smersh.toml").problems) is fires


def test_rule_reference_in_docs_is_current():
    """docs/rules.md is written from the catalogue: `python tests/regen_golden.py`."""
    from smersh_dsl.diagnostics.reference import rules_markdown

    assert (TESTS.parent / "docs" / "rules.md").read_text(encoding="utf-8") == rules_markdown()
