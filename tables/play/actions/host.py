"""The host's controls: approving seats, removing a player, pausing, resuming and closing
the table. Each checks the host's role after taking the table's lock (``common.lock``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tables.money.models import LedgerEntry
from tables.play.actions.between_hands import (
    cash_out_seat,
    finish_closing,
    leave_seat,
    schedule_next_hand,
)
from tables.play.actions.common import commit_change, lock, refuse_at_tournament
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat, Table


@transaction.atomic
def approve_seat(actor: Any, table_id: int, seat_number: int) -> None:
    table, seats = lock(table_id, host=actor, must_be_open=True)
    refuse_at_tournament(table)
    seat = _requested(seats, seat_number)
    amount = seat.pending_chips
    seat.status = Seat.Status.SEATED
    seat.stack = amount
    seat.pending_chips = 0
    seat.save()
    LedgerEntry.objects.create(
        table=table, user_id=seat.user_id, kind=LedgerEntry.Kind.BUY_IN, amount=amount
    )
    commit_change(table, seats, fields=schedule_next_hand(table, seats))


@transaction.atomic
def reject_seat(actor: Any, table_id: int, seat_number: int) -> None:
    table, seats = lock(table_id, host=actor)
    refuse_at_tournament(table)
    seat = _requested(seats, seat_number)
    seat.pending_chips = 0  # nothing was bought in yet
    cash_out_seat(table, seat)
    commit_change(table, seats)


def _requested(seats: list[Seat], seat_number: Any) -> Seat:
    seat = next((s for s in seats if s.number == seat_number), None)
    if seat is None or seat.status != Seat.Status.REQUESTED:
        raise PlayError(PlayErrorCode.NO_SUCH_SEAT, _("Nobody is asking for that seat."))
    return seat


@transaction.atomic
def remove_player(actor: Any, table_id: int, seat_number: Any) -> None:
    """The host removes a player; cashed out when the current hand ends."""
    table, seats = lock(table_id, host=actor)
    refuse_at_tournament(table)
    seat = next((s for s in seats if s.number == seat_number and s.user_id), None)
    if seat is None:
        raise PlayError(PlayErrorCode.NO_SUCH_SEAT, _("Nobody sits there."))
    leave_seat(table, seat)
    commit_change(table, seats, fields=schedule_next_hand(table, seats))


@transaction.atomic
def pause(actor: Any, table_id: int) -> None:
    """Pause after the current hand (R16.3)."""
    table, seats = lock(table_id, host=actor, must_be_open=True)
    refuse_at_tournament(table)
    table.pause_requested = True
    fields = ["pause_requested"]
    if not table.in_hand:
        table.status = Table.Status.PAUSED
        fields.append("status")
    fields += schedule_next_hand(table, seats)
    commit_change(table, seats, fields=fields)


@transaction.atomic
def resume(actor: Any, table_id: int) -> None:
    table, seats = lock(table_id, host=actor, must_be_open=True)
    refuse_at_tournament(table)
    table.pause_requested = False
    table.status = Table.Status.OPEN
    fields = ["pause_requested", "status", *schedule_next_hand(table, seats)]
    commit_change(table, seats, fields=fields)


@transaction.atomic
def close_table(actor: Any, table_id: int) -> None:
    """Close the table: everyone is cashed out (after the current hand, if one is running)."""
    table, seats = lock(table_id, host=actor, must_be_open=True)
    refuse_at_tournament(table)
    table.close_requested = True
    fields = ["close_requested"]
    if not table.in_hand:
        finish_closing(table, seats)
        fields += ["status", "next_hand_at"]
    commit_change(table, seats, fields=fields)
