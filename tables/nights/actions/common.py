"""What the night actions share: the locked night, the seats its answers take."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from pokerclub import access
from pokerclub.models import Membership
from pokerclub.text import problem_in, refusal
from tables.nights.error_codes import NightError, NightErrorCode
from tables.nights.models import Answer, GameNight


def lock_night(night_id: Any) -> GameNight:
    night = (
        GameNight.objects.select_for_update().select_related("club").filter(pk=night_id).first()
        if isinstance(night_id, int) and not isinstance(night_id, bool)
        else None
    )
    if night is None:
        raise NightError(NightErrorCode.NO_SUCH_NIGHT, _("There is no such game night."))
    return night


def require_member(user: Any, night: GameNight) -> Membership:
    membership = access.membership_of(user, night.club)
    if membership is None:
        raise NightError(
            NightErrorCode.NOT_A_MEMBER, _("Only the club's members answer its game nights.")
        )
    return membership


def require_host(user: Any, club: Any) -> None:
    if not access.is_host(user, club):
        raise NightError(
            NightErrorCode.NOT_ALLOWED, _("Only the club's owner and hosts plan game nights.")
        )


def seats_taken(answers: list[Answer]) -> int:
    """The seats the Yes answers that are not waiting hold (each member and their +1)."""
    return sum(a.seats for a in answers if a.reply == Answer.Reply.YES and not a.waitlisted)


def promote(night: GameNight, answers: list[Answer]) -> list[Answer]:
    """Move waitlisted Yes answers up, in the order they came, while seats are free; an
    answer with a +1 that needs two seats when one is free waits, and the next one that
    fits moves up. Returns the answers promoted (saved)."""
    taken = seats_taken(answers)
    promoted = []
    for a in sorted(answers, key=lambda a: (a.answered_at, a.pk)):
        if a.reply == Answer.Reply.YES and a.waitlisted and taken + a.seats <= night.seat_cap:
            a.waitlisted = False
            a.save(update_fields=["waitlisted"])
            taken += a.seats
            promoted.append(a)
    return promoted


def bump(night: GameNight, fields: list[str]) -> None:
    night.version += 1
    night.save(update_fields=[*fields, "version"])


def text_field(value: Any, limit: int, multiline: bool = False) -> str:
    """The text trimmed, or refused: not text, too long, or holding a character that is
    not printable (``pokerclub.text``, the one check)."""
    if not isinstance(value, str):
        raise NightError(NightErrorCode.BAD_FIELD, _("Write it as text."))
    text = value.strip()
    if len(text) > limit:
        raise NightError(
            NightErrorCode.BAD_FIELD,
            _("At most %(count)s characters, please.") % {"count": limit},
        )
    problem = problem_in(text, multiline=multiline, name=not multiline)
    if problem:
        raise NightError(
            NightErrorCode.BAD_FIELD, refusal(problem, "text" if multiline else "name")
        )
    return text
