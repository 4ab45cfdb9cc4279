"""Knock-outs, tokens, turns, the showdown and the end of a round (rules §1.5, §2 items 9,
16 and 18, L7-L12, L17)."""

from __future__ import annotations

from gonets.core.game import CHANCE, TERMINAL
from gonets.games.loveletter.notation import NONE
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules.encoding import (
    CARD_MASK,
    CAUSE_SHIFT,
    CAUSES,
    DEAL,
    KEY,
    KNOCKOUT,
    OVER,
    PLAY,
    STARTER,
)


class RoundFlow:
    """The flow of a round around the card effects (a part of :class:`LoveLetterState`)."""

    # -- shared mechanics ------------------------------------------------------------------------
    def _discard(self, seat: int, card: int, cause: int) -> None:
        self.discards[seat].append(card | cause << CAUSE_SHIFT)
        self.log = ("discard", (seat, KEY[card], CAUSES[cause]), None, 0, self.log)

    def _forced_draw(self, seat: int) -> None:
        """Draw a replacement; an empty deck gives the set-aside card (§1.4, item 20)."""
        if self.deck:
            card, source = self.deck.pop(), "deck"
        else:
            card, source = self.spare, "spare"
            if card == NONE:
                raise AssertionError("a second draw from the set-aside card in one round")
            self.spare = NONE
        self.hands[seat] = card
        self.log = ("draw", (seat, source), (KEY[card],), 1 << seat, self.log)

    def _knock_out(self, seat: int, by: int, self_inflicted: bool) -> bool:
        """Knock ``seat`` out of the round; True when that ended the game (Constable, L7-L8)."""
        hand = self.hands[seat]
        rules = self.rules
        pays = False
        if rules.has_constable:              # only a deck with the Constable can pay here
            pays = any(entry & CARD_MASK == C.CONSTABLE for entry in self.discards[seat])
            if hand == C.CONSTABLE and rules.constable_on_knockout:
                pays = True
            if self_inflicted and not rules.constable_self_pays:
                pays = False
        self.alive &= ~(1 << seat)
        self.prot &= ~(1 << seat)
        self.log = ("out", (seat, KEY[by]), None, 0, self.log)
        if hand != NONE:
            self.hands[seat] = NONE
            self._discard(seat, hand, KNOCKOUT)
        return pays and self._gain(seat, "constable")

    def _gain(self, seat: int, reason: str) -> bool:
        """A token outside the round's end; reaching the target wins at once (L8)."""
        self.tokens[seat] += 1
        self.log = ("token", (seat, reason, self.tokens[seat]), None, 0, self.log)
        if self.tokens[seat] >= self.rules.target:
            self.log = ("round_end", (self.round, [], "game_won"), None, 0, self.log)
            self._game_over([seat])
            return True
        return False

    def _clear_table(self) -> None:
        """The round is over: hands, draw pile and set-aside card leave the table."""
        self.hands = [NONE] * self.n
        self.drawn = NONE
        self.extra = []
        self.deck = []
        self.spare = NONE

    def _game_over(self, winners: list[int]) -> None:
        self._clear_table()
        self.winners = sorted(winners)
        self.phase, self.cur, self.turn = OVER, TERMINAL, NONE
        self.rounds_done += 1
        self.log = ("game_end", (self.winners,), None, 0, self.log)

    # -- turns and rounds ------------------------------------------------------------------------
    def _end_turn(self) -> None:
        """After a completed turn: one survivor wins, an empty deck means showdown (L17)."""
        alive = self.alive
        if alive & (alive - 1) == 0:
            self._round_won([alive.bit_length() - 1], "last_standing")
        elif not self.deck:
            self._showdown()
        else:
            n = self.n
            p = (self.turn + 1) % n
            while not alive >> p & 1:
                p = (p + 1) % n
            self.turn = self.cur = p                      # the next turn begins: draw
            self.prot &= ~(1 << p)
            card = self.drawn = self.deck.pop()
            self.log = ("draw", (p, "deck"), (KEY[card],), 1 << p, self.log)

    def _begin_turn(self, p: int) -> None:
        self.turn = self.cur = p
        self.phase = PLAY
        self.prot &= ~(1 << p)
        card = self.drawn = self.deck.pop()
        self.log = ("draw", (p, "deck"), (KEY[card],), 1 << p, self.log)

    def _showdown(self) -> None:
        """Compare survivors' hands (rules §2 items 9 and 16)."""
        rules = self.rules
        value = rules.value
        hands = self.hands
        n = self.n
        alive = self.alive
        survivors = [q for q in range(n) if alive >> q & 1]
        bishop_out = rules.princess_beats_bishop and C.PRINCESS in hands
        scores: list = [None] * n
        totals: list = [None] * n
        best = -1
        for q in survivors:
            card = hands[q]
            pile = self.discards[q]
            totals[q] = sum([value[e & CARD_MASK] for e in pile])
            if bishop_out and card == C.BISHOP:
                continue
            score = value[card]
            if rules.count_bonus:
                score += sum([1 for e in pile if e & CARD_MASK == C.COUNT])
            scores[q] = score
            best = max(best, score)
        tied = [q for q in survivors if scores[q] == best]
        if len(tied) > 1 and rules.discard_tiebreak:
            top = max([totals[q] for q in tied])
            tied = [q for q in tied if totals[q] == top]
        if len(tied) > 1:
            rule = rules.residual_tie
            if rule == "nobody":
                tied = []
            elif rule == "seat_order":
                tied = [min(tied, key=lambda q: (q - self.starter) % n)]
        self._event("showdown", ([KEY[hands[q]] if alive >> q & 1 else None for q in range(n)],
                                 scores, totals))
        self._round_won(tied, "showdown")

    def _round_won(self, winners: list[int], reason: str) -> None:
        """Give the round's tokens (L10) and end the game or prepare the next round."""
        target = self.rules.target
        tokens = self.tokens
        self.log = ("round_end", (self.round, winners, reason), None, 0, self.log)
        for w in winners:
            tokens[w] += 1
            self.log = ("token", (w, "round", tokens[w]), None, 0, self.log)
        reached = [w for w in winners if tokens[w] >= target]
        if reached and self.rules.winner_first:
            self._game_over(reached)
            return
        if self.jester_on != NONE and self.jester_on in winners:
            tokens[self.jester_by] += 1
            self._event("token", (self.jester_by, "jester", tokens[self.jester_by]))
        if self.rules.has_spy:            # §1.5: the Spy pays even when nobody wins the round
            spies = [q for q in range(self.n) if self.alive >> q & 1 and
                     any(e & CARD_MASK == C.SPY for e in self.discards[q])]
            if len(spies) == 1:
                tokens[spies[0]] += 1
                self.log = ("token", (spies[0], "spy", tokens[spies[0]]), None, 0, self.log)
        if max(tokens) >= target:
            at_target = [q for q in range(self.n) if tokens[q] >= target]
            self._game_over(at_target)
            return
        self.rounds_done += 1
        self._clear_table()
        self._next_starter(winners)

    def _next_starter(self, winners: list[int]) -> None:
        """Who starts the next round (rules §2 item 18, L12)."""
        rule = self.rules.next_starter
        self.cur, self.turn = CHANCE, NONE
        if rule == "random":
            self.phase, self.starter = STARTER, NONE
            return
        self.phase = DEAL
        n, previous = self.n, self.starter
        if rule == "previous_winner" and winners:
            self.starter = winners[0] if len(winners) == 1 else \
                min(winners, key=lambda q: (q - previous) % n)
        else:
            self.starter = (previous + 1) % n


    def _deal(self, cards: list[int]) -> None:
        """Deal a round from a stacked deck, top card first (see RULES.md 'Dealing')."""
        n = self.n
        self.round += 1
        self.spare = cards[0]
        face = self.rules.face_up
        self.face_up = cards[1:1 + face]
        self.burned = []
        self.alive = (1 << n) - 1
        self.prot = 0
        self.mark = self.jester_by = self.jester_on = NONE
        self.discards = [[] for _ in range(n)]
        starter, hands = self.starter, self.hands
        log = ("round", (self.round, starter), None, 0, self.log)
        if face:
            log = ("face_up", ([KEY[c] for c in self.face_up],), None, 0, log)
        position = 1 + face
        for i in range(n):
            seat = (starter + i) % n
            card = hands[seat] = cards[position + i]
            log = ("deal", (seat,), (KEY[card],), 1 << seat, log)
        self.log = log
        self.deck = cards[position + n:][::-1]
        self._begin_turn(starter)

