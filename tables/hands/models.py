"""Hand records: a hand with every action, the per-player rows derived from it, and hand-log imports.

A :class:`Hand` row is written by live play (``tables.play.actions``) as the hand is dealt and
played; :class:`HandPlayer` is one row per player per finished hand: what the hand meant for that
player (net, showdown, preflop habits). It is derived from the hand's record by the clock
soon after the hand finishes (``tables.hands.actions.summary``; a hand that fails is retried, see
``Hand.history_error``), so hand lists, filters, stats and the leaderboard are plain indexed
queries instead of replays.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from pokerclub.models import Club
from tables.hands import skips
from tables.play.models import Table


class Hand(models.Model):
    """One hand: its configuration, every action, and its final state and result."""

    # (no index of its own: the unique (table, number) leads with it; issue #44)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands", db_index=False)
    number = models.PositiveIntegerField()
    started_at = models.DateTimeField(default=timezone.now)
    ended_at = models.DateTimeField(null=True, blank=True)
    players = models.JSONField(
        default=list, help_text=gettext_lazy("[{seat, user_id, name, stack}] at the start")
    )
    config = models.JSONField(default=dict)
    tournament_level = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("A tournament's hand: the level it was dealt at (R24)."),
    )
    commitment = models.CharField(
        max_length=64, help_text=gettext_lazy("SHA-256 of the seed, or deck v2's root.")
    )
    seed = models.CharField(
        max_length=64,
        blank=True,
        help_text=gettext_lazy(
            "Hands dealt before deck v2: the seed, revealed when the hand ended (R15)."
        ),
    )
    deck = models.JSONField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "Deck v2's public proof (R15): root, nonces, versions, seats; its commitments"
            " follow from the secret."
        ),
    )
    deck_secret = models.CharField(
        max_length=64,
        blank=True,
        help_text=gettext_lazy(
            "Deck v2's secret (SECRET: server-side only, for replays; never shown)."
        ),
    )
    imported_deck = models.JSONField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "An imported hand's deal, for replays (SECRET: server-side only): the log's "
            "cards where it gives them, stand-ins elsewhere, which are never shown "
            "(tables.hands.log_file)."
        ),
    )
    final_state = models.JSONField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    rake = models.PositiveBigIntegerField(default=0)
    history_recorded = models.BooleanField(
        default=False, help_text=gettext_lazy("Its history rows (HandPlayer) are written.")
    )
    # a hand whose history rows could not be written (tables.hands.actions.summary.backfill)
    history_attempts = models.PositiveIntegerField(
        default=0,
        help_text=gettext_lazy("Failed attempts to write its history rows since the last success."),
    )
    history_error = models.TextField(
        blank=True, help_text=gettext_lazy("Why the last attempt failed.")
    )
    history_retry_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Not tried again before this (back-off after a failure)."),
    )

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_per_table")
        ]
        indexes = [
            # the clock's "finished hands whose history is still to write": only those are
            # indexed, by the time they may be tried again (none: at once)
            models.Index(
                fields=["history_retry_at"],
                name="hand_history_due",
                condition=Q(history_recorded=False, ended_at__isnull=False),
            )
        ]


class HandAction(models.Model):
    # One row per decision, the one thing each action adds (issue #44): the hand's own index
    # would repeat the unique constraint's, whose first column it is; who acted is the hand's
    # player at that seat (Hand.players) and is never looked up by user, so it has neither
    # an index nor a foreign-key check (whose row lock was written to the WAL with every
    # action). Django still sets it to null if that user is ever deleted. The hand has no
    # database check either, for the same row lock on the hand with every action: the one
    # writer of actions (tables.play.actions.hand) inserts them under the table's lock for
    # the hand it has just read as the table's current one, and Django's delete of a hand
    # still deletes its actions (on_delete), as a check would have demanded.
    # The key is the hand and the place in it (migration 0063): a surrogate id's index was
    # one more B-tree entry with every action, and nothing looks an action up by it.
    pk = models.CompositePrimaryKey("hand", "sequence")
    hand = models.ForeignKey(
        Hand,
        on_delete=models.CASCADE,
        related_name="actions",
        db_index=False,
        db_constraint=False,
    )
    sequence = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        db_index=False,
        db_constraint=False,
    )
    kind = models.CharField(max_length=12)
    amount = models.BigIntegerField(null=True, blank=True)
    timeout = models.BooleanField(default=False)
    version = models.PositiveBigIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["hand", "sequence"]


class HandPlayer(models.Model):
    """One player in one finished hand (derived from the hand; never edited by hand)."""

    # Six rows a hand, each written with an entry in every index (issue #44): the hand and
    # the club need no index of their own, as the unique (hand, seat) and the (club, user,
    # hand) indexes lead with them (a hand's player is found among its few rows by the
    # first: no (hand, user) index); the user's row is not locked by a database check with
    # each (the one writer, tables.hands.actions.summary, takes the users from the hand, and
    # Django sets the user to null if they are ever deleted).
    hand = models.ForeignKey(
        "tables.Hand", on_delete=models.CASCADE, related_name="participants", db_index=False
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+", db_index=False)
    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        db_constraint=False,
    )
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=64)
    ended_at = models.DateTimeField()
    starting_stack = models.PositiveBigIntegerField()
    net = models.BigIntegerField(help_text=gettext_lazy("Final stack minus starting stack."))
    won = models.PositiveBigIntegerField(default=0, help_text=gettext_lazy("Chips won from pots."))
    pot = models.PositiveBigIntegerField(
        default=0, help_text=gettext_lazy("The whole hand's pots and rake.")
    )
    vpip = models.BooleanField(
        default=False, help_text=gettext_lazy("Put chips in voluntarily before the flop.")
    )
    pfr = models.BooleanField(
        default=False, help_text=gettext_lazy("Bet or raised before the flop.")
    )
    three_bet_chance = models.BooleanField(default=False)
    three_bet = models.BooleanField(default=False)
    saw_flop = models.BooleanField(default=False)
    went_to_showdown = models.BooleanField(default=False)
    won_at_showdown = models.BooleanField(default=False)
    showdown = models.BooleanField(
        default=False, help_text=gettext_lazy("The hand went to a showdown.")
    )

    class Meta:
        ordering = ["-hand_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="one_row_per_seat_per_hand"),
        ]
        indexes = [
            models.Index(fields=["club", "user", "hand"], name="handplayer_club_user_hand"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in hand {self.hand_id}: {self.net:+d}"


class HandLogImport(models.Model):
    """A game's hand log brought in from another site (``tables.hands.actions.log_import``),
    joined to the session its ledger became. The same file (by its SHA-256) is brought in
    at most once per club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    sha256 = models.CharField(max_length=64)
    file_name = models.CharField(max_length=200, blank=True)
    hands = models.PositiveIntegerField(default=0, help_text=gettext_lazy("Hands brought in."))
    skipped = models.JSONField(
        default=list, help_text=gettext_lazy("[{number, line, reason}] for the hands left out.")
    )
    log_owner = models.CharField(
        max_length=60,
        blank=True,
        help_text=gettext_lazy(
            "The file's player id of whoever downloaded the log (their own cards are "
            "in it, kept for them alone); empty when not known."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "sha256"], name="one_hand_log_per_file"),
        ]

    def left_out(self) -> list[dict[str, Any]]:
        """The hands left out, each with why (``reason``) in the active language
        (:func:`tables.hands.skips.said`)."""
        return [{**kept, "reason": skips.said(kept)} for kept in self.skipped]
