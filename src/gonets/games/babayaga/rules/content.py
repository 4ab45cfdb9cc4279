"""Loading and validating a Baba Yaga content pack (board, characters, quests, cards, rules).

A content pack is a folder holding ``board.yaml``, ``characters.yaml``, ``quests.yaml``,
``rules.yaml`` and ``cards/{wilderness,town,elements}.yaml``. :func:`load_content` reads it,
checks every rule of the schema (rules file section 5 and addendum B50) and returns a frozen
:class:`Content`. Any problem raises :class:`ContentError` naming the file, the entry and the
problem. Rules code reads cards only through their generic effect kinds.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from gonets.core.errors import ContentError

DEFAULT_DIR = Path(__file__).parent.parent / "data"
ABILITIES = ("move", "fight", "cunning")
TIMES = ("dawn", "noon", "night")
TOKENS = ("wolves", "solovey", "horseman", "hut", "baba_yaga")
CARD_TYPES = ("ally", "deed", "item", "event")
EDGE_KINDS = ("open", "bridge", "pass", "causeway", "river", "mountain", "lake")
SPECIALS = ("dead_forest", "forlorn_hills", "golden_halls", "khorov", "koldunoi",
            "koshcheys_home", "spirits_hollow", "tsarov")
EFFECT_KINDS = {"take_card", "kill", "eliminate", "miss_turn", "dice_mod", "discard_own",
                "move_character", "place_token", "remove_token", "set_aside", "move_token",
                "take_from_discard", "peek_reorder", "clear_lingering", "global", "end_game",
                "choose_one"}
POWER_WHEN = {"before_roll", "after_failed_roll", "on_death", "on_lose_result", "during_move",
              "on_token_encounter", "on_skipped_turn"}
POWER_EFFECTS = {"reroll_all", "add_dice", "cancel_death", "cancel_lose", "extra_move",
                 "teleport", "skip_token_encounter", "cancel_skip"}
TOWARD = {"chooser", "nearest_player", "active_player", "away_from_here"}
DURATIONS = {"next_turn", "next_challenge"}
ON_UNMET = {"no_challenge", "shuffle_back", "hold_pending"}
COUNTS = {"wilderness": 40, "town": 32, "horseman": 3, "hut": 1, "baba_yaga": 3}


@dataclass
class Content:
    """A validated content pack. Treat as read-only: states share it."""

    folder: str
    locations: dict[str, dict]
    order: list[str]                       # location ids in file order
    walk: dict[str, tuple[str, ...]]       # characters
    token: dict[str, tuple[str, ...]]      # Hut and Horseman (no towns)
    flight: dict[str, tuple[str, ...]]     # Baba Yaga
    edges: list[tuple[str, str, str]]
    token_start: dict[str, str]
    baba_entry: str
    characters: dict[str, dict]
    quests: dict[str, dict]
    cards: dict[str, dict]                 # every card, synthetic quest steps included
    decks: dict[str, list[str]]            # wilderness / town / horseman / hut / baba_yaga
    rules: dict[str, Any]
    dist: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)


class _Checker:
    """Collects the file being checked so every error names file and entry."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.file = ""

    def fail(self, entry: str, problem: str) -> None:
        raise ContentError(f"{self.folder / self.file}: {entry}: {problem}")

    def read(self, name: str) -> Any:
        self.file = name
        path = self.folder / name
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ContentError(f"{path}: cannot read the file ({exc.strerror})") from None
        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise ContentError(f"{path}: not valid YAML: {exc}") from None


def _bfs(graph: dict[str, tuple[str, ...]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in graph[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def _load_board(ck: _Checker) -> tuple:
    data = ck.read("board.yaml")
    if not isinstance(data, dict):
        ck.fail("board", "the file must be a mapping with 'locations' and 'edges'")
    walkable = set(data.get("walkable_kinds") or ["open", "bridge", "pass", "causeway"])
    for kind in walkable:
        if kind not in EDGE_KINDS:
            ck.fail("walkable_kinds", f"unknown edge kind {kind!r}")
    locations: dict[str, dict] = {}
    order = []
    for i, loc in enumerate(data.get("locations") or []):
        entry = f"location #{i + 1}"
        if not isinstance(loc, dict) or not isinstance(loc.get("id"), str):
            ck.fail(entry, "needs an 'id'")
        lid = loc["id"]
        entry = f"location {lid!r}"
        if lid in locations:
            ck.fail(entry, "duplicate id")
        if loc.get("kind") not in ("town", "wild"):
            ck.fail(entry, f"kind must be town or wild, not {loc.get('kind')!r}")
        grid = loc.get("grid")
        if not (isinstance(grid, list) and len(grid) == 2
                and all(isinstance(g, int) for g in grid)):
            ck.fail(entry, "grid must be [x, y] integers")
        if loc.get("special") not in (None, *SPECIALS):
            ck.fail(entry, f"unknown special rule {loc.get('special')!r}")
        locations[lid] = {"id": lid, "name": str(loc.get("name") or lid), "kind": loc["kind"],
                          "grid": tuple(grid), "special": loc.get("special")}
        order.append(lid)
    towns = sum(1 for place in locations.values() if place["kind"] == "town")
    if len(locations) != 50 or towns != 7:
        ck.fail("locations", f"need 50 locations with 7 towns, found {len(locations)} with "
                f"{towns} towns")
    walk = {lid: [] for lid in locations}
    flight = {lid: [] for lid in locations}
    edges = []
    seen = set()
    for i, edge in enumerate(data.get("edges") or []):
        entry = f"edge #{i + 1} {edge!r}"
        if not isinstance(edge, list) or len(edge) not in (2, 3):
            ck.fail(entry, "an edge is [a, b] or [a, b, kind]")
        a, b = edge[0], edge[1]
        kind = edge[2] if len(edge) == 3 else "open"
        for end in (a, b):
            if end not in locations:
                ck.fail(entry, f"unknown location {end!r}")
        if a == b:
            ck.fail(entry, "an edge must join two different locations")
        if kind not in EDGE_KINDS:
            ck.fail(entry, f"unknown edge kind {kind!r}")
        if frozenset((a, b)) in seen:
            ck.fail(entry, "duplicate edge")
        seen.add(frozenset((a, b)))
        edges.append((a, b, kind))
        flight[a].append(b)
        flight[b].append(a)
        if kind in walkable:
            walk[a].append(b)
            walk[b].append(a)
    token = {lid: [n for n in walk[lid] if locations[n]["kind"] == "wild"]
             for lid in locations if locations[lid]["kind"] == "wild"}
    walk_t = {k: tuple(v) for k, v in walk.items()}
    flight_t = {k: tuple(v) for k, v in flight.items()}
    token_t = {k: tuple(v) for k, v in token.items()}
    for name, graph in (("walk", walk_t), ("flight", flight_t), ("token", token_t)):
        start = next(iter(graph))
        if len(_bfs(graph, start)) != len(graph):
            ck.fail("edges", f"the {name} graph is not connected")
    starts = data.get("token_start") or {}
    for tok in ("hut", "horseman"):
        where = starts.get(tok)
        if where not in locations:
            ck.fail(f"token_start.{tok}", f"unknown location {where!r}")
        if locations[where]["kind"] == "town":
            ck.fail(f"token_start.{tok}", f"the {tok} starts in the town {where!r}: a town "
                    f"would be reachable by the {tok}, which never enters towns")
    entry_loc = data.get("baba_yaga_entry")
    if entry_loc not in locations:
        ck.fail("baba_yaga_entry", f"unknown location {entry_loc!r}")
    if locations[entry_loc]["kind"] != "wild":
        ck.fail("baba_yaga_entry", "Bone Fence (Baba Yaga's entry) must be a wilderness space")
    return locations, order, walk_t, token_t, flight_t, edges, dict(starts), entry_loc


class _EffectChecker:
    """Validates effect lists, powers and challenges against the vocabulary."""

    def __init__(self, ck: _Checker, locations: dict, card_ids: set[str]):
        self.ck, self.locations, self.card_ids = ck, locations, card_ids

    def number(self, entry: str, name: str, value: Any, low: int = 0) -> int:
        """A whole number of at least ``low``; anything else is an error naming the field."""
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            self.ck.fail(entry, f"{name} must be a whole number of at least {low}, "
                                f"not {value!r}")
        return value

    def location(self, entry: str, where: Any, allow_here: bool = False) -> None:
        if allow_here and where == "here":
            return
        if where not in self.locations:
            self.ck.fail(entry, f"dangling location reference {where!r} (no such location)")

    def no_town_for_walkers(self, entry: str, token: str, where: Any) -> None:
        """The Hut and the Horseman never enter towns: no effect may put them in one."""
        if token in ("hut", "horseman") and where in self.locations and \
                self.locations[where]["kind"] == "town":
            self.ck.fail(entry, f"puts the {token} in the town {where!r}: a town would be "
                         f"reachable by the {token}, which never enters towns")

    def challenges(self, entry: str, items: Any) -> list[dict]:
        out = []
        if not isinstance(items, list):
            self.ck.fail(entry, "challenges must be a list")
        for ch in items:
            if not isinstance(ch, dict) or ch.get("ability") not in ABILITIES:
                self.ck.fail(entry, f"challenge {ch!r} needs an ability among {ABILITIES}")
            base = ch.get("base")
            if not isinstance(base, int) or not 2 <= base <= 6:
                self.ck.fail(entry, f"challenge base {base!r} must be 2-6")
            out.append({"ability": ch["ability"], "base": base,
                        "plus_rep": bool(ch.get("plus_rep", False))})
        return out

    def effects(self, entry: str, items: Any) -> list:
        if items is None:
            return []
        if not isinstance(items, list):
            self.ck.fail(entry, "an effect list must be a list")
        out = []
        for eff in items:
            if isinstance(eff, str):
                kind, arg = eff, None
            elif isinstance(eff, dict) and len(eff) == 1:
                kind, arg = next(iter(eff.items()))
            else:
                self.ck.fail(entry, f"malformed effect {eff!r}")
            if kind == "move_mod":          # B9: an alias of dice_mod on Move
                kind, arg = "dice_mod", {"ability": "move", **(arg or {})}
            if kind not in EFFECT_KINDS:
                self.ck.fail(entry, f"unknown effect kind {kind!r}")
            out.append((kind, self.effect_arg(entry, kind, arg)))
        return out

    def effect_arg(self, entry: str, kind: str, arg: Any) -> Any:
        if kind in ("global", "choose_one"):
            return self.effects(entry, arg)
        if kind in ("place_token", "remove_token", "move_token"):
            if not isinstance(arg, dict) or arg.get("token") not in TOKENS:
                self.ck.fail(entry, f"{kind} needs a token among {TOKENS}")
            if kind == "place_token":
                self.location(entry, arg.get("location"), allow_here=True)
                self.no_town_for_walkers(entry, arg["token"], arg.get("location"))
            if kind == "move_token":
                if arg.get("toward") not in TOWARD:
                    self.ck.fail(entry, f"unknown direction {arg.get('toward')!r}")
                self.number(entry, "move_token steps", arg.get("steps"), 1)
        if kind == "dice_mod" and (
                not isinstance(arg, dict) or arg.get("ability") not in (*ABILITIES, "any")
                or arg.get("duration") not in DURATIONS or not isinstance(arg.get("amount"), int)):
            self.ck.fail(entry, f"dice_mod needs ability, integer amount and duration {DURATIONS}")
        if kind == "move_character":
            if not isinstance(arg, dict) or arg.get("chooser") not in ("self", "left_player"):
                self.ck.fail(entry, "move_character needs chooser self or left_player")
            if arg.get("toward") is not None:
                self.location(entry, arg["toward"])
            self.number(entry, "move_character steps", arg.get("steps"), 1)
        if kind == "peek_reorder":
            self.number(entry, "peek_reorder count", (arg or {}).get("count", 3), 1)
        if kind == "discard_own":
            types = (arg or {}).get("type")
            known_types = (*CARD_TYPES, "rep", "any")
            if not isinstance(types, list) or any(t not in known_types for t in types):
                self.ck.fail(entry, "discard_own type must be a list of card types or rep, "
                                    f"not {types!r}")
        if kind == "take_from_discard":
            if (arg or {}).get("pile") not in ("town", "wilderness", "either"):
                self.ck.fail(entry, "take_from_discard pile must be town, wilderness or either")
            arg = dict(arg)
            arg["else"] = self.effects(entry, arg.get("else"))
        return arg

    def powers(self, entry: str, items: Any) -> list[dict]:
        out = []
        for power in items or []:
            if not isinstance(power, dict) or power.get("when") not in POWER_WHEN:
                self.ck.fail(entry, f"power {power!r}: unknown 'when' "
                                    f"(known: {sorted(POWER_WHEN)})")
            eff = power.get("effect")
            if isinstance(eff, str):
                name, amount = eff, None
            else:
                name, amount = next(iter((eff or {None: 0}).items()))
            if name not in POWER_EFFECTS:
                self.ck.fail(entry, f"unknown power effect {name!r}")
            if name in ("add_dice", "extra_move"):
                self.number(entry, f"power {name} amount", amount, 1)
            cond = power.get("condition") or {}
            for key in cond:
                if key not in ("ability", "context", "time", "baba_yaga_card"):
                    self.ck.fail(entry, f"unknown power condition {key!r}")
            if cond.get("context") not in (None, "town", "wild", "baba_yaga"):
                self.ck.fail(entry, f"unknown power context {cond.get('context')!r}")
            if power.get("cost", "none") not in ("none", "discard_self"):
                self.ck.fail(entry, f"unknown power cost {power.get('cost')!r}")
            out.append({"when": power["when"], "effect": name, "amount": amount, "condition": cond,
                        "cost": power.get("cost", "none")})
        return out


def _normal_card(ec: _EffectChecker, raw: dict, deck: str) -> dict:
    ck = ec.ck
    cid = raw["id"]
    entry = f"card {cid!r}"
    if raw.get("type") not in CARD_TYPES:
        ck.fail(entry, f"type must be one of {CARD_TYPES}, not {raw.get('type')!r}")
    requires = raw.get("requires") or {}
    for key in requires:
        if key not in ("time", "min_rep", "at"):
            ck.fail(entry, f"unknown requirement {key!r}")
    if "at" in requires:
        ec.location(entry, requires["at"])
    for t in requires.get("time", []):
        if t not in TIMES:
            ck.fail(entry, f"unknown time of day {t!r}")
    on_unmet = raw.get("on_unmet", "no_challenge")
    if on_unmet not in ON_UNMET:
        ck.fail(entry, f"on_unmet must be one of {sorted(ON_UNMET)}")
    tokens = []
    for tk in raw.get("tokens") or []:
        if not isinstance(tk, dict) or tk.get("token") not in ("hut", "horseman") \
                or tk.get("toward") not in TOWARD:
            ck.fail(entry, f"token direction {tk!r} needs token hut/horseman, steps, toward")
        ec.number(entry, f"{tk['token']} steps", tk.get("steps"), 1)
        when = tk.get("on", "always")
        if tk.get(True) is not None:     # YAML 1.1 reads an unquoted key on as true
            when = tk[True]
        if when not in ("always", "win", "lose"):
            ck.fail(entry, f"token direction 'on' must be always, win or lose, not {when!r}")
        tokens.append({"token": tk["token"], "steps": tk["steps"], "toward": tk["toward"],
                       "on": when})
    reward = raw.get("reward") or {}
    if not isinstance(reward, dict) or not isinstance(reward.get("icons") or {}, dict):
        ck.fail(entry, "reward must be a mapping (name, rep, icons, powers), icons a mapping")
    for key in reward.get("icons") or {}:
        if key not in ABILITIES:
            ck.fail(entry, f"unknown icon {key!r}")
    icons = {a: ec.number(entry, f"reward icons {a}", (reward.get("icons") or {}).get(a, 0))
             for a in ABILITIES}
    rep = ec.number(entry, "reward rep", reward.get("rep", 0))
    win = ec.effects(entry + " win", raw.get("win"))
    if raw["type"] != "event" and not raw.get("reward") and deck not in ("quest",):
        ck.fail(entry, "a card that can be kept needs a 'reward'")
    lair = raw.get("lair")
    if lair is not None:
        if lair.get("token") not in ("wolves", "solovey"):
            ck.fail(entry, "lair token must be wolves or solovey")
        ec.location(entry, lair.get("location"), allow_here=True)
    mode = raw.get("mode", "all")
    if mode not in ("all", "choice"):
        ck.fail(entry, "mode must be all or choice")
    card = {
        "id": cid, "deck": deck, "title": str(raw.get("title") or cid),
        "story": str(raw.get("story") or ""), "type": raw["type"],
        "optional": bool(raw.get("optional", False)), "requires": requires,
        "on_unmet": on_unmet, "mode": mode,
        "challenges": ec.challenges(entry, raw.get("challenges") or []),
        "win": win, "lose": ec.effects(entry + " lose", raw.get("lose")),
        "cost": ec.effects(entry + " cost", raw.get("cost")), "tokens": tokens,
        "pay_for_dice": raw.get("pay_for_dice"), "lair": lair,
        "name": str(reward.get("name") or raw.get("title") or cid),
        "rep": rep, "icons": icons,
        "powers": ec.powers(entry, reward.get("powers")),
        "time": raw.get("time"), "order": raw.get("order"),
    }
    return card


DECK_FILES = {"wilderness": "cards/wilderness.yaml", "town": "cards/town.yaml"}


def _missing_ids(ids: list[str], count: int) -> str:
    """The gaps of a numbered deck (W01..W40), as a clause for the error message."""
    parts = [re.fullmatch(r"([A-Za-z_]+)(\d+)", cid) for cid in ids]
    if not ids or not all(parts) or len({m.group(1) for m in parts}) != 1:
        return ""
    prefix, width = parts[0].group(1), len(parts[0].group(2))
    have = {int(m.group(2)) for m in parts}
    gaps = [f"{prefix}{n:0{width}d}" for n in range(1, count + 1) if n not in have]
    return f"; missing: {', '.join(gaps)}" if gaps else ""


def _load_cards(ck: _Checker, ec: _EffectChecker) -> tuple[dict, dict]:
    cards: dict[str, dict] = {}
    decks: dict[str, list[str]] = {k: [] for k in COUNTS}
    raw_files = []
    for name, default_deck in (("cards/wilderness.yaml", "wilderness"),
                               ("cards/town.yaml", "town"), ("cards/elements.yaml", None)):
        data = ck.read(name)
        if not isinstance(data, list):
            ck.fail("cards", "the file must be a list of cards")
        for i, raw in enumerate(data):
            if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
                ck.fail(f"card #{i + 1}", "needs an 'id'")
            if raw["id"] in ec.card_ids:
                ck.fail(f"card {raw['id']!r}", "duplicate id")
            ec.card_ids.add(raw["id"])
        raw_files.append((name, default_deck, data))
    for name, default_deck, data in raw_files:
        ck.file = name
        for raw in data:
            deck = raw.get("deck", default_deck)
            if deck not in COUNTS:
                ck.fail(f"card {raw['id']!r}", f"unknown deck {deck!r}")
            card = _normal_card(ec, raw, deck)
            if deck == "horseman" and card["time"] not in TIMES:
                ck.fail(f"card {raw['id']!r}", "a Horseman card needs a time of day")
            if deck == "baba_yaga" and card["order"] not in (1, 2, 3):
                ck.fail(f"card {raw['id']!r}", "a Baba Yaga card needs order 1, 2 or 3")
            cards[card["id"]] = card
            decks[deck].append(card["id"])
    for deck, count in COUNTS.items():
        if len(decks[deck]) != count:
            ck.file = DECK_FILES.get(deck, "cards/elements.yaml")
            ck.fail(f"deck {deck}", f"needs {count} cards, found {len(decks[deck])}"
                    + _missing_ids(decks[deck], count))
    if sorted(cards[c]["time"] for c in decks["horseman"]) != sorted(TIMES):
        ck.fail("deck horseman", "needs one card per time of day")
    if sorted(cards[c]["order"] for c in decks["baba_yaga"]) != [1, 2, 3]:
        ck.fail("deck baba_yaga", "needs orders 1, 2 and 3")
    decks["baba_yaga"].sort(key=lambda c: cards[c]["order"])
    return cards, decks


def _load_quests(ck: _Checker, ec: _EffectChecker, locations: dict, cards: dict) -> dict:
    data = ck.read("quests.yaml")
    if not isinstance(data, list) or len(data) != 6:
        ck.fail("quests", "need a list of 6 quests")
    quests = {}
    starts = set()
    for raw in data:
        qid = raw.get("id")
        entry = f"quest {qid!r}"
        if qid in quests:
            ck.fail(entry, "duplicate id")
        start = raw.get("start")
        ec.location(entry, start)
        if locations[start]["kind"] != "town":
            ck.fail(entry, f"must start in a town, not {start!r}")
        if start in starts:
            ck.fail(entry, f"another quest already starts in {start!r}")
        starts.add(start)
        setup = []
        for item in raw.get("setup") or []:
            if "set_aside" in item:
                if item["set_aside"] not in cards:
                    ck.fail(entry, f"set-up names an unknown card {item['set_aside']!r}")
                setup.append(("set_aside", item["set_aside"]))
            elif "place_token" in item:
                ec.effect_arg(entry, "place_token", item["place_token"])
                setup.append(("place_token", item["place_token"]))
            else:
                ck.fail(entry, f"unknown set-up item {item!r}")
        steps = []
        raw_steps = raw.get("steps") or []
        if not raw_steps:
            ck.fail(entry, "needs steps")
        for i, st in enumerate(raw_steps):
            sentry = f"{entry} step {i + 1}"
            trig = st.get("trigger") or {}
            if "at" in trig:
                ec.location(sentry, trig["at"])
            elif "token" in trig:
                if trig["token"] not in TOKENS:
                    ck.fail(sentry, f"unknown token {trig['token']!r}")
            elif "passive" in trig:
                kind = next(iter(trig["passive"]), None)
                if kind not in ("token_absent", "holds", "min_rep", "won_element"):
                    ck.fail(sentry, f"unknown passive kind {kind!r}")
            else:
                ck.fail(sentry, "trigger needs at, token or passive")
            for t in trig.get("time", []):
                if t not in TIMES:
                    ck.fail(sentry, f"unknown time of day {t!r}")
            final = bool(st.get("final", False))
            if final != (i == len(raw_steps) - 1):
                ck.fail(sentry, "exactly the last step must be final")
            lose = ec.effects(sentry, st.get("lose"))
            if final and ("eliminate", None) not in lose:
                ck.fail(sentry, "the final step's lose result must eliminate")
            sid = f"Q:{qid}:{i}"
            card = {"id": sid, "deck": "quest", "title": str(raw.get("name")),
                    "story": str(st.get("text") or ""), "type": "event", "optional": False,
                    "requires": {}, "on_unmet": "no_challenge", "mode": "all",
                    "challenges": ec.challenges(sentry, st.get("challenges") or []),
                    "win": ec.effects(sentry, st.get("win")), "lose": lose, "cost": [],
                    "tokens": [], "pay_for_dice": None, "lair": None, "name": sid, "rep": 0,
                    "icons": {a: 0 for a in ABILITIES}, "powers": [], "time": None,
                    "order": None, "final": final, "trigger": trig,
                    "no_encounter": bool(st.get("no_encounter", False))}
            cards[sid] = card
            steps.append(sid)
        quests[qid] = {"id": qid, "name": str(raw.get("name") or qid), "start": start,
                       "setup": setup, "steps": steps}
    return quests


def _load_characters(ck: _Checker, ec: _EffectChecker, cards: dict) -> dict:
    data = ck.read("characters.yaml")
    if not isinstance(data, list) or len(data) != 6:
        ck.fail("characters", "need a list of 6 characters")
    chars = {}
    for raw in data:
        cid = raw.get("id")
        entry = f"character {cid!r}"
        if cid in chars:
            ck.fail(entry, "duplicate id")
        stats = raw.get("stats") or {}
        if sorted(stats) != sorted(ABILITIES) or any(not isinstance(v, int) or v < 0
                                                     for v in stats.values()):
            ck.fail(entry, "stats need move, fight and cunning as whole numbers")
        pulls = []
        for pull in raw.get("setup_pull") or []:
            if pull.get("card") not in cards:
                ck.fail(entry, f"set-up pull names an unknown card {pull.get('card')!r}")
            pulls.append(pull["card"])
        chars[cid] = {"id": cid, "name": str(raw.get("name") or cid), "stats": dict(stats),
                      "descriptor": str(raw.get("descriptor") or ""),
                      "powers": ec.powers(entry, raw.get("powers")), "pulls": pulls}
    return chars


def load_content(folder: str | Path | None = None) -> Content:
    """Read and validate a content pack (the built-in one by default)."""
    path = Path(folder) if folder is not None else DEFAULT_DIR
    if not path.is_dir():
        raise ContentError(f"{path}: not a content folder")
    ck = _Checker(path)
    locations, order, walk, token, flight, edges, starts, entry = _load_board(ck)
    ec = _EffectChecker(ck, locations, set())
    cards, decks = _load_cards(ck, ec)
    quests = _load_quests(ck, ec, locations, cards)
    characters = _load_characters(ck, ec, cards)
    pulled: dict[str, str] = {}
    for q in quests.values():
        for kind, arg in q["setup"]:
            if kind == "set_aside":
                if arg in pulled:
                    ck.file = "quests.yaml"
                    ck.fail(f"quest {q['id']!r}", f"set-up pull of {arg} conflicts with quest "
                            f"{pulled[arg]!r}")
                pulled[arg] = q["id"]
    for c in characters.values():
        for card in c["pulls"]:
            if card in pulled:
                ck.file = "characters.yaml"
                ck.fail(f"character {c['id']!r}", f"set-up pull of {card} conflicts with quest "
                        f"{pulled[card]!r}")
    rules = ck.read("rules.yaml")
    if not isinstance(rules, dict):
        ck.fail("rules", "must be a mapping")
    content = Content(str(path), locations, order, walk, token, flight, edges, starts, entry,
                      characters, quests, cards, decks, rules)
    content.dist = {"walk": {lid: _bfs(walk, lid) for lid in walk},
                    "token": {lid: _bfs(token, lid) for lid in token},
                    "flight": {lid: _bfs(flight, lid) for lid in flight}}
    return content


@cache
def default_content() -> Content:
    """The built-in content pack, loaded once."""
    return load_content(None)
