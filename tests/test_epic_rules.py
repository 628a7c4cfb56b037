"""Rules of the Epic Edition and Swagman's Hope that one encounter already plays, each
exercised through the engine (`smersh_dsl.play.epic`) and quoted from the rulebooks in
`../shared/seeds/`."""

from __future__ import annotations

import json
import random

import pytest

from conftest import REPO
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document, dumps
from smersh_dsl.play.core.deciders import GreedyPolicy
from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic.engine import Table
from smersh_dsl.play.epic.party import party_from
from smersh_dsl.play.epic.sessions import play_encounter, play_levelled, play_showdown


@pytest.fixture(scope="module")
def books() -> dict[str, dict]:
    """The JSON of both bundled Epic books, Swagman's Hope merged with its base."""
    projects, _ = check_paths([REPO / "books"])
    by_name = {p.name: p for p in projects}
    return {"epic": json.loads(dumps(document(by_name["smersh"]))),
            "swagmans_hope": json.loads(dumps(document(by_name["swagmans_hope"], merged=True)))}


@pytest.fixture(scope="module")
def epic(books) -> dict:
    return books["epic"]


class Loaded(random.Random):
    """Dice that show the faces given, in order; a d6 that shows ``d6``."""

    def __init__(self, faces: list[str], d6: int = 1) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.d6 = d6

    def choice(self, seq):  # noqa: D102
        wanted = self.faces.pop(0) if self.faces else None
        return wanted if wanted in seq else seq[0]

    def randrange(self, n, *_):  # noqa: D102
        assert n == 6, "only the d6 is drawn with randrange"
        return self.d6 - 1


class Scripted(GreedyPolicy):
    """The greedy bot, except for the choices given by the start of their prompt; it
    records every prompt and every number range it was offered."""

    def __init__(self, answers: dict[str, int] | None = None) -> None:
        self.answers = answers or {}
        self.asked: list[tuple[str, list[str]]] = []
        self.ranges: list[tuple[str, int, int]] = []

    def choose(self, prompt, options, scores=None):  # noqa: D102
        self.asked.append((prompt, list(options)))
        for start, index in self.answers.items():
            if prompt.startswith(start):
                return index
        return super().choose(prompt, options, scores)

    def number(self, prompt, low, high, best):  # noqa: D102
        self.ranges.append((prompt, low, high))
        return super().number(prompt, low, high, best)


def table(doc: dict, faces: list[str], intel: int = 0, lines: list[str] | None = None,
          decide: GreedyPolicy | None = None, d6: int = 1) -> Table:
    out = lines if lines is not None else []
    return Table(doc, party_from(doc, 1, intel), Loaded(faces, d6), decide or GreedyPolicy(),
                 out.append)


def one_entry(doc: dict, steps: list[dict]) -> dict:
    """``doc`` with one Europe card, one response, and entry 99.1.5 made of ``steps``."""
    doc = dict(doc)
    doc["encounter_cards"] = [{"number": 99, "region": "Europe", "title": "T", "sections": [],
                               "responses": [{"number": 1, "text": "Try"}]}]
    doc["entries"] = [{"key": "99.1.5", "encounter": 99, "response": 1, "die": 5, "steps": steps}]
    return doc


CARD = "(the card drawn)"     # play_encounter's first draw is the card: no die face

GAMBLE = {"kind": "gamble",
          "pass": [{"kind": "prose", "text": "PASS read"}],
          "fail": [{"kind": "prose", "text": "FAIL read"}]}


# -- EP-GAMBLE-1 -----------------------------------------------------------------------

def test_a_lost_gamble_reads_fail_and_fails_the_encounter(epic):
    """EP-GAMBLE-1, EP-ENC-6: "On a loss: discard the wagered Intel and read the FAIL
    result." and "If you fail an Encounter while not in an Epic Showdown, advance Dr.
    Lobo by moving his token 1 space toward the Round tracking token"."""
    lines: list[str] = []
    t = table(one_entry(epic, [GAMBLE]), [CARD, "blank", "blank"], intel=2, lines=lines)
    outcome = play_encounter(t, "Europe", lair=True)
    assert "FAIL read" in lines and "PASS read" not in lines
    assert outcome.won is False and t.party.lobo == 1
    assert t.party.spies[0].intel == 0


def test_a_won_gamble_reads_pass_and_keeps_the_wager(epic):
    """EP-GAMBLE-1: "On a win: Return the wagered Intel to your pool and read the PASS
    result." """
    lines: list[str] = []
    t = table(one_entry(epic, [GAMBLE]), [CARD, "blank", "success"], intel=2, lines=lines)
    outcome = play_encounter(t, "Europe", lair=True)
    assert "PASS read" in lines and "FAIL read" not in lines
    assert outcome.won is True and t.party.lobo == 0 and t.party.spies[0].intel == 2


def test_no_intel_loses_the_gamble_and_the_encounter(epic):
    """EP-GAMBLE-1: "If you have no Intel in your pool when directed to make a Gamble
    action, you automatically lose." """
    lines: list[str] = []
    t = table(one_entry(epic, [GAMBLE]), [CARD] + ["success"] * 6, intel=0, lines=lines)
    outcome = play_encounter(t, "Europe", lair=True)
    assert "FAIL read" in lines and outcome.won is False and t.party.lobo == 1


def test_a_gamble_wagers_1_to_6_and_spends_no_resolve(epic):
    """EP-GAMBLE-1: "you must wager 1 to 6 Intel from your pool. Then, roll a number of
    Skill dice equal to your wager." and "Alert: Resolve may not be used during Gamble
    actions." """
    bot = Scripted()
    t = table(epic, ["resolve"] * 6, intel=9, decide=bot)
    spy = t.party.spies[0]
    spy.resolve = 3
    assert t.gamble() is False            # six resolve icons, and no resolve to turn them
    assert bot.ranges == [("Intel to wager", 1, 6)]
    assert spy.resolve == 3 and spy.intel == 3


# -- SH-BUTCHER-1 ----------------------------------------------------------------------

@pytest.mark.parametrize("face, skill", [(1, "Spycraft"), (2, "Persuasion"), (3, "Deception"),
                                         (4, "Athletics"), (5, "Hand to Hand")])
def test_the_butchers_level_2_rolls_one_d6_shows_it_and_tests_that_skill(books, face, skill):
    """SH-BUTCHER-1: "Level 2. Roll a D6 to determine what Basic Skill is tested at [-2]
    modifier. Result: 1 = SPYCRAFT; 2 = PERSUASION; 3 = DECEPTION; 4 = ATHLETICS; 5 = HAND
    TO HAND; 6 = YOUR CHOICE." """
    doc = books["swagmans_hope"]
    lines: list[str] = []
    bot = Scripted()
    t = table(doc, ["blank"] * 6, lines=lines, decide=bot, d6=face)
    spy = t.party.spies[0]
    spy.skills = {s: 1 for s in spy.skills} | {skill: 5}
    spy.resolve = 0
    play_levelled(t, "Aussie Butcher", 2)
    assert f"The d6 shows {face}: {skill}." in lines
    assert [line for line in lines if "The d6 shows" in line] == [f"The d6 shows {face}: {skill}."]
    assert f"{spy.name} rolls 3 dice" in next(line for line in lines if " rolls " in line)
    takers = next(options for prompt, options in bot.asked if prompt.startswith("Who takes"))
    assert takers == [f"{spy.name}: {skill} 5 -2 [1], 3 dice"]      # the level, then the dice


def test_the_butchers_6_lets_the_player_choose_the_skill(books):
    """SH-BUTCHER-1: "6 = YOUR CHOICE." """
    doc = books["swagmans_hope"]
    lines: list[str] = []
    bot = Scripted({"Who takes": 3})
    t = table(doc, ["success"], lines=lines, decide=bot, d6=6)
    spy = t.party.spies[0]
    spy.skills = {s: 2 for s in spy.skills} | {"Athletics": 4}
    spy.resolve = 0
    play_levelled(t, "Aussie Butcher", 2)
    assert "The d6 shows 6: your choice of basic skill." in lines
    takers = next(options for prompt, options in bot.asked if prompt.startswith("Who takes"))
    dice = {2: "1 die", 4: "2 dice"}
    assert takers == [f"{spy.name}: {s} {spy.skills[s]} -2 [1], {dice[spy.skills[s]]}"
                      for s in doc["vocabulary"]["skills"]]
    assert f"{spy.name} rolls 2 dice" in next(line for line in lines if " rolls " in line)


# -- EP-SKILL-2, and health at most the sheet's ----------------------------------------

def gain(t: Table, target: str | None) -> None:
    t.run([{"kind": "gain_advanced_skill", "amount": 1, "target": target}])


def test_gain_advanced_skill_any_offers_only_the_skills_not_held(epic):
    """EP-SKILL-2: "Whenever you gain an Advanced Skill, choose one from the pool of
    available Advanced Skills that you don't already have, and add it to your Spy
    board." """
    bot = Scripted({"Which advanced skill": 1})
    lines: list[str] = []
    t = table(epic, [], decide=bot, lines=lines)
    spy = t.party.spies[0]
    spy.held = {"Adventuring", "Disguise"}
    gain(t, None)
    offered = next(options for prompt, options in bot.asked if prompt.startswith("Which"))
    pool = epic["vocabulary"]["advanced_skills"]
    assert offered == [s for s in pool if s not in ("Adventuring", "Disguise")]
    assert spy.held == {"Adventuring", "Disguise", offered[1]}
    assert f"  [gain advanced skill {offered[1]}]" in lines


def test_an_advanced_skill_already_held_is_not_gained_twice(epic):
    """EP-SKILL-2: "If an entry directs you to gain an Advanced Skill that you already
    have, do not gain a second copy of that Skill." """
    bot = Scripted()
    t = table(epic, [], decide=bot)
    spy = t.party.spies[0]
    spy.held = {"Stealth"}
    gain(t, "Stealth")
    assert spy.held == {"Stealth"} and bot.asked == []


@pytest.mark.parametrize("target", ["Stealth", None])
def test_an_eighth_advanced_skill_may_only_replace_one_held(epic, target):
    """EP-SKILL-2: "Your Spy board has spaces for 7 Advanced Skills. If you would gain an
    8th, you may replace one that you already have." """
    pool = epic["vocabulary"]["advanced_skills"]
    seven = set(pool[:7])
    keep = table(epic, [])
    keep.party.spies[0].held = set(seven) | {"Lucky Charm"}     # a status is no advanced skill
    gain(keep, target)
    assert keep.party.spies[0].held == seven | {"Lucky Charm"}  # the greedy bot keeps its seven
    bot = Scripted({"7 advanced skills": 2})
    swap = table(epic, [], decide=bot)
    swap.party.spies[0].held = set(seven)
    gain(swap, target)
    held = swap.party.spies[0].held
    offered = next(options for prompt, options in bot.asked if prompt.startswith("7 advanced"))
    assert len(offered) == 8 and len(held & set(pool)) == 7
    assert sorted(pool[:7])[1] not in held and (target or pool[7]) in held


def test_healing_never_raises_health_above_the_sheets_maximum(epic):
    """EP-REST-1 (the maximum that any healing respects): "You cannot gain more Resolve or
    have more health than your maximum." and, at setup, "Place the Injury tracking token
    on the topmost space of the health track." """
    t = table(epic, [])
    spy = t.party.spies[0]
    sheet = next(s for s in epic["spies"] if s["name"] == spy.name)
    spy.health -= 1
    t.run([{"kind": "heal_injury", "amount": 3, "target": None}])
    assert spy.health == sheet["stats"]["health"] == spy.max_health


# -- SH-MISSION-1 ----------------------------------------------------------------------

def test_no_secret_mission_city_is_australian_with_swagmans_hope(books):
    """SH-MISSION-1 (Swagman's Hope rulebook, setup): "An Australian location cannot be a
    card selected for a Secret Mission"; the missions a game with the expansion deals
    from are the merged document's."""
    doc = books["swagmans_hope"]
    australia = next(r for r in doc["regions"] if r["name"] == "Australia")
    places = {loc["name"] for loc in australia["locations"]}
    assert doc["missions"], "the merged document deals secret missions"
    assert [(m["name"], m["city"]) for m in doc["missions"]
            if m["region"] == "Australia" or m["city"] in places] == []


# -- EP-STATUS-1 -----------------------------------------------------------------------

def party_table(doc: dict, players: int, faces: list[str] | None = None,
                lines: list[str] | None = None, decide: GreedyPolicy | None = None,
                intel: int = 0) -> Table:
    out = lines if lines is not None else []
    return Table(doc, party_from(doc, players, intel), Loaded(faces or []), decide or GreedyPolicy(),
                 out.append)


def gain_status(t: Table, name: str) -> None:
    t.run([{"kind": "gain_status", "amount": 1, "target": name}])


def copies(doc: dict, name: str) -> int:
    return next(s["copies"] for s in doc["statuses"] if s["name"] == name)


def test_a_status_already_held_is_not_gained_again(epic):
    """EP-STATUS-1: "If an entry directs you to gain a Status that you already have, or
    all copies of that Status are currently in play, do not gain the Status." """
    lines: list[str] = []
    t = party_table(epic, 1, lines=lines)
    spy = t.party.spies[0]
    spy.held = {"Black Eye"}
    gain_status(t, "Black Eye")
    assert spy.held == {"Black Eye"}
    assert f"  [{spy.name} already holds Black Eye: not gained]" in lines
    assert "  [gain status Black Eye]" not in lines


def test_a_status_with_every_copy_in_play_is_not_gained(epic):
    """EP-STATUS-1: "If an entry directs you to gain a Status that you already have, or
    all copies of that Status are currently in play, do not gain the Status."; the
    number of copies is the card's `copies` in the document (Marked 1, Black Eye 2)."""
    assert copies(epic, "Marked") == 1 and copies(epic, "Black Eye") == 2
    lines: list[str] = []
    t = party_table(epic, 3, lines=lines)
    first, second, third = t.party.spies
    first.held = {"Marked", "Black Eye"}
    t.actor = second
    gain_status(t, "Marked")
    gain_status(t, "Black Eye")
    assert "  [Marked: every copy is in play, not gained]" in lines
    assert "Marked" not in second.held and "Black Eye" in second.held
    t.actor = third
    gain_status(t, "Black Eye")
    assert "Black Eye" not in third.held
    assert "  [Black Eye: every copy is in play, not gained]" in lines


def test_the_copies_of_a_status_are_read_from_the_document(epic):
    """EP-STATUS-1: "or all copies of that Status are currently in play"; a book that
    prints two Marked cards lets two spies hold one each, and not a third."""
    doc = dict(epic, statuses=[dict(s, copies=2) if s["name"] == "Marked" else s
                               for s in epic["statuses"]])
    t = party_table(doc, 3)
    first, second, third = t.party.spies
    first.held.add("Marked")
    t.actor = second
    gain_status(t, "Marked")
    t.actor = third
    gain_status(t, "Marked")
    assert "Marked" in second.held and "Marked" not in third.held


def test_a_dead_spys_statuses_go_back_to_the_deck(epic):
    """EP-HEALTH-1, EP-STATUS-1: "When a Spy dies, their player returns their Spy sheet
    to the box and discards all Statuses, Gadgets, Advanced Skills, and Secret Missions
    they have collected.", so the card is no longer in play."""
    t = party_table(epic, 2)
    first, second = t.party.spies
    first.held = {"Marked", "Stealth"}
    first.gadgets = ["Shoe Phone"]
    t.actor = first
    t.run([{"kind": "take_injury", "amount": first.health, "target": None}])
    assert not first.alive and first.held == set() and first.gadgets == []
    assert t.decks.gadget_discard == ["Shoe Phone"]
    t.actor = second
    gain_status(t, "Marked")
    assert "Marked" in second.held


# -- EP-SKILL-2: losing an advanced skill of the spy's choice; losing a gadget ----------

def lose(t: Table, kind: str, target: str | None = None) -> None:
    t.run([{"kind": kind, "amount": 1, "target": target}])


def test_lose_advanced_skill_any_loses_one_the_spy_chooses(epic):
    """EP-SKILL-2: the rulebook names no loss, only the choice on gaining ("Whenever you
    gain an Advanced Skill, choose one from the pool of available Advanced Skills that
    you don't already have"); `lose advanced_skill any` is printed "Lose an Advanced
    Skill of your choice", so the spy chooses one of those held (docs/books.md)."""
    bot = Scripted({"Which advanced skill do you lose": 1})
    lines: list[str] = []
    t = party_table(epic, 1, lines=lines, decide=bot)
    spy = t.party.spies[0]
    spy.held = {"Stealth", "Disguise", "Marked"}
    lose(t, "lose_advanced_skill")
    offered = next(options for prompt, options in bot.asked if prompt.startswith("Which"))
    pool = epic["vocabulary"]["advanced_skills"]
    assert offered == [s for s in pool if s in ("Stealth", "Disguise")]
    assert spy.held == {"Marked", offered[0]}
    assert f"  [lose advanced skill {offered[1]}]" in lines


def test_lose_advanced_skill_any_with_none_held_does_nothing_and_says_so(epic):
    """EP-SKILL-2: "Your Spy board has spaces for 7 Advanced Skills."; "Lose an Advanced
    Skill of your choice" with an empty board loses nothing, and the transcript says so."""
    bot = Scripted()
    lines: list[str] = []
    t = party_table(epic, 1, lines=lines, decide=bot)
    spy = t.party.spies[0]
    spy.held = {"Marked"}
    lose(t, "lose_advanced_skill")
    assert spy.held == {"Marked"} and bot.asked == []
    assert f"  [{spy.name} holds no advanced skill: none lost]" in lines


def test_lose_gadget_discards_one_and_none_held_says_so(epic):
    """Gadgets (no rule id): "Gadget cards can be kept face up near your Spy board.";
    `lose gadget` is printed "Discard a Gadget card of your choice", so one held is
    discarded, and with none held nothing happens."""
    lines: list[str] = []
    t = party_table(epic, 1, lines=lines)
    spy = t.party.spies[0]
    spy.gadgets = ["Shoe Phone", "Armoured Bowler"]
    lose(t, "lose_gadget")
    assert spy.gadgets == ["Armoured Bowler"] and "  [lose gadget Shoe Phone]" in lines
    spy.gadgets = []
    lose(t, "lose_gadget")
    assert spy.gadgets == [] and f"  [{spy.name} holds no gadget: none lost]" in lines


# -- EP-SHOW-2, EP-SHOW-3, EP-HEALTH-1 in a showdown ------------------------------------

def showdown_doc(doc: dict, intro: list[dict], encounter: list[dict]) -> dict:
    """``doc`` with one showdown: the intro, then encounter 1, then a victory."""
    section = {"id": "showdown:T", "kind": "showdown", "name": "T", "successes": 1,
               "start": "intro", "intro": intro + [{"kind": "goto", "target": "encounter:1"}],
               "nodes": [{"id": "encounter:1", "kind": "encounter", "number": 1,
                          "steps": encounter + [{"kind": "goto", "target": "conclusion:won"}]},
                         {"id": "conclusion:won", "kind": "conclusion", "outcome": "victory",
                          "name": "won", "steps": []}]}
    return dict(doc, sections=[section])


HARD_TEST = {"kind": "test", "options": [{"pick": "named", "skill": "Spycraft", "modifier": 0,
                                          "successes": 2}],
             "auto_pass_with": [], "dice_with": [], "pass": [], "fail": []}


def test_a_dead_spys_intel_stays_in_the_showdown_pool(epic):
    """EP-SHOW-3, EP-HEALTH-1: "Intel is shared between all players as a pool of tokens
    kept in the Intel pool area on the gameboard." and "During an Epic Showdown, any
    player may spend Intel from the pool as though it were Resolve."; a dying spy
    "discards all Statuses, Gadgets, Advanced Skills, and Secret Missions", not intel."""
    doc = showdown_doc(epic, [{"kind": "take_injury", "amount": 99, "target": None}], [HARD_TEST])
    bot = Scripted()
    t = party_table(doc, 2, faces=["blank"] * 6, decide=bot)
    first, second = t.party.spies
    first.intel, second.intel, second.resolve = 3, 0, 1
    play_showdown(t, "T")
    takers = next(options for prompt, options in bot.asked if prompt.startswith("Who takes"))
    assert [o.split(":")[0] for o in takers] == [second.name]        # the dead take no test
    assert (f"Resolve to spend before rolling: {second.name}'s 1 resolve and the pool's 3 intel",
            0, 4) in bot.ranges
    assert t.party.pool < 3                                          # spent from the pool


def test_in_a_showdown_the_spy_who_passes_automatically_takes_the_test(epic):
    """EP-TEST-4: "Pass with X": a spy holding it passes, so that option is certain; the
    player is told so beside it, and the bot gives it to that spy, not to the better
    roller (whose dice here would fail)."""
    doc = showdown_doc(epic, [], [dict(HARD_TEST, auto_pass_with=["Disguise"])])
    bot, lines = Scripted(), []
    t = party_table(doc, 2, faces=["blank"] * 12, lines=lines, decide=bot)
    roller, holder = t.party.spies
    roller.skills["Spycraft"], holder.skills["Spycraft"] = 5, 0
    roller.held.discard("Disguise")
    holder.held.add("Disguise")
    outcome = play_showdown(t, "T")
    takers = next(options for prompt, options in bot.asked if prompt.startswith("Who takes"))
    assert takers[1] == f"{holder.name}: Spycraft 0 +0 [2]: passes automatically with Disguise"
    assert f"{holder.name} passes automatically." in lines and outcome.won is True


def test_with_no_resolve_to_spend_the_resolve_question_is_not_asked(epic):
    """EP-TEST-6: resolve is spent "before rolling dice"; with none (and no pool intel,
    EP-SHOW-3) there is nothing to choose, so a person is not asked for 0-0."""
    doc = showdown_doc(epic, [], [HARD_TEST])
    bot = Scripted()
    t = party_table(doc, 1, decide=bot)
    t.party.spies[0].resolve = 0
    play_showdown(t, "T")
    assert any(prompt.startswith("Who takes") for prompt, _ in bot.asked)
    assert bot.ranges == []


def test_a_showdown_ends_as_soon_as_every_spy_is_dead(epic):
    """EP-SHOW-2: "An Epic Showdown ends either when all Spies die, or when a Conclusion
    is read."; a test after the last spy dies is not taken."""
    doc = showdown_doc(epic, [], [{"kind": "take_injury", "amount": 99, "target": None},
                                  HARD_TEST])
    bot = Scripted()
    t = party_table(doc, 1, decide=bot)
    outcome = play_showdown(t, "T")
    assert outcome.won is False and "dead" in outcome.summary
    assert not any(prompt.startswith("Who takes") for prompt, _ in bot.asked)


def test_a_spy_dead_in_a_showdown_is_not_healed_back_into_it(epic):
    """EP-HEALTH-1: "If they would ever go to zero or below on their health track, they
    die." and "If a Spy dies while facing a Henchman or Dr. Lobo, they are removed from
    the Epic Showdown."; healing read after the death does not bring them back."""
    wounding = dict(HARD_TEST, fail=[{"kind": "take_injury", "amount": 99, "target": None},
                                     {"kind": "heal_injury", "amount": 99, "target": None}])
    doc = showdown_doc(epic, [wounding], [HARD_TEST])
    bot = Scripted({"Who takes": 0})
    lines: list[str] = []
    t = party_table(doc, 2, faces=["blank"] * 12, decide=bot, lines=lines)
    first, second = t.party.spies
    first.resolve = second.resolve = 0
    play_showdown(t, "T")
    assert not first.alive and f"  [{first.name} is dead: not healed]" in lines
    takers = [options for prompt, options in bot.asked if prompt.startswith("Who takes")]
    assert [o.split(":")[0] for o in takers[1]] == [second.name]


# -- EP-ENC-6, EP-ENC-7, EP-ENC-8: what a pass or a fail does at the spy's location ------

def at(doc: dict, steps: list[dict], place: str, faces: list[str] | None = None,
       intel: int = 0, lines: list[str] | None = None) -> Table:
    """A table whose spy stands on ``place``, with entry 99.1.5 made of ``steps``; the
    fate die shows 5."""
    t = table(one_entry(doc, steps), faces or [CARD, "5"], intel=intel, lines=lines)
    t.party.location = place
    return t


def test_a_pass_gains_the_location_bonus_once_after_the_entrys_rewards(epic):
    """EP-ENC-6: "If you pass an Encounter while not in an Epic Showdown, after reading
    the PASS entry, gain the bonus from your current location and collect any listed
    rewards." and "Basic Skill Space: When a Spy passes an Encounter at a space with a
    Basic Skill symbol, they raise the Skill with the matching symbol." (Paris is
    `city Paris [airport skill Persuasion]`)."""
    lines: list[str] = []
    t = at(epic, [{"kind": "gain_intel", "amount": 1, "target": None}], "Paris", lines=lines)
    before = t.party.spies[0].skills["Persuasion"]
    outcome = play_encounter(t, None, lair=False)
    assert outcome.won is True
    assert t.party.spies[0].skills["Persuasion"] == before + 1
    assert t.party.spies[0].intel == 1
    reward = lines.index("  [gain intel]")
    bonus = lines.index("  [raise skill Persuasion]")
    assert reward < bonus and lines.count("  [raise skill Persuasion]") == 1


def test_a_fail_advances_lobo_and_gains_no_location_bonus(epic):
    """EP-ENC-6: "If you fail an Encounter while not in an Epic Showdown, advance Dr. Lobo
    by moving his token 1 space toward the Round tracking token and take any penalties
    listed in the FAIL entry." No bonus is gained on a fail."""
    lines: list[str] = []
    t = at(epic, [GAMBLE], "Paris", intel=0, lines=lines)
    before = t.party.spies[0].skills["Persuasion"]
    outcome = play_encounter(t, None, lair=False)
    assert outcome.won is False and t.party.lobo == 1
    assert t.party.spies[0].skills["Persuasion"] == before
    assert "A fail at Paris: no location bonus." in lines


def test_intel_a_pass_places_is_not_collected_even_at_the_spys_location(epic):
    """EP-ENC-7: "If the PASS entry instructs you to place Intel on the board, you do not
    collect that Intel, even if it is placed in your current location." """
    lines: list[str] = []
    t = at(epic, [{"kind": "place_intel", "amount": 2, "target": "Paris", "on_lairs": False}],
           "Paris", intel=1, lines=lines)
    outcome = play_encounter(t, None, lair=False)
    assert outcome.won is True
    assert t.party.spies[0].intel == 1
    assert t.party.board_intel == {"Paris": 2}
    assert "  [place 2 intel on Paris (not collected)]" in lines


def test_intel_placed_on_lairs_goes_on_every_lair_not_to_the_spy(epic):
    """EP-ENC-7: "you do not collect that Intel"; EP-LOBO-2: "place an Intel on each Lair
    location on the board"."""
    t = at(epic, [{"kind": "place_intel", "amount": 1, "target": None, "on_lairs": True}], "Paris")
    play_encounter(t, None, lair=False)
    lairs = {loc["name"] for r in epic["regions"] for loc in r["locations"]
             if "lair" in loc["features"]}
    assert lairs and t.party.board_intel == {name: 1 for name in lairs}
    assert t.party.spies[0].intel == 0


def test_an_encounter_that_moves_the_spy_gains_the_bonus_of_the_final_location(epic):
    """EP-ENC-8: "Some Encounters will move you on the gameboard. In this case, you gain
    the location bonus and resolve Secret Mission cards based on your final location at
    the end of the Encounter, not where you began." (from Paris, a Persuasion space, to
    New York, a Gadget space: "When a Spy passes an Encounter here, they draw a Gadget
    card.")"""
    t = at(epic, [{"kind": "move", "amount": 1, "target": "New York"}], "Paris")
    before = t.party.spies[0].skills["Persuasion"]
    outcome = play_encounter(t, None, lair=False)
    assert outcome.won is True and t.party.location == "New York"
    assert len(t.party.spies[0].gadgets) == 1
    assert t.party.spies[0].skills["Persuasion"] == before


def test_a_spy_draws_from_the_deck_of_the_region_it_stands_in(epic):
    """EP-ENC-2: "Each time you have an Encounter, draw the top Encounter card from the
    deck matching your current region." Asked for another region's deck at a place, play
    says so rather than draw from it."""
    t = at(epic, [{"kind": "gain_intel", "amount": 1, "target": None}], "Paris")
    with pytest.raises(NotPlayable, match="Paris is in Europe, not Asia"):
        play_encounter(t, "Asia", lair=False)
    assert play_encounter(t, "europe", lair=False).won is True


def test_one_encounter_at_swagmans_hope_reads_a_cards_hub_section_with_the_blue_number(books):
    """SH-ENC-1, SH-ENC-2: "Each Australia Encounter Card includes two sections: one for the
    four coastal cities, and one for Swagman's Hope", and "When drawing a Fate Card to
    determine the last number of your encounter in Swagman's Hope, players always use the
    number in the BLUE circle that ranges 1–4"."""
    doc = books["swagmans_hope"]
    for seed in range(12):
        lines: list[str] = []
        t = Table(doc, party_from(doc, 1, 2), random.Random(seed), GreedyPolicy(), lines.append)
        t.party.location = "Swagman's Hope"
        play_encounter(t, None, False)
        card = next(line for line in lines if line.startswith("Encounter "))
        assert card.endswith("(Swagman's Hope)") and 71 <= int(card.split()[1].rstrip(":")) <= 77
        read = next(line for line in lines if line.startswith("Read entry "))
        assert int(read.rstrip(".").rsplit(".", 1)[1]) in (1, 2, 3, 4)
