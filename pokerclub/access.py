"""Who belongs to a club: the one place a viewer's membership (and so their role) is read.

The club's actions, its pages, and the tables app (its services, sockets and history pages)
all ask here; roles are read off the returned :class:`~pokerclub.models.Membership`
(``is_host``, ``is_owner``).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404

from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import Club, Membership


def membership_of(user: Any, club: Club | int) -> Membership | None:
    """``user``'s membership of ``club`` (a club or its id); None for anyone else,
    anonymous visitors included."""
    if user is None or not user.is_authenticated:
        return None
    club_id = club.pk if isinstance(club, Club) else club
    return Membership.objects.filter(club_id=club_id, user=user).first()


def club_for_member(request: AuthenticatedHttpRequest, slug: str) -> tuple[Club, Membership]:
    """The club and the viewer's membership, for a page of the club; 404 for anyone else,
    so clubs stay unlisted."""
    membership = (
        Membership.objects.select_related("club").filter(club__slug=slug, user=request.user).first()
    )
    if membership is None:
        raise Http404("No such club.")
    return membership.club, membership
