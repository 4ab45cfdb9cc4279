"""Every gonets game as an OpenSpiel Python game named ``gonets_<game>``.

>>> import pyspiel
>>> import gonets.rl.openspiel                      # registers the four games
>>> game = pyspiel.load_game("gonets_loveletter", {"players": 2})
>>> pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)

Parameters: ``players`` (default: the fewest the default preset allows), ``preset`` (default:
the game's default preset) and ``options`` (rule options on top of the preset, a JSON object).
Random events are explicit chance nodes with their probabilities; a shuffle is a sequence of
single draws (``gonets.rl.chance``). Players' actions are the game's
fixed action ids. The information-state string is the seat's whole view as canonical JSON (its
log makes it perfect recall); the observation string is the same without the log; both tensors
are the seat's encoding (``gonets.rl.encoders``, docs/rl.md). ``resample_from_infostate`` draws
a world with the game's ``sample_world`` from the seat's view, so OpenSpiel's Python IS-MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) searches without seeing hidden cards.
Returns: +1 for each winner, -1 for the others, at the end.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import numpy as np
import pyspiel

from gonets.core.game import CHANCE, TERMINAL, Game
from gonets.core.options import Config
from gonets.core.registry import games, get_game
from gonets.rl.chance import Plan
from gonets.rl.encoders import get_encoder
from gonets.rl.table import outcome_rewards

# Upper bounds on the moves of a match (decisions and single chance draws), per player.
MAX_MOVES_PER_PLAYER = {"loveletter": 1500, "czar": 6000, "carcassonne": 600, "babayaga": 15000}


def short_name(game: str) -> str:
    return f"gonets_{game}"


def _encoder_module(game: str):
    return importlib.import_module(f"gonets.rl.encoders.{game}")


class _Match:
    """The gonets state inside an OpenSpiel state, with how it got there (for serialisation)
    and the draws made so far of a pending random event."""

    __slots__ = ("config", "state", "steps", "pending", "plan", "views")

    def __init__(self, config: Config, state: Any = None, steps: list | None = None):
        self.config = config
        self.state = state if state is not None else get_game(config.game).new_state(config)
        self.steps = steps               # None for a world drawn by resample_from_infostate
        self.pending: list[int] = []
        self.plan: Plan | None = None
        self.views: dict[int, dict] = {}

    def view(self, seat: int) -> dict:
        """The seat's view, kept until the state changes: the same object for every world a
        search resamples from this state (``sample_world`` may reuse its reading of a view)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.state.view(seat)
        return view

    def chance_plan(self) -> Plan:
        if self.plan is None:
            self.plan = _encoder_module(self.config.game).chance_plan(self.state)
            for outcome in self.pending:
                self.plan.feed(outcome)
        return self.plan

    def __deepcopy__(self, memo: dict) -> _Match:
        other = _Match.__new__(_Match)
        other.config = self.config
        other.state = self.state.clone()
        other.steps = None if self.steps is None else list(self.steps)
        other.pending = list(self.pending)
        other.plan = None if self.plan is None else self.plan.copy()
        other.views = {}
        return other

    def __getstate__(self) -> dict:
        if self.steps is None:
            raise pyspiel.SpielError("a world drawn by resample_from_infostate has no history "
                                     "to serialise")
        return {"game": self.config.game, "players": self.config.players,
                "preset": self.config.preset, "options": dict(self.config.options),
                "steps": self.steps, "pending": self.pending}

    def __setstate__(self, data: dict) -> None:
        game = get_game(data["game"])
        self.config = game.configure(data["players"], data["preset"], data["options"])
        self.state = game.new_state(self.config)
        for kind, value in data["steps"]:
            if kind == "chance":
                self.state.apply_chance(value)
            else:
                self.state.apply(value)
        self.steps = list(data["steps"])
        self.pending = list(data["pending"])
        self.plan = None
        self.views = {}


class GonetsSpielState(pyspiel.State):
    """One OpenSpiel state over a gonets state."""

    def __init__(self, game: GonetsSpielGame, match: _Match | None = None):
        super().__init__(game)
        self._m = match if match is not None else _Match(game.config, steps=[])

    @property
    def gonets_state(self) -> Any:
        """The gonets state (its view of a seat is what that seat may know)."""
        return self._m.state

    def current_player(self) -> int:
        player = self._m.state.current_player()
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._m.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._m.chance_plan().outcomes()

    def _apply_action(self, action: int) -> None:
        m = self._m
        m.views = {}
        if m.state.current_player() == CHANCE:
            plan = m.chance_plan()
            complete = plan.feed(int(action))
            m.pending.append(int(action))
            if complete:
                outcome = plan.outcome()
                m.state.apply_chance(outcome)
                if m.steps is not None:
                    m.steps.append(("chance", outcome))
                m.pending, m.plan = [], None
            return
        m.state.apply(int(action))
        if m.steps is not None:
            m.steps.append(("action", int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._m.chance_plan().label(action)
        return self._m.state.action_to_text(action)

    def is_terminal(self) -> bool:
        return self._m.state.current_player() == TERMINAL

    def returns(self) -> list[float]:
        n = self._m.config.players
        if not self.is_terminal():
            return [0.0] * n
        return outcome_rewards(self._m.state.result().winners, n)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state consistent with everything ``player_id`` knows (the game's sample_world on
        the seat's view): the other seats' hidden cards and the deck order redrawn."""
        try:
            seed = int(float(probability_sampler()) * 2**53)
        except TypeError:
            seed = random.SystemRandom().randrange(2**53)
        view = self._m.view(player_id)
        world = get_game(self._m.config.game).sample_world(view, random.Random(seed))
        game = self.get_game()
        return GonetsSpielState(game, _Match(game.config, world, steps=None))

    def __str__(self) -> str:
        return json.dumps(self._m.state.snapshot(), sort_keys=True, default=str) + \
            (f" pending={self._m.pending}" if self._m.pending else "")


class GonetsObserver:
    """Tensors and strings of one seat (OpenSpiel's PyObserver interface)."""

    def __init__(self, game: GonetsSpielGame, perfect_recall: bool):
        self.encoder = get_encoder(game.config)
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GonetsSpielState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state._m.view(player))

    def string_from(self, state: GonetsSpielState, player: int) -> str:
        view = state._m.view(player)
        if not self.perfect_recall:
            view = {key: value for key, value in view.items() if key != "log"}
        return view_key(view)


def view_key(view: dict) -> str:
    """A view as the observer's string (with its log: the information state string)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class GonetsSpielGame(pyspiel.Game):
    """A gonets game for OpenSpiel (one configuration: players and preset)."""

    gonets: Game

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        game = self.gonets
        preset = params.get("preset") or game.default_preset
        players = int(params.get("players") or game.player_range(preset)[0])
        options = params.get("options") or "{}"
        try:
            chosen = json.loads(options)
        except json.JSONDecodeError as exc:
            raise ValueError(f"the options parameter must be a JSON object, not {options!r}: "
                             f"{exc}") from None
        if not isinstance(chosen, dict):
            raise ValueError(f"the options parameter must be a JSON object, not {options!r}")
        self.config = game.configure(players, preset, chosen)
        module = _encoder_module(game.name)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions(self.config),
            max_chance_outcomes=module.max_chance_outcomes(self.config),
            num_players=players, min_utility=-1.0, max_utility=1.0,
            max_game_length=MAX_MOVES_PER_PLAYER[game.name] * players)
        super().__init__(game_type(game), info,
                         {"players": players, "preset": preset, "options": options})

    def new_initial_state(self) -> GonetsSpielState:
        return GonetsSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GonetsObserver:
        perfect = isinstance(iig_obs_type, pyspiel.IIGObservationType) and \
            iig_obs_type.perfect_recall
        return GonetsObserver(self, perfect)


def game_type(game: Game) -> pyspiel.GameType:
    low, high = game.min_players, game.max_players
    default_players = game.player_range(game.default_preset)[0]
    return pyspiel.GameType(
        short_name=short_name(game.name), long_name=f"gonets {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": default_players, "preset": game.default_preset,
                                 "options": "{}"})


def register() -> list[str]:
    """Register every gonets game with pyspiel (once); returns their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for name, game in games().items():
        names.append(short_name(name))
        if short_name(name) in registered:
            continue
        cls = type(f"Gonets{name.title()}SpielGame", (GonetsSpielGame,), {"gonets": game})
        pyspiel.register_game(game_type(game), cls)
    return names


def load(game: str, players: int | None = None, preset: str | None = None,
         options: dict | None = None) -> pyspiel.Game:
    """``pyspiel.load_game`` of a gonets game (registering them first)."""
    register()
    params: dict = {}
    if players is not None:
        params["players"] = players
    if preset is not None:
        params["preset"] = preset
    if options:
        params["options"] = json.dumps(options, sort_keys=True)
    return pyspiel.load_game(short_name(game), params)


register()
