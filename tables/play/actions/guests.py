"""A table's link and its guests: a host (or a member, when the club lets them) takes the
table's link; a friend opens it, gives a nickname and watches; a host removes or bans a
guest, limits how many a link admits, or revokes it (a new one replaces it).

Each function is one transaction that reads the actor's role itself. A guest is a real user
(``User.is_guest``) with a guest membership of the club (``Role.GUEST``) and a pass to the
table (``TableGuest``); what a pass lets them see is ``tables.play.guests``'s.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pokerclub.access import membership_of
from pokerclub.models import Membership, Role, User
from tables.play.actions.between_hands import leave_seat, schedule_next_hand
from tables.play.actions.common import (
    broadcast_on_commit,
    commit_change,
    lock,
    refuse_at_tournament,
    require_open,
)
from tables.play.actions.seats import release_member
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.guests import clean_nickname, nickname_taken
from tables.play.models import Table, TableGuest, TableLink

CLOSE_GUEST_OUT = 4410
"""The close code of a guest's socket when a host removed or banned them, or revoked the
link they came by while they held no seat (docs/protocol.md)."""


def _live_link(table: Table, kind: str) -> TableLink | None:
    return TableLink.objects.filter(table=table, kind=kind, revoked_at__isnull=True).first()


def _check_kind(kind: Any) -> str:
    if kind not in TableLink.Kind.values:
        raise PlayError(PlayErrorCode.BAD_FIELD, _("There is no such kind of link."))
    return str(kind)


def _may_share(actor: Any, table: Table, kind: str) -> Membership:
    """The actor, if they may hand out the table's ``kind`` of link: a host, or a member
    when the club lets members share links; a watching link only where the club has them."""
    m = membership_of(actor, table.club_id)
    if m is None:
        raise PlayError(PlayErrorCode.NOT_A_MEMBER, _("Only members of the club can do that."))
    club = m.club
    if kind == TableLink.Kind.WATCH and not club.spectator_links:
        raise PlayError(
            PlayErrorCode.NOT_ALLOWED, _("This club does not let people watch its tables by link.")
        )
    if not m.is_host and not club.members_share_links:
        raise PlayError(
            PlayErrorCode.NOT_ALLOWED, _("Only the club's owner or a host can share this link.")
        )
    return m


def _table_for_links(table_id: int) -> Table:
    table, _seats = lock(table_id)
    refuse_at_tournament(table)
    require_open(table)
    return table


@transaction.atomic
def table_link(actor: Any, table_id: int, kind: Any = TableLink.Kind.PLAY) -> TableLink:
    """The table's live link of ``kind``, made the first time it is asked for."""
    kind = _check_kind(kind)
    table = _table_for_links(table_id)
    _may_share(actor, table, kind)
    link = _live_link(table, kind)
    if link is None:
        link = TableLink.objects.create(table=table, kind=kind, created_by=actor)
    return link


@transaction.atomic
def revoke_link(actor: Any, table_id: int, kind: Any = TableLink.Kind.PLAY) -> TableLink:
    """A host revokes the table's link of ``kind``; a new one (with the same limit) replaces
    it. Guests who came by it and hold no seat lose the table: their sockets are closed
    (``CLOSE_GUEST_OUT``); watchers by it too. Seated guests play on."""
    kind = _check_kind(kind)
    table, seats = lock(table_id, host=actor)
    old = _live_link(table, kind)
    now = timezone.now()
    limit = TableLink.DEFAULT_MAX_GUESTS
    if old is not None:
        old.revoked_at = now
        old.save(update_fields=["revoked_at"])
        limit = old.max_guests
        seated = {s.user_id for s in seats if s.user_id is not None}
        out = list(
            TableGuest.objects.filter(link=old, left_at__isnull=True)
            .exclude(user_id__in=seated)
            .values_list("user_id", flat=True)
        )
        broadcast_on_commit(
            table.pk,
            {"type": "table.link_revoked", "link_id": old.pk, "user_ids": out},
        )
    return TableLink.objects.create(table=table, kind=kind, created_by=actor, max_guests=limit)


@transaction.atomic
def set_link_limit(actor: Any, table_id: int, max_guests: Any) -> TableLink:
    """A host sets how many guests the table's link admits (1 to ``TableLink.MOST_GUESTS``;
    guests already in stay)."""
    if isinstance(max_guests, bool) or not isinstance(max_guests, int):
        raise PlayError(PlayErrorCode.BAD_FIELD, _("The limit must be a whole number."))
    if not 1 <= max_guests <= TableLink.MOST_GUESTS:
        raise PlayError(
            PlayErrorCode.AMOUNT_OUT_OF_RANGE,
            _("A link admits between 1 and %(most)s guests.") % {"most": TableLink.MOST_GUESTS},
        )
    table, _seats = lock(table_id, host=actor)
    link = _live_link(table, TableLink.Kind.PLAY)
    if link is None:
        link = TableLink.objects.create(table=table, created_by=actor)
    link.max_guests = max_guests
    link.save(update_fields=["max_guests"])
    return link


def open_link(token: Any, kind: str = TableLink.Kind.PLAY) -> TableLink:
    """The live link ``token`` names, with its table and club, or why it does not open:
    ``no_such_link``, ``link_revoked``, ``table_closed``."""
    link = (
        TableLink.objects.select_related("table__club")
        .filter(token=str(token)[:40], kind=kind)
        .first()
        if isinstance(token, str)
        else None
    )
    if link is None:
        raise PlayError(PlayErrorCode.NO_SUCH_LINK, _("This link does not lead to any table."))
    if link.revoked_at is not None:
        raise PlayError(
            PlayErrorCode.LINK_REVOKED,
            _("The host has closed this link: ask them for the table's new one."),
        )
    if link.table.status == Table.Status.CLOSED:
        raise PlayError(PlayErrorCode.TABLE_CLOSED, _("This table is closed."))
    return link


@transaction.atomic
def join(token: Any, nickname: Any, user: Any = None) -> tuple[User, Table]:
    """A friend opens a table's link and gives a nickname: a guest user is made for them
    (or the signed-in person joins under their own name), with a guest membership of the
    club and a pass to the table. A member of the club just goes to the table.

    Refused: ``no_such_link``, ``link_revoked``, ``table_closed``, ``banned``,
    ``not_allowed`` (a host removed them from this table), ``bad_nickname``,
    ``nickname_taken``, ``link_full``."""
    link = open_link(token)
    link = TableLink.objects.select_for_update().select_related("table__club").get(pk=link.pk)
    table = link.table
    signed_in = user is not None and user.is_authenticated
    if signed_in and membership_of(user, table.club_id) is not None:
        return user, table
    held = None
    if signed_in:
        guest_m = Membership.objects.filter(club_id=table.club_id, user=user).first()
        if guest_m is not None and guest_m.banned_at is not None:
            raise PlayError(
                PlayErrorCode.BANNED, _("The club's hosts have closed its tables to you.")
            )
        held = TableGuest.objects.filter(table=table, user=user).first()
        if held is not None and held.left_at is not None:
            raise PlayError(PlayErrorCode.NOT_ALLOWED, _("A host removed you from this table."))
    if signed_in and not user.is_guest:
        nickname = user.display_name or str(user)  # a person with an account keeps their name
    nickname = clean_nickname(nickname)
    if nickname_taken(table, nickname, user if signed_in else None):
        raise PlayError(
            PlayErrorCode.NICKNAME_TAKEN,
            _("Somebody at this club goes by %(name)s already: choose another nickname.")
            % {"name": nickname},
        )
    if held is None and link.guests.count() >= min(link.max_guests, TableLink.MOST_GUESTS):
        raise PlayError(
            PlayErrorCode.LINK_FULL,
            _("This link has let in as many guests as the host allows: ask the host."),
        )
    if not signed_in:
        user = User.objects.create_guest(nickname)
    elif user.is_guest and user.display_name != nickname:
        user.display_name = nickname
        user.save(update_fields=["display_name"])
    Membership.objects.get_or_create(club=table.club, user=user, defaults={"role": Role.GUEST})
    if held is None:
        TableGuest.objects.create(table=table, user=user, link=link)
        broadcast_on_commit(table.pk, {"type": "table.guests"})  # the hosts' list
    return user, table


@transaction.atomic
def remove_guest(actor: Any, table_id: int, user_id: Any, ban: bool = False) -> None:
    """A host removes a guest from the table: their seat is cashed out (at once, or when
    the hand ends) and their sockets closed (``CLOSE_GUEST_OUT``). ``ban``: from every
    table of the club, and no link of the club lets them in again."""
    if isinstance(user_id, bool) or not isinstance(user_id, int):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be a whole number.") % {"field": "user"}
        )
    table, seats = lock(table_id, host=actor)
    guest = TableGuest.objects.select_for_update().filter(table=table, user_id=user_id).first()
    guest_m = (
        Membership.objects.select_for_update()
        .filter(club_id=table.club_id, user_id=user_id, role=Role.GUEST)
        .first()
    )
    if guest is None or guest_m is None:
        raise PlayError(PlayErrorCode.NOT_A_MEMBER, _("There is no such guest at this table."))
    now = timezone.now()
    if ban:
        guest_m.banned_at = now
        guest_m.save(update_fields=["banned_at"])
        TableGuest.objects.filter(
            user_id=user_id, table__club_id=table.club_id, left_at__isnull=True
        ).update(left_at=now)
        # every table of the club, this one included (locked again: already ours)
        release_member(table.club_id, user_id, code=CLOSE_GUEST_OUT)
        return
    guest.left_at = guest.left_at or now
    guest.save(update_fields=["left_at"])
    seat = next((s for s in seats if s.user_id == user_id), None)
    if seat is not None and table.tournament_id is None:
        fields = []
        if table.deadline_seat == seat.number and table.in_hand:
            table.deadline = now  # their turn now: the clock acts for them
            fields.append("deadline")
        leave_seat(table, seat)
        commit_change(table, seats, fields=[*fields, *schedule_next_hand(table, seats)])
    broadcast_on_commit(
        table.pk, {"type": "table.kick", "user_id": user_id, "code": CLOSE_GUEST_OUT}
    )
    broadcast_on_commit(table.pk, {"type": "table.guests"})
