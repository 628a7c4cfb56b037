"""`smersh simulate smush --sweep NAME.FIELD=A..B`: the same games played once per value of
one number of one card, so a designer sees where the game balances (docs/smush.md).

NAME is a gadget half or a defence face, FIELD one of its numbers: `strength`,
`boost_cost`, `boost_amount`, or `bonus` (the amount of its first bonus). Every value is
played with the same seed, hence the same deals and dice where the games do not differ."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.play.smush.rules import HARMONY, Card, Face, Rules
from smersh_dsl.play.smush.sim import Summary, simulate

FIELDS = ("strength", "boost_cost", "boost_amount", "bonus")
SPEC = re.compile(r"^(?P<name>[^=]+)\.(?P<field>[a-z_]+)=(?P<low>-?\d+)\.\.(?P<high>-?\d+)$")
MAX_VALUES = 25


class SweepError(ValueError):
    """A sweep that names no card's number, or no range: said in one line."""


@dataclasses.dataclass(frozen=True)
class Sweep:
    name: str
    field: str
    values: tuple[int, ...]


def parse_sweep(spec: str, rules: Rules) -> Sweep:
    match = SPEC.match(spec.strip())
    if match is None:
        raise SweepError(f"{spec!r}: a sweep is NAME.FIELD=A..B, e.g. \"Vault Door.strength=2..5\"")
    name, field_ = match["name"].strip(), match["field"]
    low, high = int(match["low"]), int(match["high"])
    if field_ not in FIELDS:
        raise SweepError(f"{spec!r}: FIELD is one of {', '.join(FIELDS)}")
    faces = {f.name: f for c in rules.gadgets + rules.defences for f in c.faces}
    if name not in faces:
        raise SweepError(f"{spec!r}: no gadget half or defence face is called {name!r}")
    if field_ == "bonus" and not faces[name].bonuses:
        raise SweepError(f"{spec!r}: {name} has no bonus")
    if field_.startswith("boost") and faces[name].boost_cost is None:
        raise SweepError(f"{spec!r}: {name} has no boost")
    if high < low or high - low + 1 > MAX_VALUES:
        raise SweepError(f"{spec!r}: A..B runs upwards, at most {MAX_VALUES} values")
    minimum = {"strength": 0, "boost_cost": 0, "boost_amount": 1}.get(field_)
    if minimum is not None and low < minimum:
        raise SweepError(f"{spec!r}: {field_} is at least {minimum}")
    return Sweep(name, field_, tuple(range(low, high + 1)))


def vary(rules: Rules, sweep: Sweep, value: int) -> Rules:
    """`rules` with the swept number of `sweep.name` set to `value`."""
    def change(face: Face) -> Face:
        if face.name != sweep.name:
            return face
        if sweep.field == "bonus":
            first = dataclasses.replace(face.bonuses[0], amount=value)
            return dataclasses.replace(face, bonuses=(first,) + face.bonuses[1:])
        return dataclasses.replace(face, **{sweep.field: value})

    def cards(group: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(dataclasses.replace(c, faces=tuple(change(f) for f in c.faces))
                     for c in group)

    return dataclasses.replace(rules, gadgets=cards(rules.gadgets), defences=cards(rules.defences))


def run_sweep(rules: Rules, sweep: Sweep, games: int, seed: int, harmony_policy: str,
              smush_policy: str, progress: Callable[[int, int], None] | None = None,
              workers: int = 1, cluster: str | None = None) -> list[tuple[int, Summary]]:
    """One simulation per value; `progress(value, games done)`."""
    out = []
    for value in sweep.values:
        step = (lambda done, v=value: progress(v, done)) if progress else None
        out.append((value, simulate(vary(rules, sweep, value), games, seed, harmony_policy,
                                    smush_policy, step, workers, cluster)))
    return out


def sweep_json(sweep: Sweep, results: list[tuple[int, Summary]]) -> dict:
    rows = []
    for value, summary in results:
        estimate = Estimate(summary.wins[HARMONY], summary.games)
        low, high = estimate.interval()
        rows.append({"value": value, "games": summary.games,
                     "harmony_wins": summary.wins[HARMONY], "harmony_rate": round(estimate.rate, 4),
                     "interval": [round(low, 4), round(high, 4)],
                     "endings": {k: summary.endings[k] for k in ("crystals", "clues", "rounds")}})
    first = results[0][1]
    return {"sweep": f"{sweep.name}.{sweep.field}", "seed": first.seed,
            "policies": first.policies, "values": rows}


def render_sweep(data: dict) -> str:
    p = data["policies"]
    lines = [f"Sweep of {data['sweep']}: Harmony {p['harmony']} against SMUSH {p['smush']}, "
             f"seed {data['seed']}",
             "  value   games  Harmony won  95% interval     crystals  clues  rounds"]
    for row in data["values"]:
        e = row["endings"]
        lines.append(f"  {row['value']:>5}  {row['games']:>6}  {row['harmony_rate']:>10.1%}  "
                     f"{row['interval'][0]:>6.1%} to {row['interval'][1]:<6.1%}  "
                     f"{e['crystals']:>8}  {e['clues']:>5}  {e['rounds']:>6}")
    return "\n".join(lines) + "\n"
