"""A run directory: ``manifest.json`` (the plan) and one Parquet file per finished shard
(with ``--trajectories`` also the shard's turns file beside it).

A shard file is written under a temporary name and renamed into place, so a run killed at any
moment (Ctrl-C, ``kill -9``) holds only whole shards: resuming plays the missing shards and
nothing else, and no match is lost or counted twice. A turns file is renamed into place just
before its shard, and one left without its shard (a kill between the two) is removed when the
run starts again, so a shard and its turns are both there or both missing.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from gonets.core.errors import OptionError
from gonets.lab.plan import LabPlan, bots_meaning_note
from gonets.lab.trajectory import split_turns, turns_parquet

MANIFEST = "manifest.json"
SHARD = re.compile(r"^shard-(\d{9})-(\d{9})\.parquet$")
TURNS = re.compile(r"^turns-(\d{9})-(\d{9})\.parquet$")


def shard_name(start: int, end: int) -> str:
    return f"shard-{start:09d}-{end:09d}.parquet"


def turns_name(start: int, end: int) -> str:
    """The turns file of shard ``start``-``end`` (``--trajectories``)."""
    return f"turns-{start:09d}-{end:09d}.parquet"


class RunDir:
    """The files of one run."""

    def __init__(self, path: str | Path):
        self.path = Path(path)

    @property
    def manifest_path(self) -> Path:
        return self.path / MANIFEST

    def exists(self) -> bool:
        return self.manifest_path.is_file()

    def read_plan(self) -> LabPlan:
        """The run's plan; a clear error when ``path`` is not a run."""
        if not self.exists():
            raise OptionError(f"{self.path} is not a lab run (no {MANIFEST}); "
                              f"make one with gonets simulate ... --out {self.path}")
        try:
            data = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise OptionError(f"{self.manifest_path} is not valid JSON: {exc}") from None
        return LabPlan.from_json(data)

    def write_plan(self, plan: LabPlan) -> None:
        """Store the plan, with the code of every session that played into the run appended
        to ``played_with`` (gonets version, git commit and whether the checkout was dirty)."""
        history = []
        if self.exists():
            history = json.loads(self.manifest_path.read_text(encoding="utf-8")) \
                .get("played_with", [])
        data = {**plan.to_json(), "played_with": [*history, code_version()]}
        self.path.mkdir(parents=True, exist_ok=True)
        _atomic_write(self.manifest_path, json.dumps(data, indent=2).encode())

    def start(self, plan: LabPlan, resume: bool) -> set[tuple[int, int]]:
        """Prepare the directory for ``plan``; returns the shards already done.

        A new run needs an empty (or absent) directory; ``resume`` needs the same plan.
        """
        if self.exists():
            if not resume:
                raise OptionError(f"{self.path} already holds a run; add --resume to go on "
                                  "with it or choose another --out")
            old = self.read_plan()
            problems = plan.differences(old)
            if problems:
                note = bots_meaning_note(old.bots, plan.bots)
                if note is not None:
                    note = (f". {note}: the run was made then. To go on with it, spell its "
                            f"seats out: --bots {','.join(old.bots)}")
                raise OptionError(f"--resume with a different plan than {self.path}'s: "
                                  + "; ".join(problems) + (note or ""))
        elif self.path.exists() and any(self.path.iterdir()):
            raise OptionError(f"{self.path} exists and is not a lab run; choose an empty "
                              "or new directory for --out")
        for stray in self.path.glob("*.tmp"):
            stray.unlink()
        self.check_turns(plan)
        done = self.done_shards()
        stored = max((end for _, end in done), default=0)
        if stored > plan.games:
            raise OptionError(f"{self.path} already holds matches up to {stored}; "
                              f"--games must be at least {stored}, not {plan.games}")
        self.write_plan(plan)
        return done

    def done_shards(self) -> set[tuple[int, int]]:
        found: set[tuple[int, int]] = set()
        if not self.path.is_dir():
            return found
        for entry in self.path.iterdir():
            match = SHARD.match(entry.name)
            if match:
                found.add((int(match.group(1)), int(match.group(2))))
        return found

    def shard_files(self) -> list[Path]:
        return sorted(p for p in self.path.glob("shard-*.parquet") if SHARD.match(p.name))

    def write_shard(self, start: int, end: int, rows: list[dict[str, Any]]) -> Path:
        """Store a finished shard's rows (atomically)."""
        import io

        import pyarrow.parquet as pq

        if len(rows) != end - start:
            raise ValueError(f"shard {start}-{end} has {len(rows)} rows")
        rows, turns = split_turns(rows)
        if turns is not None:             # first, so a stored shard always has its turns
            _atomic_write(self.path / turns_name(start, end), turns_parquet(turns))
        buffer = io.BytesIO()
        pq.write_table(rows_table(rows), buffer, compression="zstd")
        target = self.path / shard_name(start, end)
        _atomic_write(target, buffer.getvalue())
        return target

    def glob(self) -> str:
        """The DuckDB/pyarrow file pattern of the run's rows."""
        return str(self.path / "shard-*.parquet")

    def row_count(self) -> int:
        return sum(end - start for start, end in self.done_shards())

    # -- trajectories --------------------------------------------------------------------------
    def turn_files(self) -> list[Path]:
        """The turns files (``--trajectories``), in shard order."""
        return sorted(p for p in self.path.glob("turns-*.parquet") if TURNS.match(p.name))

    def turns_glob(self) -> str:
        """The DuckDB/pyarrow file pattern of the run's turns."""
        return str(self.path / "turns-*.parquet")

    def check_turns(self, plan: LabPlan) -> None:
        """Remove the turns files whose shard is missing (a run killed between writing the
        two; the shard is played again); a clear error for a shard of a run with
        trajectories that lacks its turns file, or for turns in a run without them."""
        shards = self.done_shards()
        for path in self.turn_files():
            found = TURNS.match(path.name)
            if (int(found.group(1)), int(found.group(2))) not in shards:
                path.unlink()
        turns = {path.name for path in self.turn_files()}
        for start, end in sorted(shards):
            has = turns_name(start, end) in turns
            if has != plan.trajectories:
                what = "lacks its turns file" if plan.trajectories else "has a turns file"
                raise OptionError(f"{self.path}: {shard_name(start, end)} {what} "
                                  f"({turns_name(start, end)}) although the run "
                                  f"{'has' if plan.trajectories else 'has no'} trajectories; "
                                  "delete the shard to play it again")


def code_version() -> dict[str, Any]:
    """What code plays now: the gonets version and, in a git checkout, its commit."""
    import subprocess
    import time
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("gonets")
    except PackageNotFoundError:
        release = None
    here = Path(__file__).resolve().parent
    try:
        commit = subprocess.run(["git", "-C", str(here), "rev-parse", "HEAD"], capture_output=True,
                                text=True, timeout=5).stdout.strip() or None
        dirty = bool(subprocess.run(["git", "-C", str(here), "status", "--porcelain", "--",
                                     str(here.parent)], capture_output=True, text=True,
                                    timeout=5).stdout.strip()) if commit else None
    except (OSError, subprocess.SubprocessError):
        commit = dirty = None
    return {"version": release, "commit": commit, "dirty": dirty,
            "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def rows_table(rows: list[dict[str, Any]]) -> Any:
    """Rows as a pyarrow table, the fixed columns with fixed types (so a shard whose matches
    all lack winners still has integer ``winners``), the statistics as inferred."""
    import pyarrow as pa

    fixed = pa.schema([("index", pa.int64()), ("seed", pa.int64()), ("game", pa.string()),
                       ("players", pa.int64()), ("preset", pa.string()),
                       ("options", pa.string()), ("agents", pa.list_(pa.string())),
                       ("scores", pa.list_(pa.float64())), ("winners", pa.list_(pa.int64())),
                       ("decisions", pa.int64()), ("end_reason", pa.string())])
    table = pa.Table.from_pylist(rows)
    for field in fixed:
        position = table.schema.get_field_index(field.name)
        table = table.set_column(position, field, table.column(position).cast(field.type))
    return table


def _atomic_write(target: Path, data: bytes) -> None:
    temp = target.with_name(target.name + ".tmp")
    with open(temp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, target)


def summary_of_run(run: Any, players: int) -> Any:
    """The classic simulate summary (win rates, averages) rebuilt from a run's rows."""
    import pyarrow.parquet as pq

    from gonets.sim.runner import MatchOutcome, Summary

    summary = Summary(players)
    for path in run.shard_files():
        table = pq.read_table(path).to_pylist()
        for row in table:
            counts = {key[5:]: value for key, value in row.items()
                      if key.startswith("stat_") and isinstance(value, int | float)}
            summary.add(MatchOutcome(row["index"], tuple(row["agents"]), row["winners"],
                                     row["scores"], row["decisions"], counts))
    return summary
