"""The compiled fast path: what every game's ``kernel`` room offers, and its random numbers.

A game that has a kernel (``games/<game>/kernel/``) plays B matches of one configuration at
once in compiled code (Numba ``njit``, ``cache=True``): the state of the batch is a set of
NumPy arrays with the slot first (a struct of arrays), and ``step``, the legal-action mask and
the chance events run over it without Python in the loop. The reference engine (``rules/``)
stays the definition of the rules; a kernel converts a slot to and from a reference state and a
differential test drives both side by side.

A kernel room exposes ``Kernel(config)`` (raising :class:`KernelUnsupported` for a
configuration it refuses) with:

- ``players``, ``num_actions``: as the reference configuration's;
- ``batch(size, seed, first=0)``: a :class:`Batch` of ``size`` new matches, slot ``i`` with
  its own generator seeded from ``(seed, first + i)``, every pending chance event resolved;
- ``reset(batch, slots)``: new matches in those slots (their generators go on);
- ``legal_mask(batch, out)``: ``out[b, a]`` is True when action ``a`` is legal in slot ``b``;
- ``step(batch, actions)``: applies ``actions[b]`` in every slot whose action is not negative,
  then resolves the chance events that follow with the slot's generator;
- ``batch.cur``: the deciding seat per slot (``TERMINAL`` once over); ``scores(batch)``;
- ``play_random(batch)``: whole random matches in compiled code (the bench's counts);
- ``policy_actions(batch, out)``: the game's playout policy's move in every deciding slot;
- ``observe(batch, out, seats)``: each slot's observation for ``seats[b]``, as the
  ``gonets.rl`` encoder writes it;
- ``result(batch, slot)``, ``match_stats(batch, slot)``: a finished slot's ``Result`` and
  the game's ``match_stats`` (the lab's row);
- ``load(batch, slot, state)`` and ``to_state(batch, slot)``: conversion with the reference;
  ``chance_outcomes(batch, slot)``: the random events the slot's last step resolved, in the
  reference's ``apply_chance`` format;
- ``warm()``: calls every compiled function once (the first use compiles them).

Random numbers come from :func:`next_u64` over one ``uint64`` word per slot (SplitMix64), so a
slot's match depends only on its seed, never on the batch around it or the machine's load.
"""

from __future__ import annotations

import hashlib
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from gonets.core.errors import OptionError

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_TO_UNIT = 1.0 / 9007199254740992.0          # 2**-53


def fresh_cache(package: str) -> None:
    """Drop Numba's cached machine code of a kernel package when any of its sources changed.

    Numba checks a cached function against its own file only: a function compiled with a
    callee from another module of the package would stay as it was after that module is
    edited. A kernel package calls this first, before any of its functions compiles or loads:
    it keeps a digest of the package's sources (and of this module and ``core/tree.py``, whose
    generator and search tree they call)
    beside the cache and empties the cache when the digest differs (one read of a few small
    files per process)."""
    folder = Path(package).parent
    digest = hashlib.sha256()
    shared = [Path(__file__), Path(__file__).with_name("tree.py")]   # the generator, the tree
    for source in [*sorted(folder.glob("*.py")), *shared]:
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    cache = folder / "__pycache__"
    mark = cache / "kernel-sources.sha256"
    wanted = digest.hexdigest()
    try:
        if mark.read_text(encoding="ascii") == wanted:
            return
    except OSError:
        pass
    core = Path(__file__).with_name("__pycache__")     # the tree's, which call the generator
    try:
        cache.mkdir(exist_ok=True)
        for stale in [*cache.glob("*.nbi"), *cache.glob("*.nbc"), *core.glob("tree.*.nb[ic]")]:
            stale.unlink(missing_ok=True)
        mark.write_text(wanted, encoding="ascii")
    except OSError:                # a read-only install: Numba then compiles in memory
        pass


class KernelUnsupported(OptionError):
    """A configuration the game's kernel does not play (the message names the option)."""


@njit(cache=True)
def next_u64(rng, b):
    """The next 64 random bits of slot ``b``'s generator (SplitMix64, one word per slot)."""
    z = rng[b] + _GOLDEN
    rng[b] = z
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def uniform(rng, b):
    """A float in [0, 1) from slot ``b``'s generator."""
    return float(next_u64(rng, b) >> np.uint64(11)) * _TO_UNIT


@njit(cache=True)
def below(rng, b, n):
    """A uniform integer in ``0..n-1`` from slot ``b``'s generator."""
    return int(uniform(rng, b) * n)


@njit(cache=True)
def shuffle(rng, b, values, count):
    """Shuffle ``values[:count]`` in place (Fisher-Yates) with slot ``b``'s generator."""
    for i in range(count - 1, 0, -1):
        j = below(rng, b, i + 1)
        values[i], values[j] = values[j], values[i]


def seed_streams(seed: int, size: int, first: int = 0) -> np.ndarray:
    """One generator word per slot, slot ``first + i`` seeded from ``(seed, first + i)``."""
    words = np.empty(size, dtype=np.uint64)
    base = (int(seed) * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF
    for i in range(size):
        words[i] = (base + (first + i) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    mix = np.zeros(size, dtype=np.uint64)
    for i in range(size):
        mix[i] = next_u64(words, i)
    return mix


@dataclass
class Batch:
    """The arrays of B matches, slot first; each kernel names its own fields in ``arrays``."""

    size: int
    rng: np.ndarray                 # uint64 per slot
    cur: np.ndarray                 # int64 per slot: deciding seat, CHANCE or TERMINAL
    arrays: dict

    def __getattr__(self, name: str):
        try:
            return self.__dict__["arrays"][name]
        except KeyError:
            raise AttributeError(name) from None


_KERNELS: OrderedDict = OrderedDict()
KEEP_KERNELS = 64
"""Kernels kept per process (the least recently used go first): a server's tables may ask
for any number of configurations, and each kernel holds its tables and scratch arrays."""


def kernel_for(config):
    """The kernel of a configuration (built once per configuration and process). The first
    one of a game in a process runs its ``warm()`` (every compiled function once): on a new
    machine that compiles the kernel, once, and says how long it took on stderr; afterwards
    the compiled code loads from Numba's cache on disk."""
    key = (config.game, config.players, config.preset,
           repr(sorted(config.options.items())))
    found = _KERNELS.get(key)
    if found is not None:
        _KERNELS.move_to_end(key)
    else:
        from gonets.core.registry import get_game

        room = get_game(config.game).room("kernel")
        if room is None:
            raise KernelUnsupported(f"{config.game} has no compiled kernel (--fast is "
                                    "available for loveletter and carcassonne)")
        if config.game in _WARM:
            found = room.Kernel(config)
        else:
            cold = not any((Path(room.__file__).parent / "__pycache__").glob("*.nbi"))

            def build_and_warm():
                nonlocal found
                found = room.Kernel(config)
                found.warm()

            warm_up(build_and_warm, config.game, cold=cold)
            _WARM.add(config.game)
        _KERNELS[key] = found
        if len(_KERNELS) > KEEP_KERNELS:
            _KERNELS.popitem(last=False)
    return found


def kernel_or_none(config):
    """:func:`kernel_for` ``config``, or None where its game's kernel does not play it."""
    try:
        return kernel_for(config)
    except KernelUnsupported:
        return None


def warm_all() -> list[str]:
    """Compile (on a new machine) or load every registered game's kernel in this process,
    and the search playout and whole search its bot room builds on it (``compiled_playout``,
    ``compiled_search``, whose own compiled functions are not the kernel's): what a server
    does before it serves and a test run before its workers start, so no bot decision or
    test waits for a compile (a first search would otherwise compile for about a minute, past
    a server's bot budget). The games warmed."""
    from gonets.core.registry import games, get_game

    warmed = []
    for name in games():
        game = get_game(name)
        if game.room("kernel") is not None:
            config = game.configure(game.min_players)
            kernel_for(config)
            cold = not any((Path(game.room("kernel").__file__).parent / "__pycache__")
                           .glob("tree.search-*.nbi"))
            warm_up(lambda: _warm_search(game, config), f"{name} search", cold=cold)
            warmed.append(name)
    return warmed


def _warm_search(game, config) -> None:
    """The bot room's ``compiled_playout`` built, and a few iterations of its
    ``compiled_search`` at a match's first decision (each where it offers one)."""
    import random

    bot = game.room("bot")
    if getattr(bot, "compiled_playout", None) is not None:
        bot.compiled_playout(config)
    if getattr(bot, "compiled_search", None) is None:
        return
    rng = random.Random(0)
    state = game.new_state(config)
    while state.current_player() == -1:          # CHANCE
        state.apply_chance(state.sample_chance(rng))
    seat = state.current_player()
    search = game.room("bot").compiled_search(game, config, seat, 0.7)
    search.run(state.view(seat), None, 8, None, rng)


_WARM: set[str] = set()


def _stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def warm_up(compile_all, label: str, echo=_stderr, cold: bool = False) -> float:
    """Run ``compile_all()`` (which calls every compiled function once) and, when it took long
    enough to have compiled rather than loaded the cache, say so once: the seconds it took.
    ``cold``: the cache is known empty, so say beforehand that a compile is coming."""
    if cold and echo is not None:
        echo(f"compiling the {label} kernel: once per machine, a minute or two...")
    started = time.perf_counter()
    compile_all()
    spent = time.perf_counter() - started
    if spent > 2.0 and echo is not None:
        echo(f"compiled the {label} kernel in {spent:.0f} s (cached for the next runs)")
    return spent


@njit(cache=True)
def random_legal(mask, rng, out):
    """For each slot with a legal action in ``mask`` (bool, slot first), one of them uniformly
    from the slot's generator into ``out``; -1 where none is legal."""
    for b in range(mask.shape[0]):
        count = 0
        for a in range(mask.shape[1]):
            if mask[b, a]:
                count += 1
        if count == 0:
            out[b] = -1
            continue
        pick = below(rng, b, count)
        for a in range(mask.shape[1]):
            if mask[b, a]:
                if pick == 0:
                    out[b] = a
                    break
                pick -= 1
