"""Top-ups and rebuys follow one rule (R16.1, engine.table.buy_in_range): the stack after
adding lies between the table's minimum and maximum buy-in. The state shows every seat the
exact range it may add now (``top_up``), and the server takes exactly that range, between
hands, during a hand and all-in."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction

from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat, Table
from tables.play.projection import load_public_state

pytestmark = pytest.mark.django_db


class _Undo(Exception):
    pass


def takes(user, table_id, amount) -> bool:
    """Whether the server accepts this top-up (undone afterwards)."""
    try:
        with transaction.atomic():
            services.top_up(user, table_id, amount)
            raise _Undo
    except _Undo:
        return True
    except PlayError as error:
        assert error.code == PlayErrorCode.AMOUNT_OUT_OF_RANGE, error.message
        return False


def shown_range(table_id, number):
    return next(s for s in load_public_state(table_id)["seats"] if s["number"] == number)["top_up"]


def assert_state_and_server_agree(table_id, number):
    user = Seat.objects.get(table_id=table_id, number=number).user
    shown = shown_range(table_id, number)
    if shown is None:
        assert not takes(user, table_id, 1)
        return None
    assert takes(user, table_id, shown["max"]) and not takes(user, table_id, shown["max"] + 1)
    assert takes(user, table_id, shown["min"])
    if shown["min"] > 1:
        assert not takes(user, table_id, shown["min"] - 1)
    return shown


def deal(table_id):
    table = Table.objects.get(pk=table_id)
    assert services.handle_due(
        table.pk, table.version, now=table.next_hand_at + timedelta(milliseconds=1)
    )


def test_between_hands_the_stack_after_adding_stays_within_the_buy_in_limits_R16_1(table, players):
    ann = players[0]
    services.sit(ann, table.pk, 1, 150)  # limits 40..200
    assert assert_state_and_server_agree(table.pk, 1) == {"min": 1, "max": 50}
    services.top_up(ann, table.pk, 50)
    assert assert_state_and_server_agree(table.pk, 1) is None  # at the maximum


def test_a_short_stack_must_add_enough_to_reach_the_minimum_R16_1(table, players):
    ann = players[0]
    services.sit(ann, table.pk, 1, 40)
    Seat.objects.filter(table=table, number=1).update(stack=10)  # lost most of it
    assert assert_state_and_server_agree(table.pk, 1) == {"min": 30, "max": 190}


def test_during_a_hand_the_range_is_measured_on_the_chips_behind(table, players):
    ann, ben = players[:2]
    services.sit(ann, table.pk, 1, 150)
    services.sit(ben, table.pk, 2, 150)
    deal(table.pk)
    state = load_public_state(table.pk)
    for seat in state["seats"][:2]:
        behind = seat["stack"]  # 149 or 148 after the blinds
        assert assert_state_and_server_agree(table.pk, seat["number"]) == {
            "min": 1,
            "max": 200 - behind,
        }


def test_all_in_a_player_may_add_from_the_minimum_to_the_maximum(table, players):
    ann, ben = players[:2]
    services.sit(ann, table.pk, 1, 100)
    services.sit(ben, table.pk, 2, 100)
    deal(table.pk)
    hand = load_public_state(table.pk)["hand"]
    shover = hand["to_act"]
    user = Seat.objects.get(table=table, number=shover).user
    services.act(user, table.pk, "all_in", None, None)
    assert assert_state_and_server_agree(table.pk, shover) == {"min": 40, "max": 200}


def test_a_top_up_from_during_the_hand_never_takes_the_stack_past_the_maximum(table, players):
    ann, ben = players[:2]
    services.sit(ann, table.pk, 1, 150)
    services.sit(ben, table.pk, 2, 150)
    deal(table.pk)
    hand = load_public_state(table.pk)["hand"]
    first = hand["to_act"]
    other = 2 if first == 1 else 1
    winner = Seat.objects.get(table=table, number=other).user
    room = shown_range(table.pk, other)["max"]
    services.top_up(winner, table.pk, room)  # asked for with 148 or 149 behind
    services.act(Seat.objects.get(table=table, number=first).user, table.pk, "fold", None, None)
    seat = Seat.objects.get(table=table, number=other)
    assert seat.stack == 200 and seat.pending_chips == 0  # won the blinds: not all was needed
    state = Table.objects.get(pk=table.pk).hand_state
    won_to = state["stacks"][state["seats"].index(other)]  # the stack the hand left them
    assert won_to > 200 - room
    added = LedgerEntry.objects.get(table=table, kind="top_up", user=winner).amount
    assert added == 200 - won_to
    bought = sum(
        LedgerEntry.objects.filter(table=table, kind__in=["buy_in", "top_up"]).values_list(
            "amount", flat=True
        )
    )
    assert bought == sum(Seat.objects.filter(table=table).values_list("stack", flat=True))


def test_a_rebuy_after_the_hand_ended_shows_at_once_not_at_the_next_deal(table, players):
    ann, ben = players[:2]
    services.sit(ann, table.pk, 1, 40)
    services.sit(ben, table.pk, 2, 200)
    deal(table.pk)
    while not (hand := load_public_state(table.pk)["hand"])["finished"]:  # Ann shoves, Ben calls
        user = Seat.objects.get(table=table, number=hand["to_act"]).user
        if hand["legal"]["bet_or_raise"] and user == ann:
            services.act(user, table.pk, "all_in", None, None)
        else:
            services.act(user, table.pk, "call" if hand["legal"]["call"] else "check", None, None)
        table_row = Table.objects.get(pk=table.pk)
        while table_row.hand_state["phase"] == "runout":  # the clock deals the board
            assert services.handle_due(table_row.pk, table_row.version, now=table_row.deadline)
            table_row = Table.objects.get(pk=table.pk)
    loser = min(load_public_state(table.pk)["seats"][:2], key=lambda s: s["stack"])
    loser_user = Seat.objects.get(table=table, number=loser["number"]).user
    before = loser["stack"]
    amount = shown_range(table.pk, loser["number"])["max"]
    services.top_up(loser_user, table.pk, amount)
    seat = next(s for s in load_public_state(table.pk)["seats"] if s["number"] == loser["number"])
    assert seat["stack"] == before + amount == 200
    assert seat["top_up"] is None  # at the maximum: the dialog offers nothing more
