"""The accounts issue's bar, in a real browser: two accounts become friends, play a rated,
private, asynchronous Love Letter table (a day per move) across two server restarts; when the
match ends both profiles show it and both ratings moved the right way; a third account cannot
see the private table."""

from __future__ import annotations

from server.helpers import ServerThread, free_port

from .support import TIMEOUT, Chooser, click_action, frame

PASSWORD = "a long enough secret"
DAY = 24 * 3600


def post(page, path: str, body: dict):
    """A POST from the page's own browser context, with its session's CSRF token."""
    csrf = page.request.get("/api/session").json()["csrf"]
    return page.request.post(path, data=body, headers={"X-CSRF-Token": csrf})


def sign_up(context, base: str, name: str):
    page = context.new_page()
    page.goto(base + "/", wait_until="networkidle")   # the page has its visitor cookie
    answer = post(page, "/api/account/signup", {"name": name, "password": PASSWORD})
    assert answer.status == 201, answer.text()
    return page


def restart(server: ServerThread, url: str, port: int, pages) -> ServerThread:
    """Stop the server, see every page lose it, start a new one on the same database and
    port, and see every page come back by itself."""
    server.__exit__(None, None, None)
    for page in pages:
        page.wait_for_selector("#conn:not([data-state='connected'])", timeout=TIMEOUT)
    fresh = ServerThread(url, bot_delay=0.05, port=port).__enter__()
    for page in pages:
        page.wait_for_selector("#conn[data-state='connected']", timeout=TIMEOUT * 2)
    return fresh


def open_table(page, base: str, table_id: str) -> None:
    page.goto(f"{base}/table/{table_id}")
    page.wait_for_function("() => window.gonets?.frame && window.gonets.seat !== null",
                           timeout=TIMEOUT)


def play_some(pages: dict, choosers: dict, moves: int) -> bool:
    """Make up to ``moves`` decisions, each on the page of the seat that decides; True when
    the game is over."""
    for _ in range(moves):
        any_page = next(iter(pages.values()))
        any_page.wait_for_function(
            "() => { const f = window.gonets?.frame; return f && !window.gonets.pending; }",
            timeout=TIMEOUT)
        current = frame(any_page)
        if current["view"].get("terminal") or current["status"] == "finished":
            return True
        deciding = current["view"]["to_move"]
        page = pages[deciding]
        page.wait_for_function(
            "() => { const f = window.gonets?.frame; return f && !window.gonets.pending && "
            "(f.status === 'finished' || f.legal.length > 0); }", timeout=TIMEOUT)
        mine = frame(page)
        if mine["status"] == "finished":
            return True
        click_action(page, choosers[deciding].choose(mine))
    return False


def test_a_rated_private_day_per_move_game_across_two_restarts(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'site.sqlite3'}"
    port = free_port()
    server = ServerThread(url, bot_delay=0.05, port=port).__enter__()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900},
                                    base_url=server.base) for _ in range(3)]
    try:
        base = server.base
        alice, bob, carol = (sign_up(c, base, n) for c, n in zip(contexts,
                                                               ("Alice", "Bob", "Carol")))
        assert post(alice, "/api/friends/request", {"name": "Bob"}).ok
        assert post(bob, "/api/friends/accept", {"name": "Alice"}).ok
        created = post(alice, "/api/tables", {
            "game": "loveletter", "players": 2, "rated": True, "private": True,
            "invite": ["Bob"], "turn_seconds": DAY, "seed": 11,
            "options": {"tokens_to_win": {"2": 2}}})
        assert created.status == 201, created.text()
        table_id = created.json()["id"]
        claimed = post(bob, f"/api/tables/{table_id}/seats", {})
        assert claimed.status == 201, claimed.text()
        bob_seat = claimed.json()["seat"]
        pages = {1 - bob_seat: alice, bob_seat: bob}
        choosers = {seat: Chooser("loveletter", "heuristic", seat, 5) for seat in pages}
        for page in pages.values():
            open_table(page, base, table_id)
        assert frame(alice)["turn_seconds"] == DAY
        before = {name: page.request.get(f"/api/users/{name}").json()
                  for name, page in (("Alice", alice), ("Bob", bob))}

        over = play_some(pages, choosers, 1)
        for _ in range(2):                         # two restarts mid-game
            server = restart(server, url, port, list(pages.values()))
            assert frame(alice)["turn_left"] > DAY - 600   # the stored deadline, not reset
            over = over or play_some(pages, choosers, 1)
        assert not over, "the game should still be on after two restarts"
        while not play_some(pages, choosers, 50):
            pass

        record = alice.request.get(f"/api/tables/{table_id}/record").json()
        winners = record["result"]["winners"]
        assert len(winners) == 1, "seed 11 must give a single winner"
        for name, page, seat in (("Alice", alice, 1 - bob_seat), ("Bob", bob, bob_seat)):
            profile = page.request.get(f"/api/users/{name}").json()
            assert profile["played"] == before[name]["played"] + 1
            assert any(entry["id"] == table_id for entry in profile["recent"])
            rating = next(r for r in profile["ratings"] if r["game"] == "loveletter")
            old = [r for r in before[name]["ratings"] if r["game"] == "loveletter"]
            start = old[0]["mu"] if old else 25.0
            assert (rating["mu"] > start) == (seat in winners), (name, rating, start)
            page.goto(f"{base}/u/{name}")              # the profile page lists the table
            page.wait_for_selector(f"a[href*='/table/{table_id}']", timeout=TIMEOUT)
            assert page.locator(f"a[href*='/table/{table_id}/review?seat={seat}']").count()

        assert carol.request.get(f"/api/tables/{table_id}").status == 404
        lobby = carol.request.get("/api/tables").json()
        listed = [t["id"] for key in ("open", "running", "finished") for t in lobby[key]]
        assert table_id not in listed
        assert table_id not in str(carol.request.get("/api/users/Alice").json())
    finally:
        for context in contexts:
            context.close()
        server.__exit__(None, None, None)
