"""Hand rankings other than R9's: short decks (R30), poker all'italiana (R32), and the
lowball rankings, deuce-to-seven (R44.2) and ace-to-five (razz, R47.2).

Short decks: the best five of five to seven cards when the deck lacks its low ranks and
the order of the categories is not the 52-card one.

A short deck is the 52-card deck without its lowest ranks: short deck hold'em deals the
36 cards from six up (R30.1). A :class:`Ranking` names the deck's lowest rank and the order
of the nine categories, worst first:

* a flush is rarer than a full house on 36 cards (2 in 1,000 five-card hands against 3),
  so it ranks above it (R30.2);
* three of a kind ranks above a straight, as the rooms that deal the game rank them
  (R30.2; PokerKit ranks the straight higher);
* the lowest straight puts the ace below the deck's lowest rank: A-6-7-8-9 on 36 cards
  (R30.3), "Nine high"; A-2-3-4-5 cannot be made.

Strengths are integers, higher is better, equal splits (R9.4), on this module's own scale
(comparable within one ranking only): the category's place in the order times ``13**5``
plus the ranks that break ties, most significant first. phevaluator's tables are for the
52-card ranking, so the work is done here, with bit masks and two tables per deck built
once (the highest straight and the five highest ranks of every set of ranks).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from engine.cards import RANKS, Card, card_rank
from engine.evaluation import HandCategory, HandValue, check_hand, hand_name, reading_order

__all__ = [
    "DEUCE_TO_SEVEN",
    "SHORT_DECK",
    "ItalianRanking",
    "Ranking",
    "ace_to_five",
    "deuce_to_seven",
    "evaluate_ace_to_five",
    "evaluate_deuce_to_seven",
    "italian_lowest",
]

_ACE: Final = 12
_BASE: Final = 13
_PLACE: Final = _BASE**5
_MASKS: Final = 1 << 13
_FIRST_DIGIT: Final = _BASE**4
_SCALE: Final[tuple[int, ...]] = tuple(_BASE ** (5 - k) for k in range(6))

H = HandCategory


@cache
def _straight_tops(lowest: int, ace_low: bool = True) -> tuple[int, ...]:
    """For every 13-bit set of ranks, the top rank of its highest straight (-1: none) on a
    deck whose lowest rank is ``lowest``; the ace also plays below ``lowest`` (R30.3),
    unless not ``ace_low`` (deuce-to-seven, R44.2: the ace is high only)."""
    windows = [
        (top, sum(1 << r for r in range(top - 4, top + 1))) for top in range(12, lowest + 3, -1)
    ]
    low_window = (1 << _ACE) | sum(1 << r for r in range(lowest, lowest + 4))
    tops = []
    for mask in range(_MASKS):
        top = next((t for t, window in windows if mask & window == window), -1)
        if top < 0 and ace_low and mask & low_window == low_window:
            top = lowest + 3
        tops.append(top)
    return tuple(tops)


@cache
def _tops() -> tuple[tuple[int, ...], ...]:
    """For every 13-bit set of ranks, its ranks from the highest down."""
    return tuple(tuple(r for r in range(12, -1, -1) if mask >> r & 1) for mask in range(_MASKS))


def _packed(ranks: Sequence[int]) -> int:
    value = 0
    for rank in ranks:
        value = value * _BASE + rank
    return value * _SCALE[len(ranks)]


@dataclass(frozen=True)
class Ranking:
    """A deck from ``lowest`` (a rank index: 4 = six) up and its order of categories."""

    lowest: int
    order: tuple[HandCategory, ...]
    """The nine categories, worst first."""
    ace_low: bool = True
    """Whether the ace also plays below the lowest rank in a straight (R30.3); deuce-to-seven
    lowball's ace is high only (R44.2)."""
    _place: dict[HandCategory, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if sorted(self.order) != list(HandCategory):
            raise ValueError("a ranking orders the nine categories")
        object.__setattr__(self, "_place", {c: k * _PLACE for k, c in enumerate(self.order)})

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck's cards in encoding order (R1.1): every card from ``lowest`` up."""
        return tuple(range(4 * self.lowest, 52))

    def strength(self, cards: Sequence[Card]) -> int:
        """The strength of the best five of ``cards`` (5 to 7 cards of the deck), higher is
        better. Unchecked: the showdown's and the equity's inner loop."""
        return self._best(cards)[0]

    def category(self, strength: int) -> HandCategory:
        """The category of a strength given by :meth:`strength`."""
        return self.order[strength // _PLACE]

    def evaluate(self, cards: Sequence[Card]) -> HandValue:
        """Strength, category, the five cards used and a name (R9, R11.4), as
        :func:`engine.evaluation.evaluate`: earlier cards are preferred among equal choices.

        >>> from engine.cards import parse_cards
        >>> SHORT_DECK.evaluate(parse_cards("Ah 6d 7s 8c 9s Kd Kh")).name
        'Straight, Nine high'
        """
        hand = tuple(cards)
        if not 5 <= len(hand) <= 7 or len(set(hand)) != len(hand):
            raise ValueError(f"a hand is 5 to 7 distinct cards, got {hand!r}")
        if any(type(c) is not int or not 4 * self.lowest <= c < 52 for c in hand):
            raise ValueError(f"not cards of this deck: {hand!r}")
        best, category = self._best(hand)
        ordered = reading_order(self._five(hand, best, category), category)
        return HandValue(best, category, ordered, hand_name(category, ordered))

    def _five(self, hand: Sequence[Card], best: int, category: HandCategory) -> list[Card]:
        """The five cards that make ``best``: for each rank it needs, the first cards of
        that rank in ``hand`` (of the flush's suit for a flush), so earlier cards (the hole
        cards, passed first) are preferred among equal choices."""
        digits = _DIGITS[category]
        packed = best % _PLACE // _SCALE[digits]
        ranks = [packed // _BASE**k % _BASE for k in range(digits - 1, -1, -1)]
        if category in (H.STRAIGHT, H.STRAIGHT_FLUSH):  # (the ace below only when ace_low)
            top = ranks[0]
            ranks = [r for r in range(top, top - 5, -1) if r >= self.lowest]
            ranks += [_ACE] * (5 - len(ranks))  # the ace below the lowest rank (R30.3)
        need = Counter(ranks)
        for rank, count in _GROUPS[category](ranks).items():
            need[rank] = count
        suited = category in (H.FLUSH, H.STRAIGHT_FLUSH)
        suit = Counter(c & 3 for c in hand).most_common(1)[0][0] if suited else None
        five: list[Card] = []
        for card in hand:
            rank = card >> 2
            if need[rank] and (suit is None or card & 3 == suit):
                need[rank] -= 1
                five.append(card)
        return five

    def _best(self, cards: Sequence[Card]) -> tuple[int, HandCategory]:
        suits = [0, 0, 0, 0]
        counts = [0] * 13
        for card in cards:
            rank = card >> 2
            counts[rank] += 1
            suits[card & 3] |= 1 << rank
        ranks = suits[0] | suits[1] | suits[2] | suits[3]
        straight_tops = _straight_tops(self.lowest, self.ace_low)
        tops = _tops()
        found: list[tuple[HandCategory, int]] = []
        for suit in suits:
            if suit.bit_count() >= 5:
                top = straight_tops[suit]
                if top >= 0:
                    found.append((H.STRAIGHT_FLUSH, _packed((top,))))
                found.append((H.FLUSH, _packed(tops[suit][:5])))
                break
        quads = trips = pairs = 0
        for rank in range(13):
            count = counts[rank]
            if count == 4:
                quads |= 1 << rank
            elif count == 3:
                trips |= 1 << rank
            elif count == 2:
                pairs |= 1 << rank
        if quads:
            q = tops[quads][0]
            kicker = tops[ranks & ~(1 << q)][0]
            found.append((H.FOUR_OF_A_KIND, _packed((q, kicker))))
        if trips:
            t = tops[trips][0]
            other = (trips | pairs) & ~(1 << t)
            if other:
                found.append((H.FULL_HOUSE, _packed((t, tops[other][0]))))
            found.append((H.THREE_OF_A_KIND, _packed((t, *tops[ranks & ~(1 << t)][:2]))))
        top = straight_tops[ranks]
        if top >= 0:
            found.append((H.STRAIGHT, _packed((top,))))
        if pairs:
            high = tops[pairs]
            if len(high) >= 2:
                used = (1 << high[0]) | (1 << high[1])
                found.append((H.TWO_PAIR, _packed((high[0], high[1], tops[ranks & ~used][0]))))
            found.append((H.ONE_PAIR, _packed((high[0], *tops[ranks & ~(1 << high[0])][:3]))))
        found.append((H.HIGH_CARD, _packed(tops[ranks][:5])))
        place = self._place
        category, tiebreak = max(found, key=lambda f: place[f[0]])
        return place[category] + tiebreak, category

    def rank_of_board(self, hole: Sequence[Card]) -> Callable[..., int]:
        """hole -> a function of the board cards giving a rank, lower is better: the
        :attr:`engine.games.GameRules.rank_of_board` of a game on this ranking."""
        hole = tuple(hole)
        best = self._best
        limit = len(self.order) * _PLACE

        def rank(*board: Card) -> int:
            return limit - best((*hole, *board))[0]

        return rank


_DIGITS: Final = {
    H.STRAIGHT_FLUSH: 1, H.FOUR_OF_A_KIND: 2, H.FULL_HOUSE: 2, H.FLUSH: 5, H.STRAIGHT: 1,
    H.THREE_OF_A_KIND: 3, H.TWO_PAIR: 3, H.ONE_PAIR: 4, H.HIGH_CARD: 5,
}  # fmt: skip
"""How many ranks break a tie in each category (the packed digits of a strength)."""


def _group(*sizes: int) -> Callable[[Sequence[int]], Counter[int]]:
    """The cards each tie-breaking rank stands for: (4, 1) for four of a kind and its kicker."""
    return lambda ranks: Counter(dict(zip(ranks, sizes, strict=False)))


_GROUPS: Final = {
    H.STRAIGHT_FLUSH: _group(1, 1, 1, 1, 1), H.FOUR_OF_A_KIND: _group(4, 1),
    H.FULL_HOUSE: _group(3, 2), H.FLUSH: _group(1, 1, 1, 1, 1), H.STRAIGHT: _group(1, 1, 1, 1, 1),
    H.THREE_OF_A_KIND: _group(3, 1, 1), H.TWO_PAIR: _group(2, 2, 1), H.ONE_PAIR: _group(2, 1, 1, 1),
    H.HIGH_CARD: _group(1, 1, 1, 1, 1),
}  # fmt: skip


SHORT_DECK: Final = Ranking(
    lowest=4,
    order=(
        H.HIGH_CARD,
        H.ONE_PAIR,
        H.TWO_PAIR,
        H.STRAIGHT,
        H.THREE_OF_A_KIND,
        H.FULL_HOUSE,
        H.FLUSH,
        H.FOUR_OF_A_KIND,
        H.STRAIGHT_FLUSH,
    ),
)
"""Short deck hold'em (R30.2): 36 cards from six up; a flush beats a full house and three
of a kind beats a straight, as the rooms that deal the game rank them."""


# --------------------------------------------------------------------------- poker all'italiana

ITALIAN_SUITS: Final = (1, 2, 3, 0)
"""R32.5: each suit's rank by suit index (clubs, diamonds, hearts, spades): cuori (hearts)
3 > quadri (diamonds) 2 > fiori (clubs) 1 > picche (spades) 0, "Come Quando Fuori Piove"."""
FULL_DECK_PLAYERS: Final = 9
"""R31.2: nine players are dealt the whole deck (the lowest rank 11 - 9 = 2)."""

_ITALIAN_ORDER: Final = (
    H.HIGH_CARD, H.ONE_PAIR, H.TWO_PAIR, H.THREE_OF_A_KIND, H.STRAIGHT, H.FULL_HOUSE, H.FLUSH,
    H.FOUR_OF_A_KIND, H.STRAIGHT_FLUSH,
)  # fmt: skip
_STANDARD_ORDER: Final = tuple(HandCategory)


def italian_lowest(players: int) -> int:
    """R31.2: the rank index of the deck's lowest card, 11 minus the players dealt in (a
    rank of 7 for four players: index 5; 52 cards for nine)."""
    if not 2 <= players <= FULL_DECK_PLAYERS:
        raise ValueError(f"poker all'italiana deals 2 to 9 players, not {players} (R31.1)")
    return 11 - players - 2


@dataclass(frozen=True)
class ItalianRanking:
    """The hands of poker all'italiana (R32) on the deck of ``players``: five cards, a flush
    above a full house (but below it on the whole deck, R32.2, host option), the ace below
    the deck's lowest rank (R32.3), ties broken by suit (R32.5) so that a pot is never
    split, a flush ranked by its suit first (R32.6, host option) and the ace-low straight
    flush above the ace-high one (R32.4, host option: :meth:`winners`)."""

    players: int
    full_over_flush_on_52: bool = True
    flush_by_suit: bool = False
    minima_beats_massima: bool = True
    base: Ranking = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lowest = italian_lowest(self.players)
        whole = self.players == FULL_DECK_PLAYERS and self.full_over_flush_on_52
        order = _STANDARD_ORDER if whole else _ITALIAN_ORDER
        object.__setattr__(self, "base", Ranking(lowest, order))

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of this hand's deck (R31.2)."""
        return self.base.deck

    def strength(self, five: Sequence[Card]) -> int:
        """The hand's strength, higher is better; two hands of different cards never tie
        (R32.5): after the ranks, the suit of the hand's deciding card (the best-suited card
        of its first group: of a pair, its better card; of a straight or a flush, the top
        card). R32.4 is not in it (it is not an order): see :meth:`winners`."""
        if len(five) != 5:
            raise ValueError("a hand of poker all'italiana is five cards (R32)")
        return self._with_suit(five, *self.base._best(five))

    def best_five(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The five of ``cards`` (five to seven: Telesina's cards and its vele, R41.2) with
        the greatest :meth:`strength`: the best hand by the ranks (the base ranking's, which
        decides before the suit), made of the best-suited card of each rank it needs (hearts
        first, R32.5), so that its deciding card is the best one the cards offer; a flush
        of its own suit. Kickers' suits never decide, so any of them would do."""
        if len(cards) == 5:
            return tuple(cards)
        return self._best_of(cards)[0]

    def best_strength(self, cards: Sequence[Card]) -> int:
        """:meth:`strength` of :meth:`best_five`, the cards ranked once."""
        if len(cards) == 5:
            return self.strength(cards)
        five, best, category = self._best_of(cards)
        return self._with_suit(five, best, category)

    def _best_of(self, cards: Sequence[Card]) -> tuple[tuple[Card, ...], int, HandCategory]:
        ordered = sorted(cards, key=lambda c: -ITALIAN_SUITS[c & 3])  # (stable: ties keep order)
        best, category = self.base._best(ordered)
        return tuple(self.base._five(ordered, best, category)), best, category

    def evaluate(self, five: Sequence[Card]) -> HandValue:
        """:meth:`strength`'s strength with the category, the five cards in reading order
        and the hand's name (R11.4), the cards ranked once."""
        if len(five) != 5:
            raise ValueError("a hand of poker all'italiana is five cards (R32)")
        named = self.base.evaluate(five)
        strength = self._with_suit(five, named.strength, named.category)
        return HandValue(strength, named.category, named.best_five, named.name)

    def _with_suit(self, five: Sequence[Card], base: int, category: HandCategory) -> int:
        """The strength of ``five`` from its strength ``base`` on :attr:`base`'s scale: the
        suit of the deciding card after the ranks (R32.5), or before them for a flush with
        R32.6."""
        deciding = base % _PLACE // _FIRST_DIGIT  # the tie-break's first rank
        suit = max(ITALIAN_SUITS[c & 3] for c in five if c >> 2 == deciding)
        if category is H.FLUSH and self.flush_by_suit:  # R32.6: the suit before the ranks
            place = base - base % _PLACE
            return place * 4 + suit * _PLACE + base % _PLACE
        return base * 4 + suit

    def category(self, strength: int) -> HandCategory:
        return self.base.category(strength // 4)

    def winners(self, hands: Sequence[Sequence[Card]]) -> list[int]:
        """The index of the best of ``hands`` (five cards each, all different cards), as a
        one-item list: never a split (R32.5). With :attr:`minima_beats_massima` (R32.4) an
        ace-low straight flush beats an ace-high one, which beats one without an ace, which
        beats the ace-low one; when all three kinds meet, which has no best, the pot goes
        by R32.3 (the higher top card)."""
        strengths = [self.strength(hand) for hand in hands]
        best = max(range(len(hands)), key=strengths.__getitem__)
        if not self.minima_beats_massima:
            return [best]
        flushes = [k for k, s in enumerate(strengths) if self.category(s) is H.STRAIGHT_FLUSH]
        kinds = {k: self._kind(hands[k]) for k in flushes}
        if len(set(kinds.values())) != 2:  # one kind (R32.3 decides) or all three (no best)
            return [best]
        present = set(kinds.values())
        top_kind = next(kind for kind, loser in _BEATS.items() if {kind, loser} == present)
        return [max((k for k in flushes if kinds[k] == top_kind), key=strengths.__getitem__)]

    def _kind(self, five: Sequence[Card]) -> str:
        ranks = {c >> 2 for c in five}
        if _ACE not in ranks:
            return "media"
        return "massima" if _ACE - 1 in ranks else "minima"


_BEATS: Final = {"minima": "massima", "massima": "media", "media": "minima"}
"""R32.4: each kind of straight flush and the kind it beats."""


# --------------------------------------------------------------------------- deuce-to-seven


DEUCE_TO_SEVEN: Final = Ranking(lowest=0, order=tuple(HandCategory), ace_low=False)
"""The high ranking that deuce-to-seven lowball turns upside down (R44.2): the 52-card
order of R9 with the ace high only, so A-2-3-4-5 is no straight but an ace-high hand."""
_LOW_LIMIT: Final = len(HandCategory) * _PLACE


def deuce_to_seven(five: Sequence[Card]) -> int:
    """The lowball strength of five cards (R44.2), higher is better: the worse the hand is
    as a high hand, the better it is here; 7-5-4-3-2 of mixed suits is the best."""
    return _LOW_LIMIT - DEUCE_TO_SEVEN._best(five)[0]


def evaluate_deuce_to_seven(five: Sequence[Card]) -> HandValue:
    """:func:`deuce_to_seven`'s strength with the five cards and a name: a hand without a
    pair, straight or flush is named by its ranks, highest first ("7-5-4-3-2 low", "K-Q-J-9-8
    low"); any other by its high name ("Pair of Eights", "Straight, Seven high")."""
    high = DEUCE_TO_SEVEN.evaluate(five)
    name = high.name
    if high.category is H.HIGH_CARD:
        name = "-".join(RANKS[card_rank(card)] for card in high.best_five) + " low"
    return HandValue(_LOW_LIMIT - high.strength, high.category, high.best_five, name)


# --------------------------------------------------------------------------- ace-to-five


_LOW_KINDS: Final = (
    H.HIGH_CARD, H.ONE_PAIR, H.TWO_PAIR, H.THREE_OF_A_KIND, H.FULL_HOUSE, H.FOUR_OF_A_KIND,
)  # fmt: skip
"""Ace-to-five hands from the best (no pair) to the worst (R47.2): straights and flushes
do not count, so a full house is better than four of a kind."""
_GROUP_SIZES: Final = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1))
_ACE_TO_FIVE_LIMIT: Final = len(_LOW_KINDS) * _PLACE


def _low_rank(card: Card) -> int:
    """The rank with the ace low: ace 0, deuce 1 ... king 12."""
    return (card_rank(card) + 1) % _BASE


def _ace_to_five_key(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The best ace-to-five hand of any five of ``ranks`` (five to seven ranks, the ace 0):
    its kind (an index of :data:`_LOW_KINDS`) and its ranks by group, the biggest group
    first, higher ranks before lower ones; the lower the pair (kind, ranks), the better.

    Every rank held once makes the most different ranks, so the best kind: five or more
    different ranks play their five lowest; four play the lowest rank that pairs and the
    three others; three play two pair if two ranks pair (the best two), else three of a
    kind; two play a full house if they can (the lower three), else four of a kind."""
    counts = [0] * _BASE
    for rank in ranks:
        counts[rank] += 1
    distinct = [rank for rank in range(_BASE) if counts[rank]]
    paired = [rank for rank in distinct if counts[rank] >= 2]
    if len(distinct) >= 5:
        return 0, tuple(reversed(distinct[:5]))
    if len(distinct) == 4:
        pair = paired[0]
        return 1, (pair, *sorted((r for r in distinct if r != pair), reverse=True))
    if len(distinct) == 3:
        if len(paired) >= 2:
            return 2, min(
                (max(a, b), min(a, b), next(r for r in distinct if r not in (a, b)))
                for a in paired
                for b in paired
                if a < b
            )
        trips = next(rank for rank in distinct if counts[rank] >= 3)
        return 3, (trips, *sorted((r for r in distinct if r != trips), reverse=True))
    houses = [
        (t, p) for t in distinct for p in distinct if t != p and counts[t] >= 3 and counts[p] >= 2
    ]
    if houses:
        return 4, min(houses)
    quads = next(rank for rank in distinct if counts[rank] == 4)
    return 5, (quads, next(rank for rank in distinct if rank != quads))


def ace_to_five(cards: Sequence[Card]) -> int:
    """The strength of the best ace-to-five low of any five of ``cards`` (five to seven;
    razz, R47.2), higher is better: the ace is low, straights and flushes do not count,
    pairs count against a hand; 5-4-3-2-A is the best. Unchecked: the showdown's loop.

    >>> from engine.cards import parse_cards
    >>> wheel = ace_to_five(parse_cards("As 2s 3s 4s 5s Kd Kh"))  # a flush does not count
    >>> eight = ace_to_five(parse_cards("8c 6d 4h 3s Ac Ad 8d"))
    >>> king = ace_to_five(parse_cards("Kc Qd Jh 9s 8c 8d 9d"))
    >>> pair = ace_to_five(parse_cards("2c 2d 3h 4s 5c 3d 5h"))
    >>> wheel > eight > king > pair
    True
    """
    kind, ranks = _ace_to_five_key([_low_rank(card) for card in cards])
    return _ACE_TO_FIVE_LIMIT - (kind * _PLACE + _packed(ranks))


def evaluate_ace_to_five(cards: Sequence[Card]) -> HandValue:
    """:func:`ace_to_five`'s strength with the five cards played and a name: a hand without
    a pair by its ranks, highest first and the ace last ("8-6-4-3-A low"); any other by its
    high name ("Pair of Twos"). The category is the hand's kind (a full house is better than
    four of a kind here); the cards are those of ``cards`` that come first, rank by rank.

    >>> from engine.cards import parse_cards
    >>> evaluate_ace_to_five(parse_cards("8c 6d 4h 3s Ac Ad 8d")).name
    '8-6-4-3-A low'
    >>> evaluate_ace_to_five(parse_cards("2c 2d 3h 4s 5c 3d 5h")).name
    'Pair of Twos'
    """
    hand = check_hand(cards)
    kind, ranks = _ace_to_five_key([_low_rank(card) for card in hand])
    five: list[Card] = []
    for rank, size in zip(ranks, _GROUP_SIZES[kind], strict=True):
        five += [card for card in hand if _low_rank(card) == rank][:size]
    category = _LOW_KINDS[kind]
    if kind == 0:
        name = "-".join(RANKS[card_rank(card)] for card in five) + " low"
    else:
        name = hand_name(category, five)
    return HandValue(
        _ACE_TO_FIVE_LIMIT - (kind * _PLACE + _packed(ranks)), category, tuple(five), name
    )
