"""Nonces in time (#41, R15.2): a due deal waits a bounded moment (NONCE_WAIT_MS) for the
nonces of seated players whose sockets are open, and a nonce refused for coming too fast
beside other messages (``rate_limited``, which names the message's ``ref``) is sent again
while it waits. With no pause at all between hands (the deal due as the last hand ends: the
hardest case) every player's nonce was in its deal in the runs of docs/benchmarks.md; 88.8 %
were without the wait, and 49 % in a run since a server takes the nonces together
(``NONCE_BATCH_MS``) and the bots think (``THINK``). Played by bots that send their nonces
as a browser does, on two Daphne processes and the clock over PostgreSQL and Redis.
``NONCE_TEST_DELAY_MS`` plays it with another pause between hands (300, or the production
3000)."""

from __future__ import annotations

import os
import random

import pytest

from pokerclub.models import Membership
from tables.bots import Bot
from tables.hands.models import Hand
from tables.management.commands.loadtest import session_cookie
from tables.play import actions as services
from tests.conftest import eventually_async, run_async
from tests.tables.conftest import table_settings
from tests.tables.live_servers import Clock, Daphne, playing, require_live_services, server_env

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

HANDS = int(os.environ.get("NONCE_TEST_HANDS", "200"))
DELAY_MS = os.environ.get("NONCE_TEST_DELAY_MS", "0")
TABLES, SEATED = 4, 3
THINK = 0.05
"""Seconds a bot waits before a decision (25 to 75 ms): inside the socket's rate limit (10
messages a second). With none, a bot's decisions were refused as ``rate_limited`` from the
tenth hand on, and the clock decided for it after its 30 s: one hand in ten took 15 s and
the test three minutes (docs/benchmarks/2026-12-07.md). The pause between hands, which is
what the test is about, stays none."""


def player_nonces(hands) -> tuple[int, int]:
    """(nonces the players sent, nonces a player could have sent) over ``hands``: one for
    every player dealt in (the server stands in for a missing one: ``by: server``)."""
    theirs = dealt = 0
    for hand in hands:
        for entry in hand.deck["nonces"]:
            dealt += 1
            theirs += entry["by"] == "player"
    return theirs, dealt


def play_and_count(club_with_roles, make_user, tmp_path, delay_ms: str, hands: int):
    require_live_services()
    club, host = club_with_roles["club"], club_with_roles["host"]
    env = server_env(NEXT_HAND_DELAY_MS=delay_ms, RUNOUT_STEP_MS="30")
    servers = [Daphne(env, tmp_path / "daphne-a.log"), Daphne(env, tmp_path / "daphne-b.log")]
    clock = Clock(env, tmp_path / "clock.log")
    bots = []
    for t in range(TABLES):
        table = services.create_table(host, club, table_settings(name=f"N{t}"))
        for p in range(SEATED):
            user = make_user(f"Nonce {t}.{p}")
            Membership.objects.create(club=club, user=user)
            server = servers[(t + p) % 2]
            bots.append(
                Bot(f"ws://127.0.0.1:{server.port}/ws/tables/{table.pk}/", session_cookie(user),
                    server.url, seat=p + 1, buy_in=table.max_buy_in, rng=random.Random(t * 10 + p),
                    think=THINK)
            )  # fmt: skip
    try:
        for proc in (*servers, clock):
            proc.start()

        async def play() -> None:
            from channels.db import database_sync_to_async as sync_to_async

            async with playing(bots):
                await eventually_async(
                    lambda: sync_to_async(
                        lambda: Hand.objects.exclude(ended_at=None).count() >= hands
                    )(),
                    timeout=1200,
                    what=f"{hands} finished hands",
                )

        run_async(play)
    finally:
        for proc in (*servers, clock):
            proc.stop()
    # the first hand of each table was committed before anyone sat down: from the second on
    finished = list(Hand.objects.exclude(ended_at=None).filter(number__gt=1))
    theirs, dealt = player_nonces(finished)
    assert dealt >= 2 * (hands - TABLES)
    refused = sorted(
        e["code"] for b in bots for e in b.errors if str(e.get("ref", "")).startswith("nonce:")
    )
    print(f"nonces in time at {delay_ms} ms: {theirs} of {dealt} ({100 * theirs / dealt:.2f} %);"
          f" nonces refused: {refused}")  # fmt: skip
    return theirs, dealt


def test_the_deal_waits_for_the_nonces_even_with_no_pause_between_hands(
    club_with_roles, make_user, tmp_path
):
    theirs, dealt = play_and_count(club_with_roles, make_user, tmp_path, DELAY_MS, HANDS)
    # measured: 88.8 % and 49 % without the wait (module doc), 100 % with it and the resend
    # (docs/benchmarks.md);
    # 99 % leaves room for a machine far busier than these, and still fails without the wait
    assert theirs * 100 >= dealt * 99, (theirs, dealt)
