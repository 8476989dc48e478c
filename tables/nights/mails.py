"""What a night tells its members by mail, each in their own language and time zone: the
night is on, called off or cancelled (to everyone who answered), or a waitlisted member has
a seat now. Sent after the change commits, never for a change that rolled back."""

from __future__ import annotations

import logging
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from pokerclub.language import supported
from pokerclub.models import User
from tables.nights.models import Answer, GameNight

log = logging.getLogger(__name__)


def everyone_who_answered(night: GameNight) -> list[int]:
    return list(Answer.objects.filter(night=night).values_list("user_id", flat=True))


def message(night: GameNight, what: str) -> tuple[str, str]:
    """The subject and body, in the active language and time zone."""
    when = formats.date_format(timezone.localtime(night.starts_at), "l j F Y, H:i")
    subjects = {
        "confirmed": _("%(night)s is on: %(when)s"),
        "called_off": _("%(night)s is called off: not enough players"),
        "cancelled": _("%(night)s is cancelled"),
        "promoted": _("A seat for you at %(night)s"),
    }
    bodies = {
        "confirmed": _("Enough players said yes: %(night)s in %(club)s is on, %(when)s."),
        "called_off": _(
            "Fewer players than the %(quorum)s needed said yes by the answer-by time, so "
            "%(night)s in %(club)s (%(when)s) is called off."
        ),
        "cancelled": _("The host cancelled %(night)s in %(club)s (%(when)s)."),
        "promoted": _(
            "A seat freed up: you are in for %(night)s in %(club)s, %(when)s. Changed your "
            "mind? Answer no on the night's page and the next on the waitlist gets it."
        ),
    }
    values = {
        "night": night.title,
        "club": night.club.name,
        "when": when,
        "quorum": night.quorum,
    }
    link = settings.SITE_URL + night.get_absolute_url()
    return subjects[what] % values, bodies[what] % values + "\n\n" + link + "\n"


def tell(night: GameNight, what: str, user_ids: list[int]) -> int:
    """Mail each of ``user_ids`` (who has an address) about ``what``; how many were sent."""
    sent = 0
    for user in User.objects.filter(pk__in=user_ids, email__isnull=False, is_active=True):
        language = supported(user.language) or settings.LANGUAGE_CODE
        zone = ZoneInfo(user.time_zone) if user.time_zone else night.club.zone
        with translation.override(language), timezone.override(zone):
            subject, body = message(night, what)
        assert user.email is not None  # filtered above
        try:
            send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
            sent += 1
        except Exception:  # a mail server that fails must not undo the night's change
            log.exception("mailing %s about night %s failed", user.pk, night.pk)
    return sent


def tell_after_commit(night: GameNight, what: str, user_ids: list[int]) -> None:
    transaction.on_commit(lambda: tell(night, what, user_ids))
