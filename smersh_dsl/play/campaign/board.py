"""The S.H.I.E.L.D. Executive Board: secret counters, and members who turn to their
attachment side for the rest of the campaign (SC-BOARD-1)."""

from __future__ import annotations


def limit(doc: dict, log: dict) -> int | None:
    """SC-BOARD-1: "If a board member ever has four secrets on it (three in expert mode),
    that board member permanently turns against the heroes"."""
    return doc["betrayal"]["expert" if log["expert"] else "standard"]


def set_secrets(doc: dict, log: dict, counts: dict[str, int]) -> list[str]:
    """Put these counts on the members; return those who turn now. A turned member stays
    turned: "once a board member flips to its attachment side, it remains an attachment
    for the rest of the campaign"."""
    log["secrets"].update({m: int(v) for m, v in counts.items()})
    return _turn(doc, log)


def add_secrets(doc: dict, log: dict, member: str, count: int) -> list[str]:
    log["secrets"][member] = log["secrets"].get(member, 0) + count
    return _turn(doc, log)


def _turn(doc: dict, log: dict) -> list[str]:
    most = limit(doc, log)
    new = [m for m in doc["board_members"]
           if most is not None and log["secrets"].get(m, 0) >= most and m not in log["turned"]]
    log["turned"].extend(new)
    return new


def environments(doc: dict, log: dict) -> list[str]:
    """The members still on their environment side."""
    return [m for m in doc["board_members"] if m not in log["turned"]]


def clean(doc: dict, log: dict) -> list[str]:
    """SC-EVID-3: Board Member environments in play with no secret counters. An attachment
    is no environment, so a turned member gives no evidence."""
    return [m for m in environments(doc, log) if log["secrets"].get(m, 0) == 0]
