"""A member's private calendar feed of their clubs' nights, and their mail choices."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tables.nights.models import CalendarFeed, MailChoice, new_feed_token


@transaction.atomic
def feed_of(user: Any, renew: bool = False) -> CalendarFeed:
    """``user``'s feed, made on first use; ``renew`` gives it a new token (the old link
    stops: for a link that was shared by mistake)."""
    feed, created = CalendarFeed.objects.select_for_update().get_or_create(user=user)
    if renew and not created:
        feed.token = new_feed_token()
        feed.save(update_fields=["token"])
    return feed


@transaction.atomic
def set_mail_choice(user: Any, *, news: bool, day_before: bool, hour_before: bool) -> MailChoice:
    choice, _created = MailChoice.objects.update_or_create(
        user=user,
        defaults={"news": news, "day_before": day_before, "hour_before": hour_before},
    )
    return choice
