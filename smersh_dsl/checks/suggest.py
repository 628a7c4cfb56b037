"""'Did you mean' hints."""

from __future__ import annotations

import difflib


def did_you_mean(name: str, candidates: list[str]) -> str | None:
    if not candidates:
        return None
    folded = {c.lower(): c for c in candidates}
    if name.lower() in folded:
        return f"did you mean `{folded[name.lower()]}`? (names are case-sensitive)"
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    if not close:
        close = [folded[c] for c in difflib.get_close_matches(name.lower(), list(folded), n=1, cutoff=0.6)]
    if close:
        return f"did you mean `{close[0]}`?"
    if len(candidates) <= 8:
        return "defined: " + ", ".join(f"`{c}`" for c in candidates)
    return None
