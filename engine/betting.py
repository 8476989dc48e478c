"""Bet sizes and the right to raise, by betting structure (R6, R7, R3.3).

This module is the arithmetic of one betting round, written as small pure functions that
:mod:`engine.legal_actions` and :mod:`engine.betting_round` call on every decision. All
amounts are integer chips. A "to" amount is the player's total bet in the current betting
round after the action (the chips already in front of them included), as in "raise to 60".

The rules, in the words of docs/rules.md:

* **R7.1 No-limit.** The minimum bet is one big blind. A raise increases the bet by at least
  the largest full bet or raise increment made earlier in the round; before the flop the
  first increment is the big blind (with a straddle, the straddle: R3.3). The maximum is the
  whole stack.
* **R7.2 Pot-limit.** Minimums as in no-limit; the maximum raise is to
  ``current bet + (pot + all live bets + the raiser's call)``.
* **R7.3 Fixed-limit.** Every bet and raise is exactly one increment: the small bet (the big
  blind) before the flop and on the flop, the big bet (twice that) on the turn and the river.
  A round is capped at four bets in all (one bet and three raises); before the flop the big
  blind is the first.
* **R7.4 Short all-ins.** An all-in that raises by less than a full increment is not a full
  raise: it does not reopen the betting for players who have already acted, unless several
  short all-ins add up to a full raise against them.

Where the rules are silent the functions follow PokerKit 0.7 (``pokerkit.state.State``): the
minimum raise-to is ``current bet + increment`` capped at the player's whole stack, the
pot-limit maximum is ``2 × current bet − own bet + pot (all chips committed)``, a player
who is covered by the current bet may only call, and nobody may raise when every other
player still in is all-in or covered.

>>> raise_limits(Structure.NO_LIMIT, stack=500, bet=0, max_bet=60, increment=40, pot=90)
(100, 500)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = [
    "BETS_PER_ROUND",
    "Structure",
    "bet_unit",
    "call_amount",
    "is_full_raise",
    "may_raise",
    "opening_increment",
    "pot_limit_max_to",
    "raise_limits",
    "raises_capped",
]

BETS_PER_ROUND: Final = 4
"""Fixed-limit cap: one bet and three raises per betting round, four bets in all (R7.3)."""


class Structure(StrEnum):
    """The betting structure of a table (R7)."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"


def bet_unit(structure: Structure, big_blind: int, street: int, big_from: int = 2) -> int:
    """Return the size of the minimum bet on ``street`` (0 preflop ... 3 river).

    No-limit and pot-limit: one big blind on every street (R7.1, R7.2). Fixed-limit: the
    small bet (the big blind) before the flop and on the flop, the big bet (twice the big
    blind) on the turn and the river (R7.3); a draw game's big bet from round ``big_from``
    (R43, R44).

    >>> bet_unit(Structure.FIXED_LIMIT, 2, 2), bet_unit(Structure.FIXED_LIMIT, 2, 1, big_from=1)
    (4, 4)
    """
    if structure is Structure.FIXED_LIMIT and street >= big_from:
        return 2 * big_blind
    return big_blind


def opening_increment(structure: Structure, big_blind: int, straddle: bool) -> int:
    """Return the full raise increment at the start of the preflop round.

    Preflop the first increment is the big blind (R7.1). With a straddle the straddle acts
    as the new big blind for sizing, so the minimum raise is to twice the straddle (R3.3):
    the increment is the straddle, 2 × BB. In fixed-limit every raise is one small bet
    whatever was posted (R7.3 takes precedence over R3.3).
    """
    if straddle and structure is not Structure.FIXED_LIMIT:
        return 2 * big_blind
    return big_blind


def call_amount(stack: int, bet: int, max_bet: int) -> int:
    """Return the chips a player adds to call: the difference to the current bet, or their
    whole stack if that is less (an all-in call, R6)."""
    return min(stack, max_bet - bet)


def pot_limit_max_to(max_bet: int, bet: int, pot: int) -> int:
    """Return the pot-limit maximum raise-to, before capping at the stack (R7.2).

    ``pot`` is every chip committed so far in the hand, the live bets of this round and the
    dead antes included. The raiser first calls (``max_bet - bet``), which makes the pot
    ``pot + max_bet - bet``; then raises by that much:
    ``max_bet + pot + (max_bet - bet) = 2 × max_bet − bet + pot``.

    >>> pot_limit_max_to(max_bet=2, bet=0, pot=3)   # UTG at 1/2 may raise to 7
    7
    """
    return 2 * max_bet - bet + pot


def raise_limits(
    structure: Structure, *, stack: int, bet: int, max_bet: int, increment: int, pot: int
) -> tuple[int, int]:
    """Return ``(min_to, max_to)`` for a bet or raise by a player who may raise.

    * minimum: ``max_bet + increment`` (R7.1), or the whole stack if that is less (an
      all-in for less is always allowed, R6);
    * no-limit maximum: the whole stack (table stakes, R7.1, R7.5);
    * pot-limit maximum: :func:`pot_limit_max_to`, never below the minimum and never above
      the stack (R7.2);
    * fixed-limit: exactly one increment (min == max), or all-in for less (R7.3).

    >>> raise_limits(Structure.POT_LIMIT, stack=100, bet=0, max_bet=2, increment=2, pot=3)
    (4, 7)
    >>> raise_limits(Structure.FIXED_LIMIT, stack=100, bet=2, max_bet=4, increment=2, pot=7)
    (6, 6)
    """
    all_in = stack + bet
    min_to = min(all_in, max_bet + increment)
    if structure is Structure.NO_LIMIT:
        return min_to, all_in
    if structure is Structure.POT_LIMIT:
        return min_to, min(all_in, max(min_to, pot_limit_max_to(max_bet, bet, pot)))
    return min_to, min_to


def is_full_raise(to: int, max_bet: int, increment: int) -> bool:
    """Whether betting or raising to ``to`` over ``max_bet`` is a full bet or raise (R7.4).

    It is full when it adds at least the current full increment. Anything less can only be
    an all-in, and is a short all-in: it does not reopen the betting (R7.4). Before the flop
    the increment starts at the big blind (R7.1), so an all-in from 2 to 3 at 1/2 is short.

    >>> is_full_raise(100, 60, 40), is_full_raise(90, 60, 40)
    (True, False)
    """
    return to - max_bet >= increment


def raises_capped(bets_made: int, max_raises: int | None) -> bool:
    """Whether a round holding ``bets_made`` bets and raises has had all the raises
    ``max_raises`` allows after its first bet (R38.3, "rilanci massimi"; ``None``: no cap).

    >>> raises_capped(3, 3), raises_capped(4, 3), raises_capped(9, None)
    (False, True, False)
    """
    return max_raises is not None and bets_made > max_raises


def may_raise(
    *,
    structure: Structure,
    bets_made: int,
    acted: bool,
    stack: int,
    to_call: int,
    increment: int,
    others_can_respond: bool,
    max_raises: int | None = None,
) -> bool:
    """Whether the player to act may bet or raise at all (R7.3, R7.4, R6, R38.3).

    * Fixed-limit: not once the round holds four bets (one bet and three raises, R7.3).
    * Rilanci massimi (R38.3): not once the round holds its first bet and ``max_raises``
      raises (``None``: no cap but R7.3's).
    * A player whose whole stack does not exceed the amount to call may only call (all-in).
    * Nobody raises when no other player still in could put in another chip
      (``others_can_respond`` is false: they are all all-in or covered).
    * R7.4: a player who has already acted since the last full bet or raise may raise again
      only if what they now face adds up to a full raise (``to_call >= increment``): a
      single short all-in does not reopen the betting; several that add up to a full raise
      do, for the players they add up against.

    ``to_call`` is the full difference to the current bet (not capped at the stack).
    """
    if structure is Structure.FIXED_LIMIT and bets_made >= BETS_PER_ROUND:
        return False
    if raises_capped(bets_made, max_raises):
        return False
    if stack <= to_call or not others_can_respond:
        return False
    return not acted or to_call >= increment
