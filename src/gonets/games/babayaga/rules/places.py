"""The special places (Dead Forest, Forlorn Hills, Khorov, Spirit's Hollow, Koldunoi, Koshchey's
Home, Tsarov) and the Koshchey rescue."""

from __future__ import annotations

from typing import Any

from gonets.games.babayaga.rules.hero import DECKS, Player


class Places:
    """Special-place frames (a state mixin)."""

    def _op_special(self, f: dict, answer: Any) -> None:
        """The special option of the hero's place: one method per place."""
        kind = f["kind"]
        method = "two_cards" if kind in ("khorov", "spirits_hollow") else kind
        getattr(self, "_special_" + method)(f, answer, self.players[self.active])

    def _special_dead_forest(self, f: dict, answer: Any, p: Player) -> None:
        """The Dead Forest: a Wilderness discard with a challenge, every Diff +1 (#54)."""
        cards = self.c.cards
        rules = self.c.rules["special_rules"]
        kind = f["kind"]
        opts = [f"card {c.lower()}" for c in reversed(self.discard["wilderness"])
                if cards[c]["challenges"]]
        if answer is None:
            return self._ask(p.seat, opts)
        cid = answer.split()[1].upper()
        self.discard["wilderness"].remove(cid)
        self.emit({"e": "special", "kind": kind, "seat": p.seat, "card": cid})
        self.pop()
        self.push("card", card=cid, src="discard", stage="start",
                  bonus=rules["dead_forest"]["diff_bonus"])

    def _special_two_cards(self, f: dict, answer: Any, p: Player) -> None:
        """Khorov / Spirit's Hollow: draw two, encounter one, discard the other (#56)."""
        stage = f["stage"]
        kind = f["kind"]
        deck = "town" if kind == "khorov" else "wilderness"
        if stage == "start":
            drawn = [c for c in (self.draw(deck, p), self.draw(deck, p)) if c]
            f.update(stage="pick", drawn=drawn)
            self.emit({"e": "special", "kind": kind, "seat": p.seat})
            if len(drawn) == 1:
                answer = f"card {drawn[0].lower()}"
            else:
                return self._ask(p.seat, [f"card {c.lower()}" for c in drawn])
        if answer is None:
            return self._ask(p.seat, [f"card {c.lower()}" for c in f["drawn"]])
        cid = answer.split()[1].upper()
        for other in f["drawn"]:
            if other != cid:
                self.discard[deck].append(other)
        self.pop()
        self.push("card", card=cid, src="deck", stage="start", bonus=0)

    def _special_forlorn_hills(self, f: dict, answer: Any, p: Player) -> None:
        """Forlorn Hills: Fight by time of day for a Rep card from a discard pile (#55)."""
        cards = self.c.cards
        rules = self.c.rules["special_rules"]
        stage = f["stage"]
        kind = f["kind"]
        rule = rules["forlorn_hills"]
        if stage == "start":
            self.emit({"e": "special", "kind": kind, "seat": p.seat})
            self.queue_tokens([{"token": "horseman", "steps": rule["horseman_toward_player"],
                                "toward": "active_player", "on": "always"}])
            f["stage"] = "rolled"
            self.push("challenge", ability=rule["ability"],
                      base=rule["diff_by_time"][self.time()], plus_rep=False, bonus=0,
                      ctx={"town": False}, stage="prepare")
            return
        if stage == "rolled":
            won, cancel = self.ret
            if not won:
                if not cancel:
                    self.miss(p)       # logs the missed turn; the Flask cancels both
                return self.pop()
            f["stage"] = "reward"
        piles = [d for d in DECKS if any(cards[c]["rep"] for c in self.discard[d])]
        if not piles:
            return self.pop()
        if answer is None and len(piles) > 1:
            return self._ask(p.seat, [f"pile {d}" for d in piles])
        deck = answer.split()[1] if answer else piles[0]
        cid = next(c for c in reversed(self.discard[deck]) if cards[c]["rep"])
        self.discard[deck].remove(cid)
        self.gain(p, cid)
        return self.pop()

    def _special_koldunoi(self, f: dict, answer: Any, p: Player) -> None:
        """Koldunoi: an Item or Ally into the box for a Town discard to encounter (#57)."""
        cards = self.c.cards
        stage = f["stage"]
        kind = f["kind"]
        if stage == "start":
            if answer is None:
                return self._ask(p.seat, [f"card {c.lower()}" for c in p.cards
                                          if cards[c]["type"] in ("item", "ally")])
            cid = answer.split()[1].upper()
            p.cards.remove(cid)
            self.box.append(cid)
            self.emit({"e": "special", "kind": kind, "seat": p.seat, "card": cid})
            f["stage"] = "pick"
            return
        if answer is None:
            return self._ask(p.seat,
                             [f"card {c.lower()}" for c in reversed(self.discard["town"])])
        cid = answer.split()[1].upper()
        self.discard["town"].remove(cid)
        self.pop()
        self.push("card", card=cid, src="discard", stage="start", bonus=0)

    def _special_koshcheys_home(self, f: dict, answer: Any, p: Player) -> None:
        """Koshchey's Home: an Ally to Koshchey for +1 die against Baba Yaga (#58)."""
        cards = self.c.cards
        rules = self.c.rules["special_rules"]
        kind = f["kind"]
        if answer is None:
            return self._ask(p.seat, [f"card {c.lower()}" for c in p.cards
                                      if cards[c]["type"] == "ally"])
        cid = answer.split()[1].upper()
        p.cards.remove(cid)
        self.koshchey = [cid, p.seat]
        self.koshchey_used = True
        self.koshchey_bonus = -1 if self.mode == "cooperative" else p.seat
        self.emit({"e": "special", "kind": kind, "seat": p.seat, "card": cid})
        rule = rules["koshcheys_home"]
        self.queue_tokens([{"token": "horseman", "steps": rule["horseman_toward_player"],
                            "toward": "active_player", "on": "always"}])
        self.check_passives()
        return self.pop()

    def _special_tsarov(self, f: dict, answer: Any, p: Player) -> None:
        """Tsarov: an Item into the box for any discarded Item (#59)."""
        cards = self.c.cards
        stage = f["stage"]
        kind = f["kind"]
        if stage == "start":
            if answer is None:
                return self._ask(p.seat, [f"card {c.lower()}" for c in p.cards
                                          if cards[c]["type"] == "item"])
            cid = answer.split()[1].upper()
            p.cards.remove(cid)
            self.box.append(cid)
            self.emit({"e": "special", "kind": kind, "seat": p.seat, "card": cid})
            f["stage"] = "pick"
            return
        opts = [f"card {c.lower()}" for d in DECKS for c in reversed(self.discard[d])
                if cards[c]["type"] == "item"]
        if answer is None:
            return self._ask(p.seat, opts)
        cid = answer.split()[1].upper()
        self.discard[cards[cid]["deck"]].remove(cid)
        self.gain(p, cid)
        return self.pop()

    def _op_rescue(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        if f["stage"] == "ask":
            if answer is None:
                return self._ask(p.seat, ["rescue", "pass"])
            if answer == "pass":
                return self.pop()
            rule = self.c.rules["special_rules"]["koshcheys_home"]["rescue"]
            f["stage"] = "rolled"
            self.push("challenge", ability=rule["ability"], base=rule["diff"], plus_rep=False,
                      bonus=0, ctx={"town": False}, stage="prepare")
            return
        cid = self.koshchey[0]
        won, cancel = self.ret
        if won:
            p.cards.append(cid)
            self.koshchey = None
            self.emit({"e": "rescued", "seat": p.seat, "card": cid})
        elif not cancel:
            self.koshchey_bonus = None
            self.emit({"e": "rescue_failed", "seat": p.seat})
            self.kill(p)
        self.pop()
