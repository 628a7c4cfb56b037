"""What a game of Agents of S.M.U.S.H. asks and of whom: an option, a decision (`Choice`),
and the game as a round's steps see it (`Asking`), so the incursion can ask its questions
of the game that runs it without importing the engine back. `engine.Game` is one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from smersh_dsl.play.smush.rules import Rules, Settings
from smersh_dsl.play.smush.table import Table
from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class Option:
    label: str
    move: tuple = ()


@dataclass(frozen=True)
class Choice:
    """One decision: `kind` names it for bots (`lay`, `henchman`, `gadget`, `orient`,
    `incursion`, `flip`, `peek`, `overcome`, `on_bypass`, `ransom`, `rearrange`)."""

    kind: str
    side: str
    prompt: str
    options: tuple[Option, ...]


class Asking(Protocol):
    rules: Rules
    table: Table
    say: Callable[[str], None]
    incursion: Any                 # the incursion under way (incursion.Incursion), or None

    @property
    def settings(self) -> Settings: ...

    def ask(self, side: str, kind: str, prompt: str, options: list[Option]) -> Option: ...
