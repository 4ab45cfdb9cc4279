"""Love Letter: what playing one card rather than the other is worth, by paired intervention.

A *position* is a decision point the bots reach in a seeded match: a seat holds two different
cards and may play either. Its two *arms* are "play card A" and "play card B"; in each arm the
seat's own bot chooses how to play that card (target, guess) from its own view, the legal
actions narrowed to that card. Each arm is then played out ``playouts`` times by fresh bots,
playout ``j`` of both arms with the same counted seeds (the bots' generators, the later
rounds' deals, and with ``hidden="reshuffle"`` the same reshuffle of the unseen cards), so
each playout gives one paired difference.

What is held fixed: the whole position (every hand, discard, token and log entry, and so what
every seat knows). ``hidden="reshuffle"`` (the default) reshuffles, per playout, the cards no
seat has seen: the draw pile and the face-down set-aside card; ``hidden="fixed"`` keeps the
deal's own order, so the round's draws are those of the real match and only the bots'
tie-breaks and the later rounds' deals vary. Outcomes: the seat wins the *round* (it is among
the round's winners; a match won at once by a Bishop or Constable token counts its winner)
and, with ``horizon="match"``, the *match*.

Positions are stratified by card: position ``k`` looks for a decision point holding card
``cards[k % len(cards)]`` (the deck's characters in value order), in the seeded match
``derived_seed(seed, "match", k, attempt)`` (the next attempt when that match has none), and
takes one of that match's such points at random (a counted draw). So every card gets the same
number of positions and its row of the table (:func:`card_table`) is a mean over decision
points where the bots held it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gonets.agents import make_agent
from gonets.agents.base import Agent, decide, seat_views
from gonets.core.errors import OptionError
from gonets.core.game import Game, State
from gonets.core.match import Match
from gonets.core.options import Config
from gonets.core.registry import get_game
from gonets.lab.counterfactual import derived_seed, estimate_json, mean_of, paired

HORIZONS = ("round", "match")
HIDDEN = ("reshuffle", "fixed")
SEARCH_MATCHES = 200
"""Matches tried per position before its card is declared never held with another."""
NONE = -1
"""The Love Letter state's "no card" (an empty set-aside slot)."""


@dataclass(frozen=True)
class CardStudy:
    """What a Love Letter card study plays: the configuration, one bot per seat, how many
    positions and playouts, the seed, the horizon and what is done with the unseen cards."""

    config: Config
    bots: tuple[str, ...]
    positions: int
    playouts: int
    seed: int = 0
    horizon: str = "match"
    hidden: str = "reshuffle"

    def __post_init__(self) -> None:
        check_study(self)

    def cards(self) -> list[str]:
        """The characters of the deck in use, in value order (the strata)."""
        from gonets.games.loveletter.rules import deck_of

        return list(deck_of(self.config).composition())

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config.to_json(), "bots": list(self.bots),
                "positions": self.positions, "playouts": self.playouts, "seed": self.seed,
                "horizon": self.horizon, "hidden": self.hidden}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CardStudy:
        c = data["config"]
        config = Config(c["game"], c["players"], c["preset"], dict(c["options"]))
        return cls(config, tuple(data["bots"]), data["positions"], data["playouts"],
                   data["seed"], data["horizon"], data["hidden"])


def check_study(study: CardStudy) -> None:
    """Refuse a study that cannot be played, naming the problem (``OptionError``)."""
    if study.config.game != "loveletter":
        raise OptionError(f"the card study is for loveletter, not {study.config.game}")
    if len(study.bots) != study.config.players:
        raise OptionError(f"{len(study.bots)} bots for {study.config.players} seats")
    for name, count in (("positions", study.positions), ("playouts", study.playouts)):
        if not isinstance(count, int) or count < 1:
            raise OptionError(f"{name} must be a whole number from 1 up, not {count!r}")
    if study.horizon not in HORIZONS:
        raise OptionError(f"horizon must be one of {', '.join(HORIZONS)}, not "
                          f"{study.horizon!r}")
    if study.hidden not in HIDDEN:
        raise OptionError(f"hidden must be one of {', '.join(HIDDEN)}, not {study.hidden!r}")
    if study.hidden == "reshuffle":
        if study.config["spare_card"] != "off":
            raise OptionError("hidden=reshuffle needs spare_card=off: with the set-aside "
                              "card in play a seat may have seen it (use hidden=fixed)")
        if "chancellor" in study.cards():
            raise OptionError("hidden=reshuffle needs a deck without the Chancellor, whose "
                              "player knows the cards put under the pile (use hidden=fixed)")


# -- positions --------------------------------------------------------------------------------
@dataclass
class Position:
    """A decision point of a seeded match: ``seat`` may play ``card`` or ``other``."""

    index: int
    card: str
    other: str
    seat: int
    match_seed: int
    decision: int
    bot_played: str
    state: State = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "card": self.card, "other": self.other,
                "seat": self.seat, "match_seed": self.match_seed, "decision": self.decision,
                "bot_played": self.bot_played}


def card_of(state: State, action: int) -> str:
    """The card an action plays (its notation's first word: ``guard p2 5`` -> ``guard``)."""
    return state.action_to_text(action).split()[0]


def choice_cards(state: State, cards: Sequence[str]) -> tuple[str, ...]:
    """The two cards the deciding seat may choose between, or () when it has no such choice
    (two of a kind, a forced Countess, a follow-up decision such as the Bishop's redraw)."""
    found = tuple(dict.fromkeys(card_of(state, a) for a in state.legal_actions()))
    return found if len(found) == 2 and all(c in cards for c in found) else ()


def new_agents(game: Game, study: CardStudy, seed: object) -> list[Agent]:
    """One fresh bot per seat, its generator seeded by ``seed``."""
    return [make_agent(name, game, study.config, seat, seed)
            for seat, name in enumerate(study.bots)]


def candidates(game: Game, study: CardStudy, match_seed: int, card: str) -> list[tuple]:
    """Play the seeded match with the study's bots; every decision point where the deciding
    seat may play ``card`` or another card, as (state clone, seat, other card, decision
    number, card the bot played)."""
    cards = study.cards()
    match = Match(game, study.config, seed=match_seed)
    match.deal()
    agents = new_agents(game, study, match_seed)
    views = seat_views(game, study.config.players)
    state, found, decision = match.state, [], 0
    while not state.is_terminal():
        seat, legal = state.current_player(), state.legal_actions()
        pair = choice_cards(state, cards)
        snapshot = state.clone() if card in pair else None
        action = decide(agents[seat], state, seat, legal, views)
        if snapshot is not None:
            other = pair[1] if pair[0] == card else pair[0]
            found.append((snapshot, seat, other, decision, card_of(state, action)))
        match.act(seat, action)
        decision += 1
    return found


def find_position(game: Game, study: CardStudy, index: int) -> Position:
    """Position ``index`` of the study (its card is ``cards[index % len(cards)]``)."""
    cards = study.cards()
    card = cards[index % len(cards)]
    for attempt in range(SEARCH_MATCHES):
        match_seed = derived_seed(study.seed, "match", index, attempt)
        found = candidates(game, study, match_seed, card)
        if found:
            pick = random.Random(derived_seed(study.seed, "pick", index, attempt))
            state, seat, other, decision, played = found[pick.randrange(len(found))]
            return Position(index, card, other, seat, match_seed, decision, played, state)
    raise OptionError(f"no decision point with the {card} and another card to choose from "
                      f"was reached in {SEARCH_MATCHES} matches (position {index})")


# -- arms and playouts ------------------------------------------------------------------------
def arm_action(game: Game, study: CardStudy, position: Position, card: str) -> int:
    """How the seat's bot plays ``card`` at the position: its choice among the legal actions
    of that card, from its own view (the view's legal list narrowed the same way)."""
    state, seat = position.state, position.seat
    legal = [a for a in state.legal_actions() if card_of(state, a) == card]
    agent = make_agent(study.bots[seat], game, study.config, seat,
                       derived_seed(study.seed, "arm", position.index))
    if getattr(agent, "needs_view", True):
        view = state.view(seat)
        view["legal"] = [state.action_to_text(a) for a in legal]
    else:
        view = {"seat": seat, "legal": None}
    action = agent.act(view, legal)
    if action not in legal:
        raise OptionError(f"bot {study.bots[seat]!r} answered {action!r}, not one of the "
                          f"{len(legal)} plays of the {card} it was offered")
    return action


def reshuffle_unseen(state: State, rng: random.Random) -> None:
    """Shuffle the cards no seat has seen (the draw pile and the set-aside card) among
    themselves: which of them is set aside and the order they are drawn in."""
    unseen = list(state.deck)
    if state.spare != NONE:
        unseen.append(state.spare)
    rng.shuffle(unseen)
    if state.spare != NONE:
        state.spare = unseen.pop()
    state.deck = unseen


def round_winners(state: State) -> list[int]:
    """The winners of the round that just ended (the newest ``round_end`` of the log; a
    match won at once by a token has the token's winner)."""
    node = state.log
    while node is not None and node[0] != "round_end":
        node = node[4]
    if node is None:
        return []
    _, winners, reason = node[1]
    return list(state.winners) if reason == "game_won" else list(winners)


def playout(game: Game, study: CardStudy, position: Position, action: int,
            number: int) -> tuple[float, float]:
    """Play ``action`` at the position and the rest out (playout ``number``); (the seat won
    the round, the seat won the match) as 0/1 (the match NaN with the round horizon)."""
    state, seat = position.state.clone(), position.seat
    if study.hidden == "reshuffle":
        reshuffle_unseen(state, random.Random(derived_seed(study.seed, "deck", position.index,
                                                           number)))
    rounds = state.rounds_done
    state.act(seat, action)
    agents = new_agents(game, study, derived_seed(study.seed, "playout", position.index,
                                                  number))
    views = seat_views(game, study.config.players)
    chances, won_round = 0, None
    while True:
        if won_round is None and state.rounds_done > rounds:
            won_round = float(seat in round_winners(state))
            if study.horizon == "round":
                return won_round, float("nan")
        if state.is_terminal():
            return won_round, float(seat in state.result().winners)
        if state.is_chance():
            rng = random.Random(derived_seed(study.seed, "chance", position.index, number,
                                             chances))
            state.apply_chance(state.sample_chance(rng))
            chances += 1
            continue
        mover = state.current_player()
        state.act(mover, decide(agents[mover], state, mover, state.legal_actions(), views))


def evaluate(game: Game, study: CardStudy, position: Position) -> dict[str, Any]:
    """Both arms of a position played out; the JSON record of the position with each arm's
    win rates and the paired differences *keep the card* (play the other) minus *play it*."""
    actions = {card: arm_action(game, study, position, card)
               for card in (position.card, position.other)}
    outcomes = {card: [playout(game, study, position, action, j)
                       for j in range(study.playouts)]
                for card, action in actions.items()}
    record = position.to_json()
    record["arms"] = {card: position.state.action_to_text(a) for card, a in actions.items()}
    for slot, name in enumerate(("round", "match")):
        if name == "match" and study.horizon == "round":
            continue
        play = [o[slot] for o in outcomes[position.card]]
        keep = [o[slot] for o in outcomes[position.other]]
        record[f"{name}_play"] = sum(play) / len(play)
        record[f"{name}_keep"] = sum(keep) / len(keep)
        record[f"{name}_effect"] = estimate_json(paired(name, play, keep))
    return record


def position_task(item: tuple[dict[str, Any], int]) -> dict[str, Any]:
    """One position found and evaluated (a worker task; the study comes as JSON)."""
    data, index = item
    study = CardStudy.from_json(data)
    game = get_game("loveletter")
    return evaluate(game, study, find_position(game, study, index))


# -- the table ----------------------------------------------------------------------------------
def card_table(study: CardStudy, records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per card (its stratum of positions): how often the bots kept it, the mean win rates of
    keeping and of playing it, and the mean paired effect of keeping it (play the other)
    rather than playing it, with a 95% interval over positions."""
    horizons = ["round"] if study.horizon == "round" else ["round", "match"]
    rows = []
    for card in study.cards():
        mine = [r for r in records if r["card"] == card]
        if not mine:
            continue
        row: dict[str, Any] = {"card": card, "positions": len(mine),
                               "bots_kept": sum(r["bot_played"] != card for r in mine)
                               / len(mine)}
        for name in horizons:
            row[f"{name}_keep"] = sum(r[f"{name}_keep"] for r in mine) / len(mine)
            row[f"{name}_play"] = sum(r[f"{name}_play"] for r in mine) / len(mine)
            effect = mean_of(card, [r[f"{name}_keep"] - r[f"{name}_play"] for r in mine])
            row[f"{name}_effect"] = estimate_json(effect)
        rows.append(row)
    return rows


def pair_table(study: CardStudy, records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per pair of cards held (every position, whatever its stratum): the mean paired effect
    on the round of keeping the higher card of the pair (playing the lower), with its
    interval over the positions."""
    order = {card: i for i, card in enumerate(study.cards())}
    groups: dict[tuple[str, str], list[float]] = {}
    for r in records:
        low, high = sorted((r["card"], r["other"]), key=order.__getitem__)
        keep_minus_play = r["round_keep"] - r["round_play"]   # of the position's own card
        groups.setdefault((low, high), []).append(
            keep_minus_play if r["card"] == high else -keep_minus_play)
    return [{"play": low, "keep": high,
             "round_effect": estimate_json(mean_of(f"{high}/{low}", values))}
            for (low, high), values in sorted(groups.items(),
                                              key=lambda item: (order[item[0][0]],
                                                                order[item[0][1]]))]
