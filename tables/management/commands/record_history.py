"""Record finished hands' history rows now: ``manage.py record_history [--hand ID ...]``.

The clock does this by itself within a second of each hand's end (``tables.clock``). A
hand whose recording failed is marked (``Hand.history_error``) and tried again after a
back-off of up to an hour; this command tries every hand not recorded yet at once,
whatever its retry time (after deploying a fix, say), and lists the hands that still fail,
exiting non-zero if any does.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tables.hands.actions.summary import backfill
from tables.hands.models import Hand
from tables.hands.replay import describe


class Command(BaseCommand):
    help = "Write the history rows of finished hands that have none, now; list the failures."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--hand", type=int, action="append", help="only this hand (its id)")

    def handle(self, *args: Any, **options: Any) -> None:
        pending = Hand.objects.filter(history_recorded=False, ended_at__isnull=False)
        if options["hand"]:
            pending = pending.filter(pk__in=options["hand"])
        recorded = backfill(pending)
        self.stdout.write(f"Recorded {recorded} hand(s).")
        failed = list(pending.filter(history_attempts__gt=0).order_by("pk"))
        for hand in failed:
            self.stderr.write(f"{describe(hand)}: {hand.history_error}")
        if failed:
            raise CommandError(f"{len(failed)} hand(s) could not be recorded (listed above).")
