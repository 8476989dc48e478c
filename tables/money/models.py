"""Money's rows: the chips that entered and left each table, sessions' nets, payments and
their marks, groups who settle as one, reminders, ledger imports and kept settlement plans.

:class:`TransferPaid` records that a host marked one settlement transfer of a session as
paid ("Bob pays Alice 40.00", ``tables.money.settlement``); :class:`ClubPayment` a
payment across sessions, and :class:`SettleGroup` members who settle as one
(``tables.money.balances``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from pokerclub.models import Club
from tables.play.models import Table


class LedgerEntry(models.Model):
    """Every chip that enters or leaves a table. Buy-ins are positive, cash-outs negative
    from the table's point of view; rake is taken from pots and kept by the house."""

    class Kind(models.TextChoices):
        BUY_IN = "buy_in", gettext_lazy("Buy-in")
        TOP_UP = "top_up", gettext_lazy("Top-up")
        CASH_OUT = "cash_out", gettext_lazy("Cash-out")
        RAKE = "rake", gettext_lazy("Rake")
        # R22: chips that moved between stacks at the table (already in the stacks, so not
        # part of a session's net), kept so that settlement and stats can show them
        BOUNTY_WON = "bounty_won", gettext_lazy("7-2 bounty won")
        BOUNTY_PAID = "bounty_paid", gettext_lazy("7-2 bounty paid")
        # a host corrects a stack between hands (a miscount, a chip given back), with a reason
        # (``note``): the chips come from the house or go to it, so the session's nets add up
        ADJUST_ADD = "adjust_add", gettext_lazy("Chips added by the host")
        ADJUST_REMOVE = "adjust_remove", gettext_lazy("Chips taken off by the host")

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="ledger")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    amount = models.PositiveBigIntegerField()
    guest = models.CharField(
        max_length=60,
        blank=True,
        help_text=gettext_lazy(
            "A player who is not a member (an imported history's nickname left as a "
            "guest); empty for members and the house."
        ),
    )
    hand = models.ForeignKey(
        "Hand", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    note = models.CharField(
        max_length=120,
        blank=True,
        help_text=gettext_lazy("Why a host corrected the stack (a correction's line only)."),
    )
    created_at = models.DateTimeField(default=timezone.now)

    HOUSE_GAINS = ("rake", "adjust_remove")
    HOUSE_PAYS = ("adjust_add",)
    """The lines whose other side is the house: the rake and a host's corrections."""

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["table", "user"])]


class TransferPaid(models.Model):
    """A mark on a settlement transfer of a session (a table): the payer says they paid
    (``marked``, until the payee confirms), the payee confirmed they received it, or a host
    marked it paid (``confirmed``), or the payee says it has not arrived (``disputed``).

    Parties are keys: ``"user:<id>"`` for a player, ``"house"`` for the rake's receiver.
    """

    class Status(models.TextChoices):
        MARKED = "marked", gettext_lazy("Marked paid by the payer")
        CONFIRMED = "confirmed", gettext_lazy("Paid")
        DISPUTED = "disputed", gettext_lazy("Not received, says the payee")

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    payer = models.CharField(max_length=32)
    payee = models.CharField(max_length=32)
    amount = models.PositiveBigIntegerField()
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    marked_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CONFIRMED)

    class Meta:
        ordering = ["marked_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "payer", "payee", "amount"], name="one_mark_per_transfer"
            ),
        ]


class ClubPayment(models.Model):
    """A payment between two parties of a club's money book, across sessions
    (``tables.money.balances``): made to settle the open balances ("who owes whom now").
    The payer marks it sent (``marked``) until the payee confirms it (``confirmed``; a host
    may confirm it too), or the payee says it has not arrived (``disputed``). Marked and
    confirmed payments count in the balances; a disputed one does not.

    Parties are keys, as in :class:`TransferPaid`, and ``"group:<id>"`` for a settle-with
    group (:class:`SettleGroup`) that pays or is paid as one.
    """

    Status = TransferPaid.Status

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    payer = models.CharField(max_length=32)
    payee = models.CharField(max_length=32)
    amount = models.PositiveBigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.MARKED)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    marked_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["club", "status"], name="clubpayment_club_status")]


class SettleGroup(models.Model):
    """Members of a club who settle among themselves (a couple, roommates): the club's
    settlement treats them as one party (``"group:<id>"``). A member is in at most one
    group of a club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class SettleGroupMember(models.Model):
    group = models.ForeignKey(SettleGroup, on_delete=models.CASCADE, related_name="members")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_settle_group_per_member"),
        ]


class SessionNet(models.Model):
    """One party's result of a closed session (a table, or a finished tournament), written
    when it closes
    (``sessions.record_nets``): a closed session never changes, so the club's money
    book (``tables.money.balances``) reads these instead of the whole ledger. The house's
    row (no user, no guest) holds the rake.

    ``earlier`` is the member's running total before this session: the sum of their nets
    over the club's sessions that ended before it (in the order ``ended_at``, ``table``), so
    how old a debt is becomes an indexed lookup instead of a walk over every session
    (``balances._owed_since``). ``sessions.record_nets`` keeps it, for members only
    (guests' and the house's rows hold 0)."""

    table = models.ForeignKey(
        "tables.Table", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    tournament = models.ForeignKey(
        "tables.Tournament", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    guest = models.CharField(max_length=60, blank=True)
    net = models.BigIntegerField()
    ended_at = models.DateTimeField()
    earlier = models.BigIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(
                fields=["club", "user", "ended_at", "table"], name="sessionnet_club_user_end"
            )
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "user", "guest"], name="one_net_per_party_per_session"
            ),
            models.UniqueConstraint(
                fields=["tournament", "user", "guest"], name="one_net_per_party_per_tournament"
            ),
            models.CheckConstraint(
                condition=models.Q(table__isnull=False) ^ models.Q(tournament__isnull=False),
                name="sessionnet_of_a_table_or_a_tournament",
            ),
        ]


class PaymentReminder(models.Model):
    """A mail sent to a member about what they owe in a club (at most one per grace
    period: ``manage.py send_payment_reminders``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["club", "user", "sent_at"], name="reminder_club_user")]


class LedgerImport(models.Model):
    """A ledger file brought in from another site (``tables.money.actions.ledger_import``): parsed and
    kept until the owner maps its players to members or guests, then applied once as one
    imported session. The same file (by its SHA-256) is applied at most once per club."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting for the players to be matched")
        DONE = "done", gettext_lazy("Imported")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    sha256 = models.CharField(max_length=64)
    file_name = models.CharField(max_length=200, blank=True)
    source = models.CharField(max_length=20, default="pokernow")
    rows = models.JSONField(
        default=list, help_text=gettext_lazy("The parsed rows, amounts in the club's unit.")
    )
    mapping = models.JSONField(
        default=dict, help_text=gettext_lazy("{file player id: 'user:<id>' or 'guest'}")
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    table = models.ForeignKey(
        "tables.Table", on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "sha256"],
                name="one_import_per_file",
            ),
        ]


class SettlementPlan(models.Model):
    """The fewest transfers that settle one set of nets of 17 to 30 parties (after opposite
    nets are paired), worked out once: by the page that first needs it when the search ends
    within its short allowance, else by the clock's settlement worker
    (``tables.money.plans``). Keyed by a digest of the nets, so a session's plan never
    changes once it is known, and marks on its transfers stay on them."""

    class Status(models.TextChoices):
        SEARCHING = "searching", gettext_lazy("Being worked out")
        FEWEST = "fewest", gettext_lazy("The fewest transfers")
        STOPPED = "stopped", gettext_lazy("The search ran out of time; the largest-first transfers")

    key = models.CharField(max_length=64, unique=True)
    nets = models.JSONField(help_text=gettext_lazy("[[party, net], ...] in party order"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SEARCHING)
    transfers = models.JSONField(
        default=list, help_text=gettext_lazy("[[payer, payee, amount], ...]")
    )
    created_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(
        null=True, blank=True, help_text=gettext_lazy("How long the search took.")
    )

    class Meta:
        indexes = [
            models.Index(
                fields=["created_at"],
                name="settlementplan_searching",
                condition=models.Q(status="searching"),
            )
        ]
