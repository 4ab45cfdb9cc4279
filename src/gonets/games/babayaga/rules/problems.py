"""Checking a whole content pack: the schema, the rules that span entries, plain-word messages.

:func:`check_pack` validates the raw files of a pack against :class:`~.schema.Pack` (every
entry, every field) and :func:`whole_pack_problems` (counts, unique ids, connected graphs,
distinct quest starts, set-up pulls), and returns every problem at once, each one line naming
the file, the entry and the field: ``characters.yaml: character 'ilya_muromets': stats: fight:
-1 is below 0``.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from gonets.games.babayaga.rules.schema import NEEDED_BY, Pack
from gonets.games.babayaga.rules.vocabulary import COUNTS, DECK_FILES, FILES, NAMES_FILE, TIMES


@dataclass
class Refs:
    """The ids a pack declares, read leniently from its raw files: the validation context
    against which every reference to a place or a card is checked."""

    places: dict[str, Any] = field(default_factory=dict)     # id -> kind (town, wild)
    cards: dict[str, Any] = field(default_factory=dict)      # id -> deck
    specials: set[Any] = field(default_factory=set)          # the board's special places


Found = tuple[str, tuple, str]
"""A problem: the file, where in it (a location like pydantic's) and what is wrong."""


def _items(data: Any) -> list:
    return data if isinstance(data, list) else []


def _dict(data: Any) -> dict:
    return data if isinstance(data, dict) else {}


def _card_files(files: dict[str, Any]):
    """``(file, default deck, raw cards)`` of the three card files."""
    for role, deck in (("wilderness", "wilderness"), ("town", "town"), ("elements", None)):
        yield FILES[role], deck, _items(files.get(FILES[role]))


def harvest(files: dict[str, Any]) -> Refs:
    """The places, cards and special places the raw files declare (the first of each id)."""
    refs = Refs()
    for loc in _items(_dict(files.get(FILES["board"])).get("locations")):
        if isinstance(_dict(loc).get("id"), str):
            refs.places.setdefault(loc["id"], loc.get("kind"))
            if isinstance(loc.get("special"), str):
                refs.specials.add(loc["special"])
    for _, deck, cards in _card_files(files):
        for card in cards:
            if isinstance(_dict(card).get("id"), str):
                refs.cards.setdefault(card["id"], card.get("deck", deck))
    return refs


# ------------------------------------------------------------------------------ graphs ---
def bfs(graph: dict[str, tuple[str, ...]], start: str) -> dict[str, int]:
    """Steps from ``start`` to every place it reaches in ``graph``."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in graph[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def graphs(places: dict[str, str], edges: list[tuple[str, str, str]],
           walkable: set[str]) -> dict[str, dict[str, tuple[str, ...]]]:
    """The walk (heroes), token (Hut and Horseman: no towns) and flight (Baba Yaga) graphs."""
    walk: dict[str, list[str]] = {lid: [] for lid in places}
    flight: dict[str, list[str]] = {lid: [] for lid in places}
    for a, b, kind in edges:
        flight[a].append(b)
        flight[b].append(a)
        if kind in walkable:
            walk[a].append(b)
            walk[b].append(a)
    token = {lid: [n for n in walk[lid] if places[n] == "wild"]
             for lid in places if places[lid] == "wild"}
    return {name: {k: tuple(v) for k, v in graph.items()}
            for name, graph in (("walk", walk), ("token", token), ("flight", flight))}


# ------------------------------------------------------------------ across the entries ---
def _twice(file: str, entries: list, where: tuple = ()) -> list[Found]:
    ids = [_dict(e).get("id") for e in entries]
    return [(file, (*where, i, "id"), f"{x!r} is given twice") for i, x in enumerate(ids)
            if isinstance(x, str) and x in ids[:i]]


def _board_problems(board: dict, refs: Refs) -> list[Found]:
    name = FILES["board"]
    locations = _items(board.get("locations"))
    towns = sum(1 for kind in refs.places.values() if kind == "town")
    found = _twice(name, locations, ("locations",))
    if len(locations) != 50 or towns != 7:
        found.append((name, ("locations",), f"need 50 locations with 7 towns, found "
                                            f"{len(locations)} with {towns} towns"))
    edges, seen = [], set()
    for i, e in enumerate(_items(board.get("edges"))):
        if not (isinstance(e, list) and len(e) in (2, 3) and
                all(isinstance(x, str) and x in refs.places for x in e[:2])):
            continue                # the schema names what is wrong with it
        if e[0] == e[1] or frozenset(e[:2]) in seen:
            found.append((name, ("edges", i), "joins a place to itself" if e[0] == e[1]
                          else "duplicate edge"))
        seen.add(frozenset(e[:2]))
        edges.append((e[0], e[1], str(e[2]) if len(e) == 3 else "open"))
    walkable = board.get("walkable_kinds") or ["open", "bridge", "pass", "causeway"]
    if refs.places and all(kind in ("town", "wild") for kind in refs.places.values()) and \
            all(isinstance(k, str) for k in _items(walkable)):
        for kind, graph in graphs(refs.places, edges, set(_items(walkable))).items():
            if graph and len(bfs(graph, next(iter(graph)))) != len(graph):
                found.append((name, ("edges",), f"the {kind} graph is not connected"))
    return found


def _missing_ids(ids: list, count: int) -> str:
    """The gaps of a numbered deck (W01..W40), as a clause for the message."""
    parts = [re.fullmatch(r"([A-Za-z_]+)(\d+)", c) if isinstance(c, str) else None for c in ids]
    if not ids or not all(parts) or len({m.group(1) for m in parts}) != 1:
        return ""
    prefix, width = parts[0].group(1), len(parts[0].group(2))
    have = {int(m.group(2)) for m in parts}
    gaps = [f"{prefix}{n:0{width}d}" for n in range(1, count + 1) if n not in have]
    return f"; missing: {', '.join(gaps)}" if gaps else ""


def _card_problems(files: dict[str, Any]) -> list[Found]:
    found: list[Found] = []
    seen: set = set()
    decks: dict[str, list[dict]] = {deck: [] for deck in COUNTS}
    for name, default, cards in _card_files(files):
        for i, card in enumerate(cards):
            cid, deck = _dict(card).get("id"), _dict(card).get("deck", default)
            if isinstance(cid, str) and cid in seen:
                found.append((name, (i, "id"), f"{cid!r} is given twice (ids are unique "
                                               f"across the card files)"))
            seen.add(cid if isinstance(cid, str) else None)
            if isinstance(deck, str) and deck in decks:
                decks[deck].append(_dict(card))
    for deck, count in COUNTS.items():
        ids = [c.get("id") for c in decks[deck]]
        if len(ids) != count:
            found.append((DECK_FILES.get(deck, FILES["elements"]), (f"deck {deck}",),
                          f"needs {count} cards, found {len(ids)}" + _missing_ids(ids, count)))
    times = sorted(str(c.get("time")) for c in decks["horseman"])
    if len(times) == 3 and times != sorted(TIMES):
        found.append((FILES["elements"], ("deck horseman",), "needs one card per time of day"))
    orders = sorted(str(c.get("order")) for c in decks["baba_yaga"])
    if len(orders) == 3 and orders != ["1", "2", "3"]:
        found.append((FILES["elements"], ("deck baba_yaga",), "needs orders 1, 2 and 3"))
    return found


def _pull_problems(files: dict[str, Any]) -> list[Found]:
    """Two set-up pulls of one card (quests set cards aside, heroes take them into play)."""
    found: list[Found] = []
    owner: dict[str, str] = {}
    for role, key, sub in (("quests", "setup", "set_aside"),
                           ("characters", "setup_pull", "card")):
        for i, entry in enumerate(_items(files.get(FILES[role]))):
            for j, pull in enumerate(_items(_dict(entry).get(key))):
                card = _dict(pull).get(sub)
                if not isinstance(card, str):
                    continue
                if card in owner:
                    found.append((FILES[role], (i, key, j, sub), f"set-up pull of {card} "
                                                                 f"conflicts with {owner[card]}"))
                owner.setdefault(card, f"{role[:-1]} {entry.get('id')!r}")
    return found


def whole_pack_problems(files: dict[str, Any], refs: Refs) -> list[Found]:
    """The rules that span entries and files (B50): counts, unique ids, connected graphs,
    distinct quest starts, set-up pulls that do not claim one card twice."""
    found = _board_problems(_dict(files.get(FILES["board"])), refs)
    for role in ("characters", "quests"):
        entries = _items(files.get(FILES[role]))
        if isinstance(files.get(FILES[role]), list) and len(entries) != 6:
            found.append((FILES[role], (), f"need 6 {role}, found {len(entries)}"))
        found += _twice(FILES[role], entries)
    starts = [_dict(q).get("start") for q in _items(files.get(FILES["quests"]))]
    found += [(FILES["quests"], (i, "start"), f"another quest already starts in {s!r}")
              for i, s in enumerate(starts) if isinstance(s, str) and s in starts[:i]]
    return found + _card_problems(files) + _pull_problems(files) + _names_problems(files, refs)


def _names_problems(files: dict[str, Any], refs: Refs) -> list[Found]:
    """Russian names of ids the pack does not declare (a misspelt id names nothing)."""
    def ids(role: str) -> set:
        return {_dict(entry).get("id") for entry in _items(files.get(FILES[role]))}

    steps = {f"Q:{_dict(q).get('id')}:{i}" for q in _items(files.get(FILES["quests"]))
             for i, _ in enumerate(_items(_dict(q).get("steps")))}
    cards = set(refs.cards) | steps
    known = {"locations": (set(refs.places), "place"), "characters": (ids("characters"), "hero"),
             "quests": (ids("quests"), "quest"), "cards": (cards, "card"),
             "stories": (cards, "card")}
    found = []
    for section, entries in _dict(files.get(NAMES_FILE)).items():
        declared, noun = known.get(section, (None, ""))
        if declared is not None:
            found += [(NAMES_FILE, (section, key), f"this pack has no {noun} {key!r}")
                      for key in _dict(entries) if key not in declared]
    return found


# ------------------------------------------------------------------------ plain words ---
MESSAGES = {
    "missing": "missing",
    "extra_forbidden": "unknown field (a misspelling?)",
    "int_type": "{value} is not a whole number",
    "greater_than_equal": "{value} is below {ge}",
    "less_than_equal": "{value} is above {le}",
    "literal_error": "{value} is not one of {expected}",
    "string_type": "{value} is not text",
    "bool_type": "{value} is not true or false",
    "list_type": "{value} is not a list",
    "dict_type": "{value} is not a mapping (key: value)",
    "model_type": "{value} is not a mapping (key: value)",
    "too_short": "needs at least {min_length}, found {actual_length}",
    "too_long": "takes at most {max_length}, found {actual_length}",
    "none_required": "takes no settings",
    "union_tag_invalid": "unknown kind {tag!r} (known: {expected_tags})",
    "union_tag_not_found": "{value} needs one kind with its settings",
    "string_pattern_mismatch": "{value} is not an id: {pattern}",
}
"""Pydantic's error types in the project's words; any other type keeps pydantic's text."""

PATTERNS = {r"^[a-z][a-z0-9_]*$": "lower-case letters, digits and _ (like bone_fence)",
            r"^[A-Z][A-Z0-9_]*$": "capital letters, digits and _ (like W01)"}
HINTS = {"base": "a Diff runs from 2 to 6", "diff": "a Diff runs from 2 to 6",
         "steal_base": "a Diff runs from 2 to 6", "beguile_base": "a Diff runs from 2 to 6",
         "diff_by_time": "a Diff runs from 2 to 6",
         "removed_per_deck": "a deck keeps at least one card",
         "removed_per_deck[key]": "competitive and cooperative games seat 2 to 6; solo has "
                                  "solo_removed_per_deck",
         "solo_removed_per_deck": "a deck keeps at least one card",
         "reshuffle_once_players": "the game seats 1 to 6 players",
         "time_die[key]": "the die shows 1 to 6",
         "peek_reorder.count": "the notation orders at most 3 cards",
         "diff_bonus": "a Diff runs from 2 to 6"}
"""Why a bound is what it is, by the field it bounds."""


def _value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _words(data: Any, loc: tuple) -> list[str]:
    """A location inside ``data`` as field words: ``challenges #1``, ``base`` (a position in
    a list is ``#n``, a key of a mapping, numbers included, is a word)."""
    words: list[str] = []
    for part in loc:
        if part == "[key]":
            continue
        if isinstance(data, list) and isinstance(part, int):
            words[-1:] = [f"{words[-1] if words else 'entry'} #{part + 1}"]
            data = data[part] if part < len(data) else None
            continue
        if not words or words[-1] != str(part):      # a tagged union repeats the kind
            words.append(str(part))
        data = data.get(part) if isinstance(data, dict) and part in data else data
    return words


def _entry(name: str, loc: tuple, files: dict[str, Any]) -> tuple[str, tuple, Any]:
    """The entry a location points into (``character 'ilya_muromets'``), the rest of it and
    the raw data of that entry."""
    data = files.get(name)
    nouns = {FILES["characters"]: "character", FILES["quests"]: "quest", FILES["wilderness"]:
             "card", FILES["town"]: "card", FILES["elements"]: "card"}
    if name == FILES["board"] and len(loc) > 1 and loc[0] in ("locations", "edges"):
        nouns, data, loc = {name: loc[0][:-1]}, _dict(data).get(loc[0]), loc[1:]
    if name in nouns and loc and isinstance(loc[0], int) and isinstance(data, list) \
            and loc[0] < len(data):
        item = data[loc[0]]
        if nouns[name] == "edge":
            return f"edge #{loc[0] + 1} {_value(item)}", loc[1:], item
        cid = _dict(item).get("id")
        label = repr(cid) if isinstance(cid, str) else f"#{loc[0] + 1}"
        return f"{nouns[name]} {label}", loc[1:], item
    if loc and isinstance(loc[0], str):
        return loc[0], loc[1:], _dict(data).get(loc[0])
    return "", loc, data


def say(name: str, loc: tuple, text: str, files: dict[str, Any]) -> str:
    """One problem as a line: file, entry, field, what is wrong."""
    entry, rest, data = _entry(name, loc, files)
    return ": ".join(part for part in (name, entry, *_words(data, rest), text) if part)


def plain(error: dict, files: dict[str, Any]) -> str:
    """A pydantic error as a line in the project's words."""
    name, loc = error["loc"][0], tuple(error["loc"][1:])
    ctx = dict(error.get("ctx") or {})
    template = MESSAGES.get(error["type"])
    if template is None:
        text = error["msg"]
    else:
        ctx["pattern"] = PATTERNS.get(ctx.get("pattern"), ctx.get("pattern"))
        text = template.format(value=_value(error.get("input")), **ctx)
        fields = [part for part in loc if isinstance(part, str) and part != "[key]"]
        key = "[key]" if loc and loc[-1] == "[key]" else ""
        hint = HINTS.get(".".join(fields[-2:]) + key) or HINTS.get("".join(fields[-1:]) + key)
        if error["type"].endswith("_equal") and hint:
            text += f" ({hint})"
        if error["type"] == "missing" and name == FILES["rules"] and loc in NEEDED_BY:
            text += f" ({NEEDED_BY[loc]})"
    if loc and loc[-1] == "[key]":
        text = f"the key {text}"
    return say(name, loc, text, files)


def check_pack(files: dict[str, Any]) -> tuple[Pack | None, list[str]]:
    """Validate a pack's raw files (parsed YAML by file name, see ``FILES``): the pack, and
    every problem found (none: the pack is valid)."""
    refs = harvest(files)
    lines: list[str] = []
    pack = None
    try:
        pack = Pack.model_validate(files, context=refs)
    except ValidationError as exc:
        lines += [plain(error, files) for error in exc.errors()]
    lines += [say(name, loc, text, files) for name, loc, text in
              whole_pack_problems(files, refs)]
    order = [*FILES.values(), NAMES_FILE]
    lines.sort(key=lambda line: order.index(line.split(": ", 1)[0]))
    return pack, list(dict.fromkeys(lines))
