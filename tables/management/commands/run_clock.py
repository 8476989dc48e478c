"""Run the table clock as a process of its own: timeouts (R14) and next deals (R16.3).

Run one or several copies; see tables/clock.py for how they stay exactly-once.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from django.core.management.base import BaseCommand

from tables.clock import run_forever, tick


class Command(BaseCommand):
    help = "Apply action-clock timeouts and deal due hands, forever (or --once)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--interval", type=float, default=0.25, help="seconds between scans")
        parser.add_argument("--once", action="store_true", help="scan once and exit")

    def handle(self, *args: Any, interval: float, once: bool, **options: Any) -> None:
        if once:
            self.stdout.write(f"{tick()} table(s) changed")
            return
        self.stdout.write(f"Table clock running (every {interval}s). Ctrl-C to stop.")
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_forever(interval))
