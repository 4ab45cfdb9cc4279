"""The Love Letter ``Game``: metadata, options, presets and the adapters over the rules."""

from __future__ import annotations

import random

from gonets.core.game import Game
from gonets.core.options import Config
from gonets.games.loveletter import describe
from gonets.games.loveletter.actions import rules_for
from gonets.games.loveletter.options import OPTIONS, PRESETS, check_config
from gonets.games.loveletter.state import LoveLetterState
from gonets.games.loveletter.views import sample_world


class LoveLetter(Game):
    """Love Letter (Тайное Послание): classic, Premium 2-8 players, 2019 edition, the seed."""

    name = "loveletter"
    title = "Love Letter"
    min_players = 2
    max_players = 8
    options = OPTIONS
    presets = PRESETS
    default_preset = "seed"
    description = ("Court the princess: draw one, play one; the last suitor standing or the "
                   "highest card wins the round. Seed rules for 2-8 players with Premium cards.")

    def check_config(self, config: Config) -> None:
        check_config(config)

    def new_state(self, config: Config) -> LoveLetterState:
        return LoveLetterState(config)

    def num_actions(self, config: Config) -> int:
        return len(rules_for(config).table)

    def sample_world(self, view: dict, rng: random.Random) -> LoveLetterState:
        return sample_world(self, view, rng)

    # -- text ---------------------------------------------------------------------------------
    def describe_action(self, view: dict, text: str, lang: str = "en") -> str:
        """A menu line such as 'Guard — name 5 for p2', from the view's seat (see describe.py)."""
        return describe.describe_action(view, text, lang)

    def describe_event(self, event: dict, lang: str = "en") -> str:
        """One readable log line for an event of a view's ``log`` (see describe.py)."""
        return describe.describe_event(event, lang)

    def render_text(self, view: dict, lang: str = "en"):
        """The table as the view's seat sees it (a Rich renderable; see render_text.py)."""
        from gonets.games.loveletter.render_text import render_text

        return render_text(view, lang)

    def render_svg(self, view: dict) -> str:
        """A standalone SVG of the table with clickable hand cards (see render_svg.py)."""
        from gonets.games.loveletter.render_svg import render_svg

        return render_svg(view)

    # -- extras -------------------------------------------------------------------------------
    def agents(self) -> dict:
        """The card-counting ``heuristic`` bot (see agent.py)."""
        from gonets.games.loveletter.agent import heuristic

        return {"heuristic": heuristic}

    def cli(self):
        from gonets.games.loveletter.cli import app

        return app

    def bench_counts(self, state: LoveLetterState) -> dict[str, int]:
        return {"rounds": state.rounds_done, "cards_played": state.played}

    def bench_steps(self, state: LoveLetterState) -> int:
        return state.played
