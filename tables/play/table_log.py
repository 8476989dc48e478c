"""The hand's log as people read it, made from the engine's public events.

Secret events (hole cards, R4.3) are skipped: the log goes into every viewer's state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.cards import cards_str
from engine.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BoardDealt,
    CardsShownAfter,
    Event,
    HandMucked,
    HandNamed,
    HandShown,
    PotAwarded,
    RakeTaken,
    RunItTwiceDecided,
    SevenDeuceBounty,
    UncalledBetReturned,
)

MAX_LINES = 200

BLINDS = {
    "small_blind": "posts the small blind",
    "big_blind": "posts the big blind",
    "straddle": "straddles",
    "live_big_blind": "posts a big blind to come in",
}


def _pot_name(index: int) -> str:
    return "the main pot" if index == 0 else f"side pot {index}"


def lines(
    events: Iterable[Event],
    names: Mapping[int, str],
    fmt: Callable[[int], str],
    boards: int = 1,
) -> list[dict[str, Any]]:
    """One ``{"seat": N | None, "text": ...}`` per public event worth telling; ``boards``:
    how many the hand has after them (two: each award names its board, R12, R23).

    A betting decision's line also says what it was (``"action"``: fold, check, call, bet,
    raise or all_in, with ``"amount"``: the chips added for a call, the total bet for the
    others) and a board's line which street it dealt (``"street"``): the table shows each
    player's last action of the current round from them (:func:`last_actions`).
    """
    out: list[dict[str, Any]] = []

    def say(seat: int | None, text: str, **extra: Any) -> None:
        who = names.get(seat, f"Seat {seat}") if seat is not None else ""
        out.append({"seat": seat, "text": f"{who} {text}".strip(), **extra})

    for e in events:
        if e.secret:
            continue
        if isinstance(e, AntePosted):
            all_in = " and is all-in" if e.all_in else ""
            if e.bomb_pot:  # R21
                say(e.seat, f"puts {fmt(e.amount)} in the bomb pot{all_in}")
            else:
                kind = "the big-blind ante" if e.big_blind_ante else "an ante"
                say(e.seat, f"posts {kind} of {fmt(e.amount)}{all_in}")
        elif isinstance(e, BlindPosted):
            say(
                e.seat,
                f"{BLINDS.get(e.blind, e.blind)} {fmt(e.amount)}"
                + (" and is all-in" if e.all_in else ""),
            )
        elif isinstance(e, BoardDealt):
            prefix = "Board 2 — " if e.board_index else ""
            say(None, f"{prefix}{e.street.capitalize()}: {cards_str(e.cards)}", street=e.street)
        elif isinstance(e, ActionTaken):
            if e.action == "run_twice":
                say(e.seat, _action_text(e, fmt))
            else:
                say(e.seat, _action_text(e, fmt), **_action_label(e))
        elif isinstance(e, UncalledBetReturned):
            say(e.seat, f"takes back {fmt(e.amount)} (uncalled)")
        elif isinstance(e, RunItTwiceDecided):
            say(None, "Running it twice" if e.runs == 2 else "Running it once")
        elif isinstance(e, HandShown):
            name = f" ({' / '.join(e.names)})" if e.names else ""
            say(e.seat, f"shows {cards_str(e.cards)}{name}")
        elif isinstance(e, HandNamed):
            say(e.seat, f"has {' / '.join(e.names)}")
        elif isinstance(e, HandMucked):
            say(e.seat, "mucks")
        elif isinstance(e, CardsShownAfter):
            say(e.seat, f"shows {cards_str(e.cards)}")
        elif isinstance(e, RakeTaken):
            say(None, f"Rake {fmt(e.amount)} from {_pot_name(e.pot_index)}")
        elif isinstance(e, SevenDeuceBounty):  # R22
            paid = ", ".join(
                f"{fmt(amount)} from {names.get(payer, f'Seat {payer}')}"
                for payer, amount in zip(e.payers, e.amounts, strict=True)
                if amount
            )
            say(e.seat, f"collects the 7-2 bounty: {fmt(sum(e.amounts))} ({paid or 'nothing'})")
        elif isinstance(e, PotAwarded):
            # two boards (a run twice, R12; a double board, R23): each award names its board
            board = (
                f" on board {e.board_index + 1}" if e.board_index is not None and boards > 1 else ""
            )
            with_hand = f" with {e.hand_name}" if e.hand_name else ""
            half = f"the {e.half} half of " if e.half else ""  # R19.3
            for seat, share in zip(e.winners, e.shares, strict=True):
                say(
                    seat,
                    f"wins {fmt(share)} from {half}{_pot_name(e.pot_index)}{board}{with_hand}",
                )
    return out


def _action_text(e: ActionTaken, fmt: Callable[[int], str]) -> str:
    all_in = " and is all-in" if e.all_in else ""
    if e.action == "fold":
        return "folds"
    if e.action == "check":
        return "checks"
    if e.action == "call":
        return f"calls {fmt(e.added)}{all_in}"
    if e.action == "bet":
        return f"bets {fmt(e.amount or 0)}{all_in}"
    if e.action == "raise":
        return f"raises to {fmt(e.amount or 0)}{all_in}"
    if e.action == "all_in":
        return f"is all-in for {fmt(e.amount or e.added)}"
    if e.action == "run_twice":
        return "agrees to run it twice" if e.amount else "declines to run it twice"
    return e.action


def _action_label(e: ActionTaken) -> dict[str, Any]:
    if e.all_in:
        return {"action": "all_in", "amount": e.amount if e.action != "call" else e.added}
    if e.action in ("fold", "check"):
        return {"action": e.action, "amount": None}
    return {"action": e.action, "amount": e.added if e.action == "call" else e.amount}


def last_actions(log: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each seat's last betting decision in the current round: the log's lines after the
    last board dealt (a new hand starts a new log)."""
    found: dict[int, dict[str, Any]] = {}
    for line in reversed(log):
        if "street" in line:
            break
        seat = line.get("seat")
        if "action" in line and seat not in found:
            found[seat] = {"kind": line["action"], "amount": line["amount"]}
    return found


def extend(log: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log with ``new`` lines appended, keeping the last :data:`MAX_LINES`."""
    return (log + new)[-MAX_LINES:]
