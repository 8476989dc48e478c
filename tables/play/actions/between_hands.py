"""Between hands: when the next hand may start, and the bookkeeping of seats that leave,
sit out or top up (R16). Every chip that leaves a table is a ledger row here."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from engine.table import Blinds
from tables.money.actions.sessions import record_nets
from tables.money.models import LedgerEntry
from tables.play.actions import deck
from tables.play.actions.common import is_ready
from tables.play.models import Seat, Table


def seats_in_hand(table: Table) -> set[int]:
    """Seat numbers dealt into the hand in progress (empty between hands)."""
    state = table.hand_state
    return set(state["config"]["seats"]) if state is not None and table.in_hand else set()


def enough_here(seats: list[Seat]) -> bool:
    """Two players who can be dealt in and are here: a hand never starts for players whose
    browsers have all closed (``Seat.gone_since``); it waits for one of them to come back."""
    return sum(1 for s in seats if is_ready(s) and s.gone_since is None) >= 2


def schedule_next_hand(table: Table, seats: list[Seat], now: Any = None) -> list[str]:
    """Set ``next_hand_at`` when a hand could start (R16.3); clear it when none can.

    When it sets ``next_hand_at`` it also commits to that hand's deck (:func:`deck.plan_next`).
    Returns the table fields it changed.
    """
    now = now or timezone.now()
    can_start = (
        not table.in_hand
        and table.status == Table.Status.OPEN
        and not table.pause_requested
        and (
            enough_here(seats)
            # a tournament's table with a player left is its tournament's to look at
            # between hands (balancing may bring players or break it: services.tournaments)
            or (table.tournament_id is not None and any(s.user_id is not None for s in seats))
        )
    )
    if can_start and table.next_hand_at is None:
        # the pause after a hand (or after the second player sits down), settings.NEXT_HAND_DELAY_MS
        table.next_hand_at = now + timedelta(milliseconds=settings.NEXT_HAND_DELAY_MS)
        # the next hand's deck is committed now, before players send their nonces (R15.1)
        return ["next_hand_at", *deck.plan_next(table, seats=seats)]
    if not can_start and table.next_hand_at is not None:
        table.next_hand_at = None
        return ["next_hand_at"]
    return []


def cash_out_seat(table: Table, seat: Seat) -> None:
    """Pay the seat's chips out to its player (a ledger row) and free the seat."""
    amount = seat.stack
    if amount:
        LedgerEntry.objects.create(
            table=table, user_id=seat.user_id, kind=LedgerEntry.Kind.CASH_OUT, amount=amount
        )
    seat.user = None
    seat.status = Seat.Status.EMPTY
    seat.stack = 0
    seat.pending_chips = 0
    seat.owes_big_blind = False
    seat.blind_choice = ""
    seat.leave_after_hand = seat.sit_out_next_hand = False
    seat.timeouts_in_row = 0
    seat.time_bank = 0
    seat.run_twice_preference = None
    seat.straddle = False
    seat.connections = 0
    seat.gone_since = None
    seat.auto_act = False
    seat.save()


def leave_seat(table: Table, seat: Seat) -> None:
    if seat.number in seats_in_hand(table):
        seat.leave_after_hand = True
        seat.save(update_fields=["leave_after_hand"])
        return
    if seat.pending_chips and seat.status != Seat.Status.REQUESTED:
        seat.stack += seat.pending_chips
        LedgerEntry.objects.create(
            table=table,
            user_id=seat.user_id,
            kind=LedgerEntry.Kind.TOP_UP,
            amount=seat.pending_chips,
        )
    seat.pending_chips = 0
    cash_out_seat(table, seat)


def share_carried_pot(table: Table, seats: list[Seat]) -> None:
    """R35.5: a pot of poker all'italiana still carried when the table closes (or the host
    changes its game) goes back in equal shares to the players dealt into the hand that
    carried it, the odd chips one each in seat order: into the stack of those still seated
    (cashed out with it at a close), as a cash-out to those who have left. So every chip
    that came into the table leaves it, and the session's nets add up."""
    shares = table.carried_shares()
    table.carried_pot = {}
    seated = {
        s.user_id: s
        for s in seats
        if s.user_id is not None and s.status in (Seat.Status.SEATED, Seat.Status.SITTING_OUT)
    }
    for user_id, chips in shares:
        seat = seated.get(user_id)
        if not chips:
            continue
        if seat is not None:
            seat.stack += chips
            seat.save(update_fields=["stack"])
        else:
            LedgerEntry.objects.create(
                table=table, user_id=user_id, kind=LedgerEntry.Kind.CASH_OUT, amount=chips
            )


def cash_out_leavers(table: Table, seats: list[Seat]) -> None:
    """Between hands: apply pending top-ups, sit-outs and departures (R16.1, R16.2); at a
    close, a pot carried goes back first (R35.5)."""
    if table.close_requested and table.carried_pot:
        share_carried_pot(table, seats)
    for seat in seats:
        if seat.user_id is None:
            continue
        changed = False
        if seat.status == Seat.Status.REQUESTED:
            continue
        if seat.pending_chips:
            # asked for during the hand: what would pass the maximum after it is not added
            added = min(seat.pending_chips, max(0, table.max_buy_in - seat.stack))
            if added:
                LedgerEntry.objects.create(
                    table=table,
                    user_id=seat.user_id,
                    kind=LedgerEntry.Kind.TOP_UP,
                    amount=added,
                )
            seat.stack += added
            seat.pending_chips = 0
            changed = True
        if seat.leave_after_hand or table.close_requested:
            cash_out_seat(table, seat)
            continue
        if seat.sit_out_next_hand:
            seat.status = Seat.Status.SITTING_OUT
            seat.sit_out_next_hand = False
            changed = True
        if changed:
            seat.save()


def finish_closing(table: Table, seats: list[Seat]) -> None:
    """Close the table between hands: a pot carried goes back (R35.5), everyone is cashed
    out, and the session's nets are recorded. The caller saves ``status``,
    ``next_hand_at`` and ``carried_pot``."""
    if table.carried_pot:
        share_carried_pot(table, seats)
    for seat in seats:
        if seat.user_id is not None:
            if seat.status == Seat.Status.REQUESTED:
                seat.pending_chips = 0
            leave_seat(table, seat)
    table.status = Table.Status.CLOSED
    table.next_hand_at = None
    record_nets(table)  # the session's result, for the club's money book


def last_blinds(table: Table) -> Blinds | None:
    """Where the table's last hand had its button and blinds, dead or not (R28.5)."""
    button, small, big = table.button_seat, table.small_blind_seat, table.big_blind_seat
    if button is None or small is None or big is None:
        return None
    return Blinds(button, small, big)
