"""The host's controls: approving seats, removing a player, correcting a stack, pausing,
resuming and closing the table. Each checks the host's role after taking the table's lock
(``common.lock``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from pokerclub.text import problem_in, refusal
from tables.money.models import LedgerEntry
from tables.play import table_log as handlog
from tables.play.actions.between_hands import (
    cash_out_seat,
    finish_closing,
    leave_seat,
    schedule_next_hand,
    seats_in_hand,
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
        fields += ["status", "next_hand_at", "carried_pot"]
    commit_change(table, seats, fields=fields)


REASON_MAX = LedgerEntry._meta.get_field("note").max_length or 120
MOST_CHIPS = 10**12


@transaction.atomic
def adjust_stack(actor: Any, table_id: int, seat_number: Any, stack: Any, reason: Any) -> Seat:
    """A host corrects a player's stack between hands (a miscount, a chip given back), with
    a reason everyone reads: a ledger line whose other side is the house
    (``LedgerEntry.Kind.ADJUST_ADD`` / ``ADJUST_REMOVE``, in the session's nets), and a line
    in the table's log. Refused during the player's hand, at a tournament's table (its chips
    are the tournament's), for an empty seat, a stack below zero or unchanged, an empty or
    unprintable reason."""
    if isinstance(seat_number, bool) or not isinstance(seat_number, int):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be a seat number.") % {"field": "seat"}
        )
    if isinstance(stack, bool) or not isinstance(stack, int) or not 0 <= stack <= MOST_CHIPS:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE, _("A stack is a whole amount, zero or more.")
        )
    note = " ".join(reason.split()) if isinstance(reason, str) else ""
    if not note:
        raise PlayError(PlayErrorCode.BAD_FIELD, _("Say why the stack changes."))
    if len(note) > REASON_MAX:
        raise PlayError(
            PlayErrorCode.BAD_FIELD,
            _("A reason can have at most %(count)d characters.") % {"count": REASON_MAX},
        )
    problem = problem_in(note, name=True)
    if problem:
        raise PlayError(PlayErrorCode.BAD_TEXT, refusal(problem, "text"))
    table, seats = lock(table_id, host=actor, must_be_open=True)
    refuse_at_tournament(table)
    seat = next((s for s in seats if s.number == seat_number and s.user_id), None)
    if seat is None or seat.status == Seat.Status.REQUESTED:
        raise PlayError(PlayErrorCode.NO_SUCH_SEAT, _("Nobody sits there."))
    if seat.number in seats_in_hand(table):
        raise PlayError(
            PlayErrorCode.IN_HAND,
            _("A stack is corrected between hands: wait for this one to end."),
        )
    before = seat.stack
    if stack == before:
        raise PlayError(PlayErrorCode.BAD_FIELD, _("That is already their stack."))
    kind = LedgerEntry.Kind.ADJUST_ADD if stack > before else LedgerEntry.Kind.ADJUST_REMOVE
    LedgerEntry.objects.create(
        table=table, user_id=seat.user_id, kind=kind, amount=abs(stack - before), note=note
    )
    seat.stack = stack
    seat.save(update_fields=["stack"])
    table.hand_log = handlog.extend(
        table.hand_log or [],
        [
            {
                "seat": seat.number,
                "say": "stack_adjusted",
                "args": {"who": str(seat.user), "amount": stack, "before": before, "reason": note},
            }
        ],
    )
    commit_change(table, seats, fields=["hand_log", *schedule_next_hand(table, seats)])
    return seat
