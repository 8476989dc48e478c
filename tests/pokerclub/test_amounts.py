"""Amounts people type are read exactly as they meant them in their language, or refused
with a message: never guessed (DESIGN invariant 6; pokerclub/amounts.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerclub.amounts import AmountError, format_amount, parse_amount

LANGUAGES = ("it", "en")


@given(
    value=st.integers(min_value=1, max_value=10**12),
    places=st.sampled_from([0, 1, 2, 3]),
    language=st.sampled_from(LANGUAGES),
    symbol=st.sampled_from(["", "€", "$", "CHF"]),
)
def test_an_amount_written_for_people_reads_back_as_the_same_value(value, places, language, symbol):
    text = format_amount(value, places=places, language=language, symbol=symbol)
    assert parse_amount(text, places=places, language=language, symbol=symbol) == value


@pytest.mark.parametrize(
    ("text", "places", "language", "value"),
    [
        ("20,50", 2, "it", 2050),
        ("20,5", 2, "it", 2050),
        ("1.500", 0, "it", 1500),
        ("1.234,50", 2, "it", 123450),
        ("€ 20", 2, "it", 2000),
        ("20 €", 2, "it", 2000),
        ("20\u00a0€", 2, "it", 2000),
        ("1\u202f500", 0, "it", 1500),
        ("20.50", 2, "en", 2050),
        ("1,500", 0, "en", 1500),
        ("€1,020.50", 2, "en", 102050),
        ("1,020.50 EUR", 2, "en", 102050),
    ],
)
def test_an_amount_is_read_in_the_language_it_was_written_in(text, places, language, value):
    assert parse_amount(text, places=places, language=language, symbol="€") == value


@pytest.mark.parametrize(
    ("text", "places", "language", "says"),
    [
        # the bug of issue #38: a chips club wrote "20,50" down as 2,050
        ("20,50", 0, "it", "This club counts whole chips: write 20, not 20,50."),
        ("20.50", 0, "en", "This club counts whole chips: write 20, not 20.50."),
        ("20,505", 2, "it", "at most 2 decimals"),
        ("20.5", 2, "it", "group thousands by three"),
        ("20,50", 2, "en", "group thousands by three"),
        ("1.50.0", 0, "it", "group thousands by three"),
        ("1,5,0", 2, "it", "like 20,55"),
        ("-20", 2, "it", "more than zero"),
        ("0", 0, "en", "more than zero"),
        ("0,00", 2, "it", "more than zero"),
        ("1e3", 0, "en", "digits only"),
        ("twenty", 0, "en", "digits only"),
        ("٢٠", 0, "en", "digits only"),  # Arabic-Indic digits
        ("２０", 0, "it", "digits only"),  # full-width digits
        ("", 2, "it", "Write an amount"),
        ("€", 2, "it", "Write an amount"),
        (",50", 2, "it", "like 20,55"),
        ("20,", 2, "it", "like 20,55"),
        ("9" * 16, 0, "en", "like 20"),
    ],
)
def test_an_amount_that_cannot_be_read_exactly_is_refused_with_a_message(
    text, places, language, says
):
    with pytest.raises(AmountError, match=says.replace("(", r"\(").replace(")", r"\)")):
        parse_amount(text, places=places, language=language, symbol="€")


@given(
    text=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20),
    places=st.sampled_from([0, 2]),
    language=st.sampled_from(LANGUAGES),
)
def test_any_text_is_either_one_positive_amount_or_refused(text, places, language):
    try:
        value = parse_amount(text, places=places, language=language, symbol="€")
    except AmountError as error:
        assert str(error)
    else:
        assert 0 < value < 10**15


@pytest.mark.parametrize("symbol", ["US$", "A$", "HK$", "CHF", "S/", "R$", "kr"])
@pytest.mark.parametrize("language", ["en", "it"])
def test_a_symbol_of_several_characters_is_read_whole_whatever_its_letters(symbol, language):
    """A club's symbol that holds another one ("US$" holds "$") is taken out whole: the
    marks were once taken in a set's order, which changes from process to process, and
    "US$12.50" could leave "US" behind and be refused."""
    for amount in (1250, 100_000, 5):
        shown = format_amount(amount, places=2, language=language, symbol=symbol)
        assert parse_amount(shown, places=2, language=language, symbol=symbol) == amount
