"""Hand evaluation: the best five of five to seven cards, as a comparable strength (R9).

The work is done by phevaluator's C core (the perfect-hash evaluator by Henry Lee); this
module puts our own vocabulary around it:

* :func:`strength` -- one integer, **higher is better**, equal strength means a split pot
  (R9.4). It runs from 1 (7-5-4-3-2 unsuited, the worst high card) to 7462 (a royal flush);
  it is ``7463 - rank`` where ``rank`` is phevaluator's number (1 is its best hand).
* :func:`evaluate` -- the strength plus the :class:`HandCategory`, the five cards used and a
  name for people ("Two pair, Aces and Fours", "Straight, Five high").
* :func:`strength_batch` -- many hands at once at C speed, for equity and benchmarks.

The ranking is the one of R9.1: straight flush (the ace-high one is the royal flush), four
of a kind, full house, flush, straight, three of a kind, two pair, one pair, high card. A
player uses the best five of their seven cards, whichever they are (R9.2). Suits have no
rank; an ace plays high (T-J-Q-K-A) or low (A-2-3-4-5, the lowest straight, "Five high");
a straight never wraps round (K-A-2-3-4 is ace high) (R9.3). Ties break on the ranks of the
five cards only (R9.4). The test suite checks all of this against PokerKit's evaluator.

Cards are the integers of :mod:`engine.cards` (``rank_index * 4 + suit_index``), which is
phevaluator's own encoding, so no translation happens on the fast path.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import chain, combinations, repeat, starmap
from operator import sub
from typing import Final

# phevaluator's C extension module is private; we call it because its public functions
# (phevaluator.evaluate_7cards and co., 0.6.0) run Card.to_id on every argument before
# calling these same C functions: 4.9 times slower per call (0.76 M against 3.7 M 7-card
# evaluations/s measured), and our cards already are its integers (engine.cards). This is
# the only module that imports it (engine.equity takes RANK_7 from here); the version is
# pinned in requirements.txt and tests/engine/test_evaluation.py fails loudly if the
# private functions change or the pin moves.
from phevaluator import _pheval

from engine.cards import FULL_DECK, RANKS, Card, card_rank

__all__ = [
    "MAX_STRENGTH",
    "MIN_STRENGTH",
    "RANK_7",
    "RANK_OMAHA_4",
    "HandCategory",
    "HandValue",
    "LOW_LIMIT",
    "LowValue",
    "NO_LOW",
    "any_five_low_strength",
    "category_of",
    "evaluate",
    "evaluate_any_five_low",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "hand_name",
    "low_of_values",
    "low_strength_unchecked",
    "low_values",
    "name_words",
    "reading_order",
    "omaha_low_strength",
    "omaha_strength",
    "strength",
    "strength_batch",
]

_RANK_LIMIT: Final = 7463
"""phevaluator ranks run 1 (best) .. 7462 (worst); strength = _RANK_LIMIT - rank."""

MIN_STRENGTH: Final = 1
"""Strength of the worst five-card hand, 7-5-4-3-2 of mixed suits."""

MAX_STRENGTH: Final = 7462
"""Strength of a royal flush."""

_EVALUATORS: Final[dict[int, Callable[..., int]]] = {
    5: _pheval.evaluate_5cards,
    6: _pheval.evaluate_6cards,
    7: _pheval.evaluate_7cards,
}
_EVALUATE_5: Final[Callable[..., int]] = _pheval.evaluate_5cards

RANK_7: Final[Callable[..., int]] = _pheval.evaluate_7cards
"""phevaluator's rank of seven card integers, unchecked (1 = royal flush .. 7462, lower is
better), straight from its C core: the inner loop of :mod:`engine.equity`."""

RANK_OMAHA_4: Final[Callable[..., int]] = _pheval.evaluate_plo4_cards
"""phevaluator's rank of an Omaha hand, unchecked: the five board cards, then the four hole
cards; the best of the 60 hands of exactly two hole cards and three board cards (R17.1)."""
_VALID_CARDS: Final = frozenset(FULL_DECK)


class HandCategory(IntEnum):
    """The nine kinds of poker hand, from worst (0) to best (8) (R9.1).

    A royal flush is a :attr:`STRAIGHT_FLUSH` (the ace-high one); only its name differs.
    ``PAIR`` is another name for :attr:`ONE_PAIR`.
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    PAIR = 1

    @property
    def label(self) -> str:
        """The category in words, e.g. ``"Full house"``."""
        return _CATEGORY_LABELS[self]


_CATEGORY_LABELS: Final = {
    HandCategory.HIGH_CARD: "High card",
    HandCategory.ONE_PAIR: "One pair",
    HandCategory.TWO_PAIR: "Two pair",
    HandCategory.THREE_OF_A_KIND: "Three of a kind",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush",
    HandCategory.FULL_HOUSE: "Full house",
    HandCategory.FOUR_OF_A_KIND: "Four of a kind",
    HandCategory.STRAIGHT_FLUSH: "Straight flush",
}

# Lowest strength of each category. phevaluator's rank bands (best first) are:
# straight flush 1-10, four of a kind 11-166, full house 167-322, flush 323-1599,
# straight 1600-1609, three of a kind 1610-2467, two pair 2468-3325, one pair 3326-6185,
# high card 6186-7462; the strength bands are 7463 minus those.
_CATEGORY_FLOORS: Final = (
    (_RANK_LIMIT - 10, HandCategory.STRAIGHT_FLUSH),
    (_RANK_LIMIT - 166, HandCategory.FOUR_OF_A_KIND),
    (_RANK_LIMIT - 322, HandCategory.FULL_HOUSE),
    (_RANK_LIMIT - 1599, HandCategory.FLUSH),
    (_RANK_LIMIT - 1609, HandCategory.STRAIGHT),
    (_RANK_LIMIT - 2467, HandCategory.THREE_OF_A_KIND),
    (_RANK_LIMIT - 3325, HandCategory.TWO_PAIR),
    (_RANK_LIMIT - 6185, HandCategory.ONE_PAIR),
    (MIN_STRENGTH, HandCategory.HIGH_CARD),
)

_RANK_WORDS: Final = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)  # fmt: skip
_RANK_PLURALS: Final = (
    "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
    "Jacks", "Queens", "Kings", "Aces",
)  # fmt: skip
_ACE: Final = 12
_KING: Final = 11


@dataclass(frozen=True)
class HandValue:
    """What a set of five to seven cards is worth at showdown (R9).

    Attributes:
        strength: higher is better; equal strength splits the pot (R9.4).
        category: the kind of hand (R9.1).
        best_five: the five cards used (R9.2), in reading order: the cards of the biggest
            group first (the trips of a full house, then its pair), higher ranks before
            lower ones, and for the wheel the ace last (``5 4 3 2 A``).
        name: the hand for people, e.g. ``"Full house, Kings full of Tens"`` (R11.4).
    """

    strength: int
    category: HandCategory
    best_five: tuple[Card, ...]
    name: str


def category_of(strength: int) -> HandCategory:
    """Return the :class:`HandCategory` of a strength returned by :func:`strength`."""
    if not MIN_STRENGTH <= strength <= MAX_STRENGTH:
        raise ValueError(f"{strength!r} is not a hand strength ({MIN_STRENGTH}..{MAX_STRENGTH})")
    for floor, category in _CATEGORY_FLOORS:
        if strength >= floor:
            return category
    raise AssertionError("unreachable: the last floor is MIN_STRENGTH")  # pragma: no cover


def check_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Return ``cards`` as a tuple after checking they are 5..7 distinct valid cards."""
    hand = tuple(cards)
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"a hand is evaluated from 5 to 7 cards, got {len(hand)}")
    for card in hand:
        if type(card) is not int or not 0 <= card < 52:
            raise ValueError(f"{card!r} is not a card: a card is an int from 0 to 51")
    if len(set(hand)) != len(hand):
        raise ValueError(f"the cards {hand!r} contain the same card more than once")
    return hand


def strength(cards: Sequence[Card]) -> int:
    """Return the strength of the best five of ``cards`` (5 to 7 distinct cards) (R9).

    Higher is better and equal values split (R9.4); the ordering is the one of
    :attr:`HandValue.strength`. Raises ``ValueError`` on anything but 5..7 distinct cards.
    """
    hand = check_hand(cards)
    return _RANK_LIMIT - _EVALUATORS[len(hand)](*hand)


def strength_batch(hands: Iterable[Sequence[Card]], *, checked: bool = True) -> list[int]:
    """Return :func:`strength` of each hand, evaluated in one pass at C speed.

    Every hand must have the same number of cards (5, 6 or 7). The evaluator is driven by
    ``itertools.starmap`` so no Python bytecode runs per hand.

    With ``checked=True`` (the default) every card is validated first (range, hand size,
    no card twice in a hand), which makes the call about three times slower. With
    ``checked=False`` the caller guarantees that every hand holds 5..7 distinct cards from
    0..51: invalid input then gives meaningless numbers, or worse, since phevaluator's C
    tables are indexed without bounds checks. On a 2-core x86-64 machine this evaluates
    about 6.5 million 7-card hands a second unchecked (1.8 million checked).
    """
    hand_list = hands if isinstance(hands, (list, tuple)) else list(hands)
    if not hand_list:
        return []
    size = len(hand_list[0])
    sizes = set(map(len, hand_list)) if checked else {size}
    if len(sizes) != 1 or size not in _EVALUATORS:
        raise ValueError(
            f"strength_batch needs hands of one size, 5 to 7 cards; got sizes {sorted(sizes)}"
        )
    if checked:
        if not _VALID_CARDS.issuperset(chain.from_iterable(hand_list)):
            bad = next(c for c in chain.from_iterable(hand_list) if c not in _VALID_CARDS)
            raise ValueError(f"{bad!r} is not a card: a card is an int from 0 to 51")
        if set(map(len, map(frozenset, hand_list))) != {size}:
            raise ValueError("a hand in the batch contains the same card more than once")
    evaluator = _EVALUATORS[size]
    return list(map(sub, repeat(_RANK_LIMIT), starmap(evaluator, hand_list)))


def reading_order(five: Sequence[Card], category: HandCategory) -> tuple[Card, ...]:
    """Sort five cards for display: biggest group first, then higher rank; an ace playing
    low in a straight last (the wheel, R9.3; a short deck's A-6-7-8-9, R30.3)."""
    counts = Counter(card_rank(card) for card in five)
    ordered = sorted(five, key=lambda card: (-counts[card_rank(card)], -card_rank(card)))
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        ranks = [card_rank(card) for card in ordered]
        if ranks[0] == _ACE and ranks[1] != _KING:  # the ace below the lowest rank plays low
            ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


def hand_name(category: HandCategory, five: Sequence[Card]) -> str:
    """Name the hand made by ``five`` (already in reading order) for people (R11.4)."""
    ranks = [card_rank(card) for card in five]
    top = ranks[0]
    if category is HandCategory.HIGH_CARD:
        return f"High card, {_RANK_WORDS[top]}"
    if category is HandCategory.ONE_PAIR:
        return f"Pair of {_RANK_PLURALS[top]}"
    if category is HandCategory.TWO_PAIR:
        return f"Two pair, {_RANK_PLURALS[top]} and {_RANK_PLURALS[ranks[2]]}"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"Three of a kind, {_RANK_PLURALS[top]}"
    if category is HandCategory.STRAIGHT:
        return f"Straight, {_RANK_WORDS[top]} high"
    if category is HandCategory.FLUSH:
        return f"Flush, {_RANK_WORDS[top]} high"
    if category is HandCategory.FULL_HOUSE:
        return f"Full house, {_RANK_PLURALS[top]} full of {_RANK_PLURALS[ranks[3]]}"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"Four of a kind, {_RANK_PLURALS[top]}"
    if top == _ACE:
        return "Royal flush"
    return f"Straight flush, {_RANK_WORDS[top]} high"


_ONE: Final = "(" + "|".join(_RANK_WORDS) + ")"
_MANY: Final = "(" + "|".join(_RANK_PLURALS) + ")"
_NAME_PATTERNS: Final = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("royal_flush", "Royal flush"),
        ("straight_flush", f"Straight flush, {_ONE} high"),
        ("four_of_a_kind", f"Four of a kind, {_MANY}"),
        ("full_house", f"Full house, {_MANY} full of {_MANY}"),
        ("flush", f"Flush, {_ONE} high"),
        ("straight", f"Straight, {_ONE} high"),
        ("three_of_a_kind", f"Three of a kind, {_MANY}"),
        ("two_pair", f"Two pair, {_MANY} and {_MANY}"),
        ("pair", f"Pair of {_MANY}"),
        ("high_card", f"High card, {_ONE}"),
        ("low", r"([2-9TJQKA](?:-[2-9TJQKA]){4}) low"),
    )
)


def name_words(name: str) -> tuple[tuple[str, ...], ...]:
    """The parts of a hand's name made here (:func:`hand_name`, :func:`evaluate_omaha_low`), free
    of any language, so that people can read it in theirs: for each part of a split game's
    name ("high / low"), its kind and its ranks as letters (a low: its five ranks), or
    ``("text", part)`` for a name these rules did not make.

    >>> name_words("Two pair, Aces and Fours")
    (('two_pair', 'A', '4'),)
    >>> name_words("Straight, Five high / 6-5-3-2-A low")
    (('straight', '5'), ('low', '6', '5', '3', '2', 'A'))
    """
    out = []
    for part in name.split(" / "):
        for kind, pattern in _NAME_PATTERNS:
            found = pattern.fullmatch(part)
            if found:
                words = found.groups()
                if kind == "low":
                    ranks = tuple(words[0].split("-"))
                else:
                    ranks = tuple(
                        RANKS[_RANK_WORDS.index(w) if w in _RANK_WORDS else _RANK_PLURALS.index(w)]
                        for w in words
                    )
                out.append((kind, *ranks))
                break
        else:
            out.append(("text", part))
    return tuple(out)


def evaluate(cards: Sequence[Card]) -> HandValue:
    """Evaluate 5 to 7 distinct cards: strength, category, the five used and a name (R9).

    When several choices of five cards make the same hand (say a third pair on the board,
    or a kicker that two cards of one rank could supply), the first choice in
    ``itertools.combinations`` order of ``cards`` is used, so earlier cards are preferred:
    pass the hole cards before the board to show a hole card rather than a board card.

    >>> from engine.cards import parse_cards
    >>> evaluate(parse_cards("Ah 4d As 4c 9s Kd 2h")).name
    'Two pair, Aces and Fours'
    >>> evaluate(parse_cards("Ah 2d 3s 4c 5s Kd Kh")).name
    'Straight, Five high'
    """
    hand = check_hand(cards)
    rank = _EVALUATORS[len(hand)](*hand)
    value = _RANK_LIMIT - rank
    if len(hand) == 5:
        five: tuple[Card, ...] = hand
    else:
        five = next(subset for subset in combinations(hand, 5) if _EVALUATE_5(*subset) == rank)
    category = category_of(value)
    ordered = reading_order(five, category)
    return HandValue(
        strength=value,
        category=category,
        best_five=ordered,
        name=hand_name(category, ordered),
    )


# --------------------------------------------------------------------------- Omaha


def _omaha_rank(hole: Sequence[Card], board: Sequence[Card]) -> int:
    if len(board) == 5:
        if len(hole) == 4:
            return RANK_OMAHA_4(*board, *hole)
        # every two of the hole cards lie in some four of them: the best of the four-card
        # Omaha hands is the best of all (five hole cards: 5 calls instead of 100)
        return min(RANK_OMAHA_4(*board, *four) for four in combinations(hole, 4))
    return min(
        _EVALUATE_5(*two, *three)
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )


def _check_omaha(hole: Sequence[Card], board: Sequence[Card]) -> None:
    if not 4 <= len(hole) <= 6 or not 3 <= len(board) <= 5:
        raise ValueError(
            f"an Omaha hand is 4 to 6 hole cards and 3 to 5 board cards, "
            f"got {len(hole)} and {len(board)}"
        )
    cards = (*hole, *board)
    if any(type(c) is not int or c not in _VALID_CARDS for c in cards):
        raise ValueError(f"not cards: {cards!r}")
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card appears twice: {cards!r}")


def omaha_strength(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The strength of the best hand of exactly two of ``hole`` and three of ``board``
    (R17.1), on :func:`strength`'s scale (higher is better).

    >>> from engine.cards import parse_cards
    >>> flush = omaha_strength(parse_cards("AhKh2c3d"), parse_cards("Qh Jh 9s 4h 8c"))
    >>> no_flush = omaha_strength(parse_cards("Ah2c3d4s"), parse_cards("Kh Qh Jh Th 8c"))
    >>> category_of(flush).name, category_of(no_flush).name  # one heart is not a flush
    ('FLUSH', 'HIGH_CARD')
    """
    _check_omaha(hole, board)
    return _RANK_LIMIT - _omaha_rank(hole, board)


def evaluate_omaha(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """:func:`evaluate` for Omaha: the best hand of exactly two hole cards and three board
    cards (R17.1), its five cards and its name.

    >>> from engine.cards import parse_cards
    >>> evaluate_omaha(parse_cards("AsAdKc2h"), parse_cards("Ah 7d 7c Kd 2s")).name
    'Full house, Aces full of Sevens'
    """
    _check_omaha(hole, board)
    rank = _omaha_rank(hole, board)
    five = next(
        (*two, *three)
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
        if _EVALUATE_5(*two, *three) == rank
    )
    return evaluate(five)


# --------------------------------------------------------------------------- eight-or-better low

_LOW_VALUE: Final = {12: 1, 0: 2, 1: 3, 2: 4, 3: 5, 4: 6, 5: 7, 6: 8}
"""A low card's value by rank index (R19.2): the ace plays 1, a deuce 2 ... an eight 8."""
_LOW_NAMES: Final = "?A2345678"
_LOW_BASE: Final = 9
LOW_LIMIT: Final = _LOW_BASE**5
"""Low strengths run from 1 up to below this (the wheel, 5-4-3-2-A); 0 is no low."""
NO_LOW: Final = 0


@dataclass(frozen=True)
class LowValue:
    """A qualifying eight-or-better low (R19.2).

    Attributes:
        strength: higher is better (a lower low); equal strength splits the low half.
        values: the five distinct low values, highest first (``(8, 6, 4, 2, 1)``).
        cards: the five cards used, the two hole cards first, highest first in each.
        name: for people, ``"8-6-4-2-A low"``.
    """

    strength: int
    values: tuple[int, ...]
    cards: tuple[Card, ...]
    name: str


@cache
def _best_low(hole_values: frozenset[int], board_values: frozenset[int]) -> tuple[int, ...]:
    """The best low from two of ``hole_values`` and three of ``board_values`` (distinct low
    values of each), highest value first, or ``()``. For a given pair of hole values the best
    three board values are the three lowest not already in the pair; the best low is the
    smallest such five compared from the top (R19.2). Cached: there are at most 219 x 219
    pairs of value sets."""
    best: tuple[int, ...] = ()
    for pair in combinations(sorted(hole_values), 2):
        rest = sorted(board_values.difference(pair))
        if len(rest) < 3:
            continue
        five = tuple(sorted((*pair, *rest[:3]), reverse=True))
        if not best or five < best:
            best = five
    return best


def low_values(cards: Iterable[Card]) -> frozenset[int]:
    """The distinct low values (R19.2) among ``cards``: what a low is made from."""
    return frozenset(_LOW_VALUE[c >> 2] for c in cards if c >> 2 in _LOW_VALUE)


def _low_strength(values: tuple[int, ...]) -> int:
    key = 0
    for value in values:
        key = key * _LOW_BASE + value
    return LOW_LIMIT - key


@cache
def low_of_values(hole_values: frozenset[int], board_values: frozenset[int]) -> int:
    """The low strength (0: none) from the :func:`low_values` of the hole and the board;
    cached, for equity's inner loop, where the values of a board serve every player."""
    values = _best_low(hole_values, board_values)
    return _low_strength(values) if values else NO_LOW


def low_strength_unchecked(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """:func:`omaha_low_strength` without the checks: the showdown's inner loop."""
    return low_of_values(low_values(hole), low_values(board))


def omaha_low_strength(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The strength of the best eight-or-better low of exactly two of ``hole`` and three of
    ``board`` (R19.2): five distinct ranks of eight or lower, the ace low, straights and
    flushes not counted. Higher is better; :data:`NO_LOW` (0) when none qualifies.

    >>> from engine.cards import parse_cards
    >>> wheel = omaha_low_strength(parse_cards("As2dKcKd"), parse_cards("3h 4s 5c Qd Jh"))
    >>> eight = omaha_low_strength(parse_cards("Ah8d2cKd"), parse_cards("3h 6s 5c Qd Jh"))
    >>> wheel > eight > NO_LOW
    True
    >>> omaha_low_strength(parse_cards("AhAd2c3d"), parse_cards("2h 3s 9c Qd Jh"))  # no low
    0
    """
    _check_omaha(hole, board)
    return low_strength_unchecked(hole, board)


def evaluate_omaha_low(hole: Sequence[Card], board: Sequence[Card]) -> LowValue | None:
    """The best eight-or-better low of ``hole`` and ``board`` (R19.2), or ``None``.

    >>> from engine.cards import parse_cards
    >>> evaluate_omaha_low(parse_cards("Ah8d2c2d"), parse_cards("3h 6s 5c Qd 2h")).name
    '6-5-3-2-A low'
    """
    _check_omaha(hole, board)
    values = _best_low(low_values(hole), low_values(board))
    if not values:
        return None
    used = next(
        (*two, *three)
        for two in combinations(sorted(hole, reverse=True), 2)
        for three in combinations(sorted(board, reverse=True), 3)
        if tuple(sorted((_LOW_VALUE.get(c >> 2, 0) for c in (*two, *three)), reverse=True))
        == values
    )
    name = "-".join(_LOW_NAMES[value] for value in values) + " low"
    return LowValue(_low_strength(values), values, tuple(used), name)


@cache
def _low_of_set(values: frozenset[int]) -> int:
    """The low strength of the five lowest of ``values`` (0: fewer than five)."""
    if len(values) < 5:
        return NO_LOW
    return _low_strength(tuple(sorted(values)[4::-1]))


def any_five_low_strength(cards: Sequence[Card]) -> int:
    """The strength of the best eight-or-better low of any five of ``cards`` (seven-card stud
    hi-lo, R46.2): five different ranks of eight or lower, the ace low, straights and flushes
    not counted; the best is the five lowest different ranks. Higher is better;
    :data:`NO_LOW` (0) when fewer than five different ranks are eight or lower. Unchecked.

    >>> from engine.cards import parse_cards
    >>> any_five_low_strength(parse_cards("Ah 8d 2c 2d 6s 5c 3h")) > NO_LOW
    True
    >>> any_five_low_strength(parse_cards("Ah Ad 2c 2d 6s 5c Kh"))  # four low ranks
    0
    """
    return _low_of_set(low_values(cards))


def evaluate_any_five_low(cards: Sequence[Card]) -> LowValue | None:
    """The best eight-or-better low of any five of ``cards`` (R46.2), or ``None``; its cards
    highest first, the first of ``cards`` of each rank.

    >>> from engine.cards import parse_cards
    >>> evaluate_any_five_low(parse_cards("Ah 8d 2c 2d 6s 5c 3h")).name
    '6-5-3-2-A low'
    """
    values = tuple(sorted(low_values(cards))[4::-1])
    if len(values) < 5:
        return None
    used = tuple(next(c for c in cards if _LOW_VALUE.get(c >> 2) == value) for value in values)
    name = "-".join(_LOW_NAMES[value] for value in values) + " low"
    return LowValue(_low_strength(values), values, used, name)
