"""A player who is gone does not hold the table (issue #40, R14): a player whose sockets have
all closed gets a short clock without their time bank, and their usual clock when they come
back; after a timeout their next decisions in the hand are taken at once; a hand in which
nobody left is here ends at once; no hand starts without two players who are here.

Time is the clock's own (``handle_due(..., now=...)``), so the seconds below are exact."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tables.play import actions as services
from tables.play.models import Seat, Table
from tests.tables.play_helpers import assert_chips_accounted, deal, fresh, to_act, user_at

pytestmark = pytest.mark.django_db

SERVER = "server-test"


@pytest.fixture
def six(make_table, players):
    """Six players at a 20 s clock with a 20 s bank, each with a socket open."""
    table = make_table(action_seconds=20, time_bank_seconds=20, away_seconds=5)
    for number, player in enumerate(players, start=1):
        services.sit(player, table.pk, number, 100)
        services.set_presence(player, table.pk, 1, SERVER)
    return table


def leaves(table, user) -> None:
    services.set_presence(user, table.pk, -1, SERVER)


def comes_back(table, user) -> None:
    services.set_presence(user, table.pk, 1, SERVER)


def seconds_left(table, now) -> float:
    return (fresh(table).deadline - now).total_seconds()


def act(table, kind="check_or_call") -> None:
    seat, state = to_act(table)
    legal = state["hand"]["legal"]
    choice = "check" if legal and legal["check"] else "call" if legal else "show"
    services.act(user_at(table, seat), table.pk, choice, None, None)


def run_clock(table, now, limit=600):
    """Let the clock decide whatever is due, second by second from ``now``, until the hand
    ends; the (simulated) seconds it took."""
    start = now
    for _ in range(limit * 10):
        t = fresh(table)
        if not t.in_hand:
            return (now - start).total_seconds()
        if t.deadline is not None and t.deadline > now:
            now = t.deadline
        services.handle_due(t.pk, t.version, now=now)
    raise AssertionError("the hand never ended")


def test_a_player_who_leaves_on_their_turn_gets_the_short_clock_without_the_bank_R14(six):
    table = deal(six)
    seat, _ = to_act(table)
    before = timezone.now()
    leaves(table, user_at(table, seat))
    assert 0 < seconds_left(table, before) <= 5 + 1
    t = fresh(table)
    services.handle_due(t.pk, t.version, now=t.deadline + timedelta(milliseconds=1))
    after = fresh(table)
    assert not after.time_bank_in_use  # no bank: the decision was taken
    assert Seat.objects.get(table=table, number=seat).time_bank == 20  # kept for their return
    assert to_act(table)[0] != seat


def test_a_player_who_comes_back_in_time_gets_their_clock_back_and_acts(six):
    table = deal(six)
    seat, _ = to_act(table)
    user = user_at(table, seat)
    leaves(table, user)
    now = timezone.now()
    assert seconds_left(table, now) <= 6
    comes_back(table, user)
    assert seconds_left(table, now) >= 19  # the action clock again
    act(table)
    assert to_act(table)[0] != seat


def test_a_player_who_is_not_on_turn_leaving_changes_nobody_elses_clock(six):
    table = deal(six)
    seat, _ = to_act(table)
    other = next(n for n in range(1, 7) if n != seat)
    deadline = fresh(table).deadline
    leaves(table, user_at(table, other))
    assert fresh(table).deadline == deadline
    assert Seat.objects.get(table=table, number=other).gone_since is not None


def test_after_a_timeout_the_players_next_decisions_in_the_hand_are_taken_at_once_R14(six):
    table = deal(six)
    seat, _ = to_act(table)  # under the gun: they will time out once
    t = fresh(table)
    services.handle_due(t.pk, t.version, now=t.deadline + timedelta(seconds=1))  # the bank
    t = fresh(table)
    services.handle_due(t.pk, t.version, now=t.deadline + timedelta(seconds=1))  # folded
    assert Seat.objects.get(table=table, number=seat).auto_act
    # (they folded: nothing more of theirs in this hand) the next hand, their own clock
    while fresh(table).in_hand:
        act(table)
    assert_chips_accounted(table)
    table = deal(table)
    assert not Seat.objects.get(table=table, number=seat).auto_act


def test_a_timed_out_player_who_could_check_is_not_given_the_clock_again_in_the_hand(
    make_table, players
):
    """Heads-up, the big blind times out preflop (a check, R14); after the flop they act
    first, and the clock takes their decision at once: no second wait in the hand. The
    decision taken at once is not a second timeout (no sitting out for it)."""
    table = make_table(action_seconds=20, time_bank_seconds=0)
    for n, p in enumerate(players[:2], start=1):
        services.sit(p, table.pk, n, 100)
    table = deal(table)
    act(table)  # the small blind (the button, heads-up) calls
    bb, _ = to_act(table)
    t = fresh(table)
    now = t.deadline + timedelta(seconds=1)
    services.handle_due(t.pk, t.version, now=now)  # the big blind checks by the clock
    seat, state = to_act(table)
    assert state["hand"]["street"] == "flop" and seat == bb  # first to act after the flop
    assert fresh(table).deadline == now  # at once
    t = fresh(table)
    services.handle_due(t.pk, t.version, now=now)
    big_blind = Seat.objects.get(table=table, number=bb)
    assert big_blind.timeouts_in_row == 1 and not big_blind.sit_out_next_hand
    seat, state = to_act(table)
    assert seat != bb  # the small blind's turn, on their own clock
    assert fresh(table).deadline == now + timedelta(seconds=20)
    act(table)  # checks: the big blind's turn on the turn, at once again
    assert to_act(table)[0] == bb and fresh(table).deadline <= timezone.now() + timedelta(seconds=1)
    services.act(user_at(table, bb), table.pk, "check", None, None)  # they are back
    assert not Seat.objects.get(table=table, number=bb).auto_act
    assert Seat.objects.get(table=table, number=bb).timeouts_in_row == 0


def test_a_hand_ends_within_30_s_after_two_of_six_leave_on_the_flop(six):
    """Target of the issue: a 20 s clock and a 20 s bank, two players leave on the flop,
    the others check along: the hand ends within 30 s (it was 175 s)."""
    table = deal(six)
    while to_act(table)[1]["hand"]["street"] == "preflop":
        act(table)
    now = timezone.now()
    flop_players = [n for n in range(1, 7) if Seat.objects.get(table=table, number=n).user]
    gone = flop_players[:2]
    for number in gone:
        leaves(table, user_at(table, number))
    spent = 0.0
    while fresh(table).in_hand:
        seat, _ = to_act(table)
        if seat in gone:
            t = fresh(table)
            spent += max(0.0, (t.deadline - now).total_seconds())
            now = max(now, t.deadline)
            services.handle_due(t.pk, t.version, now=now)
        else:
            act(table)
    assert spent <= 30, spent
    assert spent <= 2 * 5 + 1  # each gone player's short clock once, then at once
    assert_chips_accounted(table)


def test_a_hand_ends_at_once_when_everyone_in_it_leaves(six):
    """Target: within 30 s after all of them leave (it was 331 s): at once."""
    table = deal(six)
    while to_act(table)[1]["hand"]["street"] == "preflop":
        act(table)
    for player in [user_at(table, n) for n in range(1, 7)]:
        leaves(table, player)
    took = run_clock(table, timezone.now())
    assert took <= 1, took
    assert_chips_accounted(table)


def test_no_hand_starts_without_two_players_who_are_here(make_table, players):
    table = make_table()
    a, b, c = players[:3]
    for n, p in enumerate((a, b, c), start=1):
        services.sit(p, table.pk, n, 100)
        services.set_presence(p, table.pk, 1, SERVER)
    assert fresh(table).next_hand_at is not None
    leaves(table, b)
    assert fresh(table).next_hand_at is not None  # a and c are here
    leaves(table, c)
    assert fresh(table).next_hand_at is None  # only a: the hand waits
    assert not services.start_hand_if_ready(table.pk)
    comes_back(table, c)
    t = fresh(table)
    assert t.next_hand_at is not None
    table = deal(t)
    assert table.in_hand


def test_a_table_nobody_ever_connected_to_deals_as_before(make_table, players):
    """Seats no socket ever counted are not gone: the services' own tests and the bots
    that play without a browser deal as they always did."""
    table = make_table()
    for n, p in enumerate(players[:2], start=1):
        services.sit(p, table.pk, n, 100)
    assert deal(table).in_hand
    assert fresh(table).deadline - timezone.now() > timedelta(seconds=25)


def test_the_hosts_table_form_sets_the_short_clock(club_with_roles, client):
    from tests.tables.conftest import table_form_data

    club = club_with_roles["club"]
    client.force_login(club_with_roles["host"])
    response = client.post(
        f"/clubs/{club.slug}/tables/new/", table_form_data(name="Quick", away_seconds=8)
    )
    assert response.status_code == 302
    assert Table.objects.get(name="Quick").away_seconds == 8
    bad = client.post(
        f"/clubs/{club.slug}/tables/new/", table_form_data(name="Slow", away_seconds=999)
    )
    assert bad.status_code == 200 and not Table.objects.filter(name="Slow").exists()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_that_closes_mid_hand_shortens_its_players_clock_and_a_new_one_restores_it(
    make_table, players
):
    """Through real sockets: the player to act closes their only socket (their browser),
    the table's clock for them becomes the short one; they open the page again before it
    runs out and get the action clock back."""
    from channels.db import database_sync_to_async as sync_to_async

    from tests.conftest import eventually_async
    from tests.tables.socket_helpers import connect, drain, receive

    table = await sync_to_async(make_table)(action_seconds=30, away_seconds=4)
    a, b = players[:2]
    await sync_to_async(services.sit)(a, table.pk, 1, 100)
    await sync_to_async(services.sit)(b, table.pk, 2, 100)
    sockets = {}
    for p in (a, b):
        sockets[p.pk], _, _ = await connect(p, table.pk)
        await receive(sockets[p.pk], "state")

    async def connected(user) -> bool:
        seat = await sync_to_async(Seat.objects.get)(table=table, user=user)
        return seat.connections > 0

    for p in (a, b):
        await eventually_async(lambda p=p: connected(p), what="the seat counted as connected")
    await sync_to_async(deal)(table)
    seat, _ = await sync_to_async(to_act)(table)
    player = a if seat == 1 else b

    async def clock_left() -> float:
        t = await sync_to_async(fresh)(table)
        return (t.deadline - timezone.now()).total_seconds()

    assert await clock_left() > 20
    await sockets[player.pk].disconnect()
    await eventually_async(lambda: _shorter(clock_left, 5), what="the short clock")
    back, _, _ = await connect(player, table.pk)
    await drain(back)
    await eventually_async(lambda: _longer(clock_left, 20), what="the action clock back")
    for c in (back, sockets[(b if player is a else a).pk]):
        await c.disconnect()


async def _shorter(left, seconds) -> bool:
    return await left() <= seconds


async def _longer(left, seconds) -> bool:
    return await left() > seconds
