"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley, Whitehouse 2012).

Each iteration draws one possible world from the agent's view (the game's ``sample_world``, or
its kernel's copy of it; the agent never peeks at hidden information) and walks one shared
tree, choosing among the actions legal in that world by UCB1 counted over availability. A
playout then follows the game's rollout policy until the game says it may stop (the end of a
round, K moves) and the game's ``evaluate`` gives every seat its share, which is backed up.
Everything game-specific comes through the Game protocol (``rollout_action``,
``rollout_done``, ``evaluate``).

A game may also offer, all optional and all found once per search: ``views.sampler(game,
view)`` (``sample_world`` of one view, read once), ``bot.rollout_start(state)`` (the little that
``rollout_done`` reads of a playout's start, instead of a copy of the state),
``bot.ROLLOUT_DONE_AT_CHANCE`` (``rollout_done`` may be asked before a random event is resolved,
so a decided round is not dealt again: a playout stops there, and so does a walk down the tree,
which is scored where it stopped; the walk asks with the iteration's root as the start, so the
flag suits a ``rollout_done`` that means "decided since the start" wherever the start lies, not
one that counts moves, and a game with the flag should have a cheap ``rollout_start``),
``bot.RIVALS_BY_POLICY`` (the other seats move in the tree by the rollout policy, an opponent
model, instead of by UCB: every world sampled for the searcher holds its real cards, and a
rival choosing by UCB over them would learn those), ``State.resolve_chance(rng)`` (the same
position as applying a sampled outcome, without writing the outcome out) and
``bot.compiled_playout(config)`` (where the game's compiled kernel plays the configuration: a
function ``playout(state, rng)`` that loads the world into the kernel, plays the same rollout
policy to the same stop there and returns the same evaluation; the tree stays here) and
``bot.compiled_search(game, config, seat, exploration)`` (whole iterations in the kernel: a
``core.kernel_search.KernelSearch`` whose ``run(view, root, iterations, deadline, rng)``
grows its own tree of arrays by the same rules, the world dealt, the tree walked, played out
and backed up there, and returns the root as a ``TreeNode`` and the iterations done; used
where the search knows its configuration).

Budgets are counted, so a search is reproducible: with a number of iterations the same seed
gives the same tree on any machine under any load. ``seconds`` is a wall-clock cap on top,
applied only where a process asks for it with :func:`cap_by_clock` (the server's bot workers,
where a loaded machine must not hold a table up; each cut is logged), or where a search has no
iteration budget at all. ``workers`` > 1 searches that many independent trees (root
parallelism), each with its share of the iterations and its own seed, in forked processes, and
adds up their root statistics: the same result however many cores run them.

When the agent decides twice in a row with no chance event and no other seat in between (a
Carcassonne tile then its follower), the second search starts from the subtree the first one
grew.

Ties between equal UCB1 scores go to the first action in the legal order: the reference's
ascending ids in Python, the kernel's own order in a kernel search (Carcassonne's placements
come in the order of its frontier), so the two may break an exact tie differently.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
import multiprocessing
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gonets.agents.base import Agent
from gonets.core.game import CHANCE, TERMINAL, Game, State
from gonets.core.processes import die_with_parent

if TYPE_CHECKING:
    from gonets.core.kernel_search import TreeNode

log = logging.getLogger("gonets.agents")

_clock_caps = False
"""Whether ``seconds`` cuts searches that have an iteration budget too (:func:`cap_by_clock`)."""


def cap_by_clock(enabled: bool = True) -> None:
    """Let every search of this process stop at its ``seconds`` even when its iterations are
    not spent, logging each such cut. Off by default: a search with an iteration budget then
    runs exactly that many iterations. The server's bot workers turn it on."""
    global _clock_caps
    _clock_caps = enabled


@contextlib.contextmanager
def uncapped():
    """No clock cuts a search with iterations inside the block (a stored review must not
    depend on the load), whatever :func:`cap_by_clock` said."""
    global _clock_caps
    was, _clock_caps = _clock_caps, False
    try:
        yield
    finally:
        _clock_caps = was


_clock_share = 1.0
"""The share of its ``seconds`` a search may take now (:func:`clock_share`)."""


@contextlib.contextmanager
def clock_share(share: float):
    """Searches inside the block take ``share`` of their ``seconds`` at most: a loaded
    server cuts its searches rather than queue them."""
    global _clock_share
    was, _clock_share = _clock_share, share
    try:
        yield
    finally:
        _clock_share = was


def clock_budget(iterations: int | None, seconds: float | None) -> float | None:
    """The time limit a search with these budgets runs under in this process."""
    if seconds is None or (iterations is not None and not _clock_caps):
        return None if iterations is not None else seconds
    return seconds * _clock_share


TABLED = 1 << 15
_ROOT_LOGS = [0.0, *(math.sqrt(math.log(n)) for n in range(1, TABLED))]
_INVERSE_ROOTS = [0.0, *(1 / math.sqrt(n) for n in range(1, TABLED))]
"""sqrt(log(n)) and 1/sqrt(n) for UCB1's counts, looked up instead of computed."""


_NO_CHILDREN: dict = {}
"""The children of every node that has none yet (never written: replaced on the first)."""


class _Node:
    __slots__ = ("available", "children", "mean", "mover", "private", "reward", "spread",
                 "visits")

    def __init__(self, mover: int):
        self.mover = mover
        self.children: dict[int, _Node] = _NO_CHILDREN   # a dict of its own once it has one
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.mean = 0.0          # reward / visits, kept up to date by the backup
        self.spread = 0.0        # exploration / sqrt(visits), likewise
        self.private = True      # every walk through here went on to the same seat, no chance


@dataclass(frozen=True)
class Choice:
    """One root action after a search: its notation, visits and mean value for the seat."""

    action: int
    text: str
    visits: int
    value: float

    def to_json(self) -> dict:
        return {"action": self.text, "visits": self.visits, "win_chance": round(self.value, 4)}


class Search:
    """One search tree for one seat, grown from that seat's view."""

    def __init__(self, game: Game, seat: int, rng: random.Random, exploration: float = 0.7,
                 compiled: bool = True, config=None):
        self.game = game
        self.compiled = compiled
        self.config = config         # known: whole iterations may run in the game's kernel
        self.seat = seat
        self.rng = rng
        self.exploration = exploration
        self.iterations = 0
        # The game's hooks, looked up once (a playout asks them at every move). Where the Game
        # keeps the base class's dispatch to its rooms, the room's function is called directly.
        bot, views = game.room("bot"), game.room("views")
        self._action = getattr(bot, "rollout_action", None) or game.rollout_action
        self._done = getattr(bot, "rollout_done", None)
        self._done_at_chance = self._done is not None and \
            getattr(bot, "ROLLOUT_DONE_AT_CHANCE", False)
        self._needs_start = self._done is not None
        # what rollout_done reads of the playout's start: the game's rollout_start(state)
        # when it has one (a cheap mark), else a copy of the state
        self._start = getattr(bot, "rollout_start", None) if self._done is not None else None
        self._sampler = None         # views.sampler(game, view): sample_world of one view
        if type(game).sample_world is Game.sample_world:
            self._sampler = getattr(views, "sampler", None)
        self._evaluate = getattr(bot, "evaluate", None) \
            if type(game).evaluate is Game.evaluate else None
        self._rivals_by_policy = getattr(bot, "RIVALS_BY_POLICY", False)
        self._compiled = None          # the kernel's playout, found at the first search
        self._compiled_for = None
        self._whole = None             # the bot room's compiled_search (False: none here)
        self.in_kernel = False         # whether the last run ran whole in the kernel

    def run(self, view: dict, root: _Node | TreeNode, iterations: int | None,
            seconds: float | None) -> _Node | TreeNode:
        """Grow ``root`` until the budget is spent; returns it (a node of the kernel's tree
        where the game's kernel runs whole iterations: a kept one goes on growing there)."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        whole = getattr(root, "owner", None) or self._whole_iterations()   # a kept TreeNode
        self.in_kernel = whole is not None
        if whole is not None:
            root, done = whole.run(view, root, iterations, deadline, self.rng)
            self.iterations += done
            return root
        done = 0
        rng = self.rng
        if self._sampler is not None:
            sample = self._sampler(self.game, view)       # the view stays as it is meanwhile
        else:
            sample = functools.partial(self.game.sample_world, view)
        while iterations is None or done < iterations:
            self.iterate(root, sample(rng))
            done += 1
            if deadline is not None and done % 8 == 0 and time.perf_counter() >= deadline:
                break
        self.iterations += done
        return root

    def iterate(self, root: _Node, state: State) -> None:
        node, path = root, []                 # the nodes below the root that were walked
        player = state.current_player()
        if player == CHANCE:
            player = self.settle(state)[0]
        rng, root_logs = self.rng, _ROOT_LOGS
        uniform = rng.random
        modelled = self._rivals_by_policy
        # where a playout would stop before a chance event, the walk stops too: a decided
        # round is scored, not dealt again and played out
        start = self._mark(state) if self._done_at_chance else None
        while player >= 0:
            if modelled and player != self.seat:
                action, child, fresh = self._rival_move(node, state, player)
            else:
                action, child, fresh = self._select(node, state, player, uniform, root_logs)
            state.apply(action)
            path.append(child)
            next_player = state.current_player()
            if next_player == CHANCE:
                child.private = False
                if start is not None and self._done(start, state, len(path)):
                    values = self.score(state, next_player)
                    break
                next_player = self.settle(state)[0]
            elif next_player != player:
                child.private = False
            node, player = child, next_player
            if fresh:
                values = self.playout(state)
                break
        else:
            values = self.playout(state)
        c, inverse_roots = self.exploration, _INVERSE_ROOTS
        for visited in path:
            visits = visited.visits = visited.visits + 1
            reward = visited.reward = visited.reward + values[visited.mover]
            visited.mean = reward / visits
            visited.spread = c * (inverse_roots[visits] if visits < TABLED
                                  else 1 / math.sqrt(visits))
        root.visits += 1

    @staticmethod
    def _select(node: _Node, state: State, player: int, uniform, root_logs):
        """UCB1 over the actions legal in this world, counted over availability: (action,
        child, whether the child is new: an untried action, tried at random)."""
        legal = state.legal_actions()
        children = node.children
        best = -1.0
        if children is _NO_CHILDREN:             # a leaf: every action is untried
            untried = list(legal)
            children = node.children = {}
            legal = ()
        else:
            untried = None
        for a in legal:             # availability, untried actions and UCB1 in one pass
            candidate = children.get(a)
            if candidate is None:
                if untried is None:
                    untried = [a]
                else:
                    untried.append(a)
                continue
            available = candidate.available = candidate.available + 1
            if untried is None:
                # UCB1: mean + c * sqrt(log(available) / visits)
                score = candidate.mean + candidate.spread * (
                    root_logs[available] if available < TABLED
                    else math.sqrt(math.log(available)))
                if score > best:                # the first best action wins ties
                    best, action, child = score, a, candidate
        if untried:
            action = untried[int(uniform() * len(untried))]     # uniform: < 1
            child = children[action] = _Node(player)
            child.available = 1
            return action, child, True
        return action, child, False

    def _rival_move(self, node: _Node, state: State, player: int) -> tuple[int, _Node, bool]:
        """Another seat moves by the game's rollout policy (a model of how it plays, from
        what it could know in this world) instead of by UCB, which would let it answer the
        searcher's actual cards: (action, child, whether the child is new)."""
        action = self._action(state, self.rng)
        children = node.children
        child = children.get(action)
        if child is not None:
            child.available += 1
            return action, child, False
        if children is _NO_CHILDREN:
            children = node.children = {}
        child = children[action] = _Node(player)
        child.available = 1
        return action, child, True

    def settle(self, state: State) -> tuple[int, bool]:
        """Resolve chance events; the deciding seat (negative at the end) and whether any
        chance event happened."""
        player = state.current_player()
        chanced = False
        while player == CHANCE:
            _resolve(state, self.rng)
            player = state.current_player()
            chanced = True
        return player, chanced

    def playout(self, state: State) -> list[float]:
        """Follow the rollout policy from ``state`` until the game may stop (``rollout_done``,
        asked after every move and, where the game allows it, before a chance event is
        resolved: a round that is decided need not be dealt again) or the match is over;
        the game's evaluation of where it stopped. In the compiled kernel where the game
        offers one for this configuration."""
        if self._compiled_for is not state.config:
            self._compiled_for = state.config
            self._compiled = self._compiled_playout(state.config)
        if self._compiled is not None:
            return self._compiled(state, self.rng)
        rng, action_of, done = self.rng, self._action, self._done
        at_chance = self._done_at_chance
        start = self._mark(state) if self._needs_start else state
        moves = 0
        while True:
            player = state.current_player()
            if player == CHANCE:
                if at_chance and moves and done(start, state, moves):
                    break
                _resolve(state, rng)
                continue
            if player < 0 or (moves and done is not None and done(start, state, moves)):
                break
            state.apply(action_of(state, rng))
            moves += 1
        return self.score(state, player)

    def _whole_iterations(self):
        """A new search whole in the kernel for this decision (its arrays live as long as the
        decision, or a node kept from it), or None where the game, the configuration or this
        search has none."""
        if self._whole is False or not self.compiled or self.config is None:
            return None
        offer = getattr(self.game.room("bot"), "compiled_search", None)
        whole = None if offer is None else offer(self.game, self.config, self.seat,
                                                 self.exploration)
        if whole is None:
            self._whole = False
        return whole

    def _compiled_playout(self, config):
        """The bot room's ``compiled_playout(config)`` (None where the game or the
        configuration has no kernel, or the search was told to play in Python)."""
        if not self.compiled:
            return None
        offer = getattr(self.game.room("bot"), "compiled_playout", None)
        return offer(config) if offer is not None else None

    def score(self, state: State, player: int) -> list[float]:
        """The game's evaluation of ``state``, whose deciding seat is ``player``."""
        if self._evaluate is not None and player != TERMINAL:
            return self._evaluate(state)            # what Game.evaluate does before the end
        return self.game.evaluate(state)

    def _mark(self, state: State):
        """What ``rollout_done`` reads of a playout's start: the game's mark, else a copy."""
        return self._start(state) if self._start is not None else state.clone()


def _resolve(state: State, rng: random.Random) -> None:
    """Resolve the pending random event: the state's ``resolve_chance(rng)`` where it has one
    (the same as applying a sampled outcome, without writing the outcome out), else
    ``apply_chance(sample_chance(rng))``."""
    resolve = getattr(state, "resolve_chance", None)
    if resolve is not None:
        resolve(rng)
    else:
        state.apply_chance(state.sample_chance(rng))


def _search_worker(task: tuple) -> dict[int, tuple[int, float]]:
    game_name, seat, seed, view, iterations, seconds, exploration, compiled, config = task
    from gonets.core.registry import get_game

    search = Search(get_game(game_name), seat, random.Random(seed), exploration, compiled,
                    config)
    root = search.run(view, _Node(seat), iterations, seconds)
    return {a: (c.visits, c.reward) for a, c in root.children.items()}, search.iterations


class ISMCTSAgent(Agent):
    """ISMCTS with an iteration budget per decision (default 300) and a wall-clock cap
    (``seconds``, see :func:`cap_by_clock`); with no iterations, ``seconds`` is the budget."""

    name = "ismcts"
    iterations: int | None = 300
    seconds: float | None = None
    workers = 1
    exploration = 0.7
    compiled = True
    """Iterations whole in the game's compiled kernel where it has one, else its playouts
    there (False: the Python engine)."""

    def __init__(self, game, config, seat, rng, iterations: int | None = None,
                 seconds: float | None = None, workers: int | None = None):
        super().__init__(game, config, seat, rng)
        if iterations is not None or seconds is not None:
            self.iterations, self.seconds = iterations, seconds
        if workers is not None:
            self.workers = workers
        self.search = Search(game, seat, rng, self.exploration, self.compiled, config)
        self._kept: _Node | TreeNode | None = None     # subtree for our next decision

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            self._kept = None
            return legal[0]
        return self.analyse(view, legal)[0].action

    def analyse(self, view: dict, legal: Sequence[int]) -> list[Choice]:
        """Search from ``view`` and rank the legal actions, most visited first."""
        seconds = clock_budget(self.iterations, self.seconds)
        if self.workers > 1:
            stats, done = self._parallel(view, seconds)
            self._kept = None
        else:
            kept = self._kept
            fits = kept is not None and set(legal) <= kept.children.keys()
            root = kept if fits else _Node(self.seat)
            before = self.search.iterations
            root = self.search.run(view, root, self.iterations, seconds)
            done = self.search.iterations - before
            stats = {a: (c.visits, c.reward) for a, c in root.children.items()}
        if self.iterations is not None and done < self._planned():
            log.warning("the clock cut a %s search of %s at seat %d: %d of %d iterations in "
                        "%g s", self.name, self.game.name, self.seat + 1, done,
                        self.iterations, seconds)
        choices = [Choice(a, view["legal"][i], *_visits_value(stats.get(a)))
                   for i, a in enumerate(legal)]
        choices.sort(key=lambda c: (-c.visits, -c.value, c.action))
        if self.workers <= 1:
            child = root.children.get(choices[0].action)
            self._kept = child if child is not None and child.private and child.children \
                else None
        return choices

    def _planned(self) -> int:
        """The iterations a search runs when no clock cuts it (trees round their share up)."""
        if self.workers > 1:
            return -(-self.iterations // self.workers) * self.workers
        return self.iterations

    def _parallel(self, view: dict, seconds: float | None
                  ) -> tuple[dict[int, tuple[int, float]], int]:
        """The root statistics of ``workers`` trees added up, and their iterations in all."""
        share = None if self.iterations is None else -(-self.iterations // self.workers)
        tasks = [(self.game.name, self.seat, self.rng.getrandbits(64), view, share, seconds,
                  self.exploration, self.search.compiled, self.search.config)
                 for _ in range(self.workers)]
        with multiprocessing.get_context("fork").Pool(
                self.workers, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
            parts = pool.map(_search_worker, tasks)
        merged: dict[int, list[float]] = {}
        for part, _ in parts:
            for action, (visits, reward) in part.items():
                entry = merged.setdefault(action, [0, 0.0])
                entry[0] += visits
                entry[1] += reward
        done = sum(count for _, count in parts)
        return {a: (int(v), r) for a, (v, r) in merged.items()}, done


def _visits_value(entry: tuple[int, float] | None) -> tuple[int, float]:
    if not entry or not entry[0]:
        return 0, 0.0
    return entry[0], entry[1] / entry[0]
