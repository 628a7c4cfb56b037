"""Where a finding sits in the book: the page and anchor of the innermost entry, showdown
node or section whose source holds the finding's line."""

from __future__ import annotations

from smersh_dsl.export.labels import node_label, section_label
from smersh_dsl.records import dataclass
from smersh_dsl.site import names


@dataclass(frozen=True)
class Place:
    page: str
    anchor: str
    label: str
    file: str
    line: int
    end_line: int

    @property
    def href(self) -> str:
        return f"{self.page}#{self.anchor}"


def places(doc: dict, pages: dict[int, str]) -> list[Place]:
    """Every placeable block of ``doc``; ``pages`` maps an encounter number to its page."""
    out: list[Place] = []
    for entry in doc.get("entries", []):
        src = entry.get("source")
        page = pages.get(entry["encounter"])
        if src and page is not None:
            out.append(Place(page, names.entry_anchor(entry["key"]),
                             f"entry {entry['key']}", src["file"], src["line"], src["end_line"]))
    for section in doc.get("sections", []):
        page = names.showdown(doc["id"], section)
        src = section.get("source")
        if src:
            out.append(Place(page, names.section_prefix(section), section_label(section),
                             src["file"], src["line"], src["end_line"]))
        for node in section.get("nodes", []):
            src = node.get("source")
            if src:
                out.append(Place(page, names.node_anchor(section, node["id"]),
                                 node_label(section, node), src["file"], src["line"],
                                 src["end_line"]))
    return out


class Locator:
    """Finds the innermost place holding a file's line, over several documents."""

    def __init__(self, found: list[Place]) -> None:
        self.by_file: dict[str, list[Place]] = {}
        for place in found:
            self.by_file.setdefault(place.file, []).append(place)

    def find(self, file: str, line: int) -> Place | None:
        holding = [p for p in self.by_file.get(file, ()) if p.line <= line <= p.end_line]
        return min(holding, key=lambda p: p.end_line - p.line, default=None)
