"""Playing the S.H.I.E.L.D. campaign's log (SC-*): walk each scenario's setup and victory
steps, record the log's fields, cross out evidence, and save the log as JSON
(schemas/campaign-log.schema.json) after every scenario, so a campaign can go on later.

The card game itself is played on the table; this keeps its book-keeping.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from smersh_dsl.export.atomic import write_atomic
from smersh_dsl.export.outputs import OutputError
from smersh_dsl.play.core.deciders import Decider

LOG_FORMAT = 1
LOG_SCHEMA = "https://smersh-dsl.github.io/schemas/campaign-log.schema.json"


class LogProblem(Exception):
    """A saved log that cannot be continued; the message names the field."""


def new_log(doc: dict, players: int, expert: bool) -> dict:
    members = doc["board_members"]
    return {"$schema": LOG_SCHEMA, "format_version": LOG_FORMAT, "campaign": doc["id"],
            "campaign_version": doc.get("version"), "players": players, "expert": expert,
            "completed": [], "fields": {}, "secrets": {m: 0 for m in members},
            "evidence_gained": [], "crossed_out": []}


def load_log(path: Path, doc: dict) -> dict:
    try:
        log = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise LogProblem(f"{path}:{error.lineno}:{error.colno}: not JSON (a truncated save?): "
                         f"{error.msg}") from None
    from smersh_dsl.export.validate import problems

    found = problems(log, kind="campaign-log") if isinstance(log, dict) else []
    if not isinstance(log, dict) or found:
        where = found[0] if found else None
        raise LogProblem(f"{path}: not a campaign log"
                         + (f": {where.path}: {where.message}" if where else ""))
    if log["campaign"] != doc["id"] or log["campaign_version"] != doc.get("version"):
        raise LogProblem(f"{path}: /campaign: this log belongs to {log['campaign']} "
                         f"{log['campaign_version']}, not {doc['id']} {doc.get('version')}")
    return log


@dataclass
class Keeper:
    doc: dict
    log: dict
    decide: Decider
    rng: random.Random
    say: callable  # type: ignore[valid-type]
    auto: bool

    def _field(self, name: str) -> dict:
        return next(f for f in self.doc["log_fields"] if f["name"] == name)

    def _ask_value(self, field: dict, who: str | None) -> object:
        label = field["label"] or field["name"]
        prompt = f"{label}{' for ' + who if who else ''}"
        kind = field["type"]
        if self.auto:
            return {"number": self.rng.randint(0, 4), "check": self.rng.random() < 0.5,
                    "text": f"{field['name']} ({who or 'all'})", "list": []}[kind]
        import click

        if kind == "number":
            return click.prompt(prompt, type=click.IntRange(0, 999), default=0)
        if kind == "check":
            return click.confirm(prompt, default=False)
        if kind == "list":
            text = click.prompt(prompt + " (comma-separated)", default="", show_default=False)
            return [t.strip() for t in text.split(",") if t.strip()]
        return click.prompt(prompt, default="")

    def record(self, name: str, scenario: int) -> None:
        field = self._field(name)
        if field["expert"] and not self.log["expert"]:
            return                                                        # SC-EXPERT-1
        scope = field["scope"]
        if scope == "player":
            value: object = {f"player {i + 1}": self._ask_value(field, f"player {i + 1}")
                             for i in range(self.log["players"])}
        elif scope == "board_member":
            value = {m: self._ask_value(field, m) for m in self.doc["board_members"]}
            if name == "secrets":
                self.log["secrets"] = {m: int(v) for m, v in value.items()}  # type: ignore[union-attr]
        else:
            value = self._ask_value(field, None)
        self.log["fields"].setdefault(name, {})[str(scenario)] = value
        self.say(f"  recorded {name}: {json.dumps(value)}")

    def read(self, name: str, source: int) -> None:
        value = self.log["fields"].get(name, {}).get(str(source))
        self.say(f"  from scenario {source}, {name}: "
                 + (json.dumps(value) if value is not None else "(not recorded)"))

    def gain_evidence(self) -> None:
        """SC-EVID-3: a board member without secrets gives one evidence card."""
        left = [e for e in self.doc["evidence"] if e["name"] not in self.log["evidence_gained"]]
        if not left or not any(v == 0 for v in self.log["secrets"].values()):
            self.say("  no evidence gained (every board member still has secrets)")
            return
        card = left[self.rng.randrange(len(left))]
        self.log["evidence_gained"].append(card["name"])
        self.say(f"  evidence gained: {card['name']} ({card['set']}, icon {card['icon']})")

    def cross_out(self) -> None:
        """SC-EVID-3: cross out every combination showing a gained card."""
        gained = set(self.log["evidence_gained"])
        crossed = set(self.log["crossed_out"])
        for c in self.doc["combinations"]:
            key = f"{c['means']} / {c['motive']} / {c['opportunity']}"
            if {c["means"], c["motive"], c["opportunity"]} & gained and key not in crossed:
                crossed.add(key)
        self.log["crossed_out"] = sorted(crossed)
        left = len(self.doc["combinations"]) - len(crossed)
        self.say(f"  {len(crossed)} combinations crossed out, {left} left")

    def warn_betrayal(self) -> None:
        """SC-BOARD-1: four secrets (three in expert) turn a member to its attachment side."""
        limit = self.doc["betrayal"]["expert" if self.log["expert"] else "standard"]
        for member, secrets in sorted(self.log["secrets"].items()):
            if limit is not None and secrets >= limit:
                self.say(f"  warning: {member} has {secrets} secrets and betrays S.H.I.E.L.D.")

    def steps(self, steps: list[dict], scenario: int) -> None:
        for step in steps:
            if step["mode"] == "expert" and not self.log["expert"]:
                continue
            if step["mode"] == "standard" and self.log["expert"]:
                continue
            self.say(("[expert] " if step["mode"] == "expert" else "") + step["text"])
            for action in step["actions"]:
                kind = action["kind"]
                if kind == "record":
                    self.record(action["field"], scenario)
                elif kind == "read":
                    self.read(action["field"], action["from_scenario"])
                elif kind == "gain_evidence":
                    self.gain_evidence()
                elif kind == "cross_out":
                    self.cross_out()


def save_log(path: Path, log: dict) -> None:
    """Save the log atomically (rewriting the file the player named, through a link if it
    is one); a failure is an ``OutputError`` naming the file and the system's reason."""
    try:
        write_atomic(path, json.dumps(log, indent=2, ensure_ascii=False) + "\n")
    except OSError as error:
        raise OutputError(path, error.strerror or str(error)) from None


def play_scenario(keeper: Keeper, path: Path) -> str:
    """SC-CAMP-1, SC-CAMP-2: the next scenario in order; a loss may be replayed."""
    done = keeper.log["completed"]
    scenarios = {s["number"]: s for s in keeper.doc["scenarios"]}
    number = (max(done) + 1) if done else min(scenarios)
    if number not in scenarios:
        return "The campaign is complete."
    scenario = scenarios[number]
    keeper.say(f"Scenario {number}: {scenario['title']}")
    keeper.say("Setup:")
    keeper.steps(scenario["setup"], number)
    won = keeper.rng.random() < 0.6 if keeper.auto else __import__("click").confirm(
        "Did the heroes win the scenario?", default=True)
    if not won:
        keeper.steps(scenario["defeat"], number)
        save_log(path, keeper.log)
        return f"Scenario {number} lost: play it again (SC-CAMP-2). Log saved to {path}."
    keeper.say("Victory:")
    keeper.steps(scenario["victory"], number)
    keeper.warn_betrayal()
    done.append(number)
    save_log(path, keeper.log)
    return f"Scenario {number} won. Log saved to {path}."
