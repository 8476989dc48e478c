"""Every change to clubs, memberships and invitations goes through these functions.

Each one checks its input and the actor's role first and raises :class:`ClubError` (a code
and a message) before anything changes. Each runs in one transaction; rows that decide the
outcome are locked (``select_for_update``) so two requests cannot both pass a check that only
one of them may pass (the last use of an invitation, the last owner).
"""

from __future__ import annotations

from datetime import datetime, timedelta

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
    GuestReclaim,
    Invitation,
    Membership,
    Role,
    User,
    has_second_factor,
    validate_time_zone,
)
from pokerclub.text import NicknameError, clean_nickname, same_name

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
    guests_need_approval: bool = True,
    members_share_links: bool = False,
    spectator_links: bool = False,
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
                    guests_need_approval=guests_need_approval,
                    members_share_links=members_share_links,
                    spectator_links=spectator_links,
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
    held = Membership.objects.select_for_update().filter(club=invitation.club, user=user).first()
    if held is not None and not held.is_guest:
        raise ClubError(ClubErrorCode.ALREADY_MEMBER, _("You are already a member of this club."))
    check_invitation(invitation)
    if held is not None:  # a guest invited in: the same person, their hands and nets kept
        if held.banned_at is not None:
            raise ClubError(
                ClubErrorCode.NOT_ALLOWED, _("The club's hosts have closed its tables to you.")
            )
        held.role = Role.MEMBER
        held.save(update_fields=["role"])
        membership = held
    else:
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
    if target.is_guest:
        raise ClubError(
            ClubErrorCode.BAD_ROLE, _("A guest becomes a member first (Make a member).")
        )
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
    if target.is_guest:
        raise ClubError(ClubErrorCode.BAD_ROLE, _("A club is handed only to one of its members."))
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


# --------------------------------------------------------------------------- guests


def _locked_guest(club: Club, membership_id: int) -> Membership:
    target = _locked_membership(club, membership_id)
    if not target.is_guest:
        raise ClubError(ClubErrorCode.NOT_A_GUEST, _("That person is not a guest of this club."))
    return target


@transaction.atomic
def make_member(actor: User, club: Club, membership_id: int) -> Membership:
    """A host turns a guest into a member of the club: the same person, their hands, ledger
    lines and nets kept; they now see the whole club. A banned guest is not made a member."""
    _require_host(actor, club)
    target = _locked_guest(club, membership_id)
    if target.banned_at is not None:
        raise ClubError(ClubErrorCode.NOT_ALLOWED, _("Lift the ban first."))
    target.role = Role.MEMBER
    target.save(update_fields=["role"])
    return target


@transaction.atomic
def lift_ban(actor: User, club: Club, membership_id: int) -> Membership:
    """A host lets a banned guest come back by the club's links."""
    _require_host(actor, club)
    target = _locked_guest(club, membership_id)
    target.banned_at = None
    target.save(update_fields=["banned_at"])
    return target


@transaction.atomic
def create_reclaim(actor: User, club: Club, membership_id: int) -> GuestReclaim:
    """A host makes a one-time link for a guest who lost their browser's session (a guest
    with a saved account signs in instead). Any earlier unused link of theirs stops working."""
    _require_host(actor, club)
    target = _locked_guest(club, membership_id)
    if not target.user.is_guest:
        raise ClubError(
            ClubErrorCode.BAD_INPUT,
            _("%(name)s has saved an account: they sign in with it.") % {"name": target.user},
        )
    now = timezone.now()
    GuestReclaim.objects.filter(club=club, user=target.user, used_at__isnull=True).update(
        used_at=now
    )
    return GuestReclaim.objects.create(
        club=club,
        user=target.user,
        created_by=actor,
        expires_at=now + timedelta(hours=GuestReclaim.LIFETIME_HOURS),
    )


@transaction.atomic
def use_reclaim(token: str) -> User:
    """The guest a reclaim link names, the link used up; refused once used, expired, or
    once the guest has saved an account or been banned."""
    reclaim = (
        GuestReclaim.objects.select_for_update().select_related("user").filter(token=token).first()
    )
    if reclaim is None or not reclaim.is_valid or not reclaim.user.is_guest:
        raise ClubError(
            ClubErrorCode.INVITATION_NOT_FOUND,
            _("This link has been used or has expired: ask the host for a new one."),
        )
    if Membership.objects.filter(
        club_id=reclaim.club_id, user=reclaim.user, banned_at__isnull=False
    ).exists():
        raise ClubError(
            ClubErrorCode.NOT_ALLOWED, _("The club's hosts have closed its tables to you.")
        )
    reclaim.used_at = timezone.now()
    reclaim.save(update_fields=["used_at"])
    return reclaim.user


@transaction.atomic
def save_account(user: User, email: str, password: str) -> User:
    """A guest keeps everything with an account: their e-mail address and password are set
    on the same user row, so their hands, ledger lines, nets and stats stay theirs. The form
    has checked the address (free) and the password (allauth's validators)."""
    locked = User.objects.select_for_update().get(pk=user.pk)
    if not locked.is_guest:
        raise ClubError(ClubErrorCode.BAD_INPUT, _("Your account is already saved."))
    if User.objects.filter(email__iexact=email).exists():
        raise ClubError(ClubErrorCode.BAD_INPUT, _("An account with this e-mail address exists."))
    locked.email = email
    locked.set_password(password)
    locked.is_guest = False
    locked.save(update_fields=["email", "password", "is_guest"])
    return locked


@transaction.atomic
def add_guest(actor: User, club: Club, name: object) -> Membership:
    """A host writes down a friend without a login by name (the banker at a real table):
    a guest user of the club, with no e-mail, no password and no table. The same name as
    a guest the club has already (as ``same_name`` compares) is that guest; a member's name
    is refused: choose the member."""
    _require_host(actor, club)
    try:
        nickname = clean_nickname(name)
    except NicknameError as error:
        raise ClubError(ClubErrorCode.BAD_INPUT, str(error)) from None
    wanted = same_name(nickname)
    for m in Membership.objects.select_related("user").filter(club=club):
        if same_name(m.user.display_name) == wanted:
            if not m.is_guest:
                raise ClubError(
                    ClubErrorCode.BAD_INPUT,
                    _("%(name)s is a member of the club: choose them in the list.")
                    % {"name": m.user},
                )
            if m.banned_at is not None:
                raise ClubError(
                    ClubErrorCode.NOT_ALLOWED,
                    _("%(name)s is banned from the club's tables: lift the ban first.")
                    % {"name": m.user},
                )
            return m
    return Membership.objects.create(
        club=club, user=User.objects.create_guest(nickname), role=Role.GUEST
    )


# --------------------------------------------------------------------------- erasure


def clubs_owned(user: User) -> list[str]:
    """The names of the clubs ``user`` owns: a club always keeps an owner, so erasing the
    account waits until each is handed to another member."""
    return list(
        Club.objects.filter(memberships__user=user, memberships__role=Role.OWNER)
        .order_by("name")
        .values_list("name", flat=True)
    )


def leave_every_club(user: User) -> None:
    """``user`` leaves every club they belong to, as :func:`leave_club` does (their seats
    and sockets go too); call it in the transaction that erases the account, the owner
    check passed (:func:`clubs_owned`)."""
    memberships = (
        Membership.objects.select_for_update().filter(user=user).select_related("club")
    ).order_by("club_id")
    for membership in memberships:
        membership.delete()
        _release_from_tables(membership.club, user.pk)


def forget_person(user: User, pseudonym: str) -> None:
    """The club domain's part of erasing an account (``tables.own_data.erase``): what said
    who the person was goes (e-mail addresses, name, payment details, zone, language, the
    second factor, reclaim links); the row stays, under ``pseudonym``, so that hands and money
    lines keep their player. It cannot log in again: no address, no usable password, not
    active, and its open sessions no longer match its password."""
    from allauth.account.models import EmailAddress
    from allauth.mfa.models import Authenticator

    user.email = None
    user.display_name = pseudonym
    user.payment_methods = []
    user.payment_reminders = False
    user.time_zone = ""
    user.language = ""
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.last_login = None
    user.erased_at = timezone.now()
    user.set_unusable_password()
    user.save()
    EmailAddress.objects.filter(user=user).delete()
    Authenticator.objects.filter(user=user).delete()
    GuestReclaim.objects.filter(user=user).delete()
