"""Helpers of the browser tests: open a seat, wait for a frame, click an action."""

from __future__ import annotations

import random

from gonets.agents import make_agent
from gonets.core import games

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT = 20_000


def open_seat(page, base: str, url: str, name: str | None = None):
    """Open a seat (or spectator) link and sit down under ``name``."""
    page.goto(base + url)
    page.wait_for_function("() => window.gonets && window.gonets?.frame", timeout=TIMEOUT)
    if name is not None:
        page.wait_for_selector("#name-form:not([hidden])", timeout=TIMEOUT)
        page.fill("#name-input", name)
        page.click("#name-form button")
        page.wait_for_function("n => window.gonets?.frame?.seats.some(s => s.name === n)",
                               arg=name, timeout=TIMEOUT)
    return page


def claim_seat(page, base: str, invite: str, name: str):
    """Open a table's invite link and take the first free seat under ``name``."""
    page.goto(base + invite)
    page.wait_for_selector("#claim-form:not([hidden])", timeout=TIMEOUT)
    page.fill("#claim-name", name)
    page.click("#claim-form button")
    page.wait_for_function("n => window.gonets.seat !== null && "
                           "window.gonets?.frame?.seats.some(s => s.name === n)",
                           arg=name, timeout=TIMEOUT)
    return page


def frame(page) -> dict:
    return page.evaluate("() => window.gonets?.frame")


def wait_for_decision(page, timeout: int = TIMEOUT) -> dict:
    """Wait until the seat may act (its legal actions are shown) or the game is over."""
    page.wait_for_function(
        "() => { const f = window.gonets?.frame; return f && !window.gonets.pending && "
        "(f.view.terminal || f.legal.length > 0); }", timeout=timeout)
    return frame(page)


def click_action(page, notation: str) -> None:
    """Perform a legal action by clicking the page, the way a player would: each of its steps
    on the picture element carrying the key (through its menu when it carries several), or
    else on the button the client made for it; a cycling step (``~rot:90``) by pressing
    Rotate until it shows and then Confirm. Waits for the table to move on."""
    current = frame(page)
    action = next(a for a in current["legal"] if a["text"] == notation)
    if legacy_click(page, notation):
        page.wait_for_function("v => window.gonets?.frame?.version > v", arg=current["version"],
                               timeout=TIMEOUT)
        return
    for key in action["steps"]:
        if key.startswith("~"):
            rotate_to(page, key)
        else:
            click_key(page, key)
    page.wait_for_function("v => window.gonets?.frame?.version > v", arg=current["version"],
                           timeout=TIMEOUT)


click_steps = click_action


def legacy_click(page, notation: str) -> bool:
    """Click a picture element carrying the whole notation in ``data-action`` (and its menu
    line when it carries several); False when no element does."""
    count = page.evaluate(
        """(a) => {
          for (const old of document.querySelectorAll('[data-test-target]'))
            old.removeAttribute('data-test-target');
          for (const el of document.querySelectorAll('#board .clickable[data-action]')) {
            const actions = el.getAttribute('data-action').split('|').map(s => s.trim());
            if (actions.includes(a)) { el.setAttribute('data-test-target', '1');
                                       return actions.length; }
          }
          return 0;
        }""", notation)
    if not count:
        return False
    target = page.locator("[data-test-target='1']").first
    zoomed = bring_into_board(page, target)
    target.click(timeout=TIMEOUT)
    if count > 1:
        page.locator(f"#menu button[data-action='{notation}']").click(timeout=TIMEOUT)
    refit(page, zoomed)
    return True


def rotate_to(page, key: str) -> None:
    for _ in range(8):
        if page.evaluate("() => gonetsPicks.chosen[gonetsPicks.chosen.length - 1]") == key:
            break
        page.click("#pick-rotate", timeout=TIMEOUT)
    else:
        raise AssertionError(f"Rotate never reached {key}")
    page.click("#pick-confirm", timeout=TIMEOUT)


def click_key(page, key: str) -> None:
    """Click the picture element that offers ``key`` now, or the client's button for it."""
    count = page.evaluate(
        """(key) => {
          for (const old of document.querySelectorAll('[data-test-target]'))
            old.removeAttribute('data-test-target');
          const offers = (el, attr) => el.getAttribute(attr).split('|').map(s => s.trim());
          const candidates = [
            ...document.querySelectorAll('#board .pick[data-pick], #panels .pick[data-pick]')]
            .filter(el => offers(el, 'data-pick').includes(key))
            .filter(el => el.getClientRects().length && !el.closest('[style*="display: none"]'));
          const el = candidates[0];
          if (!el) return 0;
          el.setAttribute('data-test-target', '1');
          return offers(el, 'data-pick').length;
        }""", key)
    if count:
        target = page.locator("[data-test-target='1']").first
        zoomed = bring_into_board(page, target)
        target.click(timeout=TIMEOUT)
        if page.locator("#menu:not([hidden])").count():
            page.locator(f"#menu button[data-pick='{key}']").click(timeout=TIMEOUT)
        refit(page, zoomed)
    else:
        page.locator(f"#actions button[data-pick='{key}']").click(timeout=TIMEOUT)


def bring_into_board(page, target) -> bool:
    """Zoom a zoomable board out until ``target`` (on the board, not in a panel) lies inside
    its visible box; True if it had to zoom (``refit`` then fits the view again, as a player
    would press Fit, so later frames open fitted)."""
    if not page.evaluate("(el) => !!el.closest('#board')", target.element_handle()):
        return False
    zoomed = False
    for _ in range(6):
        inside = page.evaluate(
            """(el) => {
              const board = document.getElementById('board').getBoundingClientRect();
              const r = el.getBoundingClientRect();
              const x = r.left + r.width / 2, y = r.top + r.height / 2;
              return x > board.left && x < board.right && y > board.top && y < board.bottom;
            }""", target.element_handle())
        if inside or page.locator("#zoom-tools[hidden]").count():
            return zoomed
        page.click("#zoom-out")
        zoomed = True
    return zoomed


def refit(page, zoomed: bool) -> None:
    if zoomed and page.locator("#zoom-fit:visible").count():
        page.click("#zoom-fit")


def smallest_text_px(page) -> float:
    """The smallest rendered font size (pixels) of any visible text in the pictures."""
    return page.evaluate("""() => {
        let least = 1e9;
        for (const node of document.querySelectorAll('#board svg text, #panels svg text')) {
            if (!node.getClientRects().length) continue;
            const size = parseFloat(getComputedStyle(node).fontSize);
            const matrix = node.getScreenCTM();
            least = Math.min(least, size * Math.hypot(matrix.a, matrix.b));
        }
        return least;
    }""")


def no_horizontal_scroll(page) -> bool:
    """Whether the page fits the window's width (nothing to scroll sideways)."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


class Chooser:
    """Picks the human's move with one of the game's agents, from the frame's view only."""

    def __init__(self, game_name: str, agent: str, seat: int, seed: int):
        self.game = games()[game_name]
        self.agent_name = agent
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self.agent = None

    def choose(self, current: dict) -> str:
        view = current["view"]
        if self.agent is None:
            config = self.game.configure(view["players"], view["preset"], view["options"])
            self.agent = make_agent(self.agent_name, self.game, config, self.seat, self.seed)
        world = self.game.sample_world(view, self.rng)
        legal = list(world.legal_actions())
        texts = [world.action_to_text(a) for a in legal]
        assert texts == view["legal"]
        return texts[legal.index(self.agent.act(view, legal))]
