"""The turn: time of day, Baba Yaga's move, missed turns, the order of the turn's parts, end
checks."""

from __future__ import annotations

from typing import Any

from gonets.games.babayaga.rules.hero import DECKS, ELEMENT_ORDER


class Turn:
    """The turn frame and the passing of turns (a state mixin)."""

    def _op_turn(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        stage = f["stage"]
        t = self.turn
        if stage == "start":
            p.turns += 1
            self.emit({"e": "turn", "seat": p.seat, "round": self.round})
            f["stage"] = "time"
            if self.active == self.first and not t.get("first_of_game") and self.mode != "solo":
                self.time_idx = (self.time_idx + 1) % 3
                self.emit({"e": "time", "time": self.time()})
            return
        if stage == "time":
            if self.mode == "solo":
                if answer is None:
                    return self._chance("die", None)
                self.solo_time = self.c.rules["solo"]["time_die"][answer]
                self.solo_die = answer       # shown when time first matters this turn
            f["stage"] = "baba"
            return
        if stage == "baba":
            f["stage"] = "skip"
            if self.active == self.first and self.tokens["baba_yaga"] is not None:
                options = self.baba_targets()
                if options:
                    f["stage"] = "baba_move"
                    if len(options) > 1:
                        if self.config["baba_yaga_ties"] == "active_player":
                            return self._ask(p.seat, [f"baba {lid}" for lid in options])
                        return self._chance("pick", options)
                    answer = options[0]
                    return self._op_turn(f, answer)
            return
        if stage == "baba_move":
            self.move_token_to("baba_yaga", answer.split()[-1])
            f["stage"] = "skip"
            return
        if stage == "skip":
            if p.skip:
                ivan = self.powers_of(p, "on_skipped_turn", "cancel_skip")
                if ivan and answer is None:
                    return self._ask(p.seat, [f"use {c.lower()}" for c in ivan] + ["pass"])
                if answer and answer.startswith("use "):
                    self.discard_card(p, answer.split()[1].upper())
                    p.skip -= 1
                    self.emit({"e": "cancel_skip", "seat": p.seat})
                else:
                    p.skip -= 1
                    self.emit({"e": "skipped", "seat": p.seat})
                    f["stage"] = "end_checks"
                    return
            f["stage"] = "start_interact"
            return
        if stage == "start_interact":
            f["stage"] = "start_tokens"
            self.push("interact", stage="ask")
            return
        if stage == "start_tokens":
            if t.get("dead"):
                f["stage"] = "token_step"
                return
            fresh = [tok for tok in ELEMENT_ORDER if self.tokens[tok] == p.loc
                     and p.met.get(tok) != self.serial[tok]]
            if fresh:
                f["stage"] = "token_step"
                self.push("meet", loc=p.loc, todo=[tok for tok in ELEMENT_ORDER
                                                   if self.tokens[tok] == p.loc])
            else:
                f["stage"] = "encounter"
                self.push("move", stage="ask")
            return
        if stage == "encounter":
            f["stage"] = "token_step"
            if not t.get("dead") and not t.get("met_tokens"):
                self.push("encounter", stage="ask")
            return
        if stage == "token_step":
            losses = t.get("losses")
            if losses:                 # the turn's lose results, in the order of the losses
                cid, seat, lose = losses[0]
                t["losses"] = losses[1:]
                self.push("effects", todo=list(lose), seat=seat, card=cid, sub=None)
                return
            f["stage"] = "rescue"
            if t.get("token_moves"):
                self.push("token_moves")
            return
        if stage == "rescue":
            f["stage"] = "end_interact"
            if self.koshchey and self.koshchey[1] == p.seat \
                    and self.c.locations[p.loc]["special"] == "koshcheys_home" \
                    and not t.get("dead") and not p.elim:
                self.push("rescue", stage="ask")
            return
        if stage == "end_interact":
            f["stage"] = "end_checks"
            if not t.get("dead") and not p.elim:
                self.push("interact", stage="ask")
            return
        if stage == "end_checks":
            return self.end_of_turn(f, answer)

    def end_of_turn(self, f: dict, answer: Any) -> None:
        """End checks: reshuffle (5-6 players), expiries, deck-out, co-op losses, next turn."""
        p = self.players[self.active]
        if f.get("reshuffling"):
            deck = f["reshuffling"]
            self.decks[deck] = list(answer[deck])
            self.in_deck[deck] = sorted(self.decks[deck])     # the old discard pile, all known
            self.discard[deck] = []
            self.reshuffled = True
            self.forget(deck)
            self.emit({"e": "reshuffle", "deck": deck})
            f["reshuffling"] = None
        self.check_baba_entry()
        self.check_passives()
        if self.outcome is not None:
            return
        # expire this turn's lingering effects
        keep = []
        for eff in p.effects:
            if eff[2] == "next_turn" and p.turns >= eff[3] + 1:
                continue
            keep.append(eff)
        p.effects = keep
        self.release_reminders()
        empty = [d for d in DECKS if not self.decks[d]]
        if empty:
            reshuffle_players = self.c.rules["interaction"]["reshuffle_once_players"]
            players_ok = self.config.players in reshuffle_players
            deck = empty[0]
            if players_ok and not self.reshuffled and self.discard[deck] and len(empty) == 1:
                f["reshuffling"] = deck
                return self._chance("shuffle", {deck: sorted(self.discard[deck])})
            return self.deck_out("deck_out")
        if self.mode == "cooperative" and self.tokens["baba_yaga"] is not None and \
                all(self.rep(q) == 0 for q in self.active_players()):
            return self.finish([], "no_rep")
        if not self.active_players():
            return self.finish([], "all_eliminated")
        self.next_turn()

    def deck_out(self, how: str) -> None:
        """A deck ran out (or the round cap): highest Rep wins in competitive play."""
        if self.mode != "competitive":
            return self.finish([], how)
        alive = self.active_players()
        best = max(self.rep(q) for q in alive)
        leaders = [q.seat for q in alive if self.rep(q) == best]
        self.finish(leaders if len(leaders) == 1 else [], how,
                    rep=[self.rep(q) for q in self.players])

    def next_turn(self) -> None:
        """Pass the turn clockwise to the next active hero; a new round at the first player."""
        n = self.config.players
        if self.players[self.first].elim:
            self.first = self.left_of(self.first)
        seat = self.active
        for step in range(1, n + 1):
            cand = (seat + step) % n
            if not self.players[cand].elim:
                break
        if cand == self.first:
            self.round += 1
        if self.round > self.config["max_rounds"]:
            return self.deck_out("max_rounds")
        self.active = cand
        self.turn = {}
        self.stack = [{"op": "turn", "stage": "start"}]
