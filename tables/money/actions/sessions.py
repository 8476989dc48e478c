"""A session's writes: its nets when it closes (each member's running total kept in order), and the marks on its transfers ("I paid", "Received", "Mark paid"). Who may mark what is :func:`tables.money.settlement.allowed_marks`; the role is read here, in the transaction (``pokerclub.access``)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db import transaction
from django.db.models import Max, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from pokerclub import access
from pokerclub.models import Club
from tables.money.error_codes import MoneyError, MoneyErrorCode
from tables.money.fewest_transfers import Transfer
from tables.money.models import LedgerEntry, SessionNet, TransferPaid
from tables.money.settlement import allowed_marks
from tables.play.models import Table


@transaction.atomic
def record_nets(table: Table) -> None:
    """Write the session's result per party (:class:`~tables.money.models.SessionNet`) when it
    closes, from its ledger: what each player cashed out minus what they bought in, and the
    house's rake. Called in the transaction that closes the table; idempotent."""
    rows = (
        LedgerEntry.objects.filter(table=table)
        .exclude(kind__in=[LedgerEntry.Kind.BOUNTY_WON, LedgerEntry.Kind.BOUNTY_PAID])
        .values("user_id", "guest", "kind")
        .annotate(total=Sum("amount"), last=Max("created_at"))
        .order_by()
    )
    nets: dict[tuple[int | None, str], list[Any]] = {}
    for row in rows:
        # the rake and a host's corrections are the house's (a player's corrected stack is
        # in their cash-out already); the rest a player's
        house = row["kind"] in (*LedgerEntry.HOUSE_GAINS, *LedgerEntry.HOUSE_PAYS)
        key = (None, "") if house else (row["user_id"], row["guest"])
        entry = nets.setdefault(key, [0, row["last"]])
        gains = row["kind"] in LedgerEntry.HOUSE_GAINS or row["kind"] == LedgerEntry.Kind.CASH_OUT
        entry[0] += row["total"] if gains else -row["total"]
        entry[1] = max(entry[1], row["last"])
    # one club's summary changes at a time, so each running total is counted over
    # committed rows (the lock is the money book's: payments.pay takes it too)
    Club.objects.select_for_update().filter(pk=table.club_id).first()
    SessionNet.objects.filter(table=table).delete()
    SessionNet.objects.bulk_create(
        SessionNet(
            table=table, club_id=table.club_id, user_id=user, guest=guest, net=net, ended_at=ended
        )  # fmt: skip
        for (user, guest), (net, ended) in nets.items()
    )
    recount_earlier(table.club_id, [user for user, _ in nets if user is not None])


def recount_earlier(club_id: int, user_ids: list[int]) -> None:
    """Keep each member's running total (``SessionNet.earlier``) in order after their
    sessions changed: a session brought in from the past moves every later one."""
    rows = (
        SessionNet.objects.filter(club_id=club_id, user_id__in=user_ids)
        .order_by("user_id", "ended_at", "table_id")
        .only("id", "user_id", "net", "earlier")
    )
    changed = []
    running: dict[int, int] = defaultdict(int)
    for row in rows:
        assert row.user_id is not None
        if row.earlier != running[row.user_id]:
            row.earlier = running[row.user_id]
            changed.append(row)
        running[row.user_id] += row.net
    SessionNet.objects.bulk_update(changed, ["earlier"], batch_size=500)


MARKS: dict[str, str | None] = {
    "paid": TransferPaid.Status.CONFIRMED,  # a host, or the payee: it arrived
    "sent": TransferPaid.Status.MARKED,  # the payer: I paid, please confirm
    "received": TransferPaid.Status.CONFIRMED,  # the payee
    "dispute": TransferPaid.Status.DISPUTED,  # the payee: it has not arrived
    "unpaid": None,  # a host clears the mark; the payer takes back an unconfirmed one
}


@transaction.atomic
def mark_paid(table: Table, transfer: Transfer, by: Any, op: str) -> None:
    """Apply ``op`` (:data:`MARKS`) to a transfer of the session, as ``by``: refused
    (:class:`~tables.money.error_codes.MoneyError`) unless :func:`allowed_marks` allows it for them."""
    row = (
        TransferPaid.objects.select_for_update()
        .filter(table=table, payer=transfer.payer, payee=transfer.payee, amount=transfer.amount)
        .first()
    )
    if op not in MARKS or op not in allowed_marks(
        transfer, by.pk, access.is_host(by, table.club_id), row.status if row else None
    ):
        raise MoneyError(
            MoneyErrorCode.NOT_ALLOWED,
            _("Only the payer, the payee or a host can mark that transfer so."),
        )
    status = MARKS[op]
    if status is None:
        if row is not None:
            row.delete()
        return
    if row is None:
        TransferPaid.objects.create(
            table=table,
            payer=transfer.payer,
            payee=transfer.payee,
            amount=transfer.amount,
            marked_by=by,
            status=status,
        )
    else:
        row.status, row.marked_by, row.marked_at = status, by, timezone.now()
        row.save(update_fields=["status", "marked_by", "marked_at"])
