"""Who is connected, even when a server process dies.

Each seated player's table sockets are counted on their seat (``Seat.connections``, shown as
``connected`` to the table) and, per server process, in :class:`~tables.play.models.Presence`
rows. Every process with sockets says it is alive every ``PRESENCE_HEARTBEAT_S``
(:class:`~tables.play.models.ServerProcess`); the clock takes the sockets of a process silent for
``PRESENCE_TIMEOUT_S`` off the seats (:func:`sweep`), so a crash does not leave players shown
as connected. At each heartbeat a process also makes its rows what it holds
(:func:`heartbeat`): a live process that was taken for dead (its heartbeats were late) counts
its sockets again, and a count whose write was lost (a disconnect cut short) is mended.

A heartbeat reads what the process holds while no count is on its way to the database (the
:class:`_Gate`): else a socket closing meanwhile could be counted off before the heartbeat's
copy was written back, and stay shown as connected.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from tables.play import actions as services
from tables.play.models import ServerProcess

log = logging.getLogger(__name__)

SERVER_ID = uuid.uuid4().hex
"""This process's name in :class:`~tables.play.models.ServerProcess`."""

_sockets: Counter[tuple[int, int]] = Counter()
"""This process's counted sockets: ``(table_id, user_id) -> sockets``."""
_heartbeat: asyncio.Task[None] | None = None


class _Gate:
    """Counts go to the database together; a heartbeat's reconciling goes alone, and a
    heartbeat waiting goes before the counts that come after it (it is never starved).

    The bookkeeping is plain (the event loop runs one task at a time) and is never behind an
    ``await``: a task cancelled anywhere, even in a ``finally``, cannot leave it wrong.
    Waiters wake on the current :class:`asyncio.Event`, which each change sets and
    replaces, and look again."""

    def __init__(self) -> None:
        self.counting = 0
        self.reconciling = False
        self.waiting = 0  # heartbeats waiting to reconcile
        self._changed = asyncio.Event()

    def _change(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def _until(self, ready: Callable[[], bool]) -> None:
        while not ready():
            await self._changed.wait()

    @asynccontextmanager
    async def count(self) -> AsyncIterator[None]:
        await self._until(lambda: not self.reconciling and not self.waiting)
        self.counting += 1  # (no await since the look: nothing came in between)
        try:
            yield
        finally:
            self.counting -= 1
            self._change()

    @asynccontextmanager
    async def alone(self) -> AsyncIterator[None]:
        self.waiting += 1
        try:
            await self._until(lambda: not self.reconciling and not self.counting)
        finally:
            self.waiting -= 1  # (cancelled: the counts it held back go on)
            self._change()
        self.reconciling = True
        try:
            yield
        finally:
            self.reconciling = False
            self._change()


_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Gate] = weakref.WeakKeyDictionary()


def _gate() -> _Gate:
    """The running event loop's gate (a server process has one loop; tests have several)."""
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = _Gate()
    return gate


async def count(user: Any, table_id: int, delta: int) -> None:
    """A socket of this process starts (+1) or stops (-1) counting for ``user``'s seat."""
    async with _gate().count():
        _sockets[(table_id, user.pk)] += delta
        if _sockets[(table_id, user.pk)] <= 0:
            del _sockets[(table_id, user.pk)]
        # (a task cancelled meanwhile leaves the gate while its write may still run in its
        # thread: a heartbeat may then write the same change, and set_presence takes off a
        # seat only what the process's row held, the next heartbeat mending any excess.
        # Waiting for the write instead would hang a cancelled socket on a stuck database.)
        await database_sync_to_async(services.set_presence, thread_sensitive=False)(
            user, table_id, delta, SERVER_ID
        )


def heartbeat(now: Any = None, sockets: dict[tuple[int, int], int] | None = None) -> int:
    """Say this process is alive, and make its counts in the database ``sockets`` (what it
    holds; by default :data:`_sockets`). Returns how many counts it corrected."""
    ServerProcess.objects.filter(pk=SERVER_ID).update(seen_at=now or timezone.now())
    return services.reconcile_presence(SERVER_ID, dict(_sockets) if sockets is None else sockets)


async def beat_once() -> int:
    """One heartbeat, while no count of this process is on its way (:class:`_Gate`)."""
    async with _gate().alone():
        held = dict(_sockets)
        return await database_sync_to_async(heartbeat, thread_sensitive=False)(None, held)


async def _beat(interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        try:
            corrected = await beat_once()
            if corrected:
                log.warning("presence: %d counts of this process corrected", corrected)
        except Exception:  # the next beat retries
            log.exception("presence heartbeat failed")


def ensure_heartbeat() -> None:
    """Start this process's heartbeat on the running event loop, once."""
    global _heartbeat
    if _heartbeat is None or _heartbeat.done():
        _heartbeat = asyncio.get_running_loop().create_task(_beat(settings.PRESENCE_HEARTBEAT_S))


_last_sweep = 0.0


def sweep(now: Any = None, every: float | None = None) -> int:
    """At most every ``every`` seconds (default ``PRESENCE_HEARTBEAT_S``): take the sockets
    of every process silent for ``PRESENCE_TIMEOUT_S`` off the seats. Returns how many
    processes it dropped."""
    global _last_sweep
    every = settings.PRESENCE_HEARTBEAT_S if every is None else every
    moment = time.monotonic()
    if moment - _last_sweep < every:
        return 0
    _last_sweep = moment
    cutoff = (now or timezone.now()) - timedelta(seconds=settings.PRESENCE_TIMEOUT_S)
    dead = ServerProcess.objects.filter(seen_at__lt=cutoff).values_list("pk", flat=True)
    return sum(services.drop_server(server, cutoff) for server in list(dead))
