"""describe_action and describe_event in English and Russian."""

import random

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import play_match
from gonets.games.loveletter import GAME
from tests.loveletter.helpers import run, stack


def test_describe_event_examples():
    look = {"e": "look", "seat": 0, "target": "spare", "card": "princess"}
    assert GAME.describe_event(look) == "p1 looks at the set-aside card: Princess"
    assert GAME.describe_event({**look, "target": 2}, "ru") == \
        "игрок 1 смотрит карту игрока 3: Принцесса"
    guard = {"e": "guard", "seat": 1, "target": 0, "guess": "prince", "hit": True}
    assert GAME.describe_event(guard) == "p2 names Prince for p1: correct"
    end = {"e": "round_end", "round": 2, "winners": [], "reason": "showdown"}
    assert GAME.describe_event(end, "ru") == "Раунд 2 окончен (вскрытие); победители: никто"


EVENT_CASES = [
    # (event, viewer, English line, Russian line)
    ({"e": "play", "seat": 0, "card": "guard", "action": "guard p2 5"}, 0,
     "You play the Guard on p2", "Вы играете карту «Стражница», выбрав игрока 2"),
    ({"e": "play", "seat": 0, "card": "guard", "action": "guard p2 5"}, 1,
     "p1 plays the Guard on you", "игрок 1 играет карту «Стражница», выбрав вас"),
    ({"e": "play", "seat": 0, "card": "guard", "action": "guard p2 5"}, 2,
     "p1 plays the Guard on p2", "игрок 1 играет карту «Стражница», выбрав игрока 2"),
    ({"e": "play", "seat": 2, "card": "prince", "action": "prince p3"}, 2,
     "You play the Prince on yourself", "Вы играете карту «Принц», выбрав себя"),
    ({"e": "play", "seat": 2, "card": "prince", "action": "prince p3"}, 0,
     "p3 plays the Prince on themself", "игрок 3 играет карту «Принц», выбрав себя"),
    ({"e": "play", "seat": 1, "card": "handmaid", "action": "handmaid"}, 1,
     "You play the Handmaid", "Вы играете карту «Служанка»"),
    ({"e": "guard", "seat": 1, "target": 0, "guess": 5, "hit": False}, 0,
     "p2 names 5 for you: wrong", "игрок 2 называет 5 у вас — мимо"),
    ({"e": "guard", "seat": 1, "target": 0, "guess": 5, "hit": True}, 1,
     "You name 5 for p1: correct", "Вы называете 5 у игрока 1 — угадано"),
    ({"e": "look", "seat": 1, "target": 0}, 0,
     "p2 looks at your hand", "игрок 2 смотрит вашу карту"),
    ({"e": "look", "seat": 0, "target": 1, "card": "king"}, 0,
     "You look at p2's hand: King", "Вы смотрите карту игрока 2: Король"),
    ({"e": "compare", "seat": 0, "target": 1, "kind": "baron", "loser": 1,
      "cards": ["king", "guard"]}, 0,
     "You compare hands with p2 (Baron) [you hold the King, p2 holds the Guard]: p2 is out",
     "Вы сравниваете карты с игроком 2 (Барон) [у вас — Король, у игрока 2 — Стражница]: "
     "выбывает игрок 2"),
    ({"e": "compare", "seat": 0, "target": 1, "kind": "baron", "loser": 1}, 1,
     "p1 compares hands with you (Baron): you are out",
     "игрок 1 сравнивает карты с вами (Барон): вы выбываете"),
    ({"e": "swap", "seat": 2, "kind": "cardinal", "between": [0, 1],
      "cards": ["baron", "guard"]}, 1,
     "You and p1 trade hands (Cardinal); now you hold the Guard, p1 holds the Baron",
     "Вы и игрок 1 меняетесь картами (Кардинал); теперь у вас — Стражница, у игрока 1 — "
     "Барон"),
    ({"e": "protect", "seat": 3}, 3,
     "You are protected until your next turn", "Вы под защитой до своего хода"),
    ({"e": "protect", "seat": 3}, 0,
     "p4 is protected until their next turn", "игрок 4 под защитой до своего хода"),
    ({"e": "mark", "seat": 0, "target": 0, "kind": "sycophant"}, 0,
     "You mark yourself with the Sycophant", "Вы отмечаете себя (Льстец)"),
    ({"e": "assassin", "seat": 1, "guard": 0}, 0,
     "p2 reveals the Assassin: the Guard knocks you out instead",
     "игрок 2 раскрывает Убийцу: вместо него Стражница выбивает вас"),
    ({"e": "out", "seat": 2, "by": "baron"}, 2,
     "You are knocked out (Baron)", "Вы выбываете (Барон)"),
    ({"e": "token", "seat": 1, "reason": "spy", "tokens": 2}, 1,
     "You gain a token (Spy): 2", "Вы получаете жетон (Шпион): 2"),
    ({"e": "round", "round": 2, "starter": 1}, 1,
     "Round 2 begins; you start", "Раунд 2; первыми ходите вы"),
    ({"e": "return", "seat": 0, "count": 2, "kept": "prince", "bottom": ["spy", "guard"]}, 0,
     "You put 2 cards under the deck (you keep the Prince; under the deck, top to bottom: "
     "Spy, Guard)",
     "Вы кладёте под колоду 2 карты (вы оставляете: Принц; под колоду сверху вниз: Шпион, "
     "Стражница)"),
    ({"e": "showdown", "hands": ["bishop", "princess"], "scores": [None, 8],
      "totals": [0, 0]}, 1,
     "Showdown: p1 holds the Bishop (loses to the Princess); you hold the Princess (8)",
     "Вскрытие: у игрока 1 — Епископ (проигрывает Принцессе); у вас — Принцесса (8)"),
    ({"e": "round_end", "round": 1, "winners": [0, 2], "reason": "showdown"}, 2,
     "Round 1 ends (showdown); winners: p1, you",
     "Раунд 1 окончен (вскрытие); победители: игрок 1, вы"),
]


@pytest.mark.parametrize("event,viewer,english,russian", EVENT_CASES)
def test_log_lines_speak_to_the_viewer_in_both_languages(event, viewer, english, russian):
    assert GAME.describe_event(event, "en", viewer) == english
    assert GAME.describe_event(event, "ru", viewer) == russian


def test_a_spectator_reads_names_only_and_names_replace_seat_numbers():
    play = {"e": "play", "seat": 0, "card": "king", "action": "king p2"}
    names = ["Anna", "Boris", "Clara"]
    assert GAME.describe_event(play, "en", None, names) == "Anna plays the King on Boris"
    assert GAME.describe_event(play, "ru", None, names) == \
        "Anna играет карту «Король», выбрав игрока Boris"
    assert GAME.describe_event(play, "en", 1, names) == "Anna plays the King on you"
    assert GAME.describe_event(play, "en", 0, names) == "You play the King on Boris"
    look = {"e": "look", "seat": 2, "target": 1}
    assert GAME.describe_event(look, "en", None, names) == "Clara looks at Boris's hand"
    assert GAME.describe_event(look, "ru", None, names) == "Clara смотрит карту игрока Boris"
    for event, *_ in EVENT_CASES:
        for lang in ("en", "ru"):
            line = GAME.describe_event(event, lang, None, names)
            assert "you" not in line.lower().split() and "вы" not in line.lower().split()
            assert " p1" not in line and "игрок 1" not in line, line


def test_describe_action_examples():
    view = {"seat": 0}
    assert GAME.describe_action(view, "guard p2 5") == "Guard — name 5 for p2"
    assert GAME.describe_action(view, "guard p2 5", "ru") == "Стражница — назвать 5 у игрока 2"
    assert GAME.describe_action(view, "prince p1") == \
        "Prince — discard your other card and draw a new one"
    assert GAME.describe_action(view, "cardinal p2 p3 look p3") == \
        "Cardinal — p2 and p3 trade hands, then look at p3's hand"
    assert GAME.describe_action(view, "king spare") == "King — trade hands with the set-aside card"
    assert GAME.describe_action(view, "guard") == "Guard — no effect: nobody can be chosen"
    assert GAME.describe_action(view, "guard p3 prince") == "Guard — name Prince for p3"
    assert "Канцлер" in GAME.describe_action(view, "chancellor keep guard bottom priest baron",
                                             "ru")
    assert GAME.describe_action(view, "redraw", "ru") == "сбросить карту и взять новую"


def test_menu_lines_speak_to_the_viewer_in_both_languages():
    me, other = {"seat": 0}, {"seat": 2}
    cases = [
        ("prince p1", me, "en", "Prince — discard your other card and draw a new one"),
        ("prince p1", other, "en", "Prince — p1 discards their card and draws a new one"),
        ("prince p1", me, "ru", "Принц — сбросить свою вторую карту и взять новую"),
        ("prince p1", other, "ru", "Принц — игрок 1 сбрасывает карту и берёт новую"),
        ("prince spare", me, "en", "Prince — burn the set-aside card face up"),
        ("cardinal p1 p2 look p1", me, "en",
         "Cardinal — trade hands with p2, then look at your own hand"),
        ("cardinal p1 p2 look p1", me, "ru",
         "Кардинал — обменяться картами с игроком 2, затем посмотреть свою карту"),
        ("cardinal p1 p2 look p1", other, "ru",
         "Кардинал — игрок 1 и игрок 2 меняются картами, затем посмотреть карту игрока 1"),
        ("cardinal p2 spare look spare", me, "en",
         "Cardinal — p2 trades hands with the set-aside card, then look at the set-aside card"),
        ("sycophant p1", me, "en", "Sycophant — the next card played must choose you"),
        ("sycophant p1", me, "ru", "Льстец — следующая сыгранная карта должна выбрать вас"),
        ("sycophant p1", other, "ru",
         "Льстец — следующая сыгранная карта должна выбрать игрока 1"),
        ("priest spare", me, "ru", "Священник — посмотреть отложенную карту"),
        ("baroness p2 p3", me, "en", "Baroness — look at p2's hand and p3's hand"),
        ("king p2", me, "ru", "Король — обменяться картами с игроком 2"),
        ("guard p3 prince", me, "ru", "Стражница — назвать «Принц» у игрока 3"),
        ("jester p2", me, "en", "Jester — bet on p2 to win the round"),
        ("princess", me, "en", "Princess — you are knocked out of the round"),
        ("princess", {}, "ru", "Принцесса — сбросивший её выбывает"),
    ]
    for text, view, lang, line in cases:
        assert GAME.describe_action(view, text, lang) == line, (text, view, lang)


def test_event_lines_for_private_and_public_versions():
    swap = {"e": "swap", "seat": 2, "kind": "king", "between": [0, 1]}
    assert GAME.describe_event(swap) == "p1 and p2 trade hands (King)"
    assert GAME.describe_event({**swap, "cards": ["baron", "guard"]}) == \
        "p1 and p2 trade hands (King); now p1 holds the Baron, p2 holds the Guard"
    spare = {"e": "swap", "seat": 0, "kind": "king", "between": [0, "spare"]}
    assert GAME.describe_event({**spare, "cards": ["princess", "guard"]}, "ru") == \
        "игрок 1 меняется картой с отложенной картой (Король); теперь у игрока 1 — " \
        "Принцесса, отложенная карта — Стражница"
    ret = {"e": "return", "seat": 0, "count": 2}
    assert GAME.describe_event(ret) == "p1 puts 2 cards under the deck"
    won = {"e": "round_end", "round": 3, "winners": [], "reason": "game_won"}
    assert GAME.describe_event(won) == "Round 3 stops: the game is won"
    token = {"e": "token", "seat": 1, "reason": "bishop", "tokens": 2}
    assert GAME.describe_event(token) == "p2 gains a token (Bishop): 2"
    assert GAME.describe_event({"e": "draw", "seat": 1, "from": "spare"}, "ru") == \
        "игрок 2 берёт отложенную карту"
    assert GAME.describe_event({"e": "mark", "seat": 0, "target": 2, "kind": "sycophant"},
                               "ru") == "игрок 1 отмечает игрока 3 (Льстец)"


@pytest.mark.parametrize("preset,players", [("seed", 6), ("zman-2019", 4), ("seed", 3)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_event_and_action_of_a_match_reads_well(preset, players, lang):
    config = GAME.configure(players, preset, {"spare_card": "look_swap_burn"})
    agents = [RandomAgent(GAME, config, s, random.Random(s)) for s in range(players)]
    match = play_match(GAME, config, agents, seed=7)
    for seat in (None, *range(players)):
        for event in match.state.view(seat)["log"]:
            for viewer in {None, seat}:
                line = GAME.describe_event(event, lang, viewer)
                assert line and "{" not in line and "'e'" not in line, (event, line)
                assert "None" not in line, (event, line)
    state = match.state
    deck = stack(players, "princess", ["guard"] * players, preset=preset)
    state = run(players, [deck], preset=preset)
    view = state.view(0)
    for text in view["legal"]:
        assert " — " in GAME.describe_action(view, text, lang)


@pytest.mark.parametrize("event", [{"e": "face_up"}, {"e": "swap", "between": 3},
                                   {"e": "showdown"},
                                   {"e": "nonsense", "seat": 1}, {"e": "look", "seat": "x"}])
def test_unreadable_events_are_shown_as_data(event):
    assert GAME.describe_event(event) == str(event)


@pytest.mark.parametrize("text", ["cardinal p2", "duke p2", "guard p2 p3 p4"])
def test_unreadable_notations_are_shown_as_written(text):
    line = GAME.describe_action({"seat": 0}, text)
    assert line == text or line.startswith("Guard — ")


@pytest.mark.parametrize("names", [["Anna", "Boris", "Clara"],
                                   ["anna", "", "x{n}", None],
                                   ["Anna \ue0001\ue001", "Boris", "Clara"],
                                   ["Вера · сложный бот", "p2 · Ann", "{name}"]])
def test_remembered_log_lines_are_the_lines_written_afresh(names):
    """A log line is remembered under stand-ins for the names, which go back in after: the
    same line as written directly, for every event of matches, every reader and both
    languages (a lower-case name at the start, an empty or missing name, braces, a name
    holding the stand-in mark itself)."""
    from gonets.games.loveletter.text import words

    config = GAME.configure(3, "seed", {"spare_card": "look_swap_burn"})
    agents = [RandomAgent(GAME, config, s, random.Random(s)) for s in range(3)]
    match = play_match(GAME, config, agents, seed=11)
    for seat in (None, 0, 1):
        for event in match.state.view(seat)["log"]:
            for lang in ("en", "ru"):
                direct, upper = words._event_line(event, lang, seat, names)
                direct = direct[:1].upper() + direct[1:] if upper else direct
                for _ in range(2):                       # written, then remembered
                    assert GAME.describe_event(event, lang, seat, names) == direct, event
