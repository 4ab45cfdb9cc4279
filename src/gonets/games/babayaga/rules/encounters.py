"""Encounters: meeting tokens, choosing the encounter, drawing, resolving a card."""

from __future__ import annotations

from typing import Any

from gonets.games.babayaga.rules.hero import DECKS, Player


class Encounters:
    """Token meetings and card frames (a state mixin)."""

    def _op_meet(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        self.turn["met_tokens"] = True
        if self.turn.get("dead") or self.turn.get("doomed") or p.elim or not f["todo"]:
            return self.pop()
        quest_tok = self.quest_token_step(p)
        if quest_tok is not None and self.card(quest_tok)["no_encounter"] and \
                self.card(quest_tok)["trigger"]["token"] in f["todo"]:
            # B19: the step cancels every element encounter on this space this turn
            for tok in f["todo"]:
                p.met[tok] = self.serial[tok]
            f["todo"] = []
            self.push("card", card=quest_tok, src="quest", stage="start", bonus=0)
            return
        if p.loc != f["loc"]:
            # the hero was moved off the space (a won card, the Hut's loss): the tokens he left
            # behind are not met (B7: such moves trigger no encounter)
            f["todo"] = []
            return self.pop()
        tok = f["todo"][0]
        f["todo"] = f["todo"][1:]
        if self.tokens[tok] != f["loc"]:
            return
        p.met[tok] = self.serial[tok]
        if quest_tok is not None and self.card(quest_tok)["trigger"]["token"] == tok:
            self.push("card", card=quest_tok, src="quest", stage="start", bonus=0)
            return
        if tok in ("wolves", "solovey"):
            cid = next((c for c in self.set_aside
                        if (self.card(c)["lair"] or {}).get("token") == tok), None)
            if cid is None:
                return
            self.push("card", card=cid, src="set_aside", stage="start", bonus=0, element=tok)
        elif tok == "horseman":
            cid = next(c for c in self.c.decks["horseman"] if self.card(c)["time"] == self.time())
            self.push("card", card=cid, src="element", stage="start", bonus=0, element=tok)
        elif tok == "hut":
            self.push("card", card=self.c.decks["hut"][0], src="element", stage="start", bonus=0,
                      element=tok)
        else:
            if self.by_beaten >= 3:
                return
            cid = self.c.decks["baba_yaga"][self.by_beaten]
            self.push("card", card=cid, src="element", stage="start", bonus=0, element=tok)

    def quest_token_step(self, p: Player) -> str | None:
        """The hero's current step if it is a token step for a token on his space."""
        sid = self.current_step(p)
        if sid is None:
            return None
        trig = self.card(sid)["trigger"]
        if "token" in trig and self.tokens[trig["token"]] == p.loc:
            return sid
        return None

    def encounter_options(self, p: Player) -> tuple[str | None, list[str]]:
        """The forced encounter (quest step or pending card), else the menu of choices."""
        loc = p.loc
        sid = self.current_step(p)
        if sid is not None:
            trig = self.card(sid)["trigger"]
            due = trig.get("at") == loc and (not trig.get("time") or self.time() in trig["time"])
            if due and self.config["quest_step_mandatory"]:
                return sid, []
        for cid in p.pending:
            if self.card(cid)["requires"].get("at") == loc:
                return "pending:" + cid, []
        special = self.c.locations[loc]["special"]
        opts = ["draw"]
        if special == "golden_halls":
            opts = ["draw wilderness", "draw town"]
        elif special and self.special_available(p, special):
            opts.append("special")
        if sid is not None and not self.config["quest_step_mandatory"]:
            trig = self.card(sid)["trigger"]
            if trig.get("at") == loc and (not trig.get("time") or self.time() in trig["time"]):
                opts.append("accept")
        return None, opts

    def special_available(self, p: Player, special: str) -> bool:
        """Can the hero use this special place's option now?"""
        cards = self.c.cards
        if special == "dead_forest":
            return any(cards[c]["challenges"] for c in self.discard["wilderness"])
        if special in ("forlorn_hills", "khorov", "spirits_hollow"):
            deck = "town" if special == "khorov" else "wilderness"
            return special == "forlorn_hills" or bool(self.decks[deck])
        if special == "koldunoi":
            return bool(self.discard["town"]) and any(cards[c]["type"] in ("item", "ally")
                                                      for c in p.cards)
        if special == "koshcheys_home":
            return not self.koshchey_used and any(cards[c]["type"] == "ally" for c in p.cards)
        if special == "tsarov":
            forbidden = self.c.rules["special_rules"]["tsarov"]["forbidden_times"]
            return any(cards[c]["type"] == "item" for c in p.cards) and \
                any(cards[c]["type"] == "item" for d in DECKS for c in self.discard[d]) and \
                self.time() not in forbidden
        return False

    def _op_encounter(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        if answer is None:
            forced, opts = self.encounter_options(p)
            if forced is not None:
                self.pop()
                if forced.startswith("pending:"):
                    cid = forced.split(":", 1)[1]
                    p.pending.remove(cid)
                    self.push("card", card=cid, src="pending", stage="start", bonus=0)
                else:
                    self.push("card", card=forced, src="quest", stage="start", bonus=0)
                return
            if len(opts) == 1:
                answer = opts[0]
            else:
                return self._ask(p.seat, opts)
        self.pop()
        if answer == "accept":
            forced = self.current_step(p)
            self.push("card", card=forced, src="quest", stage="start", bonus=0)
        elif answer == "special":
            self.push("special", kind=self.c.locations[p.loc]["special"], stage="start")
        else:
            parts = answer.split()
            deck = parts[1] if len(parts) > 1 else ("town" if self.is_town(p.loc) else "wilderness")
            cid = self.draw(deck, p)
            if cid is not None:
                self.push("card", card=cid, src="deck", stage="start", bonus=0)

    def draw(self, deck: str, p: Player) -> str | None:
        """Draw the top card of a deck (forgetting it from every peek)."""
        if not self.decks[deck]:
            return None
        cid = self.decks[deck].pop()
        if cid in self.in_deck[deck]:
            self.in_deck[deck].remove(cid)
        for key in list(self.known):
            if key.endswith(":" + deck):
                self.known[key] = self.known[key][1:]
                if not self.known[key]:
                    del self.known[key]
        self.emit({"e": "draw", "seat": p.seat, "card": cid, "deck": deck})
        return cid

    def forget(self, deck: str) -> None:
        """A deck was shuffled: every peek at it is void."""
        for key in list(self.known):
            if key.endswith(":" + deck):
                del self.known[key]

    def _op_card(self, f: dict, answer: Any) -> None:
        """A card being resolved: requirement, optional or cost, challenges, result (one
        method per stage)."""
        getattr(self, "_card_" + f["stage"])(f, answer)

    def _card_start(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        card = self.card(f["card"])
        if f["src"] != "quest":
            self.emit({"e": "encounter", "seat": p.seat, "card": f["card"], "src": f["src"]})
        req = card["requires"]
        unmet = (req.get("time") and self.time() not in req["time"]) or \
            (req.get("min_rep") and self.rep(p) < req["min_rep"]) or \
            (req.get("at") and p.loc != req["at"])
        if unmet:
            return self.card_unmet(f, card, p)
        if card["optional"] or card["cost"]:
            f["stage"] = "optional"
        else:
            f["stage"] = "challenge_setup"

    def _card_optional(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        card = self.card(f["card"])
        if answer is None:
            opts = ["decline"]
            if self.can_pay(p, card["cost"]):
                opts.insert(0, "accept")
            return self._ask(p.seat, opts)
        if answer == "decline":
            self.emit({"e": "declined", "seat": p.seat, "card": f["card"]})
            self.queue_tokens(card["tokens"], None)
            self.put_away(f["card"], p, f)
            return self.pop()
        f["stage"] = "challenge_setup"
        if card["cost"]:
            self.push("effects", todo=list(card["cost"]), seat=p.seat, card=f["card"], sub=None)

    def _card_challenge_setup(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        card = self.card(f["card"])
        chs = card["challenges"]
        if card["mode"] == "choice" and len(chs) > 1:
            if answer is None:
                return self._ask(p.seat, [f"choose {ch['ability']}" for ch in chs])
            ab = answer.split()[1]
            f["todo"] = [i for i, ch in enumerate(chs) if ch["ability"] == ab][:1]
        else:
            f["todo"] = list(range(len(chs)))
        f["stage"] = "challenges"
        f["won"] = True
        f["cancel_lose"] = False

    def _card_challenges(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        card = self.card(f["card"])
        if f.get("rolling"):
            f["rolling"] = False
            won, cancel = self.ret
            if cancel:
                f["cancel_lose"] = True
            if not won:
                f["won"] = False
                f["todo"] = []
        if self.turn.get("dead") or p.elim:
            return self.pop()
        if f["todo"]:
            idx = f["todo"][0]
            f["todo"] = f["todo"][1:]
            ch = card["challenges"][idx]
            ctx = {"town": card["deck"] == "town" or self.is_town(p.loc),
                   "baba": card["order"] if card["deck"] == "baba_yaga" else 0}
            bonus = f["bonus"]
            extra = 0
            if card["deck"] == "baba_yaga" and self.koshchey_bonus in (p.seat, -1):
                extra = self.c.rules["special_rules"]["koshcheys_home"]["bonus_dice"]
                f["koshchey"] = True
            f["rolling"] = True
            self.push("challenge", ability=ch["ability"], base=ch["base"],
                      plus_rep=ch["plus_rep"], bonus=bonus, ctx=ctx, stage="prepare",
                      extra=extra + f.get("paid", 0), pay=bool(card["pay_for_dice"]))
            return
        self.card_verdict(f, p, card)

    def card_verdict(self, f: dict, p: Player, card: dict) -> None:
        """Every challenge done (or the first failed): the win results now, the lose results
        at the end of the turn."""
        f["stage"] = "outcome"
        if f.get("koshchey"):
            self.koshchey_bonus = None
        if f["won"]:
            self.emit({"e": "won", "seat": p.seat, "card": f["card"]})
            if f.get("element") == "horseman":
                p.won_horseman = True
            self.push("effects", todo=list(card["win"]), seat=p.seat, card=f["card"], sub=None)
        else:
            self.emit({"e": "lost", "seat": p.seat, "card": f["card"],
                       "cancelled": f["cancel_lose"]})
            if card["deck"] == "baba_yaga" and self.mode == "solo" and \
                    self.config["solo_lose_on_baba_fail"]:
                return self.finish([], "baba_yaga_failed")
            lose = list(card["lose"])
            if f["cancel_lose"]:   # B29: the Flask never prevents elimination
                lose = [e for e in lose if e[0] == "eliminate"]
            if lose:
                self.defer_lose(f["card"], p, lose)

    def _card_outcome(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        card = self.card(f["card"])
        if card["deck"] == "quest":
            if f["won"]:
                self.complete_step(p)
            return self.pop()
        self.queue_tokens(card["tokens"], f["won"])
        self.put_away(f["card"], p, f)
        self.check_baba_entry()
        self.check_passives()
        return self.pop()

    def card_unmet(self, f: dict, card: dict, p: Player) -> None:
        """A card whose requirement fails: no challenge, shuffle back or hold pending (#18)."""
        how = card["on_unmet"]
        self.emit({"e": "unmet", "seat": p.seat, "card": card["id"], "how": how})
        if how == "hold_pending":
            p.pending.append(card["id"])
            self.queue_tokens(card["tokens"], None)
            return self.pop()
        if how == "no_challenge":
            self.queue_tokens(card["tokens"], None)
            self.put_away(card["id"], p, f)
            return self.pop()
        # shuffle back
        deck = card["deck"]
        if f["src"] == "discard":
            self.discard[deck].append(card["id"])
            return self.pop()
        self.pop()
        self.push("reshuffle", deck=deck, card=card["id"])

    def _op_reshuffle(self, f: dict, answer: Any) -> None:
        deck = f["deck"]
        if answer is None:
            return self._chance("shuffle", {deck: sorted(self.decks[deck] + [f["card"]])})
        self.decks[deck] = list(answer[deck])
        self.in_deck[deck] = sorted(self.in_deck[deck] + [f["card"]])
        self.forget(deck)
        self.emit({"e": "shuffle_back", "deck": deck, "card": f["card"]})
        self.pop()

    def defer_lose(self, cid: str, p: Player, lose: list) -> None:
        """Lose results apply at the end of the turn, before the token step (seed: "Lose
        conditions apply at the end of the turn"; #17). A loss that kills or eliminates ends
        the turn's remaining token meetings (seed turn order 1: "or your character is
        killed")."""
        self.turn["losses"] = self.turn.get("losses", []) + [[cid, p.seat, list(lose)]]
        if any(kind in ("kill", "eliminate") for kind, _arg in lose):
            self.turn["doomed"] = True

    def lose_waiting(self, cid: str) -> bool:
        """Is ``cid``'s lose result still to come this turn?"""
        return any(entry[0] == cid for entry in self.turn.get("losses", ()))

    def in_play(self, cid: str) -> bool:
        """Held, set aside, pending or with Koshchey: the card has a place besides the piles."""
        return any(cid in q.cards or cid in q.pending for q in self.players) or \
            cid in self.set_aside or bool(self.koshchey and self.koshchey[0] == cid)

    def put_away(self, cid: str, p: Player, f: dict) -> None:
        """A resolved card that nobody kept: reminder zone, set aside, or its discard pile."""
        card = self.card(cid)
        if card["deck"] in ("hut", "horseman", "quest"):
            return
        if card["deck"] == "baba_yaga":
            return
        if any(q.cards.count(cid) for q in self.players) or cid in self.set_aside or \
                cid in p.pending or (self.koshchey and self.koshchey[0] == cid):
            return
        if self.lose_waiting(cid):
            self.reminder.append([cid, p.seat])     # waits there for its lose result
            return
        for q in self.players:
            if any(e[4] == cid for e in q.effects):
                self.reminder.append([cid, q.seat])
                return
        self.discard[card["deck"]].append(cid)

    def release_reminders(self) -> None:
        """Reminder cards whose effects (and lose results) are over go to their piles."""
        keep = []
        for cid, seat in self.reminder:
            if self.in_play(cid):
                continue               # its lose result set it aside (the Wolves, Solovey)
            if self.lose_waiting(cid) or any(e[4] == cid for e in self.players[seat].effects):
                keep.append([cid, seat])
            else:
                self.discard[self.card(cid)["deck"]].append(cid)
        self.reminder = keep

    def can_pay(self, p: Player, cost: list) -> bool:
        """Can the hero pay an optional card's cost?"""
        for kind, arg in cost:
            if kind == "discard_own" and not self.own_matching(p, arg["type"]):
                return False
        return True

    def own_matching(self, p: Player, types: list) -> list[str]:
        """The hero's cards of the given types ('rep': any card with Rep)."""
        cards = self.c.cards
        out = []
        for c in p.cards:
            card = cards[c]
            if "any" in types or card["type"] in types or ("rep" in types and card["rep"] > 0):
                out.append(c)
        return out
