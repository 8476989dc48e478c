"""Specification of engine.evaluation: best five of seven, strength, category, name (R9)."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from importlib.metadata import version
from itertools import combinations

import phevaluator
import pytest
from phevaluator import _pheval
from pokerkit import StandardHighHand

from engine.cards import RANKS, card_rank, cards_str, parse_cards
from engine.evaluation import (
    MAX_STRENGTH,
    MIN_STRENGTH,
    RANK_7,
    HandCategory,
    category_of,
    evaluate,
    strength,
    strength_batch,
)


def value_of(text: str) -> int:
    return strength(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "category", "best_five", "name"),
    [
        (
            "Ac 2d 7h 9s Jh Qd Kc",
            HandCategory.HIGH_CARD,
            "Ac Kc Qd Jh 9s",
            "High card, Ace",
        ),
        (
            "Kd Ks 2c 3h 8s 9d Jh",
            HandCategory.ONE_PAIR,
            "Kd Ks Jh 9d 8s",
            "Pair of Kings",
        ),
        (
            "Ah 4d As 4c 9s Kd 2h",
            HandCategory.TWO_PAIR,
            "Ah As 4d 4c Kd",
            "Two pair, Aces and Fours",
        ),
        (
            "7c 7d 7h 2s 3c 9d Jh",
            HandCategory.THREE_OF_A_KIND,
            "7c 7d 7h Jh 9d",
            "Three of a kind, Sevens",
        ),
        (
            "Ah 2d 3s 4c 5s Kd Kh",
            HandCategory.STRAIGHT,
            "5s 4c 3s 2d Ah",
            "Straight, Five high",
        ),
        (
            "Ac Jc 8c 4c 2c 3c Kd",
            HandCategory.FLUSH,
            "Ac Jc 8c 4c 3c",
            "Flush, Ace high",
        ),
        (
            "Kc Kd Kh Tc Td Ts 2c",
            HandCategory.FULL_HOUSE,
            "Kc Kd Kh Tc Td",
            "Full house, Kings full of Tens",
        ),
        (
            "9c 9d 9h 9s Ac Kd Kh",
            HandCategory.FOUR_OF_A_KIND,
            "9c 9d 9h 9s Ac",
            "Four of a kind, Nines",
        ),
        (
            "9h 8h 7h 6h 5h Ah 2h",
            HandCategory.STRAIGHT_FLUSH,
            "9h 8h 7h 6h 5h",
            "Straight flush, Nine high",
        ),
        (
            "As Ks Qs Js Ts 2c 3d",
            HandCategory.STRAIGHT_FLUSH,
            "As Ks Qs Js Ts",
            "Royal flush",
        ),
    ],
)
def test_each_category_is_recognised_and_named(
    cards: str, category: HandCategory, best_five: str, name: str
) -> None:
    """R9.1 categories; R11.4 names; best_five in reading order (biggest group first)."""
    value = evaluate(parse_cards(cards))
    assert value.category is category
    assert cards_str(value.best_five) == best_five
    assert value.name == name
    assert value.strength == value_of(cards)
    assert category_of(value.strength) is category


def test_categories_rank_from_high_card_to_straight_flush() -> None:
    """R9.1: straight flush, quads, full house, flush, straight, trips, two pair, pair, high."""
    ladder = [
        "Ac 2d 7h 9s Jh",
        "2c 2d 7h 9s Jh",
        "2c 2d 3h 3s Jh",
        "2c 2d 2h 9s Jh",
        "Ac 2d 3h 4s 5h",
        "2c 3c 4c 5c 7c",
        "2c 2d 2h 3s 3h",
        "2c 2d 2h 2s 3h",
        "Ac 2c 3c 4c 5c",
    ]
    strengths = [value_of(hand) for hand in ladder]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)
    assert [category_of(value) for value in strengths] == list(HandCategory)


def test_every_five_card_hand_falls_in_its_category_with_the_classic_counts() -> None:
    """R9.1 over all 2,598,960 five-card hands: 7,462 distinct strengths, 1..7462, and the
    textbook number of hands in each category (40 straight flushes ... 1,302,540 high cards)."""
    per_strength: Counter[int] = Counter()
    for first in range(48):
        per_strength.update(
            strength_batch(
                [(first, *rest) for rest in combinations(range(first + 1, 52), 4)],
                checked=False,
            )
        )
    assert sum(per_strength.values()) == 2_598_960
    assert min(per_strength) == MIN_STRENGTH == 1
    assert max(per_strength) == MAX_STRENGTH == 7462
    assert len(per_strength) == 7462
    hands_per_category: Counter[HandCategory] = Counter()
    for value, count in per_strength.items():
        hands_per_category[category_of(value)] += count
    assert hands_per_category == {
        HandCategory.STRAIGHT_FLUSH: 40,
        HandCategory.FOUR_OF_A_KIND: 624,
        HandCategory.FULL_HOUSE: 3_744,
        HandCategory.FLUSH: 5_108,
        HandCategory.STRAIGHT: 10_200,
        HandCategory.THREE_OF_A_KIND: 54_912,
        HandCategory.TWO_PAIR: 123_552,
        HandCategory.ONE_PAIR: 1_098_240,
        HandCategory.HIGH_CARD: 1_302_540,
    }


def test_royal_flush_is_the_best_hand() -> None:
    """R9.1: the ace-high straight flush."""
    assert value_of("Th Jh Qh Kh Ah") == MAX_STRENGTH
    assert value_of("9h Th Jh Qh Kh") < MAX_STRENGTH


def test_wheel_is_the_lowest_straight() -> None:
    """R9.3: the ace plays low in A-2-3-4-5, the lowest straight, named "Five high"."""
    wheel = value_of("Ac 2d 3h 4s 5c")
    six_high = value_of("2d 3h 4s 5c 6d")
    best_trips = value_of("Ac Ad Ah Ks Qc")
    assert best_trips < wheel < six_high
    value = evaluate(parse_cards("Ac 2d 3h 4s 5c"))
    assert value.name == "Straight, Five high"
    assert [RANKS[card_rank(card)] for card in value.best_five] == ["5", "4", "3", "2", "A"]


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    """R9.3 applies to straight flushes too."""
    steel_wheel = value_of("Ac 2c 3c 4c 5c")
    assert value_of("Ac Ad Ah As Kc") < steel_wheel < value_of("2c 3c 4c 5c 6c")
    assert evaluate(parse_cards("Ac 2c 3c 4c 5c")).name == "Straight flush, Five high"


def test_ace_plays_high_in_broadway() -> None:
    """R9.3: T-J-Q-K-A is the highest straight."""
    assert value_of("Tc Jd Qh Ks Ac") > value_of("9c Td Jh Qs Kc")
    assert evaluate(parse_cards("Tc Jd Qh Ks Ac")).name == "Straight, Ace high"


def test_a_straight_never_wraps_around() -> None:
    """R9.3: K-A-2-3-4 is not a straight, just ace high."""
    value = evaluate(parse_cards("Kc Ad 2h 3s 4c"))
    assert value.category is HandCategory.HIGH_CARD
    assert value.name == "High card, Ace"
    assert evaluate(parse_cards("Qc Kd Ah 2s 3c 8d 9h")).category is HandCategory.HIGH_CARD


def test_suits_have_no_rank() -> None:
    """R9.3: the same ranks in other suits are worth exactly the same."""
    assert value_of("Ah Kh 7d 7s 2c") == value_of("As Kd 7c 7h 2d")
    assert value_of("Ah Jh 8h 4h 2h") == value_of("As Js 8s 4s 2s")


def test_best_five_may_use_no_hole_card() -> None:
    """R9.2: the board plays; both players split (R9.4)."""
    board = "As Ks Qs Js Ts"
    first = evaluate(parse_cards("2c 3d " + board))
    second = evaluate(parse_cards("Ac Ad " + board))
    assert first.strength == second.strength
    assert cards_str(first.best_five) == board


def test_best_five_may_use_one_hole_card() -> None:
    """R9.2: one hole card plus four from the board."""
    value = evaluate(parse_cards("Ah 2c Kh Qh Jh 3h 9d"))
    assert value.category is HandCategory.FLUSH
    assert "Ah" in cards_str(value.best_five)
    assert "2c" not in cards_str(value.best_five)


def test_kickers_inside_the_five_break_ties() -> None:
    """R9.4: same pair, the kickers decide in order."""
    board = "Kc Kd 8h 5s 2c"
    assert value_of("Ah Qd " + board) > value_of("Ad Jc " + board)
    assert value_of("Ah 9d " + board) > value_of("As 7c " + board)


def test_cards_outside_the_best_five_do_not_count() -> None:
    """R9.4: only the five cards used decide; a sixth and seventh card split."""
    board = "Ac Ad Kh Ks Qc"
    assert value_of("Jh 3d " + board) == value_of("2h 3c " + board)


def test_the_best_five_prefers_earlier_cards_when_several_choices_tie() -> None:
    """Deterministic choice: the first in combination order, so hole cards listed first win."""
    first = evaluate(parse_cards("Qh 3c Ad As Kc Kd Qs"))
    assert cards_str(first.best_five) == "Ad As Kc Kd Qh"
    second = evaluate(parse_cards("Qs 3c Ad As Kc Kd Qh"))
    assert cards_str(second.best_five) == "Ad As Kc Kd Qs"
    assert first.strength == second.strength


def test_six_cards_are_evaluated_as_the_best_five() -> None:
    value = evaluate(parse_cards("9c 9d 9h 2s 2c Kd"))
    assert value.name == "Full house, Nines full of Twos"
    assert value.strength == value_of("9c 9d 9h 2s 2c")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([0, 1, 2, 3], "5 to 7 cards"),
        (list(range(8)), "5 to 7 cards"),
        ([0, 1, 2, 3, 3], "more than once"),
        ([0, 1, 2, 3, 52], "is not a card"),
        ([0, 1, 2, 3, -1], "is not a card"),
        ([0, 1, 2, 3, True], "is not a card"),
    ],
)
def test_invalid_hands_are_rejected(cards: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        strength(cards)
    with pytest.raises(ValueError, match=message):
        evaluate(cards)


def test_strength_batch_matches_strength_one_by_one() -> None:
    rng = random.Random(7)
    for size in (5, 6, 7):
        hands = [tuple(rng.sample(range(52), size)) for _ in range(500)]
        expected = [strength(hand) for hand in hands]
        assert strength_batch(hands) == expected
        assert strength_batch(iter(hands), checked=False) == expected
    assert strength_batch([]) == []


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([(0, 1, 2, 3, 4), (0, 1, 2, 3, 4, 5)], "one size"),
        ([(0, 1, 2, 3)], "one size"),
        ([(0, 1, 2, 3, 52)], "is not a card"),
        ([(0, 1, 2, 3, 4), (0, 1, 2, 4, 4)], "more than once"),
    ],
)
def test_strength_batch_checks_its_input_by_default(
    hands: list[tuple[int, ...]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        strength_batch(hands)


def test_category_of_rejects_impossible_strengths() -> None:
    for bad in (0, 7463):
        with pytest.raises(ValueError, match="not a hand strength"):
            category_of(bad)


def pokerkit_hand(cards: tuple[int, ...]) -> StandardHighHand:
    hand = StandardHighHand.from_game(
        cards_str(cards[:2]).replace(" ", ""), cards_str(cards[2:]).replace(" ", "")
    )
    assert isinstance(hand, StandardHighHand)
    return hand


def test_strength_orders_random_hands_exactly_like_pokerkit() -> None:
    """R9 checked against an independent evaluator: on 4,000 random 7-card hands (2,000 pairs,
    half of them sharing a five-card board so that ties occur), the sign of our strength
    comparison equals PokerKit's, the category is PokerKit's label and the five cards used have
    the ranks of PokerKit's best hand."""
    rng = random.Random(20240601)
    outcomes: Counter[int] = Counter()
    for index in range(2000):
        if index % 2 == 0:
            deal = rng.sample(range(52), 9)
            first, second = tuple(deal[:7]), tuple(deal[7:] + deal[2:7])
        else:
            first, second = tuple(rng.sample(range(52), 7)), tuple(rng.sample(range(52), 7))
        ours = [evaluate(first), evaluate(second)]
        theirs = [pokerkit_hand(first), pokerkit_hand(second)]
        for value, reference in zip(ours, theirs, strict=True):
            assert value.category.name == reference.entry.label.name
            assert sorted(card_rank(card) for card in value.best_five) == sorted(
                RANKS.index(card.rank.value) for card in reference.cards
            )
        our_sign = (ours[0].strength > ours[1].strength) - (ours[0].strength < ours[1].strength)
        their_sign = (theirs[0] > theirs[1]) - (theirs[0] < theirs[1])
        assert our_sign == their_sign, (cards_str(first), cards_str(second))
        outcomes[our_sign] += 1
    assert outcomes[0] > 20  # the comparison of equal hands was really exercised


def test_the_examples_in_the_docstrings_hold() -> None:
    import engine.evaluation

    result = doctest.testmod(engine.evaluation)
    assert result.attempted > 0
    assert result.failed == 0


def test_phevaluators_private_c_functions_are_the_ones_the_engine_was_written_for() -> None:
    """engine.evaluation calls phevaluator's private C module (_pheval) for speed; this fails
    loudly if the pinned version moves or the private functions change their contract."""
    assert version("phevaluator") == "0.6.0", "phevaluator moved: re-check engine.evaluation"
    royal, worst = parse_cards("As Ks Qs Js Ts"), parse_cards("7c 5d 4h 3s 2c")
    assert _pheval.evaluate_5cards(*royal) == 1
    assert _pheval.evaluate_5cards(*worst) == 7462
    assert _pheval.evaluate_6cards(*royal, parse_cards("2d")[0]) == 1
    assert RANK_7 is _pheval.evaluate_7cards
    rng = random.Random(13)
    for _ in range(500):
        cards = rng.sample(range(52), 7)
        for size in (5, 6, 7):
            assert getattr(_pheval, f"evaluate_{size}cards")(*cards[:size]) == (
                phevaluator.evaluate_cards(*cards[:size])
            )
