"""Encounter book entries, keyed ENCOUNTER.RESPONSE.DIE (EP-ENC-1)."""

from __future__ import annotations

from smersh_dsl.model.span import Definition, Node
from smersh_dsl.model.steps import Step
from smersh_dsl.records import dataclass


@dataclass(frozen=True, kw_only=True, slots=True)
class EntryKey(Node):
    encounter: int
    response: int
    die: int
    text: str

    @property
    def triple(self) -> tuple[int, int, int]:
        return (self.encounter, self.response, self.die)


@dataclass(frozen=True, kw_only=True, slots=True)
class EncounterEntry(Definition):
    key: EntryKey
    steps: tuple[Step, ...] = ()
