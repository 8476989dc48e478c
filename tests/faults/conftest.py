"""Server processes for the fault tests, stopped whatever happens."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.faults.common import PrivateRedis
from tests.faults.pg_proxy import PostgresProxy
from tests.tables.live_servers import Process


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """``servers(Daphne, env)`` or ``servers(Clock, env)``: a started server process, each
    with its own log in ``tmp_path``; all are stopped when the test ends."""
    started: list[Process] = []

    def start(kind: type, env: dict[str, str], **kwargs: Any) -> Any:
        proc = kind(env, tmp_path / f"{kind.__name__.lower()}-{len(started)}.log", **kwargs)
        started.append(proc)
        proc.start()
        return proc

    yield start
    for proc in started:
        proc.stop()


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    """A started redis-server of the test's own (``PrivateRedis``), killed when it ends."""
    redis = PrivateRedis(tmp_path / "redis.log")
    try:
        redis.start()
        yield redis
    finally:
        redis.kill()


@pytest.fixture
def postgres_proxy() -> Iterator[PostgresProxy]:
    """A started :class:`PostgresProxy` in front of the test database's PostgreSQL."""
    from django.db import connection

    db = connection.settings_dict
    proxy = PostgresProxy(db["HOST"] or "127.0.0.1", int(db["PORT"] or 5432))
    try:
        proxy.start()
        yield proxy
    finally:
        proxy.stop()
