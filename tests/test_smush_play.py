"""Agents of S.M.U.S.H. played from its JSON document: each rule the engine enforces,
quoted from the rulebook with its rule id (docs/smush.md), on hand-built positions.

The helpers at the top (the built document, scripted players, positions) are shared with
tests/test_smush_sim.py."""


from __future__ import annotations

import ast
import json
import random
from functools import lru_cache
from pathlib import Path

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document, dumps
from smersh_dsl.play.smush.choices import Choice
from smersh_dsl.play.smush.engine import Game
from smersh_dsl.play.smush.rules import HARMONY, SMUSH, Rules, load_rules
from smersh_dsl.play.smush.incursion import flip_options, run_incursion
from smersh_dsl.play.smush.table import Defence, Gadget, prices, strength_at

REPO = Path(__file__).resolve().parent.parent


def built(path: Path) -> dict:
    """The document `smersh build` writes for the project at `path`, as a program reads it."""
    projects, _ = check_paths([path])
    return json.loads(dumps(document(projects[0])))


@lru_cache(maxsize=1)
def smush_rules() -> Rules:
    return load_rules(built(REPO / "books" / "smush"))


class Scripted:
    """Answers each choice with the first option whose label contains the next expected
    text for that kind of choice; an unexpected question fails the test, except SMUSH's
    change to the line after a success, left as it is unless scripted."""

    def __init__(self, answers: dict[str, list[str]] | None = None) -> None:
        self.answers = {kind: list(texts) for kind, texts in (answers or {}).items()}
        self.asked: list[Choice] = []

    def decide(self, game: Game, choice: Choice) -> int:
        self.asked.append(choice)
        queue = self.answers.get(choice.kind)
        if not queue and choice.kind == "rearrange":
            queue = ["Leave"]
        assert queue, f"unexpected {choice.kind} choice: {choice.prompt} {choice.options}"
        wanted = queue.pop(0)
        for index, option in enumerate(choice.options):
            if wanted in option.label:
                return index
        raise AssertionError(f"no option {wanted!r} in {[o.label for o in choice.options]}")


def card_with(rules: Rules, name: str, gadget: bool = False) -> tuple:
    for card in rules.gadgets if gadget else rules.defences:
        for index, face in enumerate(card.faces):
            if face.name == name:
                return card, index
    raise KeyError(name)


def position(line: list, gadgets: list[str], cp: int = 2, harmony: dict | None = None,
             smush: dict | None = None, rules: Rules | None = None,
             lines: list[str] | None = None) -> Game:
    """A game whose line is `line` (innermost first; each item a face name, or a tuple
    (name, henchmen, face_up)) and whose active gadget halves are `gadgets`."""
    rules = rules or smush_rules()
    out = lines if lines is not None else []
    game = Game(rules, random.Random(0), {HARMONY: Scripted(harmony), SMUSH: Scripted(smush)},
                out.append)
    t = game.table
    t.deck, t.hand, t.gadget_hand, t.cp, t.round = [], [], [], cp, 1
    for item in line:
        name, henchmen, face_up = item if isinstance(item, tuple) else (item, 0, False)
        card, face = card_with(rules, name)
        t.line.append(Defence(card, face, face_up, henchmen))
    for name in gadgets:
        card, half = card_with(rules, name, gadget=True)
        t.gadgets.append(Gadget(card, half))
    return game


def kinds(player: Scripted) -> list[str]:
    return [c.kind for c in player.asked]


def faces(game: Game) -> list[str]:
    return [d.active.name for d in game.table.line]


# ------------------------------------------------------------------------ setup, rounds

def test_setup_deals_nine_cards_and_two_cp():
    """SM-SETUP-1: "The six diagonally divided Defence cards are given to the SMUSH player,
    and shuffled. The remaining three cards ... form the starting hand of Harmony Grace. Put
    the two dice in front of Harmony Grace, each showing one pip. ... The SMUSH player draws
    one card." """
    rules = smush_rules()
    orders = set()
    for seed in range(6):
        game = Game(rules, random.Random(seed), {HARMONY: Scripted(), SMUSH: Scripted()})
        game.setup()
        t = game.table
        assert len(t.hand) == 1 and len(t.deck) == 5
        assert sorted(c.number for c in t.hand + t.deck) == [1, 2, 3, 4, 5, 6]
        assert [c.number for c in t.gadget_hand] == [1, 2, 3] and t.cp == 2
        orders.add(tuple(c.number for c in t.deck))
    assert len(orders) > 1                                   # shuffled


def test_a_round_lays_one_defence_face_down_at_the_outermost_position():
    """SM-ROUND-1: "She then chooses one Defence card from her hand to play face down in
    front of her. Orientate the face you wish to use facing your opponent." New cards go
    at the outermost position; gadgets are oriented before the incursion, and "You may not
    change the orientation of a Gadget after you have nominated to begin an incursion"
    (SM-INC-3)."""
    harmony = {"orient": ["Catsuit"], "incursion": ["Make an incursion"],
               "flip": ["No flip"] * 2, "overcome": ["Use Catsuit", "No gadget"]}
    game = position([("Guard", 0, True)], ["Infrared Goggles"], cp=12, harmony=harmony,
                    smush={"lay": ["Searchlight"]})
    card, _ = card_with(game.rules, "Searchlight")
    game.table.deck = [card]
    game.play_round()
    t = game.table
    assert faces(game) == ["Guard", "Searchlight"] and t.line[1].face_up   # revealed since
    asked = kinds(game.players[HARMONY])
    assert asked.index("orient") < asked.index("incursion")
    assert "orient" not in asked[asked.index("incursion"):]
    assert t.round == 2 and t.crystals == 1


def test_harmony_plays_a_gadget_and_face_down_gadgets_turn_face_up():
    """SM-ROUND-1: "Harmony Grace may play a Gadget card from hand, if she has any
    remaining ... Any face-down Gadgets are flipped face up." """
    harmony = {"gadget": ["Hip Dagger"], "orient": ["Stun Gun"], "incursion": ["No incursion"]}
    game = position([("Guard", 0, True)], ["Catsuit"], harmony=harmony, smush={})
    t = game.table
    t.gadgets[0].face_up = False
    t.gadget_hand = [card_with(game.rules, "Hip Dagger", gadget=True)[0]]
    game.play_round()
    assert [g.face_up for g in t.gadgets] == [True, True]
    assert [g.active.name for g in t.gadgets] == ["Catsuit", "Stun Gun"]


def test_round_end_income_is_the_active_face_up_gadgets_at_most_twelve():
    """SM-ROUND-1: "Finally, Harmony Grace receives CP equal to the total base strength of
    the Gadgets she chose this round that are still face up." and "collects CP equal to the
    base strength value of all her face-up Gadgets (to a maximum of 12)"."""
    game = position([("Guard", 0, True)], ["Catsuit", "Stun Gun"], cp=3,
                    harmony={"orient": ["(as now)"], "incursion": ["No incursion"]})
    game.table.gadgets[0].face_up = False              # Catsuit used its flip power
    game.table.tokens, game.table.tokens_used = 2, 1
    game.play_round()
    assert game.table.cp == 3 + 1 + 2                  # gadgets turn face up at step 4
    assert game.table.tokens_used == 0                 # SM-INC-4: tokens are refreshed
    game = position([("Guard", 0, True)], ["Stun Gun"], cp=11,
                    harmony={"orient": ["(as now)"], "incursion": ["No incursion"]})
    game.play_round()
    assert game.table.cp == 12


def test_resource_tokens_count_one_cp_in_incursions_and_never_feed_the_dice():
    """SM-INC-4: "Resource tokens count as 1CP to spend in incursions, but are refreshed at
    the start of each round." and "Never add CP to dice based on resource tokens"."""
    game = position([("Guard", 0, True)], ["Catsuit"], cp=1,
                    harmony={"flip": ["No flip"], "overcome": ["No gadget: pay 2"]})
    game.table.tokens = 1
    assert run_incursion(game) == "success"
    assert (game.table.cp, game.table.tokens_used) == (0, 1)


# ------------------------------------------------------------------------ incursions

def test_incursions_go_from_the_outermost_defence_inwards_revealing_each():
    """SM-INC-1: "Starting with the outermost card and moving in towards your opponent ...
    If the Defence card is face down, the SMUSH player flips it face up now, being careful
    to keep the orientation the same." """
    lines: list[str] = []
    game = position(["Guard", "Searchlight", "Piranha Pool"], ["Infrared Goggles"], cp=12,
                    harmony={"flip": ["No flip"] * 3, "overcome": ["No gadget"] * 3},
                    lines=lines)
    before = [d.face for d in game.table.line]
    assert run_incursion(game) == "success"
    revealed = [line.split("] ")[1].split(" (")[0] for line in lines if "reveals" in line]
    assert revealed == ["Piranha Pool", "Searchlight", "Guard"]
    assert [d.face for d in game.table.line] == before
    assert all(d.face_up for d in game.table.line)


def test_only_a_gadget_of_the_defence_type_overcomes_it_with_boosts_paid_in_cp():
    """SM-INC-2: "Gadgets must have the same symbol as the card being Overcome to be used
    this way. If you can use a Gadget, spend CP to boost its base strength as per the
    card's text until you equal (or exceed) the card being Overcome. Otherwise it costs 2CP
    per point of strength on the Defence to Overcome it." """
    game = position([("Freeze Ray", 0, True)], ["Catsuit", "Hip Dagger"], cp=5,
                    harmony={"flip": ["No flip"], "overcome": ["Use Catsuit"]},
                    smush={"on_bypass": ["Do not"]})
    assert run_incursion(game) == "success"
    offered = [o.label for o in game.players[HARMONY].asked[-1].options]
    assert offered == ["Use Catsuit: pay 1 CP", "No gadget: pay 4 CP",
                       "Withdraw: SMUSH gains a clue"]          # no Hip Dagger: Force
    assert game.table.cp == 4


def test_no_gadget_is_needed_to_bypass_a_defence():
    """SM-INC-2: "IMPORTANT NOTE: you do not need a Gadget to bypass a Defence." """
    game = position([("Guard", 0, True)], ["Catsuit"], cp=2,
                    harmony={"flip": ["No flip"], "overcome": ["No gadget: pay 2 CP"]})
    assert run_incursion(game) == "success" and game.table.cp == 0


def test_one_flip_power_per_incursion():
    """SM-INC-3: "You may only use one Flip power per incursion." """
    game = position([("Guard", 0, True), ("Searchlight", 0, True)], ["Catsuit", "Hip Dagger"],
                    cp=0, harmony={"flip": ["Catsuit"], "overcome": ["Use Hip Dagger"]})
    assert run_incursion(game) == "success"
    assert kinds(game.players[HARMONY]) == ["flip", "overcome"]
    assert game.table.usage.flipped == {"Catsuit": 1}


def test_failing_gives_smush_a_clue_and_harmony_a_resource_token():
    """SM-INC-4: "If Harmony cannot (or will not) equal the strength of the card being
    Overcome, she is almost caught and must withdraw. The incursion ends immediately and
    the SMUSH player gains a clue. Harmony takes a resource token." """
    game = position(["Guard", ("Piranha Pool", 0, True)], ["Catsuit"], cp=2,
                    harmony={"flip": ["No flip"]})
    assert run_incursion(game) == "failed"
    t = game.table
    assert (t.clues, t.tokens, t.crystals) == (1, 1, 0)
    assert not t.line[0].face_up                       # the incursion ended at once


def test_success_gives_a_crystal_a_henchman_and_one_change_to_the_line():
    """SM-INC-5: "Harmony takes one of the Moon Crystals. Then the SMUSH player receives a
    Henchman, and may also opt to change a single Defence card's position in her line of
    Defences, or its orientation, but not both." """
    game = position([("Guard", 0, True), ("Searchlight", 0, True)], ["Catsuit", "Hip Dagger"],
                    cp=12, harmony={"flip": ["No flip"] * 2,
                                    "overcome": ["Use Catsuit", "Use Hip Dagger"]},
                    smush={"rearrange": ["Move [1] Guard to position 2"]})
    assert run_incursion(game) == "success"
    t = game.table
    assert (t.crystals, t.supply, t.henchmen_gained) == (1, 1, 1)
    assert faces(game) == ["Searchlight", "Guard"]
    labels = [o.label for o in game.players[SMUSH].asked[-1].options]
    assert "Turn [1] Guard to Security Camera" in labels and len(labels) == 1 + 2 + 2


# ------------------------------------------------------------------------ card arithmetic

def test_bonuses_count_only_adjacent_face_up_defences():
    """SM-CARD-1: "This applies only if the adjacent, face-up Defence card in the direction
    of the arrow matches the condition. Face-down cards are considered blank for
    calculating bonuses/penalties." (Freeze Ray, +2 inward if Guard.)"""
    game = position([("Guard", 0, False), ("Freeze Ray", 0, True)], [])
    line = game.table.line
    assert strength_at(line, 1, game.rules) == 2
    line[0].face_up = True
    assert strength_at(line, 1, game.rules) == 4


def test_gadget_bonuses_look_at_the_defence_next_to_the_one_overcome():
    """SM-CARD-1 on gadgets (Hip Dagger, +1 outward if Guard): the bonus counts when the
    defence just outward of the one being overcome is a face-up Guard."""
    game = position([("Piranha Pool", 0, True), ("Guard", 0, True)], [])
    dagger = card_with(game.rules, "Hip Dagger", gadget=True)
    half = dagger[0].faces[dagger[1]]
    assert prices(game.table.line, 0, [half], game.rules)[0] == (half, 0)     # 1 + 1 = 2
    game.table.line[1].face_up = False
    assert prices(game.table.line, 0, [half], game.rules)[0] == (half, 1)     # one boost


def test_henchmen_add_two_strength_each_and_stack():
    """SM-CARD-2: "Henchmen increase the base strength of a Defence by two, and can
    stack." """
    game = position([("Guard", 2, False)], [])
    assert strength_at(game.table.line, 0, game.rules) == 1 + 2 + 2


def test_smush_places_every_henchman_she_holds_each_round():
    """SM-ROUND-1: "If Henchmen are available, play these now." and "Henchmen can be moved
    after you have played cards, but before Harmony declares Gadgets." """
    game = position([("Guard", 1, True), "Searchlight"], [],
                    smush={"henchman": ["Searchlight", "Guard"]})
    game.table.supply = 1
    game.place_henchmen()                       # both taken up ...
    assert game.table.supply == 2 and [d.henchmen for d in game.table.line] == [0, 0]
    game.place_supply()                         # ... and placed anew, one at a time
    assert [d.henchmen for d in game.table.line] == [1, 1] and game.table.supply == 0


# ------------------------------------------------------------------------ the end

def test_the_third_crystal_wins_for_harmony_at_once():
    """SM-END-1: "The game ends when either a) Harmony steals her third Moon Crystal"."""
    game = position([("Guard", 0, True)], ["Hip Dagger"],
                    harmony={"flip": ["No flip"], "overcome": ["Use Hip Dagger"]})
    game.table.crystals = 2
    run_incursion(game)
    assert (game.table.winner, game.table.ending) == (HARMONY, "crystals")
    assert game.players[SMUSH].asked == []               # no henchman, no change: it is over


def test_the_third_clue_wins_for_smush():
    """SM-END-1: "b) the SMUSH player gets the third clue"."""
    game = position([("Piranha Pool", 0, True)], ["Catsuit"], harmony={"flip": ["No flip"]})
    game.table.clues = 2
    run_incursion(game)
    assert (game.table.winner, game.table.ending) == (SMUSH, "clues")


class Idle:
    """Takes the first option, but never makes an incursion."""

    def decide(self, game: Game, choice: Choice) -> int:
        labels = [o.label for o in choice.options]
        return next((i for i, label in enumerate(labels) if label.startswith("No incursion")), 0)


def test_smush_wins_at_the_end_of_the_sixth_round():
    """SM-END-1: "c) the end of the sixth round, if no winner has been decided. In this case
    the forces of SMUSH are successful." """
    game = Game(smush_rules(), random.Random(2), {HARMONY: Idle(), SMUSH: Idle()})
    t = game.play()
    assert (t.winner, t.ending, t.round) == (SMUSH, "rounds", 6)
    assert len(t.line) == 6 and not t.hand and not t.deck      # "simply play your last card"
    assert t.cp == 12                                          # the dice stop at 12


# ------------------------------------------------------------------------ the powers

def test_gain_cp_flip_laser_watch():
    """Laser Watch: "Flip: Gain 3 CP now." (SM-INC-3: flip powers work regardless of
    type), never above 12 (SM-ROUND-1)."""
    game = position([("Piranha Pool", 0, True)], ["Laser Watch"], cp=3,
                    harmony={"flip": ["Laser Watch"], "overcome": ["No gadget: pay 4"]})
    assert run_incursion(game) == "success" and game.table.cp == 3 + 3 - 4
    assert not game.table.gadgets[0].face_up                   # assumption: face down
    game = position([("Guard", 0, True)], ["Laser Watch"], cp=11,
                    harmony={"flip": ["Laser Watch"], "overcome": ["No gadget"]})
    run_incursion(game)
    assert game.table.cp == 12 - 2


def test_weaken_flip_hip_dagger():
    """Hip Dagger's flip: the defence being overcome has 2 less strength (never below 0)."""
    game = position([("Piranha Pool", 1, True)], ["Hip Dagger"], cp=4,     # 2 + 2 - 2
                    harmony={"flip": ["Hip Dagger"], "overcome": ["No gadget: pay 4"]})
    assert run_incursion(game) == "success"
    game = position([("Guard", 0, True)], ["Hip Dagger"], cp=0,
                    harmony={"flip": ["Hip Dagger"], "overcome": ["No gadget: pay 0"]})
    assert run_incursion(game) == "success"


def test_bypass_flip_catsuit_and_the_on_bypass_power_still_triggers():
    """Example round: "chooses to use the Flip power on Catsuit ... immediately Bypassing
    the Guard. On Bypass powers still trigger" (Guard moves a henchman inward)."""
    game = position([("Searchlight", 0, True), ("Guard", 1, True)], ["Catsuit"], cp=12,
                    harmony={"flip": ["Catsuit"], "overcome": ["No gadget: pay 8"]},
                    smush={"on_bypass": ["Trigger"]})
    assert run_incursion(game) == "success"
    assert [d.henchmen for d in game.table.line] == [1, 0] and game.table.cp == 4


def test_peek_flip_infrared_goggles_may_withdraw_without_a_clue():
    """Infrared Goggles: look at every face-down defence; withdrawing then gives SMUSH no
    clue (and, not being caught, Harmony no resource token)."""
    lines: list[str] = []
    game = position(["Vault Door", ("Guard", 0, True)], ["Infrared Goggles"],
                    harmony={"flip": ["Infrared Goggles"], "peek": ["Withdraw"]}, lines=lines)
    assert run_incursion(game) == "withdrawn"
    assert (game.table.clues, game.table.tokens) == (0, 0)
    assert any("Vault Door" in line for line in lines if line.startswith("Harmony sees"))


def test_return_henchman_flip_stun_gun():
    """Stun Gun: one henchman on the defence being overcome returns to SMUSH."""
    game = position([("Guard", 2, True)], ["Stun Gun"], cp=12,
                    harmony={"flip": ["Stun Gun"], "overcome": ["No gadget: pay 6"]},
                    smush={"on_bypass": ["Do not"]})
    assert run_incursion(game) == "success" and game.table.supply == 1 + 1


def test_swap_adjacent_flip_dynamite_gum():
    """Dynamite Gum: "Swap two adjacent cards, keeping their orientations the same." """
    lines: list[str] = []
    game = position(["Guard", ("Searchlight", 0, True)], ["Dynamite Gum"], cp=12,
                    harmony={"flip": ["inward"], "overcome": ["No gadget"] * 2}, lines=lines)
    assert run_incursion(game) == "success"
    assert faces(game) == ["Searchlight", "Guard"]
    assert [line for line in lines if "overcomes" in line][0].startswith("Harmony overcomes Guard")


def test_deny_flips_on_bypass_freeze_ray():
    """Freeze Ray: "On bypass: if you give the spy 2CP [our card: 1 CP], they may not use
    flip powers for the rest of the turn." """
    game = position([("Guard", 0, True), ("Freeze Ray", 0, True)], ["Catsuit"], cp=6,
                    harmony={"flip": ["No flip"], "overcome": ["Use Catsuit", "No gadget"]},
                    smush={"on_bypass": ["Trigger"]})
    assert run_incursion(game) == "success"
    assert kinds(game.players[HARMONY]) == ["flip", "overcome", "overcome"]
    assert game.table.cp == 6 - 3 + 1 - 2


def test_lose_cp_on_bypass_pressure_plates_spares_a_gadget():
    """Pressure Plates: "Unless the spy overcame this defence with a gadget, she loses
    1 CP." """
    game = position([("Pressure Plates", 0, True)], ["Hip Dagger"], cp=6,
                    harmony={"flip": ["No flip"], "overcome": ["No gadget"]},
                    smush={"on_bypass": ["Trigger"]})
    assert run_incursion(game) == "success" and game.table.cp == 6 - 4 - 1
    game = position([("Pressure Plates", 0, True)], ["Catsuit"], cp=6,
                    harmony={"flip": ["No flip"], "overcome": ["Use Catsuit"]})
    assert run_incursion(game) == "success" and game.table.cp == 6 - 1
    assert "on_bypass" not in kinds(game.players[SMUSH])


def test_swap_next_on_bypass_trapdoor_unless_the_spy_pays():
    """Trapdoor: "Unless the spy gives you 1 CP, you may swap the next two defences
    inward, keeping their orientations." """
    game = position(["Guard", "Searchlight", ("Trapdoor", 0, True)], ["Dynamite Gum"], cp=12,
                    harmony={"flip": ["No flip"] * 3, "ransom": ["Let SMUSH swap"],
                             "overcome": ["Use Dynamite Gum"] * 2 + ["No gadget"]},
                    smush={"on_bypass": ["Trigger"]})
    run_incursion(game)
    assert faces(game) == ["Searchlight", "Guard", "Trapdoor"]
    game = position(["Guard", "Searchlight", ("Trapdoor", 0, True)], ["Dynamite Gum"], cp=12,
                    harmony={"flip": ["No flip"] * 3, "ransom": ["Pay 1 CP"],
                             "overcome": ["Use Dynamite Gum", "No gadget", "Use Dynamite Gum"]},
                    smush={"on_bypass": ["Trigger"]})
    run_incursion(game)
    assert faces(game) == ["Guard", "Searchlight", "Trapdoor"]
    assert game.table.cp == 12 - 1 - 1 - 4


def test_boost_cost_passive_laser_grid():
    """Laser Grid: "While the spy overcomes this defence, every gadget boost costs 1 more
    CP." (Catsuit, strength 1: 1 CP for +1; the grid, strength 2, needs one boost, at 2 CP.)"""
    game = position([("Laser Grid", 0, True)], [])
    catsuit = card_with(game.rules, "Catsuit", gadget=True)
    half = catsuit[0].faces[catsuit[1]]
    assert prices(game.table.line, 0, [half], game.rules)[0] == (half, 1 * (1 + 1))


def test_no_tokens_passive_sentry_robot():
    """Sentry Robot: "The spy may not spend resource tokens while overcoming this
    defence." """
    game = position([("Sentry Robot", 0, True)], ["Laser Watch"], cp=0,
                    harmony={"flip": ["No flip"]})
    game.table.tokens = 2
    assert run_incursion(game) == "failed"
    game = position([("Guard", 0, True)], ["Laser Watch"], cp=0,
                    harmony={"flip": ["No flip"], "overcome": ["No gadget: pay 2"]})
    game.table.tokens = 2
    assert run_incursion(game) == "success"


def test_flip_immune_passive_vault_door():
    """Vault Door: "Flip powers cannot target this defence." A power that targets nothing
    (Laser Watch's CP) may still be used."""
    game = position([("Vault Door", 0, True)], ["Catsuit", "Laser Watch"])
    from smersh_dsl.play.smush.incursion import Incursion

    offered = [o.label for o in flip_options(game, Incursion(flips_left=1), 0)]
    assert len(offered) == 1 and offered[0].startswith("Laser Watch")


# ------------------------------------------------------------------------ the engine's diet

def test_the_engine_reads_json_only():
    """The player works from the document `smersh build` writes: no smush module imports
    the language's model."""
    for path in sorted((REPO / "smersh_dsl" / "play" / "smush").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in imported if m and m.startswith("smersh_dsl.model")], path.name
