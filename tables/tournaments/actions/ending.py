"""The end of a tournament (R26.3, R27): every entry's place, the prizes, the tables
closed, and the result in the club's money book. Reached when one entry is left
(``tables.tournaments.actions.hands``) or when the players agree a deal
(``tables.tournaments.actions.deals``)."""

from __future__ import annotations

from typing import Any

from engine import tournament as rules
from pokerclub.models import Club
from tables.money.actions.sessions import recount_earlier
from tables.money.models import SessionNet
from tables.play.actions.common import (
    commit_change,
    table_seats,
)
from tables.play.models import Seat, Table
from tables.tournaments.actions.common import free_seat, hold, prize_pool, save_changed, shares
from tables.tournaments.models import Tournament, TournamentEntry


def finishing_order(
    tournament: Tournament, top: list[tuple[int, list[TournamentEntry]]]
) -> list[tuple[int, list[TournamentEntry]]]:
    """Every entry's place (R27.1): ``top``, the places of those still in (the winner, or
    the players of a deal, R29.3), then the entries out, the last out highest; within one
    hand by the stack it started with, equal stacks sharing."""
    entries = list(tournament.entries.all())
    out = sorted(
        (e for e in entries if e.status == TournamentEntry.Status.OUT),
        key=lambda e: e.busted_order or 0,
    )
    total = len(entries)
    places: list[tuple[int, list[TournamentEntry]]] = list(top)
    left_before = total
    by_hand: dict[int, list[TournamentEntry]] = {}
    for entry in out:
        by_hand.setdefault(entry.busted_order or 0, []).append(entry)
    groups = []
    for order in sorted(by_hand):
        group = by_hand[order]
        groups.append(rules.finishing_places(left_before, {e: e.start_stack for e in group}))
        left_before -= len(group)
    for group_places in reversed(groups):
        places.extend(group_places)
    return sorted(places, key=lambda p: p[0])


def finish(
    tournament: Tournament,
    tables: list[Table],
    seats: dict[int, list[Seat]],
    now: Any,
    top: list[tuple[int, list[TournamentEntry]]],
    agreed: dict[int, int] | None = None,
) -> None:
    """Places and prizes (R26.3, R27.2), the money to the club's book, the tables closed.
    ``top`` places those still in: the winner, or the players of a deal (R29.3) whose
    prizes are ``agreed`` (by entry id); everyone else is paid by place."""
    for t in list(tables):
        hold(tables, seats, t.pk)
    entries = list(tournament.entries.all())
    pool = prize_pool(tournament, entries)
    paid = rules.prizes(pool, shares(tournament, len(entries)))
    order = finishing_order(tournament, top)
    placed = sorted(e.pk for _, group in order for e in group)
    assert placed == sorted(e.pk for e in entries), "every entry has a place"
    won = {entry.pk: prize for entry, prize in rules.awards(paid, order).items()}
    won.update(agreed or {})
    assert sum(won.values()) == pool, "the prizes are the pool"
    for place, group in order:
        for entry in group:
            entry.place = place
            entry.prize = won.get(entry.pk, 0)
            entry.status = TournamentEntry.Status.WON if place == 1 else TournamentEntry.Status.OUT
            entry.save(update_fields=["place", "prize", "status"])
    for table in tables:
        for seat in seats[table.pk]:
            if seat.user_id is not None:
                free_seat(seat)
        table.status = Table.Status.CLOSED
        table.next_hand_at = None
        commit_change(table, table_seats(table), fields=["status", "next_hand_at"])
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    _record_nets(tournament, [e for _, group in order for e in group], now)
    save_changed(tournament, ["status", "finished_at"])


def _record_nets(tournament: Tournament, entries: list[TournamentEntry], now: Any) -> None:
    """The tournament's result in the club's money book: each player's prizes minus what
    they paid, and the fees to the house. It sums to zero: the prizes are the pool."""
    nets: dict[int, int] = {}
    for entry in entries:
        nets[entry.user_id] = nets.get(entry.user_id, 0) + entry.prize - entry.paid
    rows = [
        SessionNet(
            tournament=tournament, club_id=tournament.club_id, user_id=user, net=net, ended_at=now
        )
        for user, net in nets.items()
    ]
    fees = tournament.fee * len(entries)
    if fees:
        rows.append(
            SessionNet(tournament=tournament, club_id=tournament.club_id, net=fees, ended_at=now)
        )
    Club.objects.select_for_update().filter(pk=tournament.club_id).first()
    SessionNet.objects.filter(tournament=tournament).delete()
    SessionNet.objects.bulk_create(rows)
    recount_earlier(tournament.club_id, list(nets))
