"""Generated content packs: mutations of the built-in pack, within and outside the schema's
bounds. A pack the validator accepts plays random games without crashing; a pack it refuses is
refused with messages that name the file, the entry and the field.

The default run is short (900 packs, some 500 games, half a minute); ``GONETS_LONG_CHECKS=1``
plays the issue's bar: at least 2,000 random games on accepted packs.
"""

import copy
import os
import random
import re
from collections import Counter, defaultdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gonets.core import CHANCE, get_game
from gonets.core.errors import ContentError
from gonets.games.babayaga.notation import build_actions
from gonets.games.babayaga.rules import BabaYagaState
from gonets.games.babayaga.rules.content import DEFAULT_DIR, content_of, read_pack
from gonets.games.babayaga.rules.vocabulary import FILES, NAMES_FILE

LONG = os.environ.get("GONETS_LONG_CHECKS") == "1"
GAMES = 2000 if LONG else 400            # random games to play on accepted packs, at least
EXAMPLES = 3000 if LONG else 900          # generated packs
GAMES_PER_PACK = 3 if LONG else 2
GAME = get_game("babayaga")
BASE = read_pack(DEFAULT_DIR)
TEXT = {"title", "story", "descriptor", "name", "text"}
NAMES = "|".join(map(re.escape, [*FILES.values(), NAMES_FILE]))
LINE = re.compile(rf"^{re.escape(str(DEFAULT_DIR))}/({NAMES}): \S.+")


def _leaves(data, path=()):
    """Every (path, value) inside ``data``: containers and scalars, the root excluded."""
    if path:
        yield path, data
    items = data.items() if isinstance(data, dict) else \
        enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _leaves(value, path + (key,))


def _field(path) -> object:
    """The field a value sits in: its key, or the key of the list holding it."""
    named = [key for key in path if not isinstance(key, int)]
    return named[-1] if named else None


SITES: dict = defaultdict(list)          # field -> every (file, path, value) under that field
for _name, _data in BASE.items():
    for _path, _value in _leaves(_data):
        SITES[_field(_path)].append((_name, _path, _value))
FIELDS = sorted(SITES, key=str)
POOLS = {f: sorted({v for _, _, v in SITES[f] if isinstance(v, str)}) for f in FIELDS}
"""The words the pack writes under each field."""
ODD = ["three", None, 2.5, True, [], {}, "atlantis", -1]


@st.composite
def mutations(draw):
    """One or two changes of the built-in pack: ``(field, where, how, value)``, ``where`` one
    site of the field or ``every`` site (the same change everywhere: every ``count`` + 1,
    every ``fight`` made ``cunning``). Mostly a change of the same type (``near``: an int
    moved by -3..3, ``word``: another word written under the field, ``flip`` a bool), sometimes
    a ``drop`` of the value, a list item given ``twice``, an ``extra`` field, or an ``odd``
    value of another type."""
    out = []
    for _ in range(draw(st.integers(1, 2))):
        field = draw(st.sampled_from(FIELDS))             # every field equally often
        site = draw(st.integers(0, len(SITES[field]) - 1))
        where = "every" if draw(st.booleans()) else site
        _, _, old = SITES[field][site]
        same = draw(st.integers(0, 9)) < 7
        how, value = "odd", None
        if isinstance(old, bool):
            how = "flip"
        elif isinstance(old, int) and same:
            how, value = "near", draw(st.integers(-3, 3))
        elif isinstance(old, str) and same and field not in TEXT:
            how, value = "word", (old, draw(st.sampled_from(POOLS[field] + ["atlantis"])))
        elif isinstance(old, list) and old and same:
            how, value = "twice", draw(st.integers(0, len(old) - 1))
        elif isinstance(old, dict) and same and draw(st.integers(0, 2)) == 0:
            how = "extra"
        elif draw(st.booleans()):
            how = "drop"
        else:
            value = draw(st.sampled_from(ODD))
        out.append((field, where, how, value))
    return out


def mutate(changes) -> dict:
    """The built-in pack with ``changes`` made (files are copied only when touched)."""
    files = dict(BASE)
    for field, where, how, value in changes:
        sites = SITES[field] if where == "every" else [SITES[field][where]]
        for name, path, _ in reversed(sites):      # later list items first: drops keep places
            if files[name] is BASE[name]:
                files[name] = copy.deepcopy(BASE[name])
            parent = files[name]
            try:
                for key in path[:-1]:
                    parent = parent[key]
                old = parent[path[-1]] if isinstance(parent, (dict, list)) else None
            except (KeyError, IndexError, TypeError):
                continue                       # an earlier change removed it
            if not isinstance(parent, (dict, list)):
                continue                       # an earlier change replaced it
            if how == "drop":
                del parent[path[-1]]
            elif how == "near" and isinstance(old, int) and not isinstance(old, bool):
                parent[path[-1]] = old + value
            elif how == "word" and old == value[0]:
                parent[path[-1]] = value[1]
            elif how == "flip" and isinstance(old, bool):
                parent[path[-1]] = not old
            elif how == "twice" and isinstance(old, list) and value < len(old):
                old.append(copy.deepcopy(old[value]))
            elif how == "extra" and isinstance(old, dict):
                old["surprise"] = 1
            elif how == "odd":
                parent[path[-1]] = copy.deepcopy(value)
    return files


def play(content, seed: int) -> int:
    """One random game on ``content`` (random mode, players and options); its length."""
    rng = random.Random(seed)
    mode = rng.choice(["solo", "competitive", "cooperative"])
    players = 1 if mode == "solo" else rng.randint(2, 6)
    options = {"extra_removed": rng.choice([0, 0, 5, 15]),
               "choose_characters": rng.random() < 0.3, "skip_stacks": rng.random() < 0.3,
               "steal_attempts_per_turn": rng.randint(0, 2),
               "baba_yaga_ties": rng.choice(["random", "active_player"]),
               "quest_step_mandatory": rng.random() < 0.8,
               "solo_lose_on_death": rng.random() < 0.2,
               "solo_lose_on_baba_fail": rng.random() < 0.2}
    config = GAME.configure(players, mode, options)
    actions = build_actions(content, players)
    s = BabaYagaState(content, config, actions, {a: i for i, a in enumerate(actions)})
    steps = 0
    while not s.is_terminal():
        steps += 1
        assert steps < 200_000, "the game does not end"
        if s.current_player() == CHANCE:
            s.apply_chance(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            assert legal, "a player must decide but has no legal action"
            s.apply(legal[rng.randrange(len(legal))])
    assert s.result().detail["how"]
    return steps


def test_generated_packs_play_or_are_refused_in_plain_words():
    tally: Counter = Counter()

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=not LONG,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(mutations(), st.integers(0, 2**32))
    def check(changes, seed):
        try:
            content = content_of(mutate(changes), DEFAULT_DIR)
        except ContentError as exc:
            lines = str(exc).splitlines()
            assert lines
            for line in lines:
                assert LINE.match(line), f"names no file: {line}"
                assert "Input should" not in line and "pydantic" not in line, line
            tally["refused"] += 1
            return
        tally["accepted"] += 1
        for i in range(GAMES_PER_PACK):
            play(content, seed + i)
            tally["games"] += 1

    check()
    print(f"\ngenerated packs: {dict(tally)}")
    assert tally["accepted"] and tally["refused"]
    assert tally["games"] >= GAMES, f"only {tally['games']} games were played; raise EXAMPLES"
