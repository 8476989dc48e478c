"""What a night tells its members by mail, each in their own language and time zone: the
night is on, called off or cancelled (to everyone who answered), or a waitlisted member has
a seat now. Sent after the change commits, never for a change that rolled back."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from pokerclub.language import as_read_by
from pokerclub.models import User
from tables.nights.models import Answer, GameNight, MailChoice

log = logging.getLogger(__name__)


CHOICE = {
    "planned": "news",
    "confirmed": "news",
    "called_off": "news",
    "cancelled": "news",
    "changed": "news",
    "day_before": "day_before",
    "hour_before": "hour_before",
}
"""Which of a member's choices (:class:`MailChoice`) each mail follows; a seat that came
from the waitlist (``promoted``) is always mailed."""


def everyone_who_answered(night: GameNight) -> list[int]:
    return list(Answer.objects.filter(night=night).values_list("user_id", flat=True))


def wanting(user_ids: list[int], what: str) -> list[int]:
    """Those of ``user_ids`` whose choices let ``what`` be mailed to them."""
    field = CHOICE.get(what)
    if field is None:
        return list(user_ids)
    refused = set(
        MailChoice.objects.filter(user_id__in=user_ids, **{field: False}).values_list(
            "user_id", flat=True
        )
    )
    return [u for u in user_ids if u not in refused]


def _when(night: GameNight) -> str:
    return formats.date_format(timezone.localtime(night.starts_at), "l j F Y, H:i")


def message(night: GameNight, what: str, more: list[GameNight] | None = None) -> tuple[str, str]:
    """The subject and body, in the active language and time zone (``more``: the other
    nights a repeat planned with ``night``)."""
    when = _when(night)
    subjects = {
        "planned": _("%(night)s: a game night on %(when)s"),
        "day_before": _("Tomorrow: %(night)s, %(when)s"),
        "hour_before": _("In an hour: %(night)s, %(when)s"),
        "confirmed": _("%(night)s is on: %(when)s"),
        "called_off": _("%(night)s is called off: not enough players"),
        "cancelled": _("%(night)s is cancelled"),
        "promoted": _("A seat for you at %(night)s"),
        "opened": _("%(night)s is open: come and play"),
        "changed": _("%(night)s has changed: %(when)s"),
    }
    bodies = {
        "changed": _(
            "The host changed %(night)s in %(club)s. It is now on %(when)s; your answer "
            "stands. Answer again on the night's page if it no longer suits you."
        ),
        "opened": _(
            "The host opened the game of %(night)s in %(club)s: the night's page leads to it."
        ),
        "planned": _(
            "%(club)s plans %(night)s on %(when)s. Are you coming? Answer on the night's "
            "page by %(answer_by)s."
        ),
        "day_before": _("A reminder: %(night)s in %(club)s is tomorrow, %(when)s."),
        "hour_before": _("A reminder: %(night)s in %(club)s starts in an hour, %(when)s."),
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
        "answer_by": formats.date_format(timezone.localtime(night.answer_by), "l j F, H:i"),
    }
    body = bodies[what] % values
    if night.place:
        body += "\n" + _("Where: %(place)s") % {"place": night.place}
    if more:
        body += "\n\n" + _("Repeated, also on:") + "\n" + "\n".join(f"- {_when(n)}" for n in more)
    link = settings.SITE_URL + night.get_absolute_url()
    return subjects[what] % values, body + "\n\n" + link + "\n"


def tell(
    night: GameNight, what: str, user_ids: list[int], more: list[GameNight] | None = None
) -> int:
    """Mail each of ``user_ids`` who has an address and wants it (their choices) about
    ``what``; how many were sent."""
    sent = 0
    users = User.objects.filter(pk__in=wanting(user_ids, what), email__isnull=False, is_active=True)
    for user in users:
        with as_read_by(user, night.club.zone):
            subject, body = message(night, what, more)
        assert user.email is not None  # filtered above
        try:
            send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
            sent += 1
        except Exception:  # a mail server that fails must not undo the night's change
            log.exception("mailing %s about night %s failed", user.pk, night.pk)
    return sent


def tell_after_commit(
    night: GameNight, what: str, user_ids: list[int], more: list[GameNight] | None = None
) -> None:
    transaction.on_commit(lambda: tell(night, what, user_ids, more))
