"""Shared fixtures, and the suite's one way to wait for something: :func:`eventually` (and
:func:`eventually_async`), up to :data:`BUSY_BOX_SECONDS`. Under REQUIRE_SERVICES=1 (CI) a
missing PostgreSQL or Redis fails the run."""

from __future__ import annotations

import asyncio
import inspect
import os
import time
from collections.abc import Awaitable, Callable, Iterator
from itertools import count
from typing import TypeVar

import pytest

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
T = TypeVar("T")


def pytest_sessionstart(session: pytest.Session) -> None:
    _own_channel_prefix()
    if not REQUIRE_SERVICES:
        return
    problems = []
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        problems.append("REQUIRE_SERVICES=1 but DATABASE_URL is not a PostgreSQL URL")
    if not os.environ.get("REDIS_URL"):
        problems.append("REQUIRE_SERVICES=1 but REDIS_URL is not set")
    if problems:
        pytest.exit("; ".join(problems), returncode=3)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """On several workers (``make test``), the files with a test marked slow go first: the
    longest (the card-leak session, minutes on its own) then starts early instead of being
    the one thing left running at the end while the other worker waits. Run serially, the
    order is the files' own."""
    if os.environ.get("PYTEST_XDIST_WORKER"):  # (every worker sorts alike: the same order)
        slow_files = {item.path for item in items if item.get_closest_marker("slow")}
        items.sort(key=lambda item: item.path not in slow_files)  # (a stable sort)


def _own_channel_prefix() -> None:
    """Give this run its own names in Redis. Pub/sub channels are shared by every database
    number of a Redis server, so two runs of the suite on one machine (two checkouts, or CI
    beside a developer's run) would otherwise hear each other's tables of the same id. The
    servers a test starts inherit the prefix through CHANNEL_PREFIX (pokerclub.settings)."""
    from django.conf import settings

    from pokerclub.settings import channel_prefix

    os.environ["CHANNEL_PREFIX"] = f"asgi-test{os.getpid()}"  # and the servers tests start
    layer = settings.CHANNEL_LAYERS["default"]
    if "prefix" in layer.get("CONFIG", {}):  # this process read its settings before
        layer["CONFIG"]["prefix"] = channel_prefix()


def require_service(name: str, reason: str) -> None:
    """Skip a test whose service is missing in development; fail it in CI."""
    message = f"{name} is not available: {reason}"
    if REQUIRE_SERVICES:
        pytest.fail(message)
    pytest.skip(message)


_emails = count(1)


@pytest.fixture
def make_user(db: None) -> Callable[..., object]:
    from pokerclub.models import User

    def make(
        display_name: str = "Player", email: str | None = None, password: str = "s3cret-pass!"
    ):
        email = email or f"player{next(_emails)}@example.com"
        return User.objects.create_user(email=email, password=password, display_name=display_name)

    return make


@pytest.fixture
def club_with_roles(make_user):
    """A club with an owner, a host and a member, plus an outsider who belongs to no club."""
    from pokerclub import actions
    from pokerclub.models import Membership, Role

    owner = make_user("Olivia")
    host = make_user("Hank")
    member = make_user("Mia")
    outsider = make_user("Otto")
    club = actions.create_club(owner, name="Friday Game")
    Membership.objects.create(club=club, user=host, role=Role.HOST)
    Membership.objects.create(club=club, user=member, role=Role.MEMBER)
    return {"club": club, "owner": owner, "host": host, "member": member, "outsider": outsider}


@pytest.fixture(autouse=True)
def _own_throttle_counts(monkeypatch) -> None:
    """Each test counts its own rate limits (pokerclub.throttle): the shared cache outlives
    a test, and one test's nicknames must not use up the next one's."""
    import uuid

    monkeypatch.setattr("pokerclub.throttle.NAMESPACE", f"{uuid.uuid4().hex[:12]}:")


@pytest.fixture(autouse=True)
def _deals_wait_for_no_nonce(settings) -> None:
    """In this process a test drives the deals itself (``handle_due`` at the due time), with
    sockets that send no nonce: the deal's wait for connected players' nonces
    (settings.NONCE_WAIT_MS, tables.play.actions.deck.wait_for_nonces) is off unless a test
    turns it on. Server processes started by tests keep the production default."""
    settings.NONCE_WAIT_MS = 0


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings) -> None:
    """Real hashing is deliberately slow; tests check flows, not the hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the default language: a request of the test client leaves its
    reader's language active in the thread (Django's LocaleMiddleware does not put it back;
    each real request chooses its own), which would leak into the next test."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """Close the psycopg pools before the test database is dropped (worker threads of
    database_sync_to_async return their connections to the pool, which keeps them open)."""
    yield
    from django.db import connections

    for conn in connections.all():
        if getattr(conn, "pool", None) is not None:
            conn.close_pool()


def run_async(coroutine_function, *args):
    """Run ``coroutine_function(*args)`` to completion on a fresh event loop in a thread of
    its own (the browser tests' Playwright keeps an event loop running in the main thread)."""
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function(*args)).result()


BUSY_BOX_SECONDS = 240.0
"""How long a test waits for something that takes a second on an idle machine: long
enough for a box whose cores are busy with other work (the suite passes under
``stress-ng --cpu 2``); a test that passes never waits that long."""

POLL_SECONDS = 0.05
"""The pause between two looks at a condition: short, so a test that passes waits little."""


def _failure(what, timeout: float) -> str:
    said = what() if callable(what) else what
    return f"{said} did not happen within {timeout:.0f} s"


def eventually(
    predicate: Callable[[], T],
    timeout: float = BUSY_BOX_SECONDS,
    what: str | Callable[[], str] = "the condition",
    pause: Callable[[float], object] = time.sleep,
) -> T:
    """Poll ``predicate`` until it returns something truthy (returned), or fail after
    ``timeout`` seconds saying ``what`` never happened (``what`` may be a function, asked
    only then, to say what the test saw instead). An exception in ``predicate`` ends the wait.

    The suite's one polling loop: tests wait on conditions, never on fixed sleeps.
    ``pause(seconds)`` waits between two looks; a browser test passes one that lets
    Playwright run the page meanwhile (``tests.browser.conftest.pause_on(page)``)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(_failure(what, timeout))
        pause(POLL_SECONDS)


async def eventually_async(
    predicate: Callable[[], T | Awaitable[T]],
    timeout: float = BUSY_BOX_SECONDS,
    what: str | Callable[[], str] = "the condition",
) -> T:
    """:func:`eventually` for a coroutine test; ``predicate`` may be a coroutine function.
    The pause between two looks lets the event loop run."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(_failure(what, timeout))
        await asyncio.sleep(POLL_SECONDS)
