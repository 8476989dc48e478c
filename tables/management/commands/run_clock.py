"""The table clock: applies timeouts (R14) and starts the next hand (R16.3) when they are due.

Run one or several copies (``python manage.py run_clock``); ``make run`` starts one beside
the web server. Deadlines live in the database. Each due table is handled by
``services.handle_due(table_id, version)``, which locks the table row and goes ahead only if
the version is still the one this loop saw — a compare-and-set — so a timeout and a late
action race deterministically, and a timeout happens exactly once with any number of clocks.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.management.base import BaseCommand
from django.db import close_old_connections
from django.db.models import Q
from django.utils import timezone

from tables import services
from tables.models import Table

log = logging.getLogger(__name__)


def due_tables(now: Any = None) -> list[tuple[int, int]]:
    now = now or timezone.now()
    return list(
        Table.objects.filter(Q(deadline__lte=now) | Q(next_hand_at__lte=now))
        .exclude(status=Table.Status.CLOSED)
        .order_by("pk")
        .values_list("pk", "version")
    )


def tick(now: Any = None) -> int:
    """Handle every table that is due now; returns how many changed."""
    changed = 0
    for table_id, version in due_tables(now):
        try:
            if services.handle_due(table_id, version):
                changed += 1
        except Exception:  # one broken table must not stop the clock of the others
            log.exception("clock: table %s failed", table_id)
    return changed


class Command(BaseCommand):
    help = "Apply action-clock timeouts and start due hands, forever (or --once)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--interval", type=float, default=0.25, help="seconds between scans")
        parser.add_argument("--once", action="store_true", help="scan once and exit")

    def handle(self, *args: Any, interval: float, once: bool, **options: Any) -> None:
        if once:
            self.stdout.write(f"{tick()} table(s) changed")
            return
        self.stdout.write(f"Table clock running (every {interval}s). Ctrl-C to stop.")
        try:
            while True:
                close_old_connections()
                if tick() == 0:
                    time.sleep(interval)
        except KeyboardInterrupt:
            pass
