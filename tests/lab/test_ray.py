"""--backend ray: the same shards as Ray tasks on a real local Ray cluster (the driver starts it
on loopback with two worker CPUs) give exactly the local backend's rows."""

from __future__ import annotations

import pytest

from tests.lab.helpers import rows, run, simulate_args

pytest.importorskip("ray")


def test_ray_backend_rows_equal_the_local_backend(tmp_path):
    local = run(*simulate_args(tmp_path / "local", 30, "--jobs", 2))
    assert local.exit_code == 0, local.output
    remote = run(*simulate_args(tmp_path / "ray", 30, "--jobs", 2, "--backend", "ray"))
    assert remote.exit_code == 0, remote.output
    assert len(rows(tmp_path / "ray")) == 30
    assert rows(tmp_path / "ray") == rows(tmp_path / "local")


@pytest.mark.parametrize("extra,message", [
    (("--address", "127.0.0.1:1"), "--address is for --backend ray"),
    (("--backend", "ray", "--save", "records"), "use it with --backend local"),
])
def test_backend_options_that_do_not_go_together(tmp_path, extra, message):
    result = run(*simulate_args(tmp_path / "r", 5, *extra))
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
