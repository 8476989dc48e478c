"""A member who leaves the club or is removed from it can no longer play (DESIGN invariant
3: membership is checked where each change is applied, R16.2): every play service refuses
them with ``not_a_member`` and changes nothing, their seat is played by the clock and cashed
out, and their open sockets close with 4403."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.utils import timezone

from pokerclub import actions
from pokerclub.models import Membership
from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import ChatMessage, Seat, Table
from tables.play.phrases import render
from tables.play.projection import load_public_state
from tests.conftest import BUSY_BOX_SECONDS
from tests.tables.socket_helpers import close_code, connect, receive

pytestmark = pytest.mark.django_db(transaction=True)


def fresh(table):
    return Table.objects.get(pk=table.pk)


def deal(table):
    table = fresh(table)
    assert services.handle_due(
        table.pk, table.version, now=table.next_hand_at + timedelta(milliseconds=1)
    )
    return fresh(table)


def remove(club_with_roles, user):
    membership = Membership.objects.get(club=club_with_roles["club"], user=user)
    actions.remove_member(club_with_roles["owner"], club_with_roles["club"], membership.pk)


def everything(table):
    """What a refused request must leave exactly as it was."""
    t = fresh(table)
    return (
        t.version,
        t.hand_state,
        t.hand_tail,
        t.pending_settings,
        list(Seat.objects.filter(table=t).order_by("number").values()),
        list(LedgerEntry.objects.filter(table=t).values_list("kind", "user_id", "amount")),
        ChatMessage.objects.filter(table=t).count(),
    )


PLAY_REQUESTS = [
    ("fold", lambda u, t: services.act(u, t, "fold", None, None)),
    ("check", lambda u, t: services.act(u, t, "check", None, None)),
    ("call", lambda u, t: services.act(u, t, "call", None, None)),
    ("raise", lambda u, t: services.act(u, t, "raise", 10, None)),
    ("all_in", lambda u, t: services.act(u, t, "all_in", None, None)),
    ("run_twice", lambda u, t: services.act(u, t, "run_twice", 1, None)),
    ("show", lambda u, t: services.act(u, t, "show", None, None)),
    ("muck", lambda u, t: services.act(u, t, "muck", None, None)),
    ("sit_out", services.sit_out),
    ("sit_in", services.sit_in),
    ("leave", services.leave),
    ("wait_for_bb", lambda u, t: services.set_blind_choice(u, t, True)),
    ("straddle", lambda u, t: services.set_straddle(u, t, False)),
    ("top_up", lambda u, t: services.top_up(u, t, 10)),
    ("sit", lambda u, t: services.sit(u, t, 6, 100)),
    ("chat", lambda u, t: services.post_chat(u, t, "still here?")),
    ("show_cards", lambda u, t: services.show_after_hand(u, t, 1, [0])),
]


@pytest.mark.parametrize(("name", "request_"), PLAY_REQUESTS, ids=[n for n, _ in PLAY_REQUESTS])
def test_a_member_removed_during_a_hand_is_refused_by_every_play_service(
    table, players, club_with_roles, name, request_
):
    ann, ben, cat = players[:3]
    for number, user in ((1, ann), (2, ben), (3, cat)):
        services.sit(user, table.pk, number, 100)
    deal(table)
    to_act = load_public_state(table.pk)["hand"]["to_act"]
    victim = Seat.objects.get(table=table, number=to_act).user  # even on their own turn
    remove(club_with_roles, victim)
    before = everything(table)
    with pytest.raises(PlayError) as refused:
        request_(victim, table.pk)
    assert refused.value.code == PlayErrorCode.NOT_A_MEMBER, refused.value.message
    assert everything(table) == before


def test_a_removed_players_turn_is_taken_at_once_and_they_are_cashed_out_at_the_end_R16_2(
    table, players, club_with_roles
):
    ann, ben = players[:2]
    services.sit(ann, table.pk, 1, 100)
    services.sit(ben, table.pk, 2, 100)
    t = deal(table)
    hand = load_public_state(t.pk)["hand"]
    victim_seat = hand["to_act"]
    victim = Seat.objects.get(table=t, number=victim_seat).user
    other_seat = 1 if victim_seat == 2 else 2
    remove(club_with_roles, victim)
    t = fresh(t)
    assert Seat.objects.get(table=t, number=victim_seat).leave_after_hand
    assert t.deadline <= timezone.now() and t.deadline_seat == victim_seat
    assert services.handle_due(t.pk, t.version)  # the clock, at once: no time bank
    t = fresh(t)
    # heads-up the button faces the big blind: no check, so the default is a fold (R14)
    assert t.hand_state["phase"] == "finished"
    stacks = {n: s for n, s in zip(t.hand_state["seats"], t.hand_state["stacks"], strict=True)}
    assert Seat.objects.get(table=t, number=victim_seat).user is None
    cash_out = LedgerEntry.objects.get(table=t, kind="cash_out", user=victim)
    assert cash_out.amount == stacks[victim_seat] == 99
    assert Seat.objects.get(table=t, number=other_seat).stack == 101
    told = [render(line, str) for line in t.hand_log]
    assert f"{victim} is no longer a member of the club" in told


def test_a_removed_players_later_turns_are_taken_at_once_too(table, players, club_with_roles):
    ann, ben, cat = players[:3]
    for number, user in ((1, ann), (2, ben), (3, cat)):
        services.sit(user, table.pk, number, 100)
    t = deal(table)
    to_act = load_public_state(t.pk)["hand"]["to_act"]
    waiting = next(n for n in (1, 2, 3) if n != to_act)  # not their turn yet
    victim = Seat.objects.get(table=t, number=waiting).user
    remove(club_with_roles, victim)
    t = fresh(t)
    assert t.deadline_seat == to_act and t.deadline > timezone.now() + timedelta(seconds=5)
    while (hand := load_public_state(t.pk)["hand"])["to_act"] != waiting:
        user = Seat.objects.get(table=t, number=hand["to_act"]).user
        services.act(user, t.pk, "call", None, None)
    t = fresh(t)
    assert t.deadline_seat == waiting and t.deadline <= timezone.now()


def test_a_member_removed_between_hands_is_cashed_out_at_once(table, players, club_with_roles):
    ann = players[0]
    services.sit(ann, table.pk, 1, 150)
    remove(club_with_roles, ann)
    assert Seat.objects.get(table=table, number=1).user is None
    assert LedgerEntry.objects.get(table=table, kind="cash_out", user=ann).amount == 150


def test_leaving_the_club_releases_the_seat_the_same_way(table, players, club_with_roles):
    ann = players[0]
    services.sit(ann, table.pk, 1, 80)
    actions.leave_club(ann, club_with_roles["club"])
    assert Seat.objects.get(table=table, number=1).user is None
    assert LedgerEntry.objects.get(table=table, kind="cash_out", user=ann).amount == 80


@pytest.mark.asyncio
async def test_a_removed_members_open_sockets_close_with_4403(table, players, club_with_roles):
    ann, ben = players[:2]
    watching, ok, _ = await connect(ann, table.pk)
    staying, ok2, _ = await connect(ben, table.pk)
    assert ok and ok2
    await sync_to_async(remove)(club_with_roles, ann)
    assert await close_code(watching) == 4403
    again, _, _ = await connect(ann, table.pk)  # accepted, then closed with 4403 (docs/protocol.md)
    closed = await again.receive_output(timeout=BUSY_BOX_SECONDS)
    assert closed == {"type": "websocket.close", "code": 4403}
    # the others stay connected
    await staying.send_to(text_data=json.dumps({"type": "sync"}))
    await receive(staying, "state")
    await staying.disconnect()
