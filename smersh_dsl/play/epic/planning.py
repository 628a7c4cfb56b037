"""The `planning` bot: a modest Monte Carlo over the decisions where a player can look ahead.

It sees what `honest` sees (a `view.Decision`) and imagines what it cannot see the way a
player does, by sampling determinised futures from its own beliefs, never the book's
entries, and keeping the way that does best in them:
- a response, or an option of a `choose`: an imagined test offers the skills the words
  suggest (`lexicon`), the spy taking its best, or now and then any one basic skill;
  a modifier of -1, 0 or +1; now and then two successes; a held advanced skill the
  words name passes it now and then outright, else adds a die. The dice are counted
  exactly (`core.odds.best_spend`, resolve spent at best) and each point of resolve
  burnt costs a little: the futures differ in what the book might say. In a showdown
  every living spy may take the test, the pool's intel spending as resolve (EP-SHOW-3);
- confronting a henchman (EP-HENCH-2): imagined showdowns of five tests at the party's
  best skill less two, the pool spending as resolve, won with one test failed at most;
  the spies confront when paying and facing him, then Dr. Lobo with what is left (and
  the henchman at his side if he won, EP-HENCH-4), wins more futures than keeping the
  intel for Dr. Lobo with the henchman beside him;
- the gamble's wager (EP-GAMBLE-1): the wager whose expected worth, a win's worth
  against the intel a loss discards and the Lobo space a failed encounter costs, is
  highest;
- rest or move (EP-REST-1): rest when the next encounter could kill the spy (health 2
  or less), at half health, or hurt with no resolve left;
- which spy takes a showdown test: the best odds, ties to the spy with most health.
Everything else it takes as `honest` does. Its dice are its own, seeded once per game
from the game's.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache

from smersh_dsl.play.core.odds import best_spend
from smersh_dsl.play.epic.lexicon import suggested
from smersh_dsl.play.epic.policies import HonestPolicy, best, takers
from smersh_dsl.play.epic.view import Decision, SpyView

FUTURES = 24             # sampled tests per option
DRAWS = 5                # uniform draws that make one imagined test
ANY_SKILL = 0.05         # belief: the book tests a skill the words did not suggest
TWO_NEEDED = 0.15        # belief: a test needs 2 successes
AUTO_PASS = 0.4          # belief: a held advanced skill the words name passes outright
RESOLVE_WORTH = 0.15     # a resolve point kept, in chances to pass a later test
WIN_WORTH = 2.0          # a won gamble, in intel
FAIL_COST = 2.5          # a failed encounter's Lobo space, in intel (bots.WORTH)
SHOWDOWN_TESTS = 5       # belief: a showdown is about five tests
SHOWDOWN_MODIFIER = -2   # belief: a showdown's tests are harder than encounters'
SHOWDOWN_FUTURES = 64    # imagined showdowns per confront decision
HELPER = 1               # belief: an undefeated henchman at Lobo's side costs a die a test
COST = re.compile(r"for (\d+) intel")


@lru_cache(maxsize=65536)
def _chance(level: int, needed: int, resolve: int, faces: tuple[str, ...]) -> tuple[int, float]:
    spent, chance = best_spend(level, needed, resolve, faces)
    return spent, float(chance)


class PlanningPolicy:
    name = "planning"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._honest = HonestPolicy()

    # -- choosing among options ------------------------------------------------------
    def decide(self, decision: Decision) -> int:
        if decision.kind in ("response", "choice") and len(decision.options) > 1:
            return self._imagine(decision)
        if decision.kind == "rest_or_move" and decision.spy and len(decision.options) == 2:
            return 1 if self._should_rest(decision.spy) else 0
        if decision.kind == "confront" and len(decision.options) == 2:
            return 1 if self._should_confront(decision) else 0
        if decision.kind == "who_takes" and decision.hints:
            health = {s.name: s.health for s in decision.spies}
            return best([h + 0.001 * next((v for k, v in health.items()
                                           if decision.options[i].startswith(k)), 0)
                         for i, h in enumerate(decision.hints)])
        return self._honest.decide(decision)

    def _imagine(self, decision: Decision) -> int:
        board = decision.board
        basics = board.skills
        who = takers(decision)
        pool = board.pool if board.in_showdown else 0
        seeds = [self._rng.random() for _ in range(FUTURES * DRAWS)]   # the same futures for each
        scores = []
        for text in decision.options:
            total = 0.0
            for k in range(FUTURES):
                u = seeds[DRAWS * k: DRAWS * (k + 1)]
                total += max((self._future(s, text, basics, pool, board.skill_faces, u)
                              for s in who), default=0.0)
            scores.append(total / FUTURES)
        return best(scores)

    def _future(self, spy: SpyView, text: str, basics: tuple[str, ...], pool: int,
                faces: tuple[str, ...], u: list[float]) -> float:
        """One imagined test of ``text`` for ``spy``: its chance to pass, less the worth
        of the resolve it burns."""
        skills = suggested(text)
        named = [s for s in skills if s in basics]
        advanced = [s for s in skills if s not in basics]
        bonus = 0
        if any(spy.holds(s) for s in advanced):
            if u[0] < AUTO_PASS:
                return 1.0
            bonus = 1
        if not named or u[1] < ANY_SKILL:          # a skill the words did not suggest
            offered = [basics[int(u[2] * len(basics)) % len(basics)]]
        else:                                       # the spy's pick of those suggested
            offered = named
        level = max(spy.level(s) for s in offered)
        modifier = int(u[3] * 3) - 1 + bonus
        needed = 2 if u[4] < TWO_NEEDED else 1
        spent, chance = _chance(level + modifier, needed, spy.resolve + pool, faces)
        return chance - RESOLVE_WORTH * min(spent, spy.resolve)

    def _should_confront(self, decision: Decision) -> bool:
        """Confront when the imagined showdowns say the henchman's price buys a better
        chance against Dr. Lobo than keeping the intel to spend as resolve (EP-SHOW-3)
        with the henchman at his side (EP-HENCH-4)."""
        found = COST.search(decision.prompt)
        cost = int(found.group(1)) if found else 0
        board = decision.board
        if board.pool < cost:
            return False
        spies = [s for s in decision.spies if s.alive]
        futures = [[self._rng.random() for _ in range(2 * SHOWDOWN_TESTS)]
                   for _ in range(SHOWDOWN_FUTURES)]
        now = later = 0.0
        for u in futures:
            beaten, left = self._showdown(spies, board.pool - cost, 0, u[:SHOWDOWN_TESTS],
                                          board.skill_faces)
            now += self._showdown(spies, left, 0 if beaten else HELPER, u[SHOWDOWN_TESTS:],
                                  board.skill_faces)[0]
            later += self._showdown(spies, board.pool, HELPER, u[SHOWDOWN_TESTS:],
                                    board.skill_faces)[0]
        return now > later

    @staticmethod
    def _showdown(spies: list[SpyView], pool: int, penalty: int, u: list[float],
                  faces: tuple[str, ...]) -> tuple[bool, int]:
        """One imagined showdown: a test per draw, the best spy's best skill a little
        below itself, the pool spending as resolve; won with at most one test failed.
        Returns whether it was won and the pool left."""
        if not spies:
            return False, pool
        level = max(max(v for _, v in s.skills) for s in spies)
        resolve = pool + sum(s.resolve for s in spies)
        failed = 0
        for draw in u:
            modifier = SHOWDOWN_MODIFIER - penalty - (1 if draw > 0.8 else 0)
            spent, chance = _chance(level + modifier, 1, resolve, faces)
            resolve -= spent
            if draw >= chance:
                failed += 1
        return failed <= 1, max(0, min(pool, resolve))

    @staticmethod
    def _should_rest(spy: SpyView) -> bool:
        if spy.health >= spy.max_health:
            return False
        return spy.health <= 2 or spy.health * 2 <= spy.max_health or spy.resolve == 0

    # -- numbers ----------------------------------------------------------------------
    def amount(self, decision: Decision) -> int:
        if decision.kind != "wager":
            return decision.suggested
        faces = decision.board.skill_faces
        p = sum(f == "success" for f in faces) / max(1, len(faces))

        def worth(n: int) -> float:
            win = 1 - (1 - p) ** n
            return win * WIN_WORTH - (1 - win) * (n + FAIL_COST)

        return max(range(decision.low, decision.high + 1), key=lambda n: (worth(n), -n))

