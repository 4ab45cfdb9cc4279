"""Carcassonne: what each message tile of The Messengers does, by leaving it out.

Seed ``seed + i`` is played with the whole stack and once more for every message tile ``m``
studied, with the study option ``messengers.remove_message=m`` (Carcassonne's RULES.md): the
same tile pile, the same order of the other seven messages, the same bots with the same
generators, seated as ``gonets simulate --seed`` seats them (rotated ``i`` places). So each seed
gives one paired difference per tile and measure: the match without the tile minus the match
with all eight. The matches are those of ``gonets simulate carcassonne -o
messengers.remove_message=m --seed S`` match for match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gonets.agents import make_agent
from gonets.agents.base import decide, seat_views
from gonets.core.errors import OptionError
from gonets.core.match import Match
from gonets.core.options import Config
from gonets.core.registry import get_game
from gonets.lab.counterfactual import estimate_json, mean_of, paired
from gonets.lab.plan import LabPlan

TILES = (1, 2, 3, 4, 5, 6, 7, 8)
OPTION = "messengers.remove_message"
MEASURES = ("total", "spread", "first_seat_win", "messages", "message_points", "decisions")
"""Per match: the total score of all seats, the spread (best minus worst), whether seat p1
won (a shared win counts), messages drawn, points the messages gave (seals included) and
player decisions."""


@dataclass(frozen=True)
class MessageStudy:
    """What a message study plays: the configuration (with The Messengers, no tile removed),
    one bot per seat, the number of seeds, the first seed and the tiles studied."""

    config: Config
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    tiles: tuple[int, ...] = TILES

    def __post_init__(self) -> None:
        check_study(self)

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config.to_json(), "bots": list(self.bots), "games": self.games,
                "seed": self.seed, "tiles": list(self.tiles)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MessageStudy:
        c = data["config"]
        config = Config(c["game"], c["players"], c["preset"], dict(c["options"]))
        return cls(config, tuple(data["bots"]), data["games"], data["seed"],
                   tuple(data["tiles"]))


def check_study(study: MessageStudy) -> None:
    """Refuse a study that cannot be played, naming the problem (``OptionError``)."""
    config = study.config
    if config.game != "carcassonne":
        raise OptionError(f"the message study is for carcassonne, not {config.game}")
    if not config["messengers"]:
        raise OptionError(f"preset {config.preset!r} plays without The Messengers "
                          "(messengers=false): there is no message stack to take a tile from")
    if config[OPTION] is not None:
        raise OptionError(f"the study removes each tile itself; leave {OPTION} out "
                          f"(it is {config[OPTION]!r})")
    if len(study.bots) != config.players:
        raise OptionError(f"{len(study.bots)} bots for {config.players} seats")
    if not isinstance(study.games, int) or study.games < 1:
        raise OptionError(f"games must be a whole number from 1 up, not {study.games!r}")
    if not study.tiles:
        raise OptionError("no message tile to study")
    for tile in study.tiles:
        if tile not in TILES:
            raise OptionError(f"message tile {tile!r} does not exist; the tiles are 1 to 8")
    if len(set(study.tiles)) != len(study.tiles):
        raise OptionError(f"a message tile is named twice in {list(study.tiles)}")


def parse_tiles(text: str | None) -> tuple[int, ...]:
    """``"1,4,8"`` -> (1, 4, 8); None or empty: all eight. Names a word that is no tile."""
    if not text or not text.strip():
        return TILES
    tiles = []
    for word in text.split(","):
        word = word.strip()
        if not word.isdigit() or int(word) not in TILES:
            raise OptionError(f"message tile {word!r} does not exist; the tiles are 1 to 8 "
                              "(e.g. --tiles 1,4,8)")
        tiles.append(int(word))
    return tuple(tiles)


def without(config: Config, tile: int | None) -> Config:
    """``config`` with message tile ``tile`` left out of the stack (None: as it is)."""
    if tile is None:
        return config
    game = get_game(config.game)
    options = {**config.options, OPTION: tile}
    return game.configure(config.players, config.preset, options)


def measure(config: Config, bots: Sequence[str], seed: int) -> dict[str, float]:
    """Play one seeded match as the lab plays it (:func:`gonets.lab.play.play`: the same
    agents and seeds) and return its :data:`MEASURES`."""
    game = get_game(config.game)
    agents = [make_agent(name, game, config, seat, seed) for seat, name in enumerate(bots)]
    match = Match(game, config, seed=seed)
    match.deal()
    state, views, decisions = match.state, seat_views(game, config.players), 0
    while not state.is_terminal():
        seat = state.current_player()
        match.act(seat, decide(agents[seat], state, seat, state.legal_actions(), views))
        decisions += 1
    scores = state.result().scores
    log = state.log
    return {"total": float(sum(scores)), "spread": float(max(scores) - min(scores)),
            "first_seat_win": float(0 in state.result().winners),
            "messages": float(sum(e["type"] == "message" for e in log)),
            "message_points": float(sum(e.get("points", 0) for e in log
                                        if e["type"] == "message_result")),
            "decisions": float(decisions)}


def seed_task(item: tuple[dict[str, Any], int]) -> dict[str, Any]:
    """Seed ``seed + index`` with the whole stack and without each studied tile (a worker
    task; the study comes as JSON): ``{"seed", "all": measures, "without": {tile: ...}}``."""
    data, index = item
    study = MessageStudy.from_json(data)
    plan = LabPlan(study.config, study.bots, study.games, seed=study.seed)
    seating, seed = plan.seating(index), study.seed + index
    return {"seed": seed, "all": measure(study.config, seating, seed),
            "without": {str(tile): measure(without(study.config, tile), seating, seed)
                        for tile in study.tiles}}


def tile_table(study: MessageStudy, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The means with the whole stack, and per tile the share of seeds whose match it changed
    at all and the paired difference of every measure (without the tile minus with all 8)
    with its 95% interval over the seeds."""
    base = {name: [r["all"][name] for r in records] for name in MEASURES}
    rows = []
    for tile in study.tiles:
        alone = {name: [r["without"][str(tile)][name] for r in records] for name in MEASURES}
        changed = sum(r["without"][str(tile)] != r["all"] for r in records) / len(records)
        rows.append({"tile": tile, "changed": changed,
                     **{name: estimate_json(paired(name, base[name], alone[name]))
                        for name in MEASURES}})
    return {"all": {name: estimate_json(mean_of(name, values)) for name, values in base.items()},
            "tiles": rows}
