"""Challenges: dice pools (printed stats, card icons, powers, lingering effects), Diff, rolls
and rerolls."""

from __future__ import annotations

from typing import Any

from gonets.games.babayaga.rules.hero import Player


class Challenges:
    """Dice pools and the challenge frame (a state mixin)."""

    def ability(self, p: Player, ability: str) -> int:
        """Printed stat plus icons on the cards in play."""
        cards = self.c.cards
        return self.c.characters[p.char]["stats"][ability] + sum(cards[c]["icons"][ability]
                                                                  for c in p.cards)

    def lingering(self, p: Player, ability: str, duration: str, challenge: bool = True) -> int:
        """The lingering modifiers of ``ability`` now; "any" ("-1 to all challenges") counts
        only towards a challenge (``challenge``), never towards the spaces of a move."""
        total = 0
        for ab, amount, dur, turn_no, _src in p.effects:
            if dur != duration or (ab != ability and not (ab == "any" and challenge)):
                continue
            if dur == "next_turn" and not (p.turns == turn_no + 1 and self.active == p.seat):
                continue
            total += amount
        return total

    def condition_holds(self, cond: dict, ability: str, ctx: dict) -> bool:
        """Does a power's condition hold for this challenge?"""
        if cond.get("ability") and cond["ability"] != ability:
            return False
        context = cond.get("context")
        if context == "town" and not ctx.get("town"):
            return False
        if context == "wild" and ctx.get("town"):
            return False
        if context == "baba_yaga" and not ctx.get("baba"):
            return False
        if cond.get("baba_yaga_card") and ctx.get("baba") != cond["baba_yaga_card"]:
            return False
        return not (cond.get("time") and self.time() not in cond["time"])

    def free_powers(self, p: Player, ability: str, ctx: dict) -> int:
        """Dice added by the hero's and his cards' free powers for this challenge."""
        bonus = 0
        for power in self.c.characters[p.char]["powers"]:
            if power["effect"] == "add_dice" and \
                    self.condition_holds(power["condition"], ability, ctx):
                bonus += power["amount"]
        for cid in p.cards:
            for power in self.c.cards[cid]["powers"]:
                if power["when"] == "before_roll" and power["cost"] == "none" and \
                        power["effect"] == "add_dice" and \
                        self.condition_holds(power["condition"], ability, ctx):
                    bonus += power["amount"]
        return bonus

    def powers_of(self, p: Player, when: str, effect: str | None = None) -> list[str]:
        """The hero's cards with a discard power of this timing (and effect)."""
        out = []
        for cid in p.cards:
            for power in self.c.cards[cid]["powers"]:
                if power["when"] == when and power["cost"] == "discard_self" and \
                        (effect is None or power["effect"] == effect):
                    out.append(cid)
                    break
        return out

    def _op_challenge(self, f: dict, answer: Any) -> None:
        """One challenge: the dice pool, items before the roll, the roll, rerolls after a
        failure (one method per stage)."""
        getattr(self, "_roll_" + f["stage"])(f, answer)

    def _roll_prepare(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        ab = f["ability"]
        n = self.ability(p, ab) + self.lingering(p, ab, "next_turn") + \
            self.free_powers(p, ab, f["ctx"]) + f.get("extra", 0)
        consumed = [e for e in p.effects if e[2] == "next_challenge" and e[0] in (ab, "any")]
        n += sum(e[1] for e in consumed)
        if consumed:
            p.effects = [e for e in p.effects if not any(e is c for c in consumed)]
        diff = f["base"] + (self.rep(p) if f["plus_rep"] else 0) + f["bonus"]
        f["n"] = n
        f["diff"] = max(2, min(6, diff))
        f["stage"] = "before"

    def _roll_before(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        opts = []
        if f.get("pay"):
            opts += [f"pay {c.lower()}" for c in p.cards if self.card(c)["type"] == "item"]
        for cid in p.cards:
            for power in self.card(cid)["powers"]:
                if power["when"] == "before_roll" and power["cost"] == "discard_self" and \
                        self.condition_holds(power["condition"], f["ability"], f["ctx"]):
                    opts.append(f"use {cid.lower()}")
        if opts and answer is None:
            return self._ask(p.seat, opts + ["roll"])
        if answer and answer != "roll":
            verb, cid = answer.split()
            cid = cid.upper()
            if verb == "pay":
                f["n"] += 1
            else:
                power = next(pw for pw in self.card(cid)["powers"]
                             if pw["when"] == "before_roll")
                f["n"] += power["amount"]
            self.discard_card(p, cid)
            self.emit({"e": "used", "seat": p.seat, "card": cid})
            return
        f["n"] = max(self.c.rules.get("dice", {}).get("min_dice", 1), f["n"])
        f["stage"] = "roll"

    def _roll_roll(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        if answer is None:
            return self._chance("dice", f["n"])
        won = max(answer) >= f["diff"]
        self.emit({"e": "roll", "seat": p.seat, "ability": f["ability"], "diff": f["diff"],
                   "dice": list(answer), "won": won})
        if won:
            return self.pop((True, False))
        f["stage"] = "failed"

    def _roll_failed(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        opts = [f"reroll {c.lower()}" for c in p.cards if self.card(c)["rep"] > 0]
        for cid in p.cards:
            for power in self.card(cid)["powers"]:
                if power["when"] == "after_failed_roll" and \
                        self.condition_holds(power["condition"], f["ability"], f["ctx"]):
                    opts.append(f"use {cid.lower()}")
                if power["when"] == "on_lose_result":
                    opts.append(f"use {cid.lower()}")
        if not opts:
            return self.pop((False, False))
        if answer is None:
            return self._ask(p.seat, opts + ["accept"])
        if answer == "accept":
            return self.pop((False, False))
        verb, cid = answer.split()
        cid = cid.upper()
        self.discard_card(p, cid)
        self.emit({"e": "reroll" if verb == "reroll" else "used", "seat": p.seat, "card": cid})
        if verb == "use" and any(pw["when"] == "on_lose_result"
                                 for pw in self.card(cid)["powers"]):
            return self.pop((False, True))
        f["stage"] = "roll"

