"""A betting round (R5, R6, R7, R8.2): who acts first, each betting action checked and
played, and what the end of the round leads to.

* **R5.1-R5.3** Preflop the first to act sits left of the big blind (or the straddler); on
  later streets the first player still in left of the button. A stud game's door card that
  brings in, then its best showing hand, opens instead (R45.4, R45.5: :mod:`engine.stud`).
* **R5.4** When everyone else folds the last player wins at once.
* **R5.5** With at most one player able to bet the board is run out (:mod:`engine.showdown`,
  or first the question of :mod:`engine.run_twice`).
* **R6, R7** Fold, check, call, bet, raise and all-in, sized by :mod:`engine.betting`; a
  stud game's bring-in and its completion (R45.4).
* **R38.3** Rilanci massimi: a round may be capped at a number of raises after its first
  bet (``HandConfig.max_raises``); then only a call or a fold (an all-in that would raise is
  refused).
* **R8.2** The uncalled part of the largest bet goes back when the round ends.
* **R34, R35, R37** Poker all'italiana: the first round is an opening, "apro" (a bet, with
  the cards the hand asks for) or "passo", each player from the dealer's left; once opened
  everyone, those who passed too, folds, calls or raises. Nobody opening carries the pot to
  the next hand (R35.1); after the draw the opener speaks first (R37.1), and everyone still
  in checking carries it too (the piatto di parola, R37.3).

The functions are steps of the hand: they take the
:class:`~engine.working_copy.WorkingCopy` ``w`` and record their events in it.
"""

from __future__ import annotations

from engine.actions import ActionKind
from engine.awards import carry_pot, win_uncontested
from engine.betting import bet_unit, is_full_raise, raises_capped
from engine.buio import first_after_draw
from engine.dealing import deal_street
from engine.drawing import start_draw
from engine.errors import EngineError, ErrorCode
from engine.events import ActionTaken, StreetStarted, UncalledBetReturned
from engine.forced_bets import blind_positions
from engine.legal_actions import opening_limits, raise_options
from engine.opening import first_five, hand_opening_cards, in_opening
from engine.pots import uncalled_bet
from engine.run_twice import second_run_fits
from engine.showdown import begin_showdown, show_hand, showdown_order
from engine.state import Phase, Street
from engine.stud import (
    bring_in_chips,
    bringing_in,
    completing,
    first_to_act,
    may_complete,
    post_bring_in,
)
from engine.working_copy import WorkingCopy

__all__ = [
    "check_or_call",
    "end_round",
    "fold",
    "open_round",
    "play_bet",
    "raise_to",
]


def open_round(w: WorkingCopy, street: Street, announce: bool = True) -> None:
    """Start the betting round of ``street`` (R5.1, R5.2, R5.3).

    Preflop the first to act sits left of the big blind (or of the straddler); later the
    first player still in left of the button; in a stud game the door card that brings in,
    then the best showing hand (R45.4, R45.5). Players all-in, and players whom nobody
    still in can bet against, are skipped (as in PokerKit); a lone player who is not
    facing a bet has nothing to decide, and the round ends at once. A draw game's round
    after a draw was announced with its draw (``announce`` false, R42.1).

    Poker all'italiana's opening round starts left of the dealer, and every player with
    chips is asked, even one nobody could call: opening decides whether the hand is played
    (R34.1, R35.1). After the draw the opener speaks first, or the next still in on their
    left (R37.1, ``opener_first``); after a buio, the player after the blind one (R33.5).
    """
    n = w.n
    w.street = street
    w.phase = Phase.BETTING
    game = w.config.hand_rules()  # (Telesina's vele name its last rounds, R41)
    if game.stud:
        first = first_to_act(w, street)
    elif game.opening:
        opener = w.opener
        if street and w.blind:  # R33.5: the blind player speaks last
            first = first_after_draw(w)
        else:
            first = opener if street and opener is not None and w.config.opener_first else 0
    elif street is Street.PREFLOP:
        _, big, straddler = blind_positions(w.config, n)
        first = ((big if straddler is None else straddler) + 1) % n
    else:
        first = 0
    if street is not Street.PREFLOP:
        w.bets = [0] * n
        w.acted = [False] * n
        w.increment = bet_unit(w.config.structure, w.config.big_blind, street, game.big_bet_from)
        w.bets_made = 0
        w.aggressor = None
        if announce:
            w.events.append(StreetStarted(game.street_names[street]))
    bets = w.bets
    stacks = w.stacks
    folded = w.folded
    totals = sorted(bets[q] + stacks[q] for q in range(n) if not folded[q])
    second = totals[-2] if len(totals) > 1 else 0
    to_act = []
    opening = in_opening(w)  # R34.1: everyone with chips says "apro" or "passo"
    for k in range(n):
        q = (first + k) % n
        if not folded[q] and stacks[q] > 0 and (opening or min(stacks[q], second - bets[q]) > 0):
            to_act.append(q)
    w.to_act = to_act
    if not to_act or (not opening and len(to_act) == 1 and bets[to_act[0]] >= max(bets)):
        w.to_act = []
        end_round(w)


def play_bet(w: WorkingCopy, p: int, kind: ActionKind, amount: int | None) -> None:
    """A betting action of player ``p`` to act (R6, R7, R34, R45.4): checked, then played
    into ``w``."""
    if in_opening(w):
        _play_opening(w, p, kind, amount)
        if not w.to_act:
            end_round(w)
        return
    to_call, call, can_raise, min_to, max_to = raise_options(w, p)
    stack = w.stacks[p]
    bet = w.bets[p]
    if kind is ActionKind.BRING_IN or bringing_in(w):
        kind, amount = _bring_in_decision(w, p, kind, amount)
        if kind is ActionKind.BRING_IN:
            post_bring_in(w, p)
            if not w.to_act:
                end_round(w)
            return
    if kind is ActionKind.ALL_IN:
        all_in_to = stack + bet
        if amount is not None and amount != all_in_to:
            raise EngineError(
                ErrorCode.AMOUNT_OUT_OF_RANGE, f"all-in is to {all_in_to}, not {amount}"
            )
        if stack <= to_call:
            kind, amount = ActionKind.CALL, None
        elif can_raise and all_in_to <= max_to:
            kind = ActionKind.RAISE if max(w.bets) > 0 else ActionKind.BET
            amount = all_in_to
        elif can_raise:
            raise EngineError(
                ErrorCode.CANNOT_ALL_IN, f"the most this player may bet now is to {max_to} (R7)"
            )
        elif raises_capped(w.bets_made, w.config.max_raises):
            raise EngineError(ErrorCode.CANNOT_ALL_IN, _capped_message(w))
        else:
            raise EngineError(
                ErrorCode.CANNOT_ALL_IN, "this player may not raise now, only call or fold (R7.4)"
            )
    if kind is ActionKind.FOLD:
        if to_call <= 0:
            raise EngineError(ErrorCode.CANNOT_FOLD, "nothing to call: check instead of folding")
        if amount is not None:
            raise EngineError(ErrorCode.BAD_AMOUNT, "fold takes no amount")
    elif kind is ActionKind.CHECK:
        if to_call > 0:
            raise EngineError(ErrorCode.CANNOT_CHECK, f"facing a bet: call {call} or fold (R6)")
        if amount is not None:
            raise EngineError(ErrorCode.BAD_AMOUNT, "check takes no amount")
    elif kind is ActionKind.CALL:
        if to_call <= 0:
            raise EngineError(ErrorCode.CANNOT_CALL, "nothing to call: check (R6)")
        if amount is not None and amount != call:
            raise EngineError(
                ErrorCode.AMOUNT_OUT_OF_RANGE, f"a call adds {call} chips, not {amount}"
            )
    elif kind is ActionKind.BET or kind is ActionKind.RAISE:
        opened = max(w.bets) > 0
        if kind is ActionKind.BET and opened:
            raise EngineError(ErrorCode.CANNOT_BET, "there is already a bet: raise (R6)")
        if kind is ActionKind.RAISE and not opened:
            raise EngineError(ErrorCode.CANNOT_RAISE, "nobody has bet: bet (R6)")
        if not can_raise and raises_capped(w.bets_made, w.config.max_raises):
            raise EngineError(ErrorCode.CANNOT_RAISE, _capped_message(w))
        if not can_raise:
            raise EngineError(
                ErrorCode.CANNOT_RAISE, "this player may not bet or raise now (R7.3, R7.4)"
            )
        if amount is None:
            raise EngineError(ErrorCode.BAD_AMOUNT, f"{kind} needs an amount: the total to bet to")
        if not min_to <= amount <= max_to:
            raise EngineError(
                ErrorCode.AMOUNT_OUT_OF_RANGE,
                f"{kind} to {amount}: allowed {min_to} to {max_to} (R7)",
            )
    else:
        raise EngineError(ErrorCode.WRONG_PHASE, f"{kind} is not a betting action")
    if kind is ActionKind.FOLD:
        fold(w, p)
    elif kind is ActionKind.CHECK or kind is ActionKind.CALL:
        check_or_call(w, p, kind)
    else:
        assert amount is not None
        raise_to(w, p, kind, amount)
    if not w.to_act or w.folded.count(False) <= 1:
        end_round(w)


def _capped_message(w: WorkingCopy) -> str:
    """R38.3's refusal: the round has had every raise the table allows."""
    cap = w.config.max_raises
    raises = "raise" if cap == 1 else "raises"
    return (
        f"no more raises this round: the table allows {cap} {raises} after the first bet"
        " (R38.3); call or fold"
    )


def _play_opening(w: WorkingCopy, p: int, kind: ActionKind, amount: int | None) -> None:
    """R34.1, R34.2, R34.4: before poker all'italiana's opening, player ``p`` passes
    (``PASS``, not a fold) or opens (``OPEN`` to ``amount``, from the cip to the pot in
    pot-limit; ``ALL_IN`` when the whole stack is such an opening), if their five cards
    allow it (``cannot_open`` otherwise: no false opening, R39.3). Checked, then played."""
    if kind is ActionKind.PASS:
        if amount is not None:
            raise EngineError(ErrorCode.BAD_AMOUNT, "pass takes no amount")
        check_or_call(w, p, kind)
        return
    if kind is not ActionKind.OPEN and kind is not ActionKind.ALL_IN:
        refusal = {
            ActionKind.FOLD: ErrorCode.CANNOT_FOLD,
            ActionKind.CHECK: ErrorCode.CANNOT_CHECK,
            ActionKind.CALL: ErrorCode.CANNOT_CALL,
            ActionKind.BET: ErrorCode.CANNOT_BET,
            ActionKind.RAISE: ErrorCode.CANNOT_RAISE,
        }.get(kind, ErrorCode.WRONG_PHASE)
        raise EngineError(
            refusal, f"nobody has opened: a player passes or opens, not {kind} (R34.1)"
        )
    if not hand_opening_cards(w.config, first_five(w, p)):
        raise EngineError(
            ErrorCode.CANNOT_OPEN,
            "these cards do not open: a pair of "
            + {"J": "jacks", "Q": "queens", "K": "kings"}[w.config.opening_pair]
            + " or better"
            + ("" if w.config.opening_draw == "none" else ", or the draw the table allows")
            + " (R34.2)",
        )
    min_to, max_to = opening_limits(w, p)
    if kind is ActionKind.ALL_IN:
        all_in_to = w.stacks[p] + w.bets[p]
        if amount is not None and amount != all_in_to:
            raise EngineError(
                ErrorCode.AMOUNT_OUT_OF_RANGE, f"all-in is to {all_in_to}, not {amount}"
            )
        if all_in_to > max_to:
            raise EngineError(
                ErrorCode.CANNOT_ALL_IN, f"the most this player may open for is {max_to} (R34.4)"
            )
        kind, amount = ActionKind.OPEN, all_in_to
    if amount is None:
        raise EngineError(ErrorCode.BAD_AMOUNT, "open needs an amount: the total to bet to")
    if not min_to <= amount <= max_to:
        raise EngineError(
            ErrorCode.AMOUNT_OUT_OF_RANGE,
            f"open to {amount}: allowed {min_to} to {max_to} (R34.4, R38)",
        )
    raise_to(w, p, kind, amount)
    w.opener = p


def _bring_in_decision(
    w: WorkingCopy, p: int, kind: ActionKind, amount: int | None
) -> tuple[ActionKind, int | None]:
    """R45.4: the bring-in player's decision, checked: BRING_IN (``amount`` its chips, if
    given), or BET (the completion, checked as any bet); ALL_IN is either. Anything else,
    and a bring-in by anyone else, is refused."""
    if not bringing_in(w):
        raise EngineError(ErrorCode.CANNOT_BRING_IN, "nobody brings in now (R45.4)")
    chips = bring_in_chips(w, p)
    complete = may_complete(w, p)
    if kind is ActionKind.ALL_IN:
        if w.stacks[p] == chips:
            kind = ActionKind.BRING_IN
        elif complete and w.stacks[p] <= w.config.big_blind:
            kind, amount = ActionKind.BET, w.stacks[p]
        else:
            raise EngineError(
                ErrorCode.CANNOT_ALL_IN,
                f"bring in for {chips} or complete to {w.config.big_blind} (R45.4)",
            )
    if kind is ActionKind.BRING_IN:
        if amount is not None and amount != chips:
            raise EngineError(
                ErrorCode.AMOUNT_OUT_OF_RANGE, f"the bring-in is {chips}, not {amount} (R45.4)"
            )
        return kind, None
    if kind is ActionKind.BET and complete:
        return kind, amount
    refusal = {
        ActionKind.FOLD: ErrorCode.CANNOT_FOLD,
        ActionKind.CHECK: ErrorCode.CANNOT_CHECK,
        ActionKind.CALL: ErrorCode.CANNOT_CALL,
        ActionKind.BET: ErrorCode.CANNOT_BET,
    }.get(kind, ErrorCode.CANNOT_RAISE if kind is ActionKind.RAISE else ErrorCode.WRONG_PHASE)
    choices = f"bring in for {chips}" + (
        f" or complete to {w.config.big_blind}" if complete else ""
    )
    raise EngineError(refusal, f"the bring-in player may {choices} (R45.4)")


def fold(w: WorkingCopy, p: int) -> None:
    """Fold: give up the hand and every chip already in (R6); a draw game's folded cards
    join the cards out of play (R42.4)."""
    w.folded[p] = True
    if w.drawn:
        w.pile += w.holes[p]
    w.acted[p] = True
    w.to_act.pop(0)
    w.events.append(ActionTaken(w.seats[p], "fold", None, 0, False, w.stacks[p]))


def check_or_call(w: WorkingCopy, p: int, kind: ActionKind) -> None:
    """Check, or call the current bet, all-in if the stack is short (R6)."""
    chips = min(w.stacks[p], max(w.bets) - w.bets[p])
    w.put(p, chips)
    w.acted[p] = True
    w.to_act.pop(0)
    all_in = w.stacks[p] == 0
    w.events.append(
        ActionTaken(w.seats[p], kind.value, chips if chips else None, chips, all_in, w.stacks[p])
    )


def raise_to(w: WorkingCopy, p: int, kind: ActionKind, to: int) -> None:
    """Bet or raise to ``to`` (R6, R7).

    A full bet or raise sets the new increment and reopens the betting: everybody else
    must act again and may raise. A short all-in (R7.4) only makes the others call: the
    increment stays, and who has already acted stays so. A stud game's completion of the
    bring-in is full when it reaches the small bet, which stays the increment (R45.4).
    """
    bets = w.bets
    max_bet = max(bets)
    if completing(w):
        full = to >= w.increment
    else:
        full = is_full_raise(to, max_bet, w.increment)
        if full:
            w.increment = to - max_bet
    if full:
        w.acted = [False] * w.n
    added = to - bets[p]
    w.put(p, added)
    w.acted[p] = True
    w.bets_made += 1
    w.aggressor = p
    n = w.n
    stacks = w.stacks
    folded = w.folded
    w.to_act = [q for q in ((p + k) % n for k in range(1, n)) if not folded[q] and stacks[q] > 0]
    w.events.append(ActionTaken(w.seats[p], kind.value, to, added, stacks[p] == 0, stacks[p]))


def end_round(w: WorkingCopy) -> None:
    """Close the betting round and move the hand on (R8.2, R5.4, R5.5, R11, R12; poker
    all'italiana's pot carried when nobody opened, R35.1, or everyone still in checked
    after the draw, R37.3)."""
    returned = uncalled_bet(w.bets)
    if returned is not None:
        p, chips = returned
        w.stacks[p] += chips
        w.bets[p] -= chips
        w.contributions[p] -= chips
        w.events.append(UncalledBetReturned(w.seats[p], chips))
    w.to_act = []
    live = [q for q in range(w.n) if not w.folded[q]]
    if len(live) == 1:
        win_uncontested(w, live[0])  # (R34.6: the opener, when everyone else folds)
        return
    game = w.config.hand_rules()  # (R41: the vele are Telesina's last rounds)
    if game.opening and _carried(w, live, game.last_street):
        return
    if sum(1 for q in live if w.stacks[q] > 0) <= 1:
        w.all_in = True
    if game.draws and w.street < game.last_street:
        start_draw(w)  # R42.1: all-in players draw too, with no betting after
        return
    if w.all_in or w.street == game.last_street:
        if (
            w.all_in
            and len(w.boards[0]) < game.board_cards
            and w.config.run_it_twice_allowed
            and not w.config.double_board  # R23: two boards are not run twice
            and second_run_fits(w)
        ):
            w.phase = Phase.RUN_TWICE
            w.to_act = live
            if not w.config.explicit_showdown:
                for q in showdown_order(w):  # R11.1: face up while they decide
                    show_hand(w, q)
            return
        begin_showdown(w)
        return
    street = Street(w.street + 1)
    deal_street(w, street)
    open_round(w, street)


def _carried(w: WorkingCopy, live: list[int], last_street: int) -> bool:
    """Poker all'italiana: carry the pot to the next hand, and say so, when nobody opened
    (R35.1), or when after the draw every player still in checked (the piatto di parola,
    R37.3, ``piatto_di_parola``). A player still in who is all-in did not check: those
    hands show down."""
    if w.opener is None:
        carry_pot(w, "nobody_opened")
        return True
    if (
        w.street == last_street
        and w.config.piatto_di_parola
        and w.bets_made == 0
        and all(w.stacks[q] > 0 for q in live)
    ):
        carry_pot(w, "parola")
        return True
    return False
