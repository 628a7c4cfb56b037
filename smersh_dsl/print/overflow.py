"""Prose that does not fit its box, found by layout (never silently clipped).

Boxes whose text must fit carry ``data-fit="<label>"`` (and ``data-span`` when the
document was built with sources). Card boxes have a fixed size and ``overflow: hidden``,
their content wrapped in an inline-block so it is never split across pages: what does
not fit is laid out below or beside the box and clipped when drawn. So the laid-out box
tree tells the truth: a fit box overflows when any box inside it reaches past its content
box, downwards or sideways, or when the box itself was split across pages.
"""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.records import dataclass

TOLERANCE_PX = 0.5   # sub-pixel rounding in the layout is not an overflow


@dataclass(frozen=True)
class Overflow:
    label: str
    span: str | None
    page: int                 # 1-based, in the laid-out document
    excess_mm: float          # how far the content reaches past the box


def _children(box) -> list:
    return list(getattr(box, "children", None) or ())


def _descendants(box) -> Iterator:
    stack = _children(box)
    while stack:
        child = stack.pop()
        yield child
        stack.extend(_children(child))


def _fit_element(box):
    element = getattr(box, "element", None)
    if element is None or element.get("data-fit") is None:
        return None
    return element


def _excess(box) -> float:
    """How many px the content of ``box`` reaches past its content box (0 when it fits)."""
    top, left = box.content_box_y(), box.content_box_x()
    bottom, right = top + box.height, left + box.width
    excess = 0.0
    for child in _descendants(box):
        if child.position_y is None or child.height is None:
            continue
        excess = max(excess, child.position_y + child.margin_height() - bottom)
        if type(child).__name__ in ("TextBox", "InlineReplacedBox", "BlockReplacedBox"):
            excess = max(excess, child.position_x + child.margin_width() - right)
    return excess


def _fit_boxes(page_box) -> Iterator[tuple[object, object]]:
    """(element, box) for the outermost box of each fit element, nested fit boxes too."""
    stack = [(page_box, None)]
    while stack:
        box, inside = stack.pop()
        element = _fit_element(box)
        if element is not None and element is not inside:
            yield element, box
            inside = element
        stack.extend((child, inside) for child in _children(box))


def find_overflows(document) -> list[Overflow]:
    """Every fit box of a laid-out weasyprint Document whose content does not fit it."""
    found: dict[tuple[str, str | None], Overflow] = {}
    pages_of: dict[int, set[int]] = {}
    for number, page in enumerate(document.pages, 1):
        for element, box in _fit_boxes(page._page_box):
            pages_of.setdefault(id(element), set()).add(number)
            split = len(pages_of[id(element)]) > 1
            excess = _excess(box)
            if excess > TOLERANCE_PX or split:
                key = (element.get("data-fit"), element.get("data-span"))
                if key not in found:
                    found[key] = Overflow(key[0], key[1], number, round(excess * 25.4 / 96, 1))
    return sorted(found.values(), key=lambda o: (o.page, o.label))
