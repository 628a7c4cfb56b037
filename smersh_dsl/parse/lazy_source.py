"""A parsed file read back from the disk cache whose blocks are unpickled only when first
asked for (issue #31). A new `smersh check` after a prose edit recalls every structural
check from the memo on disk (checks/memo.py): no file's model is read but the edited
one's, and unpickling every other file's was half of that check.

Until it is opened, a ``LazySource`` knows its shown name, its text and the types of its
blocks (what finding a project's header needs, project/load.py). Asked for anything
else (its blocks, comments, what was lost, equality, a pickle), it unpickles its model
and becomes a plain ``SourceFile`` in place, so no reader can tell it from one: a check
that does read a file gets the very model a cold run gets.

``opened`` counts the files opened, by shown name: what a test reads to see that a warm
re-check left the unchanged files shut."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

from smersh_dsl.model.document import Comment, Definition, SourceFile

# (definitions, comments, lost): a file's model without its name and text.
Model = tuple[tuple[Definition, ...], tuple[Comment, ...], tuple[str, ...]]

opened: Counter[str] = Counter()
_lock = threading.Lock()


class LazySource(SourceFile):
    """A ``SourceFile`` whose model ``read`` gives, the first time it is needed."""

    def __init__(self, path: str, text: str, types: frozenset[type],
                 read: Callable[[], Model]) -> None:
        # the frozen dataclass's own __setattr__ refuses; these are set once, here
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_types", types)
        object.__setattr__(self, "_read", read)

    def open(self) -> SourceFile:
        """Unpickle the model and become the plain ``SourceFile`` it is (once, whichever
        thread asks first)."""
        with _lock:
            if type(self) is LazySource:
                definitions, comments, lost = self._read()
                state = self.__dict__
                del state["_types"], state["_read"]
                state.update(definitions=definitions, comments=comments, lost=lost)
                object.__setattr__(self, "__class__", SourceFile)
                opened[self.path] += 1
        return self

    def block_types(self) -> frozenset[type]:
        return self._types

    @property
    def definitions(self) -> tuple[Definition, ...]:  # type: ignore[override]
        return self.open().definitions

    @property
    def comments(self) -> tuple[Comment, ...]:  # type: ignore[override]
        return self.open().comments

    @property
    def lost(self) -> tuple[str, ...]:  # type: ignore[override]
        return self.open().lost

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazySource):
            other.open()
        return self.open() == other

    def __hash__(self) -> int:
        return hash(self.open())

    def __repr__(self) -> str:
        return repr(self.open())

    def __reduce_ex__(self, protocol: Any) -> Any:
        return self.open().__reduce_ex__(protocol)
