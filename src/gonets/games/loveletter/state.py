"""The rules of Love Letter: one ``LoveLetterState`` per position.

Cards are ints (see ``cards.py``); hands are one int per seat plus the turn player's drawn
card; discard piles are lists of ``card | cause << 5``; the draw pile is a list whose *end* is
the top. The log is an immutable linked list shared by clones: ``self.log`` is the newest
entry ``(kind, public values, private values, mask of entitled seats, previous entry)``.
"""

from __future__ import annotations

import random

from gonets.core.errors import IllegalAction
from gonets.core.game import CHANCE, TERMINAL, Result, State
from gonets.core.options import Config
from gonets.games.loveletter import cards as C
from gonets.games.loveletter.actions import (
    CHANCELLOR_KEEP,
    NO_CHOICE,
    NONE,
    REDRAW,
    SPARE,
    Rules,
    rules_for,
)

DEAL, STARTER, PLAY, BISHOP_REDRAW, CHANCELLOR, OVER = range(6)
PHASES = ("deal", "deal", "play", "redraw", "chancellor", "over")

PLAYED, BY_PRINCE, BY_BISHOP, BY_ASSASSIN, KNOCKOUT = range(5)
CAUSES = ("played", "prince", "bishop", "assassin", "knockout")
CAUSE_SHIFT = 5
CARD_MASK = (1 << CAUSE_SHIFT) - 1

KEY = C.KEYS


def _target_json(target: int):
    return "spare" if target == SPARE else target


class LoveLetterState(State):
    """A position of a Love Letter match: many rounds up to the token target."""

    def __init__(self, config: Config):
        self.config = config
        self.rules: Rules = rules_for(config)
        if self.rules.effects is None:
            self.rules.effects = effects_for(self.rules)
        n = self.n = config.players
        self.phase = STARTER if config["next_starter"] == "random" else DEAL
        self.cur = CHANCE
        self.turn = NONE
        self.hands = [NONE] * n
        self.drawn = NONE
        self.extra: list[int] = []          # Chancellor: the cards drawn by it
        self.alive = 0
        self.prot = 0
        self.mark = NONE
        self.jester_by = self.jester_on = NONE
        self.bishop_by = NONE
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []
        self.spare = NONE
        self.face_up: list[int] = []
        self.burned: list[int] = []
        self.tokens = [0] * n
        self.round = 0
        self.starter = 0 if self.phase == DEAL else NONE
        self.winners: list[int] = []
        self.played = 0
        self.rounds_done = 0
        self.log = None                      # newest entry; each links to the one before
        self._legal = None

    # -- cloning ---------------------------------------------------------------------------------
    def clone(self) -> LoveLetterState:
        other = LoveLetterState.__new__(LoveLetterState)
        other.__dict__.update(self.__dict__)
        other.hands = self.hands[:]
        other.extra = self.extra[:]
        other.discards = [pile[:] for pile in self.discards]
        other.deck = self.deck[:]
        other.face_up = self.face_up[:]
        other.burned = self.burned[:]
        other.tokens = self.tokens[:]
        other.winners = self.winners[:]
        return other

    # -- log -------------------------------------------------------------------------------------
    def _event(self, kind: str, public: tuple, private: tuple | None = None,
               seen_by: int = 0) -> None:
        self.log = (kind, public, private, seen_by, self.log)

    def log_entries(self) -> list[tuple]:
        """The log, oldest first, as ``(kind, public, private, seen_by)`` entries."""
        entries = []
        node = self.log
        while node is not None:
            entries.append(node[:4])
            node = node[4]
        entries.reverse()
        return entries

    # -- who decides -----------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.cur

    def legal_actions(self):
        found = self._legal
        if found is None:
            if self.cur < 0:
                return ()
            found = self._legal_pair()
        return found[0]

    def _legal_pair(self):
        """(legal ids, their frozenset), cached by a small key of the position."""
        found = self._legal
        if found is None:
            phase = self.phase
            rules = self.rules
            if phase == PLAY:
                p = self.turn
                a, b = self.hands[p], self.drawn
                if a > b:
                    a, b = b, a
                key = (p, a, b, self.alive & ~self.prot & ~(1 << p), self.mark,
                       self.spare >= 0)
                found = rules.cache.get(key)
                if found is None:
                    found = rules.play_options(*key)
            elif phase == BISHOP_REDRAW:
                found = rules.redraw_legal
            else:
                found = rules.keep_options((self.hands[self.turn], *self.extra))
            self._legal = found
        return found

    def action_to_text(self, action: int) -> str:
        return self.rules.action_to_text(action)

    def text_to_action(self, text: str) -> int:
        return self.rules.text_to_action(text)

    # -- applying --------------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if self.cur < 0:
            if self.cur == TERMINAL:
                raise IllegalAction("the match is over; no more actions are accepted")
            raise IllegalAction("a random event (the shuffle) is pending, not a decision")
        if type(action) is not int or action not in (self._legal or self._legal_pair())[1]:
            raise IllegalAction(self._refusal(action))
        self._legal = None
        rules = self.rules
        kind = rules.kind[action]
        if kind >= REDRAW:
            if kind == CHANCELLOR_KEEP:
                self._chancellor_keep(action)
            else:
                self._bishop_redraw(kind == REDRAW)
            return
        # play a card: the mark binds the very next played card only (L5)
        p = self.turn
        hands = self.hands
        if hands[p] == kind:
            hands[p] = self.drawn
        self.drawn = NONE
        self.discards[p].append(kind)
        self.played += 1
        self.mark = NONE
        self.log = ("play", (p, KEY[kind], rules.texts[action]), None, 0, self.log)
        effect = rules.effects[action]
        if effect is not None and effect(self, p, action):
            return                                   # a follow-up decision is pending
        if self.phase == PLAY:
            self._end_turn()

    def _refusal(self, action) -> str:
        """Why ``action`` is refused, naming only what the deciding seat may know."""
        rules = self.rules
        if type(action) is not int or not 0 <= action < len(rules.table):
            return (f"{action!r} is not an action id of this configuration "
                    f"(0..{len(rules.table) - 1})")
        text = rules.texts[action]
        who = f"p{self.cur + 1}"
        kind = rules.kind[action]
        if self.phase == BISHOP_REDRAW:
            return f"{who} must answer the Bishop with 'redraw' or 'keep', not {text!r}"
        if self.phase == CHANCELLOR:
            return f"{who} must choose what the Chancellor keeps; {text!r} is not possible"
        if kind >= REDRAW:
            return f"{text!r} is not a card play; {who} must play a card"
        if kind not in (self.hands[self.turn], self.drawn):
            return f"{who} does not hold a {C.card_name(KEY[kind])}"
        legal = ", ".join(rules.texts[a] for a in self._legal_pair()[0])
        return f"{text!r} is not legal now ({self._reason(action)}); {who} may play: {legal}"

    def _reason(self, action: int) -> str:
        """The public reason a play of a held card is refused."""
        rules = self.rules
        hand = {self.hands[self.turn], self.drawn}
        if C.COUNTESS in hand and (hand - {C.COUNTESS}) & rules.countess_triggers and \
                rules.kind[action] != C.COUNTESS:
            return "the Countess must be played"
        for t in (rules.t1[action], rules.t2[action]):
            if 0 <= t < self.n and not self.alive >> t & 1:
                return f"p{t + 1} is out of the round"
            if 0 <= t < self.n and self.prot >> t & 1:
                return f"p{t + 1} is protected by a Handmaid"
        if self.mark != NONE:
            return f"the Sycophant's mark binds this card to p{self.mark + 1}"
        return "a choice this card cannot make now"

    # -- card effects (each returns True when a follow-up decision is pending) ------------------
    def _no_effect(self, p, action):
        """A card played without effect: nobody could be chosen (L4)."""
        self.log = ("no_effect", (p, KEY[self.rules.kind[action]]), None, 0, self.log)
        return False

    def _guard(self, p, action):
        t = self.rules.t1[action]
        hand = self.hands[t]
        if hand == C.ASSASSIN:
            self._event("guard", (p, t, self.rules.guess_json[action], False))
            self._event("assassin", (t, p))
            if self._knock_out(p, C.ASSASSIN, False):
                return False
            self.hands[t] = NONE
            self._discard(t, C.ASSASSIN, BY_ASSASSIN)
            self._forced_draw(t)
            return False
        hit = (self.rules.gmask[action] >> hand) & 1
        self._event("guard", (p, t, self.rules.guess_json[action], bool(hit)))
        if hit:
            self._knock_out(t, C.GUARD, False)
        return False

    def _look(self, p, t):
        card = self.spare if t == SPARE else self.hands[t]
        self._event("look", (p, _target_json(t)), (KEY[card],), 1 << p)

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
        self._event("compare", (p, t, KEY[kind], None if loser == NONE else loser),
                    ([KEY[mine], KEY[theirs]],), (1 << p) | (1 << t))
        if loser != NONE:
            self._knock_out(loser, kind, loser == p)
        return False

    def _baron(self, p, action):
        return self._compare(p, action, False)

    def _dowager(self, p, action):
        return self._compare(p, action, True)

    def _handmaid(self, p, action):
        self.prot |= 1 << p
        self._event("protect", (p,))
        return False

    def _prince(self, p, action):
        t = self.rules.t1[action]
        if t == SPARE:
            card = self.spare
            self.burned.append(card)
            self.spare = self.deck.pop() if self.deck else NONE
            self._event("burn", (p, KEY[card], self.spare != NONE))
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
        self._event("swap", (p, KEY[kind], [a, _target_json(b)]), (now,), seen)

    def _princess(self, p, action):
        self._knock_out(p, C.PRINCESS, True)
        return False

    def _bishop(self, p, action):
        t = self.rules.t1[action]
        hit = (self.rules.gmask[action] >> self.hands[t]) & 1
        self._event("bishop", (p, t, self.rules.guess_json[action], bool(hit)))
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
        self._event("mark", (p, t, "sycophant"))
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
        self._event("mark", (p, t, "jester"))
        return False

    # -- follow-up decisions -----------------------------------------------------------------------
    def _bishop_redraw(self, redraw: bool) -> None:
        victim = self.cur
        self._event("redraw", (victim, "redraw" if redraw else "keep"))
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
            self._event("no_effect", (p, KEY[C.CHANCELLOR]))
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

    # -- shared mechanics ------------------------------------------------------------------------
    def _discard(self, seat: int, card: int, cause: int) -> None:
        self.discards[seat].append(card | cause << CAUSE_SHIFT)
        self._event("discard", (seat, KEY[card], CAUSES[cause]))

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
        self._event("draw", (seat, source), (KEY[card],), 1 << seat)

    def _knock_out(self, seat: int, by: int, self_inflicted: bool) -> bool:
        """Knock ``seat`` out of the round; True when that ended the game (Constable, L7-L8)."""
        pile = self.discards[seat]
        pays = any(entry & CARD_MASK == C.CONSTABLE for entry in pile)
        hand = self.hands[seat]
        cfg = self.config
        if hand == C.CONSTABLE and cfg["constable_counts_knockout_discard"]:
            pays = True
        if self_inflicted and not cfg["constable_self_knockout_pays"]:
            pays = False
        self.alive &= ~(1 << seat)
        self.prot &= ~(1 << seat)
        self._event("out", (seat, KEY[by]))
        if hand != NONE:
            self.hands[seat] = NONE
            self._discard(seat, hand, KNOCKOUT)
        return pays and self._gain(seat, "constable")

    def _gain(self, seat: int, reason: str) -> bool:
        """A token outside the round's end; reaching the target wins at once (L8)."""
        self.tokens[seat] += 1
        self._event("token", (seat, reason, self.tokens[seat]))
        if self.tokens[seat] >= self.rules.target:
            self._event("round_end", (self.round, [], "game_won"))
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
        self._event("game_end", (self.winners,))

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

    def _count_bonus(self, seat: int) -> int:
        return sum(1 for e in self.discards[seat] if e & CARD_MASK == C.COUNT)

    def _round_won(self, winners: list[int], reason: str) -> None:
        """Give the round's tokens (L10) and end the game or prepare the next round."""
        target = self.rules.target
        tokens = self.tokens
        self._event("round_end", (self.round, winners, reason))
        for w in winners:
            tokens[w] += 1
            self._event("token", (w, "round", tokens[w]))
        reached = [w for w in winners if tokens[w] >= target]
        if reached and self.config["simultaneous_target"] == "round_winner_first":
            self._game_over(reached)
            return
        if self.jester_on != NONE and self.jester_on in winners:
            tokens[self.jester_by] += 1
            self._event("token", (self.jester_by, "jester", tokens[self.jester_by]))
        if self.rules.has_spy and winners:                # L10: the Spy follows the Jester
            spies = [q for q in range(self.n) if self.alive >> q & 1 and
                     any(e & CARD_MASK == C.SPY for e in self.discards[q])]
            if len(spies) == 1:
                tokens[spies[0]] += 1
                self._event("token", (spies[0], "spy", tokens[spies[0]]))
        if max(tokens) >= target:
            at_target = [q for q in range(self.n) if tokens[q] >= target]
            self._game_over(at_target)
            return
        self.rounds_done += 1
        self._clear_table()
        self._next_starter(winners)

    def _next_starter(self, winners: list[int]) -> None:
        """Who starts the next round (rules §2 item 18, L12)."""
        rule = self.config["next_starter"]
        self.cur, self.turn = CHANCE, NONE
        if rule == "random":
            self.phase, self.starter = STARTER, NONE
            return
        self.phase = DEAL
        n, previous = self.n, self.starter
        if rule == "previous_winner" and winners:
            self.starter = min(winners, key=lambda q: (q - previous) % n)
        else:
            self.starter = (previous + 1) % n

    # -- chance ----------------------------------------------------------------------------------
    def sample_chance(self, rng: random.Random):
        if self.cur != CHANCE:
            raise IllegalAction("there is no random event pending")
        if self.phase == STARTER:
            return rng.randrange(self.n)
        draw = rng.random                  # sort by independent uniform keys: a fair shuffle
        return sorted(self.rules.deck_names, key=lambda _: draw())

    def apply_chance(self, outcome) -> None:
        if self.cur != CHANCE:
            raise IllegalAction("there is no random event pending")
        if self.phase == STARTER:
            if type(outcome) is not int or not 0 <= outcome < self.n:
                raise IllegalAction(f"the random starter must be a seat number 0..{self.n - 1}, "
                                    f"not {outcome!r}")
            self.starter = outcome
            self.phase = DEAL
            self._event("starter", (outcome,))
            return
        self._deal(self._read_deck(outcome))

    def _read_deck(self, outcome) -> list[int]:
        """Check that ``outcome`` is a permutation of the deck in use (names the problem)."""
        if type(outcome) is list:
            try:
                if sorted(outcome) == self.rules.sorted_names:
                    index = C.INDEX
                    return [index[name] for name in outcome]
            except TypeError:
                pass
        deck = self.rules.deck
        if not isinstance(outcome, list):
            raise IllegalAction(f"the shuffle must be a list of {len(deck.cards)} card names, "
                                f"not {type(outcome).__name__}")
        if len(outcome) != len(deck.cards):
            raise IllegalAction(f"the shuffle must list {len(deck.cards)} cards "
                                f"({deck.name} deck), not {len(outcome)}")
        cards = []
        for name in outcome:
            if not isinstance(name, str) or name not in C.INDEX or \
                    not deck.copies[C.INDEX[name]]:
                raise IllegalAction(f"the shuffle names {name!r}, which is not a card of the "
                                    f"{deck.name} deck")
            cards.append(C.INDEX[name])
        for kind in deck.kinds:
            count = cards.count(kind)
            if count != deck.copies[kind]:
                raise IllegalAction(f"the shuffle has {count} {KEY[kind]} card(s); the "
                                    f"{deck.name} deck has {deck.copies[kind]}")
        return cards

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
        self._event("round", (self.round, self.starter))
        if face:
            self._event("face_up", ([KEY[c] for c in self.face_up],))
        position = 1 + face
        for i in range(n):
            seat = (self.starter + i) % n
            self.hands[seat] = cards[position + i]
            self._event("deal", (seat,), (KEY[cards[position + i]],), 1 << seat)
        self.deck = cards[position + n:][::-1]
        self._begin_turn(self.starter)

    # -- end -------------------------------------------------------------------------------------
    def result(self) -> Result:
        return Result([float(t) for t in self.tokens], list(self.winners),
                      {"tokens": list(self.tokens), "rounds": self.rounds_done,
                       "target": self.rules.target})

    # -- information -----------------------------------------------------------------------------
    def _view(self, seat):
        from gonets.games.loveletter.views import build_view
        return build_view(self, seat)

    def snapshot(self):
        def names(cards):
            return [KEY[c] for c in cards]

        return {
            "phase": PHASES[self.phase], "cur": self.cur, "turn": self.turn,
            "round": self.round, "starter": self.starter,
            "hands": [KEY[c] if c != NONE else None for c in self.hands],
            "drawn": KEY[self.drawn] if self.drawn != NONE else None,
            "extra": names(self.extra),
            "deck_top_first": names(self.deck[::-1]),
            "spare": KEY[self.spare] if self.spare != NONE else None,
            "face_up": names(self.face_up), "burned": names(self.burned),
            "alive": [bool(self.alive >> q & 1) for q in range(self.n)],
            "protected": [bool(self.prot >> q & 1) for q in range(self.n)],
            "mark": self.mark, "jester": [self.jester_by, self.jester_on],
            "bishop_by": self.bishop_by,
            "discards": [[[KEY[e & CARD_MASK], CAUSES[e >> CAUSE_SHIFT]] for e in pile]
                         for pile in self.discards],
            "tokens": list(self.tokens), "winners": list(self.winners),
            "played": self.played, "rounds_done": self.rounds_done,
            "log": [[k, list(pub), list(priv) if priv is not None else None, seen]
                    for k, pub, priv, seen in self.log_entries()],
        }


_EFFECTS = {
    C.GUARD: LoveLetterState._guard, C.PRIEST: LoveLetterState._priest,
    C.BARON: LoveLetterState._baron, C.HANDMAID: LoveLetterState._handmaid,
    C.PRINCE: LoveLetterState._prince, C.KING: LoveLetterState._king,
    C.PRINCESS: LoveLetterState._princess, C.BISHOP: LoveLetterState._bishop,
    C.DOWAGER: LoveLetterState._dowager, C.SYCOPHANT: LoveLetterState._sycophant,
    C.BARONESS: LoveLetterState._baroness, C.CARDINAL: LoveLetterState._cardinal,
    C.JESTER: LoveLetterState._jester, C.CHANCELLOR: LoveLetterState._chancellor_draw,
}


def effects_for(rules: Rules) -> list:
    """The effect of every action id (None: nothing happens), so a play is one list lookup."""
    effects = []
    for action, kind in enumerate(rules.kind):
        if kind >= REDRAW:
            effects.append(None)
        elif rules.t1[action] == NONE and kind not in NO_CHOICE:
            effects.append(LoveLetterState._no_effect)
        else:
            effects.append(_EFFECTS.get(kind))
    return effects
