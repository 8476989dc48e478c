"""A client that stops reading (a phone in a tunnel, a frozen tab, a hostile peer) costs the
server a bounded amount: Daphne pings every socket and drops one that does not answer in
time (docs/deploy.md, "Slow clients"), freeing what was queued for it, while the rest of
the table plays on. A real Daphne, a real clock, real sockets."""

from __future__ import annotations

import base64
import random
import secrets
import socket
import struct
import time

import pytest
from channels.db import database_sync_to_async as sync_to_async

from pokerclub.models import Membership
from tables.bots import Bot
from tables.hands.models import Hand
from tables.management.commands.loadtest import session_cookie
from tables.play import actions as services
from tests.conftest import eventually_async, run_async
from tests.tables.conftest import table_settings
from tests.tables.live_servers import (
    LATE_CODES,
    Clock,
    Daphne,
    playing,
    require_live_services,
    server_env,
)

pytestmark = pytest.mark.django_db(transaction=True)

PING = ("--ping-interval", "1", "--ping-timeout", "2")  # production: 20 and 30 (Daphne's own)
DROP_DEADLINE = 30.0  # seconds: far above 1 + 2, below the 50 of Daphne's defaults
TCP_ESTABLISHED = 1


def open_and_stop_reading(port: int, path: str, cookie: str, origin: str) -> socket.socket:
    """A WebSocket handshake by hand, on a socket with a tiny receive buffer, then nothing:
    the client never reads another byte (nor answers a ping)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(secrets.token_bytes(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: {origin}\r\nCookie: {cookie}\r\n\r\n"
        ).encode()
    )
    head = b""
    while not head.endswith(b"\r\n\r\n"):  # a byte at a time: no frame is read
        byte = sock.recv(1)
        assert byte, f"the server closed during the handshake: {head!r}"
        head += byte
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def tcp_state(sock: socket.socket) -> int:
    """The kernel's TCP state of ``sock`` (1: established; after the server's reset, 7)."""
    return struct.unpack("B", sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1))[0]


@pytest.fixture
def table_and_people(club_with_roles, make_user):
    require_live_services()
    club = club_with_roles["club"]
    table = services.create_table(club_with_roles["host"], club, table_settings(name="Tunnel"))
    people = [make_user(f"Reader {i}") for i in range(3)]
    for user in people:
        Membership.objects.create(club=club, user=user)
    return table, people


def test_a_client_that_stops_reading_is_dropped_and_the_table_plays_on(table_and_people, tmp_path):
    table, people = table_and_people
    env = server_env(NEXT_HAND_DELAY_MS="50", RUNOUT_STEP_MS="30")
    server = Daphne(env, tmp_path / "daphne.log", options=PING)
    clock = Clock(env, tmp_path / "clock.log")
    path = f"/ws/tables/{table.pk}/"
    try:
        server.start()
        clock.start()
        stuck = open_and_stop_reading(server.port, path, session_cookie(people[2]), server.url)
        bots = [
            Bot(
                f"ws://127.0.0.1:{server.port}{path}",
                session_cookie(user),
                server.url,
                seat=seat,
                buy_in=table.max_buy_in,
                rng=random.Random(seat),
            )
            for seat, user in enumerate(people[:2], start=1)
        ]
        dropped_after, hands_at_drop, hands_after = run_async(_play_beside, bots, stuck)
    finally:
        clock.stop()
        server.stop()
    assert dropped_after < DROP_DEADLINE
    assert hands_after >= hands_at_drop + 3  # the others played on, during and after
    for bot in bots:
        assert [e for e in bot.errors if e["code"] not in LATE_CODES] == []
    log = server.log.read_text()
    assert "Traceback" not in log, log[-3000:]


async def _play_beside(bots: list[Bot], stuck: socket.socket) -> tuple[float, int, int]:
    def finished() -> int:
        return Hand.objects.exclude(ended_at=None).count()

    try:
        async with playing(bots):
            started = time.monotonic()
            await eventually_async(
                lambda: tcp_state(stuck) != TCP_ESTABLISHED,
                timeout=4 * DROP_DEADLINE,  # later is a failure anyway
                what="the server dropping the client that stopped reading",
            )
            dropped_after = time.monotonic() - started
            at_drop = await sync_to_async(finished)()

            async def three_more_hands() -> int:
                after = await sync_to_async(finished)()
                return after if after >= at_drop + 3 else 0

            after = await eventually_async(three_more_hands, what="three more hands after the drop")
            return dropped_after, at_drop, after
    finally:
        stuck.close()
