"""Movement: a hero's move, and the Hut's, the Horseman's and Baba Yaga's moves."""

from __future__ import annotations

from typing import Any

from gonets.games.babayaga.rules.hero import ELEMENT_ORDER, Player


class Movement:
    """Where heroes and tokens may go (a state mixin)."""

    def move_allowance(self, p: Player) -> int:
        """Spaces the hero may move this turn (Move modifiers only, never 'all challenges')."""
        extra = self.turn.get("extra_move", 0)
        lingering = self.lingering(p, "move", "next_turn", challenge=False)
        return max(0, self.ability(p, "move") + lingering + extra)

    def is_town(self, loc: str) -> bool:
        """Is ``loc`` a town?"""
        return self.c.locations[loc]["kind"] == "town"

    def token_spaces(self) -> set:
        """Every space a token stands on."""
        return {loc for loc in self.tokens.values() if loc is not None}

    def reachable(self, start: str, steps: int, stop_at: set, allow_pass: bool = False) -> dict:
        """End spaces within ``steps`` moves; token spaces end a move (unless one may be passed)."""
        walk = self.c.walk
        best = {(start, False): 0}
        frontier = [(start, False)]
        for depth in range(steps):
            nxt = []
            for loc, used in frontier:
                if loc in stop_at and loc != start and not (allow_pass and not used):
                    continue
                passing = used or (loc in stop_at and loc != start)
                for n in walk[loc]:
                    key = (n, passing)
                    if key not in best:
                        best[key] = depth + 1
                        nxt.append(key)
            frontier = nxt
        ends: dict[str, bool] = {}
        for (loc, used) in best:
            if not used:
                ends[loc] = False
            elif loc not in ends:
                ends[loc] = True
        return ends

    def _op_move(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        t = self.turn
        if answer is None:
            stops = self.token_spaces()
            allowance = self.move_allowance(p)
            caps = self.powers_of(p, "on_token_encounter", "skip_token_encounter")
            ends = self.reachable(p.loc, allowance, stops, allow_pass=bool(caps))
            opts = [f"move {lid}" for lid in self.c.order if ends.get(lid) is False]
            if caps:
                opts += [f"sneak {lid}" for lid in self.c.order if ends.get(lid) is True]
            for cid in self.powers_of(p, "during_move", "extra_move"):
                opts.append(f"use {cid.lower()}")
            if self.powers_of(p, "during_move", "teleport"):
                opts += [f"fly {lid}" for lid in self.c.order
                         if self.c.locations[lid]["kind"] == "wild" and lid != p.loc]
            if len(opts) == 1:
                answer = opts[0]
            else:
                return self._ask(p.seat, opts)
        verb, arg = answer.split()
        if verb == "use":
            cid = arg.upper()
            power = next(pw for pw in self.card(cid)["powers"] if pw["when"] == "during_move")
            t["extra_move"] = t.get("extra_move", 0) + power["amount"]
            self.discard_card(p, cid)
            self.emit({"e": "used", "seat": p.seat, "card": cid})
            return
        if verb == "fly":
            cid = self.powers_of(p, "during_move", "teleport")[0]
            self.discard_card(p, cid)
            self.emit({"e": "used", "seat": p.seat, "card": cid})
        if verb == "sneak":
            cid = self.powers_of(p, "on_token_encounter", "skip_token_encounter")[0]
            self.discard_card(p, cid)
            self.emit({"e": "used", "seat": p.seat, "card": cid})
        p.loc = arg
        self.emit({"e": "move", "seat": p.seat, "to": arg})
        self.pop()
        here = [tok for tok in ELEMENT_ORDER if self.tokens[tok] == arg]
        if here:
            t["met_tokens"] = True
            self.push("meet", loc=arg, todo=here)

    def move_token_to(self, token: str, dest: str) -> None:
        """Put a token on ``dest`` (a move counts as a new token for B8)."""
        if self.tokens[token] != dest:
            self.tokens[token] = dest
            self.serial[token] += 1
            self.emit({"e": "token", "token": token, "to": dest})

    def queue_tokens(self, directions: list, won: bool | None = None) -> None:
        """The card's Hut/Horseman directions that apply, for the token step."""
        moves = self.turn.setdefault("token_moves", [])
        for d in directions:
            if d["on"] == "always" or (won is True and d["on"] == "win") or \
                    (won is False and d["on"] == "lose"):
                moves.append([d["token"], d["steps"], d["toward"]])

    def path_ends(self, graph: dict, start: str, steps: int) -> list[str]:
        """End spaces of simple paths of exactly ``steps`` (or the longest that exist)."""
        best_len, ends = 0, {start}

        def walk(loc: str, seen: tuple, left: int) -> None:
            nonlocal best_len, ends
            depth = steps - left
            if depth > best_len:
                best_len, ends = depth, {loc}
            elif depth == best_len:
                ends.add(loc)
            if left == 0:
                return
            for n in graph[loc]:
                if n not in seen:
                    walk(n, seen + (n,), left - 1)
        walk(start, (start,), steps)
        return sorted(ends)

    def toward_options(self, token: str, steps: int, targets: list[Player]) -> list[str]:
        """End spaces of moving ``token`` up to ``steps`` along shortest paths to the nearest
        of ``targets`` (a target in a town is reached from a bordering wilderness space)."""
        here = self.tokens[token]
        graph = self.c.token
        dist_from = self.c.dist["token"]

        def distance(loc: str, target: str) -> int:
            if self.is_town(target):
                d = [dist_from[loc][n] + 1 for n in self.c.walk[target] if n in graph]
                return min(d) if d else 999
            return dist_from[loc].get(target, 999)
        scored = [(distance(here, q.loc), q.loc) for q in targets]
        if not scored:
            return [here]
        best = min(d for d, _ in scored)
        goals = {loc for d, loc in scored if d == best}
        ends = set()
        for goal in goals:
            frontier = {here}
            for _ in range(steps):
                if goal in frontier:
                    break
                d_now = {loc: distance(loc, goal) for loc in frontier}
                nxt = set()
                for loc in frontier:
                    if d_now[loc] == 0 or (self.is_town(goal) and d_now[loc] == 1):
                        nxt.add(loc)
                        continue
                    for n in graph[loc]:
                        if distance(n, goal) == d_now[loc] - 1:
                            nxt.add(n)
                frontier = nxt
            ends |= frontier
        return [lid for lid in self.c.order if lid in ends]

    def _op_token_moves(self, f: dict, answer: Any) -> None:
        p = self.players[self.active]
        moves = self.turn.get("token_moves") or []
        if answer is not None:
            token = moves[0][0]
            self.move_token_to(token, answer.split()[1])
            self.turn["token_moves"] = moves[1:]
            return
        if not moves:
            return self.pop()
        token, steps, toward = moves[0]
        # solo: a "move one space" goes toward you; longer moves are yours to direct (seed,
        # Solo Play), so the Hut and Horseman cards take their token off your space (#35)
        if toward == "active_player" or (self.mode == "solo" and steps == 1):
            opts = self.toward_options(token, steps, [p])
        elif toward == "nearest_player":
            opts = self.toward_options(token, steps, self.active_players())
        else:
            opts = self.path_ends(self.c.token, self.tokens[token], steps)
        if len(opts) == 1:
            self.move_token_to(token, opts[0])
            self.turn["token_moves"] = moves[1:]
            return
        self._ask(p.seat, [f"{token} {lid}" for lid in opts])

    def baba_targets(self) -> list[str]:
        """Where Baba Yaga may end her move this round (several: a random pick)."""
        need = self.c.rules["baba_yaga"]["appear_at_rep"]
        alive = self.active_players()
        if not alive:
            return []
        best = max(self.rep(q) for q in alive)
        if best < need:
            return []
        here = self.tokens["baba_yaga"]
        dist = self.c.dist["flight"]
        leaders = [q for q in alive if self.rep(q) == best]
        near = min(dist[here][q.loc] for q in leaders)
        goals = {q.loc for q in leaders if dist[here][q.loc] == near}
        steps = self.c.rules["baba_yaga"]["steps_per_round"]
        ends = set()
        for goal in goals:
            frontier = {here}
            for _ in range(steps):
                if goal in frontier:
                    break
                frontier = {n for loc in frontier for n in self.c.flight[loc]
                            if dist[goal][n] == dist[goal][loc] - 1}
            ends |= frontier
        return [lid for lid in self.c.order if lid in ends]
