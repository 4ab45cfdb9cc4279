"""Post-game review: every decision of one seat in a record, judged by a search that reads
nothing but that seat's view at that moment.

For each decision the reviewer (a level or ``ismcts``, an iteration budget, so a review is
the same on any machine) ranks the legal moves as :func:`gonets.agents.hints.hints` does. The
seat's win chance *before* the decision is the value of the reviewer's best move; *after* is
the value of the move played. The drop between them marks the move: an inaccuracy from
:data:`MARKS`' smallest drop, a mistake, a blunder. A played move the search visited fewer
than :data:`FEW_VISITS` times is judged on those few playouts, and says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gonets.agents.hints import hints
from gonets.core.errors import OptionError
from gonets.core.record import Record, apply_step, seat_names
from gonets.core.registry import get_game

MARKS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A played move whose win chance lies this far below the best move's, largest first."""
FEW_VISITS = 10


@dataclass(frozen=True)
class Decision:
    """One judged decision: the record step, what was played and what the reviewer liked."""

    step: int
    played: str
    best: str
    said: tuple[str, str]            # the played and the best move described in words
    before: float
    after: float
    visits: int
    choices: int

    @property
    def drop(self) -> float:
        return max(0.0, self.before - self.after) if self.played != self.best else 0.0

    @property
    def mark(self) -> str | None:
        return next((name for name, drop in MARKS if self.drop >= drop), None)

    def to_json(self) -> dict:
        return {"step": self.step, "played": self.played, "best": self.best,
                "said": list(self.said),
                "before": round(self.before, 4), "after": round(self.after, 4),
                "drop": round(self.drop, 4), "mark": self.mark, "visits": self.visits,
                "choices": self.choices, "few_visits": self.visits < FEW_VISITS}


@dataclass(frozen=True)
class Review:
    """The review of one seat of a record."""

    game: str
    seat: int
    level: str
    lang: str
    names: list[str]
    decisions: list[Decision]

    def counts(self) -> dict[str, int]:
        return {name: sum(1 for d in self.decisions if d.mark == name) for name, _ in MARKS}

    def to_json(self) -> dict:
        return {"game": self.game, "seat": self.seat + 1, "level": self.level, "lang": self.lang,
                "names": self.names, "marks": self.counts(),
                "decisions": [d.to_json() for d in self.decisions]}


def review(record: Record, seat: int, level: str = "hard", lang: str = "en",
           on_decision: Callable[[int, int], None] | None = None) -> Review:
    """Judge every decision of ``seat`` (0-based) with more than one legal move, moves
    described in ``lang``. ``on_decision(done, total)`` is told after each one."""
    if not 0 <= seat < record.players:
        raise OptionError(f"--seat must be between 1 and {record.players}")
    game = get_game(record.game)
    state = record.initial_state()
    todo = _decisions_of(record, seat)
    judged: list[Decision] = []
    for index, step in enumerate(record.steps):
        if index in todo:
            view, legal = state.view(seat), state.legal_actions()
            ranked = hints(game, view, legal, level, seed=f"review:{record.seed}:{index}")
            played, best = next(c for c in ranked if c.text == step["action"]), ranked[0]
            said = (game.describe_action(view, played.text, lang),
                    game.describe_action(view, best.text, lang))
            judged.append(Decision(index, played.text, best.text, said, best.value,
                                   played.value, played.visits, len(ranked)))
            if on_decision is not None:
                on_decision(len(judged), len(todo))
        apply_step(state, step, index)
    names = seat_names(record.seats or [{} for _ in range(record.players)])
    return Review(game.name, seat, level, lang, names, judged)


def _decisions_of(record: Record, seat: int) -> set[int]:
    """The steps at which ``seat`` chose among more than one legal move."""
    state = record.initial_state()
    found = set()
    for index, step in enumerate(record.steps):
        if "action" in step and state.current_player() == seat and \
                step.get("seat", seat) == seat and len(state.legal_actions()) > 1:
            found.add(index)
        apply_step(state, step, index)
    return found
