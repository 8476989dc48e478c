"""Who acts first in a stud game (R45.4, R45.5): the door card that brings in, and the
showing hand that opens each later street. Pure functions of the face-up cards.

* **R45.4** On third street the lowest door card brings in (seven-card stud and stud
  hi-lo: the ace is high, a tie of ranks goes to the lower suit, clubs < diamonds < hearts
  < spades); in razz the highest (the king is high, the ace low; a tie goes to the higher
  suit, spades).
* **R45.5** On fourth street and after, the best showing hand acts first: in stud and stud
  hi-lo the highest poker hand of the up cards (four of a kind, three of a kind, two pair,
  one pair, high cards; with fewer than five cards no straight or flush counts), in razz
  the lowest (the ace low, a pair worse than any hand without one). Equal showing hands go
  to the lower position (the player nearer the button's left): the caller's tie-break.
* **R40.4** Telesina: in every round the best showing hand by the Italian ranking speaks
  first (:func:`showing_italian`): four of a kind, three of a kind, two pair, one pair,
  high cards, the ranks by group as above (the ace high; fewer than five cards make no
  straight, flush or full); equal ranks go to the higher-suited card of the combination
  (R32.5, R40's Choices: hearts, diamonds, clubs, spades), so two players never tie.

Each function gives an *order*: the player with the greatest value acts first (brings in,
or opens the betting). Showing values are compared between players with the same number of
up cards, which every player still in has.

>>> from engine.cards import parse_cards
>>> door = parse_cards("2d 2c Ah")
>>> max(door, key=door_order_high) == parse_cards("2c")[0]  # the lowest card brings in
True
>>> max(door, key=door_order_low) == parse_cards("2d")[0]  # razz: the highest, the ace low
True
>>> showing_high(parse_cards("Kd Ks")) > showing_high(parse_cards("Ah Qs"))  # a pair opens
True
>>> showing_low(parse_cards("7d 2c")) > showing_low(parse_cards("8h Ac"))  # razz: the lower
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import Card
from engine.ranking import ITALIAN_SUITS

__all__ = [
    "door_order_high",
    "door_order_low",
    "low_rank",
    "showing_high",
    "showing_italian",
    "showing_low",
]

_RANKS: Final = 13


def low_rank(card: Card) -> int:
    """The card's rank with the ace low: ace 0, deuce 1 ... king 12 (razz, R47)."""
    return ((card >> 2) + 1) % _RANKS


def door_order_high(card: Card) -> int:
    """R45.4, stud and stud hi-lo: the lowest door card brings in (the ace high, then the
    lowest suit): the greatest value of this order. A card is ``rank * 4 + suit`` with the
    suits clubs, diamonds, hearts, spades (engine.cards), so the lowest card is the least."""
    return -card


def door_order_low(card: Card) -> int:
    """R45.4, razz: the highest door card brings in (the king high, the ace low, then the
    highest suit)."""
    return low_rank(card) * 4 + (card & 3)


def _groups(ranks: Sequence[int]) -> tuple[int, list[int]]:
    """The kind of a showing hand (0 high cards, 1 one pair, 2 two pair, 3 three of a kind,
    4 four of a kind) and its ranks by group: the biggest group first, higher ranks before
    lower ones (a pair of Kings and a Five: King, Five)."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    sizes = sorted(counts.values(), reverse=True)
    if sizes[0] == 4:
        kind = 4
    elif sizes[0] == 3:
        kind = 3
    elif sizes[0] == 2:
        kind = 2 if len(sizes) > 1 and sizes[1] == 2 else 1
    else:
        kind = 0
    return kind, order


def showing_high(up: Sequence[Card]) -> tuple[int, ...]:
    """R45.5, stud and stud hi-lo: the strength of the up cards as a poker hand without
    straights or flushes: the kind first, then the ranks by group (higher acts first).

    >>> from engine.cards import parse_cards
    >>> sorted(["Qs Qd 3c", "Ah Kd 2c", "3s 3h 3d"], key=lambda s: showing_high(parse_cards(s)))
    ['Ah Kd 2c', 'Qs Qd 3c', '3s 3h 3d']
    """
    kind, order = _groups([card >> 2 for card in up])
    return (kind, *order)


def showing_low(up: Sequence[Card]) -> tuple[int, ...]:
    """R45.5, razz: the lower the up cards as an ace-to-five hand, the greater this value
    (the lowest acts first): fewer pairs first, then the ranks by group, the ace low.

    >>> from engine.cards import parse_cards
    >>> sorted(["7s 5d 2c", "Ah Kd Qc", "2s 2h 3d"], key=lambda s: showing_low(parse_cards(s)))
    ['2s 2h 3d', 'Ah Kd Qc', '7s 5d 2c']
    """
    kind, order = _groups([low_rank(card) for card in up])
    return (-kind, *(-rank for rank in order))


def showing_italian(up: Sequence[Card]) -> tuple[int, ...]:
    """R40.4, Telesina: the strength of the up cards by the Italian ranking without
    straights, flushes or fulls (fewer than five cards make none): the kind, the ranks by
    group, then the suit of the combination's highest card (R32.5: of a pair, its
    better-suited card; of two pair, the top pair's; of high cards, the top card), so that
    different cards never tie (R40's Choices).

    >>> from engine.cards import parse_cards
    >>> showing_italian(parse_cards("Ks Kh")) > showing_italian(parse_cards("Ad Qd"))
    True
    >>> showing_italian(parse_cards("Kh Kc")) > showing_italian(parse_cards("Kd Ks"))
    True
    >>> showing_italian(parse_cards("Jh")) > showing_italian(parse_cards("Js"))
    True
    """
    kind, order = _groups([card >> 2 for card in up])
    top = order[0]
    suit = max(ITALIAN_SUITS[card & 3] for card in up if card >> 2 == top)
    return (kind, *order, suit)
