"""Scenario sheets: each scenario's story, decks, then its campaign setup, defeat and
victory instructions in the rulebook's order, each step tagged with the campaign mode it
belongs to and with the campaign log field it reads or records."""

from __future__ import annotations

from smersh_dsl.print.documents import PrintDocument, Section
from smersh_dsl.print.env import render_template
from smersh_dsl.print.profiles import Profile

MODES = {"always": None, "expert": "Expert campaign only", "standard": "Standard campaign only"}


def _action_notes(step: dict, labels: dict[str, str]) -> list[str]:
    notes = []
    for action in step.get("actions", []):
        label = labels.get(action.get("field") or "", action.get("field") or "")
        if action["kind"] == "record":
            notes.append(f"Record in the campaign log: {label}")
        elif action["kind"] == "read":
            notes.append(f"Read from the campaign log: {label} "
                         f"(scenario #{action['from_scenario']})")
        elif action["kind"] == "cross_out":
            notes.append("Cross out combinations in the campaign log\u2019s evidence grid")
        elif action["kind"] in ("gain_evidence", "regain_evidence", "gather_evidence"):
            notes.append("Tick the evidence gained in the campaign log")
        elif action["kind"] == "lose_campaign":
            notes.append("The campaign is over")
        elif action["kind"] == "accuse":
            notes.append("Choose a combination not crossed out: its board member is accused")
    return notes


def _steps(steps: list[dict], labels: dict[str, str]) -> list[dict]:
    return [{"text": step["text"], "mode": MODES.get(step["mode"], step["mode"]),
             "notes": _action_notes(step, labels)} for step in steps]


def scenario_html(doc: dict, scenario: dict, profile: Profile) -> str:
    labels = {field["name"]: field["label"] for field in doc.get("log_fields", [])}
    return render_template(
        "campaign/scenario.html", campaign=doc, scenario=scenario, page_css=profile.book_page_css,
        setup=_steps(scenario["setup"], labels),
        during=_steps(scenario.get("during", []), labels), defeat=_steps(scenario["defeat"], labels),
        victory=_steps(scenario["victory"], labels), betrayal=doc.get("betrayal", {}))


def scenario_sheets(doc: dict, profile: Profile) -> PrintDocument:
    """One section a scenario, in campaign order."""
    sections = tuple(
        Section(f"scenario-{s['number']}", f"Scenario #{s['number']} \u2013 {s['title']}",
                scenario_html(doc, s, profile))
        for s in sorted(doc.get("scenarios", []), key=lambda s: s["number"]))
    return PrintDocument("scenario-sheets", f"{doc.get('title', '')}: scenario sheets", sections)


def has_scenarios(doc: dict) -> bool:
    return doc.get("kind") == "campaign" and bool(doc.get("scenarios"))
