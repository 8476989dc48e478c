"""Pots: uncalled bets, main and side pots, splitting, run-it-twice halves and rake (R8, R10,
R12, R13).

Players are identified by their index in seat order starting left of the button (index 0 is
the first player dealt in clockwise from the button, the last index is the button), the
order :mod:`engine.hand` keeps them in. That order is also the order odd chips are handed
out in (R10.1).

* **R8.1** When a player is all-in for less than others put in, the chips split into a main
  pot and side pots by contribution level; a player can win only the pots they contributed
  to. Folded players' chips stay in the pots they reached, but folded players win nothing.
* **R8.2** The uncalled part of a bet goes back to its bettor (:func:`uncalled_bet`).
* **R8.3** Pots are awarded from the last side pot to the main pot (:func:`award_order`).
* **R10.1** A pot that does not split evenly gives its odd chips one at a time to the tied
  winners in seat order starting left of the button (:func:`split_pot`).
* **R12** Run it twice, **R23** double board: each pot is halved, the odd chip to the first
  run or board (:func:`split_runs`).
* **R19.3** Hi-Lo: a pot (or a run's part) with a qualifying low is halved, the odd chip to
  the high half (:func:`split_high_low`).
* **R13** Rake: a percentage of each pot that saw a flop, capped per hand (:func:`rake`).

:func:`pots` is the public view of a hand's pots now, in seat numbers.

>>> [(pot.amount, pot.eligible) for pot in side_pots((100, 150, 150), (True, True, True))]
[(300, (0, 1, 2)), (100, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.state import HandState

__all__ = [
    "Pot",
    "award_order",
    "pots",
    "rake",
    "side_pots",
    "split_high_low",
    "split_pot",
    "split_runs",
    "uncalled_bet",
]

BASIS_POINTS = 10_000
"""Rake rates are given in basis points: 500 is 5 %."""


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the players who can win it (R8.1).

    ``eligible`` lists player indices (or seats, for the public view of
    :func:`pots`) in seat order from the left of the button.
    """

    amount: int
    eligible: tuple[int, ...]


def uncalled_bet(bets: Sequence[int]) -> tuple[int, int] | None:
    """Return ``(player, amount)`` of the uncalled part of the round's largest bet, if any (R8.2).

    The largest bet is called only up to the second-largest bet in the round (folded players'
    bets count: they were called before the fold); the rest goes back to its bettor.

    >>> uncalled_bet([20, 60, 0])
    (1, 40)
    >>> uncalled_bet([60, 60, 0]) is None
    True
    """
    if len(bets) < 2:
        return None
    top = max(bets)
    player = bets.index(top)
    second = max(bet for index, bet in enumerate(bets) if index != player)
    if top > second:
        return player, top - second
    return None


def side_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> tuple[Pot, ...]:
    """Split the chips of a hand into the main pot and side pots (R8.1).

    ``contributions[i]`` is every chip player ``i`` put in during the hand (antes, blinds,
    bets; uncalled parts already returned); ``live[i]`` is false once the player folded;
    ``dead`` is dead money outside the contribution levels (the big-blind ante, R3.2), which
    goes to the main pot.

    For each distinct contribution level, the chips between the previous level and this one
    form a pot that the live players who reached the level can win. Consecutive levels with
    the same eligible players are one pot (as in PokerKit). The first pot is the main pot;
    the others are side pots in the order they formed.

    >>> [(p.amount, p.eligible) for p in side_pots((25, 60, 60), (True, True, True))]
    [(75, (0, 1, 2)), (70, (1, 2))]
    >>> [(p.amount, p.eligible) for p in side_pots((2, 10, 10), (False, True, True), dead=4)]
    [(26, (1, 2))]
    """
    pots: list[Pot] = []
    amount = dead
    previous = 0
    players = range(len(contributions))
    for level in sorted(set(contributions)):
        for contribution in contributions:
            if contribution > previous:
                amount += min(contribution, level) - previous
        previous = level
        eligible = tuple(i for i in players if live[i] and contributions[i] >= level)
        if not eligible:
            # Only folded players reached this level. Once uncalled bets are returned this
            # cannot happen in a legal hand; the chips stay with the pot below.
            if pots:
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
                amount = 0
            continue
        if pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        if amount:
            pots.append(Pot(amount, eligible))
        amount = 0
    return tuple(pots)


def award_order(pots: Sequence[Pot]) -> range:
    """Return the indices of ``pots`` in the order they are awarded: last side pot first,
    main pot last (R8.3, R8.5)."""
    return range(len(pots) - 1, -1, -1)


def split_pot(amount: int, winners: Sequence[int]) -> tuple[int, ...]:
    """Return each winner's share of ``amount`` (R10.1).

    ``winners`` must be in seat order starting left of the button. Every winner gets the
    same whole number of chips; the chips left over go one at a time to the winners in that
    order.

    >>> split_pot(100, (0, 2, 3))
    (34, 33, 33)
    >>> split_pot(101, (4, 7))
    (51, 50)
    """
    share, odd = divmod(amount, len(winners))
    return tuple(share + 1 if k < odd else share for k in range(len(winners)))


def split_runs(amount: int, runs: int) -> tuple[int, ...]:
    """Return the part of a pot played on each run of the board (R12), or on each board of
    a double board (R23).

    With one run the whole pot; with two, halves, the odd chip to the first run (board).

    >>> split_runs(101, 2)
    (51, 50)
    """
    share, odd = divmod(amount, runs)
    return tuple(share + 1 if k < odd else share for k in range(runs))


def split_high_low(amount: int) -> tuple[int, int]:
    """Return the high half and the low half of a pot that has a qualifying low (R19.3):
    an odd chip goes to the high half.

    >>> split_high_low(101)
    (51, 50)
    """
    low = amount // 2
    return amount - low, low


def rake(
    amounts: Sequence[int], *, rate_bps: int, cap: int | None, saw_flop: bool
) -> tuple[int, ...]:
    """Return the rake taken from each pot (R13).

    No flop, no drop: nothing unless the flop was dealt. Otherwise each pot gives
    ``rate_bps / 10000`` of its chips, rounded down, taken from the main pot first and
    then from each side pot in order, until the per-hand ``cap`` is reached (``None``: no
    cap).

    >>> rake((300, 100), rate_bps=500, cap=None, saw_flop=True)
    (15, 5)
    >>> rake((300, 100), rate_bps=500, cap=17, saw_flop=True)
    (15, 2)
    >>> rake((300, 100), rate_bps=500, cap=None, saw_flop=False)
    (0, 0)
    """
    if not saw_flop or rate_bps <= 0:
        return tuple(0 for _ in amounts)
    left = cap
    taken: list[int] = []
    for amount in amounts:
        cut = amount * rate_bps // BASIS_POINTS
        if left is not None:
            cut = min(cut, left)
            left -= cut
        taken.append(cut)
    return tuple(taken)


def pots(state: HandState) -> tuple[Pot, ...]:
    """The main pot and side pots now, with the seats eligible for each (R8.1).

    Chips bet in the current round are included (they are committed); an uncalled part is
    only returned when the round ends (R8.2).
    """
    live = [not folded for folded in state.folded]
    return tuple(
        Pot(pot.amount, tuple(state.seats[q] for q in pot.eligible))
        for pot in side_pots(state.contributions, live, state.dead)
    )
