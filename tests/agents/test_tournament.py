"""Duplicate-deal tournaments: seatings, the same luck for every seating, statistics, ratings,
and the tournament and hint commands."""

from __future__ import annotations

import contextlib
import json

import pytest
from typer.testing import CliRunner

from gonets.cli import app
from gonets.core import OptionError, Record, get_game
from gonets.sim.ratings import Outcome, rate_outcomes
from gonets.sim.tournament import (
    Played,
    Standings,
    TournamentPlan,
    _places,
    load_ratings,
    play_one,
    save_ratings,
    tournament,
)
from tests.agents.helpers import cpu_hogs

runner = CliRunner()


def plan_for(game: str, players: int, bots: tuple[str, ...], deals: int, **extra):
    return TournamentPlan(get_game(game).configure(players), bots, deals, **extra)


def test_lineup_fills_the_seats_and_rotations_are_distinct():
    plan = plan_for("loveletter", 4, ("a", "b"), 3)
    assert plan.lineup == ("a", "b", "a", "b")
    assert plan.seatings() == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert plan.matches == 6
    three = plan_for("czar", 3, ("a", "b", "c"), 1)
    assert len(three.seatings()) == 3


def test_every_seating_of_a_deal_gets_the_same_chance_outcomes(tmp_path):
    plan = plan_for("loveletter", 2, ("random", "heuristic"), 1, save_dir=str(tmp_path))
    for seating in plan.seatings():
        play_one(plan, 0, seating)
    records = [Record.load(path) for path in sorted(tmp_path.glob("*.json"))]
    assert len(records) == 2
    first_chances = [next(s["chance"] for s in r.steps if "chance" in s) for r in records]
    assert first_chances[0] == first_chances[1]          # the same deck for both seatings
    assert [r.seats[0]["agent"] for r in records] == ["random", "heuristic"]
    for record in records:
        assert record.replay().is_terminal()           # records replay without a generator


def test_standings_count_seats_pair_by_deal_and_rate():
    plan = plan_for("loveletter", 2, ("x", "y"), 2)
    standings = Standings(plan)
    for deal, winners in ((0, ([0], [1])), (1, ([1], [0]))):     # x wins deal 0, y deal 1
        standings.add(Played(deal, ("x", "y"), winners[0], [1.0, 0.0]))
        standings.add(Played(deal, ("y", "x"), winners[1], [1.0, 0.0]))
    rates = standings.win_rates()
    assert (rates["x"].hits, rates["x"].trials) == (2, 4)
    ((a, b, (mean, low, high), deals),) = standings.paired()
    assert (a, b, deals) == ("x", "y", 2) and mean == pytest.approx(0.0)
    standings.rate()
    assert set(standings.ratings) == {"x", "y"}
    assert standings.ratings["x"].rating == pytest.approx(1500.0)     # 2 wins each: even
    data = standings.to_json()
    assert data["fair_share"] == 0.5 and data["agents"]["y"]["games"] == 4
    assert data["ratings"]["y"]["matches"] == 4


def test_places_put_winners_first_then_scores_and_ties_share_a_place():
    match = Played(0, ("a", "b", "c", "b"), [2], [3.0, 5.0, 9.0, 5.0])
    assert _places(match) == [4, 2, 1, 2]


def test_ratings_file_keeps_results_and_refuses_the_old_format(tmp_path):
    path = tmp_path / "ratings.json"
    first = [Outcome("d:0", "a/b", (("a", 1), ("b", 2))),
             Outcome("d:0", "b/a", (("b", 1), ("a", 2)))]
    save_ratings(path, "czar", first, rate_outcomes(first, resamples=10))
    save_ratings(path, "loveletter", first[:1], {})
    assert load_ratings(path, "czar") == first
    assert load_ratings(path, "loveletter") == first[:1]
    assert load_ratings(tmp_path / "none.json", "czar") == []
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"czar": {"hard": {"mu": 30.0, "sigma": 2.0}}}))
    with pytest.raises(OptionError, match="from an older gonets"):
        load_ratings(old, "czar")
    old.write_text("{not json")
    with pytest.raises(OptionError, match="is not a gonets ratings file"):
        load_ratings(old, "czar")


def test_a_stronger_bot_is_found_stronger():
    plan = plan_for("loveletter", 2, ("random", "heuristic"), 30)
    standings = tournament(plan)
    rates = standings.win_rates()
    assert rates["heuristic"].rate > rates["random"].rate
    strong, weak = standings.ratings["heuristic"], standings.ratings["random"]
    assert strong.rating > weak.rating and strong.low > weak.high
    assert strong.low < strong.rating < strong.high


def test_a_tournament_with_iteration_budgets_gives_the_same_bytes_under_a_cpu_hog(
        tmp_path, monkeypatch):
    """Two runs of the same search tournament, the second while every core is kept busy:
    the same standings and the same records, move for move. ``hard``'s wall-clock cap is set
    so low that it would cut the searches if it counted."""
    from gonets.games.loveletter.bot import search

    monkeypatch.setitem(search.LEVELS, "hard", {**search.LEVELS["hard"], "seconds": 0.003})

    def run(folder: str, hogged: bool) -> tuple[str, dict[str, bytes]]:
        command = ["tournament", "loveletter", "--bots", "hard,normal", "-p", "2", "-n", "8",
                   "-j", "2", "--seed", "5", "--json", "--save", str(tmp_path / folder)]
        with cpu_hogs() if hogged else contextlib.nullcontext():
            result = runner.invoke(app, command)
        assert result.exit_code == 0, result.output
        return result.stdout, {path.name: path.read_bytes()
                               for path in (tmp_path / folder).iterdir()}

    quiet, loaded = run("quiet", False), run("loaded", True)
    assert loaded == quiet
    assert len(quiet[1]) == 8 and json.loads(quiet[0])["matches"] == 8


def test_tournament_command_json_and_ratings(tmp_path):
    ratings = tmp_path / "r.json"
    result = runner.invoke(app, ["tournament", "loveletter", "--bots", "random,heuristic",
                                 "-p", "2", "-n", "8", "-j", "1", "--json",
                                 "--ratings", str(ratings)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["matches"] == 8 and data["deals"] == 4
    kept = json.loads(ratings.read_text())["loveletter"]
    assert set(kept["ratings"]) == {"random", "heuristic"} and len(kept["outcomes"]) == 8
    again = runner.invoke(app, ["tournament", "loveletter", "--bots", "random,heuristic",
                                "-p", "2", "-n", "8", "-j", "1", "--json", "--seed", "100",
                                "--ratings", str(ratings)])
    assert again.exit_code == 0, again.output
    assert len(json.loads(ratings.read_text())["loveletter"]["outcomes"]) == 16
    assert json.loads(again.stdout)["ratings"]["random"]["matches"] == 16
    bad = runner.invoke(app, ["tournament", "loveletter", "--bots", "heuristic"])
    assert bad.exit_code == 2 and "at least two different agents" in bad.output
    assert "gonets simulate loveletter --bots heuristic" in " ".join(bad.output.split())
    bad = runner.invoke(app, ["tournament", "loveletter", "--bots", "heuristic,nobody"])
    assert bad.exit_code == 2 and "unknown bot 'nobody'" in bad.output


def test_hint_command_ranks_the_moves_of_the_seat_that_decides(tmp_path):
    from gonets.agents import make_agent
    from gonets.core import play_match

    game = get_game("czar")
    config = game.configure(2)
    agents = [make_agent("random", game, config, seat, 1) for seat in range(2)]
    record = play_match(game, config, agents, seed=4).record
    path = record.save(tmp_path / "czar.json")
    replayed = record.replay(upto=10, verify=False)
    seat = replayed.current_player()
    result = runner.invoke(app, ["hint", str(path), "--at", "10", "--level", "ismcts",
                                 "--json", "--top", "3"])
    assert result.exit_code == 0, result.output
    ranked = json.loads(result.stdout)
    legal = replayed.view(seat)["legal"]
    assert 1 <= len(ranked) <= 3 and all(entry["action"] in legal for entry in ranked)
    other = 2 - seat
    wrong = runner.invoke(app, ["hint", str(path), "--at", "10", "--seat", str(other)])
    assert wrong.exit_code == 2 and "no decision to make" in wrong.output
    hard = ["hint", str(path), "--at", "10", "--level", "hard", "--json"]
    first = runner.invoke(app, hard)
    with cpu_hogs():
        again = runner.invoke(app, hard)
    assert first.exit_code == 0 and again.output == first.output     # counted: the same twice


def test_strength_page_has_a_table_per_matchup(tmp_path, monkeypatch):
    from gonets.sim import strength

    data = {"matchups": [{"game": "loveletter", "players": 2, "bots": ["random", "normal"]},
                         {"game": "czar", "players": 3, "bots": ["random", "normal"]}]}
    path = tmp_path / "strength.json"
    path.write_text(json.dumps(data))
    monkeypatch.setattr(strength, "MATCHUPS", path)
    out = tmp_path / "ai.md"
    out.write_text("# Agents\n\nProse that stays.\n")
    for _ in range(2):                       # made twice: the table is replaced, not repeated
        result = runner.invoke(app, ["strength", "--out", str(out), "--games", "6", "-j", "1"])
        assert result.exit_code == 0, result.output
    page = out.read_text()
    assert page.startswith("# Agents\n\nProse that stays.\n")
    assert page.count(strength.BEGIN) == 1 and page.count("## Strength table") == 1
    assert "### Love Letter, 2 players (seed)" in page
    assert "### Message to the Czar, 3 players (classic)" in page
    assert "6 matches: 3 deals x 2 seatings" in page and "| normal |" in page
    assert "- normal - random:" in page
    assert [m["game"] for m in strength.matchups("czar")] == ["czar"]
    # one game re-made: its section replaced in place, the other game's kept as it was
    result = runner.invoke(app, ["strength", "--out", str(out), "--games", "3", "-j", "1",
                                 "--game", "czar"])
    assert result.exit_code == 0, result.output
    again = out.read_text()
    love = page.split("### Love Letter")[1].split("###")[0]
    assert "### Love Letter" + love in again and again.count("### Love Letter") == 1
    czar = again.split("### Message to the Czar")[1]
    assert again.count("### Message to the Czar") == 1 and "3 matches: 1 deals" in czar
    assert "`gonets strength --game czar --games 3 --seed 0`" in czar
    assert again.index("### Love Letter") < again.index("### Message to the Czar")


def test_shipped_matchups_name_known_games_agents_and_players():
    from gonets.agents import agent_names
    from gonets.sim import strength

    for matchup in strength.matchups():
        game = get_game(matchup["game"])
        plan = strength.plan_of(matchup, 200, 0)
        assert plan.matches >= 200
        assert set(matchup["bots"]) <= set(agent_names(game))
