"""A host plans game nights (one, or repeated) and cancels one."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dateutil.rrule import MONTHLY, WEEKLY, rrule
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pokerclub.models import Club, Membership, Role
from tables.nights import mails
from tables.nights.actions.common import bump, lock_night, require_host, text_field
from tables.nights.error_codes import NightError, NightErrorCode
from tables.nights.models import GameNight

REPEATS = {"": None, "weekly": (WEEKLY, 1), "fortnightly": (WEEKLY, 2), "monthly": (MONTHLY, 1)}
"""How a night may repeat: every week, every other week, every month (the same weekday's
date of the month: the 13th, ...)."""


@dataclass(frozen=True)
class NightPlan:
    """What a host plans; times are aware (``starts_at`` typed in the club's zone)."""

    title: str
    kind: str
    starts_at: datetime
    answer_by: datetime
    seat_cap: int
    quorum: int = 0
    plus_ones: bool = False
    place: str = ""
    note: str = ""
    repeat: str = ""
    times: int = 1


def _refuse(code: NightErrorCode, message: str) -> NightError:
    return NightError(code, message)


def _check(plan: NightPlan, now: datetime) -> None:
    if plan.kind not in GameNight.Kind.values:
        raise _refuse(NightErrorCode.BAD_FIELD, _("Choose what is played."))
    if not 2 <= plan.seat_cap <= GameNight.MAX_SEATS:
        raise _refuse(
            NightErrorCode.BAD_FIELD,
            _("A night has 2 to %(most)s seats.") % {"most": GameNight.MAX_SEATS},
        )
    if plan.quorum > plan.seat_cap:
        raise _refuse(
            NightErrorCode.QUORUM_ABOVE_CAP,
            _("The quorum (%(quorum)s) cannot be more than the seats (%(seats)s).")
            % {"quorum": plan.quorum, "seats": plan.seat_cap},
        )
    if plan.starts_at <= now:
        raise _refuse(NightErrorCode.IN_THE_PAST, _("The night must start in the future."))
    if not now < plan.answer_by <= plan.starts_at:
        raise _refuse(
            NightErrorCode.IN_THE_PAST,
            _("Answers close after now and no later than the start."),
        )
    if plan.repeat not in REPEATS:
        raise _refuse(NightErrorCode.BAD_FIELD, _("Choose how the night repeats."))
    if not 1 <= plan.times <= GameNight.MAX_REPEATS or (plan.times > 1 and not plan.repeat):
        raise _refuse(
            NightErrorCode.TOO_MANY_NIGHTS,
            _("A repeat creates 2 to %(most)s nights at once: plan the rest later.")
            % {"most": GameNight.MAX_REPEATS},
        )


def _dates(club: Club, plan: NightPlan) -> list[tuple[datetime, datetime]]:
    """(start, answer-by) of each night: repeated on the club's wall clock, so a 21:00 night
    stays at 21:00 across a change to or from summer time."""
    zone = club.zone
    start = timezone.localtime(plan.starts_at, zone).replace(tzinfo=None)
    before = start - timezone.localtime(plan.answer_by, zone).replace(tzinfo=None)
    repeat = REPEATS[plan.repeat]
    starts = (
        [start]
        if repeat is None
        else list(rrule(repeat[0], interval=repeat[1], count=plan.times, dtstart=start))
    )
    return [(timezone.make_aware(s, zone), timezone.make_aware(s - before, zone)) for s in starts]


@transaction.atomic
def plan_nights(actor: Any, club: Club, plan: NightPlan) -> list[GameNight]:
    """A host plans a night, or ``plan.times`` nights repeated ``plan.repeat``; each can be
    cancelled on its own. The club's members are told (one mail for a repeat). Refused: a start or answer-by time in the past, a quorum above
    the seats, a repeat of more than ``GameNight.MAX_REPEATS`` nights."""
    require_host(actor, club)
    now = timezone.now()
    _check(plan, now)
    title = text_field(plan.title, 80)
    if not title:
        raise _refuse(NightErrorCode.BAD_FIELD, _("Give the night a name."))
    place = text_field(plan.place, 120)
    note = text_field(plan.note, 500, multiline=True)
    series = secrets.token_hex(8) if plan.times > 1 else ""
    nights = [
        GameNight(
            club=club,
            title=title,
            kind=plan.kind,
            place=place,
            starts_at=start,
            answer_by=answer_by,
            seat_cap=plan.seat_cap,
            quorum=plan.quorum,
            plus_ones=plan.plus_ones,
            note=note,
            series=series,
            created_by=actor,
        )
        for start, answer_by in _dates(club, plan)
    ]
    created = GameNight.objects.bulk_create(nights)
    members = list(
        Membership.objects.filter(club=club)
        .exclude(role=Role.GUEST)
        .values_list("user_id", flat=True)
    )
    mails.tell_after_commit(created[0], "planned", members, more=created[1:])
    return created


@transaction.atomic
def cancel_night(actor: Any, night_id: Any) -> GameNight:
    """A host cancels a night that has not started; everyone who answered is told."""
    night = lock_night(night_id)
    require_host(actor, night.club)
    if night.status in (GameNight.Status.CANCELLED, GameNight.Status.CALLED_OFF):
        raise _refuse(NightErrorCode.ANSWERS_CLOSED, _("This night is already off."))
    if night.starts_at <= timezone.now():
        raise _refuse(NightErrorCode.IN_THE_PAST, _("This night has already started."))
    night.status = GameNight.Status.CANCELLED
    night.decided_at = timezone.now()
    bump(night, ["status", "decided_at"])
    mails.tell_after_commit(night, "cancelled", mails.everyone_who_answered(night))
    return night
