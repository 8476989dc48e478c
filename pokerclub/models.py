"""The club domain: users, clubs, memberships with roles, and invitations."""

from __future__ import annotations

import secrets
from datetime import datetime
from functools import cache
from typing import ClassVar
from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from pokerclub.amounts import format_amount, parse_amount

DEFAULT_CLUB_TIME_ZONE = "Europe/Rome"
"""A new club's time zone: Italian home groups are who Pokerclub is for; the owner changes it."""


@cache
def time_zones() -> frozenset[str]:
    """Every IANA time zone name this machine knows ("Europe/Rome", "America/New_York")."""
    return frozenset(available_timezones())


def validate_time_zone(value: str) -> None:
    if value and value not in time_zones():
        raise ValidationError(
            # Translators: %(zone)s is what was given, quoted ('Rome'); keep "Europe/Rome".
            _("%(zone)s is not a time zone (like Europe/Rome).") % {"zone": repr(value[:64])}
        )


class UserManager(BaseUserManager["User"]):
    """Users log in with their email address; there is no username."""

    use_in_migrations = True

    def create_guest(self, display_name: str) -> User:
        """A friend from a table's link or written down by the bank: a name, no e-mail
        address, no usable password (``User.is_guest``)."""
        user = self.model(email=None, display_name=display_name, is_guest=True)
        user.set_unusable_password()
        user.save(using=self._db)
        return user

    def _create_user(self, email: str, password: str | None, **extra: object) -> User:
        if not email:
            raise ValueError("An email address is required.")
        user = self.model(email=self.normalize_email(email), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra: object) -> User:
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra: object) -> User:
        extra.setdefault("is_staff", True)
        extra.setdefault("is_superuser", True)
        return self._create_user(email, password, **extra)


class User(AbstractUser):
    """A person. ``display_name`` is what others see at tables and in club lists."""

    # Django drops an inherited field set to None; the stubs know only the field's type
    username = None  # type: ignore[assignment]
    first_name = None  # type: ignore[assignment]
    last_name = None  # type: ignore[assignment]
    # a guest has none (NULL: never a duplicate of another guest's); the stubs type it as str
    email = models.EmailField(  # type: ignore[assignment]
        gettext_lazy("email address"), unique=True, null=True, blank=True
    )
    is_guest = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "A friend who came from a table's link with a nickname: no e-mail address, no "
            "password; their browser's session holds them until they save an account."
        ),
    )
    display_name = models.CharField(
        max_length=32,
        help_text=gettext_lazy("The name other players see at the table."),
    )
    payment_methods = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy(
            "How this person likes to be paid: [{label, details}], free text (a bank "
            "account, a payment-app handle). Shown only to members of their clubs, on a "
            "settlement where they are owed money."
        ),
    )
    payment_reminders = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Mail this person when a payment they owe in a club is overdue."),
    )
    time_zone = models.CharField(
        max_length=64,
        blank=True,
        validators=[validate_time_zone],
        help_text=gettext_lazy(
            "Where the times this person reads are shown (empty: as their browser says)."
        ),
    )
    language = models.CharField(
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=gettext_lazy(
            "The language of this person's pages and mails (empty: as their browser says)."
        ),
    )

    erased_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "When this person erased their account: their personal data is gone and their "
            "hands and money lines read under a pseudonym (display_name)."
        ),
    )

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    # the stubs pin AbstractUser.objects to auth's UserManager (with usernames); Django lets a
    # custom user model bring its own BaseUserManager, as this one without usernames does
    objects: ClassVar[UserManager] = UserManager()  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.display_name or (self.email or "").split("@")[0]

    def pseudonym(self) -> str:
        """The stable name an erased account is known by in its clubs' hands and money book
        ("Former member 17", ``pk`` as its number), in this person's own language (their
        profile's, else the one they are reading now): one string, the same on every page and
        export that names them."""
        with translation.override(self.language or get_language() or settings.LANGUAGE_CODE):
            # Translators: the name an erased account is shown under; %(number)s is a number.
            return _("Former member %(number)s") % {"number": self.pk}


class Club(models.Model):
    """A private group of friends who play together."""

    SETTINGS = (
        "name",
        "description",
        "amount_format",
        "currency_symbol",
        "currency_code",
        "decimal_places",
        "payment_grace_days",
        "time_zone",
        "require_second_factor",
        "guests_need_approval",
        "members_share_links",
        "spectator_links",
    )
    """What the owner changes on the club's settings page (``ClubForm``, ``update_club``)."""

    class AmountFormat(models.TextChoices):
        CHIPS = "chips", gettext_lazy("Plain chips")
        CURRENCY = "currency", gettext_lazy("Currency")

    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=40, unique=True)
    description = models.TextField(max_length=2000, blank=True)
    amount_format = models.CharField(
        max_length=10, choices=AmountFormat.choices, default=AmountFormat.CHIPS
    )
    currency_symbol = models.CharField(
        max_length=4,
        blank=True,
        help_text=gettext_lazy("Shown before amounts, for example € or $."),
    )
    currency_code = models.CharField(
        max_length=3,
        blank=True,
        help_text=gettext_lazy(
            "The ISO 4217 code, for example EUR or USD: hand histories name the currency with it."
        ),
    )
    decimal_places = models.PositiveSmallIntegerField(
        default=2,
        validators=[MinValueValidator(0), MaxValueValidator(3)],
        help_text=gettext_lazy(
            "How many digits the smallest unit has: 2 means amounts are kept in cents."
        ),
    )
    payment_grace_days = models.PositiveSmallIntegerField(
        default=3,
        validators=[MaxValueValidator(365)],
        help_text=gettext_lazy(
            "A payment waiting longer than this many days shows as overdue (0: never)."
        ),
    )
    time_zone = models.CharField(
        max_length=64,
        default=DEFAULT_CLUB_TIME_ZONE,
        validators=[validate_time_zone],
        help_text=gettext_lazy(
            "Where the club's times are set (a tournament's start): members each read "
            "them in their own zone."
        ),
    )
    require_second_factor = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "The owner and the hosts run the club only with two-factor authentication on: "
            "without it they play as members."
        ),
    )
    guests_need_approval = models.BooleanField(
        default=True,
        help_text=gettext_lazy("A guest from a table's link sits down only once a host says yes."),
    )
    members_share_links = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "Every member, not only the owner and the hosts, can copy a table's link for friends."
        ),
    )
    spectator_links = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "A table can also have a link to watch it, without a nickname; watchers never "
            "see a card a spectator may not see."
        ),
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", args=[self.slug])

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone or DEFAULT_CLUB_TIME_ZONE)

    @property
    def places(self) -> int:
        """Decimals of the club's amounts: the currency's, none for plain chips."""
        return self.decimal_places if self.amount_format == self.AmountFormat.CURRENCY else 0

    @property
    def symbol(self) -> str:
        return self.currency_symbol if self.amount_format == self.AmountFormat.CURRENCY else ""

    def format_amount(self, amount: int) -> str:
        """Show an integer amount of the club's smallest unit the way the club wants it, in
        the language of the request (:func:`pokerclub.amounts.format_amount`).

        >>> Club(amount_format="chips").format_amount(12345)
        '12,345'
        >>> Club(amount_format="currency", currency_symbol="€", decimal_places=2).format_amount(-1205)
        '-€12.05'
        """
        return format_amount(
            amount, places=self.places, language=get_language(), symbol=self.symbol
        )

    def parse_amount(self, text: str) -> int:
        """The positive amount a person typed, in the club's smallest unit, read in the
        language of the request (:func:`pokerclub.amounts.parse_amount`: never guessed;
        :class:`~pokerclub.amounts.AmountError`, a ``ValueError``, says how to write it).

        >>> Club(amount_format="currency", currency_symbol="€", decimal_places=2).parse_amount("€1,020.5")
        102050
        >>> Club(amount_format="chips").parse_amount("20.50")
        Traceback (most recent call last):
        ...
        pokerclub.amounts.AmountError: This club counts whole chips: write 20, not 20.50.
        """
        return parse_amount(text, places=self.places, language=get_language(), symbol=self.symbol)


class Role(models.TextChoices):
    OWNER = "owner", gettext_lazy("Owner")
    # Translators: a club's role: a member who runs tables and invites people.
    HOST = "host", gettext_lazy("Host")
    MEMBER = "member", gettext_lazy("Member")
    # Translators: a club's role: a friend who came from a table's link with a nickname.
    GUEST = "guest", gettext_lazy("Guest")


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(default=timezone.now)
    banned_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=gettext_lazy("A guest a host banned: no link of the club lets them in again."),
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club"),
            models.UniqueConstraint(
                fields=["club"], condition=Q(role="owner"), name="one_owner_per_club"
            ),
        ]
        ordering = ["joined_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"

    second_factor_missing = False
    """Set on the viewer's own membership (:mod:`pokerclub.access`) when their club requires
    a second factor of those who run it (``Club.require_second_factor``) and they have none:
    their role is kept, its powers wait (:attr:`is_owner`, :attr:`is_host` are False)."""

    @property
    def is_owner(self) -> bool:
        return self.role == Role.OWNER and not self.second_factor_missing

    @property
    def is_host(self) -> bool:
        """Hosts and the owner run tables and invite people."""
        return self.role in (Role.OWNER, Role.HOST) and not self.second_factor_missing

    @property
    def is_guest(self) -> bool:
        """A guest sees only the tables they came to by link (``tables.play.guests``)."""
        return self.role == Role.GUEST

    @property
    def runs_the_club(self) -> bool:
        """The owner or a host, whether or not their powers wait for a second factor."""
        return self.role in (Role.OWNER, Role.HOST)


def has_second_factor(user_id: int) -> bool:
    """Whether the person has two-factor authentication on (allauth.mfa: an authenticator
    app; recovery codes alone do not count)."""
    from allauth.mfa.models import Authenticator

    return Authenticator.objects.filter(user_id=user_id, type=Authenticator.Type.TOTP).exists()


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


class Invitation(models.Model):
    """A link that lets whoever holds it join the club, until it expires, is used up or revoked."""

    class State(models.TextChoices):
        # Translators: the state of an invitation link.
        VALID = "valid", gettext_lazy("Valid")
        EXPIRED = "expired", gettext_lazy("Expired")
        REVOKED = "revoked", gettext_lazy("Revoked")
        USED_UP = "used_up", gettext_lazy("Used up")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True, default=new_invitation_token)
    created_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(null=True, blank=True)
    max_uses = models.PositiveIntegerField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Invitation to {self.club}"

    def get_absolute_url(self) -> str:
        return reverse("invitation", args=[self.token])

    def state(self, now: datetime | None = None) -> Invitation.State:
        now = now or timezone.now()
        if self.revoked_at is not None:
            return self.State.REVOKED
        if self.expires_at is not None and self.expires_at <= now:
            return self.State.EXPIRED
        if self.max_uses is not None and self.uses >= self.max_uses:
            return self.State.USED_UP
        return self.State.VALID

    @property
    def is_valid(self) -> bool:
        return self.state() == self.State.VALID


class GuestReclaim(models.Model):
    """A one-time link a host makes for a guest who lost their browser's session: opening it
    signs that browser in as the guest again (until it is used or expires)."""

    LIFETIME_HOURS = 24

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=64, unique=True, default=new_invitation_token)
    created_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Reclaim link for {self.user} in {self.club}"

    def get_absolute_url(self) -> str:
        return reverse("guest_reclaim", args=[self.token])

    @property
    def is_valid(self) -> bool:
        return self.used_at is None and self.expires_at > timezone.now()
