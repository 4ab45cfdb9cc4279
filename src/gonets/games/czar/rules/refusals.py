"""Why an action is refused: messages naming the problem, from what the seat may know."""

from __future__ import annotations

from gonets.core.errors import IllegalAction
from gonets.games.czar import notation as A
from gonets.games.czar.rules.board import (
    COLOURS,
    INN_KEYS,
    INN_LEVEL,
    INN_NAMES,
    LEVEL_TITLES,
    NUM_INNS,
    TYPES,
    courier_name,
)
from gonets.games.czar.rules.phases import BONUS, DRAWN, INITIAL, OFFER, RUBLES, RUBLES_FIRST


class RefusalMixin:
    """The text of an ``IllegalAction`` for a refused id."""

    __slots__ = ()

    def _why_illegal(self, action: int) -> str:
        """A message naming why ``action`` is refused (only from what the seat may know)."""
        try:
            text = A.action_text(action)
        except IllegalAction as exc:
            return str(exc)
        who = f"p{self.active + 1}"
        phase = self.phase
        if phase == INITIAL:
            return (f"{text!r} is not legal: {who} is placing the starting courier, a "
                    f"{TYPES[self.drawn & 3]}, into an empty open swamp inn")
        if phase == DRAWN:
            return (f"{text!r} is not legal: {who} must place the drawn "
                    f"{courier_name(self.drawn)} into a swamp inn with its room free")
        if phase in (RUBLES_FIRST, RUBLES):
            return (f"{text!r} is not legal: {who}'s message is with a guard, so the turn is "
                    "the rubles action (reveal" + (" or stop)" if phase == RUBLES else ")"))
        if phase == BONUS:
            return f"{text!r} is not legal: {who} may take the bonus action now or 'end'"
        if phase == OFFER:
            return f"{text!r} is not legal: {who} must answer the extra colour offer first " \
                   "('extra' or 'decline')"
        if action >= A.PLACE_COLOUR:
            return self._why_colour_refused(action, text)
        if action >= A.TRAVEL:
            return self._why_travel_illegal(action, text)
        if action >= A.MESSAGE:
            if self.msg[self.active] < 0:
                return f"{text!r} is not legal: your message is already with a guard"
            return (f"{text!r} is not legal: the message may only go to another of your own "
                    "couriers in the same village as the courier carrying it")
        if action >= A.PLACE:
            kind, inn = divmod(action - A.PLACE, NUM_INNS)
            if not any(c & 3 == kind for c in self.display[self.active]):
                return f"{text!r} is not legal: your display has no {TYPES[kind]}"
            colours = self._display_colours(kind)
            if len(colours) > 1:
                named = " or ".join(f"'place {c} {TYPES[kind]} {INN_KEYS[inn]}'"
                                    for c in colours)
                return (f"{text!r} is not legal: your display holds a {TYPES[kind]} in "
                        f"{len(colours)} colours, so name the one to place: {named}")
            return self._why_inn_refuses(text, kind, inn)
        if action == A.DRAW:
            return f"{text!r} is not legal: your stack is empty"
        if action == A.PASS:
            return f"{text!r} is not legal: you may pass only when no other action is possible"
        if action == A.BRIBE:
            return (f"{text!r} is not legal: bribing needs revised rubles, your message with a "
                    "guard and coins worth at least that guard's price")
        return f"{text!r} is not legal now (it belongs to the rubles or bonus steps)"

    def _display_colours(self, kind: int) -> list[str]:
        """The colours of the active player's display couriers of ``kind``, first seen first."""
        found: list[str] = []
        for code in self.display[self.active]:
            if code & 3 == kind and COLOURS[code >> 2] not in found:
                found.append(COLOURS[code >> 2])
        return found

    def _why_colour_refused(self, action: int, text: str) -> str:
        code, inn = divmod(action - A.PLACE_COLOUR, NUM_INNS)
        kind, colour = code & 3, COLOURS[code >> 2]
        colours = self._display_colours(kind)
        if colour not in colours:
            return f"{text!r} is not legal: your display has no {colour} {TYPES[kind]}"
        if len(colours) == 1:
            return (f"{text!r} is not legal: your display holds the {TYPES[kind]} in one colour "
                    f"only; write 'place {TYPES[kind]} {INN_KEYS[inn]}'")
        return self._why_inn_refuses(text, kind, inn)

    def _why_inn_refuses(self, text: str, kind: int, inn: int) -> str:
        name = INN_NAMES[inn]
        if not self.t.open[inn]:
            return f"{text!r} is not legal: {name} is closed with {self.n} players"
        if self.cnt[inn] >= 3:
            return f"{text!r} is not legal: {name} is full (3 couriers)"
        if self.rooms[inn * 4 + kind] >= 0:
            return f"{text!r} is not legal: the {TYPES[kind]} room of {name} is taken"
        return (f"{text!r} is not legal: new couriers enter the swamp only "
                f"({name} is in the {LEVEL_TITLES[INN_LEVEL[inn]]})")

    def _why_travel_illegal(self, action: int, text: str) -> str:
        inn, first, second, _, _ = A.decode_travel(action)
        name = INN_NAMES[inn]
        if self.cnt[inn] != 3:
            return f"{text!r} is not legal: {name} is not full (it needs 3 couriers)"
        if not any(self.rooms[s] >= 0 and self.owner_of(self.rooms[s]) == self.active
                   for s in range(inn * 4, inn * 4 + 4)):
            return f"{text!r} is not legal: you have no courier in {name}"
        empty = self.empty_room(inn)
        leavers = {(empty + 1) & 3, (empty + 2) & 3}
        if {first, second} != leavers:
            a, b = sorted(leavers)
            return (f"{text!r} is not legal: the {TYPES[empty]} room of {name} is empty, so "
                    f"the leavers are its {TYPES[a]} and {TYPES[b]}")
        if self.t.arrow_order and first != (empty + 1) & 3:
            return (f"{text!r} is not legal: with travel_order=arrow the "
                    f"{TYPES[(empty + 1) & 3]} leaves first")
        return (f"{text!r} is not legal: each leaver must stop in a free room of the first "
                "village above with one, never in its partner's inn; only a courier with no "
                "such inn anywhere above goes on to the palace")

