"""Every seat reads differently: bots get person-like names with their level beside them
("Vera · hard bot", "Вера · сложный бот"), in every log line, score table and end screen, in
English and in Russian; older tables and records, whose bots have no such name, still show
one; and no person can take a bot's name."""

from __future__ import annotations

import re

import pytest

from gonets.agents import make_agent
from gonets.core import Record, games, play_match, seat_names
from gonets.core.botnames import bot_names, bot_seat, every_bot_label
from gonets.server.names import check_name_at_table, looks_like_a_bot, name_key
from gonets.server.spec import TableError, offered_agents
from gonets.server.storage import Storage, StoredTable
from gonets.words import LANGUAGES, platform_words

from .helpers import ServerThread

PEOPLE = {"en": ["Vera", "Oleg", "Nina", "Boris"], "ru": ["Вера", "Олег", "Нина", "Борис"]}
LEVEL_WORDS = {("en", "heuristic"): "heuristic bot", ("ru", "heuristic"): "эвристический бот",
               ("en", "easy"): "easy bot", ("ru", "easy"): "лёгкий бот",
               ("en", "normal"): "normal bot", ("ru", "normal"): "обычный бот",
               ("en", "random"): "random bot", ("ru", "random"): "случайный бот"}
TABLES = {"loveletter": (4, "heuristic"), "czar": (3, "easy"), "carcassonne": (3, "normal"),
          "babayaga": (3, "heuristic")}
"""Each game's table of bots of one agent: players and agent."""
BOT_WORD = {"en": re.compile(r"\bbots?\b", re.I), "ru": re.compile(r"\bбот", re.I)}


def expected_names(lang: str, players: int, agent: str) -> list[str]:
    return [f"{PEOPLE[lang][seat]} · {LEVEL_WORDS[lang, agent]}" for seat in range(players)]


def texts_of(frame: dict) -> list[str]:
    """What a reader of the frame reads: the log, the score table's cells, the panels."""
    texts = list(frame["log"])
    for row in frame["scoreboard"]["rows"]:
        texts += [str(cell) for cell in row]
    for panel in frame["panels"]:
        texts.append(str(panel.get("title", "")))
        for line in panel.get("lines", []):
            texts += [str(part) for part in (line if isinstance(line, list) else [line])]
    return texts


def unnamed_bots(text: str, names: list[str], lang: str) -> bool:
    """True when ``text`` speaks of a bot other than by one of the seats' names."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    return bool(BOT_WORD[lang].search(text))


@pytest.mark.parametrize("game_name", sorted(TABLES))
def test_a_table_of_same_level_bots_names_every_seat_apart_in_both_languages(
        toy, sqlite_url, game_name):
    players, agent = TABLES[game_name]
    with ServerThread(sqlite_url, bot_delay=0.0) as server:
        created = server.create(game=game_name, players=players, seed=11,
                                seats=[{"kind": "bot", "agent": agent}] * players)
        finals = {}
        for lang in LANGUAGES:
            with server.client(created["id"], join=False) as watcher:
                watcher.send({"type": "join", "lang": lang})
                finals[lang] = watcher.until(
                    lambda m: m["type"] == "state" and m["view"]["terminal"], timeout=240)
        record = Record.from_json(server.http.get(f"/api/tables/{created['id']}/record").json())
    assert record.replay().is_terminal()
    assert seat_names(record.seats) == expected_names("en", players, agent)   # as replayed
    for lang, final in finals.items():
        names = expected_names(lang, players, agent)
        assert seat_names(final["seats"], lang) == names
        assert len({name_key(name) for name in names}) == players        # pairwise distinct
        log = final["log"]
        for name in names:                     # every seat is named in the log, by its name
            assert any(name in line for line in log), (lang, name)
        assert any(sum(name in line for name in names) >= 2 for line in log), lang
        for text in texts_of(final):
            assert not unnamed_bots(text, names, lang), (lang, text)
        winners = final["view"]["result"]["winners"]
        assert all(names[seat] in log[-1] for seat in winners), (lang, log[-1])


def test_a_table_stored_before_bots_had_names_shows_one_for_each(sqlite_url):
    """Bot seats without ``persona`` (tables and records written before): each is called by
    the name of its place, so two bots of the same agent still read differently."""
    game = games()["loveletter"]
    config = game.configure(3, None, {})
    older = [{"kind": "bot", "agent": "random", "name": "random bot"}] * 3
    played = play_match(game, config, [make_agent("random", game, config, seat, 5)
                                       for seat in range(3)], seed=5, seats=older).record
    storage = Storage(sqlite_url)
    try:
        storage.create_table(StoredTable(
            id="older", game="loveletter", players=3, preset=played.preset,
            options=played.options, seats=older, token_hashes=[None] * 3, seed=5,
            bot_delay=0.0, turn_seconds=None, status="running", steps=played.steps,
            rules=game.rules_version()))
        storage.append_steps("older", len(played.steps), [], "finished", played.result)
    finally:
        storage.close()
    with ServerThread(sqlite_url) as server:
        for lang in LANGUAGES:
            with server.client("older", join=False) as watcher:
                watcher.send({"type": "join", "lang": lang})
                final = watcher.until(lambda m: m["type"] == "state")
            names = expected_names(lang, 3, "random")
            assert [s["name"] for s in final["seats"]] == ["random bot"] * 3   # as stored
            assert seat_names(final["seats"], lang) == names
            for text in texts_of(final):
                assert not unnamed_bots(text, names, lang), (lang, text)
        record = server.http.get("/api/tables/older/record").json()
        assert Record.from_json(record).replay().is_terminal()
        lobby = next(t for t in server.http.get("/api/tables").json()["finished"]
                     if t["id"] == "older")
        assert [s["agent"] for s in lobby["seats"]] == ["random"] * 3


def test_records_of_the_terminal_and_the_simulator_name_their_bots_apart():
    """Seats with an agent and no kind (``gonets play``, ``simulate``) are bots too."""
    seats = [{"name": "You", "agent": "human"}, {"name": "heuristic bot 2", "agent": "heuristic"},
             {"name": "heuristic 3", "agent": "heuristic"}]
    assert seat_names(seats) == ["You", "Oleg · heuristic bot", "Nina · heuristic bot"]
    assert seat_names(seats, "ru") == ["You", "Олег · эвристический бот",
                                       "Нина · эвристический бот"]
    assert seat_names([{}, {"kind": "human", "name": None}]) == ["p1", "p2"]
    named = [{"name": "Anna", "agent": "human"}, {"name": "Boris", "agent": "heuristic"}]
    assert seat_names(named, "ru") == ["Anna", "Борис · эвристический бот"]  # docs/records.md


def test_an_older_bot_never_takes_the_name_another_bot_was_given():
    generic = {"kind": "bot", "agent": "random", "name": "random bot"}
    seats = [generic, generic, {"kind": "bot", "agent": "random", "name": "Vera"},
             bot_seat("random", 3)]
    assert seat_names(seats) == ["Oleg · random bot", "Nina · random bot", "Vera · random bot",
                                 "Boris · random bot"]


def test_names_follow_seats_changed_in_place_and_seats_json_cannot_write():
    """Names are remembered by the seats' contents: a seat changed in place is named
    afresh, and seats of a hand-made record that JSON cannot write are named all the same."""
    seats = [{"kind": "human", "name": "Ann"}, bot_seat("random", 1)]
    assert seat_names(seats) == ["Ann", "Oleg · random bot"]
    seats[0]["name"] = "Anna"
    assert seat_names(seats) == ["Anna", "Oleg · random bot"]
    odd = [{"kind": "human", "name": "Ann", 7: "a number as a key"},
           {"kind": "human", "score": 2**70}]
    assert seat_names(odd) == ["Ann", "p2"]


def test_bot_seats_are_named_by_their_place_and_keep_the_name():
    seats = [bot_seat("hard", index) for index in range(8)]
    assert seats[0] == {"kind": "bot", "agent": "hard", "name": "Vera · hard bot",
                        "persona": "Vera"}
    assert seat_names(seats, "ru")[:2] == ["Вера · сложный бот", "Олег · сложный бот"]
    assert len(set(seat_names(seats))) == len(set(seat_names(seats, "ru"))) == 8
    moved = [{**seats[3], "persona": "Oleg"}]          # the stored name wins over the place
    assert seat_names(moved, "ru") == ["Олег · сложный бот"]


def test_every_language_lists_as_many_bot_names_all_told_apart():
    english = bot_names("en")
    assert len(english) >= max(game.max_players for game in games().values())
    for lang in LANGUAGES:
        own = bot_names(lang)
        assert len(own) == len(english), lang
        assert len({name_key(name) for name in own}) == len(own), lang
        assert not any(looks_like_a_bot(name) for name in own), lang


@pytest.mark.parametrize("game_name", ["loveletter", "czar", "carcassonne", "babayaga"])
def test_every_bot_a_table_offers_has_its_level_in_words(game_name):
    for agent in offered_agents(games()[game_name]):
        for lang in LANGUAGES:
            assert f"bot.{agent}" in platform_words(lang), (agent, lang)
            label = seat_names([bot_seat(agent, 0)], lang)[0]
            assert label.startswith(PEOPLE[lang][0] + " · "), label


def test_nobody_may_take_a_bot_s_name_in_any_language():
    labels = every_bot_label()
    assert "Vera · hard bot" in labels and "Вера · сложный бот" in labels
    for label in labels:
        assert looks_like_a_bot(label), label
    seats = [{"kind": "human", "name": None}, bot_seat("hard", 1)]
    for taken in ("Oleg · hard bot", "Олег · сложный бот", "oleg · HARD bot", "Олег сложный бот"):
        with pytest.raises(TableError) as refused:
            check_name_at_table(taken, 0, seats)
        assert refused.value.code == "name_bot", taken
    # a person's own name that a bot's name starts with still reads apart from the bot's
    assert check_name_at_table("Oleg", 0, seats) == "Oleg"
    seats[0]["name"] = "Oleg"
    for lang in LANGUAGES:
        first, second = seat_names(seats, lang)
        assert first != second and name_key(first) != name_key(second)


@pytest.mark.parametrize("name", ["Oleg · hard bot (p2)", "Oleg · hard bot 2",
                                  "Олег · сложный бот (p2)", "Oleg · hard bot™",
                                  "The Oleg · hard bot", "Vera·HARD BOT fan",
                                  "Ann the bot", "Ann bot™", "Ann (бот)", "Robot Ann",
                                  "Ann ᵇᵒᵗ", "Ann b0t 2"])
def test_a_person_cannot_pass_for_the_bot_beside_them(name):
    """A name that holds a bot's display name (in any language, by skeleton: "bot™" reads
    "bot TM"), or the word bot anywhere, reads as a bot's seat in the log: refused."""
    seats = [{"kind": "human", "name": None}, bot_seat("hard", 1)]   # p2: "Oleg · hard bot"
    with pytest.raises(TableError) as refused:
        check_name_at_table(name, 0, seats)
    assert refused.value.code == "name_bot", name


@pytest.mark.parametrize("name", ["Vera", "Oleg", "Олег", "Oleg Petrov", "Abbott",
                                  "Bottom", "Robota", "Ботаник", "Vera hard"])
def test_a_person_s_own_name_is_not_a_bot_s(name):
    """Person names, those the bots' names start with among them, stay free to take (an
    account named Oleg joins a table with Oleg · hard bot): "bot" counts only as a word."""
    seats = [{"kind": "human", "name": None}, bot_seat("hard", 1)]
    assert not looks_like_a_bot(name)
    assert check_name_at_table(name, 0, seats) == name
