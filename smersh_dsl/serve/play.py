"""A game in the browser, played by the same engine as `smersh play` (play/epic).

The engine asks its decider and waits for the answer; a web page answers one request
later. So a session is its seed and the answers given so far, and each page view plays
it again from the start with ``Replay`` as the decider: the same seed and the same
answers give the same dice and the same path, and the first question without an answer
is the one the page asks, its options as buttons. One encounter or showdown replays in a
millisecond or two; nothing of a game lives between requests but those numbers.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import field

from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic.engine import Table
from smersh_dsl.play.epic.party import party_from
from smersh_dsl.play.epic.sessions import Outcome, play_encounter, play_showdown
from smersh_dsl.records import dataclass

MAX_SESSIONS = 200


class Pending(Exception):
    """The engine asked a question that has no answer yet."""

    def __init__(self, prompt: str, options: list[str], chances: list[float] | None) -> None:
        self.prompt, self.options, self.chances = prompt, options, chances


class Replay:
    """A decider that gives the browser's answers in order, then asks (``Pending``)."""

    def __init__(self, answers: list[int]) -> None:
        self.answers, self.used = answers, 0

    def choose(self, prompt: str, options: list[str], scores: list[float] | None = None,
               note: str | None = "to pass") -> int:
        if self.used < len(self.answers):
            answer = self.answers[self.used]
            self.used += 1
            if 0 <= answer < len(options):
                return answer
            raise NotPlayable("an answer does not fit its question: start a new game")
        raise Pending(prompt, list(options), list(scores) if scores and note else None)

    def number(self, prompt: str, low: int, high: int, best: int) -> int:
        return low + self.choose(prompt, [str(n) for n in range(low, high + 1)], None, None)


@dataclass
class WebTable(Table):
    """The engine's table, keeping each die as it falls beside what is said."""

    events: list[tuple] = field(default_factory=list)

    def roll(self, die: str = "skill") -> str:
        face = super().roll(die)
        self.events.append(("roll", die, face))
        return face


@dataclass
class Session:
    doc_id: str
    kind: str                  # "showdown" or "encounter"
    name: str | None           # the section, or the region
    players: int
    seed: int
    answers: list[int] = field(default_factory=list)


@dataclass
class Reading:
    """What a page shows of a session: the transcript, then a question or the outcome."""
    lines: list[dict]
    question: Pending | None
    outcome: Outcome | None
    problem: str | None = None


def replay(session: Session, doc: dict) -> Reading:
    events: list[tuple] = []
    rng = random.Random(session.seed)
    table = WebTable(doc, party_from(doc, session.players, 4), rng, Replay(session.answers),
                     lambda text: events.append(("say", text)), events=events)
    try:
        if session.kind == "showdown":
            outcome = play_showdown(table, session.name)
        else:
            outcome = play_encounter(table, session.name, False)
    except Pending as question:
        return Reading(lines(events), question, None)
    except NotPlayable as problem:
        return Reading(lines(events), None, None, str(problem))
    return Reading(lines(events), None, outcome)


def lines(events: list[tuple]) -> list[dict]:
    """The transcript as lines: what is said, and the dice of a throw, together."""
    out: list[dict] = []
    for event in events:
        if event[0] == "roll":
            if out and out[-1]["dice"] is not None and out[-1]["die"] == event[1]:
                out[-1]["dice"].append(event[2])
            else:
                out.append({"text": None, "die": event[1], "dice": [event[2]]})
        else:
            out.append({"text": event[1], "die": None, "dice": None})
    return out


class Sessions:
    """The games in play, by a token nobody can guess; the oldest go past MAX_SESSIONS."""

    def __init__(self) -> None:
        self.held: dict[str, Session] = {}

    def start(self, session: Session) -> str:
        token = secrets.token_urlsafe(12)
        self.held[token] = session
        while len(self.held) > MAX_SESSIONS:
            self.held.pop(next(iter(self.held)))
        return token

    def get(self, token: str) -> Session | None:
        return self.held.get(token)
