"""Who belongs to a club and who may run it: the one place a viewer's membership, and so
their role, is read.

The club's actions, its pages, and every domain of ``tables`` (their actions, sockets and
pages) ask here. An action asks inside its own transaction, never trusting a role a page
passed in: :func:`is_host` (the owner or a host: open tables, run tournaments, keep the
bank, mark a payment paid, remove a member) and :func:`is_owner` (the club's settings, its
imports). The roles themselves are :class:`~pokerclub.models.Membership`'s; a club that
requires a second factor of those who run it gets it here: without one, an owner's or a
host's powers wait (``Membership.second_factor_missing``).

A guest (``Role.GUEST``: a friend who came from a table's link) is not a member: every
function here answers None, 404 or False for them, so no page or action of the club opens to
a guest unless it asks for guests by name (:func:`guest_membership`; the tables a guest may
see are ``tables.play.guests``'s).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404

from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import Club, Membership, Role, has_second_factor


def _with_powers(membership: Membership | None) -> Membership | None:
    """The viewer's membership, its powers waiting for a second factor when their club
    requires one of its owner and hosts and they have none (``Club.require_second_factor``)."""
    if (
        membership is not None
        and membership.runs_the_club
        and membership.club.require_second_factor
        and not has_second_factor(membership.user_id)
    ):
        membership.second_factor_missing = True
    return membership


def membership_of(user: Any, club: Club | int) -> Membership | None:
    """``user``'s membership of ``club`` (a club or its id); None for anyone else,
    anonymous visitors included."""
    if user is None or not user.is_authenticated:
        return None
    club_id = club.pk if isinstance(club, Club) else club
    return _with_powers(
        Membership.objects.select_related("club")
        .filter(club_id=club_id, user=user)
        .exclude(role=Role.GUEST)
        .first()
    )


def guest_membership(user: Any, club: Club | int) -> Membership | None:
    """``user``'s guest membership of ``club``, unless a host banned them; None for anyone
    else (members included: they are not guests)."""
    if user is None or not user.is_authenticated:
        return None
    club_id = club.pk if isinstance(club, Club) else club
    return (
        Membership.objects.select_related("club")
        .filter(club_id=club_id, user=user, role=Role.GUEST, banned_at__isnull=True)
        .first()
    )


def club_for_member(request: AuthenticatedHttpRequest, slug: str) -> tuple[Club, Membership]:
    """The club and the viewer's membership, for a page of the club; 404 for anyone else
    (guests too), so clubs stay unlisted."""
    membership = _with_powers(
        Membership.objects.select_related("club")
        .filter(club__slug=slug, user=request.user)
        .exclude(role=Role.GUEST)
        .first()
    )
    if membership is None:
        raise Http404("No such club.")
    return membership.club, membership


def club_for_owner(request: AuthenticatedHttpRequest, slug: str) -> Club:
    """The club, for a page only its owner sees (its imports); 404 for anyone else."""
    club, membership = club_for_member(request, slug)
    if not membership.is_owner:
        raise Http404("Only the club's owner imports its history.")
    return club


def is_host(user: Any, club: Club | int) -> bool:
    """Whether ``user`` is the owner or a host of ``club`` (a club or its id)."""
    membership = membership_of(user, club)
    return membership is not None and membership.is_host


def is_owner(user: Any, club: Club | int) -> bool:
    """Whether ``user`` is the owner of ``club`` (a club or its id)."""
    membership = membership_of(user, club)
    return membership is not None and membership.is_owner
