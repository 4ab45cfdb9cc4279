"""Headless Chromium (Debian's) driven by Playwright against a real server on loopback.

Outside CI the tests skip when Chromium or Playwright is missing; in CI (``CI`` set) they fail
loudly instead, so they can never silently disappear.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from server.helpers import ServerThread  # tests/ is on sys.path (pytest rootdir packages)

from .support import CHROMIUM_ARGS

CHROMIUM = os.environ.get("GONETS_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed (pip install -e '.[test]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        unavailable(f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def screenshots(tmp_path_factory):
    """Where the tests' pictures go: a temporary folder, so a test run leaves the tree clean;
    ``GONETS_SCREENSHOTS=1`` (``make screenshots``) writes the README's pictures instead."""
    if os.environ.get("GONETS_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return SCREENSHOTS
    return tmp_path_factory.mktemp("screenshots")


@pytest.fixture
def site(tmp_path):
    """A real server with the registered games, over a fresh SQLite file."""
    with ServerThread(f"sqlite:///{tmp_path / 'site.sqlite3'}", bot_delay=0.05) as running:
        yield running


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()
