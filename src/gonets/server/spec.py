"""A request to open a table, validated: game, players, preset, options, seats, pace, seed.

Every refusal is a :class:`TableError` whose message names the field at fault.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from gonets.agents import agent_names
from gonets.agents.levels import NAMES as LEVELS
from gonets.agents.registry import STUDY_ONLY, level_rank
from gonets.core import GonetsError, IllegalAction, get_game
from gonets.core.botnames import bot_seat
from gonets.core.errors import OptionError

MAX_BOT_DELAY = 30.0
MAX_TURN_SECONDS = 72 * 3600.0     # three days: a game played over days
ABSENT_RULES = ("bot", "drop", "end")   # what happens when a decision's deadline passes
SEED_LIMIT = 2**53              # as wide as the core's own draw: not searchable from a hand


class TableError(GonetsError):
    """A request a table refuses; the message is shown to the one client that sent it.

    ``code`` is stable (the client shows its own words for it, from the page's catalogue
    ``error.<code>``, with ``params`` filled in; the English ``message`` is the fallback)."""

    def __init__(self, message: str, code: str = "refused", **params: Any):
        super().__init__(message)
        self.code = code
        self.params = params


def error_fields(exc: Exception) -> dict[str, Any]:
    """What a client is told about a refusal: ``message``, a stable ``code`` and its
    ``params``. The codes are the server's (a :class:`TableError`'s); the core's own codes
    word the command line (:mod:`gonets.cli_errors`), so any other error is ``refused`` (or
    an ``illegal_action``) with, of the core's params, an option's bounds only."""
    if isinstance(exc, TableError):
        return {"message": str(exc), "code": exc.code or "refused", "params": dict(exc.params)}
    code = "illegal_action" if isinstance(exc, IllegalAction) else "refused"
    params = getattr(exc, "params", {})
    return {"message": str(exc), "code": code,
            "params": {key: params[key] for key in ("low", "high", "part") if key in params}}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh seat secret (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


@dataclass
class TableSpec:
    """A validated request to open a table."""

    game: str
    players: int
    preset: str
    options: dict[str, Any]
    seats: list[dict]
    bot_delay: float
    turn_seconds: float | None
    seed: int
    creator_seat: int | None = None       # the human seat whose secret the creator gets
    creator_name: Any = None
    hints: bool = False                   # players may ask a search for their best moves
    rated: bool = False                   # accounts only; the result changes their ratings
    absent: str = "bot"                   # when the deadline passes: bot, drop or end
    private: bool = False                 # seen only by its creator, invited and seated
    invite: list[str] | None = None       # user names invited (friends of the creator)


def parse_spec(data: Any, default_bot_delay: float, fixed_seeds: bool = False,
               max_level: str = "expert") -> TableSpec:
    """Validate a create-table request; :class:`TableError` names the first problem.
    ``max_level``: the strongest bot level this server offers (``gonets serve --max-level``)."""
    if not isinstance(data, dict):
        raise TableError("send a JSON object describing the table", "bad_request")
    name = data.get("game")
    if not isinstance(name, str):
        raise TableError("choose a game ('game')", "bad_field", field="game")
    try:
        game = get_game(name)
    except OptionError as exc:
        raise TableError(str(exc), "no_game", game=name[:40]) from None
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise TableError(f"'players' must be a whole number, not {shown(players)}",
                         "not_whole", field="players")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise TableError("'options' must be an object of option values", "bad_value",
                         field="options")
    preset = data.get("preset") or None
    if preset is not None and not isinstance(preset, str):
        raise TableError("'preset' must be a preset's name (text)", "bad_value", field="preset")
    check_known(game, preset, options)
    check_players(game, players, preset)
    for option, value in options.items():       # each one the game has (check_known)
        known = game.option(option)
        if known.local and value != known.default:
            raise TableError(f"option {option!r} names something on the machine that runs "
                             "the game; a server does not take it (use the command line or "
                             "the lab)", "option_value", option=option)
        try:
            check_type(f"option {option!r}", value, known.default)
        except TableError as exc:
            raise option_refusal(str(exc), option, known.out_of_bounds(value)) from None
    try:
        config = game.configure(players, preset, options)
    except OptionError as exc:
        if exc.option is None:             # rules that do not go together (check_config)
            raise TableError(str(exc), "bad_rules") from None
        raise option_refusal(str(exc), exc.option, exc.params) from None
    except (GonetsError, TypeError) as exc:
        raise TableError(str(exc), "bad_rules") from None
    seats = parse_seats(game, data.get("seats"), config.players, max_level)
    bot_delay = number(data.get("bot_delay"), "bot_delay", 0.0, MAX_BOT_DELAY, default_bot_delay)
    turn_seconds = number(data.get("turn_seconds"), "turn_seconds", 1.0, MAX_TURN_SECONDS, None)
    seed = parse_seed(data.get("seed"), seats, fixed_seeds)
    creator = creator_seat(data.get("seat"), seats)
    hints = data.get("hints", False)
    if not isinstance(hints, bool):
        raise TableError(f"'hints' must be true or false, not {shown(hints)}", "not_flag",
                         field="hints")
    rated = data.get("rated", False)
    if not isinstance(rated, bool):
        raise TableError(f"'rated' must be true or false, not {shown(rated)}", "not_flag",
                         field="rated")
    if rated and any(seat["kind"] != "human" for seat in seats):
        raise TableError("a rated table seats people only: no bots", "rated_no_bots")
    if hints and LEVELS.index(max_level) < LEVELS.index(HINT_LEVEL):
        raise TableError(f"this server offers no hints (its bots stop at {max_level!r}, and a "
                         f"hint is a {HINT_LEVEL!r} search)", "hints_above_max_level",
                         level=max_level)
    if rated and hints:
        raise TableError("a rated table has no hints (a search would play for you)",
                         "rated_no_hints")
    if rated and turn_seconds is None:     # else one player could stall the game for ever
        raise TableError("a rated table needs a turn timer ('turn_seconds')",
                         "rated_needs_timer")
    # at a rated table, running out of time abandons the game (a loss), as on Board Game Arena
    absent = data.get("absent", "drop" if rated else "bot")
    if absent not in ABSENT_RULES:
        raise TableError(f"'absent' must be one of {', '.join(ABSENT_RULES)}, not "
                         f"{shown(absent)}", "bad_absent", value=str(absent)[:40])
    if rated and absent == "bot":          # a bot must not play a rated game for anyone
        raise TableError("at a rated table a player who runs out of time is dropped or the "
                         "game ends ('absent': drop or end), never played by a bot",
                         "rated_absent_bot")
    if absent != "bot" and turn_seconds is None:
        raise TableError(f"'absent': {absent!r} needs a turn timer ('turn_seconds')",
                         "absent_needs_timer", rule=absent)
    private, invite = parse_private(data, config.players)
    return TableSpec(game.name, config.players, config.preset, dict(config.options), seats,
                     bot_delay, turn_seconds, seed, creator, data.get("name"), hints, rated,
                     absent, private=private, invite=invite)


def parse_private(data: dict, players: int) -> tuple[bool, list[str]]:
    """``private`` (true or false) and ``invite``: at most ``players - 1`` user names, each
    once (checked against the accounts when the table is made)."""
    private = data.get("private", False)
    if not isinstance(private, bool):
        raise TableError(f"'private' must be true or false, not {shown(private)}", "not_flag",
                         field="private")
    invite = data.get("invite")
    if invite is None:
        return private, []
    if not isinstance(invite, list) or not all(isinstance(n, str) and n.strip()
                                               for n in invite):
        raise TableError("'invite' must be a list of user names", "bad_invite")
    if len(invite) > players - 1:
        raise TableError(f"'invite' may name at most {players - 1} users (the other seats)",
                         "too_many_invites", max=players - 1)
    if any(len(name) > 64 for name in invite):
        raise TableError("'invite': a user name has at most 64 characters", "bad_invite")
    if len({name.strip().casefold() for name in invite}) != len(invite):
        raise TableError("'invite' names somebody twice", "bad_invite")
    return private, [name.strip() for name in invite]


def check_known(game: Any, preset: str | None, options: dict) -> None:
    """A preset and rule options the game has (``bad_value`` naming the rule set,
    ``unknown_option`` naming the option), before the configuration checks their values."""
    try:
        if preset is not None:
            game.preset(preset)
    except OptionError as exc:
        raise TableError(str(exc), "bad_value", field="preset") from None
    for option in options:
        try:
            game.option(option)
        except OptionError as exc:
            raise TableError(str(exc), "unknown_option", name=str(option)[:40]) from None


def check_players(game: Any, players: int, preset: str | None) -> None:
    """A player count within the preset's range (an unknown preset is the configuration's
    to refuse)."""
    if preset is not None and not any(p.name == preset for p in game.presets):
        return
    low, high = game.player_range(preset)
    if not low <= players <= high:
        raise TableError(f"{game.title} ({preset or game.default_preset}) is for {low}-{high} "
                         f"players, not {players}", "bad_players", low=low, high=high)


def option_refusal(message: str, option: str, bounds: dict[str, Any]) -> TableError:
    """A refused value of a rule option, said so that a page can word it with the option's
    label: ``option_range`` with ``low``, ``high`` and ``part`` (which of its numbers, when
    it has several) for a number out of the option's bounds, ``option_value`` otherwise."""
    if "low" not in bounds:
        return TableError(message, "option_value", option=option)
    params = {key: bounds[key] for key in ("low", "high", "part") if bounds.get(key) is not None}
    return TableError(message, "option_range", option=option, **params)


KINDS = ((bool, "true or false"), (int, "a whole number"), (float, "a number"),
         (str, "text"), (list, "a list"), (dict, "an object"))


def shown(value: Any) -> str:
    """A value as JSON, cut short: error messages quote what was sent."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def kind_of(value: Any) -> tuple[type, str]:
    return next(kind for kind in KINDS if isinstance(value, kind[0]))


def check_type(what: str, value: Any, like: Any) -> None:
    """``value`` must be of the JSON kind of ``like`` (an option's default): true/false is
    not a number, ``30.0`` is not a whole number, ``1`` is not true; lists and objects are
    checked element by element against the default's first element."""
    if like is None:
        return
    kind, words = kind_of(like)
    if kind is float:
        fits = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif kind is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    else:
        fits = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    if not fits:
        raise TableError(f"{what} must be {words}, not {shown(value)}", "bad_value", field=what)
    if kind is dict and like:
        sample = next(iter(like.values()))
        for key, item in value.items():
            check_type(f"{what}[{key!r}]", item, sample)
    elif kind is list and like:
        for index, item in enumerate(value):
            check_type(f"{what}[{index}]", item, like[0])


def parse_seed(seed: Any, seats: list[dict], fixed_seeds: bool) -> int:
    humans = sum(seat["kind"] == "human" for seat in seats)
    if seed is not None and humans > 1 and not fixed_seeds:
        raise TableError("a chosen 'seed' is refused at a table with several human seats: "
                         "whoever chose it could work out every deal; leave it out",
                         "seed_refused")
    if seed is None:
        return secrets.randbelow(SEED_LIMIT)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise TableError(f"'seed' must be a whole number from 0 to {SEED_LIMIT - 1}",
                         "bad_number", field="seed", low=0, high=SEED_LIMIT - 1)
    return seed


def creator_seat(value: Any, seats: list[dict]) -> int | None:
    """The seat the creator sits in: ``seat`` when given, else the first human seat."""
    humans = [index for index, seat in enumerate(seats) if seat["kind"] == "human"]
    if value is None:
        return humans[0] if humans else None
    if not isinstance(value, int) or isinstance(value, bool) or value not in humans:
        shown = ", ".join(str(i) for i in humans) or "none"
        raise TableError(f"'seat' must be the index of a human seat ({shown})", "creator_seat")
    return value


def number(value: Any, name: str, low: float, high: float, default: float | None) -> Any:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise TableError(f"'{name}' must be a number from {low:g} to {high:g}", "bad_number",
                         field=name, low=low, high=high)
    return float(value)


def parse_seats(game: Any, seats: Any, players: int, max_level: str = "expert") -> list[dict]:
    if seats is None:
        seats = [{"kind": "human"}] * players
    if not isinstance(seats, list) or len(seats) != players:
        raise TableError(f"'seats' must list {players} seats (one per player)", "bad_seats",
                         count=players)
    known = offered_agents(game, max_level)
    fallback = "heuristic" if "heuristic" in known else "random"
    parsed = []
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise TableError(f"seat p{index + 1}: give an object such as {{\"kind\": \"human\"}}",
                             "bad_seat", seat=index + 1)
        kind = seat.get("kind")
        if kind == "human":
            parsed.append({"kind": "human", "name": None, "fallback": fallback})
        elif kind == "bot":
            agent = seat.get("agent", "random")
            if isinstance(agent, str) and agent in agent_names(game) and agent not in known \
                    and agent not in STUDY_ONLY:
                raise TableError(f"seat p{index + 1}: this server offers bots up to "
                                 f"{max_level!r}, and {agent!r} is stronger",
                                 "bot_above_max_level", seat=index + 1, agent=agent,
                                 level=max_level)
            if not isinstance(agent, str) or agent not in known:
                raise TableError(f"seat p{index + 1}: unknown bot {agent!r}; "
                                 f"known bots: {', '.join(known)}", "unknown_bot",
                                 seat=index + 1, agent=str(agent)[:40])
            parsed.append(bot_seat(agent, index))     # "Vera · hard bot": its own name
        else:
            raise TableError(f"seat p{index + 1}: 'kind' must be 'human' or 'bot'", "bad_seat",
                             seat=index + 1)
    return parsed


HINT_LEVEL = "hard"
"""The level whose search ranks a hint's moves (``bots.rank_moves``)."""


def offered_agents(game, max_level: str = "expert") -> list[str]:
    """The bots a table of ``game`` may seat: none above ``max_level`` (by
    :func:`level_rank`), and none for study configurations only."""
    top = LEVELS.index(max_level)
    return [name for name in agent_names(game)
            if name not in STUDY_ONLY and level_rank(game, name) <= top]
