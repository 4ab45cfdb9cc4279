"""Balance simulation with the heuristic bot: game length, endings, quest completion, seats."""

from __future__ import annotations

from collections import Counter

from gonets.core import get_game, play_match
from gonets.sim.stats import wilson_interval


def balance(preset: str, players: int, games: int, seed: int = 0, agent: str = "heuristic") -> dict:
    """Play ``games`` bot matches and summarise them."""
    from gonets.agents.base import make_agent

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


if __name__ == "__main__":
    import sys

    preset, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    print(balance(preset, players, games))
