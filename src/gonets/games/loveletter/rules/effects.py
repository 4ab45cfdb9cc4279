"""The card effects of a play and the follow-up decisions they open (the Bishop's victim
redraws or keeps; the Chancellor keeps one card): rules §1.4, items 10-19, L4-L6, L14.

Each effect is a method ``effect(state, player, action)`` returning True when a follow-up
decision is pending; :func:`effects_for` lists one per action id.
"""

from __future__ import annotations

from gonets.games.loveletter.notation import NO_CHOICE, NONE, REDRAW, SPARE
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules.encoding import (
    BISHOP_REDRAW,
    BY_ASSASSIN,
    BY_BISHOP,
    BY_PRINCE,
    CHANCELLOR,
    KEY,
    PLAY,
    target_json,
)
from gonets.games.loveletter.rules.legal import Rules


class CardEffects:
    """What each card does once played (a part of :class:`LoveLetterState`)."""

    def _no_effect(self, p, action):
        """A card played without effect: nobody could be chosen (L4)."""
        self.log = ("no_effect", (p, KEY[self.rules.kind[action]]), None, 0, self.log)
        return False

    def _guard(self, p, action):
        t = self.rules.t1[action]
        hand = self.hands[t]
        if hand == C.ASSASSIN:
            self.log = ("guard", (p, t, self.rules.guess_json[action], False), None, 0, self.log)
            self.log = ("assassin", (t, p), None, 0, self.log)
            if self._knock_out(p, C.ASSASSIN, False):
                return False
            self.hands[t] = NONE
            self._discard(t, C.ASSASSIN, BY_ASSASSIN)
            self._forced_draw(t)
            return False
        hit = (self.rules.gmask[action] >> hand) & 1
        self.log = ("guard", (p, t, self.rules.guess_json[action], bool(hit)), None, 0, self.log)
        if hit:
            self._knock_out(t, C.GUARD, False)
        return False

    def _look(self, p, t):
        card = self.spare if t == SPARE else self.hands[t]
        self.log = ("look", (p, target_json(t)), (KEY[card],), 1 << p, self.log)

    def _priest(self, p, action):
        self._look(p, self.rules.t1[action])
        return False

    def _baroness(self, p, action):
        rules = self.rules
        self._look(p, rules.t1[action])
        if rules.t2[action] != NONE:
            self._look(p, rules.t2[action])
        return False

    def _compare(self, p, action, higher_loses):
        t = self.rules.t1[action]
        kind = C.DOWAGER if higher_loses else C.BARON
        mine, theirs = self.hands[p], self.hands[t]
        value = self.rules.value
        diff = value[mine] - value[theirs]
        loser = NONE
        if diff:
            loser = p if (diff < 0) != higher_loses else t
        self.log = ("compare", (p, t, KEY[kind], None if loser == NONE else loser),
                    ([KEY[mine], KEY[theirs]],), (1 << p) | (1 << t), self.log)
        if loser != NONE:
            self._knock_out(loser, kind, loser == p)
        return False

    def _baron(self, p, action):
        return self._compare(p, action, False)

    def _dowager(self, p, action):
        return self._compare(p, action, True)

    def _handmaid(self, p, action):
        self.prot |= 1 << p
        self.log = ("protect", (p,), None, 0, self.log)
        return False

    def _prince(self, p, action):
        t = self.rules.t1[action]
        if t == SPARE:
            card = self.spare
            self.burned.append(card)
            self.spare = self.deck.pop() if self.deck else NONE
            self.log = ("burn", (p, KEY[card], self.spare != NONE), None, 0, self.log)
            return False
        card = self.hands[t]
        self.hands[t] = NONE
        self._discard(t, card, BY_PRINCE)
        if card == C.PRINCESS:
            self._knock_out(t, C.PRINCE, t == p)
        else:
            self._forced_draw(t)
        return False

    def _king(self, p, action):
        self._swap(p, C.KING, p, self.rules.t1[action])
        return False

    def _swap(self, p, kind, a, b):
        hands = self.hands
        if b == SPARE:
            hands[a], self.spare = self.spare, hands[a]
            now = [KEY[hands[a]], KEY[self.spare]]
            seen = 1 << a
        else:
            hands[a], hands[b] = hands[b], hands[a]
            now = [KEY[hands[a]], KEY[hands[b]]]
            seen = (1 << a) | (1 << b)
        self.log = ("swap", (p, KEY[kind], [a, target_json(b)]), (now,), seen, self.log)

    def _princess(self, p, action):
        self._knock_out(p, C.PRINCESS, True)
        return False

    def _bishop(self, p, action):
        t = self.rules.t1[action]
        hit = (self.rules.gmask[action] >> self.hands[t]) & 1
        self.log = ("bishop", (p, t, self.rules.guess_json[action], bool(hit)), None, 0, self.log)
        if not hit:
            return False
        if self._gain(p, "bishop"):
            return True
        self.phase = BISHOP_REDRAW
        self.cur = t
        self.bishop_by = p
        return True

    def _sycophant(self, p, action):
        t = self.mark = self.rules.t1[action]
        self.log = ("mark", (p, t, "sycophant"), None, 0, self.log)
        return False

    def _cardinal(self, p, action):
        rules = self.rules
        self._swap(p, C.CARDINAL, rules.t1[action], rules.t2[action])
        look = rules.look[action]
        if look != NONE:
            self._look(p, look)
        return False

    def _jester(self, p, action):
        t = self.rules.t1[action]
        self.jester_by, self.jester_on = p, t
        self.log = ("mark", (p, t, "jester"), None, 0, self.log)
        return False

    # -- follow-up decisions -----------------------------------------------------------------------
    def _bishop_redraw(self, redraw: bool) -> None:
        victim = self.cur
        self.log = ("redraw", (victim, "redraw" if redraw else "keep"), None, 0, self.log)
        self.phase, self.cur, self.bishop_by = PLAY, self.turn, NONE
        if redraw:
            card = self.hands[victim]
            self.hands[victim] = NONE
            self._discard(victim, card, BY_BISHOP)
            if card == C.PRINCESS:
                self._knock_out(victim, C.PRINCESS, True)
            else:
                self._forced_draw(victim)
        if self.phase == PLAY:
            self._end_turn()

    def _chancellor_draw(self, p: int, action: int = NONE) -> bool:
        deck = self.deck
        if not deck:
            self.log = ("no_effect", (p, KEY[C.CHANCELLOR]), None, 0, self.log)
            return False
        self.extra = [deck.pop() for _ in range(min(2, len(deck)))]
        self._event("chancellor", (p, len(self.extra)), ([KEY[c] for c in self.extra],),
                    1 << p)
        self.phase = CHANCELLOR
        return True

    def _chancellor_keep(self, action: int) -> None:
        row = self.rules.table[action]
        p = self.turn
        self.hands[p] = row.keep
        self.extra = []
        self.deck[:0] = row.bottom[::-1]
        self._event("return", (p, len(row.bottom)),
                    (KEY[row.keep], [KEY[c] for c in row.bottom]), 1 << p)
        self.phase = PLAY
        self._end_turn()


_EFFECTS = {
    C.GUARD: CardEffects._guard, C.PRIEST: CardEffects._priest,
    C.BARON: CardEffects._baron, C.HANDMAID: CardEffects._handmaid,
    C.PRINCE: CardEffects._prince, C.KING: CardEffects._king,
    C.PRINCESS: CardEffects._princess, C.BISHOP: CardEffects._bishop,
    C.DOWAGER: CardEffects._dowager, C.SYCOPHANT: CardEffects._sycophant,
    C.BARONESS: CardEffects._baroness, C.CARDINAL: CardEffects._cardinal,
    C.JESTER: CardEffects._jester, C.CHANCELLOR: CardEffects._chancellor_draw,
}


def effects_for(rules: Rules) -> list:
    """The effect of every action id (None: nothing happens), so a play is one list lookup."""
    effects = []
    for action, kind in enumerate(rules.kind):
        if kind >= REDRAW:
            effects.append(None)
        elif rules.t1[action] == NONE and kind not in NO_CHOICE:
            effects.append(CardEffects._no_effect)
        else:
            effects.append(_EFFECTS.get(kind))
    return effects

