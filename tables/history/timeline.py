"""The replayer's steps: one picture of the table after the deal and after every decision,
as one viewer may see it (their own cards always, others' from the moment they were shown,
R4.3, R11), with what happened in words, and the all-in equities where they applied (R11.1).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.cards import card_str
from engine.equity import all_in_equity, sampled_equity
from engine.hand import HandState, HoleCardsDealt
from engine.hand import pots as engine_pots

from .. import handlog
from .replay import ReplayedHand

PREFLOP_SAMPLES = 20_000
"""Boards sampled for a preflop all-in equity (exact enumeration takes seconds there)."""


def _cards(cards: Any) -> list[str]:
    return [card_str(c) for c in cards]


def _lines(events: Any, names: dict[int, str], fmt: Any, me: int | None) -> list[str]:
    """What happened, in the live table's words (:func:`tables.handlog.lines`), with the
    viewer's own hole cards (R4.3: nobody else's)."""
    out: list[str] = []
    for event in events:
        if isinstance(event, HoleCardsDealt):
            if event.seat == me:
                out.append(f"You are dealt {' '.join(_cards(event.cards))}")
        elif not event.secret:
            out.extend(line["text"] for line in handlog.lines([event], names, fmt))
    return out


@lru_cache(maxsize=512)
def _equity(holes: tuple[tuple[int, ...], ...], board: tuple[int, ...]) -> tuple[tuple[float, ...], bool]:
    if not board:
        return tuple(sampled_equity(holes, board, samples=PREFLOP_SAMPLES)), False
    return tuple(all_in_equity(holes, board)), True


def equities(state: HandState) -> tuple[dict[int, float], bool] | None:
    """All-in equities by seat when no more betting is possible and every hand still in is
    face up (R11.1); ``(equities, exact)``. ``None`` otherwise."""
    if not state.all_in or state.is_finished or len(state.boards) != 1 or len(state.board) >= 5:
        return None
    live = [i for i in range(len(state.seats)) if not state.folded[i]]
    if len(live) < 2 or not all(state.shown[i] for i in live):
        return None
    shares, exact = _equity(tuple(tuple(state.holes[i]) for i in live), tuple(state.board))
    return {state.seats[i]: round(e, 4) for i, e in zip(live, shares, strict=True)}, exact


def steps(replayed: ReplayedHand, viewer_seat: int | None, fmt: Any) -> list[dict[str, Any]]:
    """The replayer's steps for one viewer (plain JSON)."""
    names = replayed.names
    out = []
    for step in replayed.steps:
        state = step.state
        lines = _lines(step.events, names, fmt, viewer_seat)
        seats = {}
        for i, seat in enumerate(state.seats):
            visible = seat == viewer_seat or state.shown[i]
            seats[str(seat)] = {
                "name": names.get(seat, ""),
                "stack": state.stacks[i],
                "bet": state.bets[i],
                "folded": state.folded[i],
                "all_in": state.stacks[i] == 0 and not state.folded[i],
                "cards": _cards(state.holes[i]) if visible else None,
                "shown": state.shown[i],
                "mucked": state.mucked[i],
                "won": state.won[i],
            }
        eq = equities(state)
        out.append({
            "lines": lines,
            "street": "finished" if state.is_finished else state.street.label,
            "boards": [_cards(b) for b in state.boards],
            "pot": 0 if state.is_finished else state.pot_total,
            "pots": [] if state.is_finished else [
                {"amount": p.amount, "eligible": list(p.eligible)} for p in engine_pots(state)
            ],
            "to_act": state.seat_to_act,
            "seats": seats,
            "equities": eq[0] if eq else None,
            "equities_exact": eq[1] if eq else None,
            "rake": state.rake,
        })
    return out


__all__ = ["equities", "steps"]
