"""At a night's answer-by time the clock decides it: on, or called off when fewer Yes
answers than its quorum came; everyone who answered is told, once, whatever the number of
clocks (a compare-and-set on the night's version under its row lock)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from tables.nights import mails
from tables.nights.actions.common import bump, seats_taken
from tables.nights.models import Answer, GameNight


def decide_due(now: datetime | None = None) -> int:
    """Decide every night whose answers closed (the clock calls it on each tick); how many
    it decided."""
    now = now or timezone.now()
    due = GameNight.objects.filter(status=GameNight.Status.PLANNED, answer_by__lte=now)
    return sum(decide(pk, version, now) for pk, version in due.values_list("pk", "version"))


@transaction.atomic
def decide(night_id: int, version: int, now: Any = None) -> bool:
    """Decide the night if it is still at ``version`` and undecided; whether it did."""
    now = now or timezone.now()
    night = GameNight.objects.select_for_update().filter(pk=night_id).first()
    if night is None or night.version != version or night.status != GameNight.Status.PLANNED:
        return False
    if night.answer_by > now:
        return False
    coming = seats_taken(list(Answer.objects.filter(night=night)))
    confirmed = coming >= night.quorum
    night.status = GameNight.Status.CONFIRMED if confirmed else GameNight.Status.CALLED_OFF
    night.decided_at = now
    bump(night, ["status", "decided_at"])
    mails.tell_after_commit(
        night, "confirmed" if confirmed else "called_off", mails.everyone_who_answered(night)
    )
    return True
