"""A heuristic Baba Yaga bot: walks its quest, avoids hopeless challenges, spends Rep wisely.

It reads only its view (public state, its own peeks, the log) and the public content pack.
"""

from __future__ import annotations

from collections.abc import Sequence

from gonets.agents.base import Agent
from gonets.games.babayaga.rules.content import default_content


def success(dice: int, diff: int, rerolls: int = 0) -> float:
    """Chance that at least one of ``dice`` dice meets ``diff`` within 1 + rerolls tries."""
    miss = ((diff - 1) / 6) ** max(1, dice)
    return 1 - miss ** (1 + rerolls)


class HeuristicAgent(Agent):
    """Pursues its quest; draws cards to grow while the final step looks hopeless."""

    name = "heuristic"

    def act(self, view: dict, legal: Sequence[int]) -> int:
        """The id of the chosen notation among the legal ones."""
        texts = view["legal"]
        choice = self.choose(view, texts)
        return legal[texts.index(choice)] if choice in texts else legal[0]

    # -- helpers ----------------------------------------------------------------------------
    def me(self, view: dict) -> dict:
        """The bot's own hero in the view."""
        return view["heroes"][self.seat]

    def stat(self, view: dict, ability: str) -> int:
        """The bot's ability: printed stat plus the icons of its cards."""
        c = default_content()
        me = self.me(view)
        return c.characters[me["char"]]["stats"][ability] + sum(
            c.cards[x]["icons"][ability] for x in me["cards"])

    def rep(self, view: dict) -> int:
        """The bot's Rep."""
        return view["rep"][self.seat]

    def step_card(self, view: dict) -> dict | None:
        """The bot's current quest step card, or None."""
        c = default_content()
        me = self.me(view)
        if me["done"] or me["elim"]:
            return None
        steps = c.quests[me["quest"]]["steps"]
        return c.cards[steps[me["step"]]] if me["step"] < len(steps) else None

    def target(self, view: dict) -> str | None:
        """Where the current step happens now (a place or a token's space), if anywhere."""
        step = self.step_card(view)
        if step is None:
            return None
        trig = step["trigger"]
        if "at" in trig:
            return trig["at"]
        if "token" in trig:
            return view["tokens"].get(trig["token"])
        if trig.get("passive", {}).get("token_absent") == "solovey":
            return view["tokens"].get("solovey")
        return None

    def ready(self, view: dict, step: dict) -> bool:
        """Is the step's challenge worth trying now?"""
        if not step["challenges"]:
            return True
        rep = self.rep(view)
        chance = 1.0
        for ch in step["challenges"]:
            diff = min(6, ch["base"] + (rep if ch["plus_rep"] else 0))
            chance *= success(self.stat(view, ch["ability"]), diff, rep)
        left = min(view["deck_sizes"].values())
        if not step.get("final"):
            killing = "kill" in [e[0] for e in step["lose"]]
            bar = 0.55 if view["mode"] != "competitive" else 0.65
            return chance >= (bar if killing else 0.25) or left <= 3
        if view["mode"] != "competitive":
            return chance >= (0.5 if left > 8 else 0.0)
        # competitive: failing the final step eliminates, which hands the game to the others
        others = [r for s, r in enumerate(view["rep"])
                  if s != self.seat and not view["heroes"][s]["elim"]]
        if left <= 6:
            if others and rep > max(others):
                return False               # leading on Rep: let the decks run out
            return chance >= 0.25
        return chance >= 0.6

    def can_face_baba(self, view: dict) -> bool:
        """Is the next Baba Yaga card worth meeting (half a chance or better)?"""
        c = default_content()
        if view["by_beaten"] >= 3:
            return True
        card = c.cards[c.decks["baba_yaga"][view["by_beaten"]]]
        chance = 1.0
        for ch in card["challenges"]:
            chance *= success(self.stat(view, ch["ability"]), ch["base"], self.rep(view))
        return chance >= 0.5

    # -- the decision -----------------------------------------------------------------------
    def choose(self, view: dict, texts: list[str]) -> str:
        """The notation to play among ``texts``."""
        verb = texts[0].split()[0]
        c = default_content()
        me = self.me(view)
        if verb in ("character", "quest"):
            return texts[self.rng.randrange(len(texts))]
        if verb in ("move", "fly", "sneak", "use") and any(t.startswith("move ") for t in texts):
            return self.choose_move(view, texts)
        if verb in ("hut", "horseman", "baba"):
            return self.choose_token(view, texts)
        if "reroll" in verb or verb in ("use", "accept") or "accept" in texts:
            return self.choose_after_roll(view, texts)
        if verb == "step":
            goal = self.target(view) or c.baba_entry
            dist = c.dist["walk"][goal]
            return min(texts, key=lambda t: dist[t.split()[1]])
        if verb == "draw":
            return texts[self.rng.randrange(len(texts))]
        if verb == "choose":
            return max(texts, key=lambda t: self.stat(view, t.split()[1]))
        if verb in ("steal", "beguile"):
            return "pass"
        if verb in ("give", "ask", "offer"):
            return "done"
        if verb == "rescue":
            return "rescue" if self.stat(view, "move") >= 3 else "pass"
        if verb in ("pay", "roll") or "roll" in texts:
            return "roll"
        if verb == "card":
            def value(t: str) -> int:
                card = c.cards[t.split()[1].upper()]
                return sum(card["icons"].values()) * 2 + card["rep"] + len(card["powers"])
            mine = set(me["cards"])
            if all(t.split()[1].upper() in mine for t in texts):
                return min(texts, key=value)
            return max(texts, key=value)
        if verb == "option":
            return texts[-1]
        return texts[0]

    def choose_move(self, view: dict, texts: list[str]) -> str:
        """Walk toward the quest step when ready, else grow on a safe space nearby."""
        c = default_content()
        step = self.step_card(view)
        goal = self.target(view)
        tokens = {v: k for k, v in view["tokens"].items() if v is not None}
        danger = {view["tokens"].get("baba_yaga"), view["tokens"].get("horseman")}
        moves = self.avoid_dead_decks(view, [t for t in texts if t.startswith("move ")], goal)
        if step is not None and goal is not None:
            trig = step["trigger"]
            timed = (trig.get("time") and view["time"] is not None
                     and view["time"] not in trig["time"])
            wanted = f"move {goal}"
            # staying on the goal with a token there only meets the token again
            blocked = "at" in trig and goal in tokens and goal == self.me(view)["loc"]
            # Baba Yaga on the goal: meeting her unready only kills, and she stays put while
            # nobody has Rep 3, so walking in again and again would stall the game
            blocked = blocked or (goal == view["tokens"].get("baba_yaga")
                                  and not self.can_face_baba(view))
            if wanted in moves and not timed and not blocked and self.ready(view, step):
                return wanted
            if not self.ready(view, step) or timed or blocked:
                # grow: draw cards on a safe space near the goal
                dist = c.dist["walk"][goal]
                safe = [t for t in moves if t.split()[1] not in tokens]
                if safe:
                    return min(safe, key=lambda t: (dist[t.split()[1]] <= 1 and timed is None,
                                                    abs(dist[t.split()[1]] - 2)))
            dist = c.dist["walk"][goal]
            safe = [t for t in moves if t.split()[1] not in danger or t.split()[1] == goal]
            pool = safe or moves
            return min(pool, key=lambda t: (dist[t.split()[1]], t.split()[1] in tokens))
        safe = [t for t in moves if t.split()[1] not in tokens]
        pool = safe or moves
        return pool[self.rng.randrange(len(pool))]

    def dead_decks(self, view: dict) -> set[str]:
        """Decks known to hold only cards this hero cannot meet (they would shuffle back)."""
        c = default_content()
        dead = set()
        for deck, known in view["in_deck"].items():
            size = view["deck_sizes"][deck]
            if size and len(known) == size and all(
                    c.cards[x]["requires"].get("min_rep", 0) > self.rep(view)
                    and c.cards[x]["on_unmet"] == "shuffle_back" for x in known):
                dead.add(deck)
        return dead

    def avoid_dead_decks(self, view: dict, moves: list[str], goal: str | None) -> list[str]:
        """Drop moves onto the spaces of decks it cannot draw from usefully."""
        dead = self.dead_decks(view)
        if not dead:
            return moves
        c = default_content()

        def deck_of(text: str) -> str:
            return "town" if c.locations[text.split()[1]]["kind"] == "town" else "wilderness"

        live = [t for t in moves if t.split()[1] == goal or deck_of(t) not in dead]
        return live or moves

    def choose_token(self, view: dict, texts: list[str]) -> str:
        """Send the Hut / Horseman / Baba Yaga away (toward it if its quest needs them)."""
        c = default_content()
        me = self.me(view)
        step = self.step_card(view)
        token = texts[0].split()[0]
        dist = c.dist["flight"][me["loc"]]
        want_close = step is not None and step["trigger"].get("token") == token
        key = (lambda t: dist[t.split()[1]]) if want_close else (lambda t: -dist[t.split()[1]])
        return min(texts, key=key)

    def choose_after_roll(self, view: dict, texts: list[str]) -> str:
        """Reroll or use a card only when failing would be severe."""
        c = default_content()
        frame = view["encounter"]
        card = c.cards[frame["card"]] if frame else None
        deadly = card is None or card["deck"] == "baba_yaga" or \
            any(e[0] in ("kill", "eliminate") for e in card["lose"])
        severe = deadly or (card["deck"] == "quest" and view["mode"] != "competitive")
        rerolls = [t for t in texts if t.startswith("reroll ")]
        uses = [t for t in texts if t.startswith("use ")]
        if uses and severe:
            return uses[0]
        hoard = view["mode"] == "competitive"     # Rep is the score at the end
        if rerolls and (severe or (self.rep(view) >= 3 and not hoard)):
            def cost(t: str) -> int:
                card2 = c.cards[t.split()[1].upper()]
                return sum(card2["icons"].values()) * 3 + card2["rep"]
            return min(rerolls, key=cost)
        if "roll" in texts:
            return "roll"
        return "accept" if "accept" in texts else texts[0]


AGENTS = {"heuristic": HeuristicAgent}
"""The game's own agents by name (found by the base Game)."""
