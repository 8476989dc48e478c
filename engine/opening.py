"""Poker all'italiana's opening (R34.2, R35.2, R39.2): which five cards may open, and the
cards that prove it at the end of the hand. Pure functions of the cards and the hand's
config; the machine's steps that use them live in the modules of their rules
(:mod:`engine.betting_round`, :mod:`engine.legal_actions`, :mod:`engine.awards`).

* **R34.2** To open, a player needs a pair of jacks or better (``opening_pair``: the table
  asks for queens, then kings, after hands nobody opened, R35.2): any hand above one pair
  opens, one pair only of that rank or higher. Or, with "apertura con progetto"
  (``opening_draw``), four cards of a straight flush that two cards of the deck complete
  (``"open_ended"``, the default: 7♥ 8♥ 9♥ 10♥ on 32 cards, which the J♥ and the A♥ below
  the seven complete; not J♥ Q♥ K♥ A♥, which only the 10♥ completes), that one card
  completes (``"straight_flush"``), or four cards of one suit (``"flush"``); ``"none"``:
  the pair alone.
* **R39.2** The opening shown: of a made hand, the cards of its combination (the pair, the
  two pairs, the three or four of a kind, all five of a straight, flush or full); of a draw,
  its four cards. A hand that opens both ways shows the made hand.

>>> from engine.cards import cards_str, parse_cards
>>> cards_str(opening_cards(parse_cards("Qc Qd 7s 9h Ah"), players=4))
'Qc Qd'
>>> opening_cards(parse_cards("Tc Td 7s 9h Ah"), players=4)  # tens are not enough
()
>>> cards_str(opening_cards(parse_cards("7h 8h 9h Th Kc"), players=4))  # J♥ or A♥ (R32.3)
'7h 8h 9h Th'
>>> opening_cards(parse_cards("Jh Qh Kh Ah 8c"), players=4)  # only the T♥ completes it
()
>>> opening_cards(parse_cards("Ah 7h 8h 9h Qc"), players=4)  # only the T♥
()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Final

from engine.cards import Card
from engine.evaluation import HandCategory
from engine.games import rules
from engine.ranking import ItalianRanking

if TYPE_CHECKING:
    from engine.state import HandConfig, HandState
    from engine.working_copy import WorkingCopy

__all__ = [
    "OPENING_DRAWS",
    "OPENING_PAIRS",
    "first_five",
    "hand_opening_cards",
    "in_opening",
    "opening_cards",
]

OPENING_PAIRS: Final = {"J": 9, "Q": 10, "K": 11}
"""R34.2, R35.2: the least pair that opens (a rank index, engine.cards.RANKS) by its name
in the config."""
OPENING_DRAWS: Final = ("open_ended", "straight_flush", "flush", "none")
"""R34.2: the draws that open too ("apertura con progetto"); the first is the default."""

_MADE_CARDS: Final = {
    HandCategory.ONE_PAIR: 2,
    HandCategory.TWO_PAIR: 4,
    HandCategory.THREE_OF_A_KIND: 3,
    HandCategory.FOUR_OF_A_KIND: 4,
}
"""How many cards prove a made hand with groups: the cards of its groups (R39.2)."""


@cache
def _ranking(players: int, full_over_flush_on_52: bool = True) -> ItalianRanking:
    return ItalianRanking(players, full_over_flush_on_52)


def opening_cards(
    five: Sequence[Card],
    players: int,
    pair: str = "J",
    draw: str = "open_ended",
    full_over_flush_on_52: bool = True,
) -> tuple[Card, ...]:
    """The cards of ``five`` (a hand of poker all'italiana dealt to ``players``) that allow
    the opening (R34.2) and are shown at the end of the hand (R39.2), in the hand's order;
    ``()`` when the hand may not open. The categories are the hand's ranking's (R32.2);
    the other ranking options (R32.4, R32.6) order hands within a category and change no
    opening (five cards make one category only: neither option moves a hand below a pair
    of jacks)."""
    ranking = _ranking(players, full_over_flush_on_52)
    base = ranking.base
    category = base.category(base.strength(five))
    counts = Counter(card >> 2 for card in five)
    if category is HandCategory.ONE_PAIR:
        (paired,) = (rank for rank, count in counts.items() if count == 2)
        if paired >= OPENING_PAIRS[pair]:
            return tuple(card for card in five if card >> 2 == paired)
    elif category in _MADE_CARDS:  # two pair, three or four of a kind: the groups
        return tuple(card for card in five if counts[card >> 2] > 1)
    elif category is not HandCategory.HIGH_CARD:  # straight, flush, full: all five
        return tuple(five)
    return _draw_cards(five, ranking, draw)


def _draw_cards(five: Sequence[Card], ranking: ItalianRanking, draw: str) -> tuple[Card, ...]:
    """R34.2's draws: four cards of one suit, which (``"straight_flush"``) one card or
    (``"open_ended"``) two cards of the deck make a straight flush."""
    if draw == "none":
        return ()
    suits = Counter(card & 3 for card in five)
    suit, count = suits.most_common(1)[0]
    if count != 4:  # (five of a suit is a flush, already made)
        return ()
    four = tuple(card for card in five if card & 3 == suit)
    if draw == "flush":
        return four
    base = ranking.base
    completing = sum(
        1
        for card in ranking.deck
        if card & 3 == suit
        and card not in four
        and base.category(base.strength((*four, card))) is HandCategory.STRAIGHT_FLUSH
    )
    return four if completing >= (2 if draw == "open_ended" else 1) else ()


def first_five(s: HandState | WorkingCopy, p: int) -> tuple[Card, ...]:
    """The five cards first dealt to player ``p`` (R33.3: one at a time from the dealer's
    left, the morto's place last, R31.4), which the deck keeps whatever the draw changed
    (R36.4, R39.2)."""
    n = s.config.places
    return tuple(s.deck[p + r * n] for r in range(5))


def hand_opening_cards(config: HandConfig, five: Sequence[Card]) -> tuple[Card, ...]:
    """:func:`opening_cards` of ``five`` with the requirement of the hand's ``config``."""
    return opening_cards(
        five,
        config.places,  # (the deck of the hands dealt: R31.4's morto counts)
        config.opening_pair,
        config.opening_draw,
        config.full_over_flush_on_52,
    )


def in_opening(s: HandState | WorkingCopy) -> bool:
    """Whether poker all'italiana's first round waits for its opening (R34.1): "apro" or
    "passo"; once someone opened, the round goes on as any betting round (R34.5)."""
    return s.opener is None and s.street == 0 and rules(s.config.game).opening
