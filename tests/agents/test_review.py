"""Post-game review: the seat's decisions judged from its view, marks, the page and the command."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import gonets.agents.review as review_module
from gonets.agents import make_agent
from gonets.agents.review import Decision, review
from gonets.agents.review_page import page
from gonets.cli import app
from gonets.core import OptionError, get_game, play_match
from gonets.core.record import apply_step
from tests.loveletter.helpers import record, stack

runner = CliRunner()


def missed_sure_guard():
    """p1 saw p2's King with the Priest and p2 had to play the Countess: naming 6 with the
    Guard wins the round for sure, and p1 names 2 instead."""
    return record(2, [stack(2, "handmaid", ["priest", "king"], ["guard", "countess", "baron"],
                            face_up=["guard", "guard", "prince"]),
                      "priest p2", "countess", "guard p2 2"])


def test_a_missed_sure_win_is_a_blunder_and_the_sure_move_is_named():
    judged = review(missed_sure_guard(), 0, "hard")
    first, last = judged.decisions
    assert (first.step, last.step) == (1, 3)
    assert last.played == "guard p2 2" and last.best == "guard p2 6"
    assert last.mark == "blunder" and last.before > 0.6
    assert "6" in last.said[1]
    assert judged.counts()["blunder"] >= 1


def test_only_the_seats_own_choices_are_judged_from_its_view_only(monkeypatch):
    """Every search the review runs gets the view of the reviewed seat, and nothing else."""
    game = get_game("czar")
    config = game.configure(2)
    agents = [make_agent("random", game, config, seat, 3) for seat in range(2)]
    match = play_match(game, config, agents, seed=8).record
    seen = []
    real = review_module.hints

    def spy(game_, view, legal, level, seed=None):
        seen.append(view)
        return real(game_, view, legal, "ismcts", seed=seed)

    monkeypatch.setattr(review_module, "hints", spy)
    judged = review(match, 1, "ismcts")
    state = match.initial_state()
    expected = []
    for index, step in enumerate(match.steps):
        if "action" in step and state.current_player() == 1 and len(state.legal_actions()) > 1:
            expected.append((index, state.view(1)))
        apply_step(state, step, index)
    assert [d.step for d in judged.decisions] == [index for index, _ in expected]
    assert seen == [view for _, view in expected]
    assert all(view["seat"] == 1 for view in seen)


def test_a_move_written_otherwise_in_the_record_is_judged_as_the_seat_saw_it():
    record = missed_sure_guard()
    record.steps[-1] = {"action": "Guard  P2  2"}
    assert review(record, 0, "ismcts").decisions[-1].played == "guard p2 2"


def test_a_review_is_the_same_twice_and_bad_seats_are_refused():
    first = review(missed_sure_guard(), 0, "ismcts").to_json()
    assert review(missed_sure_guard(), 0, "ismcts").to_json() == first
    with pytest.raises(OptionError, match="--seat must be between 1 and 2"):
        review(missed_sure_guard(), 2)


def test_marks_follow_the_drop_in_win_chance():
    def decision(before, after, played="a", best="b"):
        return Decision(0, played, best, before, after, 50, 3)

    assert decision(0.6, 0.35).mark == "blunder"
    assert decision(0.6, 0.45).mark == "mistake"
    assert decision(0.6, 0.54).mark == "inaccuracy"
    assert decision(0.6, 0.57).mark is None
    assert decision(0.6, 0.1, played="b").mark is None          # the best move itself


@pytest.mark.parametrize("lang,words", [("en", "blunder"), ("ru", "грубая ошибка")])
def test_the_page_has_the_graph_and_every_decision_in_its_language(lang, words):
    judged = review(missed_sure_guard(), 0, "hard", lang)
    html = page(judged)
    assert html.startswith("<!doctype html>") and f'lang="{lang}"' in html
    assert html.count("<circle") == len(judged.decisions)
    assert html.count("<tr class=") == len(judged.decisions)
    assert words in html


def test_review_command_writes_the_page_and_json(tmp_path):
    path = missed_sure_guard().save(tmp_path / "match.json")
    out = tmp_path / "review.html"
    result = runner.invoke(app, ["review", str(path), "--seat", "1", "--level", "hard",
                                 "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seat"] == 1 and data["marks"]["blunder"] >= 1
    assert "<svg" in out.read_text(encoding="utf-8")
    text = runner.invoke(app, ["review", str(path), "--seat", "1", "--level", "hard"])
    assert text.exit_code == 0 and "blunder" in text.output
    wrong = runner.invoke(app, ["review", str(path), "--seat", "5"])
    assert wrong.exit_code == 2 and "--seat must be between 1 and 2" in wrong.output
    wrong = runner.invoke(app, ["review", str(path), "--seat", "1", "--lang", "de"])
    assert wrong.exit_code == 2 and "--lang must be en or ru" in wrong.output


def test_a_stored_review_worded_later_reads_as_one_made_in_that_language():
    from gonets.agents.review import Review, worded

    stored = json.loads(json.dumps(review(missed_sure_guard(), 0, "ismcts").to_json()))
    again = worded(Review.from_json(stored), missed_sure_guard(), "ru")
    assert again.to_json() == review(missed_sure_guard(), 0, "ismcts", "ru").to_json()
