"""A whole game as the rules that act on it see it: its document, its state, its board and
table, its dice and its voice. `game.Game` is one; the expansion's rules (`australia`) take
this shape, so the game can call them without their importing it back."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from smersh_dsl.play.core.deciders import Decider
from smersh_dsl.play.epic.board import Board
from smersh_dsl.play.epic.engine import Table
from smersh_dsl.play.epic.party import Party, Spy
from smersh_dsl.play.epic.world import Seat, State


class WholeGame(Protocol):
    doc: dict
    state: State
    rng: random.Random
    say: Callable[[str], None]
    board: Board
    table: Table

    @property
    def party(self) -> Party: ...

    def decider_of(self, index: int) -> Decider: ...

    def seat_of(self, spy: Spy) -> Seat: ...
