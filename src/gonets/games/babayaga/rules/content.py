"""Loading a Baba Yaga content pack (board, characters, quests, cards, rules) for play.

A content pack is a folder holding the files of :data:`~.vocabulary.FILES` (and, if it likes, its
Russian names, :data:`~.vocabulary.NAMES_FILE`). :func:`load_content`
reads them, validates the whole pack against the schema (:mod:`.schema`, :mod:`.problems`) and
returns a :class:`Content` in the plain-data form the rules read. A pack with any problem is
refused with one :class:`ContentError` listing every problem, each naming the file, the entry
and the field; so the game never starts on a pack the validator refuses. Rules code reads
cards only through their generic effect kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

from gonets.core.errors import ContentError
from gonets.games.babayaga.rules.problems import bfs, check_pack, graphs
from gonets.games.babayaga.rules.schema import Card, Pack, Step
from gonets.games.babayaga.rules.vocabulary import (
    ABILITIES,
    CARD_TYPES,
    COUNTS,
    EDGE_KINDS,
    EFFECTS,
    FILES,
    NAMES_FILE,
    SPECIALS,
    TIMES,
    TOKENS,
    EffectBase,
    Power,
)

__all__ = ["ABILITIES", "CARD_TYPES", "COUNTS", "DEFAULT_DIR", "EDGE_KINDS", "EFFECT_KINDS",
           "SPECIALS", "TIMES", "TOKENS", "Content", "default_content", "load_content",
           "pack_content", "view_content",
           "read_pack", "content_of"]

DEFAULT_DIR = Path(__file__).parent.parent / "data"
EFFECT_KINDS = set(EFFECTS)
"""Every effect kind a card or quest step may use (each has a rule ``_effect_<kind>``)."""


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
    russian: dict[str, dict] = field(default_factory=dict)   # names.ru.yaml, by section and id


def read_pack(folder: Path) -> dict[str, Any]:
    """The parsed YAML of every file of a pack folder, by file name (``FILES``, and
    ``NAMES_FILE`` where the pack has one); a file that cannot be read or parsed is a
    :class:`ContentError` naming every such file."""
    files, problems = {}, []
    names = [NAMES_FILE] if (folder / NAMES_FILE).exists() else []
    for name in [*FILES.values(), *names]:
        path = folder / name
        try:
            files[name] = yaml.safe_load(path.read_text(encoding="utf-8"))
        except OSError as exc:
            problems.append(f"{path}: cannot read the file ({exc.strerror})")
        except UnicodeDecodeError:
            problems.append(f"{path}: not UTF-8 text")
        except yaml.YAMLError as exc:
            problems.append(f"{path}: not valid YAML: {' '.join(str(exc).split())}")
    if problems:
        raise ContentError("\n".join(problems))
    return files


def load_content(folder: str | Path | None = None) -> Content:
    """Read and validate a content pack (the built-in one by default)."""
    path = Path(folder) if folder is not None else DEFAULT_DIR
    if not path.is_dir():
        raise ContentError(f"{path}: not a content folder")
    return content_of(read_pack(path), path)


def content_of(files: dict[str, Any], folder: Path = DEFAULT_DIR) -> Content:
    """Validate a pack's parsed files and build its :class:`Content`; every problem found is
    one line of the :class:`ContentError` (paths relative to ``folder``)."""
    pack, problems = check_pack(files)
    if problems or pack is None:
        raise ContentError("\n".join(f"{folder / line}" for line in problems))
    return _build(pack, files, folder)


# ------------------------------------------------------------- the rules' plain data ---
def _effects(effects: list[EffectBase]) -> list[tuple[str, Any]]:
    out = []
    for e in effects:
        arg = e.arg
        if e.kind in ("global", "choose_one"):
            arg = _effects(arg)
        elif arg is not None:
            settings = arg.model_dump(exclude_unset=True, by_alias=True)
            if e.kind == "take_from_discard":
                settings["else"] = _effects(arg.else_)
            arg = settings
        out.append((e.kind, arg))
    return out


def _powers(powers: list[Power]) -> list[dict]:
    return [{"when": p.when, "effect": p.name, "amount": p.amount,
             "condition": p.condition.model_dump(exclude_unset=True), "cost": p.cost}
            for p in powers]


def _challenges(card: Card | Step) -> list[dict]:
    return [c.model_dump() for c in card.challenges]


def _card(c: Card) -> dict:
    reward = c.reward
    return {
        "id": c.id, "deck": c.deck, "title": c.title or c.id, "story": c.story or "",
        "type": c.type, "optional": c.optional,
        "requires": c.requires.model_dump(exclude_unset=True), "on_unmet": c.on_unmet,
        "mode": c.mode, "challenges": _challenges(c), "win": _effects(c.win),
        "lose": _effects(c.lose), "cost": _effects(c.cost),
        "tokens": [t.model_dump() for t in c.tokens],
        "pay_for_dice": c.pay_for_dice.model_dump(exclude_unset=True) if c.pay_for_dice
        else None,
        "lair": c.lair.model_dump() if c.lair else None,
        "name": (reward and reward.name) or c.title or c.id,
        "rep": reward.rep if reward else 0,
        "icons": reward.icons.model_dump() if reward else dict.fromkeys(ABILITIES, 0),
        "powers": _powers(reward.powers) if reward else [], "time": c.time, "order": c.order,
    }


def _step(qid: str, name: str, i: int, st: Step) -> dict:
    """A quest step as a synthetic card of the deck ``quest``."""
    return {"id": f"Q:{qid}:{i}", "deck": "quest", "title": name, "story": st.text,
            "type": "event", "optional": False, "requires": {}, "on_unmet": "no_challenge",
            "mode": "all", "challenges": _challenges(st), "win": _effects(st.win),
            "lose": _effects(st.lose), "cost": [], "tokens": [], "pay_for_dice": None,
            "lair": None, "name": f"Q:{qid}:{i}", "rep": 0,
            "icons": dict.fromkeys(ABILITIES, 0), "powers": [], "time": None, "order": None,
            "final": st.final, "trigger": st.trigger.model_dump(exclude_unset=True),
            "no_encounter": st.no_encounter}


def _build(pack: Pack, files: dict[str, Any], folder: Path) -> Content:
    board = pack.board
    locations = {loc.id: {"id": loc.id, "name": loc.name or loc.id, "kind": loc.kind,
                          "grid": tuple(loc.grid), "special": loc.special}
                 for loc in board.locations}
    edges = [(e.a, e.b, e.kind) for e in board.edges]
    graph = graphs({lid: loc["kind"] for lid, loc in locations.items()}, edges,
                   set(board.walkable_kinds))
    cards = {c.id: _card(c) for c in pack.cards()}
    decks: dict[str, list[str]] = {deck: [] for deck in COUNTS}
    for c in pack.cards():
        decks[c.deck].append(c.id)
    decks["baba_yaga"].sort(key=lambda cid: cards[cid]["order"])
    quests = {}
    for q in pack.quests:
        name = q.name or q.id
        steps = [_step(q.id, name, i, st) for i, st in enumerate(q.steps)]
        cards.update((st["id"], st) for st in steps)
        setup = [("set_aside", item.set_aside) if hasattr(item, "set_aside") else
                 ("place_token", item.place_token.model_dump()) for item in q.setup]
        quests[q.id] = {"id": q.id, "name": name, "start": q.start, "setup": setup,
                        "steps": [st["id"] for st in steps]}
    characters = {h.id: {"id": h.id, "name": h.name or h.id, "stats": h.stats.model_dump(),
                         "descriptor": h.descriptor, "powers": _powers(h.powers),
                         "pulls": [pull.card for pull in h.setup_pull]}
                  for h in pack.characters}
    content = Content(str(folder), locations, list(locations), graph["walk"], graph["token"],
                      graph["flight"], edges, board.token_start.model_dump(),
                      board.baba_yaga_entry, characters, quests, cards, decks,
                      files[FILES["rules"]])
    content.dist = {name: {lid: bfs(g, lid) for lid in g} for name, g in graph.items()}
    content.russian = pack.names.model_dump() if pack.names else {}
    return content


@cache
def default_content() -> Content:
    """The built-in content pack, loaded once."""
    return load_content(None)


def pack_content(pack: str = "") -> Content:
    """The content of the ``pack`` option: a pack folder's, loaded once per folder, or the
    built-in pack for ``""``. Raises :class:`ContentError` naming every problem."""
    return _folder_content(pack) if pack else default_content()


@lru_cache(maxsize=16)
def _folder_content(pack: str) -> Content:
    return load_content(pack)


def view_content(view: dict) -> Content:
    """The content a view's game is played with (its ``pack`` option)."""
    return pack_content((view.get("options") or {}).get("pack") or "")
