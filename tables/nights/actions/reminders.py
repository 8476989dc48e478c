"""Reminders before a night: a day before and an hour before, to the members who said Yes
(with a seat) or Maybe and want them (``MailChoice``). The clock sends them; each night's
reminder of each kind is claimed once by one atomic update (``reminded_day_at`` or
``reminded_hour_at`` from empty to now), so two clocks never send it twice."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from tables.nights import mails
from tables.nights.models import Answer, GameNight

KINDS = (
    ("day_before", "reminded_day_at", timedelta(days=1)),
    ("hour_before", "reminded_hour_at", timedelta(hours=1)),
)


def remind_due(now: datetime | None = None) -> int:
    """Send the reminders that are due now; how many nights' reminders this clock claimed.
    A night planned less than a day (an hour) ahead gets no day (hour) reminder: its
    members just heard of it."""
    now = now or timezone.now()
    claimed = 0
    live = (GameNight.Status.PLANNED, GameNight.Status.CONFIRMED)
    for what, field, ahead in KINDS:
        due = GameNight.objects.filter(
            status__in=live,
            starts_at__gt=now,
            starts_at__lte=now + ahead,
            created_at__lte=now - ahead / 2,
            **{f"{field}__isnull": True},
        ).select_related("club")
        for night in due:
            # the claim: one clock's update finds the field empty, any other finds it set
            if not GameNight.objects.filter(pk=night.pk, **{f"{field}__isnull": True}).update(
                **{field: now}
            ):
                continue
            claimed += 1
            coming = Answer.objects.filter(night=night, waitlisted=False).exclude(
                reply=Answer.Reply.NO
            )
            mails.tell(night, what, list(coming.values_list("user_id", flat=True)))
    return claimed
