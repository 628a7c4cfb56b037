"""One check of the projects, as the pages need it: documents, findings, sources.

A snapshot is made from what ``check_paths`` returns, so the server's live updates and
`smersh build --format site` read the same data. Documents carry their sources (where each
block was written) so a finding can link to its place in the book; an expansion's
document comes applied to its game, as `smersh play` reads it.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import field
from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.export.game import EntryMemo
from smersh_dsl.model.document import Project
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.records import dataclass
from smersh_dsl.site.icons import IconFile, icons_of


@dataclass
class Snapshot:
    version: int
    documents: list[dict]                      # game documents (expansions merged), with sources
    findings: list[Diagnostic]
    sources: dict[str, str]                    # a file's shown name -> its text
    showdowns: dict[tuple[str, str, str], Showdown] = field(default_factory=dict)
    #            (document id, section kind, section name) -> the model, for the flow graphs
    stale: set[str] = field(default_factory=set)   # ids whose document is the last good one
    editors: dict[str, str] = field(default_factory=dict)
    #            a file's shown name -> its editor link, with `{line}` and `{column}` left to fill
    icons: dict[str, dict[str, str]] = field(default_factory=dict)
    #            document id -> icon key -> its name in the site (site/icons.py)
    icon_files: dict[str, IconFile] = field(default_factory=dict)   # that name -> the file

    def document(self, doc_id: str) -> dict | None:
        return next((d for d in self.documents if d["id"] == doc_id), None)


def digest(value: object) -> str:
    """A short stable hash of JSON-shaped data: what a page is made from."""
    text = json.dumps(value, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


_KEPT: dict[int, tuple[object, str]] = {}     # id(value) -> (value, its digest)
KEPT_MAX = 100_000


def digest_kept(value: object) -> str:
    """``digest``, remembered for this very object (an entry's JSON that the export memo
    hands out again while its file is unchanged): JSON-shaped data is never changed once
    made, so the same object has the same digest."""
    known = _KEPT.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    if len(_KEPT) > KEPT_MAX:
        _KEPT.clear()
    made = digest(value)
    _KEPT[id(value)] = (value, made)
    return made


def _playable(project: Project) -> bool:
    from smersh_dsl.export.document import buildable
    from smersh_dsl.model.world import ExpansionDef, GameDef
    return buildable(project) and isinstance(project.header, (GameDef, ExpansionDef)) and (
        not isinstance(project.header, ExpansionDef) or project.base is not None)


def take(projects: list[Project], findings: list[Diagnostic], version: int,
         previous: Snapshot | None = None, memo: EntryMemo | None = None) -> Snapshot:
    """The snapshot of a finished check. A document that cannot be made now (content too
    broken to export) is the previous snapshot's, marked stale, so an open book stays.
    ``memo`` keeps entries' JSON between snapshots (the live server)."""
    from smersh_dsl.export.document import document
    from smersh_dsl.model.world import ExpansionDef

    docs: list[dict] = []
    stale: set[str] = set()
    showdowns: dict[tuple[str, str, str], Showdown] = {}
    icons: dict[str, dict[str, str]] = {}
    icon_files: dict[str, IconFile] = {}
    for project in projects:
        if not _playable(project):
            continue
        try:
            # the document as export makes it, without the JSON text's round trip
            doc = dict(document(project, with_sources=True, merged=True, memo=memo))
        except Exception:        # the content is mid-edit: keep what was shown last
            known = previous and previous.document(_id_of(project))
            if known:
                docs.append(known)
                stale.add(known["id"])
                icons[known["id"]] = kept = previous.icons.get(known["id"], {})
                icon_files.update((n, previous.icon_files[n]) for n in kept.values())
            continue
        header = project.header
        if isinstance(header, ExpansionDef):    # the merged document is the game's: name it
            doc["id"] = header.key.text          # for the expansion, so two never share pages
            doc["title"] = f"{doc['title']} with {header.title}"
        docs.append(doc)
        icons[doc["id"]], found = icons_of(project)
        icon_files.update(found)
        for item in _showdowns(project):
            showdowns[(doc["id"], item.kind.value, item.name.text)] = item
    if memo is not None:
        memo.settle()
    sources = {f.path: f.text for p in projects for f in p.files}
    return Snapshot(version, docs, findings, sources, showdowns, stale, editor_links(projects),
                    icons, icon_files)


def editor_links(projects: list[Project]) -> dict[str, str]:
    """Each project file's link into the writer's editor, from the project's `editor_url`
    (smersh.toml; `vscode://file/...` by default), the path filled in, absolute."""
    from urllib.parse import quote

    from smersh_dsl.project.load import BUNDLED_PREFIX
    from smersh_dsl.resources import bundled_books
    from smersh_dsl.settings.policy import Policy

    policy = Policy()
    found: dict[str, str] = {}
    for project in projects:
        template = policy.config_for(Path(project.root)).editor_url
        for source in project.files:
            shown = source.path
            where = (bundled_books() / shown[len(BUNDLED_PREFIX) + 1:]
                     if shown.startswith(BUNDLED_PREFIX + "/") else Path(os.path.abspath(shown)))
            found[shown] = template.replace("{path}", quote(where.as_posix(), safe="/:"))
    return found


def _showdowns(project: Project) -> list[Showdown]:
    own = [d for d in project.definitions() if isinstance(d, Showdown)]
    base = project.base
    if base is None:
        return own
    names = {(s.kind, s.name.text) for s in own}
    return own + [d for d in base.definitions()
                  if isinstance(d, Showdown) and (d.kind, d.name.text) not in names]


def _id_of(project: Project) -> str:
    header = project.header
    return getattr(getattr(header, "key", None), "text", None) or str(getattr(header, "key", ""))
