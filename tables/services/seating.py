"""Opening tables, sitting down, buying in, topping up, sitting out, leaving, and the host's
controls. Every chip that comes to or leaves a table is a ledger row (R16)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from pokerclub.models import Club

from ..errors import PlayError, PlayErrorCode
from ..models import LedgerEntry, NewPlayerPolicy, Presence, Seat, ServerProcess, Table
from ..play import top_up_range
from . import deck
from .common import (
    broadcast_on_commit,
    check_amount,
    commit_change,
    lock_seats,
    lock_table,
    membership,
    require_host,
    require_open,
    require_seat,
    seat_of,
)

# --- helpers ---------------------------------------------------------------------------------


def seats_in_hand(table: Table) -> set[int]:
    """Seat numbers dealt into the hand in progress (empty between hands)."""
    state = table.hand_state
    return set(state["config"]["seats"]) if state is not None and table.in_hand else set()


def is_ready(seat: Seat) -> bool:
    """Can be dealt into the next hand as far as the seat itself goes (R16.3)."""
    return (
        seat.user_id is not None
        and seat.status == Seat.Status.SEATED
        and seat.stack + seat.pending_chips > 0
        and not seat.leave_after_hand
        and not seat.sit_out_next_hand
    )


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
        and sum(1 for s in seats if is_ready(s)) >= 2
    )
    if can_start and table.next_hand_at is None:
        # the pause after a hand (or after the second player sits down), settings.NEXT_HAND_DELAY_MS
        table.next_hand_at = now + timedelta(milliseconds=settings.NEXT_HAND_DELAY_MS)
        # the next hand's deck is committed now, before players send their nonces (R15.1)
        return ["next_hand_at", *deck.plan_next(table)]
    if not can_start and table.next_hand_at is not None:
        table.next_hand_at = None
        return ["next_hand_at"]
    return []


def _cash_out(table: Table, seat: Seat) -> None:
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
    seat.save()


def cash_out_leavers(table: Table, seats: list[Seat]) -> None:
    """Between hands: apply pending top-ups, sit-outs and departures (R16.1, R16.2)."""
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
            _cash_out(table, seat)
            continue
        if seat.sit_out_next_hand:
            seat.status = Seat.Status.SITTING_OUT
            seat.sit_out_next_hand = False
            changed = True
        if changed:
            seat.save()


# --- tables ----------------------------------------------------------------------------------


@transaction.atomic
def create_table(actor: Any, club: Club, settings: dict[str, Any]) -> Table:
    """A host opens a table (``settings`` come validated from TableForm)."""
    from pokerclub.models import Membership

    m = Membership.objects.filter(club=club, user=actor).first()
    if m is None or not m.is_host:
        raise PlayError(
            PlayErrorCode.NOT_ALLOWED, "Only the club's owner or a host can open tables."
        )
    table = Table.objects.create(club=club, created_by=actor, **settings)
    Seat.objects.bulk_create(Seat(table=table, number=n) for n in range(1, table.max_seats + 1))
    return table


def _resize_seats(table: Table, seats: list[Seat], max_seats: int) -> None:
    have = {s.number for s in seats}
    for seat in seats:
        if seat.number > max_seats:
            if seat.user_id is not None:
                raise PlayError(PlayErrorCode.BAD_FIELD, "Players sit in seats beyond that number.")
            seat.delete()
    Seat.objects.bulk_create(
        Seat(table=table, number=n) for n in range(1, max_seats + 1) if n not in have
    )


def _apply_settings(table: Table, seats: list[Seat], settings: dict[str, Any]) -> list[str]:
    if "max_seats" in settings and settings["max_seats"] != table.max_seats:
        _resize_seats(table, seats, settings["max_seats"])
    for key, value in settings.items():
        setattr(table, key, value)
    return list(settings)


@transaction.atomic
def update_settings(actor: Any, table_id: int, settings: dict[str, Any]) -> bool:
    """Change the table's settings; during a hand they wait for the next one.

    Returns True when applied at once, False when they apply from the next hand.
    """
    table = lock_table(table_id)
    require_host(actor, table)
    require_open(table)
    seats = lock_seats(table)
    if not settings:
        return True
    if table.in_hand:
        pending = {**table.pending_settings, **{k: _jsonable(v) for k, v in settings.items()}}
        table.pending_settings = pending
        commit_change(table, seats, fields=["pending_settings"])
        return False
    fields = _apply_settings(table, seats, settings)
    seats = lock_seats(table)
    fields += schedule_next_hand(table, seats)
    commit_change(table, seats, fields=fields)
    return True


def _jsonable(value: Any) -> Any:
    from decimal import Decimal

    return str(value) if isinstance(value, Decimal) else value


def apply_pending_settings(table: Table, seats: list[Seat]) -> list[str]:
    """Between hands: settings changed during the last hand take effect now."""
    if not table.pending_settings:
        return []
    from decimal import Decimal

    settings = dict(table.pending_settings)
    if "rake_percent" in settings:
        settings["rake_percent"] = Decimal(settings["rake_percent"])
    fields = _apply_settings(table, seats, settings)
    table.pending_settings = {}
    return [*fields, "pending_settings"]


# --- players ---------------------------------------------------------------------------------


@transaction.atomic
def sit(user: Any, table_id: int, seat_number: Any, amount: Any) -> Seat:
    """Take a free seat and buy in within the table's limits (R16.1).

    With ``approve_seats`` on, a member who is not a host asks instead; the buy-in is held
    as ``pending_chips`` until the host approves (no ledger row until then).
    """
    if isinstance(seat_number, bool) or not isinstance(seat_number, int):
        raise PlayError(PlayErrorCode.BAD_FIELD, "'seat' must be a seat number.")
    amount = check_amount(amount)
    table = lock_table(table_id)
    m = membership(user, table)
    require_open(table)
    seats = lock_seats(table)
    if seat_of(seats, user) is not None:
        raise PlayError(PlayErrorCode.ALREADY_SEATED, "You already have a seat at this table.")
    seat = next((s for s in seats if s.number == seat_number), None)
    if seat is None:
        raise PlayError(PlayErrorCode.NO_SUCH_SEAT, f"This table has no seat {seat_number}.")
    if seat.user_id is not None:
        raise PlayError(PlayErrorCode.SEAT_TAKEN, "Somebody is already sitting there.")
    limits = top_up_range(table, 0, 0)  # R16.1 from an empty stack
    if limits is None or not limits[0] <= amount <= limits[1]:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            f"The buy-in must be between {table.min_buy_in} and {table.max_buy_in}.",
        )
    seat.user = user
    seat.time_bank = table.time_bank_seconds
    seat.owes_big_blind = True  # R2.6; engine.table.plan_hand deals a new table in afresh
    if table.approve_seats and not m.is_host:
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
def approve_seat(actor: Any, table_id: int, seat_number: int) -> None:
    table = lock_table(table_id)
    require_host(actor, table)
    require_open(table)
    seats = lock_seats(table)
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
    table = lock_table(table_id)
    require_host(actor, table)
    seats = lock_seats(table)
    seat = _requested(seats, seat_number)
    seat.pending_chips = 0  # nothing was bought in yet
    _cash_out(table, seat)
    commit_change(table, seats)


def _requested(seats: list[Seat], seat_number: Any) -> Seat:
    seat = next((s for s in seats if s.number == seat_number), None)
    if seat is None or seat.status != Seat.Status.REQUESTED:
        raise PlayError(PlayErrorCode.NO_SUCH_SEAT, "Nobody is asking for that seat.")
    return seat


@transaction.atomic
def top_up(user: Any, table_id: int, amount: Any) -> Seat:
    """Add chips up to the maximum buy-in (a rebuy when busted needs the minimum).

    During a hand the chips wait as ``pending_chips`` and are added before the next (R16.1).
    """
    amount = check_amount(amount)
    table = lock_table(table_id)
    require_open(table)
    seats = lock_seats(table)
    seat = require_seat(table, seats, user)
    if seat.status == Seat.Status.REQUESTED:
        raise PlayError(PlayErrorCode.NOT_SEATED, "The host has not let you sit down yet.")
    in_hand = seat.number in seats_in_hand(table)
    limits = top_up_range(table, _chips_behind(table, seat, in_hand), seat.pending_chips)
    if limits is None:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            f"You are at the maximum buy-in of {table.max_buy_in}: nothing can be added.",
        )
    least, most = limits
    if amount > most:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            f"That would take you above the maximum buy-in of {table.max_buy_in}; "
            f"you can add up to {most}.",
        )
    if amount < least:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            f"Your stack must reach the minimum buy-in of {table.min_buy_in}: "
            f"add at least {least}.",
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
    state = table.hand_state
    assert state is not None  # in_hand
    return state["stacks"][state["seats"].index(seat.number)]


@transaction.atomic
def sit_out(user: Any, table_id: int) -> None:
    """Keep the seat and chips but skip hands (R16.2); from the next hand if in one."""
    table = lock_table(table_id)
    seats = lock_seats(table)
    seat = require_seat(table, seats, user)
    if seat.number in seats_in_hand(table):
        seat.sit_out_next_hand = True
    elif seat.status == Seat.Status.SEATED:
        seat.status = Seat.Status.SITTING_OUT
    seat.save()
    commit_change(table, seats, fields=schedule_next_hand(table, seats))


@transaction.atomic
def sit_in(user: Any, table_id: int) -> None:
    """Come back from sitting out; a player who missed the big blind posts or waits (R2.6)."""
    table = lock_table(table_id)
    require_open(table)
    seats = lock_seats(table)
    seat = require_seat(table, seats, user)
    if seat.status == Seat.Status.REQUESTED:
        raise PlayError(PlayErrorCode.NOT_SEATED, "The host has not let you sit down yet.")
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
        raise PlayError(PlayErrorCode.BAD_FIELD, "'wait' must be true or false.")
    table = lock_table(table_id)
    seats = lock_seats(table)
    seat = require_seat(table, seats, user)
    seat.blind_choice = NewPlayerPolicy.WAIT if wait else NewPlayerPolicy.POST
    seat.save(update_fields=["blind_choice"])
    commit_change(table, seats)


@transaction.atomic
def leave(user: Any, table_id: int) -> None:
    """Leave the seat and cash out; during a hand, when it ends (R16.2)."""
    table = lock_table(table_id)
    seats = lock_seats(table)
    seat = require_seat(table, seats, user)
    _leave_seat(table, seat)
    commit_change(table, seats, fields=schedule_next_hand(table, seats))


def _leave_seat(table: Table, seat: Seat) -> None:
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
    _cash_out(table, seat)


def release_member(club_id: int, user_id: int) -> None:
    """A player left the club or was removed from it (call it in the transaction that
    deleted the membership, with the membership already gone).

    At every table of the club: a seat they hold is cashed out now, or, during a hand, when
    the hand ends (a ledger row either way); meanwhile the clock decides for them at once on
    each of their turns (R14's default: check if they can, else fold; muck). Their sockets
    to the club's tables are closed after commit (``table.kick``). Every table row of the
    club is locked, in id order, so that a ``sit`` racing this removal either comes first
    (and its seat is released here) or sees that the membership is gone.
    """
    table_ids = list(
        Table.objects.filter(club_id=club_id).order_by("pk").values_list("pk", flat=True)
    )
    for table_id in table_ids:
        table = lock_table(table_id)
        seats = lock_seats(table)
        seat = next((s for s in seats if s.user_id == user_id), None)
        if seat is not None:
            fields = []
            if seat.number in seats_in_hand(table) and table.deadline_seat == seat.number:
                table.deadline = timezone.now()  # their turn now: the clock acts for them
                fields.append("deadline")
            _leave_seat(table, seat)
            commit_change(table, seats, fields=[*fields, *schedule_next_hand(table, seats)])
        broadcast_on_commit(table_id, {"type": "table.kick", "user_id": user_id})


# --- host ------------------------------------------------------------------------------------


@transaction.atomic
def remove_player(actor: Any, table_id: int, seat_number: Any) -> None:
    """The host removes a player; cashed out when the current hand ends."""
    table = lock_table(table_id)
    require_host(actor, table)
    seats = lock_seats(table)
    seat = next((s for s in seats if s.number == seat_number and s.user_id), None)
    if seat is None:
        raise PlayError(PlayErrorCode.NO_SUCH_SEAT, "Nobody sits there.")
    _leave_seat(table, seat)
    commit_change(table, seats, fields=schedule_next_hand(table, seats))


@transaction.atomic
def pause(actor: Any, table_id: int) -> None:
    """Pause after the current hand (R16.3)."""
    table = lock_table(table_id)
    require_host(actor, table)
    require_open(table)
    seats = lock_seats(table)
    table.pause_requested = True
    fields = ["pause_requested"]
    if not table.in_hand:
        table.status = Table.Status.PAUSED
        fields.append("status")
    fields += schedule_next_hand(table, seats)
    commit_change(table, seats, fields=fields)


@transaction.atomic
def resume(actor: Any, table_id: int) -> None:
    table = lock_table(table_id)
    require_host(actor, table)
    require_open(table)
    seats = lock_seats(table)
    table.pause_requested = False
    table.status = Table.Status.OPEN
    fields = ["pause_requested", "status", *schedule_next_hand(table, seats)]
    commit_change(table, seats, fields=fields)


@transaction.atomic
def close_table(actor: Any, table_id: int) -> None:
    """Close the table: everyone is cashed out (after the current hand, if one is running)."""
    table = lock_table(table_id)
    require_host(actor, table)
    require_open(table)
    seats = lock_seats(table)
    table.close_requested = True
    fields = ["close_requested"]
    if not table.in_hand:
        finish_closing(table, seats)
        fields += ["status", "next_hand_at"]
    commit_change(table, seats, fields=fields)


def finish_closing(table: Table, seats: list[Seat]) -> None:
    for seat in seats:
        if seat.user_id is not None:
            if seat.status == Seat.Status.REQUESTED:
                seat.pending_chips = 0
            _leave_seat(table, seat)
    table.status = Table.Status.CLOSED
    table.next_hand_at = None


@transaction.atomic
def set_straddle(user: Any, table_id: int, on: Any) -> None:
    """A player chooses to straddle whenever they are under the gun (R3.3)."""
    if not isinstance(on, bool):
        raise PlayError(PlayErrorCode.BAD_FIELD, "'on' must be true or false.")
    table = lock_table(table_id)
    if on and not table.straddle_allowed:
        raise PlayError(PlayErrorCode.NOT_ALLOWED, "This table does not allow straddles.")
    seats = lock_seats(table)
    seat = require_seat(table, seats, user)
    seat.straddle = on
    seat.save(update_fields=["straddle"])
    commit_change(table, seats)


@transaction.atomic
def set_presence(user: Any, table_id: int, delta: int, server: str) -> None:
    """A seated player's table socket in server process ``server`` started (+1) or stopped
    (-1) counting for their seat: the others see whether they are connected. The count per
    process (:class:`~tables.models.Presence`) lets the clock take a crashed process's sockets
    off (:func:`drop_server`)."""
    _set_presence(user.pk, table_id, delta, server)


@transaction.atomic
def restore_presence(server: str, sockets: dict[tuple[int, int], int]) -> None:
    """A live process that was taken for dead (it missed its heartbeats) counts its open
    sockets again: ``{(table_id, user_id): sockets}``."""
    ServerProcess.objects.get_or_create(pk=server)
    counted = {
        (table_id, user_id): n
        for table_id, user_id, n in Presence.objects.filter(server_id=server).values_list(
            "table_id", "user_id", "sockets"
        )
    }
    for (table_id, user_id), count in sorted(sockets.items()):
        delta = count - counted.get((table_id, user_id), 0)
        if delta:
            _set_presence(user_id, table_id, delta, server)


def _set_presence(user_id: int, table_id: int, delta: int, server: str) -> None:
    table = lock_table(table_id)
    seats = lock_seats(table)
    row = Presence.objects.filter(server_id=server, table=table, user_id=user_id).first()
    if row is None:
        if delta > 0:
            ServerProcess.objects.get_or_create(pk=server)  # seen now: its heartbeat follows
            Presence.objects.create(server_id=server, table=table, user_id=user_id, sockets=delta)
    elif row.sockets + delta > 0:
        row.sockets += delta
        row.save(update_fields=["sockets"])
    else:
        row.delete()
    _add_connections(table, seats, user_id, delta)


def _add_connections(table: Table, seats: list[Seat], user_id: int, delta: int) -> None:
    seat = next((s for s in seats if s.user_id == user_id), None)
    if seat is None:
        return
    connections = max(0, seat.connections + delta)
    if connections == seat.connections:
        return
    was_connected = seat.connections > 0
    seat.connections = connections
    seat.save(update_fields=["connections"])
    if was_connected != (connections > 0):
        commit_change(table, seats)


@transaction.atomic
def drop_server(server: str) -> bool:
    """Take the sockets of a server process that stopped saying it is alive off the seats
    (it crashed or was killed: its sockets are gone). Exactly once, however many clocks
    run: the process's row is locked (skipping one another clock holds) and deleted."""
    process = ServerProcess.objects.select_for_update(skip_locked=True).filter(pk=server).first()
    if process is None:
        return False
    for table_id, user_id, sockets in (
        Presence.objects.filter(server=process)
        .order_by("table_id")
        .values_list("table_id", "user_id", "sockets")
    ):
        table = lock_table(table_id)
        seats = lock_seats(table)
        _add_connections(table, seats, user_id, -sockets)
    process.delete()  # its Presence rows go with it
    return True
