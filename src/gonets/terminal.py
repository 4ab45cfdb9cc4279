"""Terminal play: the table as one seat sees it, numbered choices, and a readable log."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from gonets.cli_words import say
from gonets.core import Game, GonetsError, IllegalAction, Match, Record, seat_names
from gonets.words import LANGUAGES, word

QUIT_WORDS = {"q", "quit", "exit", "выход"}
HINT_WORDS = {"?", "hint"}


def check_lang(lang: str) -> str:
    """``lang`` if gonets speaks it; :class:`GonetsError` naming the choices otherwise."""
    if lang not in LANGUAGES:
        raise GonetsError(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    return lang


def score_table(game: Game, view: dict, names: list[str], lang: str = "en",
                winners: list[int] | None = None) -> Table:
    """The game's score table of a view (``Game.scoreboard``: the same columns as the web
    page's and the replay's), one row per seat, winners marked once the match is over."""
    board = game.scoreboard(view, lang)
    table = Table(title=word(lang, "term.scores"), title_justify="left")
    table.add_column(word(lang, "table.seat"))
    for column in board.get("columns") or []:
        table.add_column(Text(str(column)), justify="right")
    if winners is not None:
        table.add_column("")
    rows = board.get("rows") or []
    for seat, name in enumerate(names):
        cells = [Text(str(cell)) for cell in (rows[seat] if seat < len(rows) else [])]
        cells += [Text("")] * (len(board.get("columns") or []) - len(cells))
        if winners is not None:
            cells.append(Text(word(lang, "term.winner") if seat in winners else "",
                              style="bold green"))
        table.add_row(Text(f"{name} (p{seat + 1})"), *cells)
    return table


def save_path(directory: Path, record: Record) -> Path:
    """Where a terminal game is saved in ``directory``: ``GAME-SEED.json``, the same file
    every time the same game is saved (quit, resumed, quit again, finished), so saves do not
    pile up. A file of that name that holds another game (other settings or seats, or steps
    this game did not play) is kept: the game goes to ``GAME-SEED-2.json`` (``-3``...)."""
    number = 1
    while True:
        suffix = "" if number == 1 else f"-{number}"
        path = directory / f"{record.game}-{record.seed}{suffix}.json"
        if not path.exists() or same_game(path, record):
            return path
        number += 1


def same_game(path: Path, record: Record) -> bool:
    """True when the record saved at ``path`` is an earlier moment of ``record``'s game (the
    same settings, seats and seed; its steps the first of ``record``'s)."""
    try:
        saved = Record.load(path).to_json()
    except GonetsError:
        return False
    ours = json.loads(record.dumps())
    keys = ("game", "players", "preset", "options", "seats", "seed")
    return all(saved.get(key) == ours.get(key) for key in keys) \
        and ours["steps"][:len(saved["steps"])] == saved["steps"]


class TerminalTable:
    """Drives a match in the terminal: a human seat (if any) answers prompts, bots act alone.

    The match is saved (:func:`save_path`) in ``save_dir`` when it ends, and in ``save_dir``
    (else the current folder) when the person playing quits or presses Ctrl-C; ``save_to``
    (the record a game was resumed from) is written instead when given. ``interrupted`` tells
    the caller that Ctrl-C stopped it."""

    def __init__(self, console: Console, match: Match, agents: dict, lang: str = "en",
                 delay: float = 0.0, save_dir: Path | None = None, hints: bool = False,
                 save_to: Path | None = None):
        self.console = console
        self.match = match
        self.game = match.game
        self.agents = agents
        self.lang = check_lang(lang)
        self.delay = delay
        self.save_dir = save_dir
        self.save_to = save_to
        self.interrupted = False
        self.hints = hints
        humans = [s for s in range(match.state.config.players) if s not in agents]
        self.viewer = humans[0] if humans else None
        self.names = seat_names(match.record.seats, self.lang)
        self.shown = 0

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> None:
        try:
            while True:
                self.match.deal()
                state = self.match.state
                if state.is_terminal():
                    self.finish()
                    return
                seat = state.current_player()
                if seat in self.agents:
                    action = self.agents[seat].act(state.view(seat), state.legal_actions())
                    self.match.act(seat, action)
                    self.show_log()
                    if self.delay:
                        time.sleep(self.delay)
                elif not self.human_turn(seat):
                    self.stop()
                    return
        except KeyboardInterrupt:
            self.console.print()
            self.interrupted = True
            self.stop()

    def human_turn(self, seat: int) -> bool:
        """Show the table and ask until a legal action is given; False if the player quits."""
        state = self.match.state
        view = state.view(seat)
        self.show_log()
        self.console.print(Rule())
        self.console.print(self.game.render_text(view, self.lang))
        legal = list(state.legal_actions())
        texts = view["legal"]
        for number, text in enumerate(texts, 1):
            described = self.game.describe_action(view, text, self.lang)
            self.console.print(f"  [bold]{number:>3}[/]  {described}")
        while True:
            try:
                answer = self.console.input(
                    word(self.lang, "term.prompt_hints" if self.hints else "term.prompt"))
            except EOFError:
                return False
            answer = answer.strip()
            if answer.lower() in QUIT_WORDS:
                return False
            if self.hints and answer in HINT_WORDS:
                self.show_hints(view, legal)
                continue
            try:
                action = self.read_choice(answer, legal, texts)
                self.match.act(seat, action)
                return True
            except GonetsError as exc:
                self.console.print(Text(f"{exc} ", style="red"),
                                   word(self.lang, "term.try_again"))

    def show_hints(self, view: dict, legal: list[int]) -> None:
        """The search's top three moves from this seat's view (nothing else is read)."""
        from gonets.agents.hints import hints

        with self.console.status(say(self.lang, "thinking")):
            ranked = hints(self.game, view, legal, "hard", seed=self.match.record.seed)
        for choice in ranked[:3]:
            described = self.game.describe_action(view, choice.text, self.lang)
            self.console.print(f"  [green]{say(self.lang, 'hint')}[/] {choice.value:5.0%}  "
                               f"{described}  [dim]({choice.visits} "
                               f"{say(self.lang, 'visits')})[/]")

    def read_choice(self, answer: str, legal: list[int], texts: list[str]) -> int:
        """The action an answer names: a choice's number or its notation; an
        :class:`IllegalAction` worded in the table's language otherwise."""
        if not answer:
            raise IllegalAction(say(self.lang, "input.empty"))
        if answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(legal):
                raise IllegalAction(say(self.lang, "input.range", count=len(legal)))
            return legal[number - 1]
        try:
            action = self.match.state.text_to_action(answer)
        except GonetsError as exc:
            raise IllegalAction(say(self.lang, "input.unreadable", answer=answer,
                                    reason=exc)) from None
        if action not in legal:
            raise IllegalAction(say(self.lang, "input.not_legal", answer=answer))
        return action

    # -- output --------------------------------------------------------------------------------
    def show_log(self) -> None:
        view = self.match.state.view(self.viewer)
        log = view.get("log", [])
        if len(log) < self.shown:
            self.shown = 0
        for line in self.game.describe_log(log, self.lang, self.viewer, self.names, self.shown,
                                           options=view.get("options")):
            self.console.print(f"[cyan]·[/] {line}")
        self.shown = len(log)

    def finish(self) -> None:
        self.show_log()
        state = self.match.state
        self.console.print(Rule(word(self.lang, "term.over")))
        view = state.view(self.viewer)
        self.console.print(self.game.render_text(view, self.lang))
        self.console.print(score_table(self.game, view, self.names, self.lang,
                                       state.result().winners))
        if self.save_dir or self.save_to:
            self.save()
        self.wait_for_reader()

    def wait_for_reader(self) -> None:
        """Keep the final table on screen until the person playing presses Enter (not when
        bots only play, --watch, or without a terminal)."""
        if self.viewer is None or not self.console.is_terminal or not sys.stdin.isatty():
            return
        try:
            self.console.input(word(self.lang, "term.leave"))
        except (EOFError, KeyboardInterrupt):
            pass

    def stop(self) -> None:
        path = self.save(self.save_dir or Path("."))
        self.console.print(word(self.lang, "term.saved", path=path, game=self.game.name),
                           markup=False)

    def save(self, directory: Path | None = None) -> Path:
        """Write the record: over ``save_to`` when given, else at :func:`save_path` in
        ``directory`` (default ``save_dir``)."""
        if self.save_to is not None and self.save_dir is None:
            path = self.save_to
        else:
            directory = Path(directory or self.save_dir)
            directory.mkdir(parents=True, exist_ok=True)
            path = save_path(directory, self.match.record)
        self.match.record.save(path)
        if self.match.state.is_terminal():
            self.console.print(word(self.lang, "term.record_saved", path=path), markup=False)
        return path
