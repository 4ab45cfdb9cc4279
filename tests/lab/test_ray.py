"""--backend ray: the same shards as Ray tasks on a real local Ray cluster (the driver starts it
with two worker CPUs, or a head started with ``ray start --head`` that the driver joins with
--address) give exactly the local backend's rows."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.lab.helpers import rows, run, simulate_args

pytest.importorskip("ray")

# Two Ray clusters starting at once on one machine can fail to start their GCS: every Ray test
# runs in one xdist worker (make test passes --dist loadgroup).
pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(autouse=True)
def private_clusters(monkeypatch):
    """Every cluster of these tests is private to this machine: token authentication off for
    all of them alike (a head and a driver that disagree about it cannot talk)."""
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")


def test_ray_backend_rows_equal_the_local_backend(tmp_path):
    local = run(*simulate_args(tmp_path / "local", 30, "--jobs", 2))
    assert local.exit_code == 0, local.output
    remote = run(*simulate_args(tmp_path / "ray", 30, "--jobs", 2, "--backend", "ray"))
    assert remote.exit_code == 0, remote.output
    assert len(rows(tmp_path / "ray")) == 30
    assert rows(tmp_path / "ray") == rows(tmp_path / "local")


def test_fast_shards_on_ray_equal_the_local_backend(tmp_path):
    """--fast shards played by Ray tasks (the kernel loaded from the cache in each worker)."""
    args = ["simulate", "carcassonne", "-p", 2, "--bots", "playout,random", "-n", 12,
            "--shard-size", 3, "--seed", 5, "--fast", "--jobs", 2]
    local = run(*args, "--out", tmp_path / "local")
    assert local.exit_code == 0, local.output
    remote = run(*args, "--out", tmp_path / "ray", "--backend", "ray")
    assert remote.exit_code == 0, remote.output
    assert len(rows(tmp_path / "ray")) == 12
    assert rows(tmp_path / "ray") == rows(tmp_path / "local")


@pytest.mark.parametrize("extra,message", [
    (("--address", "127.0.0.1:1"), "--address is for --backend ray"),
    (("--backend", "ray", "--save", "records"), "use it with --backend local"),
])
def test_backend_options_that_do_not_go_together(tmp_path, extra, message):
    result = run(*simulate_args(tmp_path / "r", 5, *extra))
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


@pytest.fixture
def ray_head(tmp_path):
    """A real Ray head started with ``ray start --head`` (one worker CPU, its own temp
    directory, token authentication off for this private cluster); yields its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    temp = tempfile.mkdtemp(prefix="gonets-ray-")
    log = tmp_path / "head.log"
    ray = Path(sys.executable).with_name("ray")
    head = subprocess.Popen([str(ray), "start", "--head", f"--port={port}", "--num-cpus=1",
                             "--include-dashboard=false", "--disable-usage-stats",
                             f"--temp-dir={temp}", "--block"],
                            stdout=log.open("wb"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while "Ray runtime started" not in log.read_text():
            assert head.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        address = re.search(r"ray start --address='([^']+)'", log.read_text()).group(1)
        yield address
    finally:
        os.killpg(head.pid, signal.SIGKILL)       # the head, its GCS, raylet and workers
        head.wait(timeout=30)
        shutil.rmtree(temp, ignore_errors=True)


def test_a_driver_joins_a_ray_head_with_address(tmp_path, ray_head):
    local = run(*simulate_args(tmp_path / "local", 10, "--jobs", 1))
    assert local.exit_code == 0, local.output
    joined = run(*simulate_args(tmp_path / "joined", 10, "--backend", "ray",
                                "--address", ray_head))
    assert joined.exit_code == 0, joined.output
    assert rows(tmp_path / "joined") == rows(tmp_path / "local")


def test_until_ci_on_ray_stops_where_the_local_backend_stops(tmp_path):
    args = ("--jobs", 2, "--until-ci", "0.3", "--json")
    local = run(*simulate_args(tmp_path / "local", 400, *args))
    remote = run(*simulate_args(tmp_path / "ray", 400, *args, "--backend", "ray"))
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout)["stopped_by"] == "interval"
    assert rows(tmp_path / "ray") == rows(tmp_path / "local")


def test_the_scaling_benchmark_plays_the_same_rows_on_each_backend_and_worker_count(capsys):
    from gonets.lab.scaling import main

    main(["--shards", "4", "--shard-size", "3", "--bots", "random", "-p", "2"])
    report = json.loads(capsys.readouterr().out)
    assert [(r["backend"], r["workers"]) for r in report["results"]] == [
        ("local", 1), ("local", 2), ("ray", 1), ("ray", 2)]
    assert report["games"] == 12
    assert all(r["matches_per_s"] > 0 for r in report["results"])
    assert [r["speedup"] for r in report["results"]][::2] == [1.0, 1.0]


def test_an_experiment_on_ray_equals_the_local_backend(tmp_path):
    """Every cell of a grid played through one Ray connection gives the local rows."""
    grid = tmp_path / "grid.yaml"
    grid.write_text("game: loveletter\nmatches: 6\nseed: 4\nshard_size: 3\n"
                    "bots: heuristic,random\ncross: {players: [2, 3]}\n", encoding="utf-8")
    local = run("experiment", grid, "--out", tmp_path / "local", "--jobs", 2)
    assert local.exit_code == 0, local.output
    remote = run("experiment", grid, "--out", tmp_path / "ray", "--jobs", 2, "--backend", "ray")
    assert remote.exit_code == 0, remote.output
    for cell in ("c01", "c02"):
        assert rows(tmp_path / "ray" / "cells" / cell) == \
            rows(tmp_path / "local" / "cells" / cell)


def test_the_progress_of_a_ray_run_moves_match_by_match(tmp_path, monkeypatch):
    """Each Ray task streams its rows as it plays them (here every match at once): the
    progress lines count the matches inside a shard, and the rows are the local backend's."""
    from gonets.lab import backends

    monkeypatch.setattr(backends, "RAY_STREAM_SECONDS", 0)
    monkeypatch.setenv("GONETS_PROGRESS_SECONDS", "0")
    local = run(*simulate_args(tmp_path / "local", 12, "--jobs", 1, "--shard-size", 6))
    assert local.exit_code == 0, local.output
    remote = run(*simulate_args(tmp_path / "ray", 12, "--jobs", 2, "--shard-size", 6,
                                "--backend", "ray"))
    assert remote.exit_code == 0, remote.output
    counts = [int(match.group(1)) for match in
              re.finditer(r"loveletter \(ray\)[^:]*: (\d+)/12 matches", remote.stderr)]
    assert counts == sorted(counts) and set(range(1, 13)) <= set(counts), remote.stderr
    assert rows(tmp_path / "ray") == rows(tmp_path / "local")
    # through Ray Client no task streams: each returns its shard whole, the same rows
    monkeypatch.setattr(backends, "_through_client", lambda: True)
    whole = run(*simulate_args(tmp_path / "whole", 12, "--jobs", 2, "--shard-size", 6,
                               "--backend", "ray"))
    assert whole.exit_code == 0, whole.output
    assert rows(tmp_path / "whole") == rows(tmp_path / "local")
