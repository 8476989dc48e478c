"""Who a table's guests are and what they may see: a guest (``Role.GUEST``, a friend who came
by the table's link) sees the tables whose pass they hold, nothing else of the club.

A pass (``TableGuest``) lets its guest in while it stands: the host has not removed them,
the club has not banned them (``Membership.banned_at``), and the link they came by is live
or they hold a seat at the table (revoking a link closes the door, not the game: a seated
guest plays on until they leave or a host removes them). The checks that apply a change ask
here inside their transaction (``tables.play.actions.common.membership``); the table's
socket and pages ask here when they open.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from pokerclub import text
from pokerclub.access import guest_membership, membership_of
from pokerclub.models import Membership, Role
from pokerclub.text import same_name
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat, Table, TableGuest, TableLink

WATCHING = "watching"
"""The session's key for the tables its browser may watch by a link, without an account:
``{table id: link id}`` (``tables.play.views.watch`` writes it)."""


def watching_link(session: Any, table: Table) -> int | None:
    """The live watching link this browser's session opened for ``table``, where its club
    lets people watch by link; None otherwise."""
    link_id = (session.get(WATCHING) or {}).get(str(table.pk)) if session is not None else None
    if not isinstance(link_id, int) or not table.club.spectator_links:
        return None
    live = TableLink.objects.filter(
        pk=link_id, table=table, kind=TableLink.Kind.WATCH, revoked_at__isnull=True
    ).exists()
    return link_id if live else None


def guest_pass(user: Any, table: Table) -> TableGuest | None:
    """``user``'s standing pass to ``table`` (see the module), or None."""
    if user is None or not user.is_authenticated:
        return None
    found = (
        TableGuest.objects.select_related("link")
        .filter(table=table, user=user, left_at__isnull=True)
        .first()
    )
    if found is None or guest_membership(user, table.club_id) is None:
        return None
    if found.link.revoked_at is not None and not _seated(user, table):
        return None
    return found


def _seated(user: Any, table: Table) -> bool:
    return Seat.objects.filter(table=table, user=user).exists()


def table_access(user: Any, table: Table) -> Membership | None:
    """Who ``user`` is at ``table``: their membership of its club, or their guest
    membership while their pass stands; None for anyone else."""
    found = membership_of(user, table.club_id)
    if found is not None:
        return found
    if guest_pass(user, table) is None:
        return None
    return guest_membership(user, table.club_id)


def clean_nickname(raw: Any) -> str:
    """A guest's nickname trimmed, or ``bad_nickname`` (``pokerclub.text.clean_nickname``)."""
    try:
        return text.clean_nickname(raw)
    except text.NicknameError as error:
        raise PlayError(PlayErrorCode.BAD_NICKNAME, str(error)) from None


def nickname_taken(table: Table, nickname: str, user: Any = None) -> bool:
    """Whether a member of the club, or another guest of the table, goes by ``nickname``
    (as :func:`same_name` compares): a guest never takes a member's name."""
    wanted = same_name(nickname)
    others = Membership.objects.filter(club_id=table.club_id).filter(
        ~Q(role=Role.GUEST) | Q(user__in=TableGuest.objects.filter(table=table).values("user"))
    )
    if user is not None and user.is_authenticated:
        others = others.exclude(user=user)
    names = others.values_list("user__display_name", flat=True)
    return any(same_name(name) == wanted for name in names)


def guests_of(table: Table) -> list[dict[str, Any]]:
    """The table's guests for its hosts: who is watching, asking for a seat or playing."""
    seats = {s.user_id: s for s in Seat.objects.filter(table=table, user__isnull=False)}
    banned = set(
        Membership.objects.filter(
            club_id=table.club_id, role=Role.GUEST, banned_at__isnull=False
        ).values_list("user_id", flat=True)
    )
    rows = []
    for guest in TableGuest.objects.filter(table=table, left_at__isnull=True).select_related(
        "user", "link"
    ):
        if guest.user_id in banned:
            continue
        seat = seats.get(guest.user_id)
        rows.append(
            {
                "user_id": guest.user_id,
                "name": str(guest.user),
                "seat": seat.number if seat else None,
                "asking": seat is not None and seat.status == Seat.Status.REQUESTED,
                "link_live": guest.link.revoked_at is None,
            }
        )
    return rows
