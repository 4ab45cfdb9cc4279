"""What each log line points at on the table picture: :func:`log_refs` gives the keys of an
event, and the pictures put the same keys (made by the helpers here) in ``data-ref``.

Keys (seats are numbered from 0, as in the log):

* ``seat:Q`` the seat area of Q (drawn whether or not Q is still in the round);
* ``hand:Q`` where Q's hand is drawn: the backs in its area, the viewer's own large cards,
  or the seat area itself while Q holds nothing;
* ``discard:Q:CARD:CAUSE`` each chip of Q's discard pile showing CARD discarded for CAUSE
  (``played``, ``prince``...): an event does not say which copy, so every such copy lights;
* ``out:Q`` Q's OUT badge; ``token:Q:N`` Q's N-th token pip;
* ``deck`` the draw pile; ``spare`` the set-aside card (or its empty place); ``face_up`` the
  cards removed face up; ``burned:CARD`` a burned card;
* ``round:N`` the title of round N; ``result`` the end-of-game status; ``showdown:Q`` the hand
  Q showed at a showdown.

The last turn of a round is followed by the next deal in the same step, so the round summary
panel (``summary.py``) draws the finished round's piles, badges, burned cards and shown hands
with the same keys. Keys use only the public fields of an event, so a line that a seat reads
with hidden cards names nothing more than the same line read by a spectator.

What lies on the table for one round only (hands, piles, badges, the deck, the set-aside,
face-up and burned cards, shown hands) is named by a log line with its round
(``discard:0:guard:played@3``, :func:`in_round`; the page reads the log in order,
:class:`RefsReader`), and each picture says its round in its root's ``data-scope``: the page
lights such a key only inside the picture of that round, so a line of an earlier round
lights that round's summary, never the same card in the round being played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from gonets.core.memo import Keyed
from gonets.games.loveletter.notation import split_play

DECK = "deck"
SPARE = "spare"
FACE_UP = "face_up"
RESULT = "result"


def seat(q: int) -> str:
    """The seat area of ``q``."""
    return f"seat:{q}"


def hand(q: int) -> str:
    """Where the cards ``q`` holds are drawn."""
    return f"hand:{q}"


def pile(q: int, key: str, cause: str = "played") -> str:
    """A chip of ``q``'s discard pile: ``key`` discarded for ``cause``."""
    return f"discard:{q}:{key}:{cause}"


def out(q: int) -> str:
    """The OUT badge of ``q``."""
    return f"out:{q}"


def token(q: int, n: int) -> str:
    """The ``n``-th token pip (from 1) of ``q``."""
    return f"token:{q}:{n}"


def burned(key: str) -> str:
    """A burned ``key``."""
    return f"burned:{key}"


def round_title(n: int) -> str:
    """The title naming round ``n``."""
    return f"round:{n}"


def shown(q: int) -> str:
    """The hand ``q`` showed at the showdown."""
    return f"showdown:{q}"


def _place(target) -> list[str]:
    """A chosen target: a seat area, or the set-aside card."""
    return [SPARE] if target == "spare" else [seat(target)]


def _held(target) -> list[str]:
    """A target and the hand in it: what a look, a guess or a swap is about."""
    return [SPARE] if target == "spare" else [seat(target), hand(target)]


def _play(e: dict) -> list[str]:
    keys = [seat(e["seat"]), pile(e["seat"], e["card"])]
    for target in split_play(e["action"])["targets"]:
        keys += _place(target)
    return keys


def _guess(card: str) -> Callable[[dict], list[str]]:
    """A Guard's or Bishop's guess: its player, its card, the guessed hand."""
    return lambda e: [seat(e["seat"]), pile(e["seat"], card), *_held(e["target"])]


def _swap(e: dict) -> list[str]:
    keys = [seat(e["seat"]), pile(e["seat"], e["kind"])]
    for q in e["between"]:
        keys += _held(q)
    return keys


def _showdown(e: dict) -> list[str]:
    return [key for q, held in enumerate(e["hands"]) if held is not None
            for key in (seat(q), shown(q))]


def _round_end(e: dict) -> list[str]:
    return [round_title(e["round"]), *(seat(q) for q in e["winners"])]


_BY_KIND: dict[str, Callable[[dict], list[str]]] = {
    "round": lambda e: [round_title(e["round"]), seat(e["starter"])],
    "starter": lambda e: [seat(e["seat"])],
    "face_up": lambda e: [FACE_UP],
    "deal": lambda e: [seat(e["seat"]), hand(e["seat"])],
    "draw": lambda e: [seat(e["seat"]), hand(e["seat"]),
                       SPARE if e["from"] == "spare" else DECK],
    "play": _play,
    "no_effect": lambda e: [seat(e["seat"]), pile(e["seat"], e["card"])],
    "guard": _guess("guard"),
    "bishop": _guess("bishop"),
    "assassin": lambda e: [seat(e["seat"]), seat(e["guard"])],
    "look": lambda e: [seat(e["seat"]), *_held(e["target"])],
    "compare": lambda e: [seat(e["seat"]), pile(e["seat"], e["kind"]), hand(e["seat"]),
                          *_held(e["target"])],
    "swap": _swap,
    "protect": lambda e: [seat(e["seat"]), pile(e["seat"], "handmaid")],
    "mark": lambda e: [seat(e["seat"]), pile(e["seat"], e["kind"]), seat(e["target"])],
    "redraw": lambda e: [seat(e["seat"]), hand(e["seat"])],
    "discard": lambda e: [seat(e["seat"]), pile(e["seat"], e["card"], e["cause"])],
    "out": lambda e: [seat(e["seat"]), out(e["seat"])],
    "burn": lambda e: [seat(e["seat"]), pile(e["seat"], "prince"), burned(e["card"]), SPARE],
    "chancellor": lambda e: [seat(e["seat"]), hand(e["seat"]), DECK],
    "return": lambda e: [seat(e["seat"]), hand(e["seat"]), DECK],
    "token": lambda e: [seat(e["seat"]), token(e["seat"], e["tokens"])],
    "showdown": _showdown,
    "round_end": _round_end,
    "game_end": lambda e: [RESULT, *(seat(q) for q in e["winners"])],
}


_ONE_ROUND = ("hand:", "discard:", "out:", "showdown:", "burned:", DECK, SPARE, FACE_UP)


def in_round(key: str, n: int) -> str:
    """``key`` as a line of round ``n`` names it: with its round (``@n``: the picture whose
    ``data-scope`` is ``n``) where it lasts one round only."""
    return f"{key}@{n}" if key.startswith(_ONE_ROUND) else key


class RefsReader:
    """A pass through a view's log in order (``Game.refs_reader``): the keys of each event
    (:func:`log_refs`), those of one round keyed with the round the event belongs to."""

    def __init__(self) -> None:
        self.round = 0

    def __call__(self, events: Sequence[dict]) -> list[list[str]]:
        found = []
        for event in events:
            if event.get("e") == "round":
                self.round = event.get("round", self.round)
            try:
                found.append(_keys_in_round(Keyed(event), self.round))
            except TypeError:                   # not JSON: not an event of a view's log
                found.append([in_round(key, self.round) for key in log_refs(event)])
        return found


@lru_cache(maxsize=16384)
def _keys_in_round(event: Keyed, n: int) -> tuple[str, ...]:
    """The keys of an event of round ``n`` (:class:`RefsReader`), remembered: a match
    repeats its events."""
    return tuple(in_round(key, n) for key in log_refs(event.value))


def log_refs(event: dict) -> list[str]:
    """The ``data-ref`` keys of the picture (or of the round summary's picture) that a log
    event of a view refers to: its players, the card played, the target, the hand that
    changed, the token won, the round's title (see the module's list); each key once, in
    order; none for an event it cannot read."""
    keys = _BY_KIND.get(event.get("e"))
    if keys is None:
        return []
    try:
        found = keys(event)
    except (KeyError, IndexError, TypeError, ValueError):
        return []
    return list(dict.fromkeys(found))
