"""What the web table reads and clicks, without a browser: the clicks of every action
(``notation.action_steps``), their labels, the prompts, the score table and the panels (the
round summary popup), in English and Russian, from the seat's view only."""

import json
import random
import re

import pytest

from gonets.core import Match
from gonets.games.loveletter import GAME
from gonets.games.loveletter.rules import cards as C
from tests.loveletter.helpers import act, empty_deck, run, stack

LANGS = ("en", "ru")
INTERNAL = re.compile(r"\b(card|target|also|guess|look|keep|under|bishop):[a-z0-9]|\{|\}|"
                      r"\b(last_standing|game_won|round_end|knockout|None)\b")
ALWAYS = {"extended_deck": "always"}


def moments(preset, players, seed, options=None, limit=500):
    """Every decision of a random match with the view of the deciding seat, and the end."""
    match = Match(GAME, GAME.configure(players, preset, options or {}), seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        match.deal()
        state = match.state
        if state.is_terminal():
            yield state
            return
        yield state
        legal = state.legal_actions()
        state.act(state.current_player(), legal[rng.randrange(len(legal))])


CONFIGS = [("seed", 2, {}), ("seed", 4, {}), ("premium", 6, {"spare_card": "look_swap_burn"}),
           ("seed-strict", 5, {"spare_card": "look_swap"}), ("zman-2019", 3, {}),
           ("classic-2012", 2, {})]


def texts_of(value) -> list[str]:
    """Every string a person reads in a panel list or a score table."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for key, v in value.items() if key not in ("popup", "svg") for t in texts_of(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts_of(v)]
    return []


@pytest.mark.parametrize("preset,players,options", CONFIGS,
                         ids=[f"{p}-{n}p" for p, n, _ in CONFIGS])
def test_steps_are_unique_labelled_and_prompted_in_both_languages(preset, players, options):
    checked = 0
    for state in moments(preset, players, seed=players, options=options):
        if state.is_terminal():
            break
        view = state.view(state.current_player())
        paths = {text: GAME.action_steps(view, text) for text in view["legal"]}
        assert len({tuple(p) for p in paths.values()}) == len(paths)
        for text, path in paths.items():
            assert all(key and " " not in key and "/" not in key and "|" not in key
                       for key in path), path
            for other, longer in paths.items():
                assert other == text or longer[:len(path)] != path, (text, other)
        keys = {key for path in paths.values() for key in path}
        for lang in LANGS:
            for key in keys:
                label = GAME.describe_step(view, key, lang)
                assert label and label != key and not INTERNAL.search(label), (key, label)
            for family in {key.split(":")[0] for key in keys}:
                said = GAME.prompt(view, family, lang)
                assert said and not INTERNAL.search(said), (family, said)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("preset,players,options", CONFIGS,
                         ids=[f"{p}-{n}p" for p, n, _ in CONFIGS])
def test_scoreboard_and_panels_show_only_what_the_seat_sees(preset, players, options):
    """Two worlds that differ only in what a seat cannot see give it the same score table,
    panels and picture; no internal word reaches a person."""
    rng = random.Random(players)
    popups = 0
    for step, state in enumerate(moments(preset, players, seed=players + 1, options=options)):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            lang = LANGS[(step + (seat or 0)) % 2]
            board, shown = GAME.scoreboard(view, lang), GAME.panels(view, lang)
            assert len(board["rows"]) == players
            assert all(len(row) == len(board["columns"]) for row in board["rows"])
            for line in texts_of(shown) + texts_of(board):
                assert not INTERNAL.search(line), line
            popups += any(p.get("popup") for p in shown)
            if step % 3 == 0 and not state.is_terminal():
                world = GAME.sample_world(view, rng)
                again = world.view(seat)
                assert GAME.scoreboard(again, lang) == board
                assert GAME.panels(again, lang) == shown
    assert popups > 0


# -- the clicks of particular actions ------------------------------------------------------------
def test_a_guard_is_card_then_player_then_guess():
    view = run(4, [stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king"])]).view(0)
    assert GAME.action_steps(view, "guard p3 5") == ["card:guard", "target:p3", "guess:5"]
    assert GAME.action_steps(view, "king p2") == ["card:king", "target:p2"]
    assert GAME.describe_step(view, "guess:5", "en") == "5: Prince"
    assert GAME.describe_step(view, "guess:5", "ru") == "5: Принц"
    assert GAME.describe_step(view, "card:guard", "ru") == "Стражница (1)"
    assert GAME.describe_step(view, "target:p3", "en") == "p3"
    assert GAME.describe_step(view, "target:p3", "ru") == "игрок 3"
    assert GAME.prompt(view, "card", "en") == "Play one of your two cards (click it)"
    assert GAME.prompt(view, "target", "en").startswith("Choose the player")
    assert GAME.prompt(view, "guess", "ru").startswith("Назовите карту: угадали")


def test_a_guess_by_character_names_the_card():
    deck = stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king"],
                 preset="classic-2012")
    view = run(4, [deck], preset="classic-2012").view(0)
    assert GAME.action_steps(view, "guard p2 princess") == \
        ["card:guard", "target:p2", "guess:princess"]
    assert GAME.describe_step(view, "guess:princess", "en") == "Princess (8)"
    assert GAME.describe_step(view, "guess:princess", "ru") == "Принцесса (8)"


def test_a_prince_on_oneself_and_the_forced_countess():
    deck = stack(3, "guard", ["prince", "priest", "baron"], ["countess"])
    view = run(3, [deck]).view(0)
    assert view["legal"] == ["countess"]
    assert GAME.prompt(view, "card", "en").endswith("the Countess must go")
    deck = stack(3, "guard", ["prince", "priest", "baron"], ["guard"])
    view = run(3, [deck]).view(0)
    assert GAME.describe_step(view, "target:p1", "en") == "yourself"
    assert GAME.describe_step(view, "target:p1", "ru") == "себя"


def test_a_baroness_on_one_or_two_players_and_a_cardinal_with_its_look():
    deck = stack(3, "guard", ["baroness", "priest", "baron"], ["cardinal"], **ALWAYS)
    view = run(3, [deck], **ALWAYS).view(0)
    steps = {text: GAME.action_steps(view, text) for text in view["legal"]}
    assert steps["baroness p2 p3"] == ["card:baroness", "target:p2", "also:p3"]
    assert steps["baroness p2"] == ["card:baroness", "target:p2", "also:none"]
    assert steps["baroness p3"] == ["card:baroness", "target:p3", "also:none"]
    assert steps["cardinal p1 p3 look p3"] == ["card:cardinal", "target:p1", "also:p3",
                                               "look:p3"]
    assert steps["cardinal p2 p3"] == ["card:cardinal", "target:p2", "also:p3", "look:none"]
    assert GAME.describe_step(view, "also:none", "en") == "no second player"
    assert GAME.describe_step(view, "look:p3", "en") == "look at p3's hand"
    assert GAME.describe_step(view, "look:p3", "ru") == "посмотреть карту игрока 3"
    assert GAME.describe_step(view, "look:none", "ru") == "не смотреть"
    assert GAME.prompt(view, "also", "en") == "Choose a second player, or none"
    only_cardinal = dict(view, legal=[t for t in view["legal"] if t.startswith("cardinal")])
    assert GAME.prompt(only_cardinal, "also", "en").startswith("Choose the second player")


def test_the_set_aside_card_is_a_target_and_said_so():
    deck = stack(3, "guard", ["priest", "king", "baron"], ["guard"])
    view = run(3, [deck], spare_card="look_swap").view(0)
    assert GAME.action_steps(view, "priest spare") == ["card:priest", "target:spare"]
    assert GAME.describe_step(view, "target:spare", "en") == "the set-aside card"
    assert "set-aside card" in GAME.prompt(view, "target", "en")


def test_the_chancellor_keeps_then_orders_and_the_bishop_victim_answers():
    preset = "zman-2019"
    deck = stack(3, "guard", ["chancellor", "priest", "baron"], ["guard", "king", "spy"],
                 preset=preset)
    view = run(3, [deck, "chancellor"], preset=preset).view(0)
    steps = {text: GAME.action_steps(view, text) for text in view["legal"]}
    assert steps["chancellor keep king bottom guard spy"] == ["keep:king", "under:guard"]
    assert GAME.describe_step(view, "keep:king", "en") == "keep the King"
    assert GAME.describe_step(view, "under:spy", "en") == "the Spy first under the deck"
    assert GAME.prompt(view, "keep", "ru").startswith("Канцлер")
    deck = stack(5, "guard", ["bishop", "priest", "guard", "guard", "guard"], ["baron"])
    view = run(5, [deck, "bishop p2 2"]).view(1)
    assert [GAME.action_steps(view, t) for t in view["legal"]] == [["bishop:redraw"],
                                                                    ["bishop:keep"]]
    assert GAME.describe_step(view, "bishop:keep", "en") == "keep your card"
    assert "Bishop named your card" in GAME.prompt(view, "bishop", "en")


def test_one_last_card_under_the_deck_is_not_asked_for():
    legal = ["chancellor keep guard bottom priest", "chancellor keep priest bottom guard"]
    view = {"legal": legal}
    assert [GAME.action_steps(view, t) for t in legal] == [["keep:guard"], ["keep:priest"]]


# -- the score table -----------------------------------------------------------------------------
def test_scoreboard_tokens_state_and_discards():
    deck = stack(3, "guard", ["priest", "handmaid", "baron"], ["guard", "king"])
    state = run(3, [deck, "guard p3 3", "handmaid"])
    board = GAME.scoreboard(state.view(0), "en")
    assert board["columns"] == ["Tokens (3 win)", "Round", "Discards Σ"]
    assert board["rows"] == [[0, "in", 1], [0, "protected", 4], [0, "out", 3]]
    board = GAME.scoreboard(state.view(None), "ru")
    assert board["columns"] == ["Жетоны (до 3)", "Раунд", "Сброс Σ"]
    assert [row[1] for row in board["rows"]] == ["в игре", "под защитой", "выбыл"]
    config = GAME.configure(3, "seed", {"next_starter": "random"})
    waiting = GAME.scoreboard(GAME.new_state(config).view(None), "en")
    assert [row[1] for row in waiting["rows"]] == ["—"] * 3


# -- the round summary ---------------------------------------------------------------------------
def summary(view, lang="en"):
    found = [p for p in GAME.panels(view, lang) if p.get("popup")]
    assert len(found) <= 1
    return found[0] if found else None


def flat(panel) -> list:
    return [tuple(line) if isinstance(line, list) else line for line in panel["lines"]]


def test_no_summary_before_a_round_ends():
    view = run(3, [stack(3, "guard", ["priest", "handmaid", "baron"])]).view(0)
    assert summary(view) is None


def test_last_standing_summary_names_the_knockouts_and_keeps_the_hand_secret():
    deck = stack(2, "guard", ["guard", "princess"], ["baron"], face_up=["priest", "king",
                                                                       "prince"])
    state = run(2, [deck, "guard p2 8"])
    for seat in (0, 1, None):
        panel = summary(state.view(seat))
        assert panel["popup"] == "round-1"
        lines = flat(panel)
        assert "Baron" not in json.dumps(panel)               # the winner's hand stays hidden
        if seat == 0:
            assert panel["title"] == "Round 1: you win"
            assert ("p2", "your Guard") in lines and ("You", "+1 (round won), now 1") in lines
        elif seat == 1:
            assert panel["title"] == "Round 1: p1 wins"
            assert ("You", "the Guard of p1") in lines
        else:
            assert ("p2", "the Guard of p1") in lines
        assert "Last one standing: every other player is out." in lines
    ru = summary(state.view(1), "ru")
    assert ru["title"] == "Раунд 1: побеждает игрок 1"
    assert ("Вы", "карта «Стражница» игрока 1") in flat(ru)


def test_showdown_summary_shows_the_hands_the_count_and_the_tiebreak():
    deck = stack(3, "jester", ["count", "princess", "guard"],
                 ["priest", "constable", "guard", "countess"], **ALWAYS)
    state = run(3, [deck, "priest p3", "constable", "guard p1 2"], **ALWAYS)
    state = act(empty_deck(state), "count")
    panel = summary(state.view(2))
    lines = flat(panel)
    assert panel["title"] == "Round 1: p1 wins"
    assert "Showdown: the deck ran out; the highest hand wins." in lines
    assert ("p1", "Countess (7), counts 8 · discards Σ 7") in lines
    assert ("p2", "Princess (8) · discards Σ 6") in lines
    assert ("You", "Guard (1)") in lines
    assert "Tied hands: the higher discard total wins." in lines
    ru = flat(summary(state.view(2), "ru"))
    assert ("Игрок 1", "Графиня (7), в зачёт 8 · сброс Σ 7") in ru


def test_a_game_won_by_the_bishop_in_mid_round():
    deck = stack(5, "guard", ["bishop", "priest", "guard", "guard", "guard"], ["baron"])
    state = run(5, [deck, "bishop p2 2"], tokens_to_win={"5": 1})
    panel = summary(state.view(3))
    lines = flat(panel)
    assert panel["title"] == "Round 1: the game is won"
    assert "The game was won in the middle of the round." in lines
    assert ("p1", "+1 (Bishop), now 1") in lines
    assert "Game over: p1 wins" in lines


def test_the_assassin_knocks_out_the_guards_player():
    deck = stack(2, "jester", ["guard", "assassin"], ["baron"], **ALWAYS)
    state = run(2, [deck, "guard p2 2"], **ALWAYS)
    assert not state.alive & 1
    lines = flat(summary(state.view(1)))
    assert ("p1", "your Assassin") in lines and ("You", "+1 (round won), now 1") in lines
    assert ("You", "the Assassin of p2") in flat(summary(state.view(0)))


# -- the other panels and the help ---------------------------------------------------------------
def test_what_you_know_and_the_unseen_cards():
    deck = stack(3, "guard", ["priest", "king", "baron"], ["guard"])
    view = run(3, [deck, "priest p2"]).view(0)
    panels = {p["title"]: p for p in GAME.panels(view, "en")}
    assert panels["What you know"]["lines"] == ["p2 holds King"]
    unseen = dict(map(tuple, panels["Cards you have not seen"]["lines"]))
    assert unseen["Priest 2"] == "1 of 2" and unseen["Guard 1"] == "4 of 5"
    assert unseen["King 6"] == "1 of 1"           # known from a look, not seen on the table
    known = {p["title"]: p["lines"] for p in GAME.panels(view, "ru")}
    assert known["Что вы знаете"] == ["У игрока 2: Король"]
    assert not any(p["title"] == "What you know" for p in GAME.panels(run(3, [deck, "priest p2"])
                                                                      .view(2), "en"))


def test_help_in_both_languages_names_the_seeds_cards():
    english, russian = GAME.help("en"), GAME.help("ru")
    assert english.startswith("## ") and russian.startswith("## ")
    for key in ("guard", "priest", "baron", "handmaid", "prince", "king", "countess",
                "princess"):
        assert C.card_name(key, "en") in english and C.card_name(key, "ru") in russian
    assert "Стражница" in russian and "Guard" not in russian
