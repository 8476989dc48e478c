"""Awarding the pots and ending the hand (R5.4, R8.3, R10.1, R13, R15, R22).

A pot goes to its winners in seat order from the left of the button, odd chips one at a
time in that order (R10.1); the rake is taken from each pot first (R13: no flop, no drop).
When everyone else folds the last player takes every pot without showing (R5.4). At the
end the winnings go to the stacks, the 7-2 bounties are paid (R22), poker all'italiana's
opening is shown (R39.2) and the seed is revealed (R15). A hand of poker all'italiana
nobody opened, or that everyone checked after the draw, has no winner: its pot is carried
to the next hand (R35, R37.3). Who wins a pot at showdown is :mod:`engine.showdown`'s to
say.

The functions are steps of the hand: they take the
:class:`~engine.working_copy.WorkingCopy` ``w`` and record their events in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import HandFinished, OpeningShown, PotAwarded, PotCarried, RakeTaken
from engine.games import rules
from engine.opening import first_five, hand_opening_cards
from engine.pots import Pot, award_order, rake, side_pots, split_pot
from engine.seven_deuce import pay_seven_deuce
from engine.state import Phase
from engine.working_copy import WorkingCopy

__all__ = ["award", "carry_pot", "finish_hand", "take_rake", "win_uncontested"]


def win_uncontested(w: WorkingCopy, p: int) -> None:
    """Everyone else folded: the last player wins every pot without showing (R5.4)."""
    live = [not folded for folded in w.folded]
    pots_now = side_pots(w.contributions, live, w.dead)
    takes = take_rake(w, pots_now)
    for k in award_order(pots_now):
        award(w, k, None, pots_now[k].amount - takes[k], [p], None)
    finish_hand(w)


def carry_pot(w: WorkingCopy, reason: str) -> None:
    """Poker all'italiana: the hand ends with no winner and nobody shows; every chip in the
    middle (the pot carried in, the invito, the bets) stays there for the next hand, in
    nobody's stack (R35.1, R35.3: ``reason`` ``"nobody_opened"``; R37.3: ``"parola"``).
    No rake: nobody won a pot."""
    amount = sum(w.contributions) + w.dead
    w.carried = amount
    w.events.append(PotCarried(amount, reason))
    finish_hand(w)


def take_rake(w: WorkingCopy, pots_now: Sequence[Pot]) -> tuple[int, ...]:
    """No flop, no drop (a draw game: no draw, no drop, R42.5; a stud game: no fourth
    street, no drop, R45.8); a share of each pot up to the hand's cap (R13)."""
    config = w.config
    takes = rake(
        [pot.amount for pot in pots_now],
        rate_bps=config.rake_bps,
        cap=config.rake_cap,
        saw_flop=len(w.boards[0]) >= 3
        or (w.street > 0 and (bool(w.drawn) or rules(w.config.game).stud)),
    )
    for k, take in enumerate(takes):
        if take:
            w.rake += take
            w.events.append(RakeTaken(k, take))
    return takes


def award(
    w: WorkingCopy,
    pot_index: int,
    board_index: int | None,
    amount: int,
    winners: list[int],
    name: str | None,
    half: str | None = None,
) -> None:
    """Give ``amount`` to ``winners`` (in seat order from the left of the button); odd
    chips one at a time in that order (R10.1). ``half``: R19.3's high or low half."""
    shares = split_pot(amount, winners)
    for q, share in zip(winners, shares, strict=True):
        w.won[q] += share
    w.events.append(
        PotAwarded(
            pot_index,
            board_index,
            amount,
            tuple(w.seats[q] for q in winners),
            shares,
            name,
            half,
        )
    )


def finish_hand(w: WorkingCopy) -> None:
    """Pay the winners, the 7-2 bounties (R22), empty the middle, show poker all'italiana's
    opening (R39.2: the opener's qualifying cards from the five first dealt, whatever
    happened to them), reveal the seed (R15)."""
    for q in range(w.n):
        w.stacks[q] += w.won[q]
        w.bets[q] = 0
    if w.config.seven_deuce:
        pay_seven_deuce(w)
    opener = w.opener
    if opener is not None and not w.blind:  # (R33.5: a buio is never shown)
        cards = hand_opening_cards(w.config, first_five(w, opener))
        w.events.append(OpeningShown(w.seats[opener], cards))
    w.phase = Phase.FINISHED
    w.to_act = []
    w.events.append(
        HandFinished(
            tuple(zip(w.seats, w.stacks, strict=True)),
            w.rake,
            None if w.seed is None else w.seed.hex(),
        )
    )
