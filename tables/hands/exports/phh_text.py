"""PHH through :mod:`engine.phh` (PokerKit reads it): unknown hole cards are ``????``; the time is a TOML local time, a currency club's currency is named."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC
from typing import Any

from engine.games import rules
from engine.phh import to_phh
from tables.hands.exports.common import Viewer
from tables.hands.replay import ReplayedHand


def phh_hand(replayed: ReplayedHand, viewer: Viewer) -> Any:
    """The PHH record of the hand as ``viewer`` saw it (others' unseen cards as ``????``).

    In a draw game (R42) another player's cards are never known to the viewer but as the
    five they show at the showdown (their ``sm``): every ``d dh`` of theirs, the deal and
    each draw's new cards, is ``??`` a card, and so are the cards they throw (``pN sd
    ????``, as the standard allows for a player whose cards are unknown); the viewer's own
    stay, and a stand pat stays a bare ``pN sd``.

    In a stud game (R45) each ``d dh`` holds the cards of one street: another player's
    down cards are ``??`` each (``d dh p2 ????7h`` on third street, ``d dh p2 ??`` on
    seventh), their up cards as dealt, and a card of a hand they showed (R11) as shown."""
    hand = replayed.hand
    me = viewer.seat_in(replayed)
    visible = replayed.visible_holes(me)
    document = to_phh(
        replayed.final,
        replayed.events,
        players=replayed.names,
        hand=hand.pk,
        table=hand.table.name,
        seat_count=hand.table.max_seats,
    )
    seats = list(replayed.final.seats)  # p1 first, as in the PHH document
    game = rules(replayed.config.game)
    draw_game = bool(game.draws)
    mine = f"p{seats.index(me) + 1}" if me in seats else None
    actions = []
    for action in document.actions:
        parts = action.split()
        if draw_game:  # R42.3: the viewer's own cards only
            action = _draw_action(action, mine)
        elif game.stud and parts[:2] == ["d", "dh"]:  # R45.2: each card as the viewer saw it
            known = {c for c in visible.get(seats[int(parts[2][1:]) - 1]) or () if c is not None}
            dealt = [parts[3][k : k + 2] for k in range(0, len(parts[3]), 2)]
            action = f"d dh {parts[2]} " + "".join(c if c in known else "??" for c in dealt)
        elif parts[:2] == ["d", "dh"]:
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


def _draw_action(action: str, mine: str | None) -> str:
    """A draw game's action as the player ``mine`` (``"p2"``; ``None``: nobody's) sees it:
    another player's dealt and thrown cards as ``??`` each."""
    parts = action.split()
    if parts[:2] == ["d", "dh"] and parts[2] != mine:
        return f"d dh {parts[2]} " + "??" * (len(parts[3]) // 2)
    if len(parts) == 3 and parts[1] == "sd" and parts[0] != mine:
        return f"{parts[0]} sd " + "??" * (len(parts[2]) // 2)
    return action


def phh(replayed: ReplayedHand, viewer: Viewer) -> str:
    """One hand as a PHH document."""
    return phh_hand(replayed, viewer).to_toml()
