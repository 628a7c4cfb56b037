"""Scenario 5's accusation: a combination not crossed out names the accused; the A.I.M.
envelope names the mole; each wrong guess costs secrets (SC-ACCUSE-1)."""

from __future__ import annotations

from smersh_dsl.play.campaign import board
from smersh_dsl.play.campaign.envelopes import SETS, key, mole, surviving

# Assumption (docs/books.md): "if they accused the wrong board member, they must place
# secret counters on that board member" gives no number; the plural is read as two.
WRONG_MEMBER_SECRETS = 2


def accuse(doc: dict, log: dict, guess: dict) -> dict:
    """SC-ACCUSE-1: "place a secret counter on each board member for each guess (means,
    motive, opportunity, and board member) they got wrong. Additionally, if they accused
    the wrong board member, they must place secret counters on that board member". Then
    stage 3B: the mole flips to its attachment side, and the main scheme takes threat equal
    to the counters on every board member attachment. Returns what the log keeps."""
    if key(guess) not in {key(c) for c in surviving(doc, log)}:
        raise ValueError(f"{key(guess)} is crossed out: the accusation names a combination "
                         "the log still allows")
    left = surviving(doc, log)
    truth = mole(doc, log)
    wrong = [k for k in (*SETS, "member") if guess[k] != truth[k]]
    turned: list[str] = []
    for member in doc["board_members"]:                     # rule: SC-ACCUSE-1
        turned += board.add_secrets(doc, log, member, len(wrong))
    if "member" in wrong:
        turned += board.add_secrets(doc, log, guess["member"], WRONG_MEMBER_SECRETS)
    lost = not board.environments(doc, log)   # "If all of the board members join Baron Zemo"
    attachments = set(log["turned"]) | {truth["member"]}    # stage 3B: the mole flips too
    threat = sum(log["secrets"].get(m, 0) for m in attachments)
    outcome = {"guess": key(guess), "accused": guess["member"], "mole": truth["member"],
               "mole_combination": key(truth), "wrong": wrong, "correct": not wrong,
               "turned": turned, "threat": threat, "lost": lost,
               "evidence_before": len(log["evidence_gained"]), "left": len(left),
               "certain": len({c["member"] for c in left}) == 1}
    log["accusations"].append(outcome)
    return outcome


def likeliest(doc: dict, log: dict) -> list[dict]:
    """The surviving combinations of the member most of them implicate: a bot's guess."""
    left = surviving(doc, log)
    counts: dict[str, int] = {}
    for combo in left:
        counts[combo["member"]] = counts.get(combo["member"], 0) + 1
    best = max(counts.values())
    return [c for c in left if counts[c["member"]] == best]
