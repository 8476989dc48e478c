"""A season's events read from the club's records: every closed session (online, at a real
table, imported) and every finished tournament between the season's dates, on the club's
calendar; guests and the house are not ranked."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.utils import timezone

from pokerclub.models import User
from tables.money.models import SessionNet
from tables.nights import scoring
from tables.nights.models import Season
from tables.tournaments.models import Tournament, TournamentEntry


def rules_of(season: Season) -> scoring.Rules:
    return scoring.Rules(
        tournament_points=season.tournament_points,
        place_points=tuple(int(p) for p in season.place_points or ()),
        cash_points=season.cash_points,
        cash_unit=season.cash_unit,
        session_points=season.session_points,
        attendance_points=season.attendance_points,
        best_events=season.best_events,
    )


def bounds(season: Season) -> tuple[datetime, datetime]:
    """The season's first and last moments, on the club's calendar."""
    zone = season.club.zone
    start = timezone.make_aware(datetime.combine(season.starts_on, time.min), zone)
    end = timezone.make_aware(datetime.combine(season.ends_on + timedelta(days=1), time.min), zone)
    return start, end


def events(season: Season) -> list[scoring.Event]:
    start, end = bounds(season)
    out: list[scoring.Event] = []
    cash: dict[int, list[SessionNet]] = {}
    nets = SessionNet.objects.filter(
        club=season.club,
        table__isnull=False,
        user__isnull=False,
        ended_at__gte=start,
        ended_at__lt=end,
    ).select_related("table")
    for net in nets:
        cash.setdefault(net.table_id, []).append(net)  # type: ignore[arg-type]
    for table_id, rows in cash.items():
        out.append(
            scoring.Event(
                key=f"t{table_id}",
                when=rows[0].ended_at,
                name=rows[0].table.name,  # type: ignore[union-attr]
                kind="cash",
                results=tuple(scoring.Result(player=n.user_id, net=n.net) for n in rows),  # type: ignore[arg-type]
            )
        )
    finished = Tournament.objects.filter(
        club=season.club,
        status=Tournament.Status.FINISHED,
        finished_at__gte=start,
        finished_at__lt=end,
    )
    for tournament in finished:
        best: dict[int, int] = {}
        placed = TournamentEntry.objects.filter(tournament=tournament, place__isnull=False)
        for user_id, place in placed.values_list("user_id", "place"):
            if place is not None:
                best[user_id] = min(best.get(user_id, place), place)
        size = len(best)
        out.append(
            scoring.Event(
                key=f"u{tournament.pk}",
                when=tournament.finished_at or end,
                name=tournament.name,
                kind="tournament",
                results=tuple(
                    scoring.Result(player=uid, place=place, field_size=size)
                    for uid, place in best.items()
                ),
            )
        )
    return sorted(out, key=lambda e: (e.when, e.key))


def standings(season: Season) -> tuple[list[scoring.Event], list[scoring.Row]]:
    found = events(season)
    players = {r.player for e in found for r in e.results}
    names = {u.pk: str(u) for u in User.objects.filter(pk__in=players)}
    return found, scoring.standings(rules_of(season), found, names)
