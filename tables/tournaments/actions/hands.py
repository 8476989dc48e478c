"""Between two hands of a tournament table (docs/rules.md R25-R28): the clock calls
:func:`table_due` when the table's next hand is due, instead of dealing it itself.

In one transaction that locks the tournament row first, then its tables in id order (the
order of every tournament change, ``tables.tournaments.actions.lifecycle``; a table's own
transactions lock only that table, so the two cannot deadlock):

1. players of the table left with no chips are out (R27.1), or, while rebuys are open, may
   rebuy (R25.2) until they close;
2. when one entry is left and nobody can join any more, the tournament ends: places,
   prizes, and the money to the club's book (R26, R27.2);
3. the tables are balanced, or one breaks (R28), the moved players' chips moving with them
   and their pages following them (a ``moved`` message);
4. a deal the players left proposed (R29.3) is offered once no table is in a hand;
5. the table deals its next hand at the clock's level (R24.4), or waits out a break or a
   pause, or, with nobody to play against, looks again in a few seconds; on the bubble,
   the tables play hand for hand (R28.6).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from engine import tournament as rules
from tables.play.actions.between_hands import is_ready, schedule_next_hand, seats_in_hand
from tables.play.actions.common import broadcast_on_commit, commit_change, table_seats
from tables.play.actions.hand import deal_tournament_hand, running_state
from tables.play.models import Seat, Table
from tables.tournaments.actions.common import (
    ACTIVE,
    blinds_of,
    free_seat,
    hand_for_hand,
    hold,
    lock_tournament,
    reading,
    save_changed,
    schedule_of,
    seat_draw,
    seatings,
    tables_of,
    take_seat,
)
from tables.tournaments.actions.deals import offer_if_ready
from tables.tournaments.actions.ending import finish
from tables.tournaments.models import Tournament, TournamentEntry

WAIT_SECONDS = 5
"""How soon a tournament table with nobody to play against looks again."""


@transaction.atomic
def table_due(table_id: int, version: int, now: Any = None) -> bool:
    """A tournament table's next hand is due (the clock calls this instead of
    ``handle_due``'s deal): busts, the end, balancing, then the deal, as the module says.
    A compare-and-set on the table's version, after the tournament's lock: exactly once
    with any number of clocks. Returns whether anything changed.

    Hand for hand (R28.6): on the bubble a table whose hand is over waits (no next hand
    due) while another table plays its hand or has one due later; the last of them places
    the round's busts together, as if out in one hand, and deals every table."""

    now = now or timezone.now()
    tournament_id = (
        Table.objects.filter(pk=table_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is None:
        return False
    tournament = lock_tournament(tournament_id)
    tables = tables_of(tournament, playing=False)  # tables in a hand are locked if changed
    table = next((t for t in tables if t.pk == table_id), None)
    if table is None or table.version != version or running_state(table) is not None:
        return False
    if table.next_hand_at is None or table.next_hand_at > now:
        return False
    seats = {t.pk: table_seats(t) for t in tables}
    clock_now = reading(tournament, now)
    assert clock_now is not None  # its tables exist once it runs
    round_together = hand_for_hand(tournament, len(tables), clock_now)
    if round_together and _others_busy(tables, table, now):
        return _wait_for_the_round(table, seats[table.pk])
    changed = False
    # every table whose hand is over first, in the order their hands ended: a table broken
    # below must not take players with no chips to another table before they are placed
    idle = [t for t in tables if running_state(t) is None]
    shared = tournament.eliminations + 1 if round_together else None  # one round, one "hand"
    for other in sorted(idle, key=lambda t: (_ended(t, now), t.pk)):
        if _busts(tournament, other, seats, clock_now, shared):
            changed = True
            if other.pk != table.pk and other.next_hand_at is not None:
                fields = schedule_next_hand(other, seats[other.pk], now)
                commit_change(other, seats[other.pk], fields=fields)
    changed |= _rebuys_closed(tournament, tables, seats, clock_now)
    if _finish_if_won(tournament, tables, seats, clock_now, now):
        return True
    moved = _balance(tournament, tables, seats, table, now)
    seats[table.pk] = table_seats(table)
    if offer_if_ready(tournament):  # a deal waited for this hand (R29.3)
        save_changed(tournament, ["deal"])
    if changed or moved:
        save_changed(tournament, [])
    if table.pk in moved:  # the table broke: its players went to the others
        return True
    left = [t for t in tables if t.pk not in moved]
    if hand_for_hand(tournament, len(left), clock_now):
        if _others_busy(left, table, now):
            return _wait_for_the_round(table, seats[table.pk])
        round_tables = [t for t in left if running_state(t) is None]
    else:  # and the tables the last round left waiting, if the bubble burst
        round_tables = [table] + [
            t for t in left
            if t.pk != table.pk and running_state(t) is None and t.next_hand_at is None
        ]  # fmt: skip
    for t in round_tables:
        _next_hand(tournament, t, table_seats(t), clock_now, now)
    return True


def _others_busy(tables: list[Table], table: Table, now: Any) -> bool:
    """Another of ``tables`` plays a hand, or has its next one due later than now."""
    return any(
        running_state(t) is not None or (t.next_hand_at is not None and t.next_hand_at > now)
        for t in tables
        if t.pk != table.pk
    )


def _wait_for_the_round(table: Table, seats: list[Seat]) -> bool:
    """Hand for hand: the table deals when the round's last table does (R28.6)."""
    table.next_hand_at = None
    commit_change(table, seats, fields=["next_hand_at"])
    return True


def _next_hand(
    tournament: Tournament,
    table: Table,
    seats: list[Seat],
    clock_now: rules.ClockReading,
    now: Any,
) -> None:
    """The table deals its next hand at the clock's level (R24.4), or waits out a break or
    a pause, or, with nobody to play against, looks again in a few seconds."""
    if tournament.paused_at is not None:
        table.next_hand_at = None
        commit_change(table, seats, fields=["next_hand_at"])
        return
    if clock_now.on_break:  # the break's end deals the next hand
        assert clock_now.remaining is not None
        table.next_hand_at = now + timedelta(seconds=clock_now.remaining)
        commit_change(table, seats, fields=["next_hand_at"])
        return
    if sum(1 for s in seats if is_ready(s)) < 2:
        # nobody to play with yet: look again soon (a move or a break will come)
        table.next_hand_at = now + timedelta(seconds=WAIT_SECONDS)
        commit_change(table, seats, fields=["next_hand_at"])
        return
    level = schedule_of(tournament).levels[clock_now.level - 1]
    for key, value in blinds_of(level).items():
        setattr(table, key, value)
    table.tournament_level = clock_now.level
    deal_tournament_hand(table, seats, now, [*blinds_of(level), "tournament_level"])


def _ended(table: Table, now: Any) -> Any:
    hand = table.current_hand
    return hand.ended_at if hand is not None and hand.ended_at is not None else now


def _busts(
    tournament: Tournament,
    table: Table,
    seats: dict[int, list[Seat]],
    clock_now: rules.ClockReading,
    shared: int | None = None,
) -> bool:
    """Players of ``table``'s last hand left with no chips: out, or busted with a rebuy to
    take while rebuys are open (R27.1, R25.2). ``shared``: the bust order of a
    hand-for-hand round, whose busts at every table count as one hand's (R28.6)."""
    broke = [s for s in seats[table.pk] if s.user_id is not None and s.stack == 0]
    if not broke:
        return False
    hand = table.current_hand
    started = {p["user_id"]: p["stack"] for p in (hand.players if hand else [])}
    entries = {
        e.user_id: e
        for e in tournament.entries.filter(
            user_id__in=[s.user_id for s in broke], status=TournamentEntry.Status.PLAYING
        )
    }
    if not entries:
        return False
    tournament.eliminations = shared or tournament.eliminations + 1
    tournament.save(update_fields=["eliminations"])
    for seat in broke:
        entry = entries.get(seat.user_id or 0)
        if entry is None:
            continue
        entry.busted_order = tournament.eliminations
        entry.start_stack = started.get(seat.user_id, 0)
        can_rebuy = rules.may_rebuy(
            clock_now,
            stack=0,
            starting_stack=tournament.starting_stack,
            rebuys=entry.rebuys,
            limit=tournament.rebuy_limit,
            until_level=tournament.rebuy_until_level,
        ) is None  # fmt: skip
        if can_rebuy:
            entry.status = TournamentEntry.Status.BUSTED  # keeps the seat, not dealt in
        else:
            entry.status = TournamentEntry.Status.OUT
            free_seat(seat)
        # (not the hand as a foreign key: it would wait on the history's lock of that hand)
        entry.save(update_fields=["busted_order", "start_stack", "status"])
    seats[table.pk] = table_seats(table)
    return True


def _rebuys_closed(
    tournament: Tournament,
    tables: list[Table],
    seats: dict[int, list[Seat]],
    clock_now: rules.ClockReading,
) -> bool:
    """Once rebuys close, players still waiting with no chips are out (in the order they
    busted: R27.1)."""
    if tournament.rebuy_until_level and clock_now.level <= tournament.rebuy_until_level:
        return False
    waiting = list(tournament.entries.filter(status=TournamentEntry.Status.BUSTED))
    if not waiting:
        return False
    users = {e.user_id for e in waiting}
    for table in list(tables):
        if not any(s.user_id in users for s in seats[table.pk]):
            continue
        table = hold(tables, seats, table.pk)
        touched = False
        for seat in seats[table.pk]:
            if (
                seat.user_id in users
                and seat.stack == 0
                and seat.number not in seats_in_hand(table)
            ):
                free_seat(seat)
                touched = True
        if touched:
            seats[table.pk] = table_seats(table)
            commit_change(table, seats[table.pk], fields=schedule_next_hand(table, seats[table.pk]))
    TournamentEntry.objects.filter(pk__in=[e.pk for e in waiting]).update(
        status=TournamentEntry.Status.OUT
    )
    return True


def _finish_if_won(
    tournament: Tournament,
    tables: list[Table],
    seats: dict[int, list[Seat]],
    clock_now: rules.ClockReading,
    now: Any,
) -> bool:
    """The end (R26, R27): one entry left with chips, nobody waiting to rebuy, and nobody
    can register any more."""
    alive = list(tournament.entries.filter(status__in=ACTIVE))
    if len(alive) != 1 or alive[0].status != TournamentEntry.Status.PLAYING:
        return False
    if rules.registration_open(clock_now, tournament.late_until_level):
        return False
    finish(tournament, tables, seats, now, [(1, [alive[0]])])
    return True


def _balance(
    tournament: Tournament,
    tables: list[Table],
    seats: dict[int, list[Seat]],
    table: Table,
    now: Any,
) -> set[int]:
    """R28 after ``table``'s hand: the moves, each player's chips with them; a broken
    table closes. Returns the ids of the tables broken."""

    number_of = {t.tournament_number or t.pk: t for t in tables}
    idle = {t.tournament_number or t.pk for t in tables if running_state(t) is None}
    moves, broken = rules.balance(seatings(tables, seats), idle, seat_draw)
    if not moves and not broken:
        return set()
    involved = {number_of[m.source].pk for m in moves} | {number_of[m.target].pk for m in moves}
    for pk in sorted(involved | {number_of[n].pk for n in broken}):
        hold(tables, seats, pk)  # (the tables in a hand that receive players, too)
    number_of = {t.tournament_number or t.pk: t for t in tables}
    by_table = {t.pk: {s.number: s for s in seats[t.pk]} for t in tables}
    touched: set[int] = set()
    for move in moves:
        source, target = number_of[move.source], number_of[move.target]
        old = by_table[source.pk][move.from_seat]
        new = by_table[target.pk][move.to_seat]
        stack = old.stack
        user_id = old.user_id
        assert user_id is not None and new.user_id is None
        free_seat(old)
        take_seat(new, user_id, stack)
        touched |= {source.pk, target.pk}
        broadcast_on_commit(
            source.pk,
            {"type": "table.moved", "user_id": user_id, "table_id": target.pk,
             "url": target.get_absolute_url()},
        )  # fmt: skip
    gone = {number_of[n].pk for n in broken}
    for t in tables:
        if t.pk not in touched and t.pk not in gone:
            continue
        fields: list[str] = []
        if t.pk in gone:
            t.status = Table.Status.CLOSED
            t.next_hand_at = None
            fields += ["status", "next_hand_at"]
        seats[t.pk] = table_seats(t)
        if t.pk not in gone and t.pk != table.pk:
            fields += schedule_next_hand(t, seats[t.pk], now)
        commit_change(t, seats[t.pk], fields=fields)
    return gone
