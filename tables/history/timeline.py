"""The replayer's steps: one picture of the table after the deal and after every decision,
as one viewer may see it (their own cards always, others' from the moment they were shown,
R4.3, R11), with what happened in words, and the all-in equities where they applied (R11.1).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


from engine.cards import card_str
from engine.equity import all_in_equity, sampled_equity
from engine.hand import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BoardDealt,
    Event,
    HandMucked,
    HandNamed,
    HandShown,
    HandState,
    HoleCardsDealt,
    PotAwarded,
    RakeTaken,
    RunItTwiceDecided,
    UncalledBetReturned,
)
from engine.hand import pots as engine_pots

from .replay import ReplayedHand

PREFLOP_SAMPLES = 20_000
"""Boards sampled for a preflop all-in equity (exact enumeration takes seconds there)."""


def _cards(cards: Any) -> list[str]:
    return [card_str(c) for c in cards]


def describe(event: Event, names: dict[int, str], fmt: Any, me: int | None) -> str | None:
    """One line of what happened, or ``None`` for events that say nothing to a viewer."""
    def who(seat: int) -> str:
        return names.get(seat, f"Seat {seat}")

    if isinstance(event, AntePosted):
        return f"{who(event.seat)} posts the {'big blind ' if event.big_blind_ante else ''}ante {fmt(event.amount)}"
    if isinstance(event, BlindPosted):
        kind = event.blind.replace("_", " ")
        return f"{who(event.seat)} posts {kind} {fmt(event.amount)}" + (" (all-in)" if event.all_in else "")
    if isinstance(event, HoleCardsDealt):
        return f"You are dealt {' '.join(_cards(event.cards))}" if event.seat == me else None
    if isinstance(event, ActionTaken):
        name = who(event.seat)
        all_in = " (all-in)" if event.all_in else ""
        if event.action in ("fold", "check"):
            return f"{name} {event.action}s"
        if event.action == "call":
            return f"{name} calls {fmt(event.added)}{all_in}"
        if event.action in ("bet", "raise"):
            verb = "bets" if event.action == "bet" else "raises to"
            return f"{name} {verb} {fmt(event.amount)}{all_in}"
        if event.action == "run_twice":
            return f"{name} {'agrees' if event.amount else 'declines'} to run it twice"
    if isinstance(event, UncalledBetReturned):
        return f"{fmt(event.amount)} uncalled returned to {who(event.seat)}"
    if isinstance(event, RunItTwiceDecided):
        return "The board is run twice" if event.runs == 2 else None
    if isinstance(event, BoardDealt):
        run = " (second run)" if event.board_index else ""
        return f"{event.street.capitalize()}{run}: {' '.join(_cards(event.cards))}"
    if isinstance(event, HandShown):
        named = f" ({' / '.join(event.names)})" if event.names else ""
        return f"{who(event.seat)} shows {' '.join(_cards(event.cards))}{named}"
    if isinstance(event, HandNamed):
        return f"{who(event.seat)} has {' / '.join(event.names)}"
    if isinstance(event, HandMucked):
        return f"{who(event.seat)} mucks"
    if isinstance(event, RakeTaken):
        return f"Rake {fmt(event.amount)}"
    if isinstance(event, PotAwarded):
        pot = "the pot" if event.pot_index == 0 else f"side pot {event.pot_index}"
        board = f" on run {event.board_index + 1}" if event.board_index else ""
        parts = [f"{who(s)} wins {fmt(a)}" for s, a in zip(event.winners, event.shares, strict=True) if a]
        named = f" with {event.hand_name}" if event.hand_name else ""
        return f"{', '.join(parts)} from {pot}{board}{named}"
    return None


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
        lines = [describe(e, names, fmt, viewer_seat) for e in step.events
                 if not e.secret or getattr(e, "seat", None) == viewer_seat]
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
            "lines": [line for line in lines if line],
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


__all__ = ["describe", "equities", "steps"]
