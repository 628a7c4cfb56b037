"""`smersh stats --entries`: each entry as honest spies meet it over many whole games.

How often each entry is read (in all, and per game), how often a reading passes (no test
failed nor gamble lost in it), and what it costs the spies: the health it took, the
spaces it moved Dr. Lobo (a fail's space included, EP-ENC-6) and the intel taken from the
pool while it was read (a wager lost, EP-GAMBLE-1; intel the entry takes; a held card's
power paid for in intel), per reading and per game. Resolve spent on an encounter's test
is the spy's own, never intel: only a showdown spends the pool as resolve (EP-SHOW-3).
The games are `simulate.run`'s, so the same seed gives the same figures.
"""

from __future__ import annotations

import csv
import io
import json

from smersh_dsl.play.epic.simulate import Played
from smersh_dsl.wording import count

TALLIES = ("read", "failed", "health", "lobo", "intel")


def entry_figures(played: list[Played]) -> list[dict]:
    """One row per entry read at least once, the most read first."""
    games = max(1, len(played))
    sums: dict[str, dict[str, int]] = {}
    for p in played:
        for name, counts in (("read", p.read), ("failed", p.failed), ("health", p.hurt_by),
                             ("lobo", p.lobo_by), ("intel", p.intel_by)):
            for key, n in counts.items():
                row = sums.setdefault(key, dict.fromkeys(TALLIES, 0))
                row[name] += n
    rows = []
    for key, s in sums.items():
        if not s["read"]:
            continue
        rows.append({"entry": key, "read": s["read"], "read_per_game": round(s["read"] / games, 4),
                     "pass_rate": round(1 - s["failed"] / s["read"], 4),
                     "health_per_reading": round(s["health"] / s["read"], 4),
                     "health_per_game": round(s["health"] / games, 4),
                     "lobo_per_reading": round(s["lobo"] / s["read"], 4),
                     "lobo_per_game": round(s["lobo"] / games, 4),
                     "intel_per_reading": round(s["intel"] / s["read"], 4),
                     "intel_per_game": round(s["intel"] / games, 4)})
    rows.sort(key=lambda r: (-r["read"], r["entry"]))
    return rows


COLUMNS = ("entry", "read", "read_per_game", "pass_rate", "health_per_reading",
           "health_per_game", "lobo_per_reading", "lobo_per_game", "intel_per_reading",
           "intel_per_game")


def render(rows: list[dict], meta: dict, fmt: str) -> str:
    if fmt == "json":
        return json.dumps({**meta, "entries": rows}, indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow([row[c] for c in COLUMNS])
        return buffer.getvalue()
    learnt = meta.get("learnt")
    taught = (f", after learning from {count(learnt['games'], 'game')} of their own "
              f"({count(learnt['responses'], 'response')} remembered)" if learnt else "")
    out = [f"{meta['title']}: entries as {meta['players']} {meta['bot']} spies met them in "
           f"{meta['games']} games, seed {meta['seed']}{taught}",
           f"  {'entry':<26} {'read':>6} {'a game':>7} {'passed':>7} {'health':>13} "
           f"{'Lobo':>13} {'intel':>13}",
           f"  {'':<26} {'':>6} {'':>7} {'':>7}" + f" {'/read /game':>13}" * 3]
    for r in rows:
        out.append(f"  {r['entry']:<26} {r['read']:>6} {r['read_per_game']:>7.3f} "
                   f"{r['pass_rate']:>7.0%} {r['health_per_reading']:>6.2f} "
                   f"{r['health_per_game']:>6.3f} {r['lobo_per_reading']:>6.2f} "
                   f"{r['lobo_per_game']:>6.3f} {r['intel_per_reading']:>6.2f} "
                   f"{r['intel_per_game']:>6.3f}")
    return "\n".join(out) + "\n"
