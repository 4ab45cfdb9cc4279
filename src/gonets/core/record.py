"""Match records: a versioned JSON document with the game, its configuration, the seats,
every random outcome and every action, in order. See docs/records.md.

A record also names the version of its game's rules it was played under (``rules``; a record
that names none was written before versions were kept: version 1). A replay brings an older
record up to the game's current rules step by step, through the game's record migrations
(``Game.record_migrations``): each one turns a step written under one version into the step
that means the same move under the next, looking at the state before it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gonets.core.botnames import display_names
from gonets.core.errors import GonetsError, IllegalAction, RecordError
from gonets.core.game import CHANCE, TERMINAL, State
from gonets.core.registry import get_game

FORMAT = "gonets-record"
VERSION = 1


@dataclass
class Record:
    """One match: configuration, seats, steps (``{"chance": ...}`` or ``{"seat", "action"}``)."""

    game: str
    players: int
    preset: str
    options: dict[str, Any]
    seats: list[dict] = field(default_factory=list)
    seed: int | None = None
    steps: list[dict] = field(default_factory=list)
    result: dict | None = None
    rules: int | None = None          # the game's rules version (None: the current one)

    def to_json(self) -> dict:
        data = {"format": FORMAT, "version": VERSION, "game": self.game, "players": self.players,
                "preset": self.preset, "options": self.options, "seats": self.seats,
                "seed": self.seed, "steps": self.steps,
                "rules": self.rules or get_game(self.game).rules_version()}
        if self.result is not None:
            data["result"] = self.result
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
        return path

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object", code="record_not_record")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a gonets record: 'format' must be {FORMAT!r}",
                              code="record_not_record")
        if data.get("version") != VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported "
                              f"(this gonets reads version {VERSION})",
                              code="record_not_record")
        for key, kind in (("game", str), ("players", int), ("steps", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"record field {key!r} is missing or not a {kind.__name__}",
                                  code="record_not_record")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("record field 'options' must be an object",
                              code="record_not_record")
        return cls(game=data["game"], players=data["players"],
                   preset=data.get("preset") or get_game(data["game"]).default_preset,
                   options=options, seats=list(data.get("seats") or []), seed=data.get("seed"),
                   steps=data["steps"], result=data.get("result"),
                   rules=rules_of(data))

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """The record in the file at ``path``; a :class:`RecordError` (its ``path`` among
        its params) says why it cannot be read, is not JSON or is not a record."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}",
                              code="record_unreadable", path=str(path),
                              errno=exc.errno) from None
        except UnicodeDecodeError as exc:      # JSON is UTF-8 text
            raise RecordError(f"record {path} is not valid JSON: {exc}",
                              code="record_not_json", path=str(path)) from None
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise RecordError(f"record {path} is not valid JSON: {exc}",
                              code="record_not_json", path=str(path)) from None
        try:
            return cls.from_json(data)
        except RecordError as exc:
            exc.params.setdefault("path", str(path))
            raise

    # -- replay ------------------------------------------------------------------------------------
    def initial_state(self) -> State:
        game = get_game(self.game)
        try:
            config = game.configure(self.players, self.preset, self.options)
        except GonetsError as exc:
            raise RecordError(f"record configuration is invalid: {exc}",
                              code="record_no_replay") from None
        return game.new_state(config)

    def replay(self, upto: int | None = None, verify: bool = True) -> State:
        """Re-apply the first ``upto`` steps (all by default), checking each one; with ``verify``
        and a complete replay, also check the stored result (unless the match was stopped
        before its end: ``result.detail.stopped`` says why). A record of older rules is
        migrated on the way: a complete replay leaves its steps and ``rules`` current.
        Raises :class:`RecordError`."""
        state = self.initial_state()
        game = get_game(self.game)
        current = game.rules_version()
        written = self.rules or current
        if written > current:
            raise RecordError(f"the record was played under {game.title}'s rules version "
                              f"{written}; this gonets knows versions up to {current}",
                              code="record_no_replay")
        upgrades = [game.record_migrations()[version] for version in range(written, current)]
        steps = self.steps if upto is None else self.steps[:upto]
        migrated = []
        for index, step in enumerate(steps):
            for upgrade in upgrades:
                step = upgrade(state, step)
            apply_step(state, step, index)
            migrated.append(step)
        if upto is None and upgrades:
            self.steps, self.rules = migrated, current
        stopped = bool(self.result and (self.result.get("detail") or {}).get("stopped"))
        if verify and upto is None and self.result is not None and not stopped:
            if not state.is_terminal():
                raise RecordError("record has a result but the match is not over after its "
                                  "steps", code="record_no_replay")
            actual = state.result().to_json()
            if actual["winners"] != self.result.get("winners") or \
                    actual["scores"] != self.result.get("scores"):
                raise RecordError(f"replayed result {actual['scores']} winners "
                                  f"{actual['winners']} differs from the record's "
                                  f"{self.result.get('scores')} winners "
                                  f"{self.result.get('winners')}", code="record_no_replay")
        return state


def rules_of(data: dict) -> int:
    """The rules version a record's JSON names (1 when it names none)."""
    rules = data.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
        raise RecordError(f"record field 'rules' must be a whole number from 1, not {rules!r}",
                          code="record_not_record")
    return rules


def seat_names(seats: list[dict], lang: str = "en") -> list[str]:
    """What logs call each seat in ``lang``: a person by their chosen name, else ``p1``,
    ``p2``...; a bot by its person-name and level, "Vera · hard bot"
    (:mod:`gonets.core.botnames`)."""
    return display_names(seats, lang)


def apply_step(state: State, step: Any, index: int = 0) -> None:
    """Apply one record step to ``state``; errors name the step."""
    if not isinstance(step, dict):
        raise RecordError(f"step {index}: must be an object, got {step!r}",
                          code="record_no_replay")
    deciding = state.current_player()
    try:
        if "chance" in step:
            if deciding != CHANCE:
                raise IllegalAction("a random outcome is given but no random event is pending")
            state.apply_chance(step["chance"])
        elif "action" in step:
            if deciding == TERMINAL:
                raise IllegalAction("the match is already over")
            seat = step.get("seat", deciding)
            if not isinstance(step["action"], str):
                raise IllegalAction("'action' must be a text notation")
            state.act(seat, state.text_to_action(step["action"]))
        else:
            raise IllegalAction("a step needs 'chance' or 'action'")
    except IllegalAction as exc:
        raise RecordError(f"step {index} {json.dumps(step, ensure_ascii=False)}: {exc}",
                          code="record_no_replay") from None
