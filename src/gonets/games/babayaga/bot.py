"""A heuristic Baba Yaga bot: walks its quest, avoids hopeless challenges, spends Rep wisely.

It reads only its view (public state, its own peeks, the log) and the public content pack.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources

from gonets.agents.base import Agent
from gonets.agents.ismcts import ISMCTSAgent
from gonets.games.babayaga.rules.content import view_content


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
        c = view_content(view)
        me = self.me(view)
        return c.characters[me["char"]]["stats"][ability] + sum(
            c.cards[x]["icons"][ability] for x in me["cards"])

    def rep(self, view: dict) -> int:
        """The bot's Rep."""
        return view["rep"][self.seat]

    def step_card(self, view: dict) -> dict | None:
        """The bot's current quest step card, or None."""
        c = view_content(view)
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
        c = view_content(view)
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
        c = view_content(view)
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
        c = view_content(view)
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
        c = view_content(view)
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
        c = view_content(view)

        def deck_of(text: str) -> str:
            return "town" if c.locations[text.split()[1]]["kind"] == "town" else "wilderness"

        live = [t for t in moves if t.split()[1] == goal or deck_of(t) not in dead]
        return live or moves

    def choose_token(self, view: dict, texts: list[str]) -> str:
        """Send the Hut / Horseman / Baba Yaga away (toward it if its quest needs them)."""
        c = view_content(view)
        me = self.me(view)
        step = self.step_card(view)
        token = texts[0].split()[0]
        dist = c.dist["flight"][me["loc"]]
        want_close = step is not None and step["trigger"].get("token") == token
        key = (lambda t: dist[t.split()[1]]) if want_close else (lambda t: -dist[t.split()[1]])
        return min(texts, key=key)

    def choose_after_roll(self, view: dict, texts: list[str]) -> str:
        """Reroll or use a card only when failing would be severe."""
        c = view_content(view)
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




# -- what search knows of the game ---------------------------------------------------------
# A search plays out worlds sampled from its own view (``Game.sample_world``); the hooks below
# read such a world directly: building real views (the log, the opaque resume string) for
# every playout move would cost far more than the move itself.

ROLLOUT_NOISE = 0.1
"""Share of playout moves chosen at random instead of by the heuristic."""


def _hero(p) -> dict:
    return {"seat": p.seat, "char": p.char, "quest": p.quest, "step": p.step, "done": p.done,
            "loc": p.loc, "cards": p.cards, "elim": p.elim}


def _encounter(state) -> dict | None:
    for frame in reversed(state.stack):
        if frame["op"] == "card":
            return {"card": frame["card"]}
    return None


def lite_view(state, seat: int) -> dict:
    """The parts of ``seat``'s view the heuristic reads, built straight from a (sampled)
    state: the same values as the real view for those keys (the options name the content
    pack), without log or resume."""
    players = state.players
    decks = state.decks
    return {"seat": seat, "mode": state.mode, "options": state.config.options,
            "heroes": [_hero(p) for p in players],
            "rep": [state.rep(p) for p in players], "tokens": state.tokens,
            "deck_sizes": {"wilderness": len(decks["wilderness"]), "town": len(decks["town"])},
            "in_deck": state.in_deck, "time": state.shown_time(),
            "by_beaten": state.by_beaten, "encounter": _encounter(state),
            "legal": state.ask[2]}


_PLAYOUT_AGENTS: dict[int, HeuristicAgent] = {}


def _playout_agent(state, seat: int) -> HeuristicAgent:
    agent = _PLAYOUT_AGENTS.get(seat)
    if agent is None:
        agent = _PLAYOUT_AGENTS[seat] = HeuristicAgent(None, state.config, seat, None)
    return agent


def rollout_action(state, rng) -> int:
    """A playout move in a sampled world: the heuristic's choice on the world's light view,
    a random legal move one time in ten."""
    texts = state.ask[2]
    if len(texts) == 1:
        return state.index[texts[0]]
    if rng.random() < ROLLOUT_NOISE:
        return state.index[texts[rng.randrange(len(texts))]]
    seat = state.ask[1]
    agent = _playout_agent(state, seat)
    agent.rng = rng
    choice = agent.choose(lite_view(state, seat), texts)
    return state.index[choice if choice in texts else texts[0]]


FEATURES = ("steps", "final", "final_chance", "final_distance", "rep", "lead", "lead_late",
            "lead_baba", "skip", "to_move", "step_chance", "step_distance", "rep_late",
            "leader_late", "cards")
"""What ``evaluate`` weighs for each seat (``features``), in the order of the weights."""

PROGRESS = ("steps", "final", "final_chance", "step_chance")
"""Features whose weight is kept at 0 or above by the fit (a step done is never bad news)."""


def step_chance(state, p) -> float:
    """The chance that ``p`` passes the challenges of his current quest step at one try
    (his dice and, for a reroll each, his Rep)."""
    sid = state.current_step(p)
    if sid is None:
        return 0.0
    rep = state.rep(p)
    chance = 1.0
    for ch in state.c.cards[sid]["challenges"]:
        diff = min(6, ch["base"] + (rep if ch["plus_rep"] else 0))
        chance *= success(state.ability(p, ch["ability"]), diff, rep)
    return chance


def goal_distance(state, p) -> int:
    """Walking distance from ``p`` to where his current step happens (0 if nowhere)."""
    sid = state.current_step(p)
    if sid is None:
        return 0
    trig = state.c.cards[sid]["trigger"]
    goal = trig.get("at") or state.tokens.get(trig.get("token", ""))
    if goal is None:
        return 0
    return state.c.dist["walk"][goal].get(p.loc, 0)


def features(state, seat: int) -> list[float]:
    """The evaluation's features of ``seat`` in ``state`` (see :data:`FEATURES`): the share
    of the quest done, whether the final step is next with its chance and distance, Rep, the
    Rep lead over the best rival (alone, as the decks run low, as Baba Yaga falls), a missed
    turn to come, whose turn it is, the chance and distance of a step before the final one,
    Rep and the Rep lead as the decks run low, and the cards held."""
    p = state.players[seat]
    steps = len(state.c.quests[p.quest]["steps"])
    sid = state.current_step(p)
    final = 1.0 if sid is not None and state.c.cards[sid].get("final") else 0.0
    chance = step_chance(state, p)
    distance = min(goal_distance(state, p), 10) / 10
    rep = state.rep(p)
    others = [state.rep(q) for q in state.players if q is not p and not q.elim]
    lead = float(rep - max(others)) if others else 0.0
    left = min(len(state.decks["wilderness"]), len(state.decks["town"]))
    late = max(0.0, 1.0 - left / 12)
    ahead = late if lead > 0 else 0.0
    return [p.step / steps, final, chance * final, distance * final, float(rep), lead,
            lead * late, lead * state.by_beaten / 3, float(p.skip > 0),
            float(state.active == seat), chance * (1 - final), distance * (1 - final),
            rep * late, ahead, float(len(p.cards))]


ROLLOUT_ROUNDS = 1
"""A playout stops after this many rounds of turns (every hero still in has played as many
turns) and is scored by ``evaluate``."""


def rollout_done(start, state, moves: int) -> bool:
    """Whether a playout from ``start`` may stop at ``state``: after :data:`ROLLOUT_ROUNDS`
    rounds' worth of turns."""
    played = sum(p.turns for p in state.players) - sum(p.turns for p in start.players)
    return played > ROLLOUT_ROUNDS * len(state.active_players())


@cache
def _weights() -> dict[int, list[float]]:
    path = resources.files("gonets.games.babayaga") / "data" / "search.json"
    data = json.loads(path.read_text("utf-8"))
    if list(data["features"]) != list(FEATURES):
        raise ValueError(f"{path}: features {data['features']} do not match bot.FEATURES")
    return {int(k): v for k, v in data["weights"].items()}


def evaluate(state) -> list[float]:
    """Each seat's chance of winning from ``state``: a conditional logit over the heroes still
    in (quest progress and the chance of the next step, Rep and the Rep lead as the decks run
    low or Baba Yaga falls), fitted on heuristic self-play (``data/search.json``). Eliminated
    heroes get 0; a finished match gives its winners equal shares (none: all 0)."""
    players = state.config.players
    if state.outcome is not None:
        winners = state.outcome["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    table = _weights()
    weights = table.get(players) or table[min(table, key=lambda k: abs(k - players))]
    scores = []
    for seat in range(players):
        if state.players[seat].elim:
            scores.append(None)
            continue
        scores.append(sum(w * x for w, x in zip(weights, features(state, seat))))
    alive = [s for s in scores if s is not None]
    if not alive:
        return [1.0 / players] * players
    top = max(alive)
    shares = [0.0 if s is None else math.exp(s - top) for s in scores]
    total = sum(shares)
    return [s / total for s in shares]


class AnchoredSearchAgent(ISMCTSAgent):
    """ISMCTS with this game's playouts, anchored on the heuristic: it plays the search's
    favourite only when its estimated win chance beats the heuristic's own move by
    ``margin`` (a few hundred dice-heavy playouts rank close moves by noise). The margin
    is set for the class's 400 iterations; a search of more iterations needs less of one
    for the same confidence, since the noise of a mean falls with the root of their number
    (``expert``'s four times the iterations: half the margin)."""

    name = "search"
    iterations: int | None = 400
    seconds: float | None = 1.0
    margin = 0.04

    def required_gain(self) -> float:
        """How much better than the heuristic's move the search's favourite must look."""
        planned = self.iterations
        if planned is None or planned <= 0:
            return self.margin
        return self.margin * math.sqrt(AnchoredSearchAgent.iterations / planned)

    def act(self, view: dict, legal: Sequence[int]) -> int:
        """The search's move, or the heuristic's unless the search clearly prefers another."""
        if len(legal) == 1:
            self._kept = None
            return legal[0]
        choices = self.analyse(view, legal)
        texts = view["legal"]
        wanted = HeuristicAgent(self.game, self.config, self.seat, self.rng).choose(view, texts)
        anchor = next((c for c in choices if c.text == wanted), choices[0])
        best = choices[0]
        if best is anchor or best.value >= anchor.value + self.required_gain():
            return best.action
        self._kept = None              # the subtree kept was grown under the other move
        return anchor.action


LEVELS = {"hard": {"agent": "search"}}
"""Baba Yaga's difficulty levels (the rest from ``gonets.agents.levels.DEFAULTS``)."""


AGENTS = {"heuristic": HeuristicAgent, "search": AnchoredSearchAgent}
"""The game's own agents by name (found by the base Game)."""
