"""Game-specific commands: ``gonets babayaga validate [DIR]`` and ``gonets babayaga balance``
(the balance check: heuristic bots in every seat, game length, endings, quests, seats)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import typer

from gonets.agents import make_agent
from gonets.core import get_game, play_match
from gonets.core.errors import ContentError
from gonets.games.babayaga.rules.content import DEFAULT_DIR, load_content
from gonets.sim.stats import wilson_interval

app = typer.Typer(help="Baba Yaga: content packs and balance checks.", no_args_is_help=True)


@app.command()
def validate(
    folder: Path | None = typer.Argument(None, help="content folder (default: built-in)"),
) -> None:
    """Check a content folder (board, characters, quests, cards, rules) and report every
    problem, one a line."""
    try:
        content = load_content(folder)
    except ContentError as exc:
        problems = str(exc).splitlines()
        typer.echo(f"invalid content: {len(problems)} problem{'s' * (len(problems) != 1)}",
                   err=True)
        for line in problems:
            typer.echo(f"  {line}", err=True)
        raise typer.Exit(1)
    typer.echo(f"{folder or DEFAULT_DIR}: valid ({len(content.locations)} locations, "
               f"{len(content.edges)} edges, {len(content.characters)} characters, "
               f"{len(content.quests)} quests, {len(content.decks['wilderness'])} Wilderness and "
               f"{len(content.decks['town'])} Town cards)")


@app.command()
def balance(preset: str = typer.Option("solo", help="competitive, cooperative or solo"),
            players: int = typer.Option(1, help="player count"),
            games: int = typer.Option(1000, help="matches to play"),
            seed: int = typer.Option(0, help="base seed")) -> None:
    """Simulate bot matches and print length, endings, quest completion and seat figures."""
    res = run_balance(preset, players, games, seed)
    lo, hi = res["win_ci"]
    typer.echo(f"{preset} {players}p, {games} games: win rate {res['win_rate']:.3f} "
               f"[{lo:.3f}, {hi:.3f}], rounds {res['rounds']:.1f}, decisions "
               f"{res['decisions']:.1f}, quests completed per game {res['quests_per_game']:.2f}")
    typer.echo(f"endings: {res['endings']}")
    lo, hi = res["first_seat_ci"]
    typer.echo(f"first seat wins {res['first_seat_win']:.3f} [{lo:.3f}, {hi:.3f}]; "
               f"wins by seat from the first: {res['seat_wins']}")


def run_balance(preset: str, players: int, games: int, seed: int = 0,
                agent: str = "heuristic") -> dict:
    """Play ``games`` bot matches and summarise them."""
    game = get_game("babayaga")
    config = game.configure(players, preset)
    hows: Counter = Counter()
    rounds = decisions = wins = quests = 0
    seat_wins = Counter()
    for i in range(games):
        agents = [make_agent(agent, game, config, s, seed=f"{seed}:{i}") for s in range(players)]
        match = play_match(game, config, agents, seed=seed * 100_000 + i)
        state = match.state
        out = state.outcome
        hows[out["how"]] += 1
        rounds += state.round
        decisions += state.decisions
        quests += sum(1 for p in state.players if p.done)
        if out["winners"]:
            wins += 1
            for w in out["winners"]:
                seat_wins[(w - state.opener) % players] += 1
    low, high = wilson_interval(wins, games)
    first_low, first_high = wilson_interval(seat_wins[0], games)
    return {"preset": preset, "players": players, "games": games, "win_rate": wins / games,
            "win_ci": (low, high), "rounds": rounds / games, "decisions": decisions / games,
            "endings": dict(hows), "quests_per_game": quests / games,
            "first_seat_win": seat_wins[0] / games, "first_seat_ci": (first_low, first_high),
            "seat_wins": {k: seat_wins[k] for k in sorted(seat_wins)}}
