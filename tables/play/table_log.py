"""The hand's log, made from the engine's public events: what happened, in no language
(:mod:`tables.play.phrases` words it in each reader's).

Secret events (hole cards, R4.3) are skipped: the log goes into every viewer's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.cards import card_str
from engine.evaluation import name_words
from engine.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BoardDealt,
    CardsShownAfter,
    DealerAntePosted,
    DeckReshuffled,
    DrawTaken,
    Event,
    HandMucked,
    HandNamed,
    HandShown,
    OpeningShown,
    PotAwarded,
    PotCarried,
    PotCarriedIn,
    RakeTaken,
    RunItTwiceDecided,
    SevenDeuceBounty,
    StreetStarted,
    UncalledBetReturned,
    UpCardDealt,
)
from engine.games import STUD_STREETS, TELESINA_STREETS, VELA_STREETS
from tables.play.phrases import pot

MAX_LINES = 200

BLINDS = {"small_blind", "big_blind", "straddle", "live_big_blind"}
DECISIONS = (
    "fold",
    "check",
    "pass",
    "call",
    "bet",
    "raise",
    "bring_in",
    "open",
    "buio",
    "controbuio",
    "look",
)
DECISION_PHRASES = {
    *DECISIONS,
    "all_in",
    *(f"{d}_all_in" for d in ("call", "bet", "raise", "bring_in", "open", "buio", "controbuio")),
}
"""The phrases of a betting decision (R6, R7; poker all'italiana's "apro" and "passo",
R34.1, the buio, the controbuio and looking instead, R33.5): what the table shows as a
last action."""
BOARD_PHRASES = {"flop", "turn", "river", "flop_2", "turn_2", "river_2", *VELA_STREETS}
"""A board's streets (R4.2; Telesina's vele, R41, each a card in the middle)."""
DRAW_PHRASES = {"draw", "first_draw", "second_draw", "third_draw"}
"""The start of a draw (R42): like a board's line, it ends a betting round."""
STUD_PHRASES = set(STUD_STREETS[1:]) | set(TELESINA_STREETS[1:])
"""A stud game's later streets (R45.2; Telesina's rounds, R40.3), each its own line before
its cards: like a board's line, it ends a betting round."""


def lines(
    events: Iterable[Event], names: Mapping[int, str], boards: int = 1
) -> list[dict[str, Any]]:
    """One ``{"seat": N | None, "say": PHRASE, "args": {...}}`` per public event worth
    telling, in no language (:mod:`tables.play.phrases` words it for each reader; a player
    is named as they were called then, ``"who": None`` when unknown); ``boards``: how many
    the hand has after them (two: each award names its board, R12, R23).

    A betting decision's phrase says what it was and its ``amount`` how much (the chips
    added for a call, the total bet for the others); a board's phrase, which street it
    dealt: the table shows each player's last action of the current round from them
    (:func:`last_actions`).
    """
    out: list[dict[str, Any]] = []

    def say(seat: int | None, phrase: str, **args: Any) -> None:
        if seat is not None:
            args["who"] = names.get(seat)
        out.append({"seat": seat, "say": phrase, "args": args})

    def all_in(phrase: str, flag: bool) -> str:
        return f"{phrase}_all_in" if flag else phrase

    announced: set[str] = set()

    def street(name: str) -> None:  # a stud street's line, once, before its cards (R45.2)
        if name in STUD_PHRASES and name not in announced:
            announced.add(name)
            say(None, name)

    for e in events:
        if e.secret:
            continue
        if isinstance(e, AntePosted):
            kind = "bomb" if e.bomb_pot else "bb_ante" if e.big_blind_ante else "ante"  # R21
            say(e.seat, all_in(kind, e.all_in), amount=e.amount)
        elif isinstance(e, DealerAntePosted):  # R33.2: the mazziere's invito
            say(e.seat, all_in("dealer_ante", e.all_in), amount=e.amount)
        elif isinstance(e, PotCarriedIn):  # R35.3: the pot the hands before left
            say(None, "pot_carried_in", amount=e.amount)
        elif isinstance(e, PotCarried):  # R35.1, R37.3: no winner, the pot stays
            say(None, f"pot_carried_{e.reason}", amount=e.amount)
        elif isinstance(e, OpeningShown):  # R39.2: the opening's proof, for everyone
            say(e.seat, "opening_shown", cards=[card_str(c) for c in e.cards])
        elif isinstance(e, BlindPosted):
            say(
                e.seat,
                all_in(e.blind if e.blind in BLINDS else "big_blind", e.all_in),
                amount=e.amount,
            )
        elif isinstance(e, BoardDealt):
            if e.street in STUD_PHRASES:  # R45.3: the seventh street's card in the middle
                street(e.street)
                say(None, "community_card", cards=[card_str(c) for c in e.cards])
            else:
                name = f"{e.street}_2" if e.board_index else e.street
                say(None, name, cards=[card_str(c) for c in e.cards])
        elif isinstance(e, UpCardDealt):  # R45.2: a stud card dealt face up, for all
            street(e.street)
            say(e.seat, "up_card", cards=[card_str(e.card)])
        elif isinstance(e, StreetStarted):
            if e.street in DRAW_PHRASES:  # (a board's street is told by its cards)
                say(None, e.street)
            street(e.street)  # (seventh street's cards are face down: no line of their own)
        elif isinstance(e, DrawTaken):  # R42.3: how many, never which
            if e.count == 0:
                say(e.seat, "stands_pat")
            elif e.count == 1:
                say(e.seat, "draws_one")
            else:
                say(e.seat, "draws", count=e.count)
        elif isinstance(e, DeckReshuffled):
            say(None, "reshuffled", count=e.count)
        elif isinstance(e, ActionTaken):
            if e.action == "run_twice":
                say(e.seat, "run_twice_yes" if e.amount else "run_twice_no")
            else:
                phrase, amount = _action(e)
                money = {} if amount is None else {"amount": amount}
                flagged = all_in(phrase, e.all_in and phrase != "all_in")
                say(e.seat, flagged, **money)
        elif isinstance(e, UncalledBetReturned):
            say(e.seat, "uncalled", amount=e.amount)
        elif isinstance(e, RunItTwiceDecided):
            say(None, "runs_2" if e.runs == 2 else "runs_1")
        elif isinstance(e, HandShown):
            if e.names:
                say(
                    e.seat, "shows_named", cards=[card_str(c) for c in e.cards], hand=_hand(e.names)
                )
            else:
                say(e.seat, "shows", cards=[card_str(c) for c in e.cards])
        elif isinstance(e, HandNamed):
            say(e.seat, "has", hand=_hand(e.names))
        elif isinstance(e, HandMucked):
            say(e.seat, "mucks")
        elif isinstance(e, CardsShownAfter):
            say(e.seat, "shows", cards=[card_str(c) for c in e.cards])
        elif isinstance(e, RakeTaken):
            say(None, "rake", amount=e.amount, pot=pot(e.pot_index))
        elif isinstance(e, SevenDeuceBounty):  # R22
            paid = [
                [amount, names.get(payer), payer]
                for payer, amount in zip(e.payers, e.amounts, strict=True)
                if amount
            ]
            say(e.seat, "bounty", amount=sum(e.amounts), paid=paid)
        elif isinstance(e, PotAwarded):
            # two boards (a run twice, R12; a double board, R23): each award names its board;
            # a split game's halves (R19.3)
            board = e.board_index + 1 if e.board_index is not None and boards > 1 else None
            where = pot(e.pot_index, e.half or None, board)
            for seat, share in zip(e.winners, e.shares, strict=True):
                if e.hand_name:
                    say(seat, "wins_with", amount=share, pot=where, hand=_hand((e.hand_name,)))
                else:
                    say(seat, "wins", amount=share, pot=where)
    return out


def _hand(names: Iterable[str]) -> list[list[str]]:
    """Hand names as words (R11.4): a name per board, each maybe "high / low" (R19)."""
    return [list(part) for name in names for part in name_words(name)]


def _action(e: ActionTaken) -> tuple[str, int | None]:
    """A decision's phrase (before "and is all-in") and its amount: the chips added for a
    call, the total bet for a bet or a raise (R7)."""
    if e.action in ("fold", "check", "pass", "look"):
        return e.action, None
    if e.action == "call":
        return "call", e.added
    if e.action == "all_in":
        return "all_in", e.amount or e.added
    return e.action, e.amount or 0


def last_actions(log: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each seat's last betting decision in the current round (``{"kind", "amount"}``, kind
    all_in for any decision that put the player all in): the log's lines after the last
    board dealt (a new hand starts a new log)."""
    found: dict[int, dict[str, Any]] = {}
    for line in reversed(log):
        phrase = line.get("say")
        if phrase in BOARD_PHRASES or phrase in DRAW_PHRASES or phrase in STUD_PHRASES:
            break
        if "street" in line:  # (a line from before phrases)
            break
        seat = line.get("seat")
        if seat in found:
            continue
        if phrase in DECISION_PHRASES:
            kind = "all_in" if phrase.endswith("all_in") else phrase
            found[seat] = {"kind": kind, "amount": line["args"].get("amount")}
        elif "action" in line:  # a line from before phrases
            found[seat] = {"kind": line["action"], "amount": line["amount"]}
    return found


def extend(log: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log with ``new`` lines appended, keeping the last :data:`MAX_LINES`."""
    return (log + new)[-MAX_LINES:]
