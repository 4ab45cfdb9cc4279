"""Rated tournaments between agents, on duplicate deals.

A tournament plays ``deals`` deals. The lineup is the list of agents repeated to fill the seats
(``a,b`` at 4 players sits ``a b a b``); every deal is played once per distinct rotation of the
lineup, with the same chance outcomes (the k-th random event of every match of a deal draws from
the same generator), so each agent meets the same luck from every seat and luck cancels out of
the paired comparison.

Reported: each agent's win rate per seat played with its 95% Wilson interval, the fair share,
paired differences between agents over deals with a 95% interval, and Bradley-Terry ratings
fitted to all the results at once with bootstrap intervals (:mod:`gonets.sim.ratings`); a
ratings file keeps the results of every tournament of each game, so its ratings grow with them.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from gonets.agents import make_agent
from gonets.agents.base import decide, seat_views
from gonets.core.errors import OptionError
from gonets.core.game import CHANCE
from gonets.core.match import Match
from gonets.core.options import Config
from gonets.core.registry import get_game
from gonets.sim.pool import Count, counted_imap, match_done
from gonets.sim.ratings import Outcome, Rating, merge, rate_outcomes
from gonets.sim.stats import Proportion, mean_interval


@dataclass(frozen=True)
class TournamentPlan:
    """Who plays, at what, how many deals."""

    config: Config
    bots: tuple[str, ...]
    deals: int
    seed: int = 0
    save_dir: str | None = None

    @property
    def lineup(self) -> tuple[str, ...]:
        players = self.config.players
        return tuple(self.bots[seat % len(self.bots)] for seat in range(players))

    def seatings(self) -> list[tuple[str, ...]]:
        """The distinct rotations of the lineup, each played on every deal."""
        lineup, found = self.lineup, []
        for shift in range(len(lineup)):
            seating = lineup[shift:] + lineup[:shift]
            if seating not in found:
                found.append(seating)
        return found

    @property
    def matches(self) -> int:
        return self.deals * len(self.seatings())


class DuplicateMatch(Match):
    """A match whose k-th random event draws from a generator seeded by the deal and k, so
    every match of a deal sees the same outcomes as long as it asks the same questions."""

    def deal(self) -> None:
        state, steps = self.state, self.record.steps
        while state.current_player() == CHANCE:
            k = sum(1 for step in steps if "chance" in step)
            outcome = state.sample_chance(random.Random(f"{self.record.seed}:chance:{k}"))
            state.apply_chance(outcome)
            steps.append({"chance": outcome})
        if state.is_terminal() and self.record.result is None:
            self.record.result = state.result().to_json()


@dataclass
class Played:
    deal: int
    seating: tuple[str, ...]
    winners: list[int]
    scores: list[float]


def play_one(plan: TournamentPlan, deal: int, seating: tuple[str, ...]) -> Played:
    """Play one deal under one seating (a worker task)."""
    game = get_game(plan.config.game)
    seed = plan.seed + deal
    agents = [make_agent(name, game, plan.config, seat, f"{seed}:{'/'.join(seating)}")
              for seat, name in enumerate(seating)]
    seats = [{"name": f"{name} {seat + 1}", "agent": name} for seat, name in enumerate(seating)]
    match = DuplicateMatch(game, plan.config, seats=seats, seed=seed)
    match.deal()
    state = match.state
    views = seat_views(game, plan.config.players)
    while not state.is_terminal():
        seat = state.current_player()
        match.act(seat, decide(agents[seat], state, seat, state.legal_actions(), views))
    if plan.save_dir:
        rotation = plan.seatings().index(seating)
        match.record.save(Path(plan.save_dir) / f"{game.name}-{seed:06d}-{rotation}.json")
    result = state.result()
    match_done()
    return Played(deal, seating, list(result.winners), list(result.scores))


def _worker(task: tuple[TournamentPlan, int, tuple[str, ...]]) -> Played:
    return play_one(*task)


def run_tournament(plan: TournamentPlan, jobs: int = 1,
                   on_count: Count | None = None) -> Iterator[Played]:
    """Yield every match as it finishes, on ``jobs`` processes; ``on_count`` gets the number
    of matches finished so far (see :mod:`gonets.sim.pool`)."""
    if plan.save_dir:
        Path(plan.save_dir).mkdir(parents=True, exist_ok=True)
    tasks = [(plan, deal, seating) for deal in range(plan.deals) for seating in plan.seatings()]
    if jobs <= 1:
        for done, played in enumerate(map(_worker, tasks), 1):
            yield played
            if on_count is not None:     # after the caller took it, as ``counted_imap`` does
                on_count(done)
        return
    yield from counted_imap("fork", jobs, _worker, tasks, on_count=on_count)


@dataclass
class Standings:
    """What a tournament found: win rates, paired differences and ratings (fitted by
    :meth:`rate` to ``kept``, earlier results, and this tournament's)."""

    plan: TournamentPlan
    kept: list[Outcome] = field(default_factory=list)
    ratings: dict[str, Rating] = field(default_factory=dict)
    played: list[Played] = field(default_factory=list)
    stopped: bool = False              # stopped early by Ctrl-C: the matches that finished

    def add(self, played: Played) -> None:
        self.played.append(played)

    def win_rates(self) -> dict[str, Proportion]:
        wins: dict[str, float] = defaultdict(float)
        seats: dict[str, int] = defaultdict(int)
        for match in self.played:
            for seat, name in enumerate(match.seating):
                seats[name] += 1
                wins[name] += seat in match.winners
        return {name: Proportion(wins[name], seats[name]) for name in sorted(seats)}

    def per_deal(self) -> dict[str, dict[int, float]]:
        """Each agent's mean win per seat over all the matches of each deal."""
        total: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
        for match in self.played:
            for seat, name in enumerate(match.seating):
                total[name][match.deal].append(1.0 if seat in match.winners else 0.0)
        return {name: {deal: sum(v) / len(v) for deal, v in deals.items()}
                for name, deals in total.items()}

    def paired(self) -> list[tuple[str, str, tuple[float, float, float], int]]:
        """For each pair of agents: mean difference of win rate over the deals both played
        completely, with its 95% interval, and the number of deals."""
        complete = self._complete_deals()
        rates = self.per_deal()
        found = []
        for a, b in combinations(sorted(rates), 2):
            deals = sorted(d for d in complete if d in rates[a] and d in rates[b])
            diffs = [rates[a][d] - rates[b][d] for d in deals]
            found.append((a, b, mean_interval(diffs), len(deals)))
        return found

    def _complete_deals(self) -> set[int]:
        count: dict[int, int] = defaultdict(int)
        for match in self.played:
            count[match.deal] += 1
        rotations = len(self.plan.seatings())
        return {deal for deal, n in count.items() if n == rotations}

    def outcomes(self) -> list[Outcome]:
        """The matches played so far as rating outcomes; a deal is named by the configuration
        and its seed, so the same deal played again is recognised."""
        digest = hashlib.sha256(json.dumps(self.plan.config.to_json(), sort_keys=True)
                                .encode()).hexdigest()[:12]
        return [Outcome(f"{digest}:{self.plan.seed + m.deal}", "/".join(m.seating),
                        tuple(zip(m.seating, _places(m))))
                for m in self.played if len(set(m.seating)) > 1]

    def all_outcomes(self) -> list[Outcome]:
        """The kept outcomes with this tournament's (which replace any of the same deal)."""
        return merge(self.kept, self.outcomes())

    def rate(self) -> None:
        """Fit the ratings to every outcome, kept and new (order plays no part)."""
        self.ratings = rate_outcomes(self.all_outcomes())

    def to_json(self) -> dict:
        fair = 1.0 / self.plan.config.players
        return {
            "config": self.plan.config.to_json(), "bots": list(self.plan.bots),
            "lineup": list(self.plan.lineup), "deals": self.plan.deals, "seed": self.plan.seed,
            "matches": len(self.played), "fair_share": fair,
            "agents": {name: rate.to_json() for name, rate in self.win_rates().items()},
            "paired": [{"a": a, "b": b, "difference": m, "ci95": [lo, hi], "deals": n}
                       for a, b, (m, lo, hi), n in self.paired()],
            "ratings": {name: rating.to_json() for name, rating in sorted(self.ratings.items())},
        }


def rating_text(rating: Rating | None) -> str:
    """``1523  [1490, 1561]``, or a dash for an agent with no rating."""
    if rating is None:
        return "-"
    return f"{rating.rating:.0f}  [{rating.low:.0f}, {rating.high:.0f}]"


def _places(match: Played) -> list[int]:
    """Each seat's place in a match (1 is best): winners first, then by score; ties share."""
    def place(seat: int) -> tuple[int, float]:
        return (0 if seat in match.winners else 1, -match.scores[seat])

    seats = range(len(match.seating))
    return [1 + sum(1 for other in seats if place(other) < place(seat)) for seat in seats]


def load_ratings(path: Path | None, game: str) -> list[Outcome]:
    """The results of ``game`` kept in ``path`` (a JSON file of every game's results)."""
    if path is None or not path.exists():
        return []
    try:
        kept = json.loads(path.read_text(encoding="utf-8")).get(game, {})
        if "outcomes" not in kept:
            if kept:
                raise OptionError(f"{path} holds ratings of {game} from an older gonets "
                                  "(openskill values without the results behind them); ratings "
                                  "are now fitted to the results: use a new file")
            return []
        return [Outcome.from_json(entry) for entry in kept["outcomes"]]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise OptionError(f"{path} is not a gonets ratings file ({exc})") from None


def save_ratings(path: Path, game: str, outcomes: list[Outcome],
                 ratings: dict[str, Rating]) -> None:
    """Keep ``game``'s results (and, to read, the ratings fitted to them) in ``path``."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[game] = {"ratings": {name: r.to_json() for name, r in sorted(ratings.items())},
                  "outcomes": [o.to_json() for o in sorted(outcomes, key=lambda o: (o.unit,
                                                                                   o.seating))]}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def tournament(plan: TournamentPlan, jobs: int = 1, kept: list[Outcome] | None = None,
               on_match: Callable[[Played], None] | None = None,
               on_count: Count | None = None) -> Standings:
    """Play a tournament and rate it with the ``kept`` results of earlier ones (``on_count``:
    see :func:`run_tournament`). Stopped early (Ctrl-C), it reports what finished, marked
    ``stopped``."""
    standings = Standings(plan, list(kept or []))
    try:
        for played in run_tournament(plan, jobs, on_count):
            standings.add(played)
            if on_match is not None:
                on_match(played)
    except KeyboardInterrupt:
        standings.stopped = True
    standings.rate()
    return standings


def print_standings(console, game, standings: Standings) -> None:
    """The standings as Rich tables."""
    from rich.table import Table

    plan = standings.plan
    title = (f"{game.title}: {len(standings.played)} matches ({plan.deals} deals x "
             f"{len(plan.seatings())} seatings), {plan.config.players} players, preset "
             f"{plan.config.preset}; fair share {1 / plan.config.players:.1%}")
    table = Table(title=title, title_justify="left")
    for column in ("agent", "win rate  [95% interval]", "seats played",
                   "rating  [95% interval]"):
        table.add_column(column)
    for name, rate in standings.win_rates().items():
        table.add_row(name, str(rate), str(rate.trials), rating_text(standings.ratings.get(name)))
    console.print(table)
    pairs = Table(title="paired by deal (same luck): difference of win rate", title_justify="left")
    for column in ("a - b", "difference  [95% interval]", "deals"):
        pairs.add_column(column)
    for a, b, (mean, low, high), deals in standings.paired():
        difference = f"{mean:+.1%}  [{low:+.1%}, {high:+.1%}]" if deals else \
            "- (no deal played under every seating yet)"
        pairs.add_row(f"{a} - {b}", difference, str(deals))
    console.print(pairs)
