"""A member answers a night: Yes (past the seat cap, onto the waitlist), Maybe or No."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tables.nights import mails
from tables.nights.actions.common import bump, lock_night, promote, require_member, seats_taken
from tables.nights.error_codes import NightError, NightErrorCode
from tables.nights.models import Answer, GameNight


@transaction.atomic
def answer(user: Any, night_id: Any, reply: Any, plus_one: Any = False) -> Answer:
    """``user``'s answer to the night. A Yes takes a seat (two with a +1, where the host
    allows one) while seats are free, else waits on the waitlist, in the order answers came;
    a Yes that turns to Maybe or No frees its seats and the waitlist moves up (the promoted
    are mailed). Answers close at the answer-by time; after it a member may still drop out
    (Yes to No), never come in. Refused, changing nothing: another club's night or a
    guest (``not_a_member``), a reply that is not one (``bad_field``), a +1 the night does not
    allow, a night that is off or closed (``answers_closed``)."""
    night = lock_night(night_id)
    require_member(user, night)
    if reply not in Answer.Reply.values:
        raise NightError(NightErrorCode.BAD_FIELD, _("Answer yes, maybe or no."))
    if not isinstance(plus_one, bool):
        raise NightError(NightErrorCode.BAD_FIELD, _("A +1 is yes or no."))
    if plus_one and (reply != Answer.Reply.YES or not night.plus_ones):
        raise NightError(NightErrorCode.BAD_FIELD, _("This night takes no +1."))
    answers = list(Answer.objects.select_for_update().filter(night=night))
    mine = next((a for a in answers if a.user_id == user.pk), None)
    if night.status in (GameNight.Status.CANCELLED, GameNight.Status.CALLED_OFF):
        raise NightError(NightErrorCode.ANSWERS_CLOSED, _("This night is off."))
    now = timezone.now()
    dropping_out = mine is not None and mine.reply == Answer.Reply.YES and reply == Answer.Reply.NO
    if (night.status != GameNight.Status.PLANNED or now >= night.answer_by) and not dropping_out:
        raise NightError(
            NightErrorCode.ANSWERS_CLOSED,
            _("Answers for this night closed at the answer-by time; you can still drop out."),
        )
    if now >= night.starts_at and dropping_out:
        raise NightError(NightErrorCode.ANSWERS_CLOSED, _("This night has already started."))
    if mine is None:
        mine = Answer(night=night, user=user, reply=reply, plus_one=plus_one, answered_at=now)
        answers.append(mine)
    else:
        was_yes = mine.reply == Answer.Reply.YES
        if reply == Answer.Reply.YES and not was_yes:
            mine.answered_at = now  # a new Yes goes to the back of the line
        mine.reply, mine.plus_one = reply, plus_one
    mine.waitlisted = False
    if reply == Answer.Reply.YES:
        others = [a for a in answers if a is not mine]
        mine.waitlisted = seats_taken(others) + mine.seats > night.seat_cap or any(
            a.waitlisted and a.reply == Answer.Reply.YES and a.answered_at < mine.answered_at
            for a in others
        )
    mine.save()
    promoted = promote(night, answers)
    bump(night, [])
    if promoted:
        mails.tell_after_commit(night, "promoted", [a.user_id for a in promoted])
    return mine
