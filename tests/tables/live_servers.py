"""Real server processes for tests: Daphne (one or several) and the table clock, on the test
database (PostgreSQL) and the Redis channel layer."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, closing
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection

from tests.conftest import eventually, require_service

ROOT = Path(settings.BASE_DIR)


LATE_CODES = ("stale_version", "not_your_turn", "hand_over", "rate_limited", "hand_dealt")
"""Refusals a fast bot earns without anything being wrong: it acted on a state the clock or
another player had already moved on from, sent faster than a person (rate_limited), or its
nonce came after the deal's bounded wait (hand_dealt; tests/tables/play/test_nonces_in_time.py
counts how often)."""


def require_live_services() -> None:
    """Server processes share the test database (PostgreSQL) and the Redis channel layer."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "server processes share the database")
    if not os.environ.get("REDIS_URL"):
        require_service("Redis", "server processes share the Redis channel layer")


@asynccontextmanager
async def playing(bots: list[Any]) -> AsyncIterator[None]:
    """The bots connect, sit down and play until the block ends; then they stop and close."""
    for bot in bots:
        await bot.connect()
    for bot in bots:
        await bot.sit_down()
    stop = asyncio.Event()
    runners = [asyncio.create_task(bot.run(stop)) for bot in bots]
    try:
        yield
    finally:
        stop.set()
        await asyncio.gather(*runners)
        for bot in bots:
            await bot.close()


def free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(**extra: str) -> dict[str, str]:
    db = connection.settings_dict
    url = f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "1",
        "NEXT_HAND_DELAY_MS": "300",
        "RUNOUT_STEP_MS": "300",
        "PRESENCE_HEARTBEAT_S": "0.3",
        "PRESENCE_TIMEOUT_S": "1.5",
        "DB_POOL_MIN": "1",
        "DB_POOL_MAX": "8",
        "LOG_LEVEL": "WARNING",
    }
    env.update(extra)
    return env


class Process:
    def __init__(self, args: list[str], env: dict[str, str], log: Path) -> None:
        self.args, self.env, self.log = args, env, log
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        out = open(self.log, "ab")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(self.args, env=self.env, cwd=ROOT, stdout=out, stderr=out)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Daphne(Process):
    def __init__(
        self, env: dict[str, str], log: Path, port: int | None = None, options: tuple[str, ...] = ()
    ) -> None:
        """``options``: more of daphne's command-line options (``--ping-timeout 2``)."""
        self.port = port or free_port()
        super().__init__(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                *options,
                "pokerclub.asgi:application",
            ],
            env,
            log,
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        super().start()
        eventually(self._listening, what=f"daphne listening on {self.port}")

    def _listening(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return True
        except OSError:
            if self.proc and self.proc.poll() is not None:
                raise RuntimeError(f"daphne exited: {self.log.read_text()[-2000:]}") from None
            return False


class Clock(Process):
    def __init__(self, env: dict[str, str], log: Path) -> None:
        super().__init__([sys.executable, "manage.py", "run_clock", "--interval", "0.05"], env, log)
