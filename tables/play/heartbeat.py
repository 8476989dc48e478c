"""Who is connected, even when a server process dies.

Each seated player's table sockets are counted on their seat (``Seat.connections``, shown as
``connected`` to the table) and, per server process, in :class:`~tables.play.models.Presence`
rows. Every process with sockets says it is alive every ``PRESENCE_HEARTBEAT_S``
(:class:`~tables.play.models.ServerProcess`); the clock takes the sockets of a process silent for
``PRESENCE_TIMEOUT_S`` off the seats (:func:`sweep`), so a crash does not leave players shown
as connected. A live process that was taken for dead (its heartbeats were late) counts its
sockets again at its next heartbeat.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import Counter
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


async def count(user: Any, table_id: int, delta: int) -> None:
    """A socket of this process starts (+1) or stops (-1) counting for ``user``'s seat."""
    _sockets[(table_id, user.pk)] += delta
    if _sockets[(table_id, user.pk)] <= 0:
        del _sockets[(table_id, user.pk)]
    await database_sync_to_async(services.set_presence, thread_sensitive=False)(
        user, table_id, delta, SERVER_ID
    )


def heartbeat(now: Any = None) -> None:
    """Say this process is alive; if it was taken for dead meanwhile, count its sockets
    again."""
    alive = ServerProcess.objects.filter(pk=SERVER_ID).update(seen_at=now or timezone.now())
    if not alive and _sockets:
        services.restore_presence(SERVER_ID, dict(_sockets))


async def _beat(interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        try:
            await database_sync_to_async(heartbeat, thread_sensitive=False)()
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
    return sum(services.drop_server(server) for server in list(dead))
