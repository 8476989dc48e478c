"""Create a demo club with a few demo players, so a newcomer can try Pokerclub alone.

Safe to run again: it creates what is missing and prints the logins each time.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from pokerclub.models import Club, Membership, Role, User
from tables.play import actions as services
from tables.play.models import Table

DEMO_PASSWORD = "pokerclub-demo"
DEMO_PLAYERS = [
    ("alice@demo.pokerclub.test", "Alice", Role.OWNER),
    ("bob@demo.pokerclub.test", "Bob", Role.HOST),
    ("carol@demo.pokerclub.test", "Carol", Role.MEMBER),
    ("dave@demo.pokerclub.test", "Dave", Role.MEMBER),
]
DEMO_CLUB_SLUG = "demo"


class Command(BaseCommand):
    @staticmethod
    def _demo_table(club: Club) -> None:
        """An open no-limit table, so two demo players can sit down and play at once."""
        if not Table.objects.filter(club=club).exists():
            owner = Membership.objects.get(club=club, role=Role.OWNER).user
            services.create_table(
                owner,
                club,
                {
                    "name": "Demo table",
                    "small_blind": 1,
                    "big_blind": 2,
                    "min_buy_in": 40,
                    "max_buy_in": 200,
                    "max_seats": 6,
                },
            )

    help = "Create the demo club and demo players (idempotent) and print their logins."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        club, created = Club.objects.get_or_create(
            slug=DEMO_CLUB_SLUG,
            defaults={
                "name": "Demo Club",
                "description": "A club to try Pokerclub: log in as two demo players in two windows.",
            },
        )
        for email, name, role in DEMO_PLAYERS:
            user = User.objects.filter(email=email).first()
            if user is None:
                user = User.objects.create_user(
                    email=email, password=DEMO_PASSWORD, display_name=name
                )
            Membership.objects.get_or_create(club=club, user=user, defaults={"role": role})
        self._demo_table(club)
        verb = "Created" if created else "The demo is there:"
        self.stdout.write(self.style.SUCCESS(f"{verb} club '{club.name}' (/clubs/{club.slug}/)."))
        self.stdout.write(
            "It has an open table: log in as two players in two windows and sit down."
        )
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for email, name, role in DEMO_PLAYERS:
            self.stdout.write(f"  {email:<28} {name:<6} {role.label}")
