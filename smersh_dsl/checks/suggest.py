"""'Did you mean' hints, and the fix that writes the name meant."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping

from smersh_dsl.diagnostics.fix import Edit, Fix
from smersh_dsl.highlight.keywords import keywords
from smersh_dsl.model.span import Span

_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_']*|\d+")


def nearest(name: str, candidates: list[str]) -> tuple[str, bool] | None:
    """The candidate ``name`` most likely stands for, and whether it differs only in case."""
    folded = {c.lower(): c for c in candidates}
    if name.lower() in folded:
        return folded[name.lower()], True
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    if not close:
        close = [folded[c] for c in difflib.get_close_matches(name.lower(), list(folded), n=1, cutoff=0.6)]
    return (close[0], False) if close else None


def did_you_mean(name: str, candidates: list[str], spelled: Mapping[str, str] | None = None) -> str | None:
    """A hint naming the candidate nearest ``name``, or the few there are. ``spelled``
    gives a candidate as the writer wrote it where it is compared in another form (an
    encounter `05` is compared as `5`, so that `55` finds it, and is shown as `05`)."""
    if not candidates:
        return None
    shown = (lambda c: spelled.get(c, c)) if spelled else (lambda c: c)
    found = nearest(name, candidates)
    if found is not None:
        meant, by_case = found
        return f"did you mean `{shown(meant)}`?" + (" (names are case-sensitive)" if by_case else "")
    if len(candidates) <= 8:
        return "defined: " + ", ".join(f"`{shown(c)}`" for c in candidates)
    return None


def rename_fix(span: Span, written: str, name: str, candidates: list[str],
               spelled: Mapping[str, str] | None = None, bare: bool = False) -> Fix | None:
    """Write the nearest candidate where ``written`` (as the writer spelt it) stands: bare
    if it was bare and may be, else in quotes; always bare with ``bare`` (a jump's target
    is a number or a name, never a text)."""
    found = nearest(name, candidates) if candidates else None
    if found is None:
        return None
    meant = spelled.get(found[0], found[0]) if spelled else found[0]
    was_bare = span.line == span.end_line and span.end_column - span.column == len(written)
    if bare or (was_bare and _BARE.fullmatch(meant) and meant not in keywords()):
        text = meant
    else:
        text = '"' + meant.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return Fix(f"change `{written}` to `{meant}`", (Edit(span, text),))
