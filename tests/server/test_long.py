"""The issue's bars, at full size: minutes each, so only with ``GONETS_LONG_CHECKS=1``
(never in ``make test``). PostgreSQL and Redis come from the usual test variables."""

from __future__ import annotations

import os

import pytest

from .conftest import POSTGRES, postgres_schema_url
from .helpers import in_fresh_thread

REDIS = os.environ.get("GONETS_TEST_REDIS")
pytestmark = pytest.mark.skipif(os.environ.get("GONETS_LONG_CHECKS") != "1",
                                reason="long checks run with GONETS_LONG_CHECKS=1")


@pytest.fixture
def postgres():
    if not POSTGRES:
        pytest.skip("GONETS_TEST_POSTGRES is not set")
    yield from postgres_schema_url()


def test_100_never_reading_spectators_in_100_languages_keep_memory_small():
    from gonets.server.load import run_spectators

    figures = in_fresh_thread(run_spectators, spectators=100, seconds=60)
    assert figures["problems"] == [] and figures["steps_played"] > 100
    assert figures["rss_mb_peak"] < 300


def test_300_love_letter_tables_with_a_player_each_on_postgresql(postgres):
    from gonets.server.load import run_load

    figures = in_fresh_thread(run_load, tables=300, game="loveletter", players=2,
                              agent="random", bot_delay=0.5, limit=600, db_url=postgres,
                              human=True, stagger=5.0)
    print(figures)
    assert figures["problems"] == [] and figures["finished"] == 300


def test_1000_tables_across_two_processes(postgres):
    if not REDIS:
        pytest.skip("GONETS_TEST_REDIS is not set")
    from gonets.server.load import run_load

    figures = in_fresh_thread(run_load, tables=1000, game="loveletter", players=2,
                              agent="random", bot_delay=1.0, limit=900, db_url=postgres,
                              processes=2, redis_url=REDIS)
    print(figures)
    assert figures["problems"] == [] and figures["finished"] == 1000


def test_kill_9_of_one_of_two_processes_during_20_love_letter_tables(postgres):
    if not REDIS:
        pytest.skip("GONETS_TEST_REDIS is not set")
    from gonets.server.load import run_failover

    figures = in_fresh_thread(run_failover, tables=20, game="loveletter", players=4,
                              agent="random", bot_delay=0.3, before_kill=5.0, limit=300,
                              db_url=postgres, redis_url=REDIS)
    assert figures["problems"] == [] and figures["finished_after_kill"] == 20
