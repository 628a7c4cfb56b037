"""G: the flow of every showdown and Dr. Lobo section (EP-SHOW-1, -2, -4, -6)."""

from __future__ import annotations

import math
from collections.abc import Iterator

from smersh_dsl.analysis.showdown_graph import MAX_COUNT, NodeKind, ShowdownGraph, build
from smersh_dsl.analysis.showdown_reach import farms, most_successes, traps, unreachable
from smersh_dsl.checks.henchmen import lineage_of_type
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.diagnostics.fix import Fix, insert
from smersh_dsl.model.effects import Counter
from smersh_dsl.model.showdowns import ConclusionKind, Henchman, SectionKind, Showdown, TallyRow
from smersh_dsl.wording import count


def section_label(showdown: Showdown) -> str:
    if showdown.kind is SectionKind.LOBO:
        return f"Dr. Lobo section {showdown.name.text}"
    return f"the showdown `{showdown.name.text}`"


def _path(sg: ShowdownGraph, keys: tuple[str, ...]) -> str:
    return " -> ".join(sg.label(k) for k in keys)


def _unreachable(sg: ShowdownGraph) -> Iterator[Diagnostic]:
    lost = unreachable(sg)
    for key in lost:
        node = sg.nodes[key]
        from_lost = sorted((p for p in sg.graph.predecessors(key) if p in lost),
                           key=list(sg.nodes).index)
        start = sg.label(sg.start) if sg.start else "the start"
        if from_lost:
            hint = (f"only {sg.label(from_lost[0])} leads here, and nothing reaches it either")
        else:
            hint = "no goto, choice or tally row leads here: link it or remove it"
        yield Diagnostic.of("G001", node.span, f"{node.label} cannot be reached from {start}", hint)


def _dead_ends(sg: ShowdownGraph) -> Iterator[Diagnostic]:
    for dead in sg.dead_ends:
        node = sg.label(dead.node)
        if dead.branch.label == node:
            message = f"{node} ends without a goto or a conclusion"
        else:
            message = f"{dead.branch.label} in {node} ends without a goto or a conclusion"
        if sg.nodes[dead.node].kind == NodeKind.TALLY:
            message = f"{node} sends the party nowhere for {dead.branch.label}"
            hint = "add `else -> defeat` (or the target that count should lead to)"
            yield Diagnostic.of("G002", dead.branch.span, message, hint, _else_fix(sg, dead.node))
            continue
        else:
            hint = "end every branch with `goto NN`, `goto end` or a conclusion"
        yield Diagnostic.of("G002", dead.branch.span, message, hint)


def _else_fix(sg: ShowdownGraph, tally_name: str) -> Fix | None:
    """`else -> D` before the tally's `}`, where the section has one defeat D to send to."""
    defeats = [c.name.text for c in sg.showdown.conclusions if c.kind is ConclusionKind.DEFEAT]
    tally = next((t for t in sg.showdown.tallies if t.name.text == tally_name), None)
    if tally is None or len(defeats) != 1:
        return None
    end = tally.span
    return Fix(f"add `else -> {defeats[0]}`",
               (insert(end.file, end.end_line, end.end_column - 1, f" else -> {defeats[0]} "),), safe=False)


def _traps(sg: ShowdownGraph) -> Iterator[Diagnostic]:
    for trap in traps(sg):
        yield Diagnostic.of("G003", sg.nodes[trap.nodes[0]].span,
                            f"no conclusion can be reached from the loop {_path(sg, trap.cycle)}",
                            "give one of these encounters a way out to a tally or a conclusion")


def _required(row: TallyRow) -> int | None:
    """The fewest success tokens for which the row's condition holds."""
    for tokens in range(0, 1000):
        answer = row.condition.holds_for({Counter.SUCCESSES: tokens})
        if answer is None:
            return None
        if answer:
            return tokens
    return None


def _unwinnable(sg: ShowdownGraph) -> Iterator[Diagnostic]:
    best = most_successes(sg)
    victories = {k for k, n in sg.nodes.items() if n.kind == NodeKind.VICTORY}
    for tally in sg.showdown.tallies:
        arrive = best.get(tally.name.text)
        if arrive is None or math.isinf(arrive):
            continue        # unreachable (G001) or unbounded (G005)
        for row in tally.rows:
            if row.target.name not in victories:
                continue
            need = _required(row)
            if need is not None and need > arrive:
                yield Diagnostic.of(
                    "G004", row.span,
                    f"{sg.label(row.target.name)} needs {count(need, 'success token')}, but no path "
                    f"to tally `{tally.name.text}` earns more than {int(arrive)}",
                    "lower the count or add `gain success` to more outcomes")


def _guarded_ways(sg: ShowdownGraph, sheets: list[tuple[int, str]]) -> Iterator[Diagnostic]:
    """`if successes >= N { goto victory }` inside an encounter is a tally too (G004, G008)."""
    best = most_successes(sg)
    for u, v, data in sg.graph.edges(data=True):
        if sg.nodes[v].kind != NodeKind.VICTORY or sg.nodes[u].kind == NodeKind.TALLY:
            continue
        for way in data["ways"]:
            progress = way.progress
            if progress.threshold is None or progress.at is None:
                continue
            arrive = best.get(u)
            if arrive is not None and not math.isinf(arrive) and arrive < progress.need:
                yield Diagnostic.of(
                    "G004", progress.at,
                    f"{sg.label(v)} needs {count(progress.threshold, 'success token')} here, but no path "
                    f"to {sg.label(u)} earns more than {int(arrive + progress.gain)}",
                    "lower the count or add `gain success` to more outcomes")
            differ = [(n, where) for n, where in sheets if n != progress.threshold]
            if differ:
                yield Diagnostic.of("G008", progress.at,
                                    f"this way wins with {count(progress.threshold, 'success token')}, but "
                                    f"{differ[0][1]} asks for {differ[0][0]}",
                                    "make the showdown and the sheet agree (EP-SHOW-4)")


def _shadowed_rows(sg: ShowdownGraph) -> Iterator[Diagnostic]:
    """A tally reads its rows in order: a row that earlier rows always beat is never taken."""
    for tally in sg.showdown.tallies:
        if any((r.condition.value or 0) > MAX_COUNT for r in tally.rows):
            continue       # counts that large are not enumerated
        top = max([r.condition.value or 0 for r in tally.rows] + [0]) + 2
        taken = [False] * len(tally.rows)
        for tokens in range(0, top + 1):
            answers = [r.condition.holds_for({Counter.SUCCESSES: tokens}) for r in tally.rows]
            if any(a is None for a in answers):
                break      # rows on other counters: order cannot be judged
            first = next((i for i, a in enumerate(answers) if a), None)
            if first is not None:
                taken[first] = True
        else:
            for row, was_taken in zip(tally.rows, taken):
                if not was_taken:
                    yield Diagnostic.of("G009", row.span,
                                        f"this row of tally `{tally.name.text}` is never taken: "
                                        "the rows above it match every count it matches",
                                        "put the row that needs more tokens first")


def _farms(sg: ShowdownGraph) -> Iterator[Diagnostic]:
    for farm in farms(sg):
        u, v = farm.edge
        span = max(sg.graph.edges[u, v]["ways"], key=lambda way: way.progress.gain).span  # the earning way
        yield Diagnostic.of("G005", span,
                            f"the loop {_path(sg, farm.cycle)} earns success tokens every time "
                            "round, so the count has no limit",
                            "move the `gain success` out of the loop or let the loop run once")


def _conclusion_kinds(showdown: Showdown) -> Iterator[Diagnostic]:
    kinds = {c.kind for c in showdown.conclusions}
    for kind, code in ((ConclusionKind.VICTORY, "G006"), (ConclusionKind.DEFEAT, "G007")):
        if kind not in kinds:
            yield Diagnostic.of(code, showdown.name.span,
                                f"{section_label(showdown)} has no {kind.value} conclusion",
                                f"add `{kind.value} {{ ... }}` at the back of the section (EP-SHOW-6)")


def _sheet_successes(showdown: Showdown, henchmen: dict[str, Henchman]) -> list[tuple[int, str]]:
    """The success tokens the section needs (EP-SHOW-4), each with where it is written."""
    found = []
    if showdown.successes is not None:
        found.append((showdown.successes, "this section's `successes`"))
    sheet = henchmen.get(showdown.name.text) if showdown.kind is SectionKind.HENCHMAN else None
    if sheet is not None and sheet.successes is not None:
        found.append((sheet.successes, f"the henchman sheet of `{sheet.name.text}`"))
    return found


def _threshold(sg: ShowdownGraph, sheets: list[tuple[int, str]]) -> Iterator[Diagnostic]:
    for tally in sg.showdown.tallies:
        for row in tally.rows:
            node = sg.nodes.get(row.target.name)
            if node is None or node.kind != NodeKind.VICTORY:
                continue
            asked = _required(row)
            differ = [(n, where) for n, where in sheets if asked is not None and asked != n]
            if differ:
                needed, where = differ[0]
                yield Diagnostic.of("G008", row.span,
                                    f"this row wins with {count(asked, 'success token')}, but {where} "
                                    f"asks for {needed}",
                                    "make the tally and the sheet agree (EP-SHOW-4)")


@check("G001", "G002", "G003", "G004", "G005", "G006", "G007", "G008", "G009")
def showdown_flow(ctx: Context) -> Iterator[Diagnostic]:
    henchmen = {h.name.text: h for h in lineage_of_type(ctx.project, Henchman)}
    for showdown in ctx.project.of_type(Showdown):
        sg = build(showdown)
        sheets = _sheet_successes(showdown, henchmen)
        yield from _threshold(sg, sheets)
        yield from _guarded_ways(sg, sheets)
        yield from _shadowed_rows(sg)
        yield from _unreachable(sg)
        yield from _dead_ends(sg)
        yield from _traps(sg)
        yield from _unwinnable(sg)
        yield from _farms(sg)
        yield from _conclusion_kinds(showdown)
