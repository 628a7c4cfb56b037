"""`smersh simulate epic BOOK --against OTHER`: what a change to the book did to the game.

Both books are played on the same seeds by the same bots (game ``i`` from the same
`random.Random(f"{S}:{i}")`), so each game of one has a twin in the other; the report
gives, for each figure, the mean of the twins' differences (BOOK less OTHER) with its
paired 95% interval (mean +- 1.96 standard errors of the differences), then the entries
and encounter cards that differ between the two books, those whose readings moved the
result most first: how often each was read per game, how often it was passed, and how
much the fails, health lost and Lobo spaces it cost per game moved.
"""

from __future__ import annotations

import csv
import io
import json
import math
import statistics

from smersh_dsl.play.core.estimate import Z95
from smersh_dsl.play.epic.simulate import Played
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count

TOP = 15


@dataclass(frozen=True)
class Paired:
    """A figure in both books and the paired interval of their difference."""

    name: str
    book: float
    other: float
    difference: float
    low: float
    high: float
    games: int            # twins both of which have the figure (Lobo met: both met him)

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


def paired(name: str, book: list[float | None], other: list[float | None]) -> Paired:
    twins = [(a, b) for a, b in zip(book, other) if a is not None and b is not None]
    if not twins:
        return Paired(name, math.nan, math.nan, math.nan, math.nan, math.nan, 0)
    diffs = [a - b for a, b in twins]
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return Paired(name, statistics.fmean(a for a, _ in twins),
                  statistics.fmean(b for _, b in twins), mean, mean - half, mean + half,
                  len(twins))


def figures(book: list[Played], other: list[Played]) -> list[Paired]:
    def of(played: list[Played], key) -> list[float | None]:  # noqa: ANN001
        return [key(p) for p in sorted(played, key=lambda p: p.game)]

    return [paired("win rate", of(book, lambda p: float(p.outcome == "won")),
                   of(other, lambda p: float(p.outcome == "won"))),
            paired("round Dr. Lobo is met", of(book, lambda p: p.lobo_round),
                   of(other, lambda p: p.lobo_round)),
            paired("deaths per game", of(book, lambda p: float(p.deaths)),
                   of(other, lambda p: float(p.deaths))),
            paired("intel spent per game", of(book, lambda p: float(p.intel_spent)),
                   of(other, lambda p: float(p.intel_spent)))]


def changed(book_doc: dict, other_doc: dict) -> tuple[set[str], set[int]]:
    """The entry keys and encounter card numbers that differ between the two books (or
    are in one only)."""
    def entries(doc: dict) -> dict[str, str]:
        return {e["key"]: json.dumps(e.get("steps"), sort_keys=True)
                for e in doc.get("entries") or []}

    def cards(doc: dict) -> dict[int, str]:
        return {c["number"]: json.dumps([c.get("title"), c.get("responses"), c.get("region")],
                                        sort_keys=True)
                for c in doc.get("encounter_cards") or []}

    a, b = entries(book_doc), entries(other_doc)
    keys = {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}
    c, d = cards(book_doc), cards(other_doc)
    numbers = {n for n in c.keys() | d.keys() if c.get(n) != d.get(n)}
    return keys, numbers


def _totals(played: list[Played], attribute: str) -> dict[str, int]:
    total: dict[str, int] = {}
    for p in played:
        for key, n in getattr(p, attribute).items():
            total[key] = total.get(key, 0) + n
    return total


def moved_entries(book: list[Played], other: list[Played], keys: set[str],
                  numbers: set[int]) -> list[dict]:
    """The changed entries (and the entries of changed cards), the most moved first: by
    how much their fails, health lost and Lobo spaces per game moved together."""
    games = max(1, len(book))
    wanted = set(keys)
    for played in (book, other):
        for p in played:
            wanted |= {k for k in p.read if k[:2].isdigit() and int(k.split(".")[0]) in numbers}
    sums = {side: {a: _totals(played, a) for a in ("read", "failed", "hurt_by", "lobo_by")}
            for side, played in (("book", book), ("other", other))}
    rows = []
    for key in wanted:
        row: dict = {"entry": key, "changed": key in keys}
        for side in ("book", "other"):
            t = sums[side]
            read, failed = t["read"].get(key, 0), t["failed"].get(key, 0)
            row[side] = {"read_per_game": round(read / games, 4),
                         "pass_rate": round(1 - failed / read, 4) if read else None,
                         "fails_per_game": round(failed / games, 4),
                         "health_per_game": round(t["hurt_by"].get(key, 0) / games, 4),
                         "lobo_per_game": round(t["lobo_by"].get(key, 0) / games, 4)}
        a, b = row["book"], row["other"]
        row["moved"] = round(sum(abs(a[f] - b[f]) for f in
                                 ("fails_per_game", "health_per_game", "lobo_per_game")), 4)
        rows.append(row)
    rows.sort(key=lambda r: (-r["moved"], not r["changed"], r["entry"]))
    return rows


def report(book: list[Played], other: list[Played], book_doc: dict, other_doc: dict,
           meta: dict) -> dict:
    keys, numbers = changed(book_doc, other_doc)
    rows = moved_entries(book, other, keys, numbers)
    return {**meta, "games": len(book),
            "figures": [{"figure": f.name, "book": _r(f.book), "other": _r(f.other),
                         "difference": _r(f.difference), "interval": [_r(f.low), _r(f.high)],
                         "games_paired": f.games, "excludes_zero": f.excludes_zero()}
                        for f in figures(book, other)],
            "entries_changed": len(keys), "cards_changed": sorted(numbers),
            "entries": rows[:TOP]}


def _r(x: float) -> float | None:
    return None if math.isnan(x) or math.isinf(x) else round(x, 4)


def _value(name: str, x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.1%}" if name == "win rate" else f"{x:.2f}"


def _pct(name: str, x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:+.1%}" if name == "win rate" else f"{x:+.2f}"


def render_text(r: dict) -> str:
    out = [f"{r['book_name']} against {r['other_name']}: {r['games']} games on each, "
           f"{count(r['players'], 'spy')} ({r['bot']} bots), seed {r['seed']}; "
           "differences are BOOK less OTHER, with paired 95% intervals", *_learnt_line(r), ""]
    for f in r["figures"]:
        lo, hi = f["interval"]
        book, other = (_value(f["figure"], f[side]) for side in ("book", "other"))
        mark = "" if f["excludes_zero"] else "   (no clear change)"
        out.append(f"  {f['figure']:<24} {book:>8} vs {other:>8}: "
                   f"{_pct(f['figure'], f['difference'])} "
                   f"({_pct(f['figure'], lo)} to {_pct(f['figure'], hi)}){mark}")
    out += ["", f"{r['entries_changed']} entries and {len(r['cards_changed'])} cards differ. "
            "Those whose readings moved the result most (per game; BOOK vs OTHER):",
            f"  {'entry':<12} {'read':>13} {'pass rate':>15} {'fails':>13} {'health':>13} "
            f"{'moved':>7}"]
    for row in r["entries"]:
        a, b = row["book"], row["other"]

        def pair(field: str, percent: bool = False) -> str:
            def one(x):  # noqa: ANN001, ANN202
                return "-" if x is None else (f"{x:.0%}" if percent else f"{x:.2f}")
            return f"{one(a[field])}/{one(b[field])}"

        out.append(f"  {row['entry'] + ('' if row['changed'] else ' (card)'):<12} "
                   f"{pair('read_per_game'):>13} {pair('pass_rate', True):>15} "
                   f"{pair('fails_per_game'):>13} {pair('health_per_game'):>13} "
                   f"{row['moved']:>7.3f}")
    return "\n".join(out) + "\n"


def _learnt_line(r: dict) -> list[str]:
    """With --learn, what each book's honest bots learnt before the games compared: each
    book teaches its own bots (learning.py), so a harder entry is met by bots that have
    learnt to avoid it."""
    learnt = r.get("learnt")
    if not learnt:
        return []
    book, other = learnt["book"], learnt["other"]
    return [f"The honest bots of each book first learnt from {count(book['games'], 'game')} "
            f"of their own: {count(book['responses'], 'response')} remembered in "
            f"{r['book_name']}, {other['responses']} in {r['other_name']}"]


def render_json(r: dict) -> str:
    return json.dumps(r, indent=2, ensure_ascii=False) + "\n"


def render_csv(r: dict) -> str:
    """Two tables in one file, told apart by the first column: the figures, then the
    entries."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["table", "name", "book", "other", "difference", "low", "high"])
    for f in r["figures"]:
        writer.writerow(["figure", f["figure"], f["book"], f["other"], f["difference"],
                         *f["interval"]])
    writer.writerow(["table", "entry", "changed", "moved", "read_book", "read_other",
                     "pass_rate_book", "pass_rate_other"])
    for row in r["entries"]:
        writer.writerow(["entry", row["entry"], str(row["changed"]).lower(), row["moved"],
                         row["book"]["read_per_game"], row["other"]["read_per_game"],
                         row["book"]["pass_rate"], row["other"]["pass_rate"]])
    return buffer.getvalue()


RENDERERS = {"text": render_text, "json": render_json, "csv": render_csv}
