"""The ``gonets`` command line: play, simulate, study rules, benchmark, replay and render."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from gonets.agents import make_agent
from gonets.cli_errors import SpokenGroup, command_error, fail_in
from gonets.console import (
    GAME_HELP,
    JSON_HELP,
    OPTION_HELP,
    PLAYERS_HELP,
    PRESET_HELP,
    RECORD_HELP,
    bot_list,
    bot_names,
    configure,
    console,
    fail,
    stopped,
)
from gonets.core import GonetsError, Match, OptionError, Record, games, get_game
from gonets.core.botnames import bot_seat

app = typer.Typer(help="gonets: play, study and train AI on games about messages and couriers.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                  cls=SpokenGroup)


# -- play ---------------------------------------------------------------------------------------
@app.command()
def play(
    game_name: str = typer.Argument(..., metavar="GAME", help="Game to play."),
    players: int | None = typer.Option(None, "--players", "-p", help=PLAYERS_HELP),
    preset: str | None = typer.Option(None, "--preset", help=PRESET_HELP),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    seed: int | None = typer.Option(None, help="Seed of the match generator (default: a new "
                                               "one; it names the save file)."),
    bots: str | None = typer.Option(None, help="Comma list of bots for the seats after yours "
                                               "(every seat with --watch); a shorter list "
                                               "repeats in order, as --bots does everywhere "
                                               "(a,b for 3 bots: a b a)."),
    watch: bool = typer.Option(False, help="Bots play every seat; you watch."),
    name: str | None = typer.Option(None, help="Your name at the table (default: You, in "
                                               "Russian Вы)."),
    lang: str = typer.Option("en", help="Language of card names, the log and the score "
                                        "table: en or ru."),
    delay: float = typer.Option(0.0, help="Seconds to pause after each bot move."),
    save: Path | None = typer.Option(None, help="Directory to save the match record in, as "
                                                "GAME-SEED.json: one file per game, written "
                                                "again when you quit again or finish (a quit "
                                                "without --save saves it in the current "
                                                "folder)."),
    resume: Path | None = typer.Option(None, help="Resume an unfinished match record (saved "
                                                  "again over the same file without --save)."),
    hints: bool = typer.Option(False, help="Allow '?' at your turn: the search's best moves "
                                           "from your view."),
) -> None:
    """Play a game in the terminal against bots (or watch bots play).

    Typing q quits and saves; Ctrl-C saves too and leaves with exit status 130."""
    from gonets.cli_words import say
    from gonets.terminal import TerminalTable, check_lang

    try:
        name = name or say(check_lang(lang), "you")
        if resume is not None:
            match = Match.from_record(Record.load(resume))
            game, config = match.game, match.state.config
            seating = [seat.get("agent", "human") for seat in match.record.seats]
        else:
            game, config = configure(game_name, players, preset, option)
            seed = seed if seed is not None else random.SystemRandom().randrange(10**9)
            seating = bot_list(bots, config.players, game) if watch else \
                ["human", *_bots_after_you(bots, config.players, game)]
            seats = [{"name": name, "agent": agent} if agent == "human" else bot_seat(agent, i)
                     for i, agent in enumerate(seating)]     # bots: "Vera · heuristic bot"
            match = Match(game, config, seats=seats, seed=seed)
        agents = {seat: make_agent(agent, game, config, seat, match.record.seed)
                  for seat, agent in enumerate(seating) if agent != "human"}
        table = TerminalTable(console, match, agents, lang=lang, delay=delay, save_dir=save,
                              hints=hints, save_to=resume)
        table.run()
    except GonetsError as exc:
        fail_in(lang, command_error(lang, exc, game=game_name, record=resume))
    if table.interrupted:
        stopped()


def _bots_after_you(text: str | None, players: int, game) -> list[str]:
    """The bots of the seats after the person playing (seat p1): a ``--bots`` list longer than
    those seats is refused with the person's seat counted in the message."""
    names = bot_names(text, game) if (text or "").replace(",", "").strip() else []
    seats = players - 1
    if len(names) > seats:
        given = f"{len(names)} bot{'s' * (len(names) != 1)}"
        if not seats:
            raise OptionError(f"--bots names {given}, but the game has one seat and it is "
                              "yours (--watch lets a bot play it)", code="no_seat_for_bots",
                              bots=len(names))
        raise OptionError(f"--bots names {given} for the {seats} seat{'s' * (seats != 1)} "
                          f"after yours: you play p1 of {players} (--watch gives every seat "
                          "to a bot)", code="too_many_bots_after_you", bots=len(names),
                          seats=seats, players=players)
    return bot_list(text, seats, game)


# -- rules --------------------------------------------------------------------------------------
@app.command()
def rules(
    game_name: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    preset: str | None = typer.Option(None, help="Show this preset's options."),
    diff: tuple[str, str] | None = typer.Option(None, help="Show how two presets differ."),
) -> None:
    """Show a game's presets and options, or how two presets differ."""
    try:
        game = get_game(game_name)
        if diff:
            print_diff(game, *diff)
            return
        print_presets(game)
        print_options(game, preset or game.default_preset)
    except GonetsError as exc:
        fail(str(exc))


def print_presets(game) -> None:
    table = Table(title=f"{game.title}: presets", title_justify="left")
    for column in ("preset", "players", "description"):
        table.add_column(column)
    for preset in game.presets:
        low, high = game.player_range(preset.name)
        mark = " (default)" if preset.name == game.default_preset else ""
        table.add_row(preset.name + mark, f"{low}-{high}", preset.doc)
    console.print(table)


def print_options(game, preset_name: str) -> None:
    values = game.preset_options(preset_name)
    table = Table(title=f"options under preset {preset_name} (* differs from the default)",
                  title_justify="left")
    table.add_column("option", no_wrap=True, min_width=max(len(o.name) for o in game.options))
    table.add_column("value", overflow="fold")
    table.add_column("meaning")
    for option in game.options:
        value = values[option.name]
        changed = "" if value == option.default else " *"
        table.add_row(option.name, json.dumps(value, ensure_ascii=False) + changed, option.doc)
    console.print(table)


def print_diff(game, first: str, second: str) -> None:
    a, b = game.preset_options(first), game.preset_options(second)
    table = Table(title=f"{game.title}: {first} vs {second}", title_justify="left")
    table.add_column("option", no_wrap=True)
    for column in (first, second, "meaning"):
        table.add_column(column, overflow="fold")
    for option in game.options:
        if a[option.name] != b[option.name]:
            table.add_row(option.name, json.dumps(a[option.name], ensure_ascii=False),
                          json.dumps(b[option.name], ensure_ascii=False), option.doc)
    range_a, range_b = game.player_range(first), game.player_range(second)
    if range_a != range_b:
        table.add_row("players", "{}-{}".format(*range_a), "{}-{}".format(*range_b), "player range")
    if table.row_count:
        console.print(table)
    else:
        console.print(f"{first} and {second} have the same rules.")


# -- tournaments (gonets.sim.commands), hints and reviews --------------------------------------
@app.command()
def hint(
    record_file: Path = typer.Argument(..., metavar="RECORD", help=RECORD_HELP),
    at: int | None = typer.Option(None, help="After this many steps (default: the end)."),
    seat: int | None = typer.Option(None, help="Seat 1..N (default: the one deciding)."),
    level: str = typer.Option("hard", help="Search agent or level that ranks the moves."),
    top: int = typer.Option(5, help="How many moves to show."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """The best moves for a seat at one moment of a record, from that seat's view only."""
    from gonets.agents.hints import hints
    from gonets.console import errors
    from gonets.progress import status

    try:
        record = Record.load(record_file)
        if at is not None and not 0 <= at <= len(record.steps):
            raise OptionError(f"--at must be between 0 and {len(record.steps)}", code="at",
                              steps=len(record.steps))
        state = record.replay(upto=at, verify=False)
        game = get_game(record.game)
        if seat is not None and not 1 <= seat <= record.players:
            raise OptionError(f"--seat must be between 1 and {record.players}", code="seat",
                              players=record.players)
        chosen = state.current_player() if seat is None else seat - 1
        if chosen != state.current_player():
            raise OptionError(f"seat {chosen + 1} has no decision to make at step "
                              f"{len(record.steps) if at is None else at}")
        with status(errors, f"{level} is ranking the moves of seat {chosen + 1}..."):
            ranked = hints(game, state.view(chosen), state.legal_actions(), level,
                           seed=record.seed)
    except GonetsError as exc:
        fail(str(exc))
    ranked = ranked[:top]
    if as_json:
        print(json.dumps([choice.to_json() for choice in ranked], indent=2))
        return
    view = state.view(chosen)
    for choice in ranked:
        console.print(f"{choice.visits:>7} visits  {choice.value:6.1%}  "
                      f"{game.describe_action(view, choice.text)}", markup=False)


@app.command()
def review(
    record_file: Path = typer.Argument(..., metavar="RECORD", help=RECORD_HELP),
    seat: int = typer.Option(..., help="Seat 1..N whose decisions are judged."),
    level: str = typer.Option("hard", help="Search agent or level that judges them."),
    lang: str = typer.Option("en", help="Language of the page and the moves: en or ru."),
    out: Path | None = typer.Option(None, help="Write the review as an HTML page here."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Every decision of one seat judged from that seat's view: win chances, marked mistakes."""
    from gonets.agents.review import review as judge
    from gonets.agents.review_page import page, phrases, summary
    from gonets.cli_words import say
    from gonets.console import errors, progress_bar

    if lang not in ("en", "ru"):
        fail(f"--lang must be en or ru, not {lang!r}")
    try:
        record = Record.load(record_file)
        with progress_bar(errors, unit="decisions") as progress:
            task = progress.add_task("reviewing", total=None)
            judged = judge(record, seat - 1, level, lang,
                           lambda done, total: progress.update(task, completed=done,
                                                               total=total))
    except GonetsError as exc:
        fail_in(lang, command_error(lang, exc, record=record_file))
    if out is not None:
        out.write_text(page(judged), encoding="utf-8")
    if as_json:
        print(json.dumps(judged.to_json(), ensure_ascii=False, indent=2))
        return
    words = phrases(lang)
    console.print(summary(judged), markup=False)
    for i, d in enumerate(judged.decisions):
        mark = f"  {words[d.mark]}" if d.mark else ""
        best = "" if d.best == d.played else f"  ({words['best']}: {d.said[1]})"
        console.print(f"{i + 1:>3}. {d.before:4.0%} -> {d.after:4.0%}  {d.said[0]}{best}{mark}",
                      markup=False)
    if out is not None:
        console.print(say(lang, "wrote", path=out), markup=False)


@app.command()
def exploitability(
    deck: list[str] | None = typer.Option(None, help="Study deck (repeat; default: all)."),
    levels: str = typer.Option(",".join(("random", "easy", "normal", "hard", "expert")),
                               help="Comma list of levels to measure beside CFR+."),
    iterations: int = typer.Option(1000, min=1, help="CFR+ iterations."),
    out: Path | None = typer.Option(None, help="Markdown page to put the table in "
                                                "(between its markers)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Exact exploitability of CFR+ and of each level on Love Letter decks solved whole."""
    from gonets.rl import exploitability as X
    from gonets.sim.strength import write_table

    known = X.study()["decks"]
    chosen = deck or list(known)
    wanted = [name.strip() for name in levels.split(",") if name.strip()]
    for name in chosen:
        if name not in known:
            fail(f"no study deck {name!r}; known: {', '.join(known)}")
    for level in wanted:
        if level not in X.LEVELS:
            fail(f"no level {level!r}; known: {', '.join(X.LEVELS)}")
    from gonets.console import errors
    from gonets.progress import status

    rows = []
    with status(errors, "solving...") as phase:
        for name in chosen:
            rows.append(X.measure(name, wanted, iterations, say=phase.update))
    command = "gonets exploitability" + "".join(f" --deck {d}" for d in deck or []) + \
        (f" --levels {levels}" if wanted != list(X.LEVELS) else "") + \
        (f" --iterations {iterations}" if iterations != 1000 else "")
    table = X.markdown(rows, command)
    if out is not None:
        write_table(out, table, begin=X.BEGIN, end=X.END)
    if as_json:
        print(json.dumps([row.to_json() for row in rows], indent=2))
        return
    print(table)


# -- bench --------------------------------------------------------------------------------------
@app.command()
def bench(
    game_name: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    players: int = typer.Option(4, "--players", "-p", help="Number of seats (brought within "
                                "each preset's range)."),
    preset: list[str] | None = typer.Option(None, help="Preset(s) to measure (repeatable)."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    seconds: float = typer.Option(5.0, help="Seconds per measurement."),
    agent: str | None = typer.Option(None, help="Measure this search agent's iterations/s "
                                                "(ismcts, hard, expert) instead of random play."),
    fast: bool = typer.Option(False, "--fast", help="Also measure the compiled kernel (random "
                              "play; with --agent the search with compiled playouts and the "
                              "search whole in the kernel) side by side with the reference "
                              "engine, in CPU time."),
    check: int | None = typer.Option(None, "--check", metavar="STEPS", help="Run the "
                                     "kernel's differential check against the reference "
                                     "engine for STEPS steps over every configuration."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Random-play throughput on one core (steps/s and the game's own units), or with
    ``--agent`` a search's iterations per second."""
    if check is not None:
        _check_kernel(game_name, check, as_json)
        return
    from gonets.console import errors
    from gonets.progress import progress_bar
    from gonets.sim.bench import BenchProgress

    try:
        game = get_game(game_name)
        results = []
        with progress_bar(errors, unit="iterations" if agent else "steps",
                          auto_refresh=False) as progress:     # no thread beside the clock
            shown = BenchProgress(progress, seconds)
            for name in preset or [game.default_preset]:
                low, high = game.player_range(name)
                _, config = configure(game_name, max(low, min(players, high)), name, option)
                results += _bench_rows(game, config, agent, seconds, fast, shown)
    except (GonetsError, ValueError) as exc:
        fail(str(exc))
    if as_json:
        print(json.dumps(results, indent=2))
        return
    first = results[0]
    console.print(f"{first['python']} on {first['machine']}, {first['cpu']} "
                  f"({first['cores']} cores; one used)")
    for result in results:
        rates = ", ".join(f"{value:,.0f} {key[:-6].replace('_', ' ')}/s"
                          for key, value in result.items() if key.endswith("_per_s"))
        done = f"{result['iterations']:,} {result['agent']} iterations" if agent \
            else f"{result['steps']:,} steps"
        engine = f" [{result['engine']}]" if fast else ""
        console.print(f"{game.title} ({result['preset']}, {result['players']} players){engine}: "
                      f"{rates} ({done} in {result['seconds']:.1f} s)", markup=False)
        if "speedup" in result:
            console.print(f"  {result['speedup']:.1f}x the reference in the same run",
                          markup=False)


def _check_kernel(game_name: str, steps: int, as_json: bool) -> None:
    from gonets.core.kernel import KernelUnsupported, kernel_for
    from gonets.sim.fast import check_kernel

    try:
        game = get_game(game_name)
        kernel_for(game.configure(game.min_players))      # refuses a game without a kernel
    except (GonetsError, KernelUnsupported) as exc:
        fail(str(exc))
    shown = Console(stderr=True, highlight=False) if as_json else console
    echo = lambda line: shown.print(line, markup=False)       # noqa: E731 (progress)
    total = check_kernel(game, steps, echo=echo)
    if as_json:
        print(json.dumps(total, indent=2))
    else:
        console.print(f"{game.title}: {total['steps']:,} steps, {total['matches']:,} matches "
                      f"over {total['configurations']} configurations, "
                      f"{total['differences']} differences"
                      + (f"; first: {total['first']}" if total["first"] else ""), markup=False)
    if total["differences"]:
        raise typer.Exit(1)


def _bench_rows(game, config, agent: str | None, seconds: float, fast: bool,
                shown=None) -> list:
    """The bench figures of one configuration: the reference, and with ``fast`` the kernel
    beside it (its ``speedup`` over the reference measured in the same run); each
    measurement shown on ``shown`` (a :class:`gonets.sim.bench.BenchProgress`) as it goes."""
    import time

    from gonets.sim.bench import SEARCH_ENGINES, bench_search
    from gonets.sim.bench import bench as measure

    def report(engine: str):
        what = f"{game.title} ({config.preset}, {config.players} players){engine}"
        return shown.measuring(what) if shown is not None else None

    if agent:
        if not fast:
            return [bench_search(game, config, agent, seconds, report=report(f", {agent}"))]
        rows = [bench_search(game, config, agent, seconds, engine=engine,
                             report=report(f", {agent} [{engine}]"))
                for engine in SEARCH_ENGINES]
        for row in rows[1:]:
            row["speedup"] = row["iterations_per_s"] / rows[0]["iterations_per_s"]
        return rows
    if not fast:
        return [measure(game, config, seconds, report=report(""))]
    from gonets.sim.fast import bench_fast

    quick = bench_fast(game, config, seconds, report=report(" [kernel]"))
    reference = dict(measure(game, config, seconds, clock=time.process_time,
                             report=report(" [reference]")), engine="reference")
    quick["speedup"] = quick["steps_per_s"] / reference["steps_per_s"]
    return [reference, quick]


# -- records ------------------------------------------------------------------------------------
LANG_HELP = "Language of the words printed: en or ru."


@app.command()
def replay(file: Path = typer.Argument(..., help="A match record (JSON)."),
           lang: str = typer.Option("en", help=LANG_HELP)) -> None:
    """Re-apply a record step by step, verify it, and print the score table."""
    from gonets.cli_words import count, say
    from gonets.core import seat_names
    from gonets.terminal import check_lang, score_table
    from gonets.words import word

    try:
        check_lang(lang)
        record = Record.load(file)
        state = record.replay()
    except GonetsError as exc:
        fail_in(lang, command_error(lang, exc, record=file))
    game = get_game(record.game)
    console.print(say(lang, "replayed", game=game.title, preset=record.preset,
                      players=count(record.players, "player", lang),
                      steps=count(len(record.steps), "step", lang)), markup=False)
    names = seat_names(record.seats or [{} for _ in range(record.players)], lang)
    names += [f"p{i + 1}" for i in range(len(names), record.players)]
    over = state.is_terminal()
    console.print(score_table(game, state.view(None), names[:record.players], lang,
                              state.result().winners if over else None))
    if not over:
        seat = state.current_player()
        console.print(word(lang, "term.not_over_seat", seat=seat + 1) if seat >= 0
                      else word(lang, "term.not_over"))


@app.command()
def render(
    record_file: Path = typer.Argument(..., metavar="RECORD", help=RECORD_HELP),
    at: int | None = typer.Option(None, help="Draw the moment after this many steps "
                                            "(default: the end)."),
    seat: int | None = typer.Option(None, help="Seat number 1..N to draw the view of "
                                              "(default: a spectator)."),
    out: Path = typer.Option(Path("table.svg"), help="Output file, .svg or .png."),
    lang: str = typer.Option("en", help="Language of the words in the picture: en or ru."),
) -> None:
    """Draw one moment of a recorded match as a seat (or a spectator) sees it."""
    from gonets.cli_words import say
    from gonets.terminal import check_lang

    try:
        check_lang(lang)
        record = Record.load(record_file)
        if at is not None and not 0 <= at <= len(record.steps):
            raise OptionError(f"--at must be between 0 and {len(record.steps)}", code="at",
                              steps=len(record.steps))
        if seat is not None and not 1 <= seat <= record.players:
            raise OptionError(f"--seat must be between 1 and {record.players}", code="seat",
                              players=record.players)
        state = record.replay(upto=at, verify=False)
        view = state.view(None if seat is None else seat - 1)
        svg = get_game(record.game).render_still(view, lang)
    except GonetsError as exc:
        fail_in(lang, command_error(lang, exc, record=record_file))
    if out.suffix.lower() == ".png":
        try:
            import cairosvg
        except ImportError:
            fail_in(lang, say(lang, "render.png"))
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(out))
    elif out.suffix.lower() == ".svg":
        out.write_text(svg, encoding="utf-8")
    else:
        fail_in(lang, say(lang, "render.suffix", name=out.name))
    console.print(say(lang, "wrote", path=out), markup=False)


# -- catalogue and server -------------------------------------------------------------------------
@app.command("games")
def list_games() -> None:
    """List the games gonets knows."""
    table = Table(title="games", title_justify="left")
    for column in ("name", "title", "players", "presets"):
        table.add_column(column)
    for game in games().values():
        presets = ", ".join(p.name for p in game.presets)
        table.add_row(game.name, game.title, f"{game.min_players}-{game.max_players}", presets)
    console.print(table)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    db: str | None = typer.Option(None, help="Database URL (default: GONETS_DATABASE_URL "
                                            "or a SQLite file)."),
    bot_delay: float = typer.Option(0.6, help="Seconds a bot waits before it moves."),
    redis: str | None = typer.Option(None, help="Redis URL: one of several processes over "
                                                "one PostgreSQL (default: GONETS_REDIS_URL)."),
    workers: int = typer.Option(1, help="Server processes on this port (above 1: PostgreSQL "
                                        "and Redis)."),
    max_level: str | None = typer.Option(None, help="The strongest bot level new tables may "
                                                    "seat: easy, normal, hard or expert "
                                                    "(default expert)."),
    log_format: str = typer.Option("text", help="One log line per event on standard error: "
                                                "text or json."),
) -> None:
    """Run the web platform: lobby, tables, bots and spectators in the browser."""
    try:
        from gonets.server.app import serve as run_server
    except ImportError as exc:
        fail(f"the web platform is not available: {exc}")
    run_server(host=host, port=port, db=db, bot_delay=bot_delay, redis=redis, workers=workers,
               max_level=max_level, log_format=log_format)


def add_game_commands() -> None:
    for game in games().values():
        sub = game.cli()
        if sub is not None:
            app.add_typer(sub, name=game.name, help=f"{game.title}: game-specific commands.")


def add_lab_commands() -> None:
    from gonets.lab.commands import register
    from gonets.sim.commands import register as register_tournaments

    register_tournaments(app)
    register(app)


def add_admin_commands() -> None:
    from gonets.server.accounts.admin import app as admin

    app.add_typer(admin, name="admin", help="Accounts of a gonets server (operators).")


def add_server_commands() -> None:
    from gonets.server.commands import register

    register(app)


add_lab_commands()
add_admin_commands()
add_server_commands()


def main() -> None:
    try:
        add_game_commands()
    except GonetsError as exc:
        Console(stderr=True).print(f"[bold red]error:[/] {exc}")
        sys.exit(2)
    app()

