"""Specification of engine.equity: exact all-in equity over every remaining board (R5.5, R10.1)."""

from __future__ import annotations

import doctest
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import StandardHighHand

from engine.cards import FULL_DECK, Card, cards_str, parse_cards
from engine.equity import all_in_equity, all_in_equity_exact, board_count, sampled_equity
from engine.evaluation import strength


def slow_equity(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    dead: Sequence[Card] = (),
    *,
    use_pokerkit: bool = False,
) -> list[Fraction]:
    """The definition, written plainly: deal every board, split each among its best hands."""
    known = {*board, *dead, *(card for hole in holes for card in hole)}
    rest = [card for card in FULL_DECK if card not in known]
    shares = [Fraction(0)] * len(holes)
    boards = 0
    for extra in combinations(rest, 5 - len(board)):
        full = (*board, *extra)
        if use_pokerkit:
            text = cards_str(full).replace(" ", "")
            hands = [StandardHighHand.from_game(cards_str(h).replace(" ", ""), text) for h in holes]
            best_hand = max(hands)
            winners = [i for i, hand in enumerate(hands) if hand == best_hand]
        else:
            values = [strength((*hole, *full)) for hole in holes]
            winners = [i for i, value in enumerate(values) if value == max(values)]
        for i in winners:
            shares[i] += Fraction(1, len(winners))
        boards += 1
    return [share / boards for share in shares]


def holes_of(*texts: str) -> list[tuple[Card, ...]]:
    return [parse_cards(text) for text in texts]


def test_aces_against_kings_preflop_is_the_classic_82_percent() -> None:
    """AA v KK sharing one suit: the famous 81.95 %, as the exact count over 1,712,304 boards."""
    equity = all_in_equity_exact(holes_of("AhAs", "KhKd"), ())
    assert equity == [Fraction(255121, 311328), Fraction(56207, 311328)]
    assert float(equity[0]) == pytest.approx(0.8195, abs=5e-5)
    assert board_count(2) == 1_712_304


def test_suits_matter_preflop_aces_against_kings() -> None:
    """Sharing both suits takes flushes away from the kings; sharing none gives them two."""
    both = all_in_equity_exact(holes_of("AhAs", "KhKs"), ())
    assert both == [Fraction(707495, 856152), Fraction(148657, 856152)]
    none = all_in_equity_exact(holes_of("AhAs", "KcKd"), ())
    assert none == [Fraction(29603, 36432), Fraction(6829, 36432)]
    assert none[0] < Fraction(255121, 311328) < both[0]


def test_flop_equity_matches_an_independent_pokerkit_enumeration() -> None:
    """Heads-up on the flop: all 990 turn-and-river pairs, evaluated by PokerKit instead."""
    holes, board = holes_of("AsKs", "QdQc"), parse_cards("2s7s9d")
    expected = slow_equity(holes, board, use_pokerkit=True)
    assert all_in_equity_exact(holes, board) == expected == [Fraction(268, 495), Fraction(227, 495)]


def test_three_way_turn_equity_matches_an_independent_pokerkit_enumeration() -> None:
    holes, board = holes_of("AsKs", "QdQc", "JhTh"), parse_cards("2s7s9dTc")
    assert all_in_equity_exact(holes, board) == slow_equity(holes, board, use_pokerkit=True)


def test_three_way_flop_equity_matches_a_plain_enumeration() -> None:
    holes, board = holes_of("AsKs", "QdQc", "JhTh"), parse_cards("2s7s9d")
    assert all_in_equity_exact(holes, board) == slow_equity(holes, board)


def test_symmetric_three_way_preflop_spot_splits_in_thirds() -> None:
    """AKc v AKd v AKh: permuting clubs, diamonds and hearts swaps the players, so each has
    exactly a third; the multiway preflop enumeration (1,370,754 boards) must see it."""
    equity = all_in_equity_exact(holes_of("AcKc", "AdKd", "AhKh"), ())
    assert equity == [Fraction(1, 3)] * 3


@settings(max_examples=40, deadline=None, database=None)
@given(
    deal=st.permutations(list(FULL_DECK)),
    players=st.integers(min_value=2, max_value=5),
    board_size=st.sampled_from([3, 4, 5]),
    dead_count=st.integers(min_value=0, max_value=3),
)
def test_equity_equals_the_definition_on_random_spots(
    deal: list[Card], players: int, board_size: int, dead_count: int
) -> None:
    """Flop, turn and river spots with 2-5 players and dead cards, against a plain loop."""
    holes = [tuple(deal[2 * i : 2 * i + 2]) for i in range(players)]
    board = deal[2 * players : 2 * players + board_size]
    dead = deal[2 * players + board_size : 2 * players + board_size + dead_count]
    equity = all_in_equity_exact(holes, board, dead)
    assert equity == slow_equity(holes, board, dead)
    assert sum(equity) == 1


def test_ties_split_the_pot_equally() -> None:
    """R10.1: the royal flush on the board plays for everyone."""
    board = parse_cards("AsKsQsJsTs")
    assert all_in_equity(holes_of("2c3d", "4h5h"), board) == [0.5, 0.5]
    assert all_in_equity(holes_of("2c3d", "4h5h", "7c7d"), board) == pytest.approx([1 / 3] * 3)


def test_a_complete_board_decides_the_hand() -> None:
    board = parse_cards("2c7dKh9sTc")
    assert all_in_equity(holes_of("AhAs", "KdKc"), board) == [0.0, 1.0]


def test_dead_cards_cannot_come() -> None:
    """Known cards out of the deck are removed from the enumeration: one out of 43, not 2 of 44."""
    holes, board = holes_of("AhAs", "KdKc"), parse_cards("2c 7d Kh 9s")
    assert all_in_equity_exact(holes, board) == [Fraction(2, 44), Fraction(42, 44)]
    with_dead_ace = all_in_equity_exact(holes, board, dead=parse_cards("Ac"))
    assert with_dead_ace == [Fraction(1, 43), Fraction(42, 43)]


def test_equities_are_floats_summing_to_one() -> None:
    equity = all_in_equity(holes_of("AsKs", "QdQc", "JhTh", "7c2d"), parse_cards("2s7s9d"))
    assert all(isinstance(share, float) for share in equity)
    assert sum(equity) == pytest.approx(1.0, abs=1e-12)


def test_a_lone_player_has_all_the_equity() -> None:
    assert all_in_equity(holes_of("7c2d"), ()) == [1.0]


@pytest.mark.parametrize(
    ("holes", "board", "dead", "message"),
    [
        ([], "", "", "at least one player"),
        (["AhAsKd", "QcQd"], "", "", "2 hole cards"),
        (["AhAs", "QcQd"], "2c3c4c5c6c7c", "", "at most 5 cards"),
        (["AhAs", "AhQd"], "", "", "more than once: Ah"),
        (["AhAs", "QcQd"], "2c3c4c", "2c", "more than once: 2c"),
    ],
)
def test_invalid_spots_are_rejected(holes: list[str], board: str, dead: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        all_in_equity([parse_cards(h) for h in holes], parse_cards(board), parse_cards(dead))


def test_cards_must_be_valid() -> None:
    with pytest.raises(ValueError, match="is not a card"):
        all_in_equity([(50, 52), (0, 1)], ())


def test_ten_players_with_most_of_the_deck_known_still_enumerate() -> None:
    """R1.1 allows ten players; with 27 cards dead only 5 remain, so there is one board."""
    holes = [(2 * i, 2 * i + 1) for i in range(10)]
    dead = tuple(range(20, 47))
    equity = all_in_equity_exact(holes, (), dead)
    assert equity == slow_equity(holes, (), dead)
    assert sum(equity) == 1


def test_a_deck_too_short_for_the_board_is_rejected() -> None:
    holes = [(2 * i, 2 * i + 1) for i in range(10)]
    with pytest.raises(ValueError, match="not enough cards"):
        all_in_equity(holes, (), dead=tuple(range(20, 48)))


def test_the_examples_in_the_docstrings_hold() -> None:
    import engine.equity

    result = doctest.testmod(engine.equity)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    "hands",
    [("AhAd", "KsKc"), ("AsKs", "QdQh"), ("7c8c", "AhKd", "2s2d")],
)
def test_a_sampled_preflop_estimate_is_within_a_point_and_a_half_of_the_exact_equity(hands):
    holes = [parse_cards(h) for h in hands]
    estimate = sampled_equity(holes, ())
    exact = all_in_equity(holes, ())
    assert sum(estimate) == pytest.approx(1.0)
    assert all(abs(e - x) < 0.015 for e, x in zip(estimate, exact, strict=True))
    # the same cards give the same estimate in every process and for every viewer
    assert sampled_equity(holes, ()) == estimate
