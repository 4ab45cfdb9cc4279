"""Experiment grids: one YAML file names factors (player counts, presets, rule options, bots by
seat), crossed or listed; every cell is a lab run of its own, all in one experiment folder.

Every cell plays the same match indices with the same seeds (``seed + i``, bots rotated the
same way), so any two cells with the same player count are compared deal by deal, and a
designer's comparison is always paired. A cell's rows carry a ``cell`` column and one
``cell_<factor>`` column per factor, and the finished experiment is also written as one
Parquet table (``matches.parquet``) for pandas or R.

The file (docs/balance.md, "Experiment grids")::

    game: loveletter
    matches: 400            # per cell; the cap when a stopping rule is given
    seed: 1
    bots: heuristic         # bots by seat, a comma list repeated in order to fill them
    cross:                  # every combination of these
      players: [2, 4, 6]
      preset: [seed, premium]
    cells:                  # and/or listed cells (each crossed with ``cross``)
      - {bots: "hard,normal"}
    stop: {until_ci: 0.05}  # or {detect: 0.02}; none: play every match
    trajectories: true      # optional, like simulate's --trajectories (and lead_changes)
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gonets.core.errors import GonetsError, OptionError
from gonets.core.options import with_local_paths
from gonets.core.registry import get_game
from gonets.lab.plan import LabPlan, bots_meaning_note
from gonets.lab.store import RunDir
from gonets.lab.store import _atomic_write as atomic_write

MANIFEST = "experiment.json"
TABLE = "matches.parquet"
FORMAT = 1
KEYS = {"game", "matches", "seed", "bots", "players", "preset", "options", "rotate",
        "shard_size", "fast", "lead_changes", "trajectories", "cross", "cells", "stop"}
STOPS = ("until_ci", "detect")
SETTINGS = ("players", "preset", "bots")
"""Factors that are not rule options; every other factor names one of the game's options."""
GRID_KEYS = {"bots", "cross", "cells"}
"""The keys of a file a resume may spell differently, as long as every cell keeps its plan."""


@dataclass(frozen=True)
class Cell:
    """One combination of factor values and the run that plays it."""

    name: str                            # c01, c02, ... in grid order
    factors: tuple[tuple[str, Any], ...]
    plan: LabPlan

    @property
    def label(self) -> str:
        """The factor values as a designer reads them (``players=2 preset=seed``)."""
        return " ".join(f"{key}={_show(value)}" for key, value in self.factors) or "all"

    def columns(self) -> dict[str, str]:
        """The cell columns added to each of its rows."""
        return {"cell": self.name, **{f"cell_{key}": _show(value)
                                      for key, value in self.factors}}

    def as_played(self, plan: LabPlan) -> Cell:
        """The cell with the plan its run stored, labelled by what that plan plays (a cell
        played before ``bots`` repeated in order keeps the seats it was played with)."""
        return replace(self, plan=plan,
                       factors=tuple((key, _effective(plan, key)) for key, _ in self.factors))


@dataclass(frozen=True)
class Experiment:
    """A grid of cells read from an experiment file."""

    spec: dict[str, Any]                 # the file's content, normalised
    cells: tuple[Cell, ...]
    stop: dict[str, float] = field(default_factory=dict)

    @property
    def factors(self) -> list[str]:
        """Every factor a cell names, in order of first appearance."""
        seen: dict[str, None] = {}
        for cell in self.cells:
            seen.update((key, None) for key, _ in cell.factors)
        return list(seen)

    @property
    def games(self) -> int:
        return sum(cell.plan.games for cell in self.cells)

    def identity(self) -> dict[str, Any]:
        """Everything that decides the rows (not the cap on matches or the stopping rule)."""
        return {key: value for key, value in self.spec.items()
                if key not in ("matches", "stop")}


def load_experiment(path: Path) -> Experiment:
    """Read and check an experiment file; errors name the file and the entry."""
    import yaml

    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise OptionError(f"cannot read {path}: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        raise OptionError(f"{path} is not valid YAML: {exc}") from None
    try:
        return experiment_from(data, Path(path).parent)
    except OptionError as exc:
        raise OptionError(f"{path}: {exc}") from None


def experiment_from(data: Any, base: Path | None = None, *,
                    last_repeats: bool = False) -> Experiment:
    """The experiment a parsed file describes; a relative path in an option that names
    something on this machine (a content pack folder) is read from ``base``, the file's
    folder (default: the working folder). ``last_repeats`` reads a shorter ``bots`` list as
    gonets did before it repeated in order: its last name fills the remaining seats (an
    experiment folder played then, :meth:`ExperimentDir.read`)."""
    if not isinstance(data, dict):
        raise OptionError("an experiment is a mapping with game, matches and cross or cells")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise OptionError(f"unknown key {unknown[0]!r}; an experiment has "
                          f"{', '.join(sorted(KEYS))}")
    if "game" not in data:
        raise OptionError("game: missing (the game every cell plays)")
    game = get_game(str(data["game"]))
    spec = {"format": FORMAT, "game": game.name,
            "matches": _whole(data.get("matches", 100), "matches", 1),
            "seed": _whole(data.get("seed", 0), "seed", 0),
            "bots": data.get("bots"), "players": data.get("players"),
            "preset": data.get("preset"), "options": _mapping(data.get("options"), "options"),
            "rotate": _flag(data.get("rotate", True), "rotate"),
            "shard_size": _whole(data.get("shard_size", 50), "shard_size", 1),
            "fast": _flag(data.get("fast", False), "fast"),
            "lead_changes": _flag(data.get("lead_changes", False), "lead_changes"),
            "trajectories": _flag(data.get("trajectories", False), "trajectories"),
            "cross": _mapping(data.get("cross"), "cross"),
            "cells": _listed(data.get("cells")), "stop": _stop(data.get("stop"))}
    for key, values in spec["cross"].items():
        if not isinstance(values, list) or not values:
            raise OptionError(f"cross: {key}: give a list of values, not {values!r}")
    _absolute_local_paths(game, spec, base or Path.cwd())
    cells = [_cell(game, spec, index, factors, last_repeats)
             for index, factors in enumerate(_combinations(spec), start=1)]
    names = list(dict.fromkeys(key for cell in cells for key, _ in cell.factors))
    cells = [replace(cell, factors=tuple((key, _effective(cell.plan, key)) for key in names))
             for cell in cells]
    seen: dict[str, str] = {}
    for cell in cells:
        key = json.dumps(cell.plan.identity(), sort_keys=True)
        if key in seen:
            raise OptionError(f"cells {seen[key]} and {cell.label} play the same matches")
        seen[key] = cell.label
    return Experiment(spec, tuple(cells), spec["stop"])


def _effective(plan: LabPlan, key: str) -> Any:
    """The value of factor ``key`` in a cell that plays ``plan``, also where the cell does not
    name it (``bots``: the full list by seat)."""
    config = plan.config
    if key == "players":
        return config.players
    if key == "preset":
        return config.preset
    if key == "bots":
        return ",".join(plan.bots)
    return config.options[key]


def _combinations(spec: dict[str, Any]) -> Iterator[tuple[tuple[str, Any], ...]]:
    crossed = [tuple(zip(spec["cross"], values, strict=True))
               for values in itertools.product(*spec["cross"].values())]
    listed = [tuple(cell.items()) for cell in spec["cells"]] or [()]
    seen = set()
    for base in listed:
        for extra in crossed:
            clash = {key for key, _ in base} & {key for key, _ in extra}
            if clash:
                raise OptionError(f"factor {sorted(clash)[0]!r} is both listed in cells and "
                                  "crossed")
            factors = base + extra
            key = json.dumps(sorted(factors), sort_keys=True, default=str)
            if key in seen:
                raise OptionError(f"the cell {_label(factors)} comes twice")
            seen.add(key)
            yield factors


def _absolute_local_paths(game: Any, spec: dict[str, Any], base: Path) -> None:
    """Make the relative paths of local options (folders on this machine) absolute against
    ``base`` wherever the spec names them, so that the stored experiment means the same on a
    resume from any working folder."""
    local = {option.name for option in game.options if option.local}
    if not local:
        return
    spec["options"] = with_local_paths(spec["options"], local, base)
    spec["cross"] = {key: [with_local_paths({key: value}, local, base)[key] for value in values]
                     for key, values in spec["cross"].items()}
    spec["cells"] = [with_local_paths(cell, local, base) for cell in spec["cells"]]


def _cell(game: Any, spec: dict[str, Any], index: int, factors: tuple[tuple[str, Any], ...],
          last_repeats: bool = False) -> Cell:
    from gonets.console import bot_list, bot_names
    from gonets.lab.runner import stop_rule

    chosen = dict(factors)
    options = {**spec["options"], **{k: v for k, v in factors if k not in SETTINGS}}
    players = chosen.get("players", spec["players"])
    preset = chosen.get("preset", spec["preset"])
    bots = chosen.get("bots", spec["bots"])
    if any(value is None for _, value in factors):
        raise OptionError(f"cell {_label(factors)}: a factor's value is empty (null)")
    if isinstance(bots, list) and all(isinstance(b, str) for b in bots):
        bots = ",".join(bots)
    if bots is not None and not isinstance(bots, str):
        raise OptionError(f"cell {_label(factors)}: bots: a comma list of bot names, not "
                          f"{bots!r}")
    try:
        if players is None:
            players = game.player_range(preset)[0]
        config = game.configure(players, preset, options)
        if last_repeats:
            names = bot_names(bots, game)
            names = (names + [names[-1]] * config.players)[:config.players]
        else:
            names = bot_list(bots, config.players, game)
        plan = LabPlan(config, tuple(names), spec["matches"], seed=spec["seed"],
                       rotate=spec["rotate"], shard_size=spec["shard_size"], fast=spec["fast"],
                       trace_leads=spec["lead_changes"], trajectories=spec["trajectories"])
        stop_rule(plan, spec["stop"].get("until_ci"), spec["stop"].get("detect"))
    except GonetsError as exc:
        raise OptionError(f"cell {_label(factors)}: {exc}") from None
    return Cell(f"c{index:02d}", factors, plan)


def _label(factors: tuple[tuple[str, Any], ...]) -> str:
    return " ".join(f"{key}={_show(value)}" for key, value in factors) or "(no factor)"


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _whole(value: Any, key: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise OptionError(f"{key}: a whole number of at least {low}, not {value!r}")
    return value


def _flag(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise OptionError(f"{key}: true or false, not {value!r}")
    return value


def _mapping(value: Any, key: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise OptionError(f"{key}: a mapping of name to value, not {value!r}")
    return {str(name): item for name, item in value.items()}


def _listed(value: Any) -> list[dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(c, dict) and c for c in value):
        raise OptionError("cells: a list of mappings, one per cell (factor: value)")
    return [{str(k): v for k, v in cell.items()} for cell in value]


def _stop(value: Any) -> dict[str, float]:
    stop = _mapping(value, "stop")
    if len(stop) > 1 or any(key not in STOPS for key in stop):
        raise OptionError(f"stop: one of {' or '.join(STOPS)}, not {value!r}")
    for key, width in stop.items():
        if isinstance(width, bool) or not isinstance(width, int | float) or not 0 < width < 1:
            raise OptionError(f"stop: {key}: a number between 0 and 1, not {width!r}")
    return {key: float(width) for key, width in stop.items()}


# -- the experiment folder ------------------------------------------------------------------
class CellRun(RunDir):
    """A cell's run directory: a plain run whose rows also carry the cell's columns."""

    def __init__(self, path: Path, columns: dict[str, str]):
        super().__init__(path)
        self.columns = columns

    def write_shard(self, start: int, end: int, rows: list[dict[str, Any]]) -> Path:
        return super().write_shard(start, end, [{**row, **self.columns} for row in rows])


class ExperimentDir:
    """The files of an experiment: ``experiment.json``, ``cells/<cell>/`` (a run each) and,
    once every cell is played, ``matches.parquet`` (every cell's rows in one table)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)

    @property
    def manifest_path(self) -> Path:
        return self.path / MANIFEST

    def exists(self) -> bool:
        return self.manifest_path.is_file()

    def cell_run(self, cell: Cell) -> CellRun:
        return CellRun(self.path / "cells" / cell.name, cell.columns())

    def cell_paths(self) -> list[Path]:
        """The run directories of the cells with a finished shard so far."""
        return sorted(p for p in (self.path / "cells").glob("c*") if RunDir(p).shard_files())

    def played_plans(self) -> dict[str, LabPlan]:
        """The plan each cell's run stored, by cell name, for the cells begun so far."""
        return {path.name: RunDir(path).read_plan()
                for path in sorted((self.path / "cells").glob("c*")) if RunDir(path).exists()}

    def read(self) -> Experiment:
        """The experiment this folder holds; a clear error when it holds none. A folder
        played before a shorter ``bots`` list repeated in order (its last name filled the
        seats) is read as it was played: with that meaning when its cells' stored plans
        agree with it and not with today's."""
        if not self.exists():
            raise OptionError(f"{self.path} is not an experiment (no {MANIFEST})")
        try:
            data = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise OptionError(f"{self.manifest_path} is not valid JSON: {exc}") from None
        if data.get("format") != FORMAT:
            raise OptionError(f"experiment format {data.get('format')!r} is not {FORMAT}")
        spec = {k: v for k, v in data.items() if k != "format"}
        played = self.played_plans()
        try:
            today: Experiment | None = experiment_from(spec)
        except OptionError as exc:
            today, error = None, exc
        if today is not None and _agrees(today, played):
            return today
        try:
            before = experiment_from(spec, last_repeats=True)
        except OptionError:
            before = None
        if before is not None and _agrees(before, played):
            return before
        if today is None:
            raise error
        return today

    def as_played(self, experiment: Experiment) -> list[Cell]:
        """The cells of ``experiment``, each begun one with the plan its run stored
        (:meth:`Cell.as_played`)."""
        played = self.played_plans()
        return [cell.as_played(played[cell.name]) if cell.name in played else cell
                for cell in experiment.cells]

    def start(self, experiment: Experiment, resume: bool) -> None:
        """Make the folder for ``experiment`` (or check that it already holds it, every
        cell's stored plan included, before anything is played)."""
        if self.exists():
            if not resume:
                raise OptionError(f"{self.path} already holds an experiment; add --resume to "
                                  "go on with it or choose another --out")
            self._check_resume(experiment)
        elif self.path.exists() and (not self.path.is_dir() or any(self.path.iterdir())):
            raise OptionError(f"{self.path} exists and is not an experiment; choose an empty "
                              "or new directory for --out")
        for cell in experiment.cells:
            stored = max((end for _, end in self.cell_run(cell).done_shards()), default=0)
            if stored > cell.plan.games:
                raise OptionError(f"cell {cell.name} already holds matches up to {stored}; "
                                  f"matches: must be at least {stored}, not {cell.plan.games}")
        self.path.mkdir(parents=True, exist_ok=True)
        (self.path / TABLE).unlink(missing_ok=True)      # rewritten once every cell is played
        atomic_write(self.manifest_path, json.dumps(experiment.spec, indent=2).encode())

    def _check_resume(self, experiment: Experiment) -> None:
        """Refuse ``experiment`` unless it makes the cells this folder holds: the same
        settings, and each cell the plan it was begun with. A file may spell the bots
        differently (``bots``, ``cross`` and ``cells`` may change) as long as every cell
        plays the same seats: a folder played before a shorter ``bots`` list repeated in
        order goes on with its seats spelled out."""
        stored = self.read()
        old, new = stored.identity(), experiment.identity()
        changed = sorted(key for key in new if new[key] != old.get(key))
        held = self.as_played(stored)
        if changed and (set(changed) - GRID_KEYS or [_shape(c) for c in held]
                        != [_shape(c) for c in experiment.cells]):
            raise OptionError(f"--resume with a different experiment than {self.path}'s "
                              f"(it differs in {', '.join(changed)})")
        played = self.played_plans()
        lines, notes = [], []
        for was, cell in zip(held, experiment.cells, strict=True):
            problems = cell.plan.differences(was.plan)
            if not problems:
                continue
            if all(line.startswith("bots:") for line in problems):
                state = "was played with" if cell.name in played else "has"
                lines.append(f"cell {cell.name} {state} bots {','.join(was.plan.bots)}, the "
                             f"file gives it {','.join(cell.plan.bots)}")
            else:
                lines.append(f"cell {cell.name}: {'; '.join(problems)}")
            note = bots_meaning_note(was.plan.bots, cell.plan.bots)
            if note is not None:
                notes.append((cell.name, note, was.plan.bots))
        if not lines:
            return
        message = f"--resume with a different experiment than {self.path}'s: {'; '.join(lines)}"
        if notes:
            spelled = ", ".join(f"{name}: bots: \"{','.join(bots)}\"" for name, _, bots in notes)
            message += (f". {notes[0][1]}: the folder was made then. To go on with it, spell "
                        f"each cell's seats out in the file ({spelled}), or play the file "
                        "into a new --out")
        raise OptionError(message)

    def write_table(self) -> Path:
        """Every cell's rows as one Parquet table (rewritten whole, atomically)."""
        import io

        import pyarrow as pa
        import pyarrow.parquet as pq

        tables = [pq.read_table(shard) for cell in self.cell_paths()
                  for shard in RunDir(cell).shard_files()]
        table = pa.concat_tables(tables, promote_options="permissive")
        buffer = io.BytesIO()
        pq.write_table(table, buffer, compression="zstd")
        atomic_write(self.path / TABLE, buffer.getvalue())
        return self.path / TABLE


def _agrees(experiment: Experiment, played: dict[str, LabPlan]) -> bool:
    """Whether every begun cell of ``experiment`` has the bots its run was played with."""
    return all(cell.plan.bots == played[cell.name].bots
               for cell in experiment.cells if cell.name in played)


def _shape(cell: Cell) -> tuple[str, list[str], dict[str, Any]]:
    """A cell's name, the factors it names and their values but the bots' (what a resume may
    not change however the bots are spelled: the rows' cell columns stay the same)."""
    return (cell.name, sorted(key for key, _ in cell.factors),
            {key: value for key, value in cell.factors if key != "bots"})


def is_experiment(path: str | Path) -> bool:
    return ExperimentDir(path).exists()


CellDone = Callable[[Cell, int, int, float], None]


@dataclass
class ExperimentOutcome:
    """What :func:`run_experiment` did, cell by cell."""

    cells: list[tuple[Cell, Any]]       # (cell, the RunOutcome of its run)

    @property
    def played(self) -> int:
        return sum(outcome.played for _, outcome in self.cells)


def run_experiment(experiment: Experiment, folder: ExperimentDir, *, backend: str = "local",
                   jobs: int = 1, address: str | None = None, resume: bool = False,
                   on_shard: CellDone | None = None,
                   on_match: Callable[[Cell, int], None] | None = None) -> ExperimentOutcome:
    """Play every cell's missing shards (each cell to its stopping rule), then write the
    experiment's table. ``on_shard`` sees each stored shard of a cell, ``on_match`` the
    matches a cell has finished so far (:func:`gonets.lab.runner.run_lab`)."""
    from gonets.lab.backends import backend_session, check_backend
    from gonets.lab.runner import run_lab

    check_backend(backend, address, None)
    folder.start(experiment, resume)
    results = []
    with backend_session(backend, jobs, address):      # one Ray connection for every cell
        for cell in experiment.cells:
            def advance(start: int, end: int, widest: float, cell: Cell = cell) -> None:
                if on_shard is not None:
                    on_shard(cell, start, end, widest)

            def count(matches: int, cell: Cell = cell) -> None:
                if on_match is not None:
                    on_match(cell, matches)

            outcome = run_lab(cell.plan, folder.cell_run(cell), backend=backend, jobs=jobs,
                              address=address, resume=True, on_shard=advance, on_match=count,
                              **experiment.stop)
            results.append((cell, outcome))
    folder.write_table()
    return ExperimentOutcome(results)


def expand_runs(paths: list[str | Path]) -> list[Path]:
    """Run directories, with each experiment folder replaced by its cells' runs."""
    out: list[Path] = []
    for path in paths:
        folder = ExperimentDir(path)
        if folder.exists():
            cells = folder.cell_paths()
            if not cells:
                raise OptionError(f"{folder.path} has no cell with a finished shard yet")
            out.extend(cells)
        else:
            out.append(Path(path))
    return out
