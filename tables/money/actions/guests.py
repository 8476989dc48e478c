"""One person under two names in the money book: an imported game's nickname left as a guest
(``LedgerEntry.guest``), or a guest the banker wrote down by name, matched later to the
person they are (a member, or a guest of the club). Only the club's owner matches: it
rewrites whose lines and nets they are (``tables.money.actions.ledger_import`` is theirs too).

What moves is money only: the ledger's lines and the sessions' nets. A guest who played
hands here (a friend from a table's link) is not matched away: their cards stay theirs
(DESIGN invariant 1); a host makes them a member instead.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from pokerclub import access
from pokerclub.models import Club, Membership, Role
from tables.hands.models import HandPlayer
from tables.money.actions.sessions import recount_earlier
from tables.money.error_codes import MoneyError, MoneyErrorCode
from tables.money.models import (
    ClubPayment,
    LedgerEntry,
    SessionNet,
    SettleGroupMember,
    TransferPaid,
)
from tables.money.settlement import guest_key, user_key


def matchable(club: Club) -> list[tuple[str, str]]:
    """What the owner may match to a person: ``(key, name)`` of each imported guest's name
    and each guest of the club without a login or hands of their own."""
    names = (
        LedgerEntry.objects.filter(table__club=club, user__isnull=True)
        .exclude(guest="")
        .values_list("guest", flat=True)
        .distinct()
    )
    found = [(guest_key(name), name) for name in sorted(set(names))]
    for m in _guests_without_hands(club):
        found.append((user_key(m.user_id), str(m.user)))
    return found


def _guests_without_hands(club: Club) -> list[Membership]:
    played = HandPlayer.objects.filter(hand__table__club=club).values("user_id")
    return list(
        Membership.objects.filter(club=club, role=Role.GUEST, user__is_guest=True)
        .exclude(user_id__in=played)
        .select_related("user")
        .order_by("user__display_name")
    )


@transaction.atomic
def match(actor: Any, club: Club, source: Any, into_user_id: Any) -> int:
    """The owner says ``source`` (``"guest:<name>"`` or ``"user:<id>"``, one of
    :func:`matchable`) is the person ``into_user_id`` (a member or a guest of the club):
    their lines and nets become that person's; a guest written down by name leaves the
    club's list. Returns the lines moved. Refused when the source has payments marked or
    belongs to a settling group (settle those first), or is not one :func:`matchable` names."""
    if not access.is_owner(actor, club):
        raise MoneyError(MoneyErrorCode.NOT_ALLOWED, _("Only the club's owner matches guests."))
    keys = dict(matchable(club))
    if not isinstance(source, str) or source not in keys:
        raise MoneyError(MoneyErrorCode.BAD_FIELD, _("Choose a guest from the list."))
    into = (
        Membership.objects.filter(club=club, user_id=into_user_id, banned_at__isnull=True).first()
        if isinstance(into_user_id, int) and not isinstance(into_user_id, bool)
        else None
    )
    if into is None or user_key(into.user_id) == source:
        raise MoneyError(MoneyErrorCode.BAD_FIELD, _("Choose another member or guest of the club."))
    marked = Q(payer=source) | Q(payee=source)
    if (
        ClubPayment.objects.filter(club=club).filter(marked).exists()
        or TransferPaid.objects.filter(table__club=club).filter(marked).exists()
    ):
        raise MoneyError(
            MoneyErrorCode.NOT_ALLOWED,
            _("%(name)s has payments marked: settle or take them back first.")
            % {"name": keys[source]},
        )
    if source.startswith("user:"):
        user_id = int(source.split(":", 1)[1])
        if SettleGroupMember.objects.filter(user_id=user_id, club=club).exists():
            raise MoneyError(
                MoneyErrorCode.NOT_ALLOWED,
                _("%(name)s settles in a group: end the group first.") % {"name": keys[source]},
            )
        lines = LedgerEntry.objects.filter(table__club=club, user_id=user_id)
        nets = SessionNet.objects.filter(club=club, user_id=user_id)
    else:
        name = source.split(":", 1)[1]
        lines = LedgerEntry.objects.filter(table__club=club, user__isnull=True, guest=name)
        nets = SessionNet.objects.filter(club=club, user__isnull=True, guest=name)
    moved = lines.update(user_id=into.user_id, guest="")
    for net in nets.select_for_update():
        same = SessionNet.objects.filter(
            club=club,
            user_id=into.user_id,
            guest="",
            table=net.table_id,
            tournament=net.tournament_id,
        ).first()
        if same is not None:  # they played that session under both names: one net
            same.net += net.net
            same.save(update_fields=["net"])
            net.delete()
        else:
            net.user_id = into.user_id
            net.guest = ""
            net.save(update_fields=["user", "guest"])
    recount_earlier(club.pk, [into.user_id])
    if source.startswith("user:"):
        Membership.objects.filter(club=club, user_id=int(source.split(":", 1)[1])).delete()
    return moved
