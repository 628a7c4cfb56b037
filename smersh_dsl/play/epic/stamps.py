"""Stamps: a mark a spy gets each time anything of it changes, so what is worked out from a
spy (its view at the table, the powers of the cards it holds) is worked out again only
when its stamp moved, instead of being keyed by a copy of the spy's state on every
decision.

A stamp comes from one clock for the whole process (`TIME`), so two states of spies never share
one: a cache that kept (stamp, result) for a spy may reuse the result while the spy's
stamp is the same. `Spy.__setattr__` stamps the spy on every assignment and puts its
sets, dicts and lists into the watched kinds below, which stamp their owner on every
change in place. A stamp moving while nothing changed costs a cache miss, never a
wrong answer.
"""

from __future__ import annotations

# The clock: TIME[0] is the last stamp given. While it stands still no spy changed at all,
# so a cache of what every spy shows may be kept whole.
TIME = [0]
# The hands' clock: it moves whenever a spy's cards (its sets and lists: statuses and
# advanced skills, gadgets, Top Secret cards) or its health change, or a spy is made.
# While it stands still the powers of the cards the living spies hold are the same, so
# `held.table_powers` keeps them across the many stamps that move resolve and intel.
HANDS = [0]
HAND_FIELDS = frozenset({"held", "gadgets", "top_secrets", "health"})


def stamp(owner: object) -> None:
    """Give ``owner`` the next stamp."""
    TIME[0] += 1
    owner.__dict__["stamp"] = TIME[0]


def _stamped(method, hand: bool):  # noqa: ANN001, ANN202
    def changed(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        owner = self.__dict__.get("owner")
        if owner is not None:
            stamp(owner)
            if hand:
                HANDS[0] += 1
        return method(self, *args, **kwargs)
    changed.__name__ = method.__name__
    return changed


def _watch(kind: type, base: type, changes: tuple[str, ...], hand: bool = False) -> type:
    for name in changes:
        setattr(kind, name, _stamped(getattr(base, name), hand))
    return kind


class WatchedSet(set):
    """A spy's set (advanced skills and statuses) that stamps the spy when changed."""

    def __repr__(self) -> str:
        return repr(set(self))


class WatchedDict(dict):
    """A spy's dict (skills, tokens, uses, waits) that stamps the spy when changed."""


class WatchedList(list):
    """A spy's list (gadgets, Top Secret cards) that stamps the spy when changed."""


_watch(WatchedSet, set, ("add", "discard", "remove", "pop", "clear", "update",
                         "difference_update", "intersection_update",
                         "symmetric_difference_update", "__ior__", "__iand__", "__isub__",
                         "__ixor__"), hand=True)
_watch(WatchedDict, dict, ("__setitem__", "__delitem__", "pop", "popitem", "clear", "update",
                           "setdefault", "__ior__"))
_watch(WatchedList, list, ("__setitem__", "__delitem__", "append", "extend", "insert",
                           "remove", "pop", "clear", "sort", "reverse", "__iadd__",
                           "__imul__"), hand=True)

WATCHED = {set: WatchedSet, dict: WatchedDict, list: WatchedList}


def watched(owner: object, value: object) -> object:
    """``value`` as ``owner`` keeps it: a set, dict or list becomes a watched copy that
    stamps ``owner`` (one already watched for ``owner`` stays as it is); anything else is
    kept as given."""
    kind = WATCHED.get(type(value))
    if kind is None:
        if isinstance(value, (WatchedSet, WatchedDict, WatchedList)) \
                and value.__dict__.get("owner") is not owner:
            kind = type(value)
        else:
            return value
    copy = kind(value)
    copy.__dict__["owner"] = owner
    return copy
