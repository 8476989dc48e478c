"""Several server processes serve one table consistently over PostgreSQL and Redis, and a
server restart in the middle of a hand loses nothing (DESIGN: the database is the only
truth; the channel layer carries changes between processes)."""

from __future__ import annotations

import asyncio
import os
import random

import pytest
from django.db import connection

from pokerclub.models import Membership
from tables.bots import Bot
from tables.hands.models import Hand, HandAction
from tables.management.commands.loadtest import session_cookie
from tables.money.models import LedgerEntry
from tables.play.models import Seat, Table
from tests.conftest import eventually, eventually_async, require_service, run_async
from tests.tables.conftest import table_settings
from tests.tables.live_servers import Clock, Daphne, server_env

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


@pytest.fixture
def services_required():
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "server processes share the database")
    if not os.environ.get("REDIS_URL"):
        require_service("Redis", "server processes share the Redis channel layer")


@pytest.fixture
def world(services_required, club_with_roles, players):
    from tables.play import actions as services

    table = services.create_table(
        club_with_roles["host"], club_with_roles["club"], table_settings(run_it_twice_allowed=True)
    )
    people = players[:3] + [club_with_roles["member"]]
    return {"table": table, "people": people, "cookies": [session_cookie(p) for p in people]}


@pytest.fixture
def servers(tmp_path, services_required):
    env = server_env()
    started = []

    def start(kind, **kw):
        proc = kind(env, tmp_path / f"{kind.__name__.lower()}-{len(started)}.log", **kw)
        proc.start()
        started.append(proc)
        return proc

    yield start
    for proc in started:
        proc.stop()


def make_bot(server, table, cookie, seat=None, rng=None):
    return Bot(
        f"ws://127.0.0.1:{server.port}/ws/tables/{table.pk}/",
        cookie,
        server.url,
        seat=seat,
        buy_in=100 if seat else None,
        rng=rng or random.Random(seat or 0),
    )


def hands_finished(table_id):
    return Hand.objects.filter(table_id=table_id).exclude(ended_at=None).count()


async def play_until(bots, table_id, hands):
    """Let the bots play until ``hands`` hands are finished (however slow the box is)."""
    from channels.db import database_sync_to_async as sync_to_async

    stop = asyncio.Event()
    runners = [asyncio.create_task(b.run(stop)) for b in bots]
    try:
        await eventually_async(
            lambda: sync_to_async(lambda: hands_finished(table_id) >= hands)(),
            what=f"{hands} finished hands",
        )
    finally:
        stop.set()
        await asyncio.gather(*runners)


def seated(table_id, count):
    return Seat.objects.filter(table_id=table_id).exclude(user=None).count() >= count


def assert_history_whole(table):
    table = Table.objects.get(pk=table.pk)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))
    for hand in hands[:-1] if table.in_hand else hands:
        assert hand.ended_at is not None and len(hand.deck_secret) == 64
        sequence = list(HandAction.objects.filter(hand=hand).values_list("sequence", flat=True))
        assert sequence == sorted(set(sequence)) and sequence
    ledger = LedgerEntry.objects.filter(table=table)
    bought = sum(e.amount for e in ledger if e.kind in ("buy_in", "top_up"))
    out = sum(e.amount for e in ledger if e.kind in ("cash_out", "rake"))
    on_table = sum(Seat.objects.filter(table=table).values_list("stack", flat=True))
    in_play = 0
    if table.in_hand:
        from engine.state import HandState

        state = HandState.from_json(table.hand_state)
        in_play = state.total_chips - sum(
            s.stack for s in Seat.objects.filter(table=table, number__in=state.seats)
        )
    assert bought == on_table + out + in_play


def test_two_server_processes_serve_one_table_consistently(world, servers):
    """Players on different Daphne processes play hands together; everyone sees the same
    sequence of versions and the database history is whole."""
    a, b = servers(Daphne), servers(Daphne)
    servers(Clock)
    table, cookies = world["table"], world["cookies"]
    bots = [
        make_bot(a, table, cookies[0], seat=1),
        make_bot(a, table, cookies[1], seat=3),
        make_bot(b, table, cookies[2], seat=5),
        make_bot(b, table, cookies[3]),  # a spectator
    ]
    for bot in bots:
        bot.keep_messages = True

    async def scenario():
        for bot in bots:
            await bot.connect()
        from channels.db import database_sync_to_async as sync_to_async

        for count, bot in enumerate(bots[:3], start=1):
            await bot.sit_down()
            await eventually_async(
                lambda count=count: sync_to_async(seated)(table.pk, count), what=f"{count} seated"
            )
        await play_until(bots, table.pk, hands=6)
        for bot in bots:
            await bot.close()

    run_async(scenario)
    assert hands_finished(table.pk) >= 6
    # (a nonce after the deal's bounded wait is counted by test_nonces_in_time.py)
    late = ("stale_version", "hand_dealt")
    unexpected = [e for bot in bots for e in bot.errors if e["code"] not in late]
    assert unexpected == []
    # everyone saw the same versions, in order, from the moment all four were connected
    common_start = max(bot.versions[0] for bot in bots)
    final = min(bot.versions[-1] for bot in bots)
    tails = [[v for v in bot.versions if common_start <= v <= final] for bot in bots]
    assert tails[0] == list(range(common_start, final + 1))
    assert all(t == tails[0] for t in tails)
    # the spectator never received a face-down card face up
    for message in bots[3].messages:
        if message.get("type") == "state":
            assert message["you"]["cards"] == []
            for s in message["seats"]:
                assert s["cards"] in ([], ["??", "??"]) or s["shown"]
    assert_history_whole(table)


def test_a_server_restart_in_the_middle_of_a_hand_loses_nothing(world, servers):
    a = servers(Daphne)
    servers(Clock)
    table, cookies = world["table"], world["cookies"]
    first = [make_bot(a, table, cookies[i], seat=i + 1) for i in range(2)]

    async def until_hand_running(bots):
        def second_hand_running():
            state = bots[0].state
            hand = state and state["hand"]
            return hand and not hand["finished"] and hand["number"] >= 2

        stop = asyncio.Event()
        runners = [asyncio.create_task(b.run(stop)) for b in bots]
        try:
            await eventually_async(second_hand_running, what="the second hand")
        finally:
            stop.set()
            await asyncio.gather(*runners)

    async def before():
        for bot in first:
            await bot.connect()
            await bot.sit_down()
        await until_hand_running(first)

    run_async(before)
    sitting = Seat.objects.filter(table=table).exclude(user=None)
    assert sorted(sitting.values_list("connections", flat=True)) == [1, 1]
    # the bots stopped; their last action may have ended a hand: the clock deals the next
    # while they are still connected (a table with nobody here deals none), then the kill
    eventually(lambda: Table.objects.get(pk=table.pk).in_hand, what="a hand dealt")
    a.kill()  # the server dies in the middle of a hand (nobody acts: the clock plays it)
    # the hand on the table when it died: the clock may finish it meanwhile, and deals no
    # next one once it sees nobody is here (waiting here for a hand in play could wait for
    # ever: the one flaky failure of this test)
    t = Table.objects.get(pk=table.pk)
    # its sockets are gone: once it has been silent for PRESENCE_TIMEOUT_S the clock says so
    eventually(
        lambda: not any(sitting.values_list("connections", flat=True)),
        what="the dead server's sockets taken off the seats",
    )
    hand_number = t.hand_count
    a.start()  # the same port: clients reconnect
    second = [make_bot(a, table, cookies[i], rng=random.Random(i + 9)) for i in range(2)]

    async def after():
        for bot in second:
            await bot.connect()
        await play_until(second, table.pk, hands=hand_number + 2)
        for bot in second:
            await bot.close()

    run_async(after)
    hand = Hand.objects.get(table=table, number=hand_number)
    assert hand.ended_at is not None  # the interrupted hand went on from the database
    assert hands_finished(table.pk) >= hand_number + 2
    assert_history_whole(table)
    assert Membership.objects.filter(user__in=world["people"]).count() == 4
