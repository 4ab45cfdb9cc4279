"""Interaction between heroes: competitive steal and beguile, co-operative trading."""

from __future__ import annotations

from typing import Any

from gonets.games.babayaga.rules.hero import Player, seat_name


class Interaction:
    """The interaction frame (a state mixin)."""

    def _op_interact(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        if self.mode == "solo" or p.elim:
            return self.pop()
        if self.mode == "competitive":
            if f["stage"] == "ask":
                if self.turn.get("attempted", 0) >= self.config["steal_attempts_per_turn"]:
                    return self.pop()
                opts = []
                for q in self.players:
                    if q is p or q.elim or q.loc != p.loc:
                        continue
                    if any(self.card(c)["type"] == "item" for c in q.cards):
                        opts.append(f"steal {seat_name(q.seat)}")
                    if any(self.card(c)["type"] == "ally" for c in q.cards):
                        opts.append(f"beguile {seat_name(q.seat)}")
                if not opts:
                    return self.pop()
                if answer is None:
                    return self._ask(p.seat, opts + ["pass"])
                if answer == "pass":
                    return self.pop()
                verb, who = answer.split()
                target = int(who[1:]) - 1
                self.turn["attempted"] = self.turn.get("attempted", 0) + 1
                f.update(stage="rolled", verb=verb, target=target)
                q = self.players[target]
                base_key = "steal_base" if verb == "steal" else "beguile_base"
                base = self.c.rules["interaction"][base_key]
                self.emit({"e": verb, "seat": p.seat, "target": target})
                self.push("challenge", ability="fight" if verb == "steal" else "cunning",
                          base=base + self.rep(q), plus_rep=False, bonus=0,
                          ctx={"town": self.is_town(p.loc)}, stage="prepare")
                return
            if f["stage"] == "rolled":
                won, cancel = self.ret
                if not won:
                    if not cancel:
                        self.miss(p)
                    return self.pop()
                f["stage"] = "take"
            if f["stage"] == "take":
                q = self.players[f["target"]]
                kind = "item" if f["verb"] == "steal" else "ally"
                opts = [f"card {c.lower()}" for c in q.cards if self.card(c)["type"] == kind]
                if not opts:
                    return self.pop()
                if answer is None:
                    return self._ask(p.seat, opts)
                cid = answer.split()[1].upper()
                q.cards.remove(cid)
                p.cards.append(cid)
                self.emit({"e": "took", "seat": p.seat, "from": q.seat, "card": cid})
                self.check_baba_entry()
                return self.pop()
        # co-operative trading (B36): the active player drafts one exchange per partner
        # (Items he gives, Items he asks for) and offers it; the partner accepts or refuses.
        return self.coop_trade(f, p, answer)

    def coop_trade(self, f: dict, p: Player, answer: Any) -> None:
        cards = self.c.cards
        done = f.setdefault("offered", [])
        draft = f.get("draft") or {"to": None, "give": [], "ask": []}
        if f.get("stage") == "consent":
            q = self.players[draft["to"]]
            if answer is None:
                return self._ask(q.seat, ["accept", "decline"])
            if answer == "accept":
                for cid in draft["give"]:
                    p.cards.remove(cid)
                    q.cards.append(cid)
                for cid in draft["ask"]:
                    q.cards.remove(cid)
                    p.cards.append(cid)
            self.emit({"e": "trade", "seat": p.seat, "to": q.seat, "give": list(draft["give"]),
                       "ask": list(draft["ask"]), "accepted": answer == "accept"})
            f["offered"] = done + [q.seat]
            f["draft"] = None
            f["stage"] = "ask"
            self.check_passives()
            return
        mates = [q for q in self.players if q is not p and not q.elim and q.loc == p.loc
                 and q.seat not in done and (draft["to"] is None or draft["to"] == q.seat)]
        opts = []
        for q in mates:
            who = seat_name(q.seat)
            opts += [f"give {c.lower()} {who}" for c in p.cards
                     if cards[c]["type"] == "item" and c not in draft["give"]]
            opts += [f"ask {c.lower()} {who}" for c in q.cards
                     if cards[c]["type"] == "item" and c not in draft["ask"]]
        if draft["to"] is not None:
            opts.append(f"offer {seat_name(draft['to'])}")
        if not opts:
            return self.pop()
        if answer is None:
            return self._ask(p.seat, opts + ["done"])
        if answer == "done":
            return self.pop()
        parts = answer.split()
        if parts[0] == "offer":
            f["stage"] = "consent"
            return
        target = int(parts[2][1:]) - 1
        key = "give" if parts[0] == "give" else "ask"
        f["draft"] = {"to": target, "give": list(draft["give"]), "ask": list(draft["ask"])}
        f["draft"][key].append(parts[1].upper())
