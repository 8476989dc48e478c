"""Redis restarted in the middle of hands (issue #41, "faults survived"): it comes back
empty (no subscriptions, no cache), and within a few seconds every socket has the table's
current state again; no decision is lost or applied twice, and play goes on.

Two Daphnes, the clock and bots at two tables, all on a redis-server of the test's own
(the Redis other tests use is left alone). The tables keep the production clocks (30 s to
act, a 60 s time bank), so nothing the clock does can hide a socket left behind.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

import pytest
from channels.db import database_sync_to_async as sync_to_async

from tables.play.models import Seat, Table
from tests.conftest import eventually_async, run_async
from tests.faults.common import (
    FaultBot,
    PrivateRedis,
    assert_actions_in_order,
    assert_chips_conserved,
    decisions_settled,
    finished_hands,
    open_tables,
    seat_bots,
)
from tests.tables.live_servers import (
    LATE_CODES,
    Clock,
    Daphne,
    playing,
    require_live_services,
    server_env,
)

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

DOWN_SECONDS = 4.0  # how long Redis stays down
IN_SYNC_SECONDS = 10.0  # "a few seconds" after Redis is back, on a busy box
PLAYERS = [2, 3]


def test_after_redis_restarts_every_socket_is_back_in_sync_and_no_decision_is_lost(
    club_with_roles: dict[str, Any], make_user: Any, servers: Any, private_redis: PrivateRedis
) -> None:
    require_live_services()
    tables = open_tables(club_with_roles, make_user, PLAYERS)
    env = server_env(REDIS_URL=private_redis.url)
    daphnes = [servers(Daphne, env), servers(Daphne, env)]
    servers(Clock, env)
    a, b = daphnes
    (first, first_users), (second, second_users) = tables
    # the last player of the second table is that table's only socket on Daphne a: they
    # close their page while Redis is down, so a leaves the table's group then
    bots = seat_bots(first, first_users, [a, b]) + seat_bots(second, second_users, [b, b, a])
    ids = [first.pk, second.pk]
    leaver = bots[-1]
    spectator = seat_bots(second, [club_with_roles["member"]], [b])[0]

    seen = run_async(_redis_down_and_back, bots, ids, private_redis, leaver, spectator)

    # the open sockets stayed open (the pages do not reconnect) ...
    assert seen.closed == [], "sockets the server closed"
    # ... and within a few seconds of Redis returning each one had its table's state again
    assert seen.in_sync_after < IN_SYNC_SECONDS, f"in sync {seen.in_sync_after:.1f} s after"
    # a page opening while Redis is down is refused at the handshake (it says "Reconnecting"
    # and tries again); once Redis is back it connects and gets the table as it is
    assert "500" in seen.refused, seen.refused
    assert seen.spectator_version >= seen.versions_back[leaver.table_id]
    # the player who left while Redis was down is shown as gone
    seat = Seat.objects.get(table_id=leaver.table_id, user=leaver.user)
    assert (seat.connections, seat.gone_since is not None) == (0, True)
    for table_id in ids:
        assert_actions_in_order(table_id)
        assert_chips_conserved(table_id)
    for bot in bots:
        assert [e for e in bot.errors if e["code"] not in LATE_CODES] == []


@dataclass
class Seen:
    in_sync_after: float  # seconds after Redis came back until every bot had the table's state
    versions_back: dict[int, int]  # the tables' versions when Redis came back
    closed: list[str]  # the bots whose sockets the server closed
    refused: str  # what a socket opening while Redis was down got
    spectator_version: int  # the version of its first state once Redis was back


async def _redis_down_and_back(
    bots: list[FaultBot],
    ids: list[int],
    redis: PrivateRedis,
    leaver: FaultBot,
    spectator: FaultBot,
) -> Seen:
    """Play; kill Redis in the middle of hands (meanwhile a player leaves and a spectator
    tries to open the table); start it again; play two more hands at every table."""

    def versions() -> dict[int, int]:
        return dict(Table.objects.filter(pk__in=ids).values_list("pk", "version"))

    def hands() -> dict[int, int]:
        return {table_id: finished_hands(table_id) for table_id in ids}

    async with playing(bots):
        await eventually_async(
            lambda: sync_to_async(lambda: min(hands().values()) >= 2)(),
            timeout=120,
            what="two hands at every table",
        )
        leaver.paused = True
        await eventually_async(
            lambda: sync_to_async(
                lambda: (
                    leaver.settled() and all(t.in_hand for t in Table.objects.filter(pk__in=ids))
                )
            )(),
            timeout=60,
            what="a hand being played at every table, the leaver's decisions all in",
        )
        redis.kill()
        down = time.monotonic()
        await leaver.close()
        try:
            await spectator.connect()
            refused = ""
        except Exception as error:  # a refused handshake
            refused = repr(error)
        await asyncio.sleep(DOWN_SECONDS - (time.monotonic() - down))  # Redis stays down
        await asyncio.to_thread(redis.start)
        back = time.monotonic()
        versions_back = await sync_to_async(versions)()
        played = await sync_to_async(hands)()
        playing_on = [bot for bot in bots if bot is not leaver]

        def in_sync() -> bool:
            return all(
                bot.state is not None and bot.state["version"] >= versions_back[bot.table_id]
                for bot in playing_on
            )

        await eventually_async(
            in_sync,
            timeout=120,
            what=lambda: (
                "every bot at its table's version: "
                + ", ".join(f"{b.user} {b.state and b.state['version']}" for b in playing_on)
                + f" (tables {versions_back})"
            ),
        )
        in_sync_after = time.monotonic() - back
        spectator_version = await _first_state_version(spectator)
        await eventually_async(
            lambda: sync_to_async(lambda: all(n >= played[pk] + 2 for pk, n in hands().items()))(),
            timeout=120,
            what="two more hands at every table",
        )
        for bot in bots:
            bot.paused = True
        await decisions_settled(bots)
        closed = [str(b.user) for b in playing_on if b.ws.close_code is not None]
    await spectator.close()
    return Seen(in_sync_after, versions_back, closed, refused, spectator_version)


async def _first_state_version(bot: FaultBot) -> int:
    """Open the bot's socket (again and again, as a page does, until the server takes it)
    and return the version of the first state it is sent."""

    async def opened() -> bool:
        try:
            await bot.connect()
        except Exception:
            return False
        return True

    await eventually_async(opened, timeout=60, what="the spectator's socket opened")
    first = json.loads(await bot.ws.recv())
    assert first["type"] == "state"
    return int(first["version"])
