"""Card results: the effect vocabulary of the content pack, death and elimination."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from gonets.games.babayaga.rules.hero import DECKS, Player


class Effects:
    """The effects frame (a state mixin)."""

    def _op_effects(self, f: dict, answer: Any) -> None:
        p = self.players[f["seat"]]
        if f["sub"] is not None:
            done = self.effect_step(f, p, f["sub"], answer)
            if not done:
                return
            f["sub"] = None
        while f["todo"]:
            if self.outcome is not None:
                return
            if p.elim or (self.turn.get("dead") and f["seat"] == self.active and
                          f["todo"][0][0] not in ("set_aside", "place_token")):
                f["todo"] = []
                break
            eff = f["todo"][0]
            f["todo"] = f["todo"][1:]
            f["sub"] = [eff[0], eff[1], {}]
            done = self.effect_step(f, p, f["sub"], None)
            if not done:
                return
            f["sub"] = None
            if not self.stack or self.stack[-1] is not f:
                return
        if self.stack and self.stack[-1] is f:
            self.pop()

    def effect_step(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        """Run one effect ``sub`` = [kind, arg, memory]; False when it waits for a decision or
        a child frame. The loader admits only kinds that have a method here."""
        return getattr(self, "_effect_" + sub[0])(f, p, sub, answer)

    def _effect_take_card(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        cid = f["card"]
        self.gain(p, cid)
        if self.card(cid)["deck"] == "baba_yaga":
            self.by_beaten += 1
            self.by_defeater = p.seat
        if self.card(cid)["lair"]:
            self.set_aside = [c for c in self.set_aside if c != cid]
        return True

    def _effect_kill(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        self.kill(p)
        return True

    def _effect_eliminate(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        self.eliminate(p)
        return True

    def _effect_miss_turn(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        self.miss(p)
        return True

    def _effect_dice_mod(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        arg = sub[1]
        cid = f["card"]
        src = cid if self.card(cid)["deck"] in DECKS else None
        p.effects.append([arg["ability"], arg["amount"], arg["duration"], p.turns, src])
        self.emit({"e": "effect", "seat": p.seat, "ability": arg["ability"],
                   "amount": arg["amount"], "duration": arg["duration"]})
        return True

    def _effect_clear_lingering(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        p.effects = []
        self.release_reminders()
        self.emit({"e": "cleared", "seat": p.seat})
        return True

    def _effect_set_aside(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        cid = f["card"]
        if cid not in self.set_aside:
            self.set_aside.append(cid)
        self.reminder = [r for r in self.reminder if r[0] != cid]   # it waited there
        return True

    def _effect_place_token(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        arg = sub[1]
        where = p.loc if arg["location"] == "here" else arg["location"]
        if arg["token"] in ("hut", "horseman", "wolves", "solovey") and self.is_town(where):
            return True
        self.move_token_to(arg["token"], where)
        if where == p.loc:      # B8: drawing the card counts as meeting its token
            p.met[arg["token"]] = self.serial[arg["token"]]
        return True

    def _effect_remove_token(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        arg = sub[1]
        if self.tokens[arg["token"]] is not None:
            self.tokens[arg["token"]] = None
            self.serial[arg["token"]] += 1
            self.emit({"e": "token", "token": arg["token"], "to": None})
        self.check_passives()
        return True

    def _effect_end_game(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        return self.baba_yaga_beaten(p) or True

    def _effect_global(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        arg = sub[1]
        cid = f["card"]
        for q in self.active_players():
            for k2, a2 in arg:
                if k2 == "dice_mod":
                    src = cid if self.card(cid)["deck"] in DECKS else None
                    q.effects.append([a2["ability"], a2["amount"], a2["duration"], q.turns,
                                      src])
                elif k2 == "miss_turn":
                    self.miss(q)
                elif k2 == "clear_lingering":
                    q.effects = []
        self.emit({"e": "global", "card": cid})
        return True

    def _effect_discard_own(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        _, arg, mem = sub
        opts = self.own_matching(p, arg["type"])
        if not opts:
            return True
        if answer is None:
            if len(opts) == 1:
                answer = f"card {opts[0].lower()}"
            else:
                self._ask(p.seat, [f"card {c.lower()}" for c in opts])
                return False
        self.discard_card(p, answer.split()[1].upper())
        mem["count"] = mem.get("count", 0) + 1
        if mem["count"] < arg.get("count", 1):
            return self.effect_step(f, p, sub, None)
        return True

    def _effect_choose_one(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        _, arg, mem = sub
        doable = [i for i, (k2, a2) in enumerate(arg)
                  if k2 != "discard_own" or self.own_matching(p, a2["type"])]
        if not doable:
            return True
        if answer is None and "picked" not in mem:
            if len(doable) == 1:
                answer = f"option {doable[0] + 1}"
            else:
                self._ask(p.seat, [f"option {i + 1}" for i in doable])
                return False
        if "picked" not in mem:
            mem["picked"] = int(answer.split()[1]) - 1
            answer = None
        k2, a2 = arg[mem["picked"]]
        inner = mem.setdefault("inner", [k2, a2, {}])
        return self.effect_step(f, p, inner, answer)

    def _effect_take_from_discard(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        _, arg, mem = sub
        cards = self.c.cards
        want = arg.get("filter") or {}

        def matches(c: str) -> bool:
            card = cards[c]
            if want.get("type") and card["type"] != want["type"]:
                return False
            return not (want.get("has_rep") and not card["rep"])
        piles = DECKS if arg["pile"] == "either" else (arg["pile"],)
        piles = [d for d in piles if any(matches(c) for c in self.discard[d])]
        if not piles:
            mem.setdefault("else", [arg["else"], 0])
            todo = arg["else"]
            f["todo"] = list(todo) + f["todo"]
            return True
        if answer is None and len(piles) > 1:
            self._ask(p.seat, [f"pile {d}" for d in piles])
            return False
        deck = answer.split()[1] if answer else piles[0]
        got = next(c for c in reversed(self.discard[deck]) if matches(c))
        self.discard[deck].remove(got)
        self.gain(p, got)
        return True

    def _effect_move_character(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        _, arg, mem = sub
        return self.effect_move_character(p, arg, mem, answer)

    def _effect_move_token(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        _, arg, mem = sub
        return self.effect_baba_away(p, arg, mem, answer)

    def _effect_peek_reorder(self, f: dict, p: Player, sub: list, answer: Any) -> bool:
        _, arg, mem = sub
        return self.effect_peek(p, arg, mem, answer)

    def effect_move_character(self, p: Player, arg: dict, mem: dict, answer: Any) -> bool:
        """A result that moves the hero (the hero or the left-hand player chooses)."""
        if answer is not None:
            stepped = isinstance(answer, str) and answer.startswith("step ")
            dest = answer.split()[1] if stepped else answer
            p.loc = dest
            self.emit({"e": "pushed", "seat": p.seat, "to": dest})
            return True
        steps = arg["steps"]
        if arg.get("toward"):
            dist = self.c.dist["walk"][arg["toward"]]
            if p.loc != arg["toward"]:
                opts = [n for n in self.c.walk[p.loc] if dist[n] < dist[p.loc]]
            else:
                opts = []
        elif arg.get("up_to"):
            ends = self.reachable(p.loc, steps, set())
            opts = [lid for lid in self.c.order if lid in ends]
        else:
            opts = self.path_ends(self.c.walk, p.loc, steps)
        opts = [lid for lid in self.c.order if lid in set(opts)]
        if not opts:
            return True
        chooser = p.seat if arg["chooser"] == "self" else self.left_of(p.seat)
        if arg["chooser"] == "left_player" and self.config.players == 1:
            if len(opts) == 1:
                return self.effect_move_character(p, arg, mem, opts[0])
            self._chance("pick", opts)
            return False
        if len(opts) == 1:
            return self.effect_move_character(p, arg, mem, f"step {opts[0]}")
        self._ask(chooser, [f"step {lid}" for lid in opts])
        return False

    def effect_baba_away(self, p: Player, arg: dict, mem: dict, answer: Any) -> bool:
        """Move Baba Yaga away from the hero, one space at a time."""
        if self.tokens["baba_yaga"] is None:
            return True
        if answer is not None:
            self.move_token_to("baba_yaga", answer.split()[1])
            mem["done"] = mem.get("done", 0) + 1
        if mem.get("done", 0) >= arg["steps"]:
            return True
        here = self.tokens["baba_yaga"]
        dist = self.c.dist["flight"][p.loc]
        opts = [lid for lid in self.c.order
                if lid in self.c.flight[here] and dist[lid] > dist[here]]
        if not opts:
            return True
        self._ask(p.seat, [f"baba {lid}" for lid in opts])
        return False

    def effect_peek(self, p: Player, arg: dict, mem: dict, answer: Any) -> bool:
        """Look at the top cards of a deck and put them back in a chosen order."""
        if "deck" not in mem:
            decks = [d for d in DECKS if self.decks[d]]
            if not decks:
                return True
            if answer is None:
                if len(decks) == 1:
                    answer = f"deck {decks[0]}"
                else:
                    self._ask(p.seat, [f"deck {d}" for d in decks])
                    return False
            mem["deck"] = answer.split()[1]
            deck = mem["deck"]
            count = min(arg.get("count", 3), len(self.decks[deck]))
            mem["count"] = count
            top = list(reversed(self.decks[deck][-count:]))
            who = None if self.mode != "competitive" else p.seat
            self.known[f"{p.seat if who is not None else 'all'}:{deck}"] = top
            self.emit({"e": "peek", "seat": p.seat, "deck": deck, "count": count})
            self.emit({"e": "peeked", "seat": p.seat, "deck": deck, "cards": top}, only=who)
            self.ask = None
            if count <= 1:
                return True
            self._ask(p.seat, ["order " + " ".join(map(str, perm))
                               for perm in permutations(range(1, count + 1))])
            return False
        deck, count = mem["deck"], mem["count"]
        top = list(reversed(self.decks[deck][-count:]))
        order = [int(x) - 1 for x in answer.split()[1:]]
        new_top = [top[i] for i in order]
        self.decks[deck][-count:] = list(reversed(new_top))
        key = f"{p.seat if self.mode == 'competitive' else 'all'}:{deck}"
        self.known[key] = new_top
        self.emit({"e": "reordered", "seat": p.seat, "deck": deck})
        return True

    # --------------------------------------------------------------- cards and death ---
    def gain(self, p: Player, cid: str) -> None:
        """The hero takes a card."""
        p.cards.append(cid)
        self.emit({"e": "gain", "seat": p.seat, "card": cid})
        self.check_baba_entry()

    def discard_card(self, p: Player, cid: str) -> None:
        """The hero discards a card to its pile (element cards go back)."""
        p.cards.remove(cid)
        deck = self.card(cid)["deck"]
        if deck in DECKS:
            self.discard[deck].append(cid)
        self.emit({"e": "discard", "seat": p.seat, "card": cid})

    def miss(self, p: Player) -> None:
        """Flip the character face down: one more missed turn (they stack only by option)."""
        p.skip = p.skip + 1 if self.config["skip_stacks"] else 1
        self.emit({"e": "miss_turn", "seat": p.seat})

    def kill(self, p: Player) -> None:
        """Death (#30): Apple of Youth first; else Rep cards lost, back to the quest's town."""
        apples = self.powers_of(p, "on_death", "cancel_death")
        if apples:
            self.discard_card(p, apples[0])
            self.emit({"e": "death_cancelled", "seat": p.seat, "card": apples[0]})
            return
        self.emit({"e": "killed", "seat": p.seat})
        for cid in [c for c in p.cards if self.card(c)["rep"] > 0]:
            self.discard_card(p, cid)
        for cid in p.pending:
            self.discard[self.card(cid)["deck"]].append(cid)
        p.pending = []
        p.effects = []
        self.release_reminders()
        p.loc = self.c.quests[p.quest]["start"]
        self.miss(p)
        if p.seat == self.active:
            self.turn["dead"] = True
        if self.mode == "solo" and self.config["solo_lose_on_death"]:
            self.finish([], "died")

    def eliminate(self, p: Player) -> None:
        """Out of the game: every card discarded, the end checks of the mode."""
        self.emit({"e": "eliminated", "seat": p.seat})
        for cid in list(p.cards):
            self.discard_card(p, cid)
        for cid in p.pending:
            self.discard[self.card(cid)["deck"]].append(cid)
        p.pending = []
        p.effects = []
        self.release_reminders()
        p.elim = True
        p.skip = 0
        p.loc = self.c.quests[p.quest]["start"]
        if p.seat == self.active:
            self.turn["dead"] = True
        if self.mode == "solo":
            return self.finish([], "eliminated")
        if not self.active_players():
            return self.finish([], "all_eliminated")
        if self.mode == "cooperative":
            self.check_coop_win()
