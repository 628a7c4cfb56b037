"""The S.H.I.E.L.D. campaign as JSON: log fields, board, evidence, scenarios (SC-*)."""

from __future__ import annotations

from smersh_dsl.export.steps import Json, with_source
from smersh_dsl.model.campaign import CampaignDef, CampaignStep, Scenario


def _steps(steps: tuple[CampaignStep, ...]) -> list[Json]:
    return [{"mode": s.mode.value, "text": s.text,
             "actions": [{"kind": a.kind.value, "field": a.field.name if a.field else None,
                          "from_scenario": a.source, "count": a.count} for a in s.actions]}
            for s in steps]


def campaign_header(header: CampaignDef) -> Json:
    return {
        "log_fields": [{"name": f.name.text, "type": f.type.value, "scope": f.scope.value,
                        "expert": f.expert, "label": f.label,
                        "cap": ({"at": "base_hit_points", "identity": f.cap_identity.name}
                                if f.cap_identity is not None else None)}
                       for f in header.log_fields],
        "board_members": [m.text for m in header.board_members],
        "betrayal": {"standard": header.betrayal, "expert": header.betrayal_expert},
        "evidence": [{"set": e.kind.value, "name": e.name.text, "icon": e.icon}
                     for e in header.evidence],
        "combinations": [{"means": c.means.name, "motive": c.motive.name,
                          "opportunity": c.opportunity.name, "member": c.member.name}
                         for c in sorted(header.combinations, key=lambda c: (
                             c.means.name, c.motive.name, c.opportunity.name))],
        "rules": [{"name": r.name.text, "values": list(r.values)} for r in header.rules],
    }


def scenario_json(scenario: Scenario, with_sources: bool) -> Json:
    out: Json = {"number": scenario.number, "title": scenario.title,
                 "villain": scenario.villain, "villain_expert": scenario.villain_expert,
                 "main_scheme": scenario.main_scheme,
                 "encounter_sets": [n.text for n in scenario.encounter_sets],
                 "text": [p.text for p in scenario.prose],
                 "setup": _steps(scenario.setup), "during": _steps(scenario.during),
                 "victory": _steps(scenario.victory),
                 "defeat": _steps(scenario.defeat)}
    return with_source(out, scenario, with_sources)
