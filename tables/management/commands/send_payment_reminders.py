"""Mail the members who asked for it about payments they owe that are overdue (run daily)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tables.money.actions.reminders import send_reminders


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--base-url",
            default="",
            help="The site's address for the link in the mail, e.g. https://poker.example.org",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        sent = send_reminders(base_url=options["base_url"].rstrip("/"))
        self.stdout.write(f"{sent} reminder{'s' if sent != 1 else ''} sent")
