"""What the player to act may do now (R6, R7, R11.3, R12, R34, R36, R42, R45.4), and what is
done for a player whose time ran out (R14).

:func:`legal_actions` answers for a :class:`~engine.state.HandState`; :func:`raise_options`
is its betting arithmetic (from :mod:`engine.betting`), shared with the check of a betting
action in :mod:`engine.betting_round`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, ActionKind
from engine.betting import Structure, may_raise, raise_limits
from engine.buio import blind_to, buio_choices, may_raise_now
from engine.games import rules
from engine.opening import first_five, hand_opening_cards, in_opening
from engine.showdown import may_muck
from engine.state import HandState, Phase
from engine.stud import bring_in_chips, bringing_in, completing, may_complete
from engine.working_copy import WorkingCopy

__all__ = ["LegalActions", "default_action", "legal_actions", "opening_limits", "raise_options"]


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do now.

    Attributes:
        seat: whose turn it is.
        kinds: the allowed :class:`ActionKind` values.
        call_amount: chips a CALL adds (0 when the player may check).
        min_to, max_to: the bet-or-raise-to range (``None`` when BET/RAISE is not allowed).
        all_in_to: the "to" amount of ALL_IN ("all-in for X": X = ``stack``), or ``None``.
        stack: chips behind; bet: chips already in front of the player this round.
        waiting: every seat that may act now (several only in an explicit showdown).
        bring_in: a stud game's bring-in player (R45.4): the chips BRING_IN posts (the
            bring-in, or all the player has); ``None`` for anyone else. Their two choices
            are then BRING_IN and, when :attr:`kinds` has it, BET to :attr:`min_to`, the
            completion to the small bet (``min_to == max_to``); they may not fold or check.
            Facing the bring-in alone, RAISE to :attr:`min_to` is the completion.
        max_draw: in a draw, the most cards the player may change (R42.2: five; R36.1:
            poker all'italiana's four, or five); ``None`` outside a draw.
    """

    seat: int
    kinds: tuple[ActionKind, ...]
    call_amount: int = 0
    min_to: int | None = None
    max_to: int | None = None
    all_in_to: int | None = None
    stack: int = 0
    bet: int = 0
    waiting: tuple[int, ...] = ()
    bring_in: int | None = None
    max_draw: int | None = None

    def allows(self, kind: ActionKind | str) -> bool:
        """Whether ``kind`` is among :attr:`kinds`."""
        return kind in self.kinds


def raise_options(s: HandState | WorkingCopy, p: int) -> tuple[int, int, bool, int, int]:
    """Return ``(to_call, call, can_raise, min_to, max_to)`` for player ``p`` (R6, R7; a
    stud game's completion of the bring-in is to the small bet, R45.4)."""
    bets = s.bets
    stacks = s.stacks
    max_bet = max(bets)
    stack = stacks[p]
    bet = bets[p]
    to_call = max_bet - bet
    folded = s.folded
    others = False
    for q in range(len(bets)):
        if q != p and not folded[q] and stacks[q] + bets[q] > max_bet:
            others = True
            break
    structure = s.config.structure
    can = may_raise_now(s, p) and may_raise(
        structure=structure,
        bets_made=s.bets_made,
        acted=s.acted[p],
        stack=stack,
        to_call=to_call,
        increment=s.increment,
        others_can_respond=others,
        max_raises=s.config.max_raises,  # R38.3
    )
    if not can:
        return to_call, min(stack, to_call), False, 0, 0
    min_to, max_to = raise_limits(
        structure,
        stack=stack,
        bet=bet,
        max_bet=max_bet,
        increment=s.increment,
        pot=sum(s.contributions) + s.dead if structure is Structure.POT_LIMIT else 0,
    )
    if completing(s):  # R45.4: to the small bet, over the bring-in
        min_to = max_to = min(stack + bet, s.increment)
    return to_call, min(stack, to_call), True, min_to, max_to


def opening_limits(s: HandState | WorkingCopy, p: int) -> tuple[int, int]:
    """``(min_to, max_to)`` of poker all'italiana's opening by player ``p`` (R34.4, R38):
    at least the cip (all the player has when short), at most the pot in pot-limit (R7.2's
    arithmetic with nothing bet: the pot), one small bet in fixed-limit, the whole stack in
    no-limit. Nobody needs to be able to call it: the opening decides whether the hand is
    played, and an opening nobody calls goes back (R8.2)."""
    structure = s.config.structure
    return raise_limits(
        structure,
        stack=s.stacks[p],
        bet=s.bets[p],
        max_bet=max(s.bets),
        increment=s.increment,
        pot=sum(s.contributions) + s.dead if structure is Structure.POT_LIMIT else 0,
    )


def legal_actions(state: HandState) -> LegalActions | None:
    """What the player to act may do, or ``None`` when the hand is over.

    Betting (R6, R7): FOLD only when facing a bet; CHECK when there is nothing to call;
    CALL with :attr:`LegalActions.call_amount`; BET (nobody has bet this round) or RAISE in
    ``[min_to, max_to]``; ALL_IN when the whole stack is a call or a legal bet or raise.
    Run it twice: RUN_TWICE (amount 1 or 0). A draw: DRAW (amount the bit mask of the cards
    thrown, R42; at most :attr:`LegalActions.max_draw` of them). Showdown: SHOW, and MUCK
    when allowed (R11.3). A stud game's bring-in player (R45.4): BRING_IN with
    :attr:`LegalActions.bring_in`, BET (the completion) when allowed, ALL_IN when the whole
    stack is one of them. Poker all'italiana before its opening (R34.1): PASS, and OPEN in
    ``[min_to, max_to]`` only to a player whose five cards allow it (R34.2, R34.3), ALL_IN
    when the whole stack is such an opening. The buio (R33.5, phase ``buio``): LOOK, and
    BUIO or CONTROBUIO, its total bet ``min_to == max_to``; facing a controbuio, FOLD or
    CALL; in the first round after it only the last blind player may raise.
    """
    if not state.to_act:
        return None
    p = state.to_act[0]
    seat = state.seats[p]
    stack = state.stacks[p]
    bet = state.bets[p]
    if state.phase is Phase.RUN_TWICE:
        return LegalActions(seat, (ActionKind.RUN_TWICE,), stack=stack, waiting=(seat,))
    if state.phase is Phase.DRAW:  # R42.2: any of the hole cards, as a bit mask
        most = state.config.max_draw or rules(state.config.game).max_draw  # (R36.1)
        return LegalActions(seat, (ActionKind.DRAW,), stack=stack, waiting=(seat,), max_draw=most)
    if state.phase is Phase.SHOWDOWN:
        decisions = (ActionKind.SHOW, ActionKind.MUCK) if may_muck(state, p) else (ActionKind.SHOW,)
        waiting = (
            tuple(state.seats[q] for q in state.to_act)
            if state.config.explicit_showdown
            else (seat,)
        )
        return LegalActions(seat, decisions, stack=stack, waiting=waiting)
    if state.phase is Phase.BUIO:  # R33.5: blind, or look; facing a controbuio, call or fold
        choices = buio_choices(state)
        if ActionKind.CALL in choices:
            call = min(stack, max(state.bets) - bet)
            return LegalActions(
                seat, choices, call_amount=call, stack=stack, bet=bet, waiting=(seat,)
            )
        to = bet + blind_to(state)
        return LegalActions(
            seat, choices, min_to=to, max_to=to, stack=stack, bet=bet, waiting=(seat,)
        )
    if bringing_in(state):
        return _bring_in_choices(state, p)
    if in_opening(state):
        return _opening_choices(state, p)
    to_call, call, can_raise, min_to, max_to = raise_options(state, p)
    kinds: list[ActionKind] = []
    if to_call > 0:
        kinds += (ActionKind.FOLD, ActionKind.CALL)
    else:
        kinds.append(ActionKind.CHECK)
    all_in_to: int | None = None
    if can_raise:
        kinds.append(ActionKind.RAISE if max(state.bets) > 0 else ActionKind.BET)
        if stack + bet <= max_to:
            all_in_to = stack + bet
    if stack <= to_call:
        all_in_to = stack + bet
    if all_in_to is not None:
        kinds.append(ActionKind.ALL_IN)
    return LegalActions(
        seat,
        tuple(kinds),
        call_amount=call,
        min_to=min_to if can_raise else None,
        max_to=max_to if can_raise else None,
        all_in_to=all_in_to,
        stack=stack,
        bet=bet,
        waiting=(seat,),
    )


def _bring_in_choices(state: HandState, p: int) -> LegalActions:
    """R45.4: bring in (all the player has when short), or complete to the small bet when
    they have more than the bring-in and it is less than the small bet."""
    stack = state.stacks[p]
    chips = bring_in_chips(state, p)
    kinds = [ActionKind.BRING_IN]
    complete_to: int | None = None
    if may_complete(state, p):
        kinds.append(ActionKind.BET)
        complete_to = min(stack, state.config.big_blind)
    if stack in (chips, complete_to):
        kinds.append(ActionKind.ALL_IN)
    return LegalActions(
        state.seats[p],
        tuple(kinds),
        min_to=complete_to,
        max_to=complete_to,
        all_in_to=stack if ActionKind.ALL_IN in kinds else None,
        stack=stack,
        waiting=(state.seats[p],),
        bring_in=chips,
    )


def _opening_choices(state: HandState, p: int) -> LegalActions:
    """R34.1-R34.4: pass, or (with the cards that allow it) open from the cip to the
    pot-limit's pot; all-in when the whole stack is such an opening."""
    stack = state.stacks[p]
    kinds = [ActionKind.PASS]
    min_to = max_to = all_in_to = None
    if hand_opening_cards(state.config, first_five(state, p)):
        kinds.append(ActionKind.OPEN)
        min_to, max_to = opening_limits(state, p)
        if stack + state.bets[p] <= max_to:
            kinds.append(ActionKind.ALL_IN)
            all_in_to = stack + state.bets[p]
    return LegalActions(
        state.seats[p],
        tuple(kinds),
        min_to=min_to,
        max_to=max_to,
        all_in_to=all_in_to,
        stack=stack,
        bet=state.bets[p],
        waiting=(state.seats[p],),
    )


def default_action(state: HandState) -> Action | None:
    """The decision taken for a player whose clock and time bank ran out (R14): check if
    they can, otherwise fold; decline to run it twice; stand pat in a draw (R42); bring in
    (R45.4); muck when allowed, else show.
    ``None`` when the hand is over."""
    legal = legal_actions(state)
    if legal is None:
        return None
    if state.phase is Phase.RUN_TWICE:
        return Action(ActionKind.RUN_TWICE, legal.seat, 0)
    if state.phase is Phase.DRAW:  # stand pat ("servito")
        return Action(ActionKind.DRAW, legal.seat, 0)
    if state.phase is Phase.SHOWDOWN:
        kind = ActionKind.MUCK if legal.allows(ActionKind.MUCK) else ActionKind.SHOW
        return Action(kind, legal.seat)
    if legal.bring_in is not None:
        return Action(ActionKind.BRING_IN, legal.seat)
    if legal.allows(ActionKind.PASS):
        return Action(ActionKind.PASS, legal.seat)
    if legal.allows(ActionKind.LOOK):  # no buio, no controbuio (R33.5)
        return Action(ActionKind.LOOK, legal.seat)
    kind = ActionKind.CHECK if legal.allows(ActionKind.CHECK) else ActionKind.FOLD
    return Action(kind, legal.seat)
