"""Tournaments (imported at the end of ``tables.models``; the rules are docs/rules.md
R24-R29, their pure logic ``engine.tournament``, the services ``tables.tournaments``).

A :class:`Tournament` is the club's event: its structure, its money and where its clock
stands. Its tables are ordinary :class:`~tables.play.models.Table` rows (``Table.tournament``)
that deal hands the usual way; their chips are tournament chips, never money: the money
is in the entries (:class:`TournamentEntry`: what each entry paid and won), written to the
club's money book once the tournament is over (``SessionNet.tournament``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from pokerclub.models import Club
from tables.play.models import game_label


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTERING = "registering", _("Registering")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class StartMode(models.TextChoices):
        SIT_AND_GO = "sit_and_go", _("Sit & go: starts when enough have registered")
        SCHEDULED = "scheduled", _("Scheduled: starts at a set time")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=60)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    game = models.CharField(max_length=12, default="holdem")
    structure = models.CharField(max_length=12, default="no_limit")
    buy_in = models.PositiveBigIntegerField(help_text="Into the prize pool, per entry and rebuy.")
    fee = models.PositiveBigIntegerField(default=0, help_text="The club's, per entry.")
    starting_stack = models.PositiveIntegerField(validators=[MinValueValidator(2)])
    seats_per_table = models.PositiveSmallIntegerField(
        default=9, validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    levels = models.JSONField(
        help_text="R24.1: [{small_blind, big_blind, ante, ante_by_big_blind, minutes}, ...]"
        " (engine.tournament.Level.to_json)"
    )
    break_every = models.PositiveSmallIntegerField(default=0)
    break_minutes = models.PositiveSmallIntegerField(default=5)
    late_until_level = models.PositiveSmallIntegerField(default=0)
    rebuy_until_level = models.PositiveSmallIntegerField(default=0)
    rebuy_limit = models.PositiveSmallIntegerField(default=0, help_text="0: no limit.")
    add_on_after_level = models.PositiveSmallIntegerField(default=0, help_text="0: no add-on.")
    add_on_price = models.PositiveBigIntegerField(default=0)
    add_on_chips = models.PositiveIntegerField(default=0)
    entries_per_player = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1)], help_text="More than 1: re-entry."
    )
    payout = models.JSONField(
        default=list, blank=True, help_text="R26.2: basis points per place; empty: R26.1."
    )
    start_mode = models.CharField(
        max_length=12, choices=StartMode.choices, default=StartMode.SIT_AND_GO
    )
    start_players = models.PositiveSmallIntegerField(
        default=0, help_text="Sit & go: starts when this many have registered."
    )
    starts_at = models.DateTimeField(null=True, blank=True)
    action_seconds = models.PositiveSmallIntegerField(default=30)
    deals_allowed = models.BooleanField(
        default=True, help_text="R29.3: the players left may agree an ICM deal or a chip chop."
    )
    deal = models.JSONField(
        null=True,
        blank=True,
        help_text="R29.3: the last deal proposed (tables.tournaments.actions.deals).",
    )
    in_person = models.BooleanField(
        default=False,
        help_text="Played at a real table: a clock and the results, no online tables "
        "(tables.tournaments.actions.in_person).",
    )
    seat_draw = models.JSONField(
        default=list,
        blank=True,
        help_text="A real table's seat draw at the start: [{user, table, seat}] (secrets).",
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERING)
    started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    paused_seconds = models.FloatField(default=0.0)
    finished_at = models.DateTimeField(null=True, blank=True)
    eliminations = models.PositiveIntegerField(
        default=0, help_text="How many entries are out: the next one out gets this + 1."
    )
    version = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def game_label(self) -> str:
        """The game for people, as a table says it: "No-limit Hold'em"."""
        return game_label(self.game, self.structure)


class TournamentEntry(models.Model):
    """One entry of a player (a re-entry is a new entry): what it paid, how it finished."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        PLAYING = "playing", _("Playing")
        BUSTED = "busted", _("No chips: may rebuy")
        # Translators: an entry's status: out of the tournament
        OUT = "out", _("Out")
        WON = "won", _("Won")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    number = models.PositiveSmallIntegerField(default=1, help_text="1, then re-entries.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERED)
    registered_at = models.DateTimeField(default=timezone.now)
    paid = models.PositiveBigIntegerField(default=0, help_text="Buy-in, fee, rebuys, add-on.")
    rebuys = models.PositiveSmallIntegerField(default=0)
    add_on = models.BooleanField(default=False)
    busted_hand = models.ForeignKey(
        "tables.Hand", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    busted_order = models.PositiveIntegerField(
        null=True, blank=True, help_text="R27.1: when it went out (1: first), per hand."
    )
    start_stack = models.PositiveBigIntegerField(
        default=0, help_text="R27.1: its chips at the start of the hand it busted in."
    )
    place = models.PositiveIntegerField(null=True, blank=True)
    prize = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["tournament", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "number"], name="one_entry_number_per_player"
            ),
        ]
