"""Views (the one place of redaction) and rebuilding a state from a view (``sample_world``).

What a seat may know (rules file 3.10): the whole board, every display, stack sizes, the
order of the couriers put under a stack at the palace (they went face down in sight of all),
what is left unseen in a stack as counts per type (it follows from everything visible), the
coin pile's size, classic coins (all face up), revised coin counts, and the values of its own
revised coins. Nobody sees the stack order or the coin pile order.
"""

from __future__ import annotations

import random
from collections import Counter

from gonets.core.game import Game
from gonets.games.czar.rules import OVER, PHASES, SHUFFLE, CzarState
from gonets.games.czar.rules.board import (
    COIN_BY_KEY,
    COIN_KEYS,
    COIN_VALUE,
    COLOUR_BY_KEY,
    COLOURS,
    GUARD_INNS,
    INN_KEYS,
    INN_LEVEL,
    INN_NAMES,
    LEVEL_TITLES,
    NUM_INNS,
    TYPE_BY_KEY,
    TYPES,
    courier_json,
)


def _courier(code: int) -> dict | None:
    return None if code < 0 else courier_json(code)


def _code(courier: dict) -> int:
    return COLOUR_BY_KEY[courier["colour"]] * 4 + TYPE_BY_KEY[courier["type"]]


def build_view(state: CzarState, seat: int | None) -> dict:
    """The game part of ``state.view(seat)``."""
    t = state.t
    over = state.phase == OVER
    carriers = {slot: p for p, slot in enumerate(state.msg) if slot >= 0}
    inns = []
    for i in range(NUM_INNS):
        rooms = []
        for r in range(4):
            code = state.rooms[i * 4 + r]
            if code < 0:
                rooms.append(None)
            else:
                rooms.append({"colour": COLOURS[code >> 2], "type": TYPES[r],
                              "seat": state.owner[code >> 2],
                              "message": carriers.get(i * 4 + r)})
        inns.append({"name": INN_NAMES[i], "key": INN_KEYS[i], "level": INN_LEVEL[i],
                     "open": t.open[i], "rooms": rooms})
    guards = [{"inn": INN_NAMES[inn], "key": INN_KEYS[inn], "price": t.prices[g],
               "skip": g == t.skip_guard,
               "messages": [p for p in state.delivered if state.guard_of[p] == g]}
              for g, inn in enumerate(GUARD_INNS)]
    seats = [_seat_view(state, p, seat, over) for p in range(state.n)]
    unused = state.unused_colour()
    data = {
        "phase": PHASES[state.phase],
        "ruble_rules": "revised" if t.revised else "classic",
        "active": state.active if state.start >= 0 else None,
        "start_player": state.start if state.start >= 0 else None,
        "turns": state.turns,
        "passes": state.passes,
        "final_round_left": state.final_left if state.final_left >= 0 else None,
        "pile_emptied": state.pile_emptied,
        "took_extra": state.took_extra,
        "passed": state.passed,
        "initial_left": list(state.initial_left),
        "levels": LEVEL_TITLES,
        "inns": inns,
        "guards": guards,
        "delivered": list(state.delivered),
        "seats": seats,
        "pile": len(state.pile),
        "removed": [COIN_KEYS[c] for c in state.removed],
        "running": [COIN_KEYS[c] for c in state.running],
        "drawn": _courier(state.drawn),
        "next_colour": COLOURS[unused] if unused >= 0 else None,
        "log": state.events(seat),
    }
    if state.phase == SHUFFLE:
        data["shuffle"] = {"seat": state.shuffle_seat, "colour": COLOURS[state.shuffle_colour]}
    if over:
        data["winner"] = state.winner
        data["reason"] = state.reason
    return data


def _seat_view(state: CzarState, p: int, viewer: int | None, over: bool) -> dict:
    stack = state.stacks[p]
    known = state.known[p]
    hidden = Counter(code & 3 for code in stack[known:])
    hidden_colour = stack[-1] >> 2 if len(stack) > known else None
    slot = state.msg[p]
    if slot >= 0:
        message = {"inn": INN_NAMES[slot >> 2], "room": TYPES[slot & 3],
                   "level": INN_LEVEL[slot >> 2]}
    elif state.guard_of[p] >= 0:
        g = state.guard_of[p]
        message = {"guard": INN_NAMES[GUARD_INNS[g]], "price": state.t.prices[g]}
    else:
        message = None
    shown = not state.t.revised or viewer == p or over
    coins = state.coins[p]
    return {
        "seat": p,
        "colours": [COLOURS[c] for c, o in enumerate(state.owner) if o == p],
        "display": [courier_json(c) for c in state.display[p]],
        "stack": len(stack),
        "stack_bottom": [courier_json(c) for c in stack[:known]],
        "stack_hidden": {"colour": None if hidden_colour is None else COLOURS[hidden_colour],
                         "counts": {TYPES[k]: hidden[k] for k in range(4) if hidden[k]}},
        "message": message,
        "coin_count": len(coins),
        "coins": [COIN_KEYS[c] for c in coins] if shown else None,
        "coin_total": sum(COIN_VALUE[c] for c in coins) if shown else None,
    }


def sample_world(game: Game, view: dict, rng: random.Random) -> CzarState:
    """A full state showing ``view`` to its seat, with the unseen drawn at random: the unseen
    part of every stack is reshuffled, and the coin pile (plus, in revised, every coin the
    seat has not seen) is redealt.

    Everything the view fixes is read once into a template (kept for the last view asked
    about, as a search asks about the same view thousands of times); each call copies it
    and draws only the unseen."""
    template = _template(game, view)
    s = template.state.clone()
    for p, bottom, hidden in template.stacks:
        hidden = hidden[:]
        rng.shuffle(hidden)
        s.stacks[p] = bottom + hidden
    _deal_hidden_coins(s, template.unseen, template.hidden_owner, template.limits, rng)
    if template.private_log:
        _rebuild_log(s, view["log"], view["seat"])
    return s


class _Template:
    """What ``sample_world`` reads from one view: the state without the unseen, the unseen
    stack parts (seat, known bottom, unseen couriers) and the coins to redeal."""

    __slots__ = ("hidden_owner", "key", "limits", "private_log", "stacks", "state", "unseen",
                 "view")

    def __init__(self, view: dict, key: tuple, state: CzarState, stacks: list, unseen: list,
                 hidden_owner: list, limits: list, private_log: bool):
        self.view, self.key, self.state, self.stacks = view, key, state, stacks
        self.unseen, self.hidden_owner, self.limits = unseen, hidden_owner, limits
        self.private_log = private_log


_LAST: list[_Template] = []


def _template(game: Game, view: dict) -> _Template:
    key = (len(view["log"]), view["turns"], view["phase"], view["seat"], view["active"])
    last = _LAST[0] if _LAST else None
    if last is not None and last.view is view and last.key == key:
        return last
    made = _read_view(game, view, key)
    _LAST[:] = [made]
    return made


def _read_view(game: Game, view: dict, key: tuple) -> _Template:
    config = game.configure(view["players"], view["preset"], view["options"])
    s = CzarState(config)
    seat = view["seat"]
    phase = PHASES.index(view["phase"])
    s.phase = phase
    s.start = -1 if view["start_player"] is None else view["start_player"]
    s.active = 0 if view["active"] is None else view["active"]
    s.turns = view["turns"]
    s.passes = view["passes"]
    s.final_left = -1 if view["final_round_left"] is None else view["final_round_left"]
    s.pile_emptied = view["pile_emptied"]
    s.took_extra = view["took_extra"]
    s.passed = view["passed"]
    s.initial_left = list(view["initial_left"])
    s.delivered = list(view["delivered"])
    s.drawn = -1 if view["drawn"] is None else _code(view["drawn"])
    s.removed = [COIN_BY_KEY[c] for c in view["removed"]]
    s.running = [COIN_BY_KEY[c] for c in view["running"]]
    if "shuffle" in view:
        s.shuffle_seat = view["shuffle"]["seat"]
        s.shuffle_colour = COLOUR_BY_KEY[view["shuffle"]["colour"]]
    if "winner" in view:
        s.winner, s.reason = view["winner"], view["reason"]
    s.owner = [-1] * len(COLOURS)
    for info in view["seats"]:
        for colour in info["colours"]:
            s.owner[COLOUR_BY_KEY[colour]] = info["seat"]
    for i, inn in enumerate(view["inns"]):
        for r, room in enumerate(inn["rooms"]):
            if room is not None:
                s.rooms[i * 4 + r] = _code(room)
                s.cnt[i] += 1
                if room["message"] is not None:
                    s.msg[room["message"]] = i * 4 + r
    for g, guard in enumerate(view["guards"]):
        for p in guard["messages"]:
            s.guard_of[p] = g
    unseen: list[int] = list(s.t.pool)
    for code in s.removed + s.running:
        unseen.remove(code)
    hidden_owner = []
    stacks = []
    for info in view["seats"]:
        p = info["seat"]
        s.display[p] = [_code(c) for c in info["display"]]
        bottom = [_code(c) for c in info["stack_bottom"]]
        hidden_info = info["stack_hidden"]
        s.stacks[p] = bottom
        if hidden_info["colour"] is not None:
            colour = COLOUR_BY_KEY[hidden_info["colour"]]
            stacks.append((p, bottom, [colour * 4 + TYPE_BY_KEY[k]
                                       for k, count in hidden_info["counts"].items()
                                       for _ in range(count)]))
        s.known[p] = len(bottom)
        if info["coins"] is not None:
            s.coins[p] = [COIN_BY_KEY[c] for c in info["coins"]]
            for code in s.coins[p]:
                unseen.remove(code)
        else:
            hidden_owner.append((p, info["coin_count"]))
    private_log = bool(hidden_owner) and any(
        event.get("e") == "coin" and "coin" not in event for event in view["log"])
    if not private_log:
        _rebuild_log(s, view["log"], seat)
    return _Template(view, key, s, stacks, unseen, hidden_owner, _pass_limits(view),
                     private_log)


def _pass_limits(view: dict) -> list[tuple[int, int, int]]:
    """What passes tell (revised): ``(seat, coins held then, price)`` for every pass by a seat
    whose message was with a guard. A pass is legal only when no bribe is, so that seat's first
    coins were worth less than the price."""
    if view["ruble_rules"] != "revised":
        return []
    price_of = {guard["inn"]: guard["price"] for guard in view["guards"]}
    held: Counter = Counter()
    price_for: dict[int, int] = {}
    limits = []
    for event in view["log"]:
        kind = event.get("e")
        if kind == "coin":
            held[event["seat"]] += 1
        elif kind == "travel":
            for move in event["moves"]:
                if "guard" in move:
                    price_for[move["message"]] = price_of[move["guard"]]
        elif kind == "pass" and event["seat"] in price_for:
            limits.append((event["seat"], held[event["seat"]], price_for[event["seat"]]))
    return limits


def _deal_hidden_coins(s: CzarState, unseen: list[int], hidden_owner: list[tuple[int, int]],
                       limits: list[tuple[int, int, int]], rng: random.Random,
                       tries: int = 500) -> None:
    """Deal the coins the seat has not seen (other players' revised coins, then the pile),
    redealing until every pass in the log was legal (``_pass_limits``)."""
    hidden = {p for p, _ in hidden_owner}
    limits = [limit for limit in limits if limit[0] in hidden]
    for _ in range(tries):
        deck = unseen[:]
        rng.shuffle(deck)
        for p, count in hidden_owner:
            s.coins[p] = deck[:count]
            del deck[:count]
        s.pile = deck
        if all(sum(COIN_VALUE[c] for c in s.coins[p][:held]) < price
               for p, held, price in limits):
            return


def _rebuild_log(s: CzarState, events: list[dict], seat: int | None) -> None:
    """Re-create the log; private coin draws of other seats get the redealt values."""
    drawn_so_far = Counter()
    for event in events:
        if event.get("e") == "coin":
            owner = event["seat"]
            public = {"e": "coin", "seat": owner}
            index = drawn_so_far[owner]
            drawn_so_far[owner] += 1
            if "coin" in event:
                value = event["coin"]
            else:
                value = COIN_KEYS[s.coins[owner][index]]
            s._log(public, owner, {"coin": value})
        else:
            s._log(event)

