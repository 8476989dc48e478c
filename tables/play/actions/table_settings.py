"""Opening a table and changing its values (during a hand they wait for the next one), and
a new group's quick start: a club, its first table and an invitation, all or nothing."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.games import rules
from engine.table import MIXED_GAMES, mixed_game_code, next_chooser, orbit_completed
from pokerclub import access
from pokerclub import actions as club_actions
from pokerclub.models import Club, Invitation, User
from tables.play.actions.between_hands import schedule_next_hand
from tables.play.actions.common import (
    commit_change,
    lock,
    lock_own_seat,
    refuse_at_tournament,
    table_seats,
)
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.forms import table_presets
from tables.play.models import MixedMode, Seat, Table


@transaction.atomic
def create_table(actor: Any, club: Club, values: dict[str, Any]) -> Table:
    """A host opens a table (``values``: columns of Table, validated by ``TableForm.table_values``)."""
    if not access.is_host(actor, club):
        raise PlayError(
            PlayErrorCode.NOT_ALLOWED, _("Only the club's owner or a host can open tables.")
        )
    table = Table.objects.create(club=club, created_by=actor, **values)
    Seat.objects.bulk_create(Seat(table=table, number=n) for n in range(1, table.max_seats + 1))
    return table


def _resize_seats(table: Table, seats: list[Seat], max_seats: int) -> None:
    have = {s.number for s in seats}
    for seat in seats:
        if seat.number > max_seats:
            if seat.user_id is not None:
                raise PlayError(
                    PlayErrorCode.BAD_FIELD, _("Players sit in seats beyond that number.")
                )
            seat.delete()
    Seat.objects.bulk_create(
        Seat(table=table, number=n) for n in range(1, max_seats + 1) if n not in have
    )


def _apply_settings(table: Table, seats: list[Seat], values: dict[str, Any]) -> list[str]:
    if "max_seats" in values and values["max_seats"] != table.max_seats:
        _resize_seats(table, seats, values["max_seats"])
    for key, value in values.items():
        setattr(table, key, value)
    fields = list(values)
    if "mixed_games" in values or "max_seats" in values or "mixed_mode" in values:
        # R20: a new list (or a resized table, whose seats the orbit is counted on, or a new
        # way of choosing) starts its orbit with the next hand, dealer's choice with the button
        table.orbit_start_seat = None
        table.chooser_seat = None
        fields += ["orbit_start_seat", "chooser_seat"]
    if values.get("bomb_pot_vote") is False and table.bomb_votes:
        table.bomb_votes = []  # R21: votes taken while voting was on do not come back
        fields.append("bomb_votes")
    return fields


def rotate_game(table: Table, button: int, dealt: list[Seat]) -> list[str]:
    """R20, at the deal of a hand whose button is ``button`` (``dealt``: its seats): on a
    mixed-game table, the game of this hand. The first hand of a list (or of a changed list)
    starts an orbit with the table's game; once the button reaches or passes the seat where
    the orbit began, the next game of the list starts, with this hand. Dealer's choice
    (R20.5): an orbit's game is the pick of the player whose turn it is to choose
    (:func:`engine.table.next_chooser`), or the list's next game if they picked none."""
    codes = table.mixed_games
    if not codes:
        return []
    current = mixed_game_code(table.game, table.structure)
    if current not in codes:
        current = None
    last_button, start = table.button_seat, table.orbit_start_seat
    if current is None or start is None or last_button is None:
        first, code = True, current or codes[0]
    elif table.carried_pot and rules(table.game).opening:
        # R35.5: poker all'italiana's orbit goes on until its carried pot is won; an orbit
        # over meanwhile ends at the next move of the button after that
        if orbit_completed(last_button, button, start, table.max_seats):
            table.orbit_start_seat = button % table.max_seats + 1
            return ["orbit_start_seat"]
        return []
    elif orbit_completed(last_button, button, start, table.max_seats):
        first, code = False, codes[(codes.index(current) + 1) % len(codes)]
    else:
        return []
    fields = ["game", "structure", "orbit_start_seat"]
    if table.mixed_mode == MixedMode.DEALERS_CHOICE and dealt:
        chooser = next_chooser(
            [s.number for s in dealt], button, None if first else table.chooser_seat
        )
        user_id = next(s.user_id for s in dealt if s.number == chooser)
        pick = table.game_picks.get(str(user_id))
        code = pick if pick in codes else code
        table.chooser_seat = chooser
        fields.append("chooser_seat")
    game, structure = MIXED_GAMES[code]
    table.game, table.structure = game.value, structure.value
    table.orbit_start_seat = button
    return fields


@transaction.atomic
def pick_game(user: Any, table_id: int, code: Any) -> None:
    """R20.5, dealer's choice: a seated player's pick for the orbit whose game they choose
    (it stands until they change it; ``None`` takes it back)."""
    if code is not None and not isinstance(code, str):
        raise PlayError(
            PlayErrorCode.BAD_FIELD,
            _("'%(field)s' must be a game's code or null.") % {"field": "game"},
        )
    table, seats, _seat = lock_own_seat(user, table_id, must_be_open=True)
    refuse_at_tournament(table)
    if table.mixed_mode != MixedMode.DEALERS_CHOICE or len(table.mixed_games) < 2:
        raise PlayError(PlayErrorCode.NOT_ALLOWED, _("This table does not play dealer's choice."))
    if code is not None and code not in table.mixed_games:
        raise PlayError(
            PlayErrorCode.BAD_FIELD,
            _("Pick one of the table's games: %(games)s.")
            % {"games": ", ".join(table.mixed_games)},
        )
    picks = {key: value for key, value in table.game_picks.items() if key != str(user.pk)}
    if code is not None:
        picks[str(user.pk)] = code
    if picks != table.game_picks:
        table.game_picks = picks
        commit_change(table, seats, fields=["game_picks"])


@transaction.atomic
def update_settings(actor: Any, table_id: int, values: dict[str, Any]) -> bool:
    """Change the table's settings; during a hand they wait for the next one.

    Returns True when applied at once, False when they apply from the next hand.
    """
    table, seats = lock(table_id, host=actor, must_be_open=True)
    refuse_at_tournament(table)
    if not values:
        return True
    if table.in_hand:
        pending = {**table.pending_settings, **values}
        table.pending_settings = pending
        commit_change(table, seats, fields=["pending_settings"])
        return False
    fields = _apply_settings(table, seats, values)
    seats = table_seats(table)  # after a resize
    fields += schedule_next_hand(table, seats)
    commit_change(table, seats, fields=fields)
    return True


def apply_pending_settings(table: Table, seats: list[Seat]) -> list[str]:
    """Between hands: settings changed during the last hand take effect now."""
    if not table.pending_settings:
        return []
    fields = _apply_settings(table, seats, dict(table.pending_settings))
    table.pending_settings = {}
    return [*fields, "pending_settings"]


@transaction.atomic
def quick_start(owner: User, *, name: str) -> tuple[Club, Table, Invitation]:
    """A new group's first step: a club named ``name``, a first table with the form's
    defaults (the first stake preset, :func:`tables.play.forms.table_presets`) and an invitation
    link to share; all or nothing."""
    club = club_actions.create_club(owner, name=name)
    table = create_table(
        owner,
        club,
        {"name": _("Table %(number)s") % {"number": 1}, **table_presets(club)[0]["values"]},
    )
    return club, table, club_actions.create_invitation(owner, club)
