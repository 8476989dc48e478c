"""The showdown (R11): who shows first, who may muck, the hands named, the board run out
when no more betting is possible (R5.5; a stud game's streets, R45), and who wins each pot
on each board (R9, R12, R19.3, R23, R46, R47; poker all'italiana's, never split, R32.4,
R32.5, R39.1); then, once the hand is over, showing cards nobody saw (R11.5).

* **R11.1** When the betting closes with a player all-in, the hands still in are turned up
  before the rest of the board is dealt.
* **R11.2** The last player to bet or raise on the river shows first; with no river bet the
  first player still in left of the button; then clockwise.
* **R11.3** A player may muck a hand that cannot win (:func:`may_muck`), unless the table
  shows all called hands; every other hand is shown.
* **R11.4** Every shown hand is named on each complete board.
* **R11.5** Once the hand is over a player may show hole cards nobody has seen
  (:func:`show_after`).

The showdown's steps take the :class:`~engine.working_copy.WorkingCopy` ``w`` and record
their events in it; paying the pots is :mod:`engine.awards`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.awards import award, finish_hand, take_rake
from engine.dealing import boards_to_run, cards_to_come, deal_runout_street
from engine.errors import EngineError, ErrorCode
from engine.events import CardsShownAfter, Event, HandMucked, HandNamed, HandShown
from engine.pots import award_order, side_pots, split_high_low, split_runs
from engine.state import HandState, Phase, Street
from engine.working_copy import WorkingCopy

__all__ = [
    "begin_showdown",
    "continue_showdown",
    "decide_showdown",
    "finish_showdown",
    "hand_names",
    "may_muck",
    "name_hands",
    "run_out",
    "show_after",
    "show_hand",
    "showdown_order",
]


def may_muck(s: HandState | WorkingCopy, p: int) -> bool:
    """Whether player ``p`` may muck now (R11.3).

    With "show all called hands" nobody mucks. Otherwise a player may muck a hand that cannot
    beat a hand already shown: in every contested pot they could win, on every board, some
    shown hand of a player eligible for that pot is at least as strong. A pot nobody else
    can win is theirs whether they show or not.

    In an explicit showdown (replays) anyone may muck, except the last player who could
    still show in a contested pot where nobody has shown (the pot must have a winner). A
    stud game's hand is never mucked before its last street is dealt (R45.7).
    """
    config = s.config
    if config.show_all_called:
        return False
    game = config.hand_rules()  # (R31.2, R32: the deck and ranking of the hand)
    if game.stud and cards_to_come(s):
        return False  # R45.7: a stud hand shown before its last cards plays them out
    live = [not folded for folded in s.folded]
    pots_now = side_pots(s.contributions, live, s.dead)
    if config.explicit_showdown:
        for pot in pots_now:
            if (
                p in pot.eligible
                and len(pot.eligible) > 1
                and not any(s.shown[q] for q in pot.eligible)
                and all(s.mucked[q] for q in pot.eligible if q != p)
            ):
                return False
        return True
    boards = s.boards
    if cards_to_come(s, every_board=True):
        return False
    holes = s.holes
    values: dict[tuple[int, int], int] = {}
    lows: dict[tuple[int, int], int] = {}
    low = game.low
    winner = game.winner

    def value(q: int, board_index: int) -> int:
        key = (q, board_index)
        if key not in values:
            values[key] = game.strength(holes[q], boards[board_index])
        return values[key]

    def low_value(q: int, board_index: int) -> int:
        key = (q, board_index)
        if key not in lows:
            assert low is not None
            lows[key] = low(holes[q], boards[board_index])
        return lows[key]

    for pot in pots_now:
        if p not in pot.eligible or len(pot.eligible) < 2:
            continue
        for board_index in range(len(boards)):
            if winner is not None:  # R32.4: the best of two, which strength alone does not say
                board = boards[board_index]  # (Telesina's vele, R41.2)
                if not any(
                    q != p
                    and s.shown[q]
                    and winner(((*holes[q], *board), (*holes[p], *board))) == [0]
                    for q in pot.eligible
                ):
                    return False
                continue
            mine = value(p, board_index)
            if not any(
                q != p and s.shown[q] and value(q, board_index) >= mine for q in pot.eligible
            ):
                return False
            if low is None:
                continue
            # R19.4: the low half too must be out of reach (no low, or one shown is as good)
            my_low = low_value(p, board_index)
            if my_low and not any(
                q != p and s.shown[q] and low_value(q, board_index) >= my_low for q in pot.eligible
            ):
                return False
    return True


def showdown_order(w: WorkingCopy) -> list[int]:
    """The last player to bet or raise on the river shows first; with no river bet the
    first player still in left of the button; then clockwise (R11.2)."""
    n = w.n
    last = w.street == w.config.hand_rules().last_street
    first = w.aggressor if last and w.aggressor is not None else 0
    return [q for q in ((first + k) % n for k in range(n)) if not w.folded[q]]


def begin_showdown(w: WorkingCopy) -> None:
    """Turn hands up (R11.1, R11.3) or wait for the players' decisions.

    When the rest of the board is to be run out with no more betting possible, every hand
    still in is turned up at once (R11.1, as card rooms table all hands of an all-in;
    the table shows each player's equity). Otherwise the all-in players' hands are turned
    up first (R11.1), then the others show in order, each asked to show or muck only
    when mucking is allowed (R11.2, R11.3).
    """
    w.phase = Phase.SHOWDOWN
    order = showdown_order(w)
    if w.config.explicit_showdown:
        w.to_act = order
        return
    if (w.all_in and cards_to_come(w)) or w.config.show_all_called:
        for q in order:  # R11.1: all-in before the river: every hand is turned up
            show_hand(w, q)
        w.to_act = []
        finish_showdown(w)
        return
    for q in order:
        if w.stacks[q] == 0:  # R11.1: all-in hands are turned up first
            show_hand(w, q)
    w.to_act = [q for q in order if not w.shown[q]]
    continue_showdown(w)


def continue_showdown(w: WorkingCopy) -> None:
    """Show every hand that may not be mucked; stop at the first player who may (R11.3)."""
    while w.to_act:
        q = w.to_act[0]
        if may_muck(w, q):
            return
        show_hand(w, q)
        w.to_act.pop(0)
    finish_showdown(w)


def decide_showdown(w: WorkingCopy, p: int, show: bool) -> None:
    """A player's SHOW or MUCK (R11.3)."""
    w.to_act.remove(p)
    if show:
        show_hand(w, p)
    else:
        w.mucked[p] = True
        w.events.append(HandMucked(w.seats[p]))
    if w.config.explicit_showdown:
        if not w.to_act:
            finish_showdown(w)
    else:
        continue_showdown(w)


def hand_names(w: WorkingCopy, p: int) -> tuple[str, ...]:
    """The name of player ``p``'s best hand on each complete board (R11.4); a draw game's
    five cards (R42); a stud game's seven, once dealt (R45.7)."""
    game = w.config.hand_rules()
    if cards_to_come(w):
        return ()
    return tuple(game.hand_name(w.holes[p], board) for board in w.boards)


def show_hand(w: WorkingCopy, p: int) -> None:
    """Turn player ``p``'s hand face up, named on each complete board (R11.1-R11.4)."""
    if w.shown[p]:
        return  # already face up (R11.1: turned up when the betting closed)
    w.shown[p] = True
    w.events.append(HandShown(w.seats[p], w.holes[p], hand_names(w, p)))


def run_out(w: WorkingCopy) -> None:
    """Deal the rest of the board with no more betting (R5.5), twice if agreed (R12):
    the first board to the river, then the second (each street after a burn, R4.2);
    a double board deals each street on both boards (R23)."""
    w.boards = boards_to_run(w)
    while deal_runout_street(w):
        pass
    name_hands(w)


def name_hands(w: WorkingCopy) -> None:
    """Every shown hand's name on each complete board (R11.4)."""
    w.street = Street(w.config.hand_rules().last_street)
    for q in range(w.n):
        if w.shown[q]:
            w.events.append(HandNamed(w.seats[q], hand_names(w, q)))


def finish_showdown(w: WorkingCopy) -> None:
    """Run the board out if needed, then award every pot on its board(s) (R8.3, R10, R12).

    With ``paced_runout`` an incomplete board waits for the dealer instead (phase
    ``runout``, :func:`engine.hand.deal_next`); the last street dealt comes back here. A
    stud game's streets are run out to its players the same way (R45.2)."""
    if cards_to_come(w):
        if w.config.paced_runout:
            w.boards = boards_to_run(w)
            w.phase = Phase.RUNOUT
            w.to_act = []
            return
        run_out(w)
    live = [not folded for folded in w.folded]
    pots_now = side_pots(w.contributions, live, w.dead)
    takes = take_rake(w, pots_now)
    strengths: dict[tuple[int, int], int] = {}
    low_strengths: dict[tuple[int, int], int] = {}
    game = w.config.hand_rules()
    holes = w.holes

    def best_of(
        contenders: list[int],
        board_index: int,
        measure: Any,
        cache: dict[tuple[int, int], int],
    ) -> tuple[int, list[int]]:
        """The best value among ``contenders`` on one board and who has it (R9.4)."""
        board = w.boards[board_index]
        best = -1
        winners: list[int] = []
        for q in contenders:
            key = (q, board_index)
            value = cache.get(key)
            if value is None:
                value = cache[key] = measure(holes[q], board)
            if value > best:
                best, winners = value, [q]
            elif value == best:
                winners.append(q)
        return best, winners

    for k in award_order(pots_now):
        pot = pots_now[k]
        amount = pot.amount - takes[k]
        if len(pot.eligible) == 1:
            award(w, k, None, amount, [pot.eligible[0]], None)
            continue
        contenders = [q for q in pot.eligible if w.shown[q]] or list(pot.eligible)
        for board_index, part in enumerate(split_runs(amount, len(w.boards))):
            board = w.boards[board_index]
            if game.winner is not None:  # R32.4, R32.5: one winner, never a split
                best = game.winner([(*holes[q], *board) for q in contenders])  # (R41.2)
                winners = [contenders[k] for k in best]
            else:
                _, winners = best_of(contenders, board_index, game.strength, strengths)
            name = game.evaluate(holes[winners[0]], board).name
            if game.low is not None:
                best_low, low_winners = best_of(contenders, board_index, game.low, low_strengths)
                if best_low:  # R19.3: a qualifying low takes half, the odd chip high
                    high_part, low_part = split_high_low(part)
                    award(w, k, board_index, high_part, winners, name, "high")
                    assert game.low_hand is not None
                    low_hand = game.low_hand(holes[low_winners[0]], board)
                    assert low_hand is not None
                    award(w, k, board_index, low_part, low_winners, low_hand.name, "low")
                    continue
            award(w, k, board_index, part, winners, name)
    finish_hand(w)


def show_after(state: HandState, seat: Any, mask: Any) -> tuple[HandState, list[Event]]:
    """R11.5: once the hand is over, a player dealt in shows some or all of the hole cards
    nobody has seen (``mask``: bit k = hole card k). A card already public is refused, so
    every show is news and each card is shown once. Not after a hand of poker all'italiana
    that left its pot in the middle: nobody shows then (R35.1, R37.3)."""
    if type(seat) is not int or seat not in state.seats:
        raise EngineError(ErrorCode.UNKNOWN_SEAT, f"seat {seat!r} is not in this hand")
    if state.carried:  # poker all'italiana: the pot stays and the cards are thrown in
        raise EngineError(
            ErrorCode.WRONG_PHASE, "the pot stays for the next hand: nobody shows (R35.1, R37.3)"
        )
    p = state.seats.index(seat)
    cards = len(state.holes[p])
    if type(mask) is not int or not 0 < mask < 1 << cards:
        raise EngineError(
            ErrorCode.BAD_AMOUNT,
            f"show_after takes a bit mask of the hole cards to show, 1 to {(1 << cards) - 1}",
        )
    public = state.public_holes(p)
    if any(mask >> k & 1 and public[k] is not None for k in range(cards)):
        raise EngineError(ErrorCode.ALREADY_SHOWN, "everyone has seen that card already")
    shown_after = list(state.shown_after)
    shown_after[p] |= mask
    shown = tuple(card for k, card in enumerate(state.holes[p]) if mask >> k & 1)
    return replace(state, shown_after=tuple(shown_after)), [CardsShownAfter(seat, shown)]
