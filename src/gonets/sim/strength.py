"""The strength table of docs/ai.md: the tournaments of ``data/strength.json``, as Markdown.

``gonets strength --out docs/ai.md`` re-makes the table between the page's ``BEGIN`` and
``END`` markers (the prose around it stays); ``--games`` sets the matches per matchup (the
bars of the project ask for at least 200). ``--game G`` re-makes only G's sections and keeps
the others, so each section says which command made it and when.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path

from gonets.core.registry import get_game
from gonets.sim.bench import machine_description
from gonets.sim.tournament import Standings, TournamentPlan, tournament

MATCHUPS = Path(__file__).with_name("data") / "strength.json"
BEGIN = "<!-- strength table: made by gonets strength, do not edit by hand -->"
END = "<!-- end of the strength table -->"


def matchups(only: str | None = None) -> list[dict]:
    """The matchups to play (of one game when ``only`` names it)."""
    found = json.loads(MATCHUPS.read_text(encoding="utf-8"))["matchups"]
    return [m for m in found if only is None or m["game"] == only]


def plan_of(matchup: dict, games: int, seed: int) -> TournamentPlan:
    game = get_game(matchup["game"])
    config = game.configure(matchup["players"], matchup.get("preset"))
    bots = tuple(matchup["bots"])
    probe = TournamentPlan(config, bots, 1)
    return TournamentPlan(config, bots, -(-games // len(probe.seatings())), seed)


def section(standings: Standings, seconds: float, command: str = "") -> str:
    """One matchup as a Markdown table with its paired differences (``command``: what made
    it, named under the heading)."""
    plan = standings.plan
    game = get_game(plan.config.game)
    fair = 1 / plan.config.players
    made = f" Made by `{command}` on {time.strftime('%Y-%m-%d')}." if command else ""
    lines = [f"### {game.title}, {plan.config.players} players ({plan.config.preset})", "",
             f"{len(standings.played)} matches: {plan.deals} deals x {len(plan.seatings())} "
             f"seatings of {' '.join(plan.lineup)}; fair share {fair:.0%}; "
             f"{seconds:.0f} s.{made}", "",
             "| agent | win rate | 95% interval | seats | rating | 95% interval |",
             "| --- | --- | --- | --- | --- | --- |"]
    for name, rate in standings.win_rates().items():
        low, high = rate.interval
        rating = standings.ratings.get(name)
        mark = " **above fair**" if low > fair else ""
        fitted = f"{rating.rating:.0f} | [{rating.low:.0f}, {rating.high:.0f}]" if rating \
            else "- | -"
        lines.append(f"| {name} | {rate.rate:.1%}{mark} | [{low:.1%}, {high:.1%}] | "
                     f"{rate.trials} | {fitted} |")
    lines.append("")
    ratings = standings.ratings
    for a, b, (mean, low, high), deals in standings.paired():
        gap = ratings[a].rating - ratings[b].rating if a in ratings and b in ratings else 0.0
        agrees = "agrees" if (gap > 0) == (mean > 0) or mean == 0 else "**disagrees**"
        lines.append(f"- {a} - {b}: {mean:+.1%} [{low:+.1%}, {high:+.1%}] over {deals} deals; "
                     f"rating {gap:+.0f} ({agrees} in sign)")
    return "\n".join(lines) + "\n"


class Stopped(KeyboardInterrupt):
    """Ctrl-C while :func:`strength_page` played: ``page`` holds the matchups that finished
    (the one stopped among them, with the matches it had played)."""

    def __init__(self, page: str) -> None:
        super().__init__("stopped")
        self.page = page


def planned_matches(games: int, seed: int = 0, only: str | None = None) -> int:
    """The matches :func:`strength_page` plays in all (each matchup's rounded up to whole
    deals)."""
    return sum(plan_of(matchup, games, seed).matches for matchup in matchups(only))


def strength_page(games: int, seed: int = 0, jobs: int = 1, only: str | None = None,
                  on_match: Callable | None = None,
                  on_count: Callable[[int, dict], None] | None = None) -> str:
    """Play every matchup and write the page. ``on_count`` gets the matches finished so far
    over all the matchups, match by match, and the matchup being played. Ctrl-C stops the
    matchup being played and raises :class:`Stopped` with the page of what finished."""
    machine = machine_description()
    parts = ["## Strength table", "",
             f"Made by `gonets strength` on {machine['cpu']} ({machine['cores']} cores, "
             f"{jobs} worker processes). Each matchup is a duplicate-deal tournament (`gonets "
             "tournament`): every deal is played under every rotation of the seats with the "
             "same random outcomes. Levels: `easy` (heuristic with half its moves random), "
             "`normal` (the heuristic bot), `hard` (ISMCTS with a fixed number of iterations "
             "a decision), `expert` (the same search with four times the iterations). Budgets "
             "are counted, so the same command and seed give the same table on any machine. "
             "The ratings are a Bradley-Terry fit to all the matches of the matchup (Elo "
             "scale, centred on 1500), with 95% intervals from a bootstrap over deals; "
             "each paired line says whether the rating gap agrees in sign with it.", ""]
    before = 0
    for matchup in matchups(only):
        started = time.perf_counter()
        plan = plan_of(matchup, games, seed)

        def count(done: int, base: int = before, matchup: dict = matchup) -> None:
            if on_count is not None:
                on_count(base + done, matchup)

        standings = tournament(plan, jobs, on_match=on_match, on_count=count)
        command = f"gonets strength --game {matchup['game']} --games {games} --seed {seed}"
        parts.append(section(standings, time.perf_counter() - started, command))
        if standings.stopped:
            raise Stopped("\n".join(parts))
        before += plan.matches
    return "\n".join(parts)


_HEADING = re.compile(r"^### ", re.MULTILINE)


def _split(table: str) -> tuple[str, list[str]]:
    """The table's introduction and its sections (one per matchup, each from its heading)."""
    parts = _HEADING.split(table)
    return parts[0], ["### " + part.rstrip() + "\n" for part in parts[1:]]


def merge(old: str, new: str, title: str) -> str:
    """``old`` with its sections of the game called ``title`` replaced by those of ``new``
    (at the place of the first one, or at the end) and ``new``'s introduction."""
    intro, sections = _split(old)
    fresh = _split(new)[1]
    ours = [i for i, part in enumerate(sections) if part.startswith(f"### {title}, ")]
    at = ours[0] if ours else len(sections)
    kept = [part for i, part in enumerate(sections) if i not in ours]
    at -= sum(1 for i in ours if i < at)
    merged = kept[:at] + fresh + kept[at:]
    return _split(new)[0].rstrip() + "\n\n" + "\n".join(merged)


def write_table(path: Path, table: str, only: str | None = None, begin: str = BEGIN,
                end: str = END) -> None:
    """Put ``table`` between the markers ``begin`` and ``end`` of the page at ``path``
    (appended if it has none); with ``only`` (a game's name) only that game's sections are
    replaced."""
    page = path.read_text(encoding="utf-8") if path.exists() else ""
    if begin in page and end in page:
        head, rest = page.split(begin, 1)
        old, tail = rest.split(end, 1)
        if only:
            table = merge(old.strip(), table, get_game(only).title)
        page = head + f"{begin}\n{table.rstrip()}\n{end}\n" + tail.lstrip("\n")
    else:
        page = (page.rstrip() + "\n\n" if page else "") + f"{begin}\n{table.rstrip()}\n{end}\n"
    path.write_text(page, encoding="utf-8")
