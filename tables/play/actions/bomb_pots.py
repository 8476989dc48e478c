"""Bomb pots (R21): whether the hand being dealt is one, and the players' vote for one."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tables.play.actions.common import commit_change, lock_own_seat, refuse_at_tournament
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat, Table


def is_bomb_pot(table: Table, dealt: list[Seat]) -> bool:
    """R21.4, at the deal (in its transaction): the table's N-th, 2N-th … hand, or every
    player dealt in has voted for one. A table without a bomb ante deals none."""
    if table.bomb_pot_ante <= 0:
        return False
    every = table.bomb_pot_every
    if every and (table.hand_count + 1) % every == 0:
        return True
    votes = set(table.bomb_votes)
    return table.bomb_pot_vote and bool(dealt) and all(s.user_id in votes for s in dealt)


@transaction.atomic
def vote_bomb_pot(user: Any, table_id: int, vote: Any) -> None:
    """A seated player votes for the next hand to be a bomb pot (``vote`` true) or takes the
    vote back (R21.4); the bomb pot comes when everyone dealt in has voted."""
    if not isinstance(vote, bool):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be true or false.") % {"field": "vote"}
        )
    table, seats, _seat = lock_own_seat(user, table_id, must_be_open=True)
    refuse_at_tournament(table)
    if not (table.bomb_pot_vote and table.bomb_pot_ante):
        raise PlayError(PlayErrorCode.NOT_ALLOWED, _("This table does not vote on bomb pots."))
    votes = [voter for voter in table.bomb_votes if voter != user.pk]
    if vote:
        votes.append(user.pk)
    if votes != table.bomb_votes:
        table.bomb_votes = votes
        commit_change(table, seats, fields=["bomb_votes"])
