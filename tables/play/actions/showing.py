"""Showing cards after the hand (R11.5): a player who was dealt in shows some or all of the
hole cards nobody saw, until the next hand is dealt. The engine decides what may be shown;
this checks who asks, records the show with the hand and tells the table."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.actions import Action, ActionKind
from engine.errors import EngineError
from engine.hand import apply
from tables.hands.models import Hand
from tables.play import table_log as handlog
from tables.play.actions.common import commit_change, lock, membership
from tables.play.actions.hand import _engine_error, action_row, dealt_user_seat
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.hand_state import current_state


@transaction.atomic
def show_after_hand(user: Any, table_id: int, hand_number: Any, cards: Any) -> None:
    """Show the hole cards at ``cards`` (indexes: 0 the first card, 1 the second) of the
    hand numbered ``hand_number``, which must be the finished hand still on the table."""
    if isinstance(hand_number, bool) or not isinstance(hand_number, int):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be a hand number.") % {"field": "hand"}
        )
    if (
        not isinstance(cards, list)
        or not cards
        or any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < 10 for k in cards)
        or len(set(cards)) != len(cards)
    ):
        raise PlayError(
            PlayErrorCode.BAD_FIELD,
            _("'%(field)s' must list the hole cards to show: [0], [1] or [0, 1].")
            % {"field": "cards"},
        )
    table, seats = lock(table_id)
    membership(user, table)  # a former member shows nothing (DESIGN invariant 3)
    state = current_state(table)  # (a finished hand's: written whole, no tail)
    if state is None or table.in_hand or table.hand_count != hand_number or not state.is_finished:
        raise PlayError(
            PlayErrorCode.HAND_OVER,
            _("Cards can be shown only after the hand, until the next one is dealt."),
        )
    seat_number = dealt_user_seat(table, user)
    if seat_number is None:
        raise PlayError(PlayErrorCode.NOT_SEATED, _("You were not dealt into that hand."))
    holes = len(state.hole_cards(seat_number))
    if any(not 0 <= k < holes for k in cards):
        raise PlayError(
            PlayErrorCode.BAD_FIELD,
            _("You had %(count)d hole cards: 0 to %(last)d.") % {"count": holes, "last": holes - 1},
        )
    mask = sum(1 << k for k in cards)
    try:
        new_state, events = apply(state, Action(ActionKind.SHOW_AFTER, seat_number, mask))
    except EngineError as error:
        raise _engine_error(error) from None
    # named for who was dealt the cards, whoever sits in that seat now
    lines = handlog.lines(events, {seat_number: str(user)})
    table.hand_log = handlog.extend(table.hand_log, lines)
    done = action_row(table, seat_number, user, ActionKind.SHOW_AFTER, mask, timeout=False)
    table.hand_state = new_state.to_json()
    # the hand's record shows them too: its history, exports and proof (R15.3)
    assert table.current_hand_id is not None  # the finished hand on the table
    Hand.objects.filter(pk=table.current_hand_id).update(final_state=table.hand_state)
    commit_change(table, seats, fields=["hand_state", "hand_log"], state=new_state, action=done)
