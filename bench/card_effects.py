"""What the cards do in whole games (issue #27): seeded four-spy games of the bundled Epic
book, alone and with Swagman's Hope, counted from what the transcript tells a player.

    .venv/bin/python bench/card_effects.py                    # 200 games of each, seed 1
    .venv/bin/python bench/card_effects.py --games 50 --bot seasoned

For each book: gadgets played and held cards played a game, statuses that left by their
discard effect (and by which), lair intel wiped by an overflow, and with Swagman's Hope
villain cards drawn and Sydney airport opened and closed. The figures are counts of the
transcript's lines (`[Shoe Phone: ...]`, `[Hangover leaves ...: end of turn]`,
`[villain card ...]`, `[...: Sydney airport is now open]`), so they count what a person at
the table would read. Wall and CPU seconds are printed beside them.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from smersh_dsl.play.epic.game import Options, setup  # noqa: E402
from smersh_dsl.play.epic.rounds import play_game  # noqa: E402

LEAVES = re.compile(r"\[(?P<card>[^\]:]+) leaves (?P<spy>[^\]:]+): (?P<why>[^\]]+)\]")
AIRPORT = re.compile(r"\[[^\]]*: Sydney airport is now (?P<now>open|closed)\]")


def built(out: Path) -> tuple[dict, dict]:
    """The bundled Epic book and the game with Swagman's Hope applied, built as a user does."""
    subprocess.run([sys.executable, "-m", "smersh_dsl", "build", "books/epic",
                    "books/swagmans-hope", "--merged", "--format", "json", "--out", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    epic = json.loads((out / "smersh" / "smersh.json").read_text())
    merged = json.loads((out / "swagmans_hope" / "swagmans_hope.merged.json").read_text())
    return epic, merged


def play(doc: dict, games: int, seed: int, bot: str) -> dict:
    gadgets = {c["name"] for c in doc.get("gadgets") or []}
    held = gadgets | {c["name"] for c in doc.get("top_secrets") or []}
    tally: Counter = Counter()
    reasons: Counter = Counter()
    with_gadget = with_leave = with_villain = with_both_airport = 0
    for index in range(games):
        lines: list[str] = []
        game = setup(doc, Options(players=4, bot=bot), random.Random(f"{seed}:{index}"),
                     lines.append)
        play_game(game)
        text = [line.strip() for line in lines]
        played = [t for t in text if t.startswith("[") and t[1:].split(":", 1)[0] in held
                  and ":" in t and " leaves " not in t and "is discarded" not in t]
        gadget_uses = sum(1 for t in played if t[1:].split(":", 1)[0] in gadgets)
        left = [m for t in text if (m := LEAVES.match(t))]
        villains = sum(1 for t in text if t.startswith("[villain card"))
        airport = Counter(m["now"] for t in text if (m := AIRPORT.search(t)))
        wiped = sum(1 for t in text if t.startswith("Intel overflow"))
        tally.update(held_played=len(played), gadgets=gadget_uses, left=len(left),
                     villains=villains, opened=airport["open"], closed=airport["closed"],
                     overflows=wiped, won=game.state.outcome == "won")
        reasons.update(m["why"] for m in left)
        with_gadget += gadget_uses > 0
        with_leave += bool(left)
        with_villain += villains > 0
        with_both_airport += airport["open"] > 0 and airport["closed"] > 0
    return {"games": games, "won": tally["won"],
            "gadgets_played_a_game": tally["gadgets"] / games,
            "held_cards_played_a_game": tally["held_played"] / games,
            "games_with_a_gadget_played": with_gadget,
            "statuses_left_a_game": tally["left"] / games,
            "games_with_a_status_leaving": with_leave,
            "statuses_left_by": dict(reasons.most_common()),
            "intel_overflows": tally["overflows"],
            "villain_cards_drawn": tally["villains"], "games_with_villain_cards": with_villain,
            "sydney_opened": tally["opened"], "sydney_closed": tally["closed"],
            "games_where_sydney_opened_and_closed": with_both_airport}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="honest")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        epic, merged = built(Path(tmp))
    for name, doc in (("Epic", epic), ("Epic with Swagman's Hope", merged)):
        wall, cpu = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
        figures = play(doc, args.games, args.seed, args.bot)
        after = resource.getrusage(resource.RUSAGE_SELF)
        figures["wall_s"] = round(time.perf_counter() - wall, 1)
        figures["cpu_s"] = round(after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime, 1)
        print(f"{name}: {args.games} four-spy games, seed {args.seed}, {args.bot} bots")
        for key, value in figures.items():
            print(f"  {key}: {round(value, 2) if isinstance(value, float) else value}")


if __name__ == "__main__":
    main()
