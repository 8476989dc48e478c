"""PostgreSQL restarted in the middle of hands (issue #41, "faults survived"): every
connection of the server processes is reset at once and new ones are refused for a few
seconds. A decision on its way then is applied once, or refused: with an error code, or
with its socket closed with 1011 ("the server lost its database", docs/protocol.md), after
which the page reconnects and shows the table as the database has it. The connection pools
reconnect by themselves (the Daphnes serve again without a restart), and the clock catches
up: the timeout that fell due meanwhile is applied once.

PostgreSQL itself is not restarted (other tests use it): the server processes reach it
through a proxy of the test's own (tests/faults/pg_proxy.py), which holds every byte for a
moment (PostgreSQL stopping answers nothing, so a decision sent then is in flight), then
resets every connection and refuses new ones, as a restarting PostgreSQL does. Two
Daphnes, the clock and bots at two tables: at the first the players stop deciding just
before, so that a timeout falls due while the database is away (its action clock is 5 s,
no time bank); at the second they play on throughout. Then a restart so quick that nothing
notices it is down: every connection the pools keep is dead, and no player may pay for it.
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.db import connection
from django.utils import timezone

from tables.hands.models import HandAction
from tables.play.models import Table
from tests.conftest import eventually_async, run_async
from tests.faults.common import (
    Decision,
    FaultBot,
    assert_actions_in_order,
    assert_chips_conserved,
    decisions_settled,
    finished_hands,
    open_tables,
    seat_bots,
)
from tests.faults.pg_proxy import PostgresProxy
from tests.tables.live_servers import (
    LATE_CODES,
    Clock,
    Daphne,
    playing,
    require_live_services,
    server_env,
)

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ACTION_SECONDS = 5  # the first table's action clock (the shortest a table may have)
FROZEN_SECONDS = 0.5  # PostgreSQL answers nothing, then goes
DOWN_SECONDS = 7.0  # longer than that clock: a timeout falls due while PostgreSQL is away
CLOSED_BY_LOST_DATABASE = 1011


def test_after_postgres_restarts_decisions_are_applied_once_and_the_servers_serve_again(
    club_with_roles: dict[str, Any], make_user: Any, servers: Any, postgres_proxy: PostgresProxy
) -> None:
    require_live_services()
    (waiting, waiting_users), (busy, busy_users) = open_tables(
        club_with_roles, make_user, [2, 3], action_seconds=ACTION_SECONDS, time_bank_seconds=0
    )
    db = connection.settings_dict
    env = server_env(
        DATABASE_URL=f"postgres://{db['USER'] or 'postgres'}@127.0.0.1:{postgres_proxy.port}"
        f"/{db['NAME']}",
        DB_POOL_MIN="8",  # idle connections in each pool, as a busy server keeps
    )
    daphnes = [servers(Daphne, env), servers(Daphne, env)]
    servers(Clock, env)
    stopping = seat_bots(waiting, waiting_users, daphnes)
    playing_on = seat_bots(busy, busy_users, daphnes)
    bots = stopping + playing_on
    for bot in bots:
        bot.reconnect = True  # as a page does

    pages = [d.url + waiting.get_absolute_url() for d in daphnes]
    cookie = stopping[0].headers["Cookie"]
    seen = run_async(
        _postgres_down_and_back,
        bots,
        stopping,
        [waiting.pk, busy.pk],
        postgres_proxy,
        pages,
        cookie,
    )

    # the decision on its way when PostgreSQL went was applied once, or refused: with an
    # error, or with its socket closed with 1011 (decisions_settled held each decision of
    # each bot to the rows, cut ones to at most once)
    sent = seen.in_flight
    sender = next(b for b in playing_on if sent in b.sent)
    assert (
        sent.ref in sender.refused()
        or sent.ref in sender.cut
        or (sent.hand, sent.kind, sent.amount) in sender.applied()
    )
    # sockets were closed only while the database was away, and only with 1011
    closes = [(code, at - seen.back) for bot in bots for code, at in bot.closes]
    assert all(code == CLOSED_BY_LOST_DATABASE and after < 1.0 for code, after in closes), closes
    # the clock caught up: what fell due while it could not reach the database, once
    version, hand_id, seat = seen.waiting
    after = list(HandAction.objects.filter(hand__table=waiting, version__gt=version))
    first = min(after, key=lambda a: a.version)
    assert (first.hand_id, first.seat, first.timeout) == (hand_id, seat, True)
    later = {a.seat for a in after if a.timeout and a.hand_id == hand_id and a is not first}
    assert later <= {seat}, later  # in that hand, only that player's auto-acts (R14)
    assert seen.timeout_after < 30, f"the overdue timeout came {seen.timeout_after:.0f} s late"
    # every page of both Daphnes is served again, without a restart
    assert seen.pages == [200, 200]
    for table in (waiting, busy):
        assert_actions_in_order(table.pk)
        assert_chips_conserved(table.pk)
    for bot in bots:
        assert [e for e in bot.errors if e["code"] not in LATE_CODES] == []


@dataclass
class Seen:
    waiting: tuple[int, int, int]  # the first table's version, hand and seat to act when it went
    in_flight: Decision  # sent while PostgreSQL answered nothing
    back: float  # when PostgreSQL came back (time.monotonic)
    timeout_after: float  # seconds from then to the overdue timeout applied
    pages: list[int]  # what each Daphne answered for the table's page afterwards
    resets: int  # connections the proxy reset


async def _postgres_down_and_back(
    bots: list[FaultBot],
    stopping: list[FaultBot],
    ids: list[int],
    proxy: PostgresProxy,
    pages: list[str],
    cookie: str,
) -> Seen:
    waiting_id = ids[0]
    playing_on = [bot for bot in bots if bot not in stopping]

    def hands() -> dict[int, int]:
        return {table_id: finished_hands(table_id) for table_id in ids}

    async def more_hands(count: int) -> None:
        played = await sync_to_async(hands)()
        await eventually_async(
            lambda: sync_to_async(
                lambda: all(n >= played[pk] + count for pk, n in hands().items())
            )(),
            timeout=120,
            what=f"{count} more hands at every table",
        )

    def waits() -> Table | None:
        table = Table.objects.get(pk=waiting_id)
        return table if table.in_hand and table.deadline_seat is not None else None

    def quiet() -> bool:
        soon = timezone.now() + timedelta(seconds=2)
        tables = Table.objects.filter(pk__in=ids)
        return all(t.in_hand and t.deadline_seat and t.deadline > soon for t in tables)

    async with playing(bots):
        await more_hands(2)
        for bot in stopping:
            bot.paused = True
        await decisions_settled(stopping)
        # PostgreSQL stops answering as a bot of the second table sends a decision, while
        # the first table waits on a player's clock with a few seconds left
        for _attempt in range(10):
            await eventually_async(
                lambda: sync_to_async(waits)(), timeout=60, what="the first table waiting"
            )
            frozen = asyncio.Event()

            def freeze(frozen: asyncio.Event = frozen) -> None:
                if not frozen.is_set():
                    frozen.set()
                    proxy.freeze()  # PostgreSQL answers nothing ...

            for bot in playing_on:
                bot.before_decision = freeze
            await eventually_async(frozen.is_set, timeout=60, what="a decision at table two")
            for bot in playing_on:
                bot.before_decision = None
            await asyncio.sleep(FROZEN_SECONDS)
            # (read past the proxy: what the first table waits on, which nothing changes now)
            table = await sync_to_async(waits)()
            if table is not None:
                break
            proxy.thaw()  # its hand ended meanwhile: again
        else:
            pytest.fail("the first table never waited on a player as PostgreSQL stopped")

        def unanswered() -> Decision | None:
            """A decision sent on the state its bot has last, and not refused."""
            for bot in playing_on:
                last = bot.sent[-1] if bot.sent else None
                on_last = last and bot.state and last.version >= bot.state["version"]
                if last and on_last and last.ref not in bot.refused():
                    return last
            return None

        in_flight = unanswered()  # sent, and on its way when the connections go
        assert in_flight is not None
        await asyncio.to_thread(proxy.go_down)  # ... then is gone: every connection reset
        await asyncio.sleep(DOWN_SECONDS)
        await asyncio.to_thread(proxy.come_back)
        back = time.monotonic()
        for bot in stopping:
            bot.paused = False
        await eventually_async(
            lambda: sync_to_async(
                lambda: Table.objects.get(pk=waiting_id).version > table.version
            )(),
            timeout=90,
            what="the overdue timeout applied",
        )
        timeout_after = time.monotonic() - back
        await more_hands(2)

        # a restart too quick to notice: every connection kept in the pools is dead. It
        # comes while no socket asks anything of the database (nothing a socket asked may
        # fail then): the tables wait on players' clocks with seconds left
        for bot in bots:
            bot.paused = True
        await decisions_settled(bots)
        await eventually_async(
            lambda: sync_to_async(quiet)(), timeout=60, what="both tables waiting on players"
        )
        # and every socket has been sent its table's state as it is: a frame still on its way
        # reads the hand's hole cards first (tables.play.consumers.HoleCards), which a busy
        # machine's CI once caught in the middle of the restart
        now = await sync_to_async(
            lambda: dict(Table.objects.filter(pk__in=ids).values_list("pk", "version"))
        )()
        await eventually_async(
            lambda: all(bot.state and bot.state["version"] >= now[bot.table_id] for bot in bots),
            timeout=60,
            what="every socket sent its table's state",
        )
        await asyncio.to_thread(proxy.go_down)
        await asyncio.to_thread(proxy.come_back)
        for bot in bots:
            bot.paused = False
        await more_hands(2)
        statuses = [await asyncio.to_thread(_status, page, cookie) for page in pages]
        for bot in bots:
            bot.paused = True
        await decisions_settled(bots)
    return Seen(
        (table.version, table.current_hand_id, table.deadline_seat),
        in_flight,
        back,
        timeout_after,
        statuses,
        proxy.resets,
    )


def _status(url: str, cookie: str) -> int:
    """The HTTP status of the page at ``url`` for the player of ``cookie``."""
    request = urllib.request.Request(url, headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=30) as response:
        return int(response.status)
