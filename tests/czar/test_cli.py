"""Game-specific commands: ``gonets czar board`` and ``gonets czar arrows``."""

from __future__ import annotations

from typer.testing import CliRunner

from .helpers import GAME


def test_board_lists_closed_inns_and_guard_prices():
    result = CliRunner().invoke(GAME.cli(), ["board", "--players", "3"])
    assert result.exit_code == 0, result.output
    for word in ("NIKOLAJ (closed)", "KATHARINA (closed)", "10 above MASL HOF", "Swamp"):
        assert word in result.output
    assert "WLADIMIR (closed)" not in result.output
    bad = CliRunner().invoke(GAME.cli(), ["board", "--players", "7"])
    assert bad.exit_code != 0 and "2-5 players" in bad.output


def test_arrows_table():
    result = CliRunner().invoke(GAME.cli(), ["arrows"])
    assert result.exit_code == 0
    assert "│ Officer    │ Cossack      │ Diplomat      │ Lady     │" in result.output
