"""A game night and its answers."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from pokerclub.models import Club


class GameNight(models.Model):
    """One night a club plans: ``starts_at`` (stored in UTC, typed in the club's zone), what
    is played (``kind``), a seat cap, a quorum of Yes answers needed by ``answer_by``, and its
    ``status``, which the clock decides at ``answer_by`` (``tables.nights.actions.decide``)."""

    class Kind(models.TextChoices):
        TABLE = "table", _("An online table")
        TOURNAMENT = "tournament", _("An online tournament")
        REAL_TABLE = "real_table", _("A game at a real table")

    class Status(models.TextChoices):
        PLANNED = "planned", _("Answers open")
        CONFIRMED = "confirmed", _("On")
        # Translators: a game night that did not reach its quorum by the answer-by time.
        CALLED_OFF = "called_off", _("Called off: not enough players")
        CANCELLED = "cancelled", _("Cancelled by the host")

    MAX_SEATS = 60
    MAX_REPEATS = 26
    """A repeated night is created at most this many times at once (half a year of weekly
    nights): the rest are created later, never thousands by mistake."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    title = models.CharField(max_length=80)
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.TABLE)
    place = models.CharField(
        max_length=120, blank=True, help_text="Where a game at a real table is played."
    )
    starts_at = models.DateTimeField()
    answer_by = models.DateTimeField(help_text="RSVP deadline: the quorum is counted then.")
    seat_cap = models.PositiveSmallIntegerField(default=9)
    quorum = models.PositiveSmallIntegerField(
        default=0, help_text="Yes answers needed by answer_by for the night to be on (0: none)."
    )
    plus_ones = models.BooleanField(
        default=False, help_text="A member may bring a friend (+1), who takes a seat too."
    )
    note = models.TextField(max_length=500, blank=True)
    series = models.CharField(
        max_length=32, blank=True, help_text="Nights created together by a repeat share it."
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PLANNED)
    decided_at = models.DateTimeField(null=True, blank=True)
    reminded_day_at = models.DateTimeField(
        null=True, blank=True, help_text="When the day-before reminders went (claimed once)."
    )
    reminded_hour_at = models.DateTimeField(
        null=True, blank=True, help_text="When the hour-before reminders went (claimed once)."
    )
    version = models.PositiveIntegerField(
        default=0, help_text="Bumped by every change: the clock's compare-and-set."
    )
    table = models.ForeignKey(
        "tables.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The table the night opened: online, or a real table's bank.",
    )
    tournament = models.ForeignKey(
        "tables.Tournament",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The tournament the night plays.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["starts_at", "pk"]
        indexes = [
            # the clock's "nights whose answers close now": only the undecided ones
            models.Index(
                fields=["answer_by"], name="night_decision_due", condition=Q(status="planned")
            ),
            models.Index(fields=["club", "starts_at"], name="night_club_start"),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.starts_at:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("nights:detail", args=[self.club.slug, self.pk])

    OPENS_EARLY = timedelta(hours=2)
    """A host may open the night's games this long before its start."""

    @property
    def may_open(self) -> bool:
        """Its games may be opened now: it is not off, not opened yet, and starts soon."""
        return (
            self.status in (self.Status.PLANNED, self.Status.CONFIRMED)
            and self.table_id is None
            and self.tournament_id is None
            and timezone.now() >= self.starts_at - self.OPENS_EARLY
        )

    @property
    def is_open(self) -> bool:
        """Answers are still taken (planned, before the answer-by time)."""
        return self.status == self.Status.PLANNED and timezone.now() < self.answer_by


class Answer(models.Model):
    """A member's answer to a night. A Yes past the seat cap waits (``waitlisted``), in the
    order the answers came (``answered_at``), and moves up when a seat frees."""

    class Reply(models.TextChoices):
        YES = "yes", _("Yes")
        MAYBE = "maybe", _("Maybe")
        NO = "no", _("No")

    night = models.ForeignKey(GameNight, on_delete=models.CASCADE, related_name="answers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reply = models.CharField(max_length=5, choices=Reply.choices)
    plus_one = models.BooleanField(default=False)
    waitlisted = models.BooleanField(default=False)
    answered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["answered_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["night", "user"], name="one_answer_per_member"),
        ]

    @property
    def seats(self) -> int:
        """The seats this answer takes if it is a Yes: the member and their +1."""
        return 1 + int(self.plus_one)


def new_feed_token() -> str:
    import secrets

    return secrets.token_urlsafe(24)


class CalendarFeed(models.Model):
    """A member's private calendar feed: ``/nights/feed/<token>.ics`` lists the nights of
    every club they belong to, for a calendar app to subscribe to. The token is the only
    key (a calendar app cannot log in); a new one replaces it and the old link stops."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="night_feed"
    )
    token = models.CharField(max_length=40, unique=True, default=new_feed_token)
    created_at = models.DateTimeField(default=timezone.now)


class MailChoice(models.Model):
    """Which game-night mails a member wants (no row: all of them): the news of their
    clubs' nights (planned, on, called off, cancelled), a reminder the day before and one an
    hour before a night they said Yes or Maybe to. A waitlisted member's seat always comes
    by mail."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="night_mails"
    )
    news = models.BooleanField(default=True)
    day_before = models.BooleanField(default=True)
    hour_before = models.BooleanField(default=True)


class Season(models.Model):
    """A club's season: its dates and how its results score (``tables.nights.scoring``).
    Every closed session (online, at a real table or imported) and every finished tournament
    of the club between ``starts_on`` and ``ends_on`` (the club's dates) is one event."""

    class Tournaments(models.TextChoices):
        FIELD = "field", _("Field size minus place, plus one (last place: 1)")
        SQRT = "sqrt", _("10 × √(field ÷ place)")
        TABLE = "table", _("A table of points by place")

    class Cash(models.TextChoices):
        NONE = "none", _("Cash games score no points")
        NET = "net", _("Points from the net result")
        SESSIONS = "sessions", _("Points for each session played")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=60)
    starts_on = models.DateField()
    ends_on = models.DateField()
    tournament_points = models.CharField(
        max_length=8, choices=Tournaments.choices, default=Tournaments.FIELD
    )
    place_points = models.JSONField(
        default=list, blank=True, help_text="With a table: points for 1st, 2nd, ... place."
    )
    cash_points = models.CharField(max_length=8, choices=Cash.choices, default=Cash.NET)
    cash_unit = models.PositiveIntegerField(
        default=100, help_text="Net results: one point per this many of the club's smallest unit."
    )
    session_points = models.PositiveSmallIntegerField(
        default=1, help_text="Sessions: points for each one played."
    )
    attendance_points = models.PositiveSmallIntegerField(
        default=0, help_text="Points for each event played, whatever the result."
    )
    best_events = models.PositiveSmallIntegerField(
        default=0, help_text="Only the best this many events count (0: all of them)."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-starts_on", "pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("nights:season", args=[self.club.slug, self.pk])
