"""Erasing an account (GDPR's right to erasure), in one transaction.

What goes: the e-mail addresses, the name, payment details, time zone and language, the
second factor, reclaim links, payment reminders, chat lines, presence and guest passes, the
answers to game nights still to come (their seat goes to the waitlist), the calendar feed,
and every membership (the person leaves each club, as :func:`pokerclub.actions.leave_club`
does). What stays, under a stable pseudonym ("Former member 17"): the user row itself, so
that every hand they played, every ledger line, net, payment and tournament entry keeps its
player. The other players' histories, the deck proofs and the club's balances stay whole,
and an open balance still settles: the club's book shows who owes or is owed under the
pseudonym.

It waits (refused with a code, nothing changed) while the person owns a club (a club always
keeps an owner), holds a chair at a table, or is in a tournament that has not finished.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from pokerclub import actions as club_actions
from pokerclub.models import Membership, User
from tables.hands.actions import privacy as hand_privacy
from tables.money.actions import privacy as money_privacy
from tables.nights.actions import privacy as night_privacy
from tables.own_data.error_codes import OwnDataError, OwnDataErrorCode
from tables.play.actions import privacy as play_privacy
from tables.tournaments.actions import privacy as tournament_privacy


def _names(names: list[str]) -> str:
    return ", ".join(f"“{name}”" for name in names)


@transaction.atomic
def erase_account(user_id: int) -> str:
    """Erase the account ``user_id``; returns the pseudonym it is known by from now on.
    The caller has checked that the person asked for it (their password)."""
    user = User.objects.select_for_update().get(pk=user_id)
    if user.erased_at is not None:
        raise OwnDataError(OwnDataErrorCode.ALREADY_ERASED, _("This account is already erased."))
    if user.is_guest:
        raise OwnDataError(
            OwnDataErrorCode.NOT_ALLOWED,
            _("A guest's data is erased by the club's host: ask them to remove you."),
        )
    owned = club_actions.clubs_owned(user)
    if owned:
        raise OwnDataError(
            OwnDataErrorCode.OWNS_A_CLUB,
            _("You own %(clubs)s: hand each club to another member first (club page, Members).")
            % {"clubs": _names(owned)},
        )
    playing = tournament_privacy.tournaments_in_play(user.pk)
    if playing:
        raise OwnDataError(
            OwnDataErrorCode.STILL_PLAYING,
            _("You are still in %(tournaments)s: unregister, or wait until it ends.")
            % {"tournaments": _names(playing)},
        )
    club_ids = list(Membership.objects.filter(user=user).values_list("club_id", flat=True))
    # leaving locks each club's tables in turn: a seat taken meanwhile is released or seen
    club_actions.leave_every_club(user)
    held = play_privacy.tables_held(user.pk)
    if held:  # in a hand: the chair goes when the hand ends; this rolls the leaving back
        raise OwnDataError(
            OwnDataErrorCode.STILL_PLAYING,
            _("You are still at %(tables)s: leave the table (after the hand) first.")
            % {"tables": _names(held)},
        )
    pseudonym = user.pseudonym()
    play_privacy.forget_player(user.pk)
    hand_privacy.rename_player(user.pk, pseudonym)
    money_privacy.forget_player(user.pk, pseudonym, club_ids)
    night_privacy.forget_player(user.pk)
    club_actions.forget_person(user, pseudonym)
    return pseudonym
