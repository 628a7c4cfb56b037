"""Swagman's Hope's Top Secret cards in a whole game (SH-TOPSECRET-1, SH-LIMIT-1): the
deck, drawing, "draw 2, keep 1", the end-of-turn limit of 3, and the cards a spy holds
(`Spy.top_secrets`, names of the document's `top_secrets`).

The deck is the game's shared one (`decks.py`, kept in `State.cards`): the document's Top
Secret cards times their copies, shuffled with the game's dice, its discard reshuffled
when empty, as the gadget deck does (EP-GADGET-1). A card held is played by the Epic
game's held-card machinery (`cards.py`), which reads `Spy.top_secrets` as it reads the
gadgets held.

Which card a bot keeps, and which it discards at the limit, is decided from what a
player sees, the card's own text: its typed powers, each step weighed as `worth` says.
"""

from __future__ import annotations

from smersh_dsl.play.epic import bots, decks, hands
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.play.epic.whole import WholeGame
from smersh_dsl.play.epic.world import card_names

# What a power's card steps are worth to the sensible bot (assumption, docs/books.md);
# the other steps weigh what `bots.WORTH` says of them.
STEP_WORTH = {"auto_pass": 3.0, "reroll": 1.5, "dice": 1.0, "prevent_injury": 1.0}


def cards(game: WholeGame) -> dict[str, dict]:
    return card_names(game.doc, "top_secrets")


def deck_of(game: WholeGame) -> list[str]:
    """The Top Secret cards left to draw, top first: the game's shared decks
    (`hands.decks_of`, `State.cards`), the one place the deck is kept."""
    return hands.decks_of(game.table).pile("top_secret")


def discard_of(game: WholeGame) -> list[str]:
    return hands.decks_of(game.table).discards("top_secret")


def draw(game: WholeGame, amount: int) -> list[str]:
    """Up to ``amount`` cards off the deck, the discard reshuffled into it when it is
    empty (`decks.draw`); fewer when both are empty."""
    drawn = []
    for _ in range(amount):
        if not deck_of(game) and discard_of(game):
            game.say("  [the Top Secret deck is empty: its discard is shuffled into a new deck]")
        name = decks.draw(hands.decks_of(game.table), "top_secret", game.rng)
        if name is None:
            break
        drawn.append(name)
    return drawn


def gain(game: WholeGame, spy: Spy, amount: int, keep: int | None = None) -> None:
    """``spy`` draws ``amount`` Top Secret cards and keeps ``keep`` of them (all by
    default), discarding the rest: the Top Secret dead drop's "Draw 2 Top Secret Cards,
    keep 1 and discard the other" (SH-TOPSECRET-1). A person chooses what to keep; the
    bot keeps the cards `worth` weighs most."""
    drawn = draw(game, amount)
    if not drawn:
        game.say(f"  [{spy.name} draws no Top Secret card: none is left]")
        return
    keep = len(drawn) if keep is None else min(keep, len(drawn))
    kept = list(drawn)
    while len(kept) > keep:                                             # rule: SH-TOPSECRET-1
        out = pick(game, spy, kept, f"Top Secret: keep {keep} of {', '.join(drawn)}: "
                   "which do you discard?")
        kept.remove(out)
        discard_of(game).append(out)
    spy.top_secrets.extend(kept)
    told = f"draws {', '.join(drawn)}" + (f", keeps {', '.join(kept)}" if kept != drawn else "")
    game.say(f"  [Top Secret: {spy.name} {told}]")


def limit(game: WholeGame, spy: Spy, most: int) -> None:
    """SH-LIMIT-1: "A player, at the end of his turn, may have no more than 3 of either UN
    Transports or Top Secret cards ... They must discard down to 3 at the end of their
    turn." """
    while len(spy.top_secrets) > most:                                  # rule: SH-LIMIT-1
        out = pick(game, spy, spy.top_secrets,
                   f"Discard down to {most} Top Secret cards: which one?")
        hands.discard(game.table, spy, "top_secret", out)
        game.say(f"  [Top Secret: {spy.name} discards {out} (at most {most} at the end "
                 "of a turn)]")


def pick(game: WholeGame, spy: Spy, names: list[str], prompt: str) -> str:
    """The card to let go of, among ``names``: a person chooses, reading each card's
    effect; the bot lets go of the one `worth` weighs least (the first of equals)."""
    known = cards(game)
    labels = [f"{n}: {known.get(n, {}).get('effect') or ''}".rstrip(": ") for n in names]
    scores = [-worth(known.get(n, {})) for n in names]
    return names[game.table.decide.choose(prompt, labels, scores, note=None)]


def worth(card: dict) -> float:
    """What a Top Secret card is worth to the sensible bot, from its typed powers: each
    step as `STEP_WORTH` or `bots.WORTH` weighs it (dice by their number), doubled for a
    card that is kept after use (`keep`) or used several times (`uses`); a card with no
    typed power is worth nothing."""
    total = 0.0
    for power in card.get("powers") or []:
        value = 0.0
        for step in power["steps"]:
            if step["kind"] in STEP_WORTH:
                value += STEP_WORTH[step["kind"]] * (step.get("amount") or 1)
            else:
                value += bots.worth([step])
        uses = 2 if power.get("keep") else (power.get("uses") or 1)
        total += value * min(uses, 2)
    return total
