"""Specification of engine.deck: the seeded, verifiable shuffle (R1.2, R1.3, R15)."""

from __future__ import annotations

import ast
import doctest
import hashlib
import inspect
from collections import Counter

import pytest

import engine.deck
from engine.cards import FULL_DECK, parse_cards
from engine.deck import SEED_BYTES, commitment, new_seed, shuffled_deck, verify

# The test vector printed in engine/deck.py's docstring, for the JavaScript port to check.
VECTOR_SEED = bytes(range(32))
VECTOR_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
VECTOR_FIRST_TEN = parse_cards("9c Ac Td Jh 7c Kd 8h 8c 7h Qc")
VECTOR_DECK = (
    28, 48, 33, 38, 20, 45, 26, 24, 22, 40, 36, 23, 4, 15, 39, 27, 30, 2, 6, 17, 49, 50, 47,
    51, 46, 14, 25, 21, 35, 43, 7, 18, 1, 34, 3, 32, 37, 42, 5, 8, 19, 16, 31, 12, 9, 44, 11,
    41, 0, 29, 10, 13,
)  # fmt: skip


def reference_shuffle(seed: bytes) -> tuple[int, ...]:
    """The algorithm of the deck docstring, written out independently (a spec check)."""
    stream = b"".join(
        hashlib.sha256(seed + counter.to_bytes(8, "big")).digest() for counter in range(16)
    )
    position = 0
    deck = list(range(52))
    for i in range(51, 0, -1):
        size = i + 1
        while True:
            byte = stream[position]
            position += 1
            if byte < 256 - 256 % size:
                break
        j = byte % size
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def seeds(count: int) -> list[bytes]:
    """Fixed, varied 32-byte seeds, so statistical tests are deterministic."""
    return [hashlib.sha256(b"test seed %d" % n).digest() for n in range(count)]


def test_known_seed_gives_the_published_test_vector() -> None:
    """The seed 00 01 .. 1f is the vector a browser reimplementation must reproduce (R15)."""
    deck = shuffled_deck(VECTOR_SEED)
    assert deck[:10] == VECTOR_FIRST_TEN
    assert deck == VECTOR_DECK
    assert commitment(VECTOR_SEED) == VECTOR_COMMITMENT


def test_shuffle_follows_the_documented_algorithm() -> None:
    """SHA-256(seed || 8-byte big-endian counter), one byte per draw, rejection, top-down swaps."""
    for seed in seeds(300):
        assert shuffled_deck(seed) == reference_shuffle(seed)


def test_shuffled_deck_is_a_permutation_of_the_52_cards() -> None:
    """R1.1: every card exactly once."""
    for seed in seeds(50):
        assert sorted(shuffled_deck(seed)) == list(FULL_DECK)


def test_the_same_seed_always_gives_the_same_deck() -> None:
    """R1.3: the shuffle is reproducible from the seed."""
    seed = seeds(1)[0]
    assert shuffled_deck(seed) == shuffled_deck(bytes(seed)) == shuffled_deck(seed)


def test_different_seeds_give_different_decks() -> None:
    decks = {shuffled_deck(seed) for seed in seeds(200)}
    assert len(decks) == 200


def test_every_card_is_about_equally_likely_in_every_position() -> None:
    """No visible bias: a chi-square test on 5,200 fixed seeds, for the first and last card."""
    decks = [shuffled_deck(seed) for seed in seeds(5200)]
    for position in (0, 51):
        counts = Counter(deck[position] for deck in decks)
        expected = len(decks) / 52
        chi_square = sum((counts[card] - expected) ** 2 / expected for card in FULL_DECK)
        # 51 degrees of freedom: the 99.9th percentile is about 87.
        assert chi_square < 87, (position, chi_square)


@pytest.mark.parametrize("bad", [b"", bytes(31), bytes(33)])
def test_a_seed_must_be_exactly_32_bytes(bad: bytes) -> None:
    with pytest.raises(ValueError, match="exactly 32 bytes"):
        shuffled_deck(bad)
    with pytest.raises(ValueError, match="exactly 32 bytes"):
        commitment(bad)


def test_a_seed_must_be_bytes() -> None:
    with pytest.raises(TypeError):
        shuffled_deck("0" * 32)


def test_new_seed_is_32_fresh_bytes_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """R1.2: the seed comes from the secrets module."""
    first, second = new_seed(), new_seed()
    assert len(first) == len(second) == SEED_BYTES
    assert first != second
    monkeypatch.setattr("secrets.token_bytes", lambda n: b"\x07" * n)
    assert new_seed() == b"\x07" * 32


def test_deck_module_never_uses_random() -> None:
    """R1.2: never the random module."""
    tree = ast.parse(inspect.getsource(engine.deck))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert "random" not in imported
    assert "secrets" in imported


def test_commitment_is_the_hex_sha256_of_the_seed() -> None:
    """R15: the commitment published at the start of the hand."""
    seed = seeds(1)[0]
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert len(commitment(seed)) == 64


def test_verify_accepts_the_cards_dealt_from_the_committed_seed() -> None:
    """R15: a finished hand checks out, burns included, whatever number of cards was dealt."""
    seed = seeds(1)[0]
    deck = shuffled_deck(seed)
    promise = commitment(seed)
    for dealt in (0, 4, 9, 13, 52):
        assert verify(seed, promise, deck[:dealt])
    assert verify(seed, promise.upper(), list(deck[:9]))


def test_verify_rejects_a_seed_that_does_not_match_the_commitment() -> None:
    seed, other = seeds(2)
    assert not verify(other, commitment(seed), shuffled_deck(other)[:9])


def test_verify_rejects_cards_that_are_not_the_deck_of_the_seed() -> None:
    seed = seeds(1)[0]
    deck = shuffled_deck(seed)
    promise = commitment(seed)
    swapped = (deck[1], deck[0], *deck[2:9])
    assert not verify(seed, promise, swapped)
    replaced = (*deck[:8], deck[20])
    assert not verify(seed, promise, replaced)
    assert not verify(seed, promise, deck + deck[:1])


def test_verify_is_false_rather_than_an_error_for_malformed_input() -> None:
    seed = seeds(1)[0]
    assert not verify(seed[:31], commitment(seed), ())
    assert not verify(seed, "not a commitment", ())
    assert not verify(seed, None, ())


def test_the_examples_in_the_docstrings_hold() -> None:
    import engine.deck

    result = doctest.testmod(engine.deck)
    assert result.attempted > 0
    assert result.failed == 0
