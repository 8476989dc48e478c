"""What every tournament action shares (docs/rules.md R24-R29): reading its clock and its
prize pool, locking it (the tournament row first, then its tables in id order: the order
of every tournament change), seating and unseating, and who may run it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from engine import tournament as rules
from pokerclub import access
from tables.play.actions.between_hands import (
    is_ready,
    last_blinds,
    schedule_next_hand,
)
from tables.play.actions.common import (
    commit_change,
    lock_table,
    send_on_commit,
    table_seats,
)
from tables.play.models import Seat, Table
from tables.tournaments.error_codes import TournamentError, TournamentErrorCode
from tables.tournaments.models import Tournament, TournamentEntry

ACTIVE = (TournamentEntry.Status.PLAYING, TournamentEntry.Status.BUSTED)
"""Entries still in the tournament (a busted entry may still rebuy)."""


def schedule_of(tournament: Tournament) -> rules.Schedule:
    """The tournament's levels as the engine's :class:`~engine.tournament.Schedule`."""
    return rules.Schedule(
        tuple(rules.Level.from_json(level) for level in tournament.levels),
        break_every=tournament.break_every,
        break_minutes=tournament.break_minutes,
    )


def played_seconds(tournament: Tournament, now: Any) -> float:
    """Seconds of play since the start, pauses excluded (R24.4): from stored times only."""
    if tournament.started_at is None:
        return 0.0
    end = tournament.paused_at or now
    return max(0.0, (end - tournament.started_at).total_seconds() - tournament.paused_seconds)


def reading(tournament: Tournament, now: Any) -> rules.ClockReading | None:
    """Where the clock stands, or ``None`` before the start."""
    if tournament.started_at is None:
        return None
    return rules.clock(schedule_of(tournament), played_seconds(tournament, now))


def shares(tournament: Tournament, entries: int) -> tuple[int, ...]:
    """The payout in basis points: the host's (R26.2) or the default for ``entries``."""
    return tuple(tournament.payout) if tournament.payout else rules.default_payout(entries)


def prize_pool(tournament: Tournament, entries: list[TournamentEntry]) -> int:
    """R25.4: every buy-in, rebuy and add-on of ``entries`` (all of the tournament's); the
    fees are the club's."""
    return sum(e.paid for e in entries) - tournament.fee * len(entries)


def hand_for_hand(
    tournament: Tournament,
    tables: int,
    clock_now: rules.ClockReading,
    statuses: Sequence[str] | None = None,
) -> bool:
    """Whether the tournament's ``tables`` play hand for hand (R28.6): on the bubble, once
    nobody can enter or rebuy any more (either would change the field). ``statuses``: every
    entry's, if the caller has them."""
    if tournament.status != Tournament.Status.RUNNING:
        return False
    if rules.registration_open(clock_now, tournament.late_until_level):
        return False
    if tournament.rebuy_until_level and clock_now.level <= tournament.rebuy_until_level:
        return False
    if statuses is None:
        statuses = list(tournament.entries.values_list("status", flat=True))
    left = sum(1 for status in statuses if status in ACTIVE)
    return rules.hand_for_hand(left, len(shares(tournament, len(statuses))), tables)


def lock_tournament(tournament_id: int) -> Tournament:
    """The first lock of every tournament change (then its tables, then their seats)."""
    tournament = (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("club")
        .filter(pk=tournament_id)
        .first()
    )
    if tournament is None:
        raise TournamentError(
            TournamentErrorCode.NO_SUCH_TOURNAMENT, _("There is no such tournament.")
        )
    return tournament


def save_changed(tournament: Tournament, fields: list[str]) -> None:
    """Save the tournament with a new version; its lobby learns of it after commit."""
    tournament.version += 1
    tournament.save(update_fields=list(dict.fromkeys(["version", *fields])))
    send_on_commit(
        f"tournament-{tournament.pk}", {"type": "tournament.changed", "version": tournament.version}
    )


def blinds_of(level: rules.Level) -> dict[str, Any]:
    """The table's blinds and ante at ``level`` (``Table``'s fields)."""
    return {
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "ante_by_big_blind": level.ante_by_big_blind,
    }


def take_seat(seat: Seat, user_id: int, stack: int) -> None:
    seat.user_id = user_id
    seat.status = Seat.Status.SEATED
    seat.stack = stack
    seat.owes_big_blind = False  # R28.3: a tournament player is dealt in at once
    seat.blind_choice = ""
    seat.straddle = False
    seat.time_bank = 0
    seat.run_twice_preference = None
    seat.sit_out_next_hand = seat.leave_after_hand = False
    seat.save()


def free_seat(seat: Seat) -> None:
    seat.user_id = None
    seat.status = Seat.Status.EMPTY
    seat.stack = 0
    seat.pending_chips = 0
    seat.owes_big_blind = False
    seat.timeouts_in_row = 0
    seat.connections = 0
    seat.gone_since = None
    seat.auto_act = False
    seat.save()


def tables_of(tournament: Tournament, *, playing: bool = True) -> list[Table]:
    """The tournament's open tables in id order, locked (after the tournament's lock). With
    ``playing=False`` a table in the middle of a hand is read without its lock, so its
    players' actions do not wait on the tournament: lock it with :func:`hold` before
    changing it. (Only the tournament's changes, under its lock, deal a hand or seat a
    player at its tables, so a table read between hands stays between hands, and a free
    seat stays free.)"""
    found = list(
        Table.objects.filter(tournament=tournament)
        .exclude(status=Table.Status.CLOSED)
        .select_related("club")
        .order_by("pk")
    )
    return [lock_table(t.pk) if playing or not t.in_hand else t for t in found]


def hold(tables: list[Table], seats: dict[int, list[Seat]], pk: int) -> Table:
    """Lock one of ``tables`` (read by :func:`tables_of` without its lock) before changing
    it, and read it and its seats again; returns the locked table."""
    index = next(i for i, t in enumerate(tables) if t.pk == pk)
    table = lock_table(pk)
    tables[index] = table
    seats[pk] = table_seats(table)
    return table


def seat_draw(items: Sequence[int]) -> int:
    """R28.1's draw of a broken table's order and seats: :func:`secrets.choice` (a test
    puts a seeded one here)."""
    return secrets.choice(items)


def seatings(tables: list[Table], seats: dict[int, list[Seat]]) -> list[rules.Seating]:
    return [
        rules.Seating(
            t.tournament_number or t.pk,
            t.max_seats,
            {s.number: s.user_id for s in seats[t.pk] if s.user_id is not None},
            t.button_seat,
            frozenset(s.number for s in seats[t.pk] if s.user_id is not None and not is_ready(s)),
            last_blinds(t),
        )
        for t in tables
    ]


def deal_open(tournament: Tournament) -> bool:
    """Whether a deal (R29.3) waits for the hands to end or for the players' answers."""
    deal = tournament.deal or {}
    return deal.get("state") in ("waiting", "offered")


def restart_clock(tournament: Tournament, now: Any) -> list[str]:
    """The clock runs again from where it stopped, and every table deals again. Returns
    the tournament's fields to save."""
    assert tournament.paused_at is not None
    tournament.paused_seconds += (now - tournament.paused_at).total_seconds()
    tournament.paused_at = None
    for table in tables_of(tournament):
        seated = table_seats(table)
        commit_change(table, seated, fields=schedule_next_hand(table, seated, now))
    return ["paused_at", "paused_seconds"]


def _require_host(actor: Any, tournament: Tournament) -> None:
    if not access.is_host(actor, tournament.club_id):
        raise TournamentError(
            TournamentErrorCode.NOT_ALLOWED, _("Only the club's owner or a host can do that.")
        )
