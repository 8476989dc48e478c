"""The clock process down in the middle of hands (issue #41, "faults survived"): while it is
away nobody times out and nothing is dealt; when it comes back every timeout that became
overdue meanwhile is applied once, and the hands go on.

Two Daphnes, the clock and bots at three tables. The bots stop deciding, so each table
waits on a player's clock; the clock is killed and kept down until every one of those
clocks has run out, and 10 s more (the tables' action clock is shortened to 5 s and the
time bank to nothing, so that "overdue" takes seconds rather than the minute of the
issue); then two clocks start at once (two clocks must not apply a timeout twice either).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.utils import timezone

from tables.hands.models import HandAction
from tables.play.models import Table
from tests.conftest import eventually_async, run_async
from tests.faults.common import (
    FaultBot,
    assert_actions_in_order,
    assert_chips_conserved,
    decisions_settled,
    finished_hands,
    open_tables,
    seat_bots,
    tracebacks,
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

ACTION_SECONDS = 5  # the shortest action clock a table may have (production: 30 s)
OVERDUE_BY = 10.0  # seconds the last of those clocks has run out when the clock comes back
PLAYERS = [2, 3, 2]  # seated players at each table


def test_every_timeout_that_fell_due_while_the_clock_was_down_is_applied_once(
    club_with_roles: dict[str, Any], make_user: Any, servers: Any
) -> None:
    require_live_services()
    tables = open_tables(
        club_with_roles,
        make_user,
        PLAYERS,
        action_seconds=ACTION_SECONDS,
        time_bank_seconds=0,
    )
    env = server_env()
    daphnes = [servers(Daphne, env), servers(Daphne, env)]
    clock = servers(Clock, env)
    bots = [bot for table, users in tables for bot in seat_bots(table, users, daphnes)]
    ids = [table.pk for table, _ in tables]

    clocks = [clock]
    waiting, back_after = run_async(
        _clock_down_and_back, bots, ids, clock, lambda: clocks.append(servers(Clock, env))
    )

    for table_id, (version, hand_id, seat, _deadline) in waiting.items():
        # the first action at the table is the overdue timeout, once
        after = list(
            HandAction.objects.filter(hand__table_id=table_id, version__gt=version).order_by(
                "version"
            )
        )
        first = after[0]
        assert (first.hand_id, first.seat, first.timeout) == (hand_id, seat, True)
        # later timeouts in that hand: only that player's next decisions, which the clock
        # takes at once once a player timed out (R14: until they act again)
        later = {a.seat for a in after[1:] if a.timeout and a.hand_id == hand_id}
        assert later <= {seat}, later
        assert_actions_in_order(table_id)
        assert_chips_conserved(table_id)
    assert back_after < 60, f"the overdue timeouts took {back_after:.0f} s to be applied"
    for bot in bots:
        assert [e for e in bot.errors if e["code"] not in LATE_CODES] == []
    logs = [p.log for p in [*daphnes, *clocks]]
    assert tracebacks(*logs) == ""


async def _clock_down_and_back(
    bots: list[FaultBot], ids: list[int], clock: Clock, start_clock: Any
) -> tuple[dict[int, tuple[int, int, int, Any]], float]:
    """Play, stop deciding, kill the clock, wait until every table's clock ran out, start
    two clocks; returns what each table waited on while the clock was down, and how long
    the clocks took to apply every overdue timeout."""

    def tables() -> list[Table]:
        return list(Table.objects.filter(pk__in=ids).order_by("pk"))

    def hands() -> dict[int, int]:
        return {table_id: finished_hands(table_id) for table_id in ids}

    async with playing(bots):
        await eventually_async(
            lambda: sync_to_async(lambda: min(hands().values()) >= 2)(),
            timeout=120,
            what="two hands at every table",
        )
        for bot in bots:
            bot.paused = True  # nobody decides any more: every table waits on a player
        await decisions_settled(bots)  # (what was sent before is in)
        await eventually_async(
            lambda: sync_to_async(
                lambda: all(t.in_hand and t.deadline_seat is not None for t in tables())
            )(),
            timeout=60,
            what="every table waiting on a player's decision",
        )
        clock.kill()  # the clock dies
        waiting = {
            t.pk: (t.version, t.current_hand_id, t.deadline_seat, t.deadline)
            for t in await sync_to_async(tables)()
        }
        played = await sync_to_async(hands)()
        assert all(seat is not None for _, _, seat, _ in waiting.values()), waiting
        last = max(deadline for *_, deadline in waiting.values())
        down = (last - timezone.now()).total_seconds() + OVERDUE_BY
        await asyncio.sleep(down)  # the clock stays down until every table is overdue
        still = {t.pk: t.version for t in await sync_to_async(tables)()}
        assert still == {pk: w[0] for pk, w in waiting.items()}, "something timed out"

        start_clock()  # two clocks come back at once
        start_clock()
        back = time.monotonic()
        for bot in bots:
            bot.paused = False

        def caught_up() -> bool:
            return all(t.version > waiting[t.pk][0] for t in tables())

        await eventually_async(
            lambda: sync_to_async(caught_up)(), timeout=90, what="the overdue timeouts applied"
        )
        back_after = time.monotonic() - back
        await eventually_async(
            lambda: sync_to_async(lambda: all(n >= played[pk] + 2 for pk, n in hands().items()))(),
            timeout=120,
            what="two more hands at every table",
        )
        for bot in bots:
            bot.paused = True
        await decisions_settled(bots)
    return waiting, back_after
