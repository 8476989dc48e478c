"""Who is connected: each seated player's open sockets, counted per server process so
that the clock can take a crashed process's sockets off the seats; and what a player who
goes (their last socket closed) or comes back changes: the clock of their decision, the
next hand (:func:`_clock_after`)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from engine.legal_actions import legal_actions
from engine.state import Phase
from tables.play.actions.between_hands import schedule_next_hand
from tables.play.actions.common import commit_change, lock
from tables.play.actions.hand import decision_seconds, nobody_here, running_state
from tables.play.models import Presence, Seat, ServerProcess, Table


@transaction.atomic
def set_presence(user: Any, table_id: int, delta: int, server: str) -> None:
    """A seated player's table socket in server process ``server`` started (+1) or stopped
    (-1) counting for their seat: the others see whether they are connected. The count per
    process (:class:`~tables.play.models.Presence`) lets the clock take a crashed process's sockets
    off (:func:`drop_server`)."""
    if delta > 0:
        # the process's row before the table's lock, in the order reconcile_presence takes them:
        # else its first sockets' counts and its first heartbeat (which restores them when it
        # finds no row) deadlock, each holding what the other waits for
        ServerProcess.objects.get_or_create(pk=server)
    _set_presence(user.pk, table_id, delta, server)


@transaction.atomic
def reconcile_presence(server: str, sockets: dict[tuple[int, int], int]) -> int:
    """Make the counts of server process ``server`` what the process itself holds,
    ``{(table_id, user_id): sockets}``: a live process taken for dead counts its open sockets
    again, and a count whose write was lost (its socket's disconnect cut short, a failed
    query) is mended. Returns how many counts it corrected (none, in a healthy process)."""
    counted = {
        (table_id, user_id): n
        for table_id, user_id, n in Presence.objects.filter(server_id=server).values_list(
            "table_id", "user_id", "sockets"
        )
    }
    wrong = sorted(
        key for key in {*sockets, *counted} if sockets.get(key, 0) != counted.get(key, 0)
    )
    if not wrong:
        return 0
    tables = set(Table.objects.filter(pk__in={t for t, _ in wrong}).values_list("pk", flat=True))
    wrong = [(table_id, user_id) for table_id, user_id in wrong if table_id in tables]
    if any(sockets.get(key, 0) > counted.get(key, 0) for key in wrong):
        # the process's row before any table's lock, in set_presence's order
        ServerProcess.objects.get_or_create(pk=server)
    for table_id, user_id in wrong:
        delta = sockets.get((table_id, user_id), 0) - counted.get((table_id, user_id), 0)
        _set_presence(user_id, table_id, delta, server)
    return len(wrong)


def _set_presence(user_id: int, table_id: int, delta: int, server: str) -> None:
    table, seats = lock(table_id)
    row = Presence.objects.filter(server_id=server, table=table, user_id=user_id).first()
    # the seat changes by what the process's row took: a socket of a process already
    # dropped (drop_server took its sockets off), or whose count on never reached the
    # database, takes nothing off (else a player connected through another process would
    # be shown gone)
    if row is None:
        taken = max(delta, 0)
        if delta > 0:
            ServerProcess.objects.get_or_create(pk=server)  # seen now: its heartbeat follows
            Presence.objects.create(server_id=server, table=table, user_id=user_id, sockets=delta)
    elif row.sockets + delta > 0:
        taken = delta
        row.sockets += delta
        row.save(update_fields=["sockets"])
    else:
        taken = -row.sockets
        row.delete()
    _add_connections(table, seats, user_id, taken)


def _add_connections(table: Table, seats: list[Seat], user_id: int, delta: int) -> None:
    seat = next((s for s in seats if s.user_id == user_id), None)
    if seat is None:
        return
    connections = max(0, seat.connections + delta)
    if connections == seat.connections:
        return
    was_connected = seat.connections > 0
    seat.connections = connections
    if was_connected == (connections > 0):
        seat.save(update_fields=["connections"])
        return
    now = timezone.now()
    seat.gone_since = None if connections else now
    seat.save(update_fields=["connections", "gone_since"])
    commit_change(table, seats, fields=_clock_after(table, seats, seat, now))


def _clock_after(table: Table, seats: list[Seat], seat: Seat, now: Any) -> list[str]:
    """A player went or came back: a player who is gone does not hold the table. The clock
    of the decision waiting is set again when it is theirs, or when it now ends sooner
    (nobody left in the hand is here); between hands, the next hand waits for two players
    who are here (``between_hands.enough_here``). Returns the table fields changed."""
    state = running_state(table)
    if state is None:
        return schedule_next_hand(table, seats, now)
    legal = legal_actions(state)
    if legal is None or state.phase is Phase.RUNOUT or table.deadline is None:
        return []
    if table.deadline_seat != seat.number and not nobody_here(state, seats):
        return []  # another player's decision, and somebody in the hand is still here
    deadline = now + timedelta(seconds=decision_seconds(table, seats, state, legal.seat))
    table.deadline = deadline
    table.deadline_seat = legal.seat
    table.time_bank_in_use = False  # (a bank they had not spent stays theirs)
    return ["deadline", "deadline_seat", "time_bank_in_use"]


@transaction.atomic
def drop_server(server: str, silent_since: Any = None) -> bool:
    """Take the sockets of a server process that stopped saying it is alive off the seats
    (it crashed or was killed: its sockets are gone). Exactly once, however many clocks
    run: the process's row is locked (skipping one another clock holds) and deleted.
    ``silent_since``: only if it has not been seen since then (looked at again under the
    lock: a heartbeat that came after the sweep looked keeps the process)."""
    alive_since = {} if silent_since is None else {"seen_at__lt": silent_since}
    process = (
        ServerProcess.objects.select_for_update(skip_locked=True)
        .filter(pk=server, **alive_since)
        .first()
    )
    if process is None:
        return False
    for table_id, user_id, sockets in (
        Presence.objects.filter(server=process)
        .order_by("table_id")
        .values_list("table_id", "user_id", "sockets")
    ):
        table, seats = lock(table_id)
        _add_connections(table, seats, user_id, -sockets)
    process.delete()  # its Presence rows go with it
    return True
