"""The shuffled deck of one hand, derived from a secret 32-byte seed (R1.2, R1.3, R15).

Every hand gets a fresh seed from :func:`new_seed` (the ``secrets`` module, never
``random``, R1.2). The deck is a deterministic function of the seed (R1.3), so the hand can
publish :func:`commitment` (the SHA-256 of the seed) before the first card is dealt and
reveal the seed when the hand is over; anyone can then recompute the deck and check the
cards with :func:`verify` (R15).

The shuffle, exactly (so that another implementation, such as the table's JavaScript, can
reproduce it bit for bit):

1. **Seed.** Exactly 32 bytes.
2. **Byte stream.** The concatenation of the blocks
   ``SHA-256(seed || counter)`` for ``counter = 0, 1, 2, ...``, where ``counter`` is written
   as 8 bytes, big-endian (so block 0 hashes the 40 bytes ``seed + 00 00 00 00 00 00 00 00``,
   block 1 hashes ``seed + 00 00 00 00 00 00 00 01``). Each block gives 32 bytes; the bytes
   are used in order, one at a time, and each byte is used at most once.
3. **Start.** ``deck = [0, 1, 2, ..., 51]``, the cards in encoding order (``2c 2d 2h 2s 3c
   ... As``, see :mod:`engine.cards`: card = rank_index * 4 + suit_index, ranks
   ``23456789TJQKA``, suits ``cdhs``).
4. **Fisher–Yates, from the top.** For ``i = 51, 50, ..., 1`` (51 steps):

   * ``n = i + 1`` (the number of candidate positions ``0..i``);
   * ``limit = 256 - (256 mod n)`` (the largest multiple of ``n`` not above 256);
   * take the next byte ``b`` (0..255) of the stream; while ``b >= limit``, throw it away
     and take the next one (rejection sampling, so every ``j`` is exactly equally likely:
     no modulo bias);
   * ``j = b mod n``;
   * swap ``deck[i]`` and ``deck[j]`` (nothing changes when ``j == i``).

5. **Result.** ``deck[0]`` is the first card to leave the deck, ``deck[1]`` the second, and
   so on (the hand deals hole cards, burns and board cards in that order, see
   :mod:`engine.dealing`).

Test vector: the seed ``bytes(range(32))`` (``00 01 02 ... 1f``) has commitment
``630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd`` and its deck starts
``9c Ac Td Jh 7c Kd 8h 8c 7h Qc`` (cards ``28, 48, 33, 38, 20, 45, 26, 24, 22, 40``).

>>> from engine.cards import cards_str
>>> cards_str(shuffled_deck(bytes(range(32)))[:10])
'9c Ac Td Jh 7c Kd 8h 8c 7h Qc'
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator, Sequence
from typing import Final

from engine.cards import FULL_DECK, Card

__all__ = ["SEED_BYTES", "commitment", "new_seed", "shuffle_with", "shuffled_deck", "verify"]

SEED_BYTES: Final = 32
"""Length of a hand's seed in bytes (256 bits)."""

_COUNTER_BYTES: Final = 8


def _check_seed(seed: object) -> bytes:
    """Return ``seed`` as ``bytes`` if it is 32 bytes long, else raise."""
    if not isinstance(seed, (bytes, bytearray, memoryview)):
        raise TypeError(f"a seed is {SEED_BYTES} bytes, not {type(seed).__name__}")
    data = bytes(seed)
    if len(data) != SEED_BYTES:
        raise ValueError(f"a seed is exactly {SEED_BYTES} bytes, got {len(data)}")
    return data


def new_seed() -> bytes:
    """Return a fresh secret seed of 32 bytes from the ``secrets`` module (R1.2)."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """Return the public commitment to ``seed``: its SHA-256, as 64 lower-case hex digits (R15).

    >>> commitment(bytes(range(32)))
    '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd'
    """
    return hashlib.sha256(_check_seed(seed)).hexdigest()


def _byte_stream(seed: bytes) -> Iterator[int]:
    """Yield the bytes of SHA-256(seed || counter as 8 bytes big-endian), counter = 0, 1, ..."""
    counter = 0
    while True:
        yield from hashlib.sha256(seed + counter.to_bytes(_COUNTER_BYTES, "big")).digest()
        counter += 1


def shuffled_deck(seed: bytes) -> tuple[Card, ...]:
    """Return the 52 cards in the order they leave the deck for this seed (R1.3).

    The algorithm is specified in the module docstring. Raises ``ValueError`` (or
    ``TypeError``) unless ``seed`` is exactly 32 bytes.
    """
    return shuffle_with(seed, FULL_DECK)


def shuffle_with(seed: bytes, items: Sequence[Card]) -> tuple[Card, ...]:
    """The module's Fisher–Yates of ``items`` (instead of the 52 cards in order) with the
    seed's byte stream: the discards shuffled into a new stub (R42.4)."""
    stream = _byte_stream(_check_seed(seed))
    deck = list(items)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = 256 - 256 % n
        byte = next(stream)
        while byte >= limit:
            byte = next(stream)
        j = byte % n
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def verify(
    seed: bytes, commitment: str, dealt: Sequence[Card], cards: Sequence[Card] = FULL_DECK
) -> bool:
    """Check a finished hand (R15).

    ``dealt`` is every card in the order it left the deck, burns included. Returns ``True``
    if and only if the SHA-256 of ``seed`` equals ``commitment`` (hex, either case) and
    ``dealt`` is the start of ``shuffled_deck(seed)``, without the cards a short deck lacks
    (``cards``: the game's deck, R30.1). A seed that is not 32 bytes, a malformed commitment
    or more than 52 dealt cards simply give ``False``.
    """
    try:
        data = _check_seed(seed)
    except (TypeError, ValueError):
        return False
    if not isinstance(commitment, str):
        return False
    expected = hashlib.sha256(data).hexdigest()
    if commitment.strip().lower() != expected:
        return False
    dealt_cards = tuple(dealt)
    if len(dealt_cards) > len(FULL_DECK):
        return False
    kept = frozenset(cards)
    order = tuple(card for card in shuffled_deck(data) if card in kept)
    return order[: len(dealt_cards)] == dealt_cards
