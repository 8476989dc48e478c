"""The table clock: finds tables whose decision deadline or next deal is due and hands each
to ``services.handle_due`` (a compare-and-set on the table's version, so any number of
clocks can run and a timeout still happens exactly once).

Two ways to run it:

* ``python manage.py run_clock`` — a process of its own (production, with Redis carrying its
  broadcasts to every server process);
* embedded in the server process (``EMBEDDED_CLOCK``, on by default with the in-memory
  channel layer, as in ``make run``): an asyncio task on the server's own event loop,
  started by the first table socket, so its broadcasts reach that process's sockets.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from tables.hands.actions.summary import record_due
from tables.money.plans import search_due
from tables.nights.actions import decide_due, remind_due
from tables.play import actions as services
from tables.play import heartbeat as presence
from tables.play.models import Table
from tables.tournaments import actions as tournaments

log = logging.getLogger(__name__)


def due_tables(now: Any = None) -> list[tuple[int, int, int | None]]:
    now = now or timezone.now()
    return list(
        Table.objects.filter(Q(deadline__lte=now) | Q(next_hand_at__lte=now))
        .exclude(status=Table.Status.CLOSED)
        .order_by("pk")
        .values_list("pk", "version", "tournament_id")
    )


_last_history = 0.0


def record_history(every: float = 1.0, now: Any = None) -> int:
    """At most every ``every`` seconds: write the history rows (one per player) of hands
    finished that have none yet (Hand.history_recorded). The clock does it, not the action that
    ends the hand, so players get the result without waiting for it and the server
    processes spend no time on it; a crash loses nothing, since the rows derive from the
    hand's record. Each hand is recorded on its own: one that fails is logged (with its
    table, number and id), marked on its row and tried again after a back-off, and the
    others are recorded meanwhile (``tables.hands.actions.summary``). Returns how many hands it
    recorded."""
    global _last_history
    clock = time.monotonic()
    if clock - _last_history < every:
        return 0
    _last_history = clock
    try:
        # only the few hands due: a partial index (Hand.history_recorded, history_retry_at)
        return record_due(now)
    except Exception:  # e.g. the database is unreachable: the next call tries again
        log.exception("recording the history failed")
        return 0


_last_settlements = 0.0


def search_settlements(every: float = 1.0) -> int:
    """At most every ``every`` seconds: one step of the settlement worker (keep the plans
    whose search ended, start the next; ``tables.money.plans``: the search itself runs in
    a process of its own, so the clock keeps its deadlines). Returns how many it kept."""
    global _last_settlements
    clock = time.monotonic()
    if clock - _last_settlements < every:
        return 0
    _last_settlements = clock
    try:
        return search_due()
    except Exception:  # e.g. the database is unreachable: the next call tries again
        log.exception("the settlement worker failed")
        return 0


_last_nights = 0.0


def decide_nights(every: float = 1.0, now: Any = None) -> int:
    """At most every ``every`` seconds: decide the game nights whose answers closed (on, or
    called off), each once whatever the number of clocks (``tables.nights.actions.decide``:
    a compare-and-set on the night's version), and send the reminders due (each claimed
    once: ``tables.nights.actions.remind_due``). Returns how many nights it decided or
    reminded."""
    global _last_nights
    clock = time.monotonic()
    if clock - _last_nights < every:
        return 0
    _last_nights = clock
    try:
        return decide_due(now) + remind_due(now)
    except Exception:  # e.g. the database is unreachable: the next call tries again
        log.exception("clock: game nights failed")
        return 0


def tick(now: Any = None) -> int:
    """Handle every table that is due now; returns how many changed."""
    record_history()
    search_settlements()
    presence.sweep()
    changed = 0
    for table_id, version, tournament_id in due_tables(now):
        try:
            # a tournament table's next deal is its tournament's (locks it first)
            if services.handle_due(table_id, version, now) or (
                tournament_id is not None and tournaments.table_due(table_id, version, now)
            ):
                changed += 1
        except Exception:  # one broken table must not stop the clock of the others
            log.exception("clock: table %s failed", table_id)
    try:
        changed += tournaments.start_due(now)
    except Exception:
        log.exception("clock: starting scheduled tournaments failed")
    changed += decide_nights(now=now)
    return changed


_embedded: asyncio.Task[None] | None = None


async def run_forever(interval: float) -> None:
    """Tick, and sleep ``interval`` seconds whenever nothing was due. Each tick runs in a
    worker thread; its broadcasts come back to this event loop, so they share its channel
    layer connection (a sync caller without a loop would open one per broadcast)."""
    while True:
        try:
            changed = await database_sync_to_async(tick)()
        except Exception:  # keep ticking: the next scan retries
            log.exception("clock tick failed")
            changed = 0
        if not changed:
            await asyncio.sleep(interval)


def ensure_embedded_clock() -> None:
    """Start the in-process clock on the running event loop, once (see the module doc)."""
    global _embedded
    if not settings.EMBEDDED_CLOCK:
        return
    if _embedded is None or _embedded.done():
        _embedded = asyncio.get_running_loop().create_task(run_forever(0.25))


def with_embedded_clock(app: Any) -> Any:
    """``app`` (a socket's ASGI app), starting the in-process clock first (in ``make run``,
    :func:`ensure_embedded_clock`: the clock runs in the server process)."""

    async def serve(scope: Any, receive: Any, send: Any) -> None:
        ensure_embedded_clock()
        await app(scope, receive, send)

    return serve
