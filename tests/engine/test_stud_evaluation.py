"""The stud games' evaluators (R45–R47): the ace-to-five low of razz and the eight-or-better
low of stud hi-lo, each the best five of seven cards, checked on every multiset of seven
ranks against a brute force over the 21 fives and against PokerKit; the order of the door
cards and of the showing hands, checked on every card and every multiset of up cards
against PokerKit's own openers."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

import pytest
from pokerkit import Card as PokerKitCard
from pokerkit import EightOrBetterLowHand, RankOrder, RegularLowHand
from pokerkit.state import _HighHandOpeningLookup, _LowHandOpeningLookup

from engine.cards import card_str, cards_str, parse_cards
from engine.evaluation import (
    NO_LOW,
    any_five_low_strength,
    evaluate_any_five_low,
    name_words,
)
from engine.ranking import ace_to_five, evaluate_ace_to_five
from engine.showing import door_order_high, door_order_low, showing_high, showing_low

PATTERNS = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}
"""Ace-to-five kinds by the sizes of a five's groups, best first (R47.2: a full house is
better than four of a kind; straights and flushes do not count)."""


def rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` ranks (0..12) that a deck holds: four of a rank at most."""
    for ranks in combinations_with_replacement(range(13), size):
        if max(Counter(ranks).values()) <= 4:
            yield ranks


def hand_of(ranks: Sequence[int]) -> list[int]:
    """Cards of these ranks (0 = deuce ... 12 = ace), the suits in turn (no flush matters)."""
    seen: Counter[int] = Counter()
    out = []
    for rank in ranks:
        out.append(rank * 4 + seen[rank])
        seen[rank] += 1
    return out


def low_key(five: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """A brute force's key of five ranks as an ace-to-five hand, lower is better: the kind,
    then the ranks by group (biggest group first, higher rank first), the ace low."""
    low = [(rank + 1) % 13 for rank in five]
    counts = Counter(low)
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    sizes = tuple(sorted(counts.values(), reverse=True))
    return PATTERNS[sizes], tuple(groups)


def eight_key(five: Sequence[int]) -> tuple[int, ...] | None:
    """A brute force's key of five ranks as an eight-or-better low: five different ranks,
    eight or lower (the ace 1), highest first; lower is better; ``None`` for none."""
    values = sorted({1 if rank == 12 else rank + 2 for rank in five if rank == 12 or rank <= 6})
    if len(values) < 5 or len(set(five)) < 5:
        return None
    return tuple(reversed(values))


def assert_same_order(items: list[Any], ours: Any, theirs: Any) -> None:
    """``ours`` and ``theirs`` order ``items`` alike: sorted by ours, theirs never goes back
    and is equal exactly where ours is (higher is better for both)."""
    items = sorted(items, key=ours)
    for a, b in zip(items, items[1:], strict=False):
        assert (ours(a) == ours(b)) == (theirs(a) == theirs(b)), (a, b)
        assert theirs(a) <= theirs(b), (a, b)


# --------------------------------------------------------------------------- R47.2 razz


def test_R47_2_ace_to_five_is_the_best_five_of_seven_on_every_multiset_of_ranks() -> None:
    """All 49,205 multisets of seven ranks: the engine's strength orders them as the best
    of their 21 fives does by a brute force (no pair, then one pair ... four of a kind; the
    ranks from the top; the ace low; no straight, no flush)."""
    sevens = list(rank_multisets(7))
    assert len(sevens) == 49205
    best = {ranks: min(low_key(five) for five in set(combinations(ranks, 5))) for ranks in sevens}
    strength = {ranks: ace_to_five(hand_of(ranks)) for ranks in sevens}
    assert_same_order(sevens, strength.__getitem__, lambda r: tuple(-k for k in _flat(best[r])))


def _flat(key: tuple[int, tuple[int, ...]]) -> tuple[int, ...]:
    return (key[0], *key[1])


@pytest.mark.parametrize("size", [5, 6])
def test_R47_2_ace_to_five_of_five_and_six_cards(size: int) -> None:
    """The showdown's hand of six cards and a community card, and a hand of five."""
    hands = list(rank_multisets(size))
    best = {r: min(low_key(five) for five in set(combinations(r, 5))) for r in hands}
    assert_same_order(
        hands, lambda r: ace_to_five(hand_of(r)), lambda r: tuple(-k for k in _flat(best[r]))
    )


def _pokerkit(cards: Sequence[int]) -> str:
    return "".join(card_str(card) for card in cards)


def test_R47_2_ace_to_five_orders_seven_card_hands_as_pokerkits_regular_low_hand() -> None:
    rng = random.Random(472)
    hands = [tuple(rng.sample(range(52), 7)) for _ in range(1500)]
    theirs = {hand: RegularLowHand.from_game(_pokerkit(hand)) for hand in hands}
    ours = {hand: ace_to_five(hand) for hand in hands}
    for a, b in zip(hands, hands[1:], strict=False):
        assert (ours[a] > ours[b]) == (theirs[a] > theirs[b]), (cards_str(a), cards_str(b))
        assert (ours[a] == ours[b]) == (not theirs[a] > theirs[b] and not theirs[b] > theirs[a])


@pytest.mark.parametrize(
    ("cards", "name", "five"),
    [
        ("8c 6d 4h 3s Ac Ad 8d", "8-6-4-3-A low", "8c 6d 4h 3s Ac"),
        ("2c 2d 3h 4s 5c 3d 5h", "Pair of Twos", "2c 2d 5c 4s 3h"),
        ("Kc Kd Kh Ks Qc Qd Qh", "Full house, Queens full of Kings", "Qc Qd Qh Kc Kd"),
        ("As 2s 3s 4s 5s 6s 7s", "5-4-3-2-A low", "5s 4s 3s 2s As"),
    ],
)
def test_R47_2_an_ace_to_five_hand_is_named_by_its_ranks_or_its_high_name(
    cards: str, name: str, five: str
) -> None:
    value = evaluate_ace_to_five(parse_cards(cards))
    assert value.name == name and value.best_five == parse_cards(five)
    assert value.strength == ace_to_five(parse_cards(cards))
    assert name_words(name)[0][0] in ("low", "pair", "full_house")


# --------------------------------------------------------------------------- R46.2 stud hi-lo


def test_R46_2_the_eight_or_better_low_is_the_best_five_of_seven_on_every_multiset() -> None:
    sevens = list(rank_multisets(7))
    best: dict[tuple[int, ...], tuple[int, ...] | None] = {}
    for ranks in sevens:
        lows = [key for five in set(combinations(ranks, 5)) if (key := eight_key(five))]
        best[ranks] = min(lows) if lows else None
    strength = {ranks: any_five_low_strength(hand_of(ranks)) for ranks in sevens}
    assert {r for r in sevens if strength[r] == NO_LOW} == {r for r in sevens if best[r] is None}
    with_low = [r for r in sevens if best[r] is not None]
    assert_same_order(with_low, strength.__getitem__, lambda r: tuple(-v for v in best[r] or ()))


def test_R46_2_the_eight_or_better_low_agrees_with_pokerkits_on_seven_card_hands() -> None:
    rng = random.Random(462)
    hands = [tuple(rng.sample(range(52), 7)) for _ in range(2000)]
    theirs = {}
    for hand in hands:
        try:
            theirs[hand] = EightOrBetterLowHand.from_game(_pokerkit(hand))
        except ValueError:  # no low
            theirs[hand] = None
    for hand in hands:
        assert (any_five_low_strength(hand) == NO_LOW) == (theirs[hand] is None)
    lows = [hand for hand in hands if theirs[hand] is not None]
    for a, b in zip(lows, lows[1:], strict=False):
        ours = any_five_low_strength(a), any_five_low_strength(b)
        assert (ours[0] > ours[1]) == (theirs[a] > theirs[b]), (cards_str(a), cards_str(b))


def test_R46_2_the_low_of_a_stud_hand_is_named_with_its_cards() -> None:
    low = evaluate_any_five_low(parse_cards("Ah 8d 2c 2d 6s 5c 3h"))
    assert low is not None and low.name == "6-5-3-2-A low"
    assert low.cards == parse_cards("6s 5c 3h 2c Ah")
    assert evaluate_any_five_low(parse_cards("Ah Ad 2c 2d 6s 5c Kh")) is None


# --------------------------------------------------------------------------- R45.4, R45.5


def _pk_cards(cards: Sequence[int]) -> tuple[PokerKitCard, ...]:
    return tuple(PokerKitCard.parse(_pokerkit(cards)))


def test_R45_4_the_door_cards_bring_in_in_pokerkits_order() -> None:
    """Every card, against the key PokerKit's openers use: (the rank's place in its order,
    the suit, clubs < diamonds < hearts < spades). Stud and stud hi-lo: its lowest card
    brings in, the ace high; razz: its highest, the ace low."""
    deck = list(range(52))

    def key(order: Any, card: int) -> tuple[int, str]:
        pk = _pk_cards([card])[0]
        return order.index(pk.rank), str(pk.suit)

    stud = sorted(deck, key=lambda c: key(RankOrder.STANDARD, c))  # the first brings in
    assert sorted(deck, key=door_order_high, reverse=True) == stud
    assert card_str(stud[0]) == "2c" and card_str(stud[-1]) == "As"
    razz = sorted(deck, key=lambda c: key(RankOrder.REGULAR, c))  # the last brings in
    assert sorted(deck, key=door_order_low) == razz
    assert card_str(razz[-1]) == "Ks" and card_str(razz[0]) == "Ac"


@pytest.mark.parametrize("up", [1, 2, 3, 4])
def test_R45_5_the_showing_hands_open_in_pokerkits_order(up: int) -> None:
    """Every multiset of ``up`` up cards: the engine's showing order is PokerKit's openers'
    (its high-hand lookup for stud and stud hi-lo, its low-hand lookup for razz: the lowest
    entry opens there), ties and all."""
    hands = [tuple(hand_of(ranks)) for ranks in rank_multisets(up)]
    high = _HighHandOpeningLookup()
    low = _LowHandOpeningLookup()

    def index(lookup: Any, hand: tuple[int, ...]) -> int:
        entry = lookup.get_entry_or_none(_pk_cards(hand))
        assert entry is not None
        return int(entry.index)

    assert_same_order(hands, showing_high, lambda hand: index(high, hand))
    assert_same_order(hands, showing_low, lambda hand: -index(low, hand))
