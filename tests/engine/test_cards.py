"""Specification of engine.cards: cards as integers and their two-character names (R1.1)."""

from __future__ import annotations

import doctest

import pytest
from phevaluator.card import Card as PhevaluatorCard

from engine.cards import (
    FULL_DECK,
    RANKS,
    SUITS,
    card_rank,
    card_str,
    card_suit,
    cards_str,
    check_card,
    make_card,
    parse_card,
    parse_cards,
)

ALL_NAMES = [rank + suit for rank in RANKS for suit in SUITS]


def test_a_card_is_rank_index_times_four_plus_suit_index() -> None:
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("3c") == 4
    assert parse_card("Td") == 8 * 4 + 1
    assert parse_card("Ah") == 50
    assert parse_card("As") == 51


def test_card_encoding_is_phevaluators_own_encoding() -> None:
    """Cards go to phevaluator untranslated, so both encodings must agree on all 52."""
    for name in ALL_NAMES:
        assert parse_card(name) == PhevaluatorCard(name).id_


def test_full_deck_is_52_distinct_cards_in_encoding_order() -> None:
    """R1.1: one standard deck, no jokers."""
    assert tuple(range(52)) == FULL_DECK
    assert [card_str(card) for card in FULL_DECK] == ALL_NAMES


def test_every_card_name_round_trips() -> None:
    for card in FULL_DECK:
        assert parse_card(card_str(card)) == card


def test_rank_and_suit_of_a_card() -> None:
    king_of_hearts = parse_card("Kh")
    assert card_rank(king_of_hearts) == RANKS.index("K")
    assert card_suit(king_of_hearts) == SUITS.index("h")
    assert make_card(RANKS.index("K"), SUITS.index("h")) == king_of_hearts


@pytest.mark.parametrize("text", ["ah", "AH", "aH", "Ah"])
def test_parse_card_accepts_either_case_and_prints_canonically(text: str) -> None:
    assert card_str(parse_card(text)) == "Ah"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "two characters"),
        ("A", "two characters"),
        ("Ahh", "two characters"),
        ("10h", "two characters"),
        ("1h", "unknown rank '1'"),
        ("Xh", "unknown rank 'X'"),
        ("Ax", "unknown suit 'x'"),
        ("A♥", "unknown suit"),
    ],
)
def test_parse_card_rejects_bad_input_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_card(text)


def test_parse_card_rejects_non_strings() -> None:
    with pytest.raises(ValueError, match="must be a string"):
        parse_card(50)


@pytest.mark.parametrize("bad", [-1, 52, True, 3.0, "Ah", None])
def test_card_str_rejects_anything_but_an_int_from_0_to_51(bad: object) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        card_str(bad)
    with pytest.raises(ValueError, match="is not a card"):
        check_card(bad)


def test_make_card_rejects_out_of_range_indices() -> None:
    with pytest.raises(ValueError, match="no card"):
        make_card(13, 0)
    with pytest.raises(ValueError, match="no card"):
        make_card(0, 4)


@pytest.mark.parametrize("text", ["AhKd", "Ah Kd", "Ah,Kd", " Ah , Kd ", "ah\tkd"])
def test_parse_cards_accepts_runs_spaces_and_commas(text: str) -> None:
    assert parse_cards(text) == (50, 45)


def test_parse_cards_reads_a_whole_board() -> None:
    assert cards_str(parse_cards("2c7dKh9sTc")) == "2c 7d Kh 9s Tc"


def test_parse_cards_of_nothing_is_empty() -> None:
    assert parse_cards("") == ()
    assert parse_cards("  ") == ()


def test_parse_cards_rejects_a_half_card() -> None:
    with pytest.raises(ValueError, match="every card is two characters"):
        parse_cards("AhK")
    with pytest.raises(ValueError, match="unknown suit"):
        parse_cards("Ah Kx")


def test_cards_str_separates_names_with_single_spaces() -> None:
    assert cards_str([50, 45]) == "Ah Kd"
    assert cards_str([]) == ""


def test_the_examples_in_the_docstrings_hold() -> None:
    import engine.cards

    result = doctest.testmod(engine.cards)
    assert result.attempted > 0
    assert result.failed == 0
