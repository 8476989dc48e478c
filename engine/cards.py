"""Playing cards as small integers, and their two-character names (R1.1).

A card is an ``int`` from 0 to 51::

    card = rank_index * 4 + suit_index

with ranks ``"23456789TJQKA"`` (deuce = 0 ... ace = 12) and suits ``"cdhs"`` (clubs = 0,
diamonds = 1, hearts = 2, spades = 3). This is exactly the integer encoding of the
phevaluator library, so cards go to the evaluator without translation; so ``2c`` is 0,
``2d`` is 1, ``3c`` is 4 and ``As`` is 51.

>>> parse_card("Ah")
50
>>> card_str(50)
'Ah'
>>> cards_str(parse_cards("AhKd, Tc 2s"))
'Ah Kd Tc 2s'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

Card = int
"""A card: ``rank_index * 4 + suit_index``, 0..51."""

RANKS: Final = "23456789TJQKA"
"""Rank letters from deuce (index 0) to ace (index 12)."""

SUITS: Final = "cdhs"
"""Suit letters: clubs, diamonds, hearts, spades (indices 0..3). Suits have no rank (R9.3)."""

FULL_DECK: Final[tuple[Card, ...]] = tuple(range(52))
"""The 52 cards of the standard deck, in encoding order ``2c 2d 2h 2s 3c ... As`` (R1.1)."""

_RANK_INDEX: Final = {letter: index for index, letter in enumerate(RANKS)}
_SUIT_INDEX: Final = {letter: index for index, letter in enumerate(SUITS)}
_NAMES: Final = tuple(rank + suit for rank in RANKS for suit in SUITS)
_SEPARATORS: Final = re.compile(r"[\s,]+")


def card_rank(card: Card) -> int:
    """Return the rank index of ``card``: 0 for a deuce up to 12 for an ace."""
    return card >> 2


def card_suit(card: Card) -> int:
    """Return the suit index of ``card``: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card & 3


def make_card(rank_index: int, suit_index: int) -> Card:
    """Return the card with the given rank index (0..12) and suit index (0..3).

    >>> card_str(make_card(12, 3))
    'As'
    """
    if not 0 <= rank_index < 13 or not 0 <= suit_index < 4:
        raise ValueError(
            f"no card has rank index {rank_index!r} and suit index {suit_index!r}"
            " (ranks are 0..12, suits 0..3)"
        )
    return rank_index * 4 + suit_index


def check_card(card: object) -> Card:
    """Return ``card`` if it is a valid card integer, else raise ``ValueError``.

    ``bool`` is refused even though it is an ``int`` subclass.
    """
    if type(card) is not int or not 0 <= card < 52:
        raise ValueError(f"{card!r} is not a card: a card is an int from 0 to 51")
    return card


def parse_card(text: str) -> Card:
    """Parse a two-character card name such as ``"Ah"`` or ``"Td"``.

    The rank is one of ``23456789TJQKA`` and the suit one of ``cdhs``; either may be given
    in upper or lower case (``"ah"``, ``"AH"`` and ``"Ah"`` are the same card). Raises
    ``ValueError`` naming what is wrong.

    >>> parse_card("Td")
    33
    """
    if not isinstance(text, str):
        raise ValueError(f"a card name must be a string like 'Ah', not {text!r}")
    if len(text) != 2:
        raise ValueError(
            f"{text!r} is not a card: a card is two characters, a rank from"
            f" {RANKS!r} and a suit from {SUITS!r}, like 'Ah' or 'Td'"
        )
    rank = _RANK_INDEX.get(text[0].upper())
    if rank is None:
        raise ValueError(
            f"{text!r} is not a card: unknown rank {text[0]!r} (ranks are {RANKS!r};"
            " write ten as 'T')"
        )
    suit = _SUIT_INDEX.get(text[1].lower())
    if suit is None:
        raise ValueError(f"{text!r} is not a card: unknown suit {text[1]!r} (suits are {SUITS!r})")
    return rank * 4 + suit


def card_str(card: Card) -> str:
    """Return the canonical two-character name of ``card``, e.g. ``50`` -> ``"Ah"``."""
    return _NAMES[check_card(card)]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse several cards written together or separated by spaces and/or commas.

    ``"AhKd"``, ``"Ah Kd"`` and ``"Ah,Kd"`` all give ``(50, 45)``; an empty or blank string
    gives ``()``. Repeated cards are kept as written (checking for duplicates is the
    caller's business). Raises ``ValueError`` on anything that is not a card.

    >>> parse_cards("AhKd")
    (50, 45)
    """
    if not isinstance(text, str):
        raise ValueError(f"cards must be given as a string like 'Ah Kd', not {text!r}")
    cards: list[Card] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        if len(token) % 2:
            raise ValueError(
                f"{token!r} in {text!r} is not a sequence of cards: every card is two"
                " characters, like 'AhKd'"
            )
        cards.extend(parse_card(token[i : i + 2]) for i in range(0, len(token), 2))
    return tuple(cards)


def cards_str(cards: Iterable[Card]) -> str:
    """Return the names of ``cards`` separated by single spaces, e.g. ``"Ah Kd"``."""
    return " ".join(card_str(card) for card in cards)
