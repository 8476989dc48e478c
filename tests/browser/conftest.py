"""Browser tests: Playwright for Python driving the system Chromium (never a downloaded one).

* ``browser``: one Chromium for the session, launched from ``CHROMIUM`` (default
  /usr/bin/chromium). Missing Chromium or Playwright skips these tests in development and fails
  them in CI (REQUIRE_SERVICES=1).
* ``laptop``: a browser context of a laptop's screen (``LAPTOP``); ``seat_of(state, n)``: a
  seat of a table state, for the tests that build states for the fake server (harness.py).
* ``console``: collects console errors and uncaught page errors of every page it watches; a test
  asserts ``console.errors == []`` at the end.
* ``players``: ``players("Alice")`` is a person in a browser of their own at the live
  Pokerclub (live_players.py); each is closed after the test.
* ``shots``: ``shots(page, "step")`` writes a screenshot into ``SCREENSHOT_DIR`` (default
  ``test-artifacts/screenshots/``, git-ignored), one folder per test.

A test waits on a condition with ``tests.conftest.eventually(..., pause=pause_on(page))``:
Playwright's sync API runs the page's events (a WebSocket frame, a route) only while the
test is inside one of its calls, so the pause between two looks is one of them.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import require_service

from .live import live_pokerclub, live_server_url  # noqa: F401  (fixtures: Daphne + the clock, see live.py)

BASE_DIR = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1366, "height": 800}


def action_button(page, verb: str):
    """The button named ``verb``, or ``verb`` and its amount: the betting buttons say theirs
    ("Call 6", "Raise to 80", "All-in 150"), so a screen reader does too."""
    return page.get_by_role(
        "button", name=re.compile(rf"^{re.escape(verb)}(?: [\d.,€$£]+| to [\d.,€$£]+)?$")
    )


def seat_of(state, number):
    """The seat numbered ``number`` in a table state (the server's shape, docs/protocol.md)."""
    return next(s for s in state["seats"] if s["number"] == number)


def visible_buttons(page) -> list[str]:
    """The action bar's buttons the player sees now, as they read."""
    return [
        b.inner_text()
        for b in page.locator("#action-bar .act-buttons button").all()
        if b.is_visible()
    ]


def seat_cards(player) -> dict[str, list[str | None]]:
    """Every seat's cards on the player's screen by name, left to right: a face's code, None
    for a back."""
    out = {}
    for seat in player.page.locator(".seat:not(.vacant)").all():
        name = seat.locator(".seat-name").inner_text()
        out[name] = seat.locator(".seat-cards .pcard").evaluate_all(
            "cards => cards.map((c) => c.classList.contains('back') ? null : c.dataset.card)"
        )
    return out


def middle_of(player) -> str:
    """What the middle of the table says to the player."""
    return player.page.locator("#center-msg").inner_text() or ""


def pause_on(page) -> Callable[[float], None]:
    """A pause for :func:`tests.conftest.eventually` that lets Playwright run ``page``'s
    events meanwhile (``time.sleep`` would hold them back until the wait fails)."""
    return lambda seconds: page.wait_for_timeout(seconds * 1000)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real Chromium through Playwright")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def pytest_terminal_summary(terminalreporter) -> None:
    """Say plainly, at the end of `make test`, how many browser tests did not run and why."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "tests/browser/" in r.nodeid]
    if not skipped:
        return
    reasons = sorted(
        {str(r.longrepr[2]) if isinstance(r.longrepr, tuple) else str(r.longrepr) for r in skipped}
    )
    terminalreporter.write_sep("=", f"{len(skipped)} browser tests skipped", yellow=True)
    for reason in reasons:
        terminalreporter.write_line(f"  {reason}")
    terminalreporter.write_line('  (README.md, "Browser tests": they need Chromium and Playwright)')


@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    """Chromium, through Playwright's sync API, for the browser tests of this package: it
    closes when a worker moves on to a test outside it. Playwright keeps an event loop
    running in the main thread while it is open, and Django refuses a synchronous query
    while one runs (SynchronousOnlyOperation): ``make test`` runs on several workers, each
    taking whole files in any order, so a worker may run database tests after these."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require_service("Playwright", "pip install playwright (see requirements-dev.txt)")
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).exists()):
        require_service("Chromium", f"{CHROMIUM} not found (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Console:
    """Console errors and page errors of the pages it watches (nothing is ignored)."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page, label: str = "") -> None:
        prefix = f"[{label}] " if label else ""

        def on_console(msg) -> None:
            where = (msg.location or {}).get("url", "")
            if msg.type == "error":
                self.errors.append(f"{prefix}console.error: {msg.text} {where}".rstrip())

        page.on("console", on_console)
        page.on("pageerror", lambda exc: self.errors.append(f"{prefix}page error: {exc}"))


def screen(browser, viewport: dict[str, int]):
    """A new browser context of ``viewport``: a phone's (``PHONE``) with touch and a
    phone's pixel density, else a plain window. The caller closes it."""
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
    return browser.new_context(viewport=viewport, **(extra if viewport is PHONE else {}))


@pytest.fixture
def laptop(browser) -> Iterator[object]:
    """A browser context of a laptop's screen (``LAPTOP``), closed after the test."""
    context = browser.new_context(viewport=LAPTOP)
    yield context
    context.close()


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture(scope="session")
def screenshot_root() -> Path:
    root = Path(os.environ.get("SCREENSHOT_DIR", BASE_DIR / "test-artifacts" / "screenshots"))
    root.mkdir(parents=True, exist_ok=True)
    return root


@pytest.fixture
def shots(request: pytest.FixtureRequest, screenshot_root: Path) -> Callable[..., Path]:
    folder = screenshot_root / re.sub(r"[^\w.-]+", "_", request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    counter = iter(range(1, 1000))

    def shot(page, step: str, full_page: bool = False) -> Path:
        slug = re.sub(r"[^\w.-]+", "_", step)
        path = folder / f"{next(counter):02d}-{slug}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return shot


@pytest.fixture
def players(browser, console, request) -> Iterator[Callable[..., object]]:
    """Makes :class:`live_players.Player` objects at the live server; closes them after."""
    from .live_players import Player

    base = request.getfixturevalue("live_server_url")  # (imported above: a name taken)
    made: list[Player] = []

    def make(name: str, **kwargs) -> Player:
        player = Player(browser, base, name, console, **kwargs)
        made.append(player)
        return player

    yield make
    for player in made:
        player.close()
