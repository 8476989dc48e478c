"""Game nights' part of erasing an account (``tables.own_data.erase``): the answers to
nights still to come go (a seat they held moves the waitlist up, and whoever moves up is
told), and so do the calendar feed and the mail choices. Answers to past nights stay, like
the hands, under the pseudonym."""

from __future__ import annotations

from django.utils import timezone

from tables.nights import mails
from tables.nights.actions.common import bump, promote
from tables.nights.models import Answer, CalendarFeed, GameNight, MailChoice


def forget_player(user_id: int) -> None:
    CalendarFeed.objects.filter(user_id=user_id).delete()
    MailChoice.objects.filter(user_id=user_id).delete()
    coming = (
        GameNight.objects.select_for_update()
        .filter(answers__user_id=user_id, starts_at__gt=timezone.now())
        .order_by("pk")
    )
    for night in coming:
        Answer.objects.filter(night=night, user_id=user_id).delete()
        promoted = promote(night, list(Answer.objects.select_for_update().filter(night=night)))
        bump(night, [])
        if promoted:
            mails.tell_after_commit(night, "promoted", [a.user_id for a in promoted])
