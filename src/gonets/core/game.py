"""The game protocol every gonets game implements.

A :class:`Game` is the definition (metadata, options, presets, renderers, agents); a
:class:`State` is one position of one match. Rules modules are pure: no I/O, no global
randomness. Random events are *chance nodes*: when ``current_player()`` is :data:`CHANCE`
the driver asks ``sample_chance(rng)`` for an outcome (plain JSON data, e.g. a shuffled deck)
and feeds it back through ``apply_chance``. A match record stores those outcomes, so a match
replays without any generator, and a record with hand-chosen outcomes (a stacked deck) plays
exactly that scenario.
"""

from __future__ import annotations

import importlib
import inspect
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import ModuleType
from typing import Any, ClassVar

from gonets.core.errors import IllegalAction, OptionError
from gonets.core.options import Config, Option, Preset

CHANCE = -1
"""``current_player()`` at a chance node: the driver samples an outcome."""

TERMINAL = -2
"""``current_player()`` once the match is over."""


@dataclass(frozen=True)
class Result:
    """How a finished match ended: a score per seat and the winning seats (several may share)."""

    scores: list[float]
    winners: list[int]
    detail: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners), "detail": self.detail}


_VIEWS: dict[str, ModuleType] = {}


def views_room(game: str) -> ModuleType:
    """The ``views`` room of the game called ``game`` (``gonets.games.<game>.views``), where
    its states find their redaction; found by name, as the registry finds the games (the
    registry imports this module, so a state does not ask it)."""
    room = _VIEWS.get(game)
    if room is None:
        name = f"gonets.games.{game}.views"
        try:
            room = _VIEWS[game] = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name not in (name, f"gonets.games.{game}"):
                raise                  # the room exists but something it imports does not
            raise NotImplementedError(f"{game} has no views module: its State must define "
                                      "_view") from None
    return room


class State(ABC):
    """One position of a match. Mutable: ``clone()`` before exploring."""

    config: Config

    # -- who decides -------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat that must decide now, or :data:`CHANCE`, or :data:`TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # -- decisions -----------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> Sequence[int]:
        """Legal action ids for the deciding seat, in a stable order (empty at chance/terminal)."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Apply a legal action of the deciding seat.

        Raises :class:`IllegalAction` naming the problem and leaves the state untouched.
        """

    def act(self, seat: int, action: int) -> None:
        """Apply ``action`` on behalf of ``seat``, refusing it when that seat is not deciding."""
        deciding = self.current_player()
        if seat != deciding:
            if deciding == TERMINAL:
                raise IllegalAction("the match is over; no more actions are accepted")
            who = "the dealer (a random event)" if deciding == CHANCE else f"seat {deciding}"
            raise IllegalAction(f"seat {seat} cannot act now: it is {who}'s decision")
        self.apply(action)

    @abstractmethod
    def action_to_text(self, action: int) -> str:
        """The action's text notation, e.g. ``guard p2 5``."""

    @abstractmethod
    def text_to_action(self, text: str) -> int:
        """Parse a text notation into an action id (raises :class:`IllegalAction` if unreadable)."""

    # -- chance ----------------------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Any:
        """Draw the outcome of the pending chance event with ``rng`` (JSON data)."""
        raise IllegalAction("there is no random event pending")

    def apply_chance(self, outcome: Any) -> None:
        """Apply a chance outcome (sampled or chosen by hand); validates it first."""
        raise IllegalAction("there is no random event pending")

    # -- information ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know now (``None``: a spectator), as JSON-serialisable data.

        Common keys are added here; the game's ``_view`` does all redaction.
        """
        deciding = self.current_player()
        data = {
            "game": self.config.game,
            "players": self.config.players,
            "preset": self.config.preset,
            "options": dict(self.config.options),
            "seat": seat,
            "to_move": deciding if deciding >= 0 else None,
            "terminal": deciding == TERMINAL,
        }
        data.update(self._view(seat))
        if seat is not None and seat == deciding:
            data["legal"] = [self.action_to_text(a) for a in self.legal_actions()]
        if deciding == TERMINAL:
            data["result"] = self.result().to_json()
        return data

    def _view(self, seat: int | None) -> dict:
        """Game-specific part of the view: the one place where hidden information is redacted,
        the game's ``views.build_view(state, seat)``."""
        return views_room(self.config.game).build_view(self, seat)

    @abstractmethod
    def snapshot(self) -> Any:
        """Everything in the state, hidden parts included, as JSON data (tests and debugging)."""

    # -- search ----------------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State:
        """A cheap, independent copy: advancing it never changes this state."""

    # -- end -----------------------------------------------------------------------------------
    @abstractmethod
    def result(self) -> Result:
        """The final result; only meaningful when ``is_terminal()``."""


class Game(ABC):
    """A game definition: metadata, options and presets, and the adapters over its rules."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    presets: ClassVar[tuple[Preset, ...]] = ()
    default_preset: ClassVar[str] = "default"
    description: ClassVar[str] = ""
    # Record steps after which a match played online ends as a draw (a guard against options
    # or play that never end); far above any real game's length.
    max_steps: ClassVar[int] = 20_000

    def step_limit(self, config: Config) -> int:
        """How many record steps a match of ``config`` may take before it is stopped."""
        return self.max_steps

    # -- configuration --------------------------------------------------------------------------
    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.name} has no option {name!r}; known options: {known}",
                          code="no_option", game=self.name, name=name, known=known)

    def preset(self, name: str) -> Preset:
        for preset in self.presets:
            if preset.name == name:
                return preset
        known = ", ".join(p.name for p in self.presets)
        raise OptionError(f"{self.name} has no preset {name!r}; known presets: {known}",
                          code="no_preset", game=self.name, preset=name, known=known)

    def player_range(self, preset: str | None = None) -> tuple[int, int]:
        chosen = self.preset(preset or self.default_preset)
        return chosen.players or (self.min_players, self.max_players)

    def preset_options(self, name: str) -> dict[str, Any]:
        """Every option's value under a preset (defaults plus the preset's own values)."""
        values = {opt.name: opt.default for opt in self.options}
        values.update(self.preset(name).options)
        return values

    def configure(self, players: int, preset: str | None = None,
                  options: dict[str, Any] | None = None) -> Config:
        """Validate and resolve a configuration; raises :class:`OptionError` naming the problem."""
        preset_name = preset or self.default_preset
        low, high = self.player_range(preset_name)
        if not isinstance(players, int) or not low <= players <= high:
            raise OptionError(
                f"{self.title} ({preset_name}) is for {low}-{high} players, not {players}",
                code="players", game=self.name, preset=preset_name, low=low, high=high,
                players=players)
        values = self.preset_options(preset_name)
        for name, value in (options or {}).items():
            values[name] = self.option(name).validate(value)
        config = Config(self.name, players, preset_name, values)
        self.check_config(config)
        return config

    def check_config(self, config: Config) -> None:
        """Cross-option checks (override when options constrain each other)."""

    # -- rules -----------------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, config: Config) -> State:
        """The initial state of a match (often a chance node: the first shuffle)."""

    @abstractmethod
    def num_actions(self, config: Config) -> int:
        """Size of the fixed integer action space of this configuration."""

    # -- adapters ----------------------------------------------------------------------------------
    # Every game folder has the same rooms (docs/architecture.md): ``views`` (sample_world),
    # ``text`` (terminal picture and log lines), ``svg``, ``bot`` and ``cli``. The base class finds
    # them by that convention, imported only when first used, so a Game subclass holds metadata
    # and rules entry points only. A game without a room gets the default below.
    def room(self, name: str) -> ModuleType | None:
        """The game's module ``<package>.<name>`` (e.g. ``text``), or None if it has none."""
        rooms = self.__dict__.setdefault("_rooms", {})
        if name not in rooms:
            rooms[name] = self._find_room(name)
        return rooms[name]

    def _find_room(self, name: str) -> ModuleType | None:
        package = type(self).__module__.rpartition(".")[0]
        if not package:
            return None                # a game defined in a lone module has no rooms
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise                  # the room exists but something it imports does not
            return None

    # The ``migrations`` room: ``RULES`` (the rules version, 1 when the room is missing) and
    # ``MIGRATIONS``, a dict from a version to the function turning a step written under it
    # into the step of the next version, ``upgrade(state_before_the_step, step) -> step``.
    def rules_version(self) -> int:
        """The version of this game's rules that records are written under now."""
        room = self.room("migrations")
        return getattr(room, "RULES", 1) if room is not None else 1

    def record_migrations(self) -> dict[int, Any]:
        """Version -> the step upgrade from that version to the next (see ``Record``)."""
        room = self.room("migrations")
        return dict(getattr(room, "MIGRATIONS", {})) if room is not None else {}

    def sample_world(self, view: dict, rng: random.Random) -> State:
        """A full state consistent with everything ``view`` shows (and its seat has seen),
        with what the seat cannot know drawn at random with ``rng`` (``views.sample_world``)."""
        return self._required("views").sample_world(self, view, rng)

    def render_text(self, view: dict, lang: str = "en") -> Any:
        """A terminal picture of a view (a Rich renderable or a string; ``text.render_text``)."""
        text = self.room("text")
        if text is None:
            return json.dumps(view, indent=2, ensure_ascii=False)
        return text.render_text(view, lang)

    def describe_action(self, view: dict, text: str, lang: str = "en") -> str:
        """A readable menu line for a legal action, written for the view's seat
        (``text.describe_action``; defaults to the notation)."""
        room = self.room("text")
        return text if room is None else room.describe_action(view, text, lang)

    # The log's adapters get no view; ``options`` (a view's ``options``) tell them the match's
    # options, for a game whose lines depend on them (Baba Yaga's content pack). A room's
    # function or reader is given them only where it takes an ``options`` parameter
    # (``with_options``); the other games' rooms keep their signatures.
    def describe_event(self, event: dict, lang: str = "en", viewer: int | None = None,
                       names: Sequence[str] | None = None,
                       options: Mapping[str, Any] | None = None) -> str:
        """One line of the readable log for an event found in a view's ``log``, written for
        ``viewer`` ("you play the Guard"; None: a spectator) with the seats called by ``names``
        (default ``p1``, ``p2``...; ``text.describe_event``)."""
        room = self.room("text")
        if room is None:
            return str(event)
        return room.describe_event(event, lang, viewer, names,
                                   **with_options(room.describe_event, options))

    def describe_log(self, events: Sequence[dict], lang: str = "en", viewer: int | None = None,
                     names: Sequence[str] | None = None, start: int = 0,
                     options: Mapping[str, Any] | None = None) -> list[str]:
        """The readable lines of ``events[start:]`` (a view's ``log``), each written knowing
        the events before it, so that a line may point at what happened earlier ("next to
        Anna's monastery"; ``text.describe_log``; default: :meth:`describe_event` one by
        one)."""
        room = self.room("text")
        if room is not None and hasattr(room, "describe_log"):
            return [str(line) for line in room.describe_log(
                events, lang, viewer, names, start, **with_options(room.describe_log, options))]
        return [self.describe_event(event, lang, viewer, names, options)
                for event in events[start:]]

    def log_reader(self, lang: str = "en", viewer: int | None = None,
                   names: Sequence[str] | None = None,
                   options: Mapping[str, Any] | None = None) -> Callable[[Sequence], list[str]]:
        """A pass through one log in order (``text.LogReader``): ``reader(events)`` gives the
        lines of the events after those it was given before, so a frame describes only its
        new events (default: :meth:`describe_event` one by one)."""
        room = self.room("text")
        if room is not None and hasattr(room, "LogReader"):
            return room.LogReader(lang, viewer, names, **with_options(room.LogReader, options))
        return lambda events: [self.describe_event(e, lang, viewer, names, options)
                               for e in events]

    def render_svg(self, view: dict, lang: str = "en") -> str:
        """A standalone SVG picture of a view (``svg.render_svg``), its words in ``lang``.

        Clickable elements carry either a whole action's notation in ``data-action``, or one
        step key of :meth:`action_steps` in ``data-pick`` (several keys: ``a|b``); elements
        with ``data-show="k1/k2"`` are previews, shown only once those steps are chosen.

        A picture may also hold a narrow arrangement for phones: the root's
        ``data-narrow-box="x y w h"`` is its box, shown by the picture's own CSS under
        ``svg.narrow`` (the class the page adds on a board under 600 px wide;
        ``data-narrow-unit``, ``-min-unit`` and ``-min-scale`` replace the zoom hints there).
        The narrow parts are hidden by a ``display="none"`` attribute that those rules
        override, so a renderer without CSS draws the default arrangement."""
        return self._required("svg").render_svg(view, lang)

    def render_still(self, view: dict, lang: str = "en") -> str:
        """A picture of a view to save on its own (``gonets render``): :meth:`render_svg`
        with whatever the web page shows beside the board and the picture lacks
        (``svg.render_still``; default: :meth:`render_svg`)."""
        room = self._required("svg")
        return (room.render_still if hasattr(room, "render_still") else room.render_svg)(view, lang)

    def log_refs(self, event: dict, options: Mapping[str, Any] | None = None) -> list[str]:
        """What a log event refers to on the picture: keys that elements of
        :meth:`render_svg` (or of a panel's picture) carry in ``data-ref`` (several
        space-separated), so that pointing at a log line lights them (``svg.log_refs``;
        default: nothing)."""
        room = self.room("svg")
        if room is None or not hasattr(room, "log_refs"):
            return []
        return list(room.log_refs(event, **with_options(room.log_refs, options)))

    def refs_reader(self, options: Mapping[str, Any] | None = None
                    ) -> Callable[[Sequence[dict]], list[list[str]]]:
        """A pass through one log in order, as :meth:`log_reader` for its lines:
        ``reader(events)`` gives what each event after those it was given before refers to
        (``svg.RefsReader`` where a key depends on earlier events, as Love Letter's name
        their round; default: :meth:`log_refs` one by one)."""
        room = self.room("svg")
        if room is not None and hasattr(room, "RefsReader"):
            return room.RefsReader(**with_options(room.RefsReader, options))
        return lambda events: [self.log_refs(event, options) for event in events]

    # -- what a player reads and clicks ----------------------------------------------------------
    # The web client is the same for every game: it draws the picture and a score table, and
    # builds an action from clicks. Each legal action is a path of step keys (``card:guard``,
    # ``target:p2``, ``guess:priest``); the client offers the keys that continue some legal
    # action, on the picture where an element carries them and as buttons otherwise. A step
    # family whose name starts with ``~`` (``~rot``) is cycled through and then confirmed.
    def action_steps(self, view: dict, text: str) -> list[str] | list[list[str]]:
        """The clicks that make up the legal action ``text`` in ``view`` (``notation.
        action_steps``; default: one click, the notation itself). Keys hold no ``/`` or ``|``.
        Several lists: the orders the action may be clicked in, the first one canonical."""
        room = self.room("notation")
        if room is not None and hasattr(room, "action_steps"):
            return list(room.action_steps(view, text))
        return [text]

    def describe_step(self, view: dict, key: str, lang: str = "en") -> str:
        """The button label of one step key (``text.describe_step``; default: the key)."""
        room = self.room("text")
        if room is not None and hasattr(room, "describe_step"):
            return str(room.describe_step(view, key, lang))
        return key

    def prompt(self, view: dict, family: str, lang: str = "en") -> str:
        """What the seat is asked to do when the next click is a step of ``family`` (the part
        of a key before ``:``; a whole notation is its own family), e.g. "play one of your two
        cards" (``text.prompt``; default: empty, the client says "your turn")."""
        room = self.room("text")
        if room is not None and hasattr(room, "prompt"):
            return str(room.prompt(view, family, lang))
        return ""

    def scoreboard(self, view: dict, lang: str = "en") -> dict:
        """The score table of a view: ``{"columns": [label, ...], "rows": [[cell, ...] per
        seat]}`` with the game's real scores (``text.scoreboard``; default: the final scores
        once the match is over). Shown by the web page, the terminal and the replay."""
        room = self.room("text")
        if room is not None and hasattr(room, "scoreboard"):
            return room.scoreboard(view, lang)
        result = view.get("result")
        if not result:
            return {"columns": [], "rows": [[] for _ in range(view["players"])]}
        return {"columns": ["score"], "rows": [[score] for score in result["scores"]]}

    def panels(self, view: dict, lang: str = "en") -> list[dict]:
        """Side panels of a view beside the picture, each ``{"title": str, "lines": [str or
        [label, value]], "svg": optional picture}`` (the viewer's hero, the card being
        resolved...; ``svg.panels`` where the panels carry pictures that the svg room draws,
        else ``text.panels``; default: none). Only what the view shows."""
        for name in ("svg", "text"):
            room = self.room(name)
            if room is not None and hasattr(room, "panels"):
                return list(room.panels(view, lang))
        return []

    def final(self, view: dict, lang: str = "en") -> dict | None:
        """The end screen of a finished view: the ranking with each seat's score, why the
        match ended and the numbers that decided it (:mod:`gonets.core.ending`;
        ``ending.final``; None before the end and for a game without that room)."""
        room = self.room("ending")
        if not view.get("terminal") or room is None:
            return None
        return room.final(view, lang)

    def help(self, lang: str = "en") -> str:
        """How to play, in Markdown (``data/help.<lang>.md`` in the game's folder; English when
        the language has none; empty when the game has no help)."""
        package = type(self).__module__.rpartition(".")[0]
        if not package:
            return ""
        folder = resources.files(package) / "data"
        for name in (f"help.{lang}.md", "help.en.md"):
            if (folder / name).is_file():
                return (folder / name).read_text(encoding="utf-8")
        return ""

    def option_words(self, lang: str = "en") -> dict[str, dict[str, dict[str, str]]]:
        """What a player reads about each option and preset in ``lang``: ``{"options": {name:
        {"label": ..., "doc": ...}}, "presets": {name: {...}}}``, every one present.

        Read from ``data/options.<lang>.json`` in the game's folder, falling back to
        ``data/options.en.json`` and then to the definition's own name and doc. The English
        descriptions are the definitions' docs (what ``gonets rules`` prints), so the English
        file holds labels and the lobby's own words only (a preset's ``line``, an option's
        ``part``: :func:`_extra`), and each description has one source."""
        chain = [self._option_file(lang), self._option_file("en")]
        return {"options": {o.name: {**_words(chain, "options", o.name, o.doc),
                                     **_choice_words(chain, o), **_extra(chain, o.name)}
                            for o in self.options},
                "presets": {p.name: {**_words(chain, "presets", p.name, p.doc),
                                     **_extra(chain, p.name, "presets")}
                            for p in self.presets}}

    def _option_file(self, lang: str) -> dict:
        """The game's ``data/options.<lang>.json`` (read once), or {} when it has none."""
        files = self.__dict__.setdefault("_option_files", {})
        if lang not in files:
            package = type(self).__module__.rpartition(".")[0]
            path = resources.files(package) / "data" / f"options.{lang}.json" \
                if package and lang.isalpha() else None
            files[lang] = json.loads(path.read_text(encoding="utf-8")) \
                if path is not None and path.is_file() else {}
        return files[lang]

    def agents(self) -> dict[str, Any]:
        """Game-specific agent factories by name (``bot.AGENTS``: ``factory(game, config, seat,
        rng)``)."""
        bot = self.room("bot")
        return {} if bot is None else dict(bot.AGENTS)

    def cli(self) -> Any:
        """An optional Typer app of game commands (``cli.app``: ``gonets <game> ...``)."""
        commands = self.room("cli")
        return None if commands is None else commands.app

    # -- what search knows of the game ----------------------------------------------------------
    # A search agent plays out sampled worlds (states built by ``sample_world`` from its own view,
    # never the real state). The game's ``bot`` room may teach it three things; the defaults
    # below are what a game that teaches nothing gets.
    def rollout_action(self, state: State, rng: random.Random) -> int:
        """The move a playout makes in a sampled world (``bot.rollout_action``; default: a
        uniformly random legal action)."""
        bot = self.room("bot")
        if bot is not None and hasattr(bot, "rollout_action"):
            return bot.rollout_action(state, rng)
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    def rollout_done(self, start: State, state: State, moves: int) -> bool:
        """Whether a playout from ``start`` may stop at ``state`` after ``moves`` decisions and
        be scored by :meth:`evaluate` (``bot.rollout_done``; default: only at the end)."""
        bot = self.room("bot")
        if bot is not None and hasattr(bot, "rollout_done"):
            return bot.rollout_done(start, state, moves)
        return False

    def evaluate(self, state: State) -> list[float]:
        """Each seat's chance of winning from ``state``, summing to 1 (``bot.evaluate`` for a
        position that is not over; a finished match gives the winners equal shares)."""
        players = state.config.players
        if state.is_terminal():
            winners = state.result().winners           # none: everybody lost (co-op)
            return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
        bot = self.room("bot")
        if bot is not None and hasattr(bot, "evaluate"):
            return bot.evaluate(state)
        return [1.0 / players] * players

    def _required(self, name: str) -> ModuleType:
        module = self.room(name)
        if module is None:
            raise NotImplementedError(f"{self.name} has no {name} module")
        return module

    def bench_counts(self, state: State) -> dict[str, int]:
        """Extra per-match counters for ``gonets bench`` (e.g. rounds), read at the end."""
        return {}

    def match_stats(self, state: State) -> dict[str, int | float | str | bool]:
        """Per-match statistics of a finished match for the balance lab (one column each in a
        run's Parquet rows; default: :meth:`bench_counts`). Read only at the end, never shown
        to a seat, so it may use hidden information (cards held, who knocked whom out)."""
        return self.bench_counts(state)

    def progress(self, state: State) -> float | None:
        """How far a match has come by the game's own clock (tiles placed, rounds dealt), a
        number that never goes down; read after every decision for the balance lab's
        trajectories (``simulate --trajectories``: the ``progress`` column of its turns).
        Like :meth:`match_stats` never shown to a seat. Default: None (the game names no
        clock; the decision number is the only one then)."""
        return None

    def bench_steps(self, state: State) -> int | None:
        """Game-specific step count for a finished match (default: player decisions)."""
        return None


def _choice_words(chain: list[dict], option: Option) -> dict[str, list]:
    """``{"choices": [label or None per choice]}`` for an option with choices (keys in the
    files: the value as JSON without quotes, e.g. ``value``, ``true``, ``null``, ``30``); None
    where no file names one (the page then says yes/no for a flag, else the value)."""
    if option.choices is None:
        return {}
    tables = [words.get("options", {}).get(option.name, {}).get("choices", {}) for words in chain]
    keys = [c if isinstance(c, str) else json.dumps(c) for c in option.choices]
    return {"choices": [next((t[k] for t in tables if k in t), None) for k in keys]}


def _extra(chain: list[dict], name: str, kind: str = "options") -> dict[str, str]:
    """The lobby's further words where a file has them: a preset's ``line`` (one line on what
    it changes), an option's ``part`` (what each of its numbers is, ``{key}`` standing for a
    mapping's key or a list's place: "{key} players")."""
    entries = [words.get(kind, {}).get(name, {}) for words in chain]
    return {key: next(e[key] for e in entries if e.get(key))
            for key in ("line", "part") if any(e.get(key) for e in entries)}


def _words(chain: list[dict], kind: str, name: str, doc: str) -> dict[str, str]:
    """The label and doc of one option or preset: the first file of ``chain`` that has each,
    else the name itself and the definition's ``doc``."""
    entries = [words.get(kind, {}).get(name, {}) for words in chain]
    label = next((e["label"] for e in entries if e.get("label")), name)
    text = next((e["doc"] for e in entries if e.get("doc")), doc)
    return {"label": label, "doc": text}


def with_options(adapter: Callable, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``{"options": options}`` where there are options and ``adapter`` (a room's log
    function or reader) has an ``options`` parameter, else ``{}``: a room written without
    them is called as before."""
    return {"options": options} if options is not None and _takes_options(adapter) else {}


@cache
def _takes_options(adapter: Callable) -> bool:
    try:
        return "options" in inspect.signature(adapter).parameters
    except (TypeError, ValueError):        # a builtin or a callable without a signature
        return False
