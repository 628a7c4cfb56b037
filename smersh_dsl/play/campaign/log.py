"""The S.H.I.E.L.D. campaign log as a file: a new log, loading a saved one (checked
against schemas/campaign-log.schema.json and the campaign it belongs to), saving it
atomically after every scenario, so that a campaign can go on later (SC-LOG-1)."""

from __future__ import annotations

import json
from pathlib import Path

from smersh_dsl.files.atomic import write_atomic
from smersh_dsl.files.outputs import OutputError
from smersh_dsl.play.core.files import read_json

LOG_FORMAT = 2      # 2: the two envelopes, turned members, accusations, base hit points
LOG_SCHEMA = "campaign-log.schema.json"     # a file beside the log (docs/json.md)


class LogProblem(Exception):
    """A saved log that cannot be continued; the message names the file and the field."""


def new_log(doc: dict, players: int, expert: bool) -> dict:
    members = doc["board_members"]
    return {"$schema": LOG_SCHEMA, "format_version": LOG_FORMAT, "campaign": doc["id"],
            "campaign_version": doc.get("version"), "players": players, "expert": expert,
            "completed": [], "lost": False, "fields": {}, "base_hit_points": {},
            "secrets": {m: 0 for m in members}, "turned": [],
            "aim_envelope": [], "shield_envelope": [], "evidence_gained": [],
            "crossed_out": [], "clean_scenarios": [], "accusations": []}


def load_log(path: Path, doc: dict) -> dict:
    log = read_json(path, LogProblem, what="log")
    from smersh_dsl.export.validate import problems

    found = problems(log, kind="campaign-log") if isinstance(log, dict) else []
    if not isinstance(log, dict) or found:
        where = found[0] if found else None
        raise LogProblem(f"{path}: not a campaign log"
                         + (f": {where.path}: {where.message}" if where else ""))
    if log["campaign"] != doc["id"] or log["campaign_version"] != doc.get("version"):
        raise LogProblem(f"{path}: /campaign: this log belongs to {log['campaign']} "
                         f"{log['campaign_version']}, not {doc['id']} {doc.get('version')}")
    _consistent(path, log, doc)
    return log


def _consistent(path: Path, log: dict, doc: dict) -> None:
    """What the schema cannot say: the names in the log are this campaign's."""
    members = set(doc["board_members"])
    cards = {e["name"] for e in doc["evidence"]}
    for where, names, known in (("/secrets", list(log["secrets"]), members),
                                ("/turned", log["turned"], members),
                                ("/aim_envelope", log["aim_envelope"], cards),
                                ("/shield_envelope", log["shield_envelope"], cards),
                                ("/evidence_gained", log["evidence_gained"], cards)):
        unknown = [n for n in names if n not in known]
        if unknown:
            raise LogProblem(f"{path}: {where}: {unknown[0]!r} is not of campaign {doc['id']}")
    held = log["aim_envelope"] + log["shield_envelope"] + log["evidence_gained"]
    if log["aim_envelope"] and sorted(held) != sorted(cards):
        raise LogProblem(f"{path}: /aim_envelope: the envelopes and the evidence gained do "
                         "not hold each evidence card once")


def save_log(path: Path, log: dict) -> None:
    """Save the log atomically (rewriting the file the player named, through a link if it
    is one); a failure is an ``OutputError`` naming the file and the system's reason."""
    try:
        write_atomic(path, json.dumps(log, indent=2, ensure_ascii=False) + "\n")
    except OSError as error:
        raise OutputError(path, error.strerror or str(error)) from None
