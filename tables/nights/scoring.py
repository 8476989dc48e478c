"""How a season scores (pure: no database). Each event (a closed session or a finished
tournament) gives each player who played it points by the season's rules; the best
``best_events`` of a player's events count (all when 0); the standings rank by points, ties
broken by more events played, then the better best event, then the name."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class Rules:
    tournament_points: str = "field"  # field | sqrt | table
    place_points: tuple[int, ...] = ()
    cash_points: str = "net"  # none | net | sessions
    cash_unit: int = 100
    session_points: int = 1
    attendance_points: int = 0
    best_events: int = 0


@dataclass(frozen=True)
class Result:
    """One player's part in one event: a cash net, or a tournament place in a field."""

    player: int
    net: int = 0
    place: int | None = None
    field_size: int = 0


@dataclass(frozen=True)
class Event:
    key: str
    when: datetime
    name: str
    kind: str  # cash | tournament
    results: tuple[Result, ...]


def points(rules: Rules, event: Event, result: Result) -> int:
    """The points ``result`` earns in ``event``."""
    base = 0
    if event.kind == "tournament" and result.place:
        place, size = result.place, max(result.field_size, result.place)
        if rules.tournament_points == "field":
            base = size - place + 1
        elif rules.tournament_points == "sqrt":
            base = round(10 * math.sqrt(size / place))
        else:
            table = rules.place_points
            base = table[place - 1] if place <= len(table) else 0
    elif event.kind == "cash":
        if rules.cash_points == "net":
            base = int(result.net / max(1, rules.cash_unit))  # toward zero: -1.5 is -1
        elif rules.cash_points == "sessions":
            base = rules.session_points
    return base + rules.attendance_points


@dataclass
class Row:
    player: int
    name: str
    points: int = 0
    events: int = 0
    best: int | None = None
    by_event: dict[str, int] = field(default_factory=dict)
    counted: set[str] = field(default_factory=set)
    rank: int = 0
    movement: int | None = None
    """Places gained (+) or lost (−) since the standings before the last event; None for a
    player who had no event before it."""


def _rank(rows: list[Row]) -> list[Row]:
    rows.sort(key=lambda r: (-r.points, -r.events, -(r.best or 0), r.name.casefold(), r.player))
    for index, row in enumerate(rows, start=1):
        row.rank = index
    return rows


def standings(rules: Rules, events: list[Event], names: dict[int, str]) -> list[Row]:
    """The ranked rows, with each player's points per event, which of them count, and their
    movement since the last event."""
    ordered = sorted(events, key=lambda e: (e.when, e.key))

    def table(upto: list[Event]) -> list[Row]:
        rows: dict[int, Row] = {}
        for event in upto:
            for result in event.results:
                row = rows.setdefault(
                    result.player, Row(result.player, names.get(result.player, "?"))
                )
                row.by_event[event.key] = points(rules, event, result)
                row.events += 1
        for row in rows.values():
            scored = sorted(row.by_event.items(), key=lambda kv: (-kv[1], kv[0]))
            if rules.best_events:
                scored = scored[: rules.best_events]
            row.counted = {key for key, _ in scored}
            row.points = sum(value for _, value in scored)
            row.best = max(row.by_event.values()) if row.by_event else None
        return _rank(list(rows.values()))

    now = table(ordered)
    if len(ordered) > 1:
        before = {row.player: row.rank for row in table(ordered[:-1])}
        for row in now:
            if row.player in before:
                row.movement = before[row.player] - row.rank
    return now
