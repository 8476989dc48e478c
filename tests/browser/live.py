"""A live Pokerclub for browser tests: Daphne (HTTP and WebSocket) and the table clock in
subprocesses, on a database of their own.

pytest-django's ``live_server`` is WSGI-only, so it cannot serve the table's WebSocket. This
starts ``daphne pokerclub.asgi:application`` and ``manage.py run_clock`` with DATABASE_URL
pointing at a fresh database: a SQLite file in a temporary folder, or — when DATABASE_URL is
a PostgreSQL URL — a database ``<name>_browser`` created beside the configured one and
dropped afterwards. REDIS_URL, when set, is passed on, so the clock's broadcasts reach the
server's sockets (with the in-memory layer the page catches up by itself: it asks for a
sync when a deadline passes without news).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import eventually

BASE_DIR = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _postgres_database(url: str) -> tuple[str, object]:
    """Create a fresh database beside the one in ``url``; return its URL and a dropper."""
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    parts = urlsplit(url)
    # one per test run: a fixed name let a developer's run beside CI drop CI's database
    name = f"{parts.path.lstrip('/') or 'postgres'}_browser_{os.getpid()}"
    admin = urlunsplit(parts._replace(scheme="postgresql"))

    def run(sql: str) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql)

    run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    run(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path="/" + name)), lambda: run(
        f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'
    )


def _wait_until_up(url: str, process: subprocess.Popen, log: Path) -> None:
    def answers() -> bool:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.status < 500
        except OSError:
            return False

    eventually(answers, what=lambda: f"the server answering at {url}:\n{log.read_text()[-3000:]}")


@dataclass(frozen=True)
class LiveServer:
    """A running Pokerclub: its base URL and the environment its processes run with."""

    url: str
    env: dict[str, str]

    def run_python(self, module: str, *args: str) -> str:
        """Run ``python -m module args`` against the live server's database; its stdout."""
        done = subprocess.run(
            [sys.executable, "-m", module, *args],
            cwd=BASE_DIR,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout


@pytest.fixture(scope="session")
def live_server_url(live_pokerclub: LiveServer) -> str:
    """The base URL of a running Pokerclub (HTTP and WebSocket) with the clock."""
    return live_pokerclub.url


@pytest.fixture(scope="session")
def live_pokerclub(
    tmp_path_factory: pytest.TempPathFactory, screenshot_root: Path
) -> Iterator[LiveServer]:
    """A running Pokerclub (HTTP and WebSocket) with the clock, on a database of its own."""
    folder = tmp_path_factory.mktemp("live")
    configured = os.environ.get("DATABASE_URL", "")
    drop = None
    if configured.startswith(("postgres://", "postgresql://")):
        database_url, drop = _postgres_database(configured)
    else:
        database_url = f"sqlite:///{folder / 'live.sqlite3'}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "pokerclub.settings",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
        "LOG_LEVEL": "WARNING",
    }
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=BASE_DIR, env=env, check=True
    )
    port = _free_port()
    log = screenshot_root / "live-server.log"
    processes: list[subprocess.Popen] = []
    with open(log, "w") as out:
        server = subprocess.Popen(
            [
                python,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "pokerclub.asgi:application",
            ],
            cwd=BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        processes.append(server)
        processes.append(
            subprocess.Popen(
                [python, "manage.py", "run_clock", "--interval", "0.1"],
                cwd=BASE_DIR,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        )
        try:
            url = f"http://127.0.0.1:{port}"
            _wait_until_up(url + "/", server, log)
            yield LiveServer(url, env)
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
            if drop is not None:
                drop()
