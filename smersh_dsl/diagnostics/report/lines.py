"""Source lines for reporters, split once per file however many findings it has."""

from __future__ import annotations


class SourceLines:
    def __init__(self, sources: dict[str, str]) -> None:
        self.sources = sources
        self._split: dict[str, list[str]] = {}

    def line(self, file: str, number: int) -> str | None:
        """Line ``number`` (1-based) of ``file``, or None if there is no such line."""
        if file not in self.sources:
            return None
        lines = self._split.get(file)
        if lines is None:
            lines = self._split[file] = self.sources[file].split("\n")
        return lines[number - 1] if 1 <= number <= len(lines) else None
