"""Write the ink story equivalent to the synthetic project of ``generate.py`` (bench input).

    python bench/ink.py 3000 /tmp/bench-3k.ink

The same content as ``generate.write(N, ...)``: one knot per encounter entry (its prose,
the test, a pass choice and a fail choice with their effects and a divert back), one
knot per card (a choice per response, then the 1-5 die roll as a switch of diverts to
the card's 25 entries), and for the showdown and the lobo one knot per encounter, tally
and conclusion, with their choices, tests and diverts. A hub knot lists every card and
showdown. The story compiles with inklecate / inkjs without errors or warnings.
"""

from __future__ import annotations

import sys
from pathlib import Path

# What generate.py writes, in ink: the showdown `Zed` and the lobo `A`, the same shape.
SHOWDOWNS = (("showdown_zed", "Showdown Zed"), ("lobo_a", "Lobo A"))
SECTION = '''=== {k} ===
The lights go out.
~ successes = 0
-> {k}_01

=== {k}_01 ===
A corridor.
+ [Left] -> {k}_02
+ [Right] -> {k}_03

=== {k}_02 ===
Test Athletics.
+ [Pass]
  ~ successes += 1
  -> {k}_04
+ [Fail] -> {k}_04

=== {k}_03 ===
Test Spycraft.
+ [Pass]
  ~ successes += 1
  -> {k}_04
+ [Fail]
  ~ injury += 1
  -> {k}_04

=== {k}_04 ===
Test Deception.
+ [Pass]
  ~ successes += 1
  -> {k}_end
+ [Fail] -> {k}_end

=== {k}_end ===
{{
- successes >= 2: -> {k}_victory
- else: -> {k}_defeat
}}

=== {k}_victory ===
Won.
-> hub

=== {k}_defeat ===
Lost.
-> hub

'''

ENTRY = '''=== e_{c:02d}_{r}_{d} ===
Encounter {c}, response {r}, die {d}.
Test Spycraft 1 or Athletics minus 1, pass with Stealth.
+ [Pass] It works.
  ~ intel += 1
  -> hub
+ [Fail] It does not.
  ~ injury += 1
  -> hub

'''


def story(entries: int) -> str:
    cards = max(1, entries // 25)            # as generate.write: 25 entries to a card
    out = ["VAR intel = 0\nVAR injury = 0\nVAR successes = 0\n\n-> hub\n\n=== hub ===\nBench.\n"]
    out += [f"+ [{title}] -> {knot}\n" for knot, title in SHOWDOWNS]
    out += [f"+ [Card {c}] -> card_{c}\n" for c in range(1, cards + 1)]
    out.append("+ [Stop] -> END\n\n")
    out += [SECTION.format(k=knot) for knot, _ in SHOWDOWNS]
    for c in range(1, cards + 1):
        out.append(f"=== card_{c} ===\nCard {c}.\n")
        for r in range(1, 6):
            out.append(f"+ [Response {r}]\n  {{RANDOM(1, 5):\n")
            out += [f"  - {d}: -> e_{c:02d}_{r}_{d}\n" for d in range(1, 6)]
            out.append("  }\n  -> hub\n")
        out.append("\n")
        for r in range(1, 6):
            out += [ENTRY.format(c=c, r=r, d=d) for d in range(1, 6)]
    return "".join(out)


def write(entries: int, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(story(entries), encoding="utf-8")


if __name__ == "__main__":
    write(int(sys.argv[1]), Path(sys.argv[2]))
