"""PHH through :mod:`engine.phh` (PokerKit reads it): unknown hole cards are ``????``; the time is a TOML local time, a currency club's currency is named."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC
from typing import Any

from engine.phh import to_phh
from tables.hands.exports.common import Viewer
from tables.hands.replay import ReplayedHand


def phh_hand(replayed: ReplayedHand, viewer: Viewer) -> Any:
    """The PHH record of the hand as ``viewer`` saw it (others' unseen cards as ``????``)."""
    hand = replayed.hand
    visible = replayed.visible_holes(viewer.seat_in(replayed))
    document = to_phh(
        replayed.final,
        replayed.events,
        players=replayed.names,
        hand=hand.pk,
        table=hand.table.name,
        seat_count=hand.table.max_seats,
    )
    seats = list(replayed.final.seats)  # p1 first, as in the PHH document
    actions = []
    for action in document.actions:
        parts = action.split()
        if parts[:2] == ["d", "dh"]:
            seen = visible.get(seats[int(parts[2][1:]) - 1])
            if seen is None or None in seen:  # ?? for each card the viewer did not see
                faces = "".join(
                    "??" if c is None else c for c in seen or [None] * (len(parts[3]) // 2)
                )
                action = f"d dh {parts[2]} {faces}"
        actions.append(action)
    when = hand.started_at
    optional = dict(document.optional)
    user = dict(document.user_defined)
    if when is not None:  # the standard's time is a TOML local time, here in UTC
        utc = when.astimezone(UTC)
        optional.update(
            year=utc.year,
            month=utc.month,
            day=utc.day,
            time=utc.time().replace(microsecond=0, tzinfo=None),
            time_zone="UTC",
        )
    club = hand.table.club
    if hand.table.tournament_id is not None:  # a tournament's hand: its chips, its level
        user["_tournament"] = hand.table.tournament_id
        user["_tournament_level"] = hand.tournament_level or 1
    elif club.amount_format == "currency":  # amounts stay whole units of the club's cents
        symbol = (
            club.currency_symbol if len(club.currency_symbol) == 1 else None
        )  # the standard: one character
        optional.update(currency=club.currency_code or None, currency_symbol=symbol)
        user["_currency_decimal_places"] = club.decimal_places
    return replace(document, actions=tuple(actions), optional=optional, user_defined=user)


def phh(replayed: ReplayedHand, viewer: Viewer) -> str:
    """One hand as a PHH document."""
    return phh_hand(replayed, viewer).to_toml()
