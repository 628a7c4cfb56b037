"""The fillable campaign log: every log field of the campaign document becomes PDF form
fields (text fields for identities, counts and names, check boxes for checks), one per
player, per board member or per scenario that records it; the evidence combination grid
is a check box for each combination, grouped under the board member it implicates.

Field names are stable and readable: ``identities.player1``,
``secrets.chief-medical-officer.scenario2``, ``adaptoid_environments.3``,
``evidence_combinations.microfilm.ambition.night-shift``.
"""

from __future__ import annotations

from smersh_dsl.print.books.front import front_matter
from smersh_dsl.print.campaign.icons import icon_svg
from smersh_dsl.print.folios import BOX_H_MM, FOOT_MM
from smersh_dsl.print.documents import PrintDocument, Section
from smersh_dsl.print.env import render_template
from smersh_dsl.print.profiles import Profile
from smersh_dsl.records import dataclass

MAX_PLAYERS = 4      # campaign-log.schema.json: players 1 to 4
LIST_LINES = 5       # lines for a list field (names of Thunderbolts, environments)
GRID_FIELD = "evidence_combinations"
CHECK_COLUMNS = 3    # check boxes of a row of the log on a grid of this many columns


def slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


@dataclass(frozen=True)
class Input:
    name: str            # the PDF field name
    label: str           # its human name (the PDF's tooltip) and visible label
    kind: str            # "text", "check" or "notes"


@dataclass(frozen=True)
class Table:
    """A field recorded per player or per board member, by the scenarios that record it."""
    title: str
    expert: bool
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[Input, ...]], ...]


def recorded_in(doc: dict, field: str) -> list[int]:
    """The scenarios whose instructions record ``field``, in order."""
    return [s["number"] for s in sorted(doc.get("scenarios", []), key=lambda s: s["number"])
            if any(a["kind"] == "record" and a.get("field") == field
                   for part in ("setup", "victory", "defeat") for step in s[part]
                   for a in step.get("actions", []))]


def _table(doc: dict, field: dict) -> Table:
    scenarios = recorded_in(doc, field["name"]) if field["type"] == "number" else []
    columns = tuple(f"after #{n}" for n in scenarios) or ("",)
    if field["scope"] == "player":
        owners = [(f"Player {n}", f"player{n}") for n in range(1, MAX_PLAYERS + 1)]
    else:
        owners = [(member, slug(member)) for member in doc.get("board_members", [])]
    rows = []
    for title, key in owners:
        if scenarios:
            inputs = tuple(Input(f"{field['name']}.{key}.scenario{n}",
                                 f"{field['label']}: {title}, after scenario #{n}", "text")
                           for n in scenarios)
        else:
            inputs = (Input(f"{field['name']}.{key}", f"{field['label']}: {title}", "text"),)
        rows.append((title, inputs))
    return Table(field["label"], field["expert"], columns, tuple(rows))


def _campaign_inputs(field: dict) -> list[Input]:
    if field["type"] == "check":
        return [Input(field["name"], field["label"], "check")]
    if field["type"] == "list":
        return [Input(f"{field['name']}.{n}", f"{field['label']} ({n})", "text")
                for n in range(1, LIST_LINES + 1)]
    if field["type"] == "text" and field["name"] == "notes":
        return [Input(field["name"], field["label"], "notes")]
    return [Input(field["name"], field["label"], "text")]


def _blocks(fields: list[dict]) -> list[dict]:
    """Campaign fields in the order of the log, consecutive check boxes on one row."""
    blocks: list[dict] = []
    for field in fields:
        inputs = _campaign_inputs(field)
        if field["type"] == "check":
            if not blocks or blocks[-1]["kind"] != "checks":
                blocks.append({"kind": "checks", "items": []})
            blocks[-1]["items"].append((field, inputs[0]))
        else:
            blocks.append({"kind": "lines" if len(inputs) > 1 else "text", "field": field,
                           "inputs": inputs})
    return blocks


def evidence_grid(doc: dict) -> list[dict]:
    """Per board member, the combinations implicating them, each with its check box."""
    grid = []
    for member in doc.get("board_members", []):
        combos = [c for c in doc.get("combinations", []) if c["member"] == member]
        grid.append({"member": member, "rows": [
            {**c, "input": Input(f"{GRID_FIELD}.{slug(c['means'])}.{slug(c['motive'])}."
                                 f"{slug(c['opportunity'])}",
                                 f"Crossed out: {c['means']} / {c['motive']} / "
                                 f"{c['opportunity']} ({member})", "check")}
            for c in combos]})
    return grid


def log_html(doc: dict, profile: Profile) -> str:
    fields = doc.get("log_fields", [])
    tables = [_table(doc, f) for f in fields if f["scope"] in ("player", "board_member")]
    campaign = _blocks([f for f in fields
                        if f["scope"] == "campaign" and f["name"] not in (GRID_FIELD, "notes")])
    notes = [_campaign_inputs(f)[0] for f in fields if f["name"] == "notes"]
    sets: dict[str, list[Input]] = {}
    for card in doc.get("evidence", []):
        sets.setdefault(card["set"], []).append(
            Input(f"evidence_gained.{slug(card['name'])}",
                  f"Evidence gained: {card['name']} ({card['set']})", "check"))
    scenarios = sorted(doc.get("scenarios", []), key=lambda s: s["number"])
    completed = [(s, Input(f"completed.scenario{s['number']}",
                           f"Won scenario #{s['number']}: {s['title']}", "check"))
                 for s in scenarios]
    evidence_names = {c["name"]: c for c in doc.get("evidence", [])}
    return render_template(
        "campaign/log.html", campaign=doc, page_css=profile.book_page_css, tables=tables,
        # `appearance: auto` makes a form field of an input, whatever WeasyPrint is asked
        appearance="auto" if profile.forms else "none",
        campaign_fields=campaign, notes=notes, evidence_sets=sets, completed=completed,
        expert=Input("expert", "Expert campaign", "check"),
        grid=evidence_grid(doc) if any(f["name"] == GRID_FIELD for f in fields) else [],
        icons={name: icon_svg(card["icon"]) for name, card in evidence_names.items()},
        check_columns=CHECK_COLUMNS, folio={"height": BOX_H_MM, "foot": FOOT_MM})


def campaign_log(doc: dict, profile: Profile) -> PrintDocument:
    """The campaign log as one section: its form fields live where the profile allows
    them, and drawn as empty boxes in a PDF/X file (`Profile.forms`)."""
    title = f"{doc.get('title', '')}: campaign log"
    how = HOW_TO_FILL if profile.forms else HOW_TO_FILL_PRINTED
    front = front_matter(doc, "Campaign Log", profile, how=how)
    return PrintDocument("campaign-log", title,
                         (*front, Section("campaign-log", "Campaign log", log_html(doc, profile))),
                         forms=profile.forms, folios=True)


HOW_TO_FILL = ("One log for the whole campaign: fill it in on screen, or print it and use a "
               "pencil. After each scenario, record what its steps tell you to.")
HOW_TO_FILL_PRINTED = ("One log for the whole campaign: fill it in with a pencil. After each "
                       "scenario, record what its steps tell you to.")


def has_log(doc: dict) -> bool:
    return doc.get("kind") == "campaign" and bool(doc.get("log_fields"))
