"""The replayer's steps: one picture of the table after the deal and after every decision,
as one viewer may see it (their own cards always, others' from the moment they were shown,
R4.3, R11), with what happened in words.

Each picture is the live table's own (:func:`tables.play.hand_state.hand_picture`, the same seats, pots
and all-in equities, R11.1), shaped like a ``state`` message (docs/protocol.md) so that the
browser draws it with the live table's renderer (static/js/history/replayer.js).
"""

from __future__ import annotations

from typing import Any

from engine.cards import card_str
from engine.events import CardsDrawn, DownCardDealt, HoleCardsDealt
from tables.hands.replay import ReplayedHand
from tables.play import table_log as handlog
from tables.play.hand_state import hand_picture

HIDDEN_KEYS = ("seat_views", "legal", "pending")
"""Parts of a live picture the replayer has no use for (nobody acts in a replay)."""


def _cards(cards: Any) -> list[str]:
    return [card_str(c) for c in cards]


def _viewer_lines(events: Any, me: int | None) -> list[dict[str, Any]]:
    """The viewer's own deal and draws (R4.3, R42.3: nobody else's), as log lines; a stud
    game's third street is their deal, seventh street's down card their own (R45.2)."""
    out = []
    for e in events:
        if isinstance(e, DownCardDealt) and e.seat == me:  # R45.2: "You are dealt 4d"
            out.append({"seat": me, "say": "dealt", "args": {"cards": [card_str(e.card)]}})
        elif isinstance(e, HoleCardsDealt) and e.seat == me:
            out.append({"seat": me, "say": "dealt", "args": {"cards": _cards(e.cards)}})
        elif isinstance(e, CardsDrawn) and e.seat == me:
            args = {"thrown": _cards(e.discarded), "cards": _cards(e.drawn)}
            if not e.drawn:
                out.append({"seat": me, "say": "you_stand_pat", "args": {"cards": _cards(e.hole)}})
            else:
                out.append({"seat": me, "say": "you_draw", "args": args})
    return out


def _in_order(mine: list[dict[str, Any]], public: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The viewer's own lines and the table's, in the order things happened: the deal and
    the draws first, as before; a stud game's seventh-street card after the street's line
    ("Seventh street", then "You are dealt 4d")."""
    street = next((k for k, line in enumerate(public) if line.get("say") == "seventh_street"), None)
    if street is None:
        return mine + public
    return public[: street + 1] + mine + public[street + 1 :]


def steps(replayed: ReplayedHand, viewer_seat: int | None) -> list[dict[str, Any]]:
    """The replayer's steps for one viewer (plain JSON): for each, ``lines`` (what happened,
    in the live table's words, :func:`tables.play.table_log.lines`), ``hand`` and ``seats`` (the
    live picture), and ``you`` (the viewer's seat and own hole cards)."""
    names = replayed.names
    number = replayed.hand.number
    log: list[dict[str, Any]] = []
    out = []
    for step in replayed.steps:
        state = step.state
        public = handlog.lines(step.events, names, boards=len(state.boards))
        log = log + public
        picture = hand_picture(state, number=number, log=log)
        seats = {}
        for seat, view in picture["seat_views"].items():
            seats[str(seat)] = {
                "number": seat,
                "status": "seated",
                "player": {"name": names.get(seat, "")},
                "sitting_out": False,
                "connected": True,
                **view,
            }
        mine = state.seats.index(viewer_seat) if viewer_seat in state.seats else None
        out.append(
            {
                "lines": _in_order(_viewer_lines(step.events, viewer_seat), public),
                "hand": {k: v for k, v in picture.items() if k not in HIDDEN_KEYS},
                "seats": seats,
                "you": {
                    "seat": viewer_seat,
                    "cards": _cards(state.holes[mine]) if mine is not None else [],
                },
            }
        )
    return out


__all__ = ["steps"]
