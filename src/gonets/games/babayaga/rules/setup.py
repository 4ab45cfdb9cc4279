"""Set-up: the deal (or the players' picks), quest set-up, pulls, shuffle and removal."""

from __future__ import annotations

from typing import Any

from gonets.games.babayaga.rules.hero import DECKS


class Setup:
    """The set-up frame (a state mixin)."""

    def _op_setup(self, f: dict, answer: Any) -> None:
        stage = f["stage"]
        n = self.config.players
        if stage == "deal":
            if self.mode == "solo":
                f["stage"] = "pick_char"
                return
            picks = f.get("picks", [])
            if self.config["choose_characters"] and len(picks) < n:
                if answer is not None:
                    f["picks"] = picks + [answer.split()[1]]
                    return
                return self._ask(len(picks), [f"character {c}" for c in sorted(self.c.characters)
                                              if c not in picks])
            if answer is None:
                return self._chance("deal", picks or None)
            for seat, (ch, q) in enumerate(zip(answer["characters"], answer["quests"])):
                self.players[seat].char = ch
                self.players[seat].quest = q
            self.first = answer["first"]
            f["stage"] = "place"
            return
        if stage == "pick_char":
            if answer is None:
                return self._ask(0, [f"character {c}" for c in sorted(self.c.characters)])
            self.players[0].char = answer.split()[1]
            f["stage"] = "pick_quest"
            return
        if stage == "pick_quest":
            if answer is None:
                return self._ask(0, [f"quest {q}" for q in sorted(self.c.quests)])
            self.players[0].quest = answer.split()[1]
            f["stage"] = "place"
            return
        if stage == "place":
            pulled = set()
            for p in self.players:
                quest = self.c.quests[p.quest]
                p.loc = quest["start"]
                for kind, arg in quest["setup"]:
                    if kind == "set_aside":
                        self.set_aside.append(arg)
                        pulled.add(arg)
                    else:
                        self.tokens[arg["token"]] = arg["location"]
                for cid in self.c.characters[p.char]["pulls"]:
                    p.cards.append(cid)
                    pulled.add(cid)
            for tok, where in self.c.token_start.items():
                self.tokens[tok] = where
            f["pulled"] = sorted(pulled)
            f["stage"] = "shuffle"
            self.emit({"e": "setup", "characters": [p.char for p in self.players],
                       "quests": [p.quest for p in self.players], "first": self.first})
            return
        if stage == "shuffle":
            if answer is None:
                spec = {d: [c for c in self.c.decks[d] if c not in f["pulled"]] for d in DECKS}
                return self._chance("shuffle", spec)
            cfg = self.config
            if self.mode == "solo":
                drop = self.c.rules["setup"]["solo_removed_per_deck"]
            else:
                drop = int(self.c.rules["setup"]["removed_per_deck"].get(n, 0))
            drop += cfg["extra_removed"]
            for deck in DECKS:
                order = list(answer[deck])
                k = min(drop, len(order) - 1)
                self.removed[deck] = order[:k]
                self.decks[deck] = order[k:]
            self.emit({"e": "removed", "count": {d: len(self.removed[d]) for d in DECKS}})
            self.active = self.first
            self.opener = self.first
            self.stack = [{"op": "turn", "stage": "start"}]
            self.turn = {"first_of_game": True}
            return
