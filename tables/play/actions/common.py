"""Locking, permission checks and after-commit broadcasting shared by the services."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils.translation import gettext as _

from pokerclub.models import Membership
from tables.play.actions import rows
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.guests import table_access
from tables.play.models import Seat, Table
from tables.play.projection import public_message, public_state

log = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def lock_table(table_id: int) -> Table:
    """Lock the table row for the rest of the transaction (always the first lock taken)."""
    table = rows.lock_table_row(table_id)
    if table is None:
        raise PlayError(PlayErrorCode.NO_SUCH_TABLE, _("There is no such table."))
    return table


def lock_with_seats(table_id: int) -> tuple[Table, list[Seat]]:
    """``lock_table`` and ``table_seats`` in one round trip (``rows.lock_table_with_seats``)."""
    table, seats = rows.lock_table_with_seats(table_id)
    if table is None:
        raise PlayError(PlayErrorCode.NO_SUCH_TABLE, _("There is no such table."))
    return table, seats


def table_seats(table: Table) -> list[Seat]:
    """The table's seats in seat order, with their players and each player's role in the
    club. Read after the table row's lock, which every writer of seats takes first, so the
    seats need no lock of their own."""
    return rows.table_seats(table)


def lock(
    table_id: int, *, host: Any = None, must_be_open: bool = False
) -> tuple[Table, list[Seat]]:
    """The preamble of every service: lock the table row, check that ``host`` (when given)
    is the club's owner or a host and that the table is open (when asked), then read its
    seats. The checks run inside the caller's transaction, after the lock (DESIGN
    invariant 3), so a role taken away a moment ago is already seen."""
    table, seats = lock_with_seats(table_id)
    if table.in_person:  # a game at a real table: no seats, no hands, its bank closes it
        raise PlayError(
            PlayErrorCode.NOT_ALLOWED,
            _("This game is played at a real table: its bank is on the club's Sessions page."),
        )
    if host is not None:
        require_host(host, table)
    if must_be_open:
        require_open(table)
    return table, seats


def lock_own_seat(
    user: Any, table_id: int, *, must_be_open: bool = False
) -> tuple[Table, list[Seat], Seat]:
    """:func:`lock`, then the seat of ``user``, who must still be a member
    (:func:`require_seat`): the preamble of every change a player makes to their seat."""
    table, seats = lock(table_id, must_be_open=must_be_open)
    return table, seats, require_seat(table, seats, user)


def refuse_at_tournament(table: Table) -> None:
    """A tournament's seats, chips and settings are its own (``tables.tournaments.actions.lifecycle``):
    nobody sits down, tops up, sits out, leaves with chips or changes the table there."""
    if table.tournament_id is not None:
        raise PlayError(
            PlayErrorCode.NOT_ALLOWED,
            _("This is a tournament table: the tournament seats its players and keeps its chips."),
        )


def membership(user: Any, table: Table) -> Membership:
    """Who ``user`` is at ``table``: a member of its club, or a guest whose pass to this
    table stands (``tables.play.guests.table_access``); else ``not_a_member``."""
    found = table_access(user, table)
    if found is None:
        raise PlayError(PlayErrorCode.NOT_A_MEMBER, _("Only members of the club can do that."))
    return found


def require_host(user: Any, table: Table) -> Membership:
    m = membership(user, table)
    if not m.is_host:
        raise PlayError(
            PlayErrorCode.NOT_ALLOWED, _("Only the club's owner or a host can do that.")
        )
    return m


def require_open(table: Table) -> None:
    if table.status == Table.Status.CLOSED:
        raise PlayError(PlayErrorCode.TABLE_CLOSED, _("This table is closed."))


def seat_of(seats: list[Seat], user: Any) -> Seat | None:
    for seat in seats:
        if seat.user_id is not None and seat.user_id == user.pk:
            return seat
    return None


def is_member(seat: Seat) -> bool:
    """Whether the seat's player is still a member of the table's club (``seat`` comes from
    :func:`table_seats`, which reads the membership with the seats)."""
    return seat.member_role is not None


def require_seat(table: Table, seats: list[Seat], user: Any) -> Seat:
    """The guard of every change a player makes to their own seat or hand: the seat of
    ``user``, who must still be a member of the club (DESIGN invariant 3: checked here, in
    the transaction that applies the change, not only when the socket connected)."""
    seat = seat_of(seats, user) if user is not None and user.is_authenticated else None
    if seat is None:
        membership(user, table)  # a non-member is told that first
        raise PlayError(PlayErrorCode.NOT_SEATED, _("You are not seated at this table."))
    if not is_member(seat):
        raise PlayError(PlayErrorCode.NOT_A_MEMBER, _("Only members of the club can do that."))
    return seat


def check_amount(value: Any, field: str = "amount") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PlayError(
            PlayErrorCode.BAD_FIELD,
            # Translators: %(field)s is the name of a field of the message, e.g. 'amount'
            _("'%(field)s' must be a whole number.") % {"field": field},
        )
    if value <= 0:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            # Translators: %(field)s is the name of a field of the message, e.g. 'amount'
            _("'%(field)s' must be positive.") % {"field": field},
        )
    return value


def commit_change(
    table: Table,
    seats: list[Seat] | None = None,
    *,
    fields: list[str] | None = None,
    state: Any = None,
    action: Any = None,
) -> int:
    """Bump the version, save the table, and broadcast the public state after commit.

    Returns the new version. ``seats`` (if given) are the locked seats the projection shows;
    the caller has saved the ones it changed. ``action`` (a ``HandAction``, if given) is
    written with the table's update, in the same round trip.
    """
    table.version += 1
    rows.save_table(table, list(dict.fromkeys(["version", *(fields or [])])), action)
    if seats is None:
        seats = rows.table_seats(table)
    broadcast_on_commit(table.pk, public_message(public_state(table, seats, state)))
    return table.version


def broadcast_on_commit(table_id: int, message: dict[str, Any]) -> None:
    send_on_commit(group_name(table_id), message)


class Outbox:
    """What ``send_on_commit`` would send, kept for a caller on the event loop to send
    itself (``run_collecting``); once the caller has gone (``close``), commits send it
    themselves again, so nothing committed goes unannounced."""

    def __init__(self) -> None:
        self._kept: list[tuple[str, dict[str, Any]]] = []
        self._closed = False
        self._lock = threading.Lock()  # the worker thread keeps, the event loop closes

    def keep(self, group: str, message: dict[str, Any]) -> bool:
        """Keep the message; ``False``: the caller has gone, send it yourself."""
        with self._lock:
            if self._closed:
                return False
            self._kept.append((group, message))
            return True

    def close(self) -> list[tuple[str, dict[str, Any]]]:
        """What was kept, in commit order; anything committed later is sent by its commit."""
        with self._lock:
            self._closed = True
            kept, self._kept = self._kept, []
            return kept


_outbox: ContextVar[Outbox | None] = ContextVar("outbox", default=None)


def run_collecting(outbox: Outbox, func: Callable[..., Any], *args: Any) -> Any:
    """``func(*args)``, with what its commits would send kept in ``outbox`` instead, for the
    caller to send itself (``send_collected``).

    A server's socket runs a service in a worker thread. Sending from there costs a hop to
    the event loop and a wait on Redis with the thread held, then a hop back; the socket's
    own coroutine can send once the thread is done, with none of that."""
    token = _outbox.set(outbox)
    try:
        return func(*args)
    finally:
        _outbox.reset(token)


async def send_collected(outbox: Outbox) -> None:
    """Close ``outbox`` and send what it kept, in order, as ``send_on_commit`` would have."""
    kept = outbox.close()
    layer = get_channel_layer()
    if layer is None:
        return
    for group, message in kept:
        try:
            await layer.group_send(group, message)
        except Exception:  # the channel layer may drop messages; clients resync by version
            log.exception("broadcast to %s failed", group)


def send_on_commit(group: str, message: dict[str, Any]) -> None:
    """Send ``message`` to a channel-layer group once the transaction commits (or, inside
    ``run_collecting``, keep it for the caller to send)."""

    def send() -> None:
        outbox = _outbox.get()
        if outbox is not None and outbox.keep(group, message):
            return
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception:  # the channel layer may drop messages; clients resync by version
            log.exception("broadcast to %s failed", group)

    transaction.on_commit(send)


def is_ready(seat: Seat) -> bool:
    """Can be dealt into the next hand as far as the seat itself goes (R16.3)."""
    return (
        seat.user_id is not None
        and seat.status == Seat.Status.SEATED
        and seat.stack + seat.pending_chips > 0
        and not seat.leave_after_hand
        and not seat.sit_out_next_hand
    )
