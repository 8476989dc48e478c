"""A tournament played over real sockets on two Daphne processes with two clock processes,
one of each killed and restarted in the middle of it: it finishes with every chip and
every unit of the prize pool accounted for (DESIGN: the database is the only truth; the
tournament's changes are compare-and-set under its lock, so any number of clocks deal
each hand once; docs/rules.md R24.4: its clock is read from stored times)."""

from __future__ import annotations

import asyncio
import os
import random

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.db import connection

from tables.bots import TournamentBot
from tables.hands.models import Hand, HandAction
from tables.management.commands.loadtest import session_cookie
from tables.money.models import SessionNet
from tables.play.models import Seat, Table
from tables.tournaments import actions as tournaments
from tables.tournaments.models import Tournament
from tests.conftest import eventually_async, require_service, run_async
from tests.tables.live_servers import Clock, Daphne, server_env
from tests.tables.tournament_helpers import settings_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

STACK = 100
"""Ten big blinds at the first level: with six (60) the bots' tournament ended before its
eighth hand in about one of twenty simulated runs, and the test waited for hands that could
no longer come."""


def table_of(tournament_id: int, user_id: int) -> int | None:
    return (
        Seat.objects.filter(table__tournament_id=tournament_id, user_id=user_id)
        .exclude(table__status=Table.Status.CLOSED)
        .values_list("table_id", flat=True)
        .first()
    )


@pytest.fixture
def services_required():
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "server processes share the database")
    if not os.environ.get("REDIS_URL"):
        require_service("Redis", "server processes share the Redis channel layer")


def test_a_tournament_survives_a_server_and_a_clock_dying_and_finishes_whole(
    services_required, club_with_roles, players, tmp_path
):
    club, host = club_with_roles["club"], club_with_roles["host"]
    env = server_env()
    a, b = Daphne(env, tmp_path / "daphne-a.log"), Daphne(env, tmp_path / "daphne-b.log")
    first, second = Clock(env, tmp_path / "clock-1.log"), Clock(env, tmp_path / "clock-2.log")
    processes = [a, b, first, second]
    for process in processes:
        process.start()
    try:
        tournament = tournaments.create_tournament(
            host,
            club,
            settings_for(start_players=6, seats_per_table=3, starting_stack=STACK,
                         action_seconds=5),
        )  # fmt: skip
        bots = [
            TournamentBot(p.pk, session_cookie(p), rng=random.Random(i))
            for i, p in enumerate(players)
        ]
        for person in players:
            tournaments.register(person, tournament.pk)
        assert Tournament.objects.get(pk=tournament.pk).status == "running"

        def hands() -> int:
            return Hand.objects.filter(table__tournament=tournament).exclude(ended_at=None).count()

        def over() -> bool:
            return Tournament.objects.get(pk=tournament.pk).status == "finished"

        seen: dict[str, object] = {}

        def eight_hands_or_the_end() -> bool:
            """Whether 8 hands are played or the tournament is over; what it saw, for a
            failure's message (the tables' state tells a stuck clock from a short game)."""
            seen.update(
                hands=hands(),
                over=over(),
                tables=list(
                    Table.objects.filter(tournament=tournament).values_list(
                        "pk", "status", "hand_count", "next_hand_at", "deadline"
                    )
                ),
            )
            return bool(seen["over"]) or int(str(seen["hands"])) >= 8

        restarted: list[tuple[int, bool]] = []

        async def scenario() -> None:
            stop = asyncio.Event()
            runners = [
                asyncio.create_task(
                    bot.follow(
                        [a.url, b.url],
                        lambda bot=bot: sync_to_async(table_of)(tournament.pk, bot.user_id),
                        stop,
                    )
                )
                for bot in bots
            ]
            try:
                await eventually_async(
                    lambda: sync_to_async(lambda: hands() >= 3)(), what="3 hands"
                )
                a.kill()  # a server dies mid-level: its players reconnect to the other
                first.kill()  # and a clock with it
                await eventually_async(
                    lambda: sync_to_async(eight_hands_or_the_end)(),
                    what=lambda: f"8 hands or the tournament's end (last seen: {seen})",
                )
                a.start()
                first.start()
                restarted.append((await sync_to_async(hands)(), await sync_to_async(over)()))
                await eventually_async(
                    lambda: sync_to_async(over)(), what="the tournament's end", timeout=600
                )
            finally:
                stop.set()
                await asyncio.gather(*runners, return_exceptions=True)

        run_async(scenario)
    finally:
        for process in processes:
            process.stop()

    tournament.refresh_from_db()
    ((at_restart, ended_before),) = restarted
    if not ended_before:  # (a short game may end on the survivors alone)
        assert hands() > at_restart  # it went on after the restart
    assert sum(bot.moves for bot in bots) > 0  # and some player's page followed a move
    entries = list(tournament.entries.all())
    assert all(e.place for e in entries)
    assert [e.place for e in entries if e.status == "won"] == [1]
    pool = sum(e.paid for e in entries) - tournament.fee * len(entries)
    assert sum(e.prize for e in entries) == pool
    assert sum(SessionNet.objects.filter(tournament=tournament).values_list("net", flat=True)) == 0
    # the winner's last hand holds every chip; no hand was dealt twice, no action twice
    last = Hand.objects.filter(table__tournament=tournament).order_by("-ended_at").first()
    assert sum(last.result["stacks"].values()) == STACK * len(players)
    for table in Table.objects.filter(tournament=tournament):
        numbers = list(table.hands.order_by("number").values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
        for hand in table.hands.all():
            sequence = list(HandAction.objects.filter(hand=hand).values_list("sequence", flat=True))
            assert sequence == sorted(set(sequence))
