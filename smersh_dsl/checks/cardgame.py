"""M: Agents of S.M.U.S.H. cards agree with the rules block and can be played (SM-SETUP-1,
SM-INC-2, SM-INC-3)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.analysis.paths import keyword_span
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.cardgame import (DEFENCE_SLOTS, GADGET_SLOTS, SLOT_KINDS, CardFace,
                                       CardGameDef, DefenceCard, SmushGadgetCard)
from smersh_dsl.model.document import Project

# rules-block setting -> the card block it counts, and how many faces each card has.
COUNTED = {"gadget_cards": (SmushGadgetCard, "gadget_card"),
           "defence_cards": (DefenceCard, "defence_card")}
FACES_PER_CARD = 2


def _header(project: Project) -> CardGameDef | None:
    for member in (project, project.base):
        if member is not None and isinstance(member.header, CardGameDef):
            return member.header
    return None


def _cards(project: Project, kind: type) -> list:
    own = project.of_type(kind)
    if project.base is not None and not isinstance(project.header, CardGameDef):
        numbers = {c.number for c in own}
        own = own + [c for c in project.base.of_type(kind) if c.number not in numbers]
    return own


@check("M001")
def card_counts(ctx: Context) -> Iterator[Diagnostic]:
    header = _header(ctx.project)
    if header is None:
        return
    own_header = ctx.project.header is header
    for setting in header.rules:
        if setting.name.text not in COUNTED or not isinstance(setting.values[0], int):
            continue
        kind, keyword = COUNTED[setting.name.text]
        have, want = len(_cards(ctx.project, kind)), setting.values[0]
        if have == want:
            continue
        if own_header:
            yield Diagnostic.of("M001", setting.span,
                                f"the rules ask for {want} `{keyword}` blocks, the project has {have}",
                                "add or remove cards, or correct the rules block (SM-SETUP-1)")
        elif have > want:      # a fragment adding cards to a game: point at what it adds
            base_numbers = {c.number for c in ctx.project.base.of_type(kind)}  # type: ignore[union-attr]
            extra = [c for c in ctx.project.of_type(kind) if c.number not in base_numbers]
            if extra:
                yield Diagnostic.of("M001", keyword_span(extra[0].span, keyword),
                                    f"with this card the game has {have} `{keyword}` blocks; "
                                    f"its rules ask for {want}",
                                    "replace a card with `override` instead (SM-SETUP-1)")


def faces_of(card: SmushGadgetCard | DefenceCard) -> tuple[CardFace, ...]:
    """A gadget card's two halves or a defence card's two faces."""
    return card.halves if isinstance(card, SmushGadgetCard) else card.faces


@check("M002")
def two_faces(ctx: Context) -> Iterator[Diagnostic]:
    for card in ctx.project.of_type(SmushGadgetCard) + ctx.project.of_type(DefenceCard):
        faces = faces_of(card)
        one, many, keyword = (("half", "halves", "gadget_card") if isinstance(card, SmushGadgetCard)
                              else ("face", "faces", "defence_card"))
        if len(faces) != FACES_PER_CARD:
            counted = f"{len(faces)} {one if len(faces) == 1 else many}"
            yield Diagnostic.of("M002", keyword_span(card.span, keyword),
                                f"{keyword} {card.number} has {counted}, not {FACES_PER_CARD}",
                                "a gadget card has two halves and a defence card two diagonal "
                                "faces (SM-SETUP-1)")


@check("M003")
def gadget_types_met(ctx: Context) -> Iterator[Diagnostic]:
    """SM-INC-2: a gadget overcomes only a defence of its own type."""
    defended = {f.type.name for c in _cards(ctx.project, DefenceCard) for f in c.faces if f.type}
    header = _header(ctx.project)
    declared = {t.text for t in header.types} if header is not None else set()
    if not defended:
        return
    faces = [f for c in _cards(ctx.project, DefenceCard) for f in c.faces]
    if any(f.type is not None and f.type.name not in declared for f in faces):
        return      # a knock-on: the misnamed type (N012, N018) may be the one the gadget wants
    for card in ctx.project.of_type(SmushGadgetCard):
        for half in card.halves:
            if half.type is not None and half.type.name in declared and half.type.name not in defended:
                yield Diagnostic.of("M003", half.type.span,
                                    f"no defence face has the type `{half.type.name}`, so "
                                    f"\"{half.name.text}\" can never overcome one",
                                    "give some defence this type, or change the gadget's type")


@check("M004")
def typed_faces(ctx: Context) -> Iterator[Diagnostic]:
    """SM-INC-2: a gadget matches a defence by its type symbol, so every face has one."""
    for card in ctx.project.of_type(SmushGadgetCard) + ctx.project.of_type(DefenceCard):
        for face in faces_of(card):
            if face.type is None:
                yield Diagnostic.of("M004", face.name.span, f"\"{face.name.text}\" has no type",
                                    "add `type NAME` with one of the card game's types (SM-INC-2)")


@check("M005")
def powers_have_effects(ctx: Context) -> Iterator[Diagnostic]:
    """A power with only its prose cannot be played by `smersh play` or `smersh simulate`."""
    for card in ctx.project.of_type(SmushGadgetCard) + ctx.project.of_type(DefenceCard):
        for face in faces_of(card):
            for power in face.powers():
                if power.effect is None:
                    yield Diagnostic.of("M005", keyword_span(power.span, power.slot.value),
                                        f"the {power.slot.value} power of \"{face.name.text}\" "
                                        "has no effect, so the player ignores it",
                                        "add what it does after its text, e.g. "
                                        "`flip \"Gain 3 CP now.\" { gain 3 cp }`")


@check("M006")
def powers_in_their_slot(ctx: Context) -> Iterator[Diagnostic]:
    """SM-INC-3: flip powers are the spy's (gadget halves); on-bypass and passive powers act
    while she overcomes a defence (defence faces). Each effect kind belongs to one slot."""
    for card in ctx.project.of_type(SmushGadgetCard) + ctx.project.of_type(DefenceCard):
        gadget = isinstance(card, SmushGadgetCard)
        side, slots = ("gadget half", GADGET_SLOTS) if gadget else ("defence face", DEFENCE_SLOTS)
        for face in faces_of(card):
            for power in face.powers():
                slot = power.slot.value
                if power.slot not in slots:
                    yield Diagnostic.of("M006", keyword_span(power.span, slot),
                                        f"a {side} has no `{slot}` power in play",
                                        "flip powers go on gadget halves; on_bypass and passive "
                                        "powers on defence faces (SM-INC-3)")
                elif power.effect is not None and power.effect.kind not in SLOT_KINDS[power.slot]:
                    kind = power.effect.kind.value
                    fits = sorted(k.value for k in SLOT_KINDS[power.slot])
                    yield Diagnostic.of("M006", power.effect.span,
                                        f"`{kind}` is not a {slot} effect",
                                        f"a {slot} power does one of: {', '.join(fits)}")
