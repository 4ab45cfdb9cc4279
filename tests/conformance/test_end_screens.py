"""Every game's end screen (``Game.final``): whole bot matches under every preset, at the fewest
and the most seats, read by every seat and a spectator in English and Russian, rank every seat
once (the winners first, equal keys sharing a place), say why the game ended in words, and
depend on the reader's view alone. Baba Yaga's co-op and solo outcomes are told as the
company's and the lone hero's."""

from __future__ import annotations

import random
import re

import pytest

from gonets.agents import make_agent
from gonets.agents.base import RandomAgent
from gonets.core import games, play_match
from gonets.core.ending import ranked
from gonets.server.frames import seat_payload

from .every_table import NAMES, preset_ends

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
LEFT_OVER = re.compile(r"\{\w*\}|\bNone\b|\bnull\b|\bundefined\b|'\w+': ")



def texts(final: dict) -> list[str]:
    lines = [str(part) for line in final["lines"]
             for part in (line if isinstance(line, list) else [line])]
    cells = [str(cell) for row in final["rows"] for cell in row["cells"]]
    return [final["reason"], *final["columns"], *lines, *cells]


def test_ranks_share_places_and_skip_after_ties():
    assert ranked([3, 5, 5, 1]) == [(1, 1), (2, 1), (0, 3), (3, 4)]
    assert ranked([(True, 0), (False, 9)]) == [(0, 1), (1, 2)]
    assert ranked([(0,), (0,), (0,)]) == [(0, 1), (1, 1), (2, 1)]


@pytest.mark.parametrize("name,preset,players", preset_ends())
def test_every_reader_gets_a_ranking_a_reason_and_nothing_hidden(name, preset, players):
    game = games()[name]
    config = game.configure(players, preset)
    agents = [RandomAgent(game, config, s, random.Random(70 + s)) for s in range(players)]
    match = play_match(game, config, agents, seed=7)
    state = match.state
    winners = state.result().winners
    for seat in [None, *range(players)]:
        view = {**state.view(seat), "names": NAMES[:players]}
        for lang in ("en", "ru"):
            final = game.final(view, lang)
            assert [row["seat"] for row in final["rows"]] != [] and \
                sorted(row["seat"] for row in final["rows"]) == list(range(players))
            ranks = [row["rank"] for row in final["rows"]]
            assert ranks[0] == 1 and ranks == sorted(ranks)
            assert all(rank <= place for place, rank in enumerate(ranks, 1))
            assert {row["seat"] for row in final["rows"] if row["rank"] == 1} >= set(winners)
            assert all(len(row["cells"]) == len(final["columns"]) for row in final["rows"])
            assert 0 <= final["score"] < len(final["columns"])
            assert final["reason"].strip()
            for text in texts(final):
                assert not LEFT_OVER.search(text), (lang, text)
            if lang == "ru":
                assert CYRILLIC.search(final["reason"]), final["reason"]
                assert all(CYRILLIC.search(column) for column in final["columns"])
        if seat is not None:       # a world drawn from the view gives the same end screen
            world = game.sample_world(state.view(seat), random.Random(seat))
            again = {**world.view(seat), "names": NAMES[:players]}
            assert game.final(again, "en") == game.final(view, "en")


def test_a_frame_carries_the_end_screen_only_at_the_end():
    game = games()["loveletter"]
    config = game.configure(2)
    seen = []
    agents = [RandomAgent(game, config, s, random.Random(s)) for s in range(2)]
    match = play_match(game, config, agents, seed=3,
                       on_step=lambda m: seen.append(seat_payload(game, m.state.view(0))))
    assert all(frame["final"] is None for frame in seen[:-1])
    final = seen[-1]["final"]
    assert final == game.final(match.state.view(0), "en")
    assert final["rows"][0]["seat"] in match.state.result().winners


BABA_YAGA = [  # preset, players, seed: how a heuristic match of that seed ends
    ("cooperative", 2, 0, True, ("the heroes won together", "герои победили вместе")),
    ("cooperative", 2, 1, False, ("the heroes lost together", "герои проиграли вместе")),
    ("solo", 1, 2, True, ("Anna won", "Anna побеждает")),
    ("solo", 1, 0, False, ("Anna lost", "Anna проигрывает")),
]


@pytest.mark.parametrize("preset,players,seed,won,words", BABA_YAGA,
                         ids=[f"{p}-{'won' if w else 'lost'}" for p, _, _, w, _ in BABA_YAGA])
def test_baba_yaga_tells_the_company_s_and_the_lone_hero_s_outcome(preset, players, seed, won,
                                                                    words):
    game = games()["babayaga"]
    config = game.configure(players, preset)
    agents = [make_agent("heuristic", game, config, s, seed) for s in range(players)]
    state = play_match(game, config, agents, seed=seed).state
    assert bool(state.result().winners) == won, "the seed no longer ends this way"
    view = {**state.view(None), "names": NAMES[:players]}
    for lang, phrase in zip(("en", "ru"), words, strict=True):
        final = game.final(view, lang)
        assert phrase in final["reason"], final["reason"]
        assert {row["rank"] for row in final["rows"]} == {1}      # one outcome for all
        quests = [row["cells"][2] for row in final["rows"]]
        assert all(re.search(r"\d+/\d+|done|out|выполнено|выбыл", q) for q in quests), quests
