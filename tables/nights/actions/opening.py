"""The night opens its games: a host opens the planned online table (with the club's first
stakes, which the table's settings change) or a real table's bank, or names the tournament
the night plays; those who have a seat are told, and the night's page links it."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tables.money.actions import bank
from tables.nights import mails
from tables.nights.actions.common import bump, lock_night, require_host
from tables.nights.error_codes import NightError, NightErrorCode
from tables.nights.models import Answer, GameNight
from tables.play import actions as play
from tables.play.forms import table_presets
from tables.tournaments.models import Tournament


def _seated(night: GameNight) -> list[int]:
    coming = Answer.objects.filter(night=night, reply=Answer.Reply.YES, waitlisted=False)
    return list(coming.values_list("user_id", flat=True))


def _may_open(night: GameNight) -> None:
    if night.status not in (GameNight.Status.PLANNED, GameNight.Status.CONFIRMED):
        raise NightError(NightErrorCode.ANSWERS_CLOSED, _("This night is off."))
    if night.table_id is not None or night.tournament_id is not None:
        raise NightError(NightErrorCode.STALE_VERSION, _("This night's game is open already."))
    if timezone.now() < night.starts_at - GameNight.OPENS_EARLY:
        raise NightError(
            NightErrorCode.NOT_ALLOWED,
            _("A night's game opens at most two hours before it starts."),
        )


@transaction.atomic
def open_games(actor: Any, night_id: Any) -> GameNight:
    """A host opens the night's table: an online table (``kind`` table), or the bank of a
    game at a real table. A tournament night names its tournament instead
    (:func:`link_tournament`)."""
    night = lock_night(night_id)
    require_host(actor, night.club)
    _may_open(night)
    if night.kind == GameNight.Kind.TOURNAMENT:
        raise NightError(
            NightErrorCode.BAD_FIELD, _("Create the tournament, then choose it for the night.")
        )
    if night.kind == GameNight.Kind.REAL_TABLE:
        night.table = bank.open_session(actor, night.club, night.title)
    else:
        values = {"name": night.title[:60], **table_presets(night.club)[0]["values"]}
        night.table = play.create_table(actor, night.club, values)
    bump(night, ["table"])
    mails.tell_after_commit(night, "opened", _seated(night))
    return night


@transaction.atomic
def link_tournament(actor: Any, night_id: Any, tournament_id: Any) -> GameNight:
    """A host names the club's tournament the night plays (one not over)."""
    night = lock_night(night_id)
    require_host(actor, night.club)
    _may_open(night)
    tournament = (
        Tournament.objects.filter(
            pk=tournament_id,
            club=night.club,
            status__in=(Tournament.Status.REGISTERING, Tournament.Status.RUNNING),
        ).first()
        if isinstance(tournament_id, int)
        else None
    )
    if tournament is None:
        raise NightError(NightErrorCode.BAD_FIELD, _("Choose one of the club's tournaments."))
    night.tournament = tournament
    bump(night, ["tournament"])
    mails.tell_after_commit(night, "opened", _seated(night))
    return night
