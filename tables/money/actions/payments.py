"""The money book's writes: payments of its transfers and their marks, and groups who settle as one. Under a lock of the club, so the book a change is checked against is the one it changes; the role is read here, in the transaction (``pokerclub.access``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from pokerclub import access
from pokerclub.models import Club, Membership, User
from tables.money.actions.bank import check_name
from tables.money.balances import book, group_key, party_transfer_marks, payment_ops
from tables.money.error_codes import MoneyError, MoneyErrorCode
from tables.money.fewest_transfers import Transfer
from tables.money.models import (
    ClubPayment,
    SettleGroup,
    SettleGroupMember,
)


@transaction.atomic
def pay(club: Club, transfer: Transfer, by: Any, op: str) -> ClubPayment:
    """Record a payment of one of the book's transfers: the payer (or a member of the
    paying group) says it is sent, the payee (or their group) or a host that it arrived.
    The book is recomputed under a lock of the club, so the transfer must still be one the
    book suggests (:class:`~tables.money.error_codes.MoneyError` otherwise, or when ``by`` may not)."""
    Club.objects.select_for_update().get(pk=club.pk)  # one money-book change at a time
    now = book(club)
    if transfer not in now.transfers:
        raise MoneyError(
            MoneyErrorCode.SETTLEMENT_CHANGED,
            _("That payment is no longer part of the settlement."),
        )
    if op not in party_transfer_marks(now, transfer, by.pk, access.is_host(by, club)):
        raise MoneyError(
            MoneyErrorCode.NOT_ALLOWED,
            _("Only the payer, the payee or a host can mark that payment so."),
        )
    status = ClubPayment.Status.MARKED if op == "sent" else ClubPayment.Status.CONFIRMED
    return ClubPayment.objects.create(
        club=club,
        payer=transfer.payer,
        payee=transfer.payee,
        amount=transfer.amount,
        status=status,
        marked_by=by,
    )


PAYMENT_OPS = ("received", "dispute", "withdraw", "paid", "clear")


@transaction.atomic
def update_payment(club: Club, payment_id: int, by: Any, op: str) -> None:
    """Apply ``op`` (:data:`PAYMENT_OPS`) to a club payment, as ``by``."""
    Club.objects.select_for_update().get(pk=club.pk)
    payment = ClubPayment.objects.filter(club=club, pk=payment_id).first()
    if payment is None:
        raise MoneyError(MoneyErrorCode.NO_SUCH_PAYMENT, _("There is no such payment."))
    if op not in PAYMENT_OPS or op not in payment_ops(
        book(club), payment, by.pk, access.is_host(by, club)
    ):
        raise MoneyError(
            MoneyErrorCode.NOT_ALLOWED,
            _("Only the payer, the payee or a host can change that payment so."),
        )
    if op in ("withdraw", "clear"):
        payment.delete()
        return
    payment.status = (
        ClubPayment.Status.DISPUTED if op == "dispute" else ClubPayment.Status.CONFIRMED
    )
    payment.marked_by, payment.marked_at = by, timezone.now()
    payment.save(update_fields=["status", "marked_by", "marked_at"])


@transaction.atomic
def make_group(club: Club, by: Any, name: str, user_ids: list[int]) -> SettleGroup:
    """A host groups two or more current members who settle among themselves; a member is
    in at most one group of the club."""
    if not access.is_host(by, club):
        raise MoneyError(
            MoneyErrorCode.NOT_ALLOWED, _("Only the club's owner or a host can group members.")
        )
    name = " ".join(name.split())[:60]
    check_name(name)
    ids = sorted(set(user_ids))
    if len(ids) < 2:
        raise MoneyError(MoneyErrorCode.BAD_FIELD, _("A group settles for two or more members."))
    members = set(
        Membership.objects.filter(club=club, user_id__in=ids).values_list("user_id", flat=True)
    )
    if members != set(ids):
        raise MoneyError(MoneyErrorCode.NOT_A_MEMBER, _("Only members of the club can be grouped."))
    if SettleGroupMember.objects.filter(club=club, user_id__in=ids).exists():
        raise MoneyError(
            MoneyErrorCode.ALREADY_GROUPED,
            _("A member can be in one group only: take them out of theirs first."),
        )
    if not name:
        names = dict(User.objects.filter(pk__in=ids).values_list("pk", "display_name"))
        # Translators: a group's name is its members' names; %(id)s stands for one without.
        unnamed = _("Member %(id)s")
        name = " & ".join(names.get(i) or unnamed % {"id": i} for i in ids)[:60]
    group = SettleGroup.objects.create(club=club, name=name)
    SettleGroupMember.objects.bulk_create(
        SettleGroupMember(group=group, club=club, user_id=i) for i in ids
    )
    return group


@transaction.atomic
def dissolve_group(club: Club, by: Any, group_id: int) -> None:
    """A host, or one of its members, ends a group; payments the group made or received as
    one stay in the book, shared by nobody: so a group that paid or was paid cannot end
    before the book is settled with it."""
    group = SettleGroup.objects.filter(club=club, pk=group_id).first()
    if group is None:
        raise MoneyError(MoneyErrorCode.NO_SUCH_GROUP, _("There is no such group."))
    mine = SettleGroupMember.objects.filter(group=group, user_id=by.pk).exists()
    if not (mine or access.is_host(by, club)):
        raise MoneyError(
            MoneyErrorCode.NOT_ALLOWED,
            _("Only the club's hosts or the group's members can end it."),
        )
    key = group_key(group.pk)
    if ClubPayment.objects.filter(Q(payer=key) | Q(payee=key), club=club).exists():
        raise MoneyError(
            MoneyErrorCode.GROUP_HAS_PAYMENTS,
            _("This group paid or was paid as one: it ends once those are cleared."),
        )
    group.delete()
