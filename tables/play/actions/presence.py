"""Who is connected: each seated player's open sockets, counted per server process so
that the clock can take a crashed process's sockets off the seats."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tables.play.actions.common import commit_change, lock
from tables.play.models import Presence, Seat, ServerProcess, Table


@transaction.atomic
def set_presence(user: Any, table_id: int, delta: int, server: str) -> None:
    """A seated player's table socket in server process ``server`` started (+1) or stopped
    (-1) counting for their seat: the others see whether they are connected. The count per
    process (:class:`~tables.play.models.Presence`) lets the clock take a crashed process's sockets
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
    table, seats = lock(table_id)
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
        table, seats = lock(table_id)
        _add_connections(table, seats, user_id, -sockets)
    process.delete()  # its Presence rows go with it
    return True
