"""One match of a plan, played and turned into one flat row (the Parquet schema of a run)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from gonets.agents import make_agent
from gonets.agents.base import Agent, seat_views
from gonets.agents.base import decide as decide_move
from gonets.core.game import Game, Result, State
from gonets.core.match import Match
from gonets.core.registry import get_game
from gonets.lab.plan import LabPlan
from gonets.lab.trajectory import TURNS_KEY, TurnTrace, sole_leader
from gonets.sim.pool import match_done

SCALARS = (bool, int, float, str)
REASON_KEYS = ("reason", "how", "end")
"""Result detail keys that say how a match ended (the ``end_reason`` column, not repeated)."""


def decide(agent: Agent, state: State, seat: int, legal: Sequence[int],
           views: Sequence | None = None) -> int:
    """Ask ``agent`` for the move of ``seat``.

    This is the one place where the lab builds a view (:func:`gonets.agents.base.decide`):
    an agent class that reads nothing but ``legal`` (a random agent) declares
    ``needs_view = False`` and is then served without one, since a view costs most of a
    simulated match. Rows do not change, since such an agent's choice never depended on
    the view.
    """
    return decide_move(agent, state, seat, legal, views)


def play(plan: LabPlan, index: int, game: Game | None = None,
         save_dir: str | None = None) -> dict[str, Any]:
    """Play match ``index`` of ``plan`` and return its row."""
    game = game or get_game(plan.config.game)
    seating = plan.seating(index)
    seed = plan.seed + index
    agents = [make_agent(name, game, plan.config, seat, seed) for seat, name in enumerate(seating)]
    seats = [{"name": f"{name} {seat + 1}", "agent": name} for seat, name in enumerate(seating)]
    match = Match(game, plan.config, seats=seats, seed=seed)
    leads = LeadTrace() if plan.trace_leads else None
    trace = TurnTrace(game) if plan.trajectories else None
    decisions = _play_out(match, agents, seat_views(game, plan.config.players), leads, trace)
    state = match.state
    if save_dir:
        match.record.save(Path(save_dir) / f"{game.name}-{seed:06d}.json")
    row = make_row(plan, index, seating, state.result(), game.match_stats(state), decisions)
    if leads is not None:
        row["lead_changes"] = leads.changes
    if trace is not None:
        row[TURNS_KEY] = trace.turns       # to the shard's turns file (store.RunDir)
    match_done()                           # the progress bar moves per match, not per shard
    return row


def _play_out(match: Match, agents: Sequence[Agent], views: Sequence | None,
              leads: LeadTrace | None, trace: TurnTrace | None) -> int:
    """Deal and play ``match`` to its end, showing each decision's state to the traces
    asked for; returns the number of decisions."""
    match.deal()
    state = match.state
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        match.act(seat, decide(agents[seat], state, seat, state.legal_actions(), views))
        decisions += 1
        if leads is not None:
            leads.see(state.result().scores)
        if trace is not None:
            trace.see(state, seat)
    return decisions


class LeadTrace:
    """Counts lead changes in the running scores a game's ``result()`` reports before the end
    (Carcassonne points, Love Letter tokens): the sole leader becoming another seat. A tie
    for the lead is no change by itself."""

    def __init__(self) -> None:
        self.leader: int | None = None
        self.changes = 0

    def see(self, scores: Sequence[float]) -> None:
        leader = sole_leader(scores)
        if leader is None:
            return
        if self.leader is not None and leader != self.leader:
            self.changes += 1
        self.leader = leader


def make_row(plan: LabPlan, index: int, seating: Sequence[str], result: Result,
             stats: dict[str, Any], decisions: int) -> dict[str, Any]:
    """The row of a finished match: plan columns, outcome, length, end reason, statistics
    (``result`` and ``stats``: the state's ``result()`` and the game's ``match_stats``)."""
    config = plan.config
    row: dict[str, Any] = {
        "index": index, "seed": plan.seed + index, "game": config.game,
        "players": config.players, "preset": config.preset,
        "options": json.dumps(config.options, sort_keys=True, ensure_ascii=False),
        "agents": list(seating), "scores": [float(s) for s in result.scores],
        "winners": [int(w) for w in result.winners], "decisions": decisions,
        "end_reason": end_reason(result.detail),
    }
    for key, value in sorted(result.detail.items()):
        if isinstance(value, SCALARS) and key not in REASON_KEYS:
            row[f"detail_{key}"] = _plain(value)
    for key, value in sorted(stats.items()):
        row[f"stat_{key}"] = _plain(value)
    return row


def end_reason(detail: dict[str, Any]) -> str:
    """How a match ended, from the result detail's ``reason``/``how``/``end`` (else
    ``finished``)."""
    for key in REASON_KEYS:
        value = detail.get(key)
        if isinstance(value, str) and value:
            return value
    return "finished"


def _plain(value: Any) -> Any:
    """Booleans as 0/1 so a statistic averages into a rate; other scalars as they are."""
    return int(value) if isinstance(value, bool) else value


def play_shard(plan_data: dict[str, Any], start: int, end: int,
               save_dir: str | None = None) -> list[dict[str, Any]]:
    """The rows of matches ``start`` to ``end - 1`` (a worker task; the plan comes as JSON so
    any process or machine can run it)."""
    return [row for rows in shard_rows(plan_data, start, end, save_dir) for row in rows]


def shard_rows(plan_data: dict[str, Any], start: int, end: int,
               save_dir: str | None = None) -> Iterator[list[dict[str, Any]]]:
    """The rows of matches ``start`` to ``end - 1`` as they are played, in index order: one
    match at a time, or a ``--fast`` shard whole (its matches end together in one batch).
    :func:`play_shard` is their concatenation; a Ray task streams them to the driver."""
    plan = LabPlan.from_json(plan_data)
    if plan.fast:
        yield kernel_rows(plan, start, end)
        return
    game = get_game(plan.config.game)
    for index in range(start, end):
        yield [play(plan, index, game, save_dir)]


def kernel_rows(plan, start: int, end: int) -> list[dict]:
    """The lab rows of matches ``start`` to ``end - 1`` of a ``--fast`` plan: match ``i`` is
    slot ``i - start`` of one batch, its generator seeded from ``(plan.seed, i)``, so a match
    is the same whatever shard or machine plays it."""
    import numpy as np

    from gonets.core.kernel import kernel_for
    from gonets.sim.fast import play_batch

    kernel = kernel_for(plan.config)
    batch = kernel.batch(end - start, plan.seed, first=start)
    seatings = [plan.seating(index) for index in range(start, end)]
    playout_seats = np.array([[name == "playout" for name in seating] for seating in seatings],
                             dtype=bool)
    decisions = play_batch(kernel, batch, playout_seats)
    match_done(end - start)                # one batch: its matches finish together
    return [make_row(plan, start + slot, seatings[slot], kernel.result(batch, slot),
                     kernel.match_stats(batch, slot), int(decisions[slot]))
            for slot in range(end - start)]
