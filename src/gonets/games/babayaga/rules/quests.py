"""Quests and the immediate wins: quest steps, passive steps, Baba Yaga's entry and defeat."""

from __future__ import annotations

from gonets.games.babayaga.rules.hero import Player


class Quests:
    """Quest progress and win checks (a state mixin)."""

    def current_step(self, p: Player) -> str | None:
        """The hero's current quest step card, or None (done or out)."""
        if p.done or p.elim:
            return None
        steps = self.c.quests[p.quest]["steps"]
        return steps[p.step] if p.step < len(steps) else None

    def baba_yaga_beaten(self, p: Player) -> bool:
        """Baba Yaga #3 beaten: the game ends by mode (B39, B41, B42)."""
        if self.mode != "competitive":
            self.finish(list(range(self.config.players)) if self.mode == "cooperative" else [0],
                        "baba_yaga")
            return True
        alive = self.active_players()
        best = max(self.rep(q) for q in alive)
        leaders = [q.seat for q in alive if self.rep(q) == best]
        if len(leaders) == 1:
            winners = leaders
        else:
            winners = [p.seat] if p.seat in leaders else []
        self.finish(winners, "baba_yaga", rep=[self.rep(q) for q in self.players])
        return True

    def check_baba_entry(self) -> None:
        """Baba Yaga enters at Bone Fence once anyone has Rep 3 (#37, B11)."""
        if self.tokens["baba_yaga"] is not None or self.by_beaten >= 3 or self.outcome is not None:
            return
        need = self.c.rules["baba_yaga"]["appear_at_rep"]
        if any(self.rep(q) >= need for q in self.active_players()):
            self.move_token_to("baba_yaga", self.c.baba_entry)

    # ------------------------------------------------------------------------ quests ---
    def complete_step(self, p: Player, auto: bool = False) -> None:
        """The current step is done; a final step ends the quest (co-op: helps the others, #44)."""
        sid = self.current_step(p)
        if sid is None:
            return
        self.emit({"e": "step", "seat": p.seat, "step": p.step + 1, "auto": auto})
        p.step += 1
        p.won_horseman = False
        if self.card(sid).get("final"):
            p.done = True
            self.emit({"e": "quest_done", "seat": p.seat})
            if self.mode != "cooperative":
                return self.finish([p.seat], "quest")
            if not auto:
                for q in self.active_players():
                    if q is not p and not q.done:
                        nxt = self.current_step(q)
                        if nxt is not None and not self.card(nxt).get("final"):
                            self.complete_step(q, auto=True)
            self.check_coop_win()
            return
        self.check_passives()

    def check_coop_win(self) -> None:
        """Co-op: every active hero done wins."""
        if self.outcome is not None:
            return
        alive = self.active_players()
        if alive and all(q.done for q in alive):
            self.finish(list(range(self.config.players)), "quests")

    def check_passives(self) -> None:
        """Complete every passive step whose condition holds now (#15), chained."""
        changed = True
        while changed and self.outcome is None:
            changed = False
            for p in self.players:
                sid = self.current_step(p)
                if sid is None:
                    continue
                passive = self.card(sid)["trigger"].get("passive")
                if not passive:
                    continue
                if self.passive_met(p, passive):
                    self.complete_step(p)
                    changed = True

    def passive_met(self, p: Player, passive: dict) -> bool:
        """Does a passive step's condition hold for ``p``?"""
        if "token_absent" in passive:
            return self.tokens[passive["token_absent"]] is None
        if "holds" in passive:
            kind = passive["holds"].get("type")
            return any(self.card(c)["type"] == kind for c in p.cards)
        if "min_rep" in passive:
            return self.rep(p) >= passive["min_rep"]
        if "won_element" in passive:
            return p.won_horseman
        return False
