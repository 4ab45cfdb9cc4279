"""Post-game review: every decision of one seat in a record, judged by a search that reads
nothing but that seat's view at that moment.

For each decision the reviewer (a level or ``ismcts``, an iteration budget and no clock, so
a review is the same on any machine, the server's included) ranks the legal moves as
:func:`gonets.agents.hints.hints` does. The seat's win chance *before* the decision is the
value of the reviewer's best move; *after* is the value of the move played. The drop between
them marks the move: an inaccuracy from :data:`MARKS`' smallest drop, a mistake, a blunder. A
played move the search visited fewer than :data:`FEW_VISITS` times is judged on those few
playouts, and says so.

The numbers of a review do not depend on the language: the server stores them once and words
them (:func:`worded`) in the language of whoever reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from gonets.agents.hints import hints
from gonets.core.errors import OptionError, RecordError
from gonets.core.game import Game, State
from gonets.core.record import Record, apply_step, seat_names
from gonets.core.registry import get_game

MARKS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A played move whose win chance lies this far below the best move's, largest first."""
FEW_VISITS = 10


@dataclass(frozen=True)
class Decision:
    """One judged decision: the record step, what was played and what the reviewer liked,
    and (once worded) both moves described in words."""

    step: int
    played: str
    best: str
    before: float
    after: float
    visits: int
    choices: int
    said: tuple[str, str] = ("", "")

    @property
    def drop(self) -> float:
        return max(0.0, self.before - self.after) if self.played != self.best else 0.0

    @property
    def mark(self) -> str | None:
        return next((name for name, drop in MARKS if self.drop >= drop), None)

    def to_json(self) -> dict:
        return {"step": self.step, "played": self.played, "best": self.best,
                "before": round(self.before, 4), "after": round(self.after, 4),
                "drop": round(self.drop, 4), "mark": self.mark, "visits": self.visits,
                "choices": self.choices, "few_visits": self.visits < FEW_VISITS,
                "said": list(self.said)}

    @classmethod
    def from_json(cls, data: dict) -> Decision:
        return cls(int(data["step"]), data["played"], data["best"], float(data["before"]),
                   float(data["after"]), int(data["visits"]), int(data["choices"]))


@dataclass(frozen=True)
class Review:
    """The review of one seat of a record."""

    game: str
    seat: int
    level: str
    names: list[str]
    decisions: list[Decision]
    lang: str = "en"

    def counts(self) -> dict[str, int]:
        return {name: sum(1 for d in self.decisions if d.mark == name) for name, _ in MARKS}

    def to_json(self) -> dict:
        return {"game": self.game, "seat": self.seat + 1, "level": self.level, "lang": self.lang,
                "names": self.names, "marks": self.counts(),
                "decisions": [d.to_json() for d in self.decisions]}

    @classmethod
    def from_json(cls, data: dict) -> Review:
        return cls(data["game"], int(data["seat"]) - 1, data["level"], list(data["names"]),
                   [Decision.from_json(d) for d in data["decisions"]])


def choices_of(record: Record, seat: int) -> Iterator[tuple[int, State]]:
    """``(step, state before it)`` for every step at which ``seat`` chose among more than one
    legal move (the state is the replay's own: read it before asking for the next)."""
    if not 0 <= seat < record.players:
        raise OptionError(f"--seat must be between 1 and {record.players}", code="seat",
                          players=record.players)
    state = record.initial_state()
    for index, step in enumerate(record.steps):
        if "action" in step and state.current_player() == seat and \
                step.get("seat", seat) == seat and len(state.legal_actions()) > 1:
            yield index, state
        apply_step(state, step, index)


def judge(game: Game, view: dict, legal, played: str, level: str, seed: str,
          step: int) -> Decision:
    """One decision: the reviewer's ranking of ``legal`` from ``view`` alone; ``played`` in
    the notation of ``view["legal"]`` (see :func:`played_text`)."""
    ranked = hints(game, view, legal, level, seed=seed)
    chosen = next((c for c in ranked if c.text == played), None)
    if chosen is None:
        raise RecordError(f"step {step}: {played!r} is not one of the moves the seat had",
                          code="record_no_replay")
    best = ranked[0]
    return Decision(step, chosen.text, best.text, best.value, chosen.value, chosen.visits,
                    len(ranked))


def review(record: Record, seat: int, level: str = "hard", lang: str = "en",
           on_decision: Callable[[int, int], None] | None = None) -> Review:
    """Judge every decision of ``seat`` (0-based) with more than one legal move, the moves
    worded in ``lang``. ``on_decision(done, total)`` is told after each one."""
    game = get_game(record.game)
    total = sum(1 for _ in choices_of(record, seat))
    judged = []
    for step, state in choices_of(record, seat):
        view = state.view(seat)
        decision = judge(game, view, state.legal_actions(), played_text(record, step, state),
                         level, seed_of(record, step), step)
        judged.append(replace(decision, said=words_for(game, view, decision, lang)))
        if on_decision is not None:
            on_decision(len(judged), total)
    return Review(game.name, seat, level, names_of(record, lang), judged, lang)


def played_text(record: Record, step: int, state: State) -> str:
    """The move of ``step`` in the state's own notation (a record may spell it otherwise:
    other case, other spacing)."""
    return state.action_to_text(state.text_to_action(record.steps[step]["action"]))


def seed_of(record: Record, step: int) -> str:
    """The reviewer's seed at ``step`` of ``record`` (the same review every time)."""
    return f"review:{record.seed}:{step}"


def names_of(record: Record, lang: str = "en") -> list[str]:
    """What the record's seats are called in ``lang`` (``p1``, ``p2``... when it names none)."""
    return seat_names(record.seats or [{} for _ in range(record.players)], lang)


def words_for(game: Game, view: dict, decision: Decision, lang: str) -> tuple[str, str]:
    return (game.describe_action(view, decision.played, lang),
            game.describe_action(view, decision.best, lang))


def worded(review_: Review, record: Record, lang: str) -> Review:
    """``review_`` with its moves described and its seats named in ``lang`` (read from the
    seat's views and the record)."""
    game = get_game(record.game)
    views = {step: state.view(review_.seat) for step, state in choices_of(record, review_.seat)}
    decisions = [replace(d, said=words_for(game, views[d.step], d, lang))
                 for d in review_.decisions]
    return replace(review_, names=names_of(record, lang), decisions=decisions, lang=lang)
