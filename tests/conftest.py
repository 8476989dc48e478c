"""Shared fixtures. Under REQUIRE_SERVICES=1 (CI) a missing PostgreSQL or Redis fails the run."""

from __future__ import annotations

import os
from collections.abc import Callable
from itertools import count

import pytest

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


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
def _fast_password_hashing(settings) -> None:
    """Real hashing is deliberately slow; tests check flows, not the hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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
    import asyncio
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine_function(*args)).result()


BUSY_BOX_SECONDS = 240.0
"""How long a test waits for something that takes a second on an idle machine: long
enough for a box whose cores are busy with other work (the suite passes under
``stress-ng --cpu 2``); a test that passes never waits that long."""


def eventually(predicate, timeout: float = BUSY_BOX_SECONDS, what: str = "the condition"):
    """Poll ``predicate`` until it returns something truthy (returned), or fail after
    ``timeout`` seconds saying ``what`` never happened. No fixed sleeps: the poll is short."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within {timeout:.0f} s")
        time.sleep(0.05)


async def eventually_async(
    predicate, timeout: float = BUSY_BOX_SECONDS, what: str = "the condition"
):
    """:func:`eventually` for a coroutine test; ``predicate`` may be a coroutine function."""
    import asyncio
    import inspect
    import time

    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within {timeout:.0f} s")
        await asyncio.sleep(0.05)
