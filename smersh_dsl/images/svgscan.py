"""What an SVG file holds, read by a streaming XML parse that never renders it: how many
elements, how deeply nested, and what each element (by its id) and the whole picture
refer to (`<use href="#id">`, `fill="url(#id)"`, `<image href="other.svg">`).

The parse refuses what could make a small file large: a DOCTYPE that declares an entity
(the "billion laughs"), and external entities, which expat never loads here. It stops as
soon as a count passes the limits it is given (``images.budget``), so a huge file costs
no more than the first elements past the budget.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import field
from xml.parsers import expat

from smersh_dsl.records import dataclass

CHUNK = 64 * 1024
# Elements drawn only where something refers to them: what they refer to is counted there.
_TEMPLATES = frozenset({"defs", "symbol"})
_XLINK_OR_PLAIN_HREF = ("href", "http://www.w3.org/1999/xlink href")
_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


class Unreadable(Exception):
    """Not an SVG this reader will follow: the message says why (for the user)."""


class TooMany(Exception):
    """The parse stopped at a limit: ``what`` was passed."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


@dataclass
class Part:
    """An element and what is inside it: its elements and the references they make (a
    reference is ``#id`` or a path as written), each with how many times it is made."""

    elements: int = 1
    refs: Counter[str] = field(default_factory=Counter)


@dataclass
class Scan:
    whole: Part                                  # the root element and everything in it
    parts: dict[str, Part]                       # the elements that carry an id
    depth: int                                   # the deepest nesting of elements


def _references(attributes: dict[str, str]) -> list[str]:
    found = [attributes[name] for name in _XLINK_OR_PLAIN_HREF if attributes.get(name)]
    for value in attributes.values():
        if "url(" in value:
            found.extend(_URL.findall(value))
    return [ref.strip() for ref in found if ref.strip()]


def scan(data: bytes, max_elements: int, max_nesting: int) -> Scan:
    """The elements and references of the SVG ``data``. `TooMany` when it holds more than
    ``max_elements`` elements or nests them deeper than ``max_nesting``; `Unreadable` when
    it is not well-formed XML or declares entities."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[tuple[str | None, Part, bool]] = []
    parts: dict[str, Part] = {}
    state = {"elements": 0, "depth": 0}
    done: list[Part] = []

    def refuse_entity(name: str, *_: object) -> None:
        raise Unreadable(f"it declares the XML entity `{name}`: save it as plain SVG")

    def refuse_external(*_: object) -> int:
        raise Unreadable("it names an external XML entity: save it as plain SVG")

    def start(name: str, attributes: dict[str, str]) -> None:
        state["elements"] += 1
        if state["elements"] > max_elements:
            raise TooMany("elements")
        if len(stack) >= max_nesting:
            raise TooMany("nesting")
        part = Part()
        part.refs.update(_references(attributes))
        stack.append((attributes.get("id"), part, name.rsplit(" ", 1)[-1] in _TEMPLATES))
        state["depth"] = max(state["depth"], len(stack))

    def end(_name: str) -> None:
        ident, part, template = stack.pop()
        if ident and ident not in parts:
            parts[ident] = part
        if stack:
            outer = stack[-1][1]
            outer.elements += part.elements
            if not template:
                outer.refs.update(part.refs)
        else:
            done.append(part)

    parser.EntityDeclHandler = refuse_entity
    parser.ExternalEntityRefHandler = refuse_external
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        for offset in range(0, len(data), CHUNK):
            parser.Parse(data[offset:offset + CHUNK], False)
        parser.Parse(b"", True)
    except expat.ExpatError as error:
        raise Unreadable(f"it is not well-formed XML (line {error.lineno}, column "
                         f"{error.offset + 1}: {expat.ErrorString(error.code)})") from None
    except RecursionError:
        raise TooMany("nesting") from None
    if not done:
        raise Unreadable("it holds no element")
    return Scan(done[0], parts, state["depth"])
