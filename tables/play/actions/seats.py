"""What a player does with their own seat: sit down and buy in, top up, sit out and in,
blind and straddle choices, leave; and what happens to the seats of a member who leaves
the club. Every chip that comes to a table is a ledger row (R16.1)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pokerclub.models import Role
from tables.money.models import LedgerEntry
from tables.play.actions.between_hands import leave_seat, schedule_next_hand, seats_in_hand
from tables.play.actions.common import (
    broadcast_on_commit,
    check_amount,
    commit_change,
    lock,
    lock_own_seat,
    membership,
    refuse_at_tournament,
    require_open,
    seat_of,
)
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.hand_state import current_state, top_up_range
from tables.play.models import NewPlayerPolicy, Seat, Table

MAX_GUESTS_WAITING = 4
"""Seat requests of guests a table holds at once: a flood of nicknames cannot take every
chair while the host looks away."""


def _guests_waiting(table: Table, seats: list[Seat]) -> int:
    return sum(
        1 for s in seats if s.status == Seat.Status.REQUESTED and s.member_role == Role.GUEST
    )


@transaction.atomic
def sit(user: Any, table_id: int, seat_number: Any, amount: Any) -> Seat:
    """Take a free seat and buy in within the table's limits (R16.1).

    With ``approve_seats`` on, a member who is not a host asks instead; so does a guest where
    the club's guests need approval (``Club.guests_need_approval``). The buy-in is held as
    ``pending_chips`` until the host approves (no ledger row until then).
    """
    if isinstance(seat_number, bool) or not isinstance(seat_number, int):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be a seat number.") % {"field": "seat"}
        )
    amount = check_amount(amount)
    table, seats = lock(table_id)
    m = membership(user, table)
    refuse_at_tournament(table)
    require_open(table)
    if seat_of(seats, user) is not None:
        raise PlayError(PlayErrorCode.ALREADY_SEATED, _("You already have a seat at this table."))
    seat = next((s for s in seats if s.number == seat_number), None)
    if seat is None:
        raise PlayError(
            PlayErrorCode.NO_SUCH_SEAT,
            _("This table has no seat %(number)s.") % {"number": seat_number},
        )
    if seat.user_id is not None:
        raise PlayError(PlayErrorCode.SEAT_TAKEN, _("Somebody is already sitting there."))
    limits = top_up_range(table, 0, 0)  # R16.1 from an empty stack
    if limits is None or not limits[0] <= amount <= limits[1]:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            _("The buy-in must be between %(least)s and %(most)s.")
            % {"least": table.min_buy_in, "most": table.max_buy_in},
        )
    seat.user = user
    seat.member_role = m.role  # as table_seats would read it: the frame marks a guest
    seat.time_bank = table.time_bank_seconds
    seat.owes_big_blind = True  # R2.6; engine.table.plan_hand deals a new table in afresh
    if m.is_guest and _guests_waiting(table, seats) >= MAX_GUESTS_WAITING:
        raise PlayError(
            PlayErrorCode.RATE_LIMITED,
            _("Other guests are waiting for the host's answer: ask again in a moment."),
        )
    if not m.is_host and (table.approve_seats or (m.is_guest and table.club.guests_need_approval)):
        seat.status = Seat.Status.REQUESTED
        seat.pending_chips = amount
        seat.save()
        commit_change(table, seats)
        return seat
    seat.status = Seat.Status.SEATED
    seat.stack = amount
    seat.save()
    LedgerEntry.objects.create(table=table, user=user, kind=LedgerEntry.Kind.BUY_IN, amount=amount)
    commit_change(table, seats, fields=schedule_next_hand(table, seats))
    return seat


@transaction.atomic
def top_up(user: Any, table_id: int, amount: Any) -> Seat:
    """Add chips up to the maximum buy-in (a rebuy when busted needs the minimum).

    During a hand the chips wait as ``pending_chips`` and are added before the next (R16.1).
    """
    amount = check_amount(amount)
    table, seats, seat = lock_own_seat(user, table_id, must_be_open=True)
    refuse_at_tournament(table)
    if seat.status == Seat.Status.REQUESTED:
        raise PlayError(PlayErrorCode.NOT_SEATED, _("The host has not let you sit down yet."))
    in_hand = seat.number in seats_in_hand(table)
    limits = top_up_range(table, _chips_behind(table, seat, in_hand), seat.pending_chips)
    if limits is None:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            _("You are at the maximum buy-in of %(most)s: nothing can be added.")
            % {"most": table.max_buy_in},
        )
    least, most = limits
    if amount > most:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            _(
                "That would take you above the maximum buy-in of %(maximum)s; "
                "you can add up to %(most)s."
            )
            % {"maximum": table.max_buy_in, "most": most},
        )
    if amount < least:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            _("Your stack must reach the minimum buy-in of %(minimum)s: add at least %(least)s.")
            % {"minimum": table.min_buy_in, "least": least},
        )
    if in_hand:
        seat.pending_chips += amount
        seat.save(update_fields=["pending_chips"])
        fields: list[str] = []
    else:
        seat.stack += amount
        seat.save(update_fields=["stack"])
        LedgerEntry.objects.create(
            table=table, user=user, kind=LedgerEntry.Kind.TOP_UP, amount=amount
        )
        fields = schedule_next_hand(table, seats)
    commit_change(table, seats, fields=fields)
    return seat


def _chips_behind(table: Table, seat: Seat, in_hand: bool) -> int:
    """The seat's chips now: during a hand its stack in the hand, else the seat's."""
    if not in_hand:
        return seat.stack
    state = current_state(table)
    assert state is not None  # in_hand
    return state.stacks[state.seats.index(seat.number)]


@transaction.atomic
def sit_out(user: Any, table_id: int) -> None:
    """Keep the seat and chips but skip hands (R16.2); from the next hand if in one."""
    table, seats, seat = lock_own_seat(user, table_id)
    refuse_at_tournament(table)
    if seat.number in seats_in_hand(table):
        seat.sit_out_next_hand = True
    elif seat.status == Seat.Status.SEATED:
        seat.status = Seat.Status.SITTING_OUT
    seat.save()
    commit_change(table, seats, fields=schedule_next_hand(table, seats))


@transaction.atomic
def sit_in(user: Any, table_id: int) -> None:
    """Come back from sitting out; a player who missed the big blind posts or waits (R2.6)."""
    table, seats, seat = lock_own_seat(user, table_id, must_be_open=True)
    if seat.status == Seat.Status.REQUESTED:
        raise PlayError(PlayErrorCode.NOT_SEATED, _("The host has not let you sit down yet."))
    seat.sit_out_next_hand = False
    seat.timeouts_in_row = 0
    if seat.status == Seat.Status.SITTING_OUT:
        seat.status = Seat.Status.SEATED
    seat.save()
    commit_change(table, seats, fields=schedule_next_hand(table, seats))


@transaction.atomic
def set_blind_choice(user: Any, table_id: int, wait: Any) -> None:
    """A player chooses to post a big blind they owe at once, or to wait for it (R2.6).
    The choice stays for whenever they owe one; without it the table's default applies."""
    if not isinstance(wait, bool):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be true or false.") % {"field": "wait"}
        )
    table, seats, seat = lock_own_seat(user, table_id)
    refuse_at_tournament(table)
    seat.blind_choice = NewPlayerPolicy.WAIT if wait else NewPlayerPolicy.POST
    seat.save(update_fields=["blind_choice"])
    commit_change(table, seats)


@transaction.atomic
def set_straddle(user: Any, table_id: int, on: Any) -> None:
    """A player chooses to straddle whenever they are under the gun (R3.3)."""
    if not isinstance(on, bool):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be true or false.") % {"field": "on"}
        )
    table, seats, seat = lock_own_seat(user, table_id)
    if on and not table.straddle_allowed:
        raise PlayError(PlayErrorCode.NOT_ALLOWED, _("This table does not allow straddles."))
    seat.straddle = on
    seat.save(update_fields=["straddle"])
    commit_change(table, seats)


@transaction.atomic
def leave(user: Any, table_id: int) -> None:
    """Leave the seat and cash out; during a hand, when it ends (R16.2)."""
    table, seats, seat = lock_own_seat(user, table_id)
    refuse_at_tournament(table)
    leave_seat(table, seat)
    commit_change(table, seats, fields=schedule_next_hand(table, seats))


def release_member(club_id: int, user_id: int, *, code: int | None = None) -> None:
    """A player left the club or was removed from it (call it in the transaction that
    deleted the membership, with the membership already gone).

    At every table of the club: a seat they hold is cashed out now, or, during a hand, when
    the hand ends (a ledger row either way); meanwhile the clock decides for them at once on
    each of their turns (R14's default: check if they can, else fold; muck). Their sockets
    to the club's tables are closed after commit (``table.kick``, with close ``code`` when
    given: a banned guest's). Every table row of the
    club is locked, in id order, so that a ``sit`` racing this removal either comes first
    (and its seat is released here) or sees that the membership is gone.
    """
    table_ids = list(
        Table.objects.filter(club_id=club_id).order_by("pk").values_list("pk", flat=True)
    )
    for table_id in table_ids:
        table, seats = lock(table_id)
        seat = next((s for s in seats if s.user_id == user_id), None)
        if seat is not None and table.tournament_id is not None:
            # a tournament keeps their chips in play: the clock blinds them away (R14)
            seat = None
        if seat is not None:
            fields = []
            if seat.number in seats_in_hand(table) and table.deadline_seat == seat.number:
                table.deadline = timezone.now()  # their turn now: the clock acts for them
                fields.append("deadline")
            leave_seat(table, seat)
            commit_change(table, seats, fields=[*fields, *schedule_next_hand(table, seats)])
        kick: dict[str, Any] = {"type": "table.kick", "user_id": user_id}
        if code is not None:
            kick["code"] = code  # the socket's close code (default 4403: not a member)
        broadcast_on_commit(table_id, kick)
