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
from tables.nights.actions.common import (
    bump,
    lock_night,
    promote,
    require_host,
    seats_taken,
    text_field,
)
from tables.nights.error_codes import NightError, NightErrorCode
from tables.nights.models import Answer, GameNight

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


def _check(plan: NightPlan, now: datetime) -> None:
    if plan.kind not in GameNight.Kind.values:
        raise NightError(NightErrorCode.BAD_FIELD, _("Choose what is played."))
    if not 2 <= plan.seat_cap <= GameNight.MAX_SEATS:
        raise NightError(
            NightErrorCode.BAD_FIELD,
            _("A night has 2 to %(most)s seats.") % {"most": GameNight.MAX_SEATS},
        )
    if plan.quorum > plan.seat_cap:
        raise NightError(
            NightErrorCode.QUORUM_ABOVE_CAP,
            _("The quorum (%(quorum)s) cannot be more than the seats (%(seats)s).")
            % {"quorum": plan.quorum, "seats": plan.seat_cap},
        )
    if plan.starts_at <= now:
        raise NightError(NightErrorCode.IN_THE_PAST, _("The night must start in the future."))
    if not now < plan.answer_by <= plan.starts_at:
        raise NightError(
            NightErrorCode.IN_THE_PAST,
            _("Answers close after now and no later than the start."),
        )
    if plan.repeat not in REPEATS:
        raise NightError(NightErrorCode.BAD_FIELD, _("Choose how the night repeats."))
    if not 1 <= plan.times <= GameNight.MAX_REPEATS or (plan.times > 1 and not plan.repeat):
        raise NightError(
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
        raise NightError(NightErrorCode.BAD_FIELD, _("Give the night a name."))
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
        raise NightError(NightErrorCode.ANSWERS_CLOSED, _("This night is already off."))
    if night.starts_at <= timezone.now():
        raise NightError(NightErrorCode.IN_THE_PAST, _("This night has already started."))
    night.status = GameNight.Status.CANCELLED
    night.decided_at = timezone.now()
    bump(night, ["status", "decided_at"])
    mails.tell_after_commit(night, "cancelled", mails.everyone_who_answered(night))
    return night


CHANGEABLE = ("title", "place", "note", "starts_at", "answer_by", "seat_cap", "quorum", "plus_ones")


@transaction.atomic
def change_night(actor: Any, night_id: Any, version: Any, plan: NightPlan) -> GameNight:
    """A host changes one night (a repeat's other nights keep theirs): its name, place,
    note, times, seats, quorum and +1s. Those who answered are told what it is now. More
    seats move the waitlist up; fewer seats than are taken are refused (``bad_field``: ask
    someone to drop out first). ``version`` is the one the host's page showed
    (``stale_version`` if the night changed meanwhile)."""
    night = lock_night(night_id)
    require_host(actor, night.club)
    if version != night.version:
        raise NightError(
            NightErrorCode.STALE_VERSION, _("The night changed meanwhile: look at it again.")
        )
    if night.status not in (GameNight.Status.PLANNED, GameNight.Status.CONFIRMED):
        raise NightError(NightErrorCode.ANSWERS_CLOSED, _("This night is off."))
    now = timezone.now()
    if night.starts_at <= now:
        raise NightError(NightErrorCode.IN_THE_PAST, _("This night has already started."))
    answer_by = plan.answer_by
    if night.status == GameNight.Status.CONFIRMED:
        answer_by = night.answer_by  # decided: its answer-by time has passed for good
        if plan.starts_at <= now:
            raise NightError(NightErrorCode.IN_THE_PAST, _("The night must start in the future."))
    else:
        _check(NightPlan(**{**plan.__dict__, "kind": night.kind, "repeat": "", "times": 1}), now)
    if plan.quorum > plan.seat_cap or not 2 <= plan.seat_cap <= GameNight.MAX_SEATS:
        raise NightError(
            NightErrorCode.QUORUM_ABOVE_CAP,
            _("The quorum (%(quorum)s) cannot be more than the seats (%(seats)s).")
            % {"quorum": plan.quorum, "seats": plan.seat_cap},
        )
    answers = list(Answer.objects.select_for_update().filter(night=night))
    if seats_taken(answers) > plan.seat_cap:
        raise NightError(
            NightErrorCode.BAD_FIELD,
            _("%(taken)s seats are taken: ask someone to drop out before you remove seats.")
            % {"taken": seats_taken(answers)},
        )
    if not plan.plus_ones and any(a.plus_one for a in answers):
        raise NightError(NightErrorCode.BAD_FIELD, _("Someone brings a +1 already."))
    title = text_field(plan.title, 80)
    if not title:
        raise NightError(NightErrorCode.BAD_FIELD, _("Give the night a name."))
    night.title = title
    night.place = text_field(plan.place, 120)
    night.note = text_field(plan.note, 500, multiline=True)
    night.starts_at, night.answer_by = plan.starts_at, answer_by
    night.seat_cap, night.quorum, night.plus_ones = plan.seat_cap, plan.quorum, plan.plus_ones
    # a moved night is reminded again at its new time
    night.reminded_day_at = night.reminded_hour_at = None
    bump(night, [*CHANGEABLE, "reminded_day_at", "reminded_hour_at"])
    promoted = promote(night, answers)
    mails.tell_after_commit(night, "changed", [a.user_id for a in answers])
    if promoted:
        mails.tell_after_commit(night, "promoted", [a.user_id for a in promoted])
    return night
