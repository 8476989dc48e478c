"""The 7-2 game (R22): a player who wins a pot, or a share of one, holding seven-deuce
collects a bounty from every other player dealt in (``HandConfig.seven_deuce``), shown face
up first unless the table lets it collect face down (``seven_deuce_shown``, R22.2).

:func:`pay_seven_deuce` is the last step of a hand with the bounty on: it takes the
:class:`~engine.working_copy.WorkingCopy` ``w`` once the pots are awarded.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.events import CardsShownAfter, PotAwarded, SevenDeuceBounty
from engine.pots import split_pot
from engine.working_copy import WorkingCopy

__all__ = ["is_seven_deuce", "pay_seven_deuce"]


def is_seven_deuce(hole: Sequence[Card]) -> bool:
    """Whether two hole cards are a seven and a deuce, suited or not (R22.1)."""
    return sorted(card >> 2 for card in hole) == [0, 5]  # rank indexes: deuce 0, seven 5


def pay_seven_deuce(w: WorkingCopy) -> None:
    """R22: every player who won a pot or a share of one (even a share of no chip)
    holding seven-deuce collects the bounty from every other player dealt in but the
    other 7-2 winners. A payer short of paying them all pays what they have, split
    between them as a pot is (R10.1). Shown face up first unless the table lets the 7-2
    collect face down (R22.2)."""
    config = w.config
    in_pots = {seat for e in w.events if isinstance(e, PotAwarded) for seat in e.winners}
    winners = [q for q in range(w.n) if w.seats[q] in in_pots and is_seven_deuce(w.holes[q])]
    if not winners:
        return
    payers = [r for r in range(w.n) if r not in winners]
    collected = {q: [0] * len(payers) for q in winners}
    for k, r in enumerate(payers):  # from the stacks after the pots, before any bounty
        owed = min(config.seven_deuce * len(winners), w.stacks[r])
        for q, share in zip(winners, split_pot(owed, winners), strict=True):
            collected[q][k] = share
    for q in winners:
        if config.seven_deuce_shown and not w.shown[q]:
            hidden = [k for k in range(len(w.holes[q])) if not w.shown_after[q] >> k & 1]
            if hidden:
                w.shown_after[q] |= sum(1 << k for k in hidden)
                w.events.append(CardsShownAfter(w.seats[q], tuple(w.holes[q][k] for k in hidden)))
        for r, amount in zip(payers, collected[q], strict=True):
            w.stacks[r] -= amount
            w.stacks[q] += amount
            w.bounty[r] -= amount
            w.bounty[q] += amount
        w.events.append(
            SevenDeuceBounty(w.seats[q], tuple(w.seats[r] for r in payers), tuple(collected[q]))
        )
