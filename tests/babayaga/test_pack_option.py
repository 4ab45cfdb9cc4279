"""The ``pack`` option: a game played on another content pack, from its state through the
views and the bots to the lab's grids; a server refuses the option (it names a folder)."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from gonets.agents.registry import make_agent
from gonets.core import get_game, play_match
from gonets.core.errors import OptionError
from gonets.games.babayaga.bot import lite_view
from gonets.games.babayaga.rules.content import DEFAULT_DIR, view_content
from gonets.server.spec import TableError, parse_spec
from tests.lab.helpers import run

GAME = get_game("babayaga")


def strong_pack(folder: Path) -> Path:
    """The built-in pack with every hero's Fight at 3."""
    pack = folder / "strong"
    shutil.copytree(DEFAULT_DIR, pack)
    heroes = pack / "characters.yaml"
    heroes.write_text(re.sub(r"fight: \d", "fight: 3", heroes.read_text(encoding="utf-8")),
                      encoding="utf-8")
    return pack


def first_decision_on(pack: Path, seed: int):
    """The configuration on ``pack`` and a state at its first decision."""
    config = GAME.configure(2, "competitive", {"pack": str(pack)})
    state = GAME.new_state(config)
    rng = random.Random(seed)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    return config, state


def test_a_game_on_another_pack_is_played_with_that_pack_by_state_view_and_bots(tmp_path):
    pack = strong_pack(tmp_path)
    config = GAME.configure(2, "competitive", {"pack": str(pack)})
    bots = [make_agent("heuristic", GAME, config, seat, seat) for seat in (0, 1)]
    match = play_match(GAME, config, bots, seed=5)
    assert match.state.result().detail["how"]
    state = match.state
    assert all(hero["stats"]["fight"] == 3 for hero in state.c.characters.values())
    view = state.view(0)
    assert view["options"]["pack"] == str(pack)
    me = view["heroes"][0]
    icons = sum(state.c.cards[card]["icons"]["fight"] for card in me["cards"])
    assert bots[0].stat(view, "fight") == 3 + icons          # the bot reads the pack too
    built_in = GAME.configure(2, "competitive")
    assert GAME.new_state(built_in).c is not state.c


def test_a_search_bot_samples_its_worlds_from_the_pack(tmp_path):
    config, state = first_decision_on(strong_pack(tmp_path), 1)
    view = state.view(state.current_player())
    world = GAME.sample_world(view, random.Random(1))
    assert world.c is state.c
    search = make_agent("search", GAME, config, state.current_player(), 2)
    assert search.act(view, state.legal_actions()) in state.legal_actions()


def test_a_pack_that_does_not_load_is_refused_naming_it(tmp_path):
    with pytest.raises(OptionError, match="not a content folder"):
        GAME.configure(2, "competitive", {"pack": str(tmp_path / "missing")})
    broken = strong_pack(tmp_path)
    (broken / "rules.yaml").write_text("solo: {}\n", encoding="utf-8")
    with pytest.raises(OptionError, match=r"option 'pack': the pack .* is refused:\n.*rules"):
        GAME.configure(2, "competitive", {"pack": str(broken)})


def test_a_search_playout_reads_the_pack_too(tmp_path):
    config, state = first_decision_on(strong_pack(tmp_path), 3)
    seat = state.current_player()
    light = lite_view(state, seat)
    icons = sum(state.c.cards[card]["icons"]["fight"] for card in state.players[seat].cards)
    assert view_content(light) is state.c
    assert make_agent("heuristic", GAME, config, seat, 0).stat(light, "fight") == 3 + icons


def test_a_server_refuses_a_pack_but_takes_the_default_a_rematch_sends(tmp_path):
    seats = [{"kind": "bot", "agent": "heuristic"}] * 2
    with pytest.raises(TableError, match="a server does not take it"):
        parse_spec({"game": "babayaga", "players": 2, "preset": "competitive",
                    "options": {"pack": str(strong_pack(tmp_path))}, "seats": seats}, 1.0)
    every = dict(GAME.configure(2, "competitive").options)       # what a rematch sends
    assert every["pack"] == ""
    spec = parse_spec({"game": "babayaga", "players": 2, "preset": "competitive",
                       "options": every, "seats": seats}, 1.0)
    assert spec.options["pack"] == ""


def test_packs_are_a_factor_of_an_experiment_grid(tmp_path, monkeypatch):
    strong_pack(tmp_path)
    (tmp_path / "grid.yaml").write_text("""\
game: babayaga
matches: 2
players: 2
preset: competitive
bots: heuristic
shard_size: 2
cross:
  pack: ["", strong]      # the built-in pack, and ./strong beside this file
""", encoding="utf-8")
    result = run("experiment", tmp_path / "grid.yaml", "--jobs", 1)
    assert result.exit_code == 0, result.output
    table = pq.read_table(tmp_path / "grid" / "matches.parquet").to_pylist()
    assert {row["cell_pack"] for row in table} == {"", str((tmp_path / "strong").resolve())}
    assert len(table) == 4
    monkeypatch.chdir(tmp_path.parent)      # elsewhere: the stored grid still finds its pack
    grid = tmp_path / "grid.yaml"
    grid.write_text(grid.read_text(encoding="utf-8").replace("matches: 2", "matches: 4"),
                    encoding="utf-8")
    result = run("experiment", grid, "--resume", "--jobs", 1)
    assert result.exit_code == 0, result.output
    assert len(pq.read_table(tmp_path / "grid" / "matches.parquet")) == 8
