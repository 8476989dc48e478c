"""Every change to clubs, memberships and invitations goes through these functions.

Each one checks its input and the actor's role first and raises :class:`ClubError` (a code
and a message) before anything changes. Each runs in one transaction; rows that decide the
outcome are locked (``select_for_update``) so two requests cannot both pass a check that only
one of them may pass (the last use of an invitation, the last owner).
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pokerclub import signals
from pokerclub.access import membership_of
from pokerclub.error_codes import ClubError, ClubErrorCode
from pokerclub.models import (
    DEFAULT_CLUB_TIME_ZONE,
    Club,
    Invitation,
    Membership,
    Role,
    User,
    has_second_factor,
    validate_time_zone,
)

_INVITATION_ERRORS = {
    Invitation.State.EXPIRED: (
        ClubErrorCode.INVITATION_EXPIRED,
        gettext_lazy("This invitation has expired."),
    ),
    Invitation.State.REVOKED: (
        ClubErrorCode.INVITATION_REVOKED,
        gettext_lazy("This invitation was withdrawn by the club."),
    ),
    Invitation.State.USED_UP: (
        ClubErrorCode.INVITATION_USED_UP,
        gettext_lazy("This invitation has been used as many times as it allows."),
    ),
}


def _unique_slug(name: str) -> str:
    base = slugify(name)[:30] or "club"
    slug = base
    n = 2
    while Club.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


@transaction.atomic
def create_club(
    owner: User,
    *,
    name: str,
    description: str = "",
    amount_format: str = Club.AmountFormat.CHIPS,
    currency_symbol: str = "",
    currency_code: str = "",
    decimal_places: int = 2,
    payment_grace_days: int = 3,
    time_zone: str = DEFAULT_CLUB_TIME_ZONE,
) -> Club:
    """Create a club; its creator becomes the owner."""
    name = name.strip()
    if not name:
        raise ClubError(ClubErrorCode.BAD_INPUT, _("A club needs a name."))
    _check_time_zone(time_zone)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                club = Club.objects.create(
                    name=name,
                    slug=_unique_slug(name),
                    description=description,
                    amount_format=amount_format,
                    currency_symbol=currency_symbol,
                    currency_code=currency_code,
                    decimal_places=decimal_places,
                    payment_grace_days=payment_grace_days,
                    time_zone=time_zone,
                )
            break
        except IntegrityError:  # a concurrent club took the slug; pick the next one
            continue
    else:  # pragma: no cover - five collisions in a row
        raise ClubError(ClubErrorCode.BAD_INPUT, _("Could not name the club; try again."))
    Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    return club


def _check_time_zone(name: str) -> None:
    try:
        validate_time_zone(name or "?")
    except ValidationError as error:
        raise ClubError(ClubErrorCode.BAD_INPUT, " ".join(error.messages)) from None


def _require_host(actor: User, club: Club) -> Membership:
    """The actor's membership, if they are the club's owner or a host (``Membership.is_host``)."""
    membership = membership_of(actor, club)
    if membership is None:
        raise ClubError(ClubErrorCode.NOT_A_MEMBER, _("You are not a member of this club."))
    _powers_wait(membership)
    if not membership.is_host:
        raise ClubError(ClubErrorCode.NOT_ALLOWED, _("Only the owner or a host can do that."))
    return membership


def _powers_wait(membership: Membership | None) -> None:
    """Refuse an owner or host whose powers wait for a second factor, saying so."""
    if membership is not None and membership.second_factor_missing:
        raise ClubError(
            ClubErrorCode.SECOND_FACTOR_NEEDED,
            _(
                "This club asks its owner and hosts for two-factor authentication: turn it on "
                "in your profile first."
            ),
        )


def _require_owner(actor: User, club: Club) -> Membership:
    membership = membership_of(actor, club)
    _powers_wait(membership)
    if membership is None or not membership.is_owner:
        raise ClubError(ClubErrorCode.NOT_ALLOWED, _("Only the club's owner can do that."))
    return membership


@transaction.atomic
def update_club(actor: User, club: Club, **fields: object) -> Club:
    """The owner changes the club's name, description or amount format."""
    _require_owner(actor, club)
    unknown = set(fields) - set(Club.SETTINGS)
    if unknown:
        raise ClubError(
            ClubErrorCode.BAD_INPUT,
            _("Unknown fields: %(fields)s.") % {"fields": ", ".join(sorted(unknown))},
        )
    if "time_zone" in fields:
        _check_time_zone(str(fields["time_zone"]))
    if fields.get("require_second_factor") and not has_second_factor(actor.pk):
        raise ClubError(
            ClubErrorCode.SECOND_FACTOR_NEEDED,
            _(
                "Turn on your own two-factor authentication (your profile) before the club "
                "asks it of its owner and hosts."
            ),
        )
    for key, value in fields.items():
        setattr(club, key, value)
    club.save(update_fields=list(fields))
    return club


@transaction.atomic
def create_invitation(
    actor: User,
    club: Club,
    *,
    expires_at: datetime | None = None,
    max_uses: int | None = None,
) -> Invitation:
    _require_host(actor, club)
    if expires_at is not None and expires_at <= timezone.now():
        raise ClubError(ClubErrorCode.BAD_INPUT, _("The expiry must be in the future."))
    if max_uses is not None and max_uses < 1:
        raise ClubError(ClubErrorCode.BAD_INPUT, _("An invitation must allow at least one use."))
    return Invitation.objects.create(
        club=club, created_by=actor, expires_at=expires_at, max_uses=max_uses
    )


@transaction.atomic
def revoke_invitation(actor: User, invitation: Invitation) -> Invitation:
    _require_host(actor, invitation.club)
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


def check_invitation(invitation: Invitation) -> None:
    """Raise the reason an invitation cannot be used, if there is one."""
    state = invitation.state()
    if state != Invitation.State.VALID:
        code, message = _INVITATION_ERRORS[state]
        raise ClubError(code, str(message))


@transaction.atomic
def accept_invitation(user: User, token: str) -> Membership:
    """Join the club of the invitation ``token``.

    Locks the invitation row so that concurrent acceptances cannot overrun ``max_uses``.
    """
    invitation = (
        Invitation.objects.select_for_update().select_related("club").filter(token=token).first()
    )
    if invitation is None:
        raise ClubError(ClubErrorCode.INVITATION_NOT_FOUND, _("This invitation link is not valid."))
    if Membership.objects.filter(club=invitation.club, user=user).exists():
        raise ClubError(ClubErrorCode.ALREADY_MEMBER, _("You are already a member of this club."))
    check_invitation(invitation)
    membership = Membership.objects.create(club=invitation.club, user=user, role=Role.MEMBER)
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    return membership


def _locked_membership(club: Club, membership_id: int) -> Membership:
    target = (
        Membership.objects.select_for_update()
        .select_related("user")
        .filter(club=club, pk=membership_id)
        .first()
    )
    if target is None:
        raise ClubError(ClubErrorCode.NOT_A_MEMBER, _("That person is not a member of this club."))
    return target


@transaction.atomic
def set_role(actor: User, club: Club, membership_id: int, role: str) -> Membership:
    """The owner promotes a member to host or back. Ownership moves only by transfer."""
    _require_owner(actor, club)
    if role not in (Role.HOST, Role.MEMBER):
        raise ClubError(ClubErrorCode.BAD_ROLE, _("A member can be made a host or a member."))
    target = _locked_membership(club, membership_id)
    if target.is_owner:
        raise ClubError(
            ClubErrorCode.OWNER_MUST_STAY,
            _("The owner's role changes only by handing ownership to someone else."),
        )
    target.role = role
    target.save(update_fields=["role"])
    return target


@transaction.atomic
def transfer_ownership(actor: User, club: Club, membership_id: int) -> Membership:
    """The owner hands the club to another member and becomes a host."""
    current = _require_owner(actor, club)
    target = _locked_membership(club, membership_id)
    if target.pk == current.pk:
        raise ClubError(ClubErrorCode.BAD_INPUT, _("You already own this club."))
    Membership.objects.filter(pk=current.pk).update(role=Role.HOST)
    target.role = Role.OWNER
    target.save(update_fields=["role"])
    return target


@transaction.atomic
def remove_member(actor: User, club: Club, membership_id: int) -> None:
    _require_owner(actor, club)
    target = _locked_membership(club, membership_id)
    if target.is_owner:
        raise ClubError(ClubErrorCode.OWNER_MUST_STAY, _("The owner cannot be removed."))
    target.delete()
    _release_from_tables(club, target.user_id)


@transaction.atomic
def leave_club(user: User, club: Club) -> None:
    membership = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if membership is None:
        raise ClubError(ClubErrorCode.NOT_A_MEMBER, _("You are not a member of this club."))
    if membership.is_owner:
        raise ClubError(
            ClubErrorCode.OWNER_MUST_STAY,
            _("A club always keeps an owner: hand ownership to another member before you leave."),
        )
    membership.delete()
    _release_from_tables(club, user.pk)


def _release_from_tables(club: Club, user_id: int) -> None:
    """Someone is no longer a member: their seats and sockets at the club's tables go too
    (``tables`` answers :data:`pokerclub.signals.member_left` in this transaction)."""
    signals.member_left.send(sender=Club, club_id=club.pk, user_id=user_id)
