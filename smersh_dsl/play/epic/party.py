"""The spies at the table and what they hold, built from a document's spy sheets."""

from __future__ import annotations

from dataclasses import field
from operator import attrgetter

from smersh_dsl.play.epic.stamps import HAND_FIELDS, HANDS, stamp, watched
from smersh_dsl.records import dataclass

DEFAULT_LEVEL = 2
_INTEL = attrgetter("intel")     # the pool is read some 450 times a game: summed in C


@dataclass
class Spy:
    name: str
    skills: dict[str, int]
    health: int
    max_resolve: int
    resolve: int
    held: set[str] = field(default_factory=set)     # advanced skills and statuses
    intel: int = 0
    gadgets: list[str] = field(default_factory=list)       # gadget cards held (EP-GADGET-1)
    max_health: int = 0      # the sheet's health, which healing never passes (EP-REST-1)
    rest: int = 2            # the sheet's rest value (EP-REST-1)
    tokens: dict[str, int] = field(default_factory=dict)   # UN transports
    top_secrets: list[str] = field(default_factory=list)   # Top Secret cards held (SH-TOPSECRET-1)
    used: dict[str, int] = field(default_factory=dict)     # a card's uses so far (`uses N`)
    waits: dict[str, int] = field(default_factory=dict)    # a status's turn ends left to wait

    def __post_init__(self) -> None:
        self.max_health = self.max_health or self.health

    def __setattr__(self, name: str, value: object) -> None:
        """Every change of a spy gives it a new ``stamp`` (stamps.py): its sets, dicts and
        lists are kept watched, so a change in place stamps it too. Setting a number to
        the number it already is changes nothing and stamps nothing."""
        if type(value) is int:              # a number is kept as given (`watched`)
            old = self.__dict__.get(name)
            if type(old) is int and old == value:
                return                      # the same number again (resolve -= 0): no change
            object.__setattr__(self, name, value)
        else:
            object.__setattr__(self, name, watched(self, value))
        stamp(self)
        if name in HAND_FIELDS:
            HANDS[0] += 1

    @property
    def alive(self) -> bool:
        return self.health > 0

    def holds(self, name: str) -> bool:
        """An advanced skill, a status, a gadget or a Top Secret card the spy has: what a
        "pass with" or "+1 with" clause names (EP-TEST-4, EP-TEST-5)."""
        return name in self.held or name in self.gadgets or name in self.top_secrets


@dataclass
class Party:
    spies: list[Spy]
    successes: int = 0          # success tokens of the current showdown (EP-SHOW-4)
    lobo: int = 0               # spaces Dr. Lobo has moved (EP-ENC-6)
    location: str | None = None
    lost: bool = False
    board_intel: dict[str, int] = field(default_factory=dict)   # intel on board spaces (EP-ENC-7)
    spent: int = 0              # intel taken from the pool so far (an entry's intel cost)

    def living(self) -> list[Spy]:
        return [s for s in self.spies if s.alive]

    @property
    def pool(self) -> int:
        """EP-SHOW-3: in a showdown the party's intel is one pool that spends as resolve.
        "Intel is shared between all players as a pool of tokens", and a spy who dies
        discards their cards, not intel, so a dead spy's intel stays in the pool."""
        return sum(map(_INTEL, self.spies))                             # rule: EP-SHOW-3

    def spend_pool(self, amount: int) -> None:
        for spy in self.spies:
            take = min(spy.intel, amount)
            spy.intel -= take
            amount -= take
            self.spent += take


def party_from(doc: dict, players: int, start_intel: int = 0) -> Party:
    """The first ``players`` spy sheets (ordinary ones first); a sheetless default if none."""
    sheets = sorted(doc.get("spies", []), key=lambda s: (s.get("double_agent_of") is not None, s["name"]))
    skills = (doc.get("vocabulary") or {}).get("skills") or []
    spies = []
    for i in range(players):
        if i < len(sheets):
            sheet = sheets[i]
            stats = sheet.get("stats", {})
            spies.append(Spy(sheet["name"], dict(sheet["skills"]), stats.get("health", 5),
                             stats.get("resolve", 3), stats.get("resolve", 3),
                             set(sheet.get("advanced_skills", [])), start_intel,
                             rest=stats.get("rest", 2)))
        else:
            spies.append(Spy(f"Agent {i + 1}", {s: DEFAULT_LEVEL for s in skills}, 5, 3, 3,
                             intel=start_intel))
    return Party(spies)
