"""K001 per mode: standard and expert campaigns are two worlds for the log (SC-EXPERT-1)."""

from __future__ import annotations

from conftest import TESTS, check_paths

CASES = TESTS / "cases" / "K001"


def test_a_standard_read_of_an_expert_only_record_is_an_error():
    """SC-EXPERT-1, the rulebook: "Some Setup and Victory instructions are preceded by
    'Expert Campaign Only.' Ignore these instructions unless you are playing an expert
    campaign." A field only such a step records is empty in a standard campaign."""
    found = [d for d in check_paths(CASES / "fail_mode_records_elsewhere.smersh") if d.code == "K001"]
    assert [d.span.line for d in found] == [35, 36]
    assert all("standard campaign" in d.message for d in found)


def test_an_expert_read_of_an_expert_record_is_fine():
    assert check_paths(CASES / "pass_each_mode_records.smersh") == []
