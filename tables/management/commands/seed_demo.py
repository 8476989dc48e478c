"""Create a demo club with a few demo players, so a newcomer can try Pokerclub alone.

Safe to run again: it creates what is missing and prints the logins each time. ``--lang it``
makes the demo Italian: its names, its players' language and what this command prints
(the default is ``settings.LANGUAGE_CODE``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

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
ITALIAN_NAMES = {"Alice": "Alice", "Bob": "Bruno", "Carol": "Carla", "Dave": "Dario"}
"""The demo players' names in an Italian demo (their logins stay the same)."""
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
                    "name": _("Demo table"),
                    "small_blind": 1,
                    "big_blind": 2,
                    "min_buy_in": 40,
                    "max_buy_in": 200,
                    "max_seats": 6,
                },
            )

    help = "Create the demo club and demo players (idempotent) and print their logins."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            default=settings.LANGUAGE_CODE,
            help="The demo's language: its names, its players' language, this output.",
        )

    @transaction.atomic
    def handle(self, *args: Any, lang: str = settings.LANGUAGE_CODE, **options: Any) -> None:
        with translation.override(lang):
            self._seed(lang)

    def _seed(self, lang: str) -> None:
        club, created = Club.objects.get_or_create(
            slug=DEMO_CLUB_SLUG,
            defaults={
                "name": _("Demo Club"),
                "description": _(
                    "A club to try Pokerclub: log in as two demo players in two windows."
                ),
            },
        )
        for email, name, role in DEMO_PLAYERS:
            user = User.objects.filter(email=email).first()
            if user is None:
                user = User.objects.create_user(
                    email=email,
                    password=DEMO_PASSWORD,
                    display_name=ITALIAN_NAMES[name] if lang == "it" else name,
                    language="" if lang == settings.LANGUAGE_CODE else lang,
                )
            Membership.objects.get_or_create(club=club, user=user, defaults={"role": role})
        self._demo_table(club)
        said = (
            _("Created club %(name)s (%(url)s).")
            if created
            else _("The demo is there: club %(name)s (%(url)s).")
        )
        self.stdout.write(
            self.style.SUCCESS(said % {"name": club.name, "url": f"/clubs/{club.slug}/"})
        )
        self.stdout.write(
            _("It has an open table: log in as two players in two windows and sit down.")
        )
        self.stdout.write(
            _("Demo logins (password for all: %(password)s):") % {"password": DEMO_PASSWORD}
        )
        for email, _name, role in DEMO_PLAYERS:
            user = User.objects.get(email=email)
            self.stdout.write(f"  {email:<28} {user.display_name:<6} {role.label}")
