"""A host defines a club's season: its dates and its scoring (``tables.nights.scoring``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from pokerclub.models import Club
from tables.nights.actions.common import require_host, text_field
from tables.nights.error_codes import NightError, NightErrorCode
from tables.nights.models import Season

LONGEST = timedelta(days=731)


@dataclass(frozen=True)
class SeasonPlan:
    name: str
    starts_on: date
    ends_on: date
    tournament_points: str = "field"
    place_points: tuple[int, ...] = ()
    cash_points: str = "net"
    cash_unit: int = 100
    session_points: int = 1
    attendance_points: int = 0
    best_events: int = 0


def _bad(message: str) -> NightError:
    return NightError(NightErrorCode.BAD_FIELD, message)


@transaction.atomic
def create_season(actor: Any, club: Club, plan: SeasonPlan) -> Season:
    """Refused, changing nothing: dates backwards or longer than two years (``bad_dates``),
    dates that overlap another season of the club (``season_overlap``), a scoring that is
    not one (``bad_field``)."""
    require_host(actor, club)
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one season change at a time
    name = text_field(plan.name, 60)
    if not name:
        raise _bad(_("Give the season a name."))
    if plan.ends_on < plan.starts_on or plan.ends_on - plan.starts_on > LONGEST:
        raise NightError(
            NightErrorCode.BAD_DATES, _("A season ends after it starts, within two years.")
        )
    overlapping = Season.objects.filter(
        club=club, starts_on__lte=plan.ends_on, ends_on__gte=plan.starts_on
    ).first()
    if overlapping is not None:
        raise NightError(
            NightErrorCode.SEASON_OVERLAP,
            _("These dates overlap the season %(name)s.") % {"name": overlapping.name},
        )
    if plan.tournament_points not in Season.Tournaments.values:
        raise _bad(_("Choose how tournaments score."))
    if plan.cash_points not in Season.Cash.values:
        raise _bad(_("Choose how cash games score."))
    places = tuple(plan.place_points)
    if len(places) > 50 or any(not 0 <= p <= 100_000 for p in places):
        raise _bad(_("Points by place: at most 50 numbers from 0 to 100,000."))
    if plan.tournament_points == Season.Tournaments.TABLE and not places:
        raise _bad(_("Write the points by place, e.g. 10, 7, 5, 3, 1."))
    if not 1 <= plan.cash_unit <= 10**9 or not 0 <= plan.best_events <= 500:
        raise _bad(_("A number is out of range."))
    return Season.objects.create(
        club=club,
        name=name,
        starts_on=plan.starts_on,
        ends_on=plan.ends_on,
        tournament_points=plan.tournament_points,
        place_points=list(places),
        cash_points=plan.cash_points,
        cash_unit=plan.cash_unit,
        session_points=plan.session_points,
        attendance_points=plan.attendance_points,
        best_events=plan.best_events,
        created_by=actor,
    )
