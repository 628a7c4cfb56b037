"""The campaign's book-keeper: walks a scenario's setup, play and victory (or defeat)
steps in order and does what each step's actions say to the log (SC-CAMP-2)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import field

from smersh_dsl.play.campaign import board, envelopes
from smersh_dsl.play.campaign.accusation import accuse, likeliest
from smersh_dsl.play.campaign.table import ROUNDS, INTERFERENCE_COPIES, Table
from smersh_dsl.play.core.deciders import Decider
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count


@dataclass
class Keeper:
    doc: dict
    log: dict
    decide: Decider
    rng: random.Random
    say: Callable[[str], None]
    auto: bool
    table: Table = field(init=False)
    played: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.table = Table(self.doc, self.log, self.decide, self.rng)

    # -- asking
    def _field(self, name: str) -> dict:
        return next(f for f in self.doc["log_fields"] if f["name"] == name)

    def _ask_value(self, field_: dict, who: str | None) -> object:
        label = field_["label"] or field_["name"]
        prompt = f"{label}{' for ' + who if who else ''}"
        kind = field_["type"]
        if self.auto:
            if field_["scope"] == "board_member" and field_["name"] == "secrets":
                return self.log["secrets"][who]
            if field_.get("cap") and who in self.log["base_hit_points"]:
                return self.table.hit_points(self.log["base_hit_points"][who])
            return {"number": self.rng.randint(0, 4), "check": self.rng.random() < 0.5,
                    "text": f"{field_['name']} ({who or 'all'})", "list": []}[kind]
        import click

        if kind == "number":
            return click.prompt(prompt, type=click.IntRange(0, 999), default=0)
        if kind == "check":
            return click.confirm(prompt, default=False)
        if kind == "list":
            text = click.prompt(prompt + " (comma-separated)", default="", show_default=False)
            return [t.strip() for t in text.split(",") if t.strip()]
        return click.prompt(prompt, default="")

    def _base_hit_points(self, player: str, identity: object) -> int:
        if self.auto:
            return self.table.base_hit_points()
        import click

        return click.prompt(f"Base hit points of {identity} ({player})",
                            type=click.IntRange(1, 999))

    # -- the actions
    def record(self, name: str, scenario: int) -> None:
        field_ = self._field(name)
        if field_["expert"] and not self.log["expert"]:
            return                                                        # SC-EXPERT-1
        scope = field_["scope"]
        if scope == "player":
            players = [f"player {i + 1}" for i in range(self.log["players"])]
            value: object = {p: self._ask_value(field_, p) for p in players}
            self._keep_bases(name, value)  # type: ignore[arg-type]
            value = self._capped(field_, value)  # type: ignore[arg-type]
        elif scope == "board_member":
            value = {m: self._ask_value(field_, m) for m in self.doc["board_members"]}
            if name == "secrets":
                self._turned(board.set_secrets(self.doc, self.log, value))  # type: ignore[arg-type]
        else:
            value = self._ask_value(field_, None)
        self.log["fields"].setdefault(name, {})[str(scenario)] = value    # rule: SC-LOG-1
        self.say(f"  recorded {name}: {json.dumps(value)}")

    def _keep_bases(self, name: str, identities: dict[str, object]) -> None:
        """SC-EXPERT-1: an expert campaign caps hit points at each identity's base, so the
        base is asked once, with the identity the cap names."""
        if not self.log["expert"] or not any(
                (f.get("cap") or {}).get("identity") == name for f in self.doc["log_fields"]):
            return
        for player, identity in identities.items():
            self.log["base_hit_points"][player] = self._base_hit_points(player, identity)

    def _capped(self, field_: dict, values: dict[str, object]) -> dict[str, object]:
        """SC-EXPERT-1: "If a player's remaining hit point value is greater than their base
        hit point value, record their base hit points in the campaign log instead."""
        if not field_.get("cap"):
            return values
        out = dict(values)
        for player, value in values.items():
            base = self.log["base_hit_points"].get(player)
            if base is not None and isinstance(value, int) and value > base:  # rule: SC-EXPERT-1
                self.say(f"  {player}: {value} hit points is more than the base {base}; "
                         f"{base} is recorded")
                out[player] = base
        return out

    def read(self, name: str, source: int) -> None:
        value = self.log["fields"].get(name, {}).get(str(source))
        self.say(f"  from scenario {source}, {name}: "
                 + (json.dumps(value) if value is not None else "(not recorded)"))
        if name == "secrets" and isinstance(value, dict):                 # rule: SC-LOG-2
            self._turned(board.set_secrets(self.doc, self.log, value))

    def place_secrets(self, count: int) -> None:
        for member in self.doc["board_members"]:
            self._turned(board.add_secrets(self.doc, self.log, member, count))
        self.say(f"  secrets: {json.dumps(self.log['secrets'])}")

    def _turned(self, members: list[str]) -> None:
        for member in members:                                             # rule: SC-BOARD-1
            self.say(f"  {member} has {count(self.log['secrets'][member], 'secret')} and turns to its "
                     "attachment side for the rest of the campaign")

    def prepare_evidence(self) -> None:
        envelopes.prepare(self.doc, self.log, self.rng)                    # rule: SC-EVID-1
        self.say(f"  {count(len(self.log['aim_envelope']), 'card')} sealed in the A.I.M. envelope, "
                 f"{len(self.log['shield_envelope'])} in the S.H.I.E.L.D. envelope")

    def _draw(self) -> None:
        card = envelopes.draw(self.doc, self.log)                          # rule: SC-EVID-3
        if card is None:
            self.say("  the S.H.I.E.L.D. envelope is empty")
            return
        shown = next(e for e in self.doc["evidence"] if e["name"] == card)
        left = len(envelopes.surviving(self.doc, self.log))
        self.say(f"  evidence gained: {card} ({shown['set']}, icon {shown['icon']}); "
                 f"{count(left, 'combination')} left")

    def gain_evidence(self, scenario: int) -> None:
        """SC-EVID-3: a Board Member environment without secrets gives one evidence card."""
        if not board.clean(self.doc, self.log):
            self.say("  no evidence gained (every board member environment has secrets)")
            return
        if scenario not in self.log["clean_scenarios"]:
            self.log["clean_scenarios"].append(scenario)
        self._draw()

    def regain_evidence(self, scenario: int) -> None:
        """"Gain one evidence card from the S.H.I.E.L.D. envelope for each scenario in which
        you had at least one Board Member environment with no secret counters on it.\""""
        for _ in [n for n in self.log["clean_scenarios"] if n < scenario]:
            self._draw()

    def cross_out(self) -> None:
        envelopes.cross_out(self.doc, self.log)
        left = len(envelopes.surviving(self.doc, self.log))
        self.say(f"  {count(len(self.log['crossed_out']), 'combination')} crossed out, {left} left")

    def gather_evidence(self) -> None:
        """Scenario 5, stage 1B: "place two secret counters on a board member environment
        without any secret counters on it to gain new evidence cards"."""
        if self.auto:
            self._gather_rounds()
            return
        import click

        while self.log["shield_envelope"]:
            for member in board.environments(self.doc, self.log):
                self.log["secrets"][member] = click.prompt(
                    f"Secret counters on {member} now", type=click.IntRange(0, 99),
                    default=self.log["secrets"][member])
            clean = board.clean(self.doc, self.log)
            if not clean:
                self.say("  no board member environment is free of secrets")
                return
            pick = self.decide.choose("Place two secrets for evidence on:", [*clean, "no more"])
            if pick == len(clean):
                return
            self._gather_on(clean[pick])

    def _gather_on(self, member: str) -> None:
        self._turned(board.add_secrets(self.doc, self.log, member, 2))
        self._draw()

    def _gather_rounds(self) -> None:
        """The bots' scenario 5: rounds of the table, and at the end of each player phase
        evidence while a member is clean, until the mole is certain or time runs out."""
        copies = INTERFERENCE_COPIES
        for _ in range(ROUNDS):
            copies = self.table.round(copies)
            while (clean := board.clean(self.doc, self.log)) and self.log["shield_envelope"] \
                    and envelopes.certain(self.doc, self.log) is None:
                if self.decide.choose("Gain evidence now?", ["yes", "not now"], [1.0, 0.0]):
                    break
                self._gather_on(clean[0])
            if envelopes.certain(self.doc, self.log) is not None:
                break
        self.played = True

    def accuse(self) -> None:
        """SC-ACCUSE-1: choose a combination not crossed out; its member is accused."""
        left = envelopes.surviving(self.doc, self.log)
        if not left:
            self.say("  every combination is crossed out: there is nobody to accuse")
            return
        best = {envelopes.key(c) for c in likeliest(self.doc, self.log)}
        options = [f"{envelopes.key(c)} -> {c['member']}" for c in left]
        pick = self.decide.choose("Accuse: which combination?", options,
                                  [1.0 if envelopes.key(c) in best else 0.0 for c in left]
                                  if self.auto else None)
        outcome = accuse(self.doc, self.log, left[pick])
        self.say(f"  accused {outcome['accused']} ({outcome['guess']}); the mole is "
                 f"{outcome['mole']} ({outcome['mole_combination']})")
        if outcome["wrong"]:
            self.say(f"  wrong: {', '.join(outcome['wrong'])}; secrets now "
                     f"{json.dumps(self.log['secrets'])}")
        self._turned(outcome["turned"])
        self.say(f"  the main scheme takes {outcome['threat']} threat")
        if outcome["lost"]:
            self.say("  every board member has joined Baron Zemo: the scenario is lost")

    def steps(self, steps: list[dict], scenario: int) -> None:
        for step in steps:
            if step["mode"] == "expert" and not self.log["expert"]:
                continue
            if step["mode"] == "standard" and self.log["expert"]:
                continue
            self.say(("[expert] " if step["mode"] == "expert" else "") + step["text"])
            for action in step["actions"]:
                self._act(action, scenario)

    def _act(self, action: dict, scenario: int) -> None:
        kind = action["kind"]
        if kind == "record":
            self.record(action["field"], scenario)
        elif kind == "read":
            self.read(action["field"], action["from_scenario"])
        elif kind == "lose_campaign":
            self.log["lost"] = True
            self.say("  the campaign is lost")
        elif kind == "place_secrets":
            self.place_secrets(action["count"])
        elif kind in ("gain_evidence", "regain_evidence"):
            getattr(self, kind)(scenario)
        else:       # prepare_evidence, gather_evidence, cross_out, accuse
            getattr(self, kind)()


def play_scenario(keeper: Keeper, save: Callable[[dict], None]) -> str:
    """SC-CAMP-1, SC-CAMP-2: the next scenario in order; a loss may be replayed, "with no
    penalty": the board is put back as it was before the scenario."""
    log = keeper.log
    done = log["completed"]
    scenarios = {s["number"]: s for s in keeper.doc["scenarios"]}
    number = (max(done) + 1) if done else min(scenarios)                # rule: SC-CAMP-1
    if number not in scenarios or log["lost"]:
        return "The campaign is over." if log["lost"] else "The campaign is complete."
    scenario = scenarios[number]
    before = (dict(log["secrets"]), list(log["turned"]))
    accusations = len(log["accusations"])
    keeper.played = False
    keeper.say(f"Scenario {number}: {scenario['title']}")
    keeper.say("Setup:")
    keeper.steps(scenario["setup"], number)
    if scenario.get("during"):
        keeper.say("During the scenario:")
        keeper.steps(scenario["during"], number)
    zemo = any(a["lost"] for a in log["accusations"][accusations:])
    won = not zemo and _won(keeper)
    if not won:
        log["secrets"], log["turned"] = before                             # rule: SC-CAMP-2
        keeper.steps(scenario["defeat"], number)
        save(log)
        return f"Scenario {number} lost: " + ("the campaign is lost." if log["lost"]
                                               else "play it again (SC-CAMP-2).")
    keeper.say("Victory:")
    keeper.steps(scenario["victory"], number)
    done.append(number)
    save(log)
    return f"Scenario {number} won."


def _won(keeper: Keeper) -> bool:
    if keeper.auto:
        if not keeper.played:
            copies = INTERFERENCE_COPIES
            for _ in range(ROUNDS):
                copies = keeper.table.round(copies)
        return keeper.table.won()
    import click

    return click.confirm("Did the heroes win the scenario?", default=True)
