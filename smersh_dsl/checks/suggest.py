"""'Did you mean' hints."""

from __future__ import annotations

import difflib
from collections.abc import Mapping


def did_you_mean(name: str, candidates: list[str], spelled: Mapping[str, str] | None = None) -> str | None:
    """A hint naming the candidate nearest ``name``, or the few there are. ``spelled``
    gives a candidate as the writer wrote it where it is compared in another form (an
    encounter `05` is compared as `5`, so that `55` finds it, and is shown as `05`)."""
    if not candidates:
        return None
    shown = (lambda c: spelled.get(c, c)) if spelled else (lambda c: c)
    folded = {c.lower(): c for c in candidates}
    if name.lower() in folded:
        return f"did you mean `{shown(folded[name.lower()])}`? (names are case-sensitive)"
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    if not close:
        close = [folded[c] for c in difflib.get_close_matches(name.lower(), list(folded), n=1, cutoff=0.6)]
    if close:
        return f"did you mean `{shown(close[0])}`?"
    if len(candidates) <= 8:
        return "defined: " + ", ".join(f"`{shown(c)}`" for c in candidates)
    return None
