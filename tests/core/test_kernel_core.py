"""The shared part of the compiled kernels: the per-slot generator and the cache guard."""

from __future__ import annotations

import numpy as np

from gonets.core.kernel import below, fresh_cache, random_legal, seed_streams, shuffle, uniform


def test_each_slot_has_its_own_stream():
    words = seed_streams(5, 8)
    again = seed_streams(5, 4, first=4)
    assert np.array_equal(words[4:], again)               # slot i depends on (seed, i) only
    assert len(set(words.tolist())) == 8
    assert not np.array_equal(seed_streams(6, 8), words)
    draws = [uniform(words, 0) for _ in range(4000)]
    assert all(0.0 <= d < 1.0 for d in draws) and abs(np.mean(draws) - 0.5) < 0.03
    counts = np.bincount([below(words, 1, 6) for _ in range(6000)], minlength=6)
    assert counts.min() > 850 and counts.max() < 1150
    values = np.arange(10)
    shuffle(words, 2, values, 10)
    assert sorted(values.tolist()) == list(range(10)) and values.tolist() != list(range(10))


def test_random_legal_picks_only_legal_actions_uniformly():
    mask = np.zeros((3, 6), dtype=bool)
    mask[0, [1, 4]] = True
    mask[2, 5] = True
    out = np.zeros(3, dtype=np.int64)
    words = seed_streams(1, 3)
    seen = set()
    for _ in range(200):
        random_legal(mask, words, out)
        assert out[0] in (1, 4) and out[1] == -1 and out[2] == 5
        seen.add(int(out[0]))
    assert seen == {1, 4}


def test_the_cache_is_emptied_when_a_source_of_the_package_changes(tmp_path):
    package = tmp_path / "kernel"
    cache = package / "__pycache__"
    cache.mkdir(parents=True)
    source = package / "step.py"
    source.write_text("x = 1\n")
    init = package / "__init__.py"
    init.write_text("")
    compiled = [cache / "step.f-1.py311.nbi", cache / "step.f-1.py311.1.nbc"]

    def stale():
        for path in compiled:
            path.write_bytes(b"old")

    stale()
    fresh_cache(str(init))                       # no digest yet: the cache cannot be trusted
    assert not any(path.exists() for path in compiled)
    stale()
    fresh_cache(str(init))                       # nothing changed: kept
    assert all(path.exists() for path in compiled)
    source.write_text("x = 2\n")
    fresh_cache(str(init))
    assert not any(path.exists() for path in compiled)


def test_kernels_are_kept_for_a_bounded_number_of_configurations(monkeypatch):
    from gonets.core import get_game, kernel

    monkeypatch.setattr(kernel, "_KERNELS", kernel.OrderedDict())
    monkeypatch.setattr(kernel, "KEEP_KERNELS", 2)
    game = get_game("loveletter")
    configs = [game.configure(players) for players in (2, 3, 4)]
    first = kernel.kernel_for(configs[0])
    assert kernel.kernel_for(configs[0]) is first
    for config in configs[1:]:
        kernel.kernel_for(config)
    assert len(kernel._KERNELS) == 2 and kernel.kernel_for(configs[0]) is not first
    assert sorted(kernel.warm_all()) == ["carcassonne", "loveletter"]


def test_warming_up_builds_every_search_playout_too(monkeypatch):
    """``warm_all`` (what the server and the test run do first) also builds each bot room's
    compiled search playout, whose functions are not the kernel's: a server's first search
    would otherwise compile them for about a minute, past its bot budget."""
    from gonets.core import get_game, kernel

    built = []
    for name in ("loveletter", "carcassonne"):
        bot = get_game(name).room("bot")
        real = bot.compiled_playout
        monkeypatch.setattr(bot, "compiled_playout",
                            lambda config, real=real: built.append(config.game) or real(config))
    kernel.warm_all()
    assert sorted(built) == ["carcassonne", "loveletter"]
