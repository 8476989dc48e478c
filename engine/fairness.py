"""Deck v2: a salted commitment per card, the players' entropy, and openings of only the
cards a viewer may see (R15).

The scheme, exactly (so that another implementation, such as the table's JavaScript in
``static/js/table/fairness.js``, can reproduce it bit for bit). Integers are big-endian;
``||`` is concatenation; ``H`` is SHA-256; cards are numbered as in :mod:`engine.cards`
(``card = rank_index * 4 + suit_index``, one byte).

1. **One secret.** When the next hand of a table is planned, the server draws a 32-byte
   secret ``S`` (``secrets``, never ``random``, R1.2) and derives from it, with HMAC-SHA256
   keyed by ``S``:

   * its secret order of the cards: ``engine.deck.shuffled_deck(HMAC(S, "shuffle"))``, the
     documented Fisher–Yates of :mod:`engine.deck`; ``card_j`` is the card at committed
     position ``j`` (0..51);
   * one 32-byte salt per position: ``salt_j = HMAC(S, "salt" || j as 1 byte)``.

   Only ``S`` is stored (server-side only); everything else is recomputed from it.
2. **Commitments.** ``C_j = H(table as 8 bytes || hand as 8 bytes || j as 1 byte || salt_j ||
   card_j)`` (50 bytes hashed), where ``table`` is the table's id and ``hand`` the hand's
   number at that table; ``root = H(C_0 || C_1 || ... || C_51)``. The 52 commitments and the
   root are published before any player's entropy for that hand is accepted.
3. **Nonces.** Each seated player's browser sends a random 32-byte nonce for the hand, after
   it has seen the root. When the hand is dealt, every seat dealt in that sent none gets
   ``H(root || "seat" || seat number as 1 byte)``, recorded as ``"by": "server"``. The list,
   in seat order, is public once the hand is dealt.

   *Why not a fresh random server nonce, as first planned:* the server would draw it after
   the players' nonces arrived, knowing its own secret order; it could then try nonces until
   it liked the deal (the last revealer steers). Derived from the root, the server's part
   is fixed before any player's nonce is known, and the server's own entropy is already its
   secret order of step 1.
4. **Dealing order.** ``order = engine.deck.shuffled_deck(H(root || nonce_1 || ... ||
   nonce_m))`` (the nonces in the published order, 32 bytes each): the same Fisher–Yates over
   the SHA-256 counter stream, with rejection sampling. ``order[k]`` is the committed position
   of the ``k``-th card to leave the deck, so the deck the hand deals is ``card_order[k]``
   for ``k = 0, 1, ...`` (hole cards, burns and boards in the order of R4, see
   :func:`hole_positions` and :func:`board_positions`; a draw game's draws,
   :func:`draw_positions`; a stud game's streets, :func:`stud_positions`).
5. **Openings.** The opening of deal position ``k`` is ``(k, j = order[k], salt_j, card_j)``;
   anyone checks it against ``C_j``. Hole cards are opened to their owner only; board cards
   and shown hands to everyone, when dealt or shown. Folded, mucked, burnt and undealt cards
   are never opened.

A short deck (R30.4): the committed cards are its 36 in the secret shuffle
(:func:`engine.deck.shuffle_with` of the cards from six up) at positions 0..35 and the
sixteen it lacks after them; the root binds the size, ``H(C_0 || ... || C_51 || "deck" ||
36)``; the hand deals from the deal positions ``k`` with ``order[k] < 36``, in order
(:func:`play_positions`). Poker all'italiana's decks (R31.2: 24, 28, ... 52 cards, by the
players dealt in) are committed the same way; its draw burns no card, which the root binds
too: ``H(C_0 || ... || C_51 [|| "deck" || size] || "noburn")`` (``draw_burns`` false).
Telesina (R40) is committed as poker all'italiana (its deck, no burn) and dealt as a stud
game without burns: the record's ``"stud"`` counts, its ``hole_cards`` (2: the first
round's, as stud's 3), :func:`stud_positions` with ``first=2, burns=False``.

What it proves and what it does not: see R15 in docs/rules.md.

Test vector: table 7, hand 42, ``S = bytes(range(32))``, one nonce ``bytes(32)``:

>>> plan = DeckPlan(7, 42, bytes(range(32)))
>>> plan.root.hex()
'2abd6f874a45d9194f603618cc3b8f23988b98e7c124f7242a1a226bb87d3c47'
>>> from engine.cards import cards_str
>>> cards_str(dealt_deck(plan, [bytes(32)])[:6])
'9c Qs 5h Kh 6s 4s'
>>> permutation(plan.root, [bytes(32)])[:6]
(5, 27, 24, 36, 2, 33)
>>> plan.salt(5).hex()[:16], cards_str(plan.cards[:6])
('4e38100ae6807e02', '5c 3c 6s 6c 7c 9c')
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from engine.cards import FULL_DECK, Card, card_str, parse_card
from engine.deck import shuffle_with, shuffled_deck
from engine.games import MORTO_PLAYERS

__all__ = [
    "SCHEME",
    "DeckPlan",
    "Opening",
    "Verdict",
    "board_positions",
    "card_commitment",
    "dealt_deck",
    "draw_positions",
    "filler_nonce",
    "hands_dealt",
    "hole_positions",
    "new_secret",
    "nonce_bytes",
    "nonce_list",
    "open_position",
    "order_seed",
    "parse_nonce",
    "proof_json",
    "permutation",
    "root_of",
    "stud_deck",
    "stud_positions",
    "verify_record",
]

SCHEME: Final = 2
"""The ``scheme`` of a verification record of this module (1: the seed reveal of
:mod:`engine.deck`, kept for hands dealt before deck v2)."""
SECRET_BYTES: Final = 32
NONCE_BYTES: Final = 32
SALT_BYTES: Final = 32
FULL: Final = len(FULL_DECK)
"""Cards committed for every hand, whatever its game's deck (R15, R30.4)."""
DECK_SIZES: Final = frozenset((FULL, *range(24, FULL, 4)))
"""The decks the games deal: 52 cards, a short deck's 36 (R30.1), poker all'italiana's 24,
28, ... 48 (R31.2: four cards a rank from 11 minus the players up)."""
STUD_FIRST: Final = 3
STUD_CARDS: Final = 7
"""A stud player is dealt three cards on third street and up to seven (R45.2)."""
TELESINA_FIRST: Final = 2
TELESINA_CARDS: Final = 5
"""A Telesina player is dealt two cards in the first round and up to five (R40.3)."""
BOARD_STREETS: Final = ((0, 3), (3, 4), (4, 5))
"""The flop, turn and river as slices of a board; each is dealt after a burn (R4.2)."""


def new_secret() -> bytes:
    """A fresh server secret ``S`` for one hand (R1.2: ``secrets``)."""
    return secrets.token_bytes(SECRET_BYTES)


def filler_nonce(root: bytes, seat: int) -> bytes:
    """The nonce of a seat dealt in that sent none: fixed by the root, so the server has
    nothing to choose once players' nonces are in (step 3)."""
    return hashlib.sha256(root + b"seat" + bytes((seat,))).digest()


def parse_nonce(value: object) -> bytes:
    """A nonce as sent: exactly 64 lower-case hex digits. Raises ``ValueError`` otherwise."""
    if not isinstance(value, str) or len(value) != 2 * NONCE_BYTES:
        raise ValueError(f"a nonce is {2 * NONCE_BYTES} hex digits")
    if value.strip("0123456789abcdef"):
        raise ValueError("a nonce is lower-case hex digits")
    return bytes.fromhex(value)


def _hmac(secret: bytes, message: bytes) -> bytes:
    return hmac.new(secret, message, hashlib.sha256).digest()


@lru_cache(maxsize=512)
def _committed_cards(secret: bytes, deck_size: int = 52) -> tuple[Card, ...]:
    if deck_size == FULL:
        return shuffled_deck(_hmac(secret, b"shuffle"))
    # a short deck (R30.4): its cards shuffled at positions 0..size-1, the cards it lacks
    # after them in encoding order (committed too, never dealt)
    lowest = FULL - deck_size
    in_play = shuffle_with(_hmac(secret, b"shuffle"), FULL_DECK[lowest:])
    return in_play + FULL_DECK[:lowest]


def card_commitment(table: int, hand: int, j: int, salt: bytes, card: Card) -> bytes:
    """``C_j = H(table || hand || j || salt_j || card_j)`` (8, 8, 1, 32 and 1 bytes)."""
    return hashlib.sha256(
        table.to_bytes(8, "big") + hand.to_bytes(8, "big") + bytes((j,)) + salt + bytes((card,))
    ).digest()


def root_of(commitments: Sequence[bytes], deck_size: int = 52, draw_burns: bool = True) -> bytes:
    """``root = H(C_0 || ... || C_51)``; a short deck's root also binds its size,
    ``H(C_0 || ... || C_51 || "deck" || size as 1 byte)`` (R30.4); a game whose draw burns
    no card (poker all'italiana, R31) ends it with ``"noburn"``."""
    tail = b"" if deck_size == FULL else b"deck" + bytes((deck_size,))
    if not draw_burns:
        tail += b"noburn"
    return hashlib.sha256(b"".join(commitments) + tail).digest()


@lru_cache(maxsize=512)
def _commitments(table: int, hand: int, secret: bytes, deck_size: int = 52) -> tuple[bytes, ...]:
    cards = _committed_cards(secret, deck_size)
    return tuple(
        card_commitment(table, hand, j, _hmac(secret, b"salt" + bytes((j,))), cards[j])
        for j in range(len(FULL_DECK))
    )


@dataclass(frozen=True, slots=True)
class DeckPlan:
    """The server's secret deck for hand ``hand`` of table ``table`` (SECRET: ``secret``)."""

    table: int
    hand: int
    secret: bytes
    deck_size: int = 52
    """The game's deck (R30.4: 36 for a short deck, whose cards are committed first; R31.2:
    poker all'italiana's, by the players dealt in)."""
    draw_burns: bool = True
    """Whether the game's draws burn a card (R42.1); poker all'italiana's do not (R31)."""

    def __post_init__(self) -> None:
        if not isinstance(self.secret, bytes) or len(self.secret) != SECRET_BYTES:
            raise ValueError(f"a deck secret is exactly {SECRET_BYTES} bytes")
        if not 5 <= self.deck_size <= FULL:
            raise ValueError(f"a deck holds 5 to {FULL} cards")

    @property
    def cards(self) -> tuple[Card, ...]:
        """``card_j`` for ``j = 0..51`` (SECRET)."""
        return _committed_cards(self.secret, self.deck_size)

    def salt(self, j: int) -> bytes:
        """``salt_j`` (SECRET until position ``j`` is opened)."""
        return _hmac(self.secret, b"salt" + bytes((j,)))

    @property
    def commitments(self) -> tuple[bytes, ...]:
        return _commitments(self.table, self.hand, self.secret, self.deck_size)

    @property
    def root(self) -> bytes:
        return root_of(self.commitments, self.deck_size, self.draw_burns)


def order_seed(root: bytes, nonces: Iterable[bytes]) -> bytes:
    """``H(root || nonce_1 || ... || nonce_m)``: the seed of the public dealing order."""
    return hashlib.sha256(root + b"".join(nonces)).digest()


@lru_cache(maxsize=512)
def _permutation(seed: bytes) -> tuple[int, ...]:
    return shuffled_deck(seed)


def permutation(root: bytes, nonces: Sequence[bytes]) -> tuple[int, ...]:
    """``order``: the committed position of each deal position (public once dealt)."""
    return _permutation(order_seed(root, nonces))


def dealt_deck(plan: DeckPlan, nonces: Sequence[bytes]) -> tuple[Card, ...]:
    """The cards in the order they leave the deck (SECRET): ``card_order[k]``; a short deck
    deals only from the positions :func:`play_positions` names (R30.4)."""
    cards = plan.cards
    order = permutation(plan.root, nonces)
    return tuple(cards[j] for j in order if j < plan.deck_size)


def play_positions(order: Sequence[int], deck_size: int) -> list[int]:
    """The deal positions a deck of ``deck_size`` cards deals from, in order: those whose
    committed position holds one of its cards (``order[k] < deck_size``, R30.4); the hand's
    ``k``-th card lies at the ``k``-th. Public: it depends on the order alone."""
    return [k for k in range(FULL) if order[k] < deck_size]


@dataclass(frozen=True, slots=True)
class Opening:
    """Deal position ``position`` is committed position ``index``, which holds ``card``."""

    position: int
    index: int
    salt: bytes
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {
            "k": self.position,
            "j": self.index,
            "salt": self.salt.hex(),
            "card": card_str(self.card),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Opening:
        position, index = data["k"], data["j"]
        if not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 52
            for v in (position, index)
        ):
            raise ValueError("an opening's positions are 0..51")
        salt = bytes.fromhex(data["salt"])
        if len(salt) != SALT_BYTES:
            raise ValueError(f"a salt is {SALT_BYTES} bytes")
        return cls(position, index, salt, parse_card(data["card"]))


def open_position(plan: DeckPlan, order: Sequence[int], position: int) -> Opening:
    """The opening of deal position ``position`` (give it only to whoever may see the card)."""
    j = order[position]
    return Opening(position, j, plan.salt(j), plan.cards[j])


def hole_positions(players: int, index: int, hole_cards: int = 2) -> tuple[int, ...]:
    """Deal positions of the hole cards of the player at position ``index`` (0 = left of
    the button) among ``players`` dealt in: one card at a time, one round per hole card
    (R4.1; Omaha's four, R17).

    >>> hole_positions(3, 1), hole_positions(3, 1, hole_cards=4)
    ((1, 4), (1, 4, 7, 10))
    """
    return tuple(index + r * players for r in range(hole_cards))


def board_positions(
    players: int,
    boards: Sequence[Sequence[object]],
    hole_cards: int = 2,
    double_board: bool = False,
) -> list[list[int]]:
    """Deal positions of every board card (R4.2, R12, R23): after the hole cards, each street
    is a burn and its cards; a second board shares the first's cards dealt before the run
    twice and then deals its own streets, after the first board is complete. A double board
    (R23) deals each street after one burn to the first board, then to the second.

    >>> board_positions(2, [["As", "Kd", "2c", "7h", "9s"]])
    [[5, 6, 7, 9, 11]]
    >>> board_positions(2, [["As", "Kd", "2c", "7h", "9s"], ["As", "Kd", "2c", "Th", "Js"]])
    [[5, 6, 7, 9, 11], [5, 6, 7, 13, 15]]
    >>> board_positions(2, [["As", "Kd", "2c", "7h"], ["Qs", "Jd", "3c", "8h"]], double_board=True)
    [[5, 6, 7, 12], [8, 9, 10, 13]]
    """
    position = hole_cards * players
    out: list[list[int]] = []
    if double_board:
        out = [[] for _ in boards]
        for start, end in BOARD_STREETS:
            dealt = [b for b, board in enumerate(boards) if end <= len(board)]
            if dealt:
                position += 1  # the street's one burn
            for b in dealt:
                out[b].extend(range(position, position + end - start))
                position += end - start
        return out
    for b, board in enumerate(boards):
        shared = 0
        if b:
            while shared < min(len(board), len(boards[0])) and board[shared] == boards[0][shared]:
                shared += 1
        positions = out[0][:shared] if b else []
        for start, end in BOARD_STREETS:
            if start >= shared and end <= len(board):
                position += 1  # the burn
                positions.extend(range(position, position + end - start))
                position += end - start
        out.append(positions)
    return out


def draw_positions(
    players: int,
    drawn: Sequence[Sequence[int]],
    hole_cards: int = 5,
    deck_size: int = FULL,
    burns: bool = True,
    fourth_last: bool = False,
) -> list[list[int | None]]:
    """Deal positions of every card each player was dealt in the draws (R42.6), by
    position index: after the hole cards, each draw is one burn (none in poker
    all'italiana, R31: ``burns`` false) and then, from the left of the button, the cards of
    each player who drew in it (``drawn[i]``: player ``i``'s count in each draw so far,
    public, R42.3). With ``fourth_last`` (poker all'italiana's R36.2) a player who changed
    four gets three in their turn and the fourth after everyone, the fourth cards in the
    order of the draw. A card dealt from a new stub (R42.4, R36.3: the sequence reached the
    first deck's last card) has no deal position: ``None``. With a deck of ``deck_size``
    cards (poker all'italiana's, R31.2) these are the places in its sequence: the deal
    positions are :func:`play_positions` of them, as for the hole cards.

    >>> draw_positions(3, [(2,), (0,), (3, 1)])
    [[16, 17], [], [18, 19, 20, 22]]
    >>> draw_positions(4, [(5, 5), (5, 5), (5,), (5,)])[1]  # a new stub from the 52nd card
    [26, 27, 28, 29, 30, 47, 48, 49, 50, None]
    >>> draw_positions(4, [(4,), (4,), (4,), (2,)], deck_size=32, burns=False)[3]
    [None, None]
    >>> draw_positions(4, [(1,), (4,), (0,), (4,)], deck_size=32, burns=False, fourth_last=True)
    [[20], [21, 22, 23, 27], [], [24, 25, 26, 28]]
    """
    position = hole_cards * players
    out: list[list[int | None]] = [[] for _ in range(players)]

    def deal(i: int, count: int) -> None:
        nonlocal position
        for _ in range(count):
            out[i].append(position if position < deck_size - 1 else None)
            position += 1

    for d in range(max((len(counts) for counts in drawn), default=0)):
        position += int(burns)  # the draw's one burn (none: R31)
        later = [  # R36.2: those who changed four
            i for i in range(players) if fourth_last and len(drawn[i]) > d and drawn[i][d] == 4
        ]
        for i in range(players):
            if len(drawn[i]) > d:
                deal(i, drawn[i][d] - (i in later))
        for i in later:  # R36.2: the fourth cards, in the order of the draw
            deal(i, 1)
    return out


def stud_positions(
    players: int,
    dealt: Sequence[int],
    community: int = 0,
    first: int = STUD_FIRST,
    burns: bool = True,
) -> tuple[list[list[int]], list[int]]:
    """Deal positions of every card of a stud hand (R45.2, R45.3), by position index: the
    first three rounds one card at a time from the left of the button (as
    :func:`hole_positions`), then each street one burn and one card to every player dealt one
    on it, from the left of the button. ``dealt[i]``: how many cards player ``i`` was dealt
    (public: a player still in gets every street's card, one who folded no more). With
    ``community`` (one) the seventh street was one card in the middle (R45.3): its position,
    after a burn unless it was the deck's last card. Telesina (R40.3): ``first`` two rounds
    and no burns (``burns`` false); its cards are in its deck's own sequence
    (:func:`play_positions`, R31.2), and its ``community`` vele (R41: one or two) follow the
    fifth cards, one after the other. The second item: the community cards' positions.

    >>> stud_positions(3, [7, 3, 7])
    ([[0, 3, 6, 10, 13, 16, 19], [1, 4, 7], [2, 5, 8, 11, 14, 17, 20]], [])
    >>> stud_positions(8, [6] * 8, community=1)[1]  # the deck's last card: no burn
    [51]
    >>> stud_positions(7, [6] * 7, community=1)[1]  # 45 dealt: a burn, then the card
    [46]
    >>> stud_positions(3, [5, 2, 4], first=2, burns=False)  # Telesina
    ([[0, 3, 6, 8, 10], [1, 4], [2, 5, 7, 9]], [])
    >>> stud_positions(3, [5, 2, 5], community=2, first=2, burns=False)[1]  # two vele (R41.4)
    [12, 13]
    """
    out = [list(hole_positions(players, i, first)) for i in range(players)]
    position = first * players
    for k in range(first, STUD_CARDS):
        served = [i for i in range(players) if dealt[i] > k]
        if not served:
            break
        position += int(burns)  # the street's burn
        for i in served:
            out[i].append(position)
            position += 1
    if not community:
        return out, []
    if not burns:  # R41: Telesina's vele, the next cards of the deck
        return out, list(range(position, position + community))
    return out, [position + 1 if FULL - position >= 2 else position]


def stud_deck(
    holes: Sequence[Sequence[Card | None]],
    community: Sequence[Card | None] = (),
    *,
    first: int = STUD_FIRST,
    burns: bool = True,
    cards: Sequence[Card] = FULL_DECK,
) -> tuple[Card, ...]:
    """A stud hand's deck in dealing order (R45.2, R45.3): each player's cards (in position
    order) where :func:`stud_positions` places them, the seventh-street community card where
    it goes, every other place (burns, cards nobody saw: ``None``) filled with the cards not
    named, lowest first. Telesina (R40.3): ``first`` two, no ``burns``, and ``cards`` the
    deck of its players (R31.2); its ``community`` cards are its vele (R41).
    :class:`ValueError` for a card named twice or one not in ``cards``."""
    places, middle = stud_positions(
        len(holes), [len(h) for h in holes], len(community), first, burns
    )
    slots: list[Card | None] = [None] * len(cards)
    for hole, positions in zip(holes, places, strict=True):
        for position, card in zip(positions, hole, strict=True):
            slots[position] = card
    for position, card in zip(middle, community, strict=True):
        slots[position] = card
    named = [card for card in slots if card is not None]
    if len(set(named)) != len(named):
        raise ValueError(f"{card_str(next(c for c in named if named.count(c) > 1))} is dealt twice")
    outside = set(named) - set(cards)
    if outside:
        raise ValueError(f"{card_str(min(outside))} is not in this deck of {len(cards)} cards")
    spare = iter(card for card in cards if card not in set(named))
    return tuple(card if card is not None else next(spare) for card in slots)


def nonce_list(
    root: bytes,
    sent: Sequence[Mapping[str, Any]],
    dealt: Sequence[tuple[int, int | None]],
    dealt_version: int,
) -> list[dict[str, Any]]:
    """The hand's public nonces: those ``sent`` (``{"seat", "user_id", "nonce", "version"}``,
    as accepted) and a stand-in (:func:`filler_nonce`) for every ``(seat, user_id)`` dealt
    in that sent none, in seat order."""
    entries = [{**e, "by": "player"} for e in sent]
    senders = {(e["seat"], e["user_id"]) for e in sent}
    entries += [
        {
            "seat": seat,
            "user_id": user,
            "nonce": filler_nonce(root, seat).hex(),
            "by": "server",
            "version": dealt_version,
        }
        for seat, user in dealt
        if (seat, user) not in senders
    ]
    entries.sort(key=lambda e: (e["seat"], e["version"]))
    return entries


def proof_json(
    plan: DeckPlan,
    nonces: Sequence[Mapping[str, Any]],
    seats: Sequence[int],
    committed_version: int,
    dealt_version: int,
    hole_cards: int = 2,
    double_board: bool = False,
    deck_size: int = FULL,
    draw_burns: bool = True,
    morto: bool = False,
) -> dict[str, Any]:
    """The public proof of a dealt hand (everything but the openings): what the history
    keeps and every viewer may see. ``seats``: the seats dealt in, in position order;
    ``hole_cards``: each player's (named in the proof when not Hold'em's two, R17);
    ``double_board``: named when the hand deals two boards (R23); ``deck_size``: named for
    a short deck (R30.4, R31.2); ``draw_burns``: named when false (poker all'italiana's
    draw burns no card, R31; the plan's, bound to the root); ``morto``: named when a
    fourth hand is dealt to three players (R31.4, :func:`hands_dealt`)."""
    extra: dict[str, Any] = {"hole_cards": hole_cards} if hole_cards != 2 else {}
    if morto:
        extra["morto"] = True
    if double_board:
        extra["double_board"] = True
    if deck_size != FULL:
        extra["deck_size"] = deck_size
    if not draw_burns:
        extra["draw_burns"] = False
    return {
        "scheme": SCHEME,
        "table": plan.table,
        "hand": plan.hand,
        "root": plan.root.hex(),
        "commitments": [c.hex() for c in plan.commitments],
        "committed_version": committed_version,
        "dealt_version": dealt_version,
        "nonces": [dict(e) for e in nonces],
        "seats": list(seats),
        **extra,
    }


FROM_SECRET = ("commitments",)
"""What :func:`proof_json`'s proof holds that follows from the deck's secret (the 52 card
commitments, :class:`DeckPlan`): a store that keeps the secret need not keep them
(issue #44: they were 3.3 kB of hex in every hand's row)."""


def proof_to_store(proof: Mapping[str, Any]) -> dict[str, Any]:
    """The proof without what :data:`FROM_SECRET` names, for a store that keeps the secret."""
    return {key: value for key, value in proof.items() if key not in FROM_SECRET}


def nonce_bytes(proof: Mapping[str, Any]) -> list[bytes]:
    """The nonces of a proof, in its order, as the dealing order hashes them."""
    return [bytes.fromhex(e["nonce"]) for e in proof["nonces"]]


# --- verification -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of :func:`verify_record`: ``problems`` is empty when the hand checks."""

    problems: tuple[str, ...]
    opened: int
    uncovered: int = 0
    """Cards the viewer was dealt from a new stub in a draw, which the proof does not
    cover (R42.6)."""

    @property
    def ok(self) -> bool:
        return not self.problems


def _hex(value: object, size: int) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * size:
        raise ValueError(f"expected {size} bytes of hex")
    return bytes.fromhex(value)


def hands_dealt(record: Mapping[str, Any]) -> int:
    """The hands a record's deal went round: one a seat, and poker all'italiana's morto
    (R31.4: ``"morto": true``, three players) at the place after the button, dealt last in
    each round and never opened. :class:`ValueError` for a malformed ``morto``."""
    seats = len(record["seats"])
    morto = record.get("morto", False)
    if type(morto) is not bool or (morto and seats != MORTO_PLAYERS):
        raise ValueError("morto is true only with three players (R31.4)")
    return seats + morto


def _seen_cards(
    record: Mapping[str, Any], play: Sequence[int] | None = None, burns: bool = True
) -> dict[int, Card]:
    """Deal position -> card of every card the record says its viewer saw; ``play``: the
    deal positions a short deck deals from (R30.4), ``None`` for all 52; ``burns``: false
    when the game burns none (poker all'italiana's draw, R31; Telesina's streets, R40)."""
    seats = list(record["seats"])
    n = len(seats)
    hole_cards = int(record.get("hole_cards", 2))
    double = record.get("double_board", False) is True
    seen: dict[int, Card] = {}
    boards = [[parse_card(c) for c in board] for board in record.get("boards", [])]
    if "stud" in record:  # R45.9: the cards each player was dealt place every street's
        counts = _stud_counts(record["stud"], n, hole_cards, burns)
        middle_cards = len(boards[0]) if boards else 0
        places, middle = stud_positions(n, counts, middle_cards, hole_cards, burns)
        positions_of = [middle for _ in boards]
    else:  # (R31.4: a morto's place deals a hand too, after the button's)
        dealt_to = hands_dealt(record)
        places = [list(hole_positions(dealt_to, i, hole_cards)) for i in range(n)]
        positions_of = board_positions(n, boards, hole_cards, double)
    for board, positions in zip(boards, positions_of, strict=True):
        seen.update(zip(positions, board, strict=True))
    # a draw game's hands are checked by _check_draws: a card held at the end need not lie
    # where the hole cards were dealt (R42.6)
    holes = {} if "drawn" in record else record.get("holes") or {}
    for seat, cards in holes.items():
        index = seats.index(int(seat))
        for position, card in zip(places[index], cards, strict=True):
            if card is not None:  # None: a card of that hand the viewer did not see (R11.5)
                seen[position] = parse_card(card)
    if play is None:
        return seen
    return {play[position]: card for position, card in seen.items()}


def _stud_counts(
    counts: object, players: int, first: int = STUD_FIRST, burns: bool = True
) -> list[int]:
    """A stud record's cards each player was dealt (R45.9), checked: one whole number from
    three (third street) to seven a player, with burns; Telesina's (R40.3, its first round
    the record's ``hole_cards``): from two to five, without (``draw_burns`` false, bound to
    the root). Else :class:`ValueError`."""
    if not isinstance(counts, list) or len(counts) != players:
        raise ValueError("the stud counts are not one number a seat")
    games = {(STUD_FIRST, True): STUD_CARDS, (TELESINA_FIRST, False): TELESINA_CARDS}
    most = games.get((first, burns))
    if most is None:
        raise ValueError(
            "a stud record deals three cards first with burns (R45.2), or two without"
            " (Telesina, R40.3)"
        )
    if not all(type(c) is int and first <= c <= most for c in counts):
        raise ValueError(f"a stud player is dealt from {first} to {most} cards")
    return counts


def verify_record(
    record: Mapping[str, Any],
    *,
    my_nonce: bytes | None = None,
    root_seen: bytes | None = None,
    expected_deck_size: int | None = None,
) -> Verdict:
    """Check one hand as a viewer saw it (R15). ``record`` is the JSON of the hand's deck
    proof (docs/protocol.md, "deck"): scheme 2 (this module) or 1 (a revealed seed, hands
    dealt before deck v2). ``my_nonce`` and ``root_seen``: what the viewer's browser sent and
    saw before it sent it, when known. Never raises on malformed input: it is a problem."""
    try:
        if record.get("scheme") == 1:
            return _verify_seed(record)
        return _verify_v2(record, my_nonce, root_seen, expected_deck_size)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        return Verdict((f"malformed record: {error}",), 0)


def _verify_seed(record: Mapping[str, Any]) -> Verdict:
    seed = _hex(record["seed"], 32)
    if hashlib.sha256(seed).hexdigest() != str(record["commitment"]).lower():
        return Verdict(("the seed does not match the commitment",), 0)
    lowest = FULL - int(record.get("deck_size", FULL))  # R30.4: a short deck's order
    deck = tuple(card for card in shuffled_deck(seed) if card >= lowest)
    seen = _seen_cards(record)
    wrong = [p for p, card in seen.items() if deck[p] != card]
    return Verdict(
        tuple(f"card {p + 1} of the deck is not {card_str(seen[p])}" for p in wrong), len(seen)
    )


def _verify_v2(
    record: Mapping[str, Any],
    my_nonce: bytes | None,
    root_seen: bytes | None,
    expected_deck_size: int | None = None,
) -> Verdict:
    problems: list[str] = []
    if record["scheme"] != SCHEME:
        return Verdict((f"unknown scheme {record['scheme']!r}",), 0)
    table, hand = int(record["table"]), int(record["hand"])
    commitments = [_hex(c, 32) for c in record["commitments"]]
    if len(commitments) != len(FULL_DECK):
        return Verdict(("there are not 52 commitments",), 0)
    deck_size = record.get("deck_size", FULL)
    if deck_size not in DECK_SIZES or (expected_deck_size or deck_size) != deck_size:
        return Verdict((f"the deck of {deck_size!r} cards is not this game's",), 0)
    draw_burns = record.get("draw_burns", True)
    if type(draw_burns) is not bool:
        raise ValueError("draw_burns is true or false")
    root = _hex(record["root"], 32)
    if root_of(commitments, deck_size, draw_burns) != root:
        problems.append("the commitments do not hash to the root")
    if root_seen is not None and root_seen != root:
        problems.append("the root is not the one published before your nonce")
    entries = list(record["nonces"])
    nonces = [_hex(e["nonce"], NONCE_BYTES) for e in entries]
    if my_nonce is not None and my_nonce not in nonces:
        problems.append("your nonce is not among the hand's nonces")
    committed, dealt = int(record["committed_version"]), int(record["dealt_version"])
    if not committed <= dealt:  # equal: committed at the deal itself, no nonce could come
        problems.append("the deal came before the commitments")
    for e in entries:
        version = int(e["version"])
        if e["by"] == "player" and not committed <= version < dealt:
            problems.append(
                f"a nonce was taken at version {version}, not between the commitments and the deal"
            )
        elif e["by"] == "server" and (
            version != dealt or _hex(e["nonce"], NONCE_BYTES) != filler_nonce(root, int(e["seat"]))
        ):
            problems.append(f"seat {e['seat']}'s stand-in nonce is not the one the root fixes")
        elif e["by"] not in ("player", "server"):
            problems.append(f"a nonce comes from {e['by']!r}")
    order = permutation(root, nonces)
    openings = [Opening.from_json(o) for o in record.get("openings", [])]
    by_position: dict[int, Opening] = {}
    used: set[int] = set()
    for o in openings:
        if o.position in by_position or o.index in used:
            problems.append(
                f"deal position {o.position} or committed card {o.index} is opened twice"
            )
        by_position[o.position] = o
        used.add(o.index)
        if order[o.position] != o.index:
            problems.append(
                f"deal position {o.position} is committed card {order[o.position]}, not {o.index}"
            )
        elif card_commitment(table, hand, o.index, o.salt, o.card) != commitments[o.index]:
            problems.append(f"the card at deal position {o.position} does not match its commitment")
    play = play_positions(order, deck_size) if deck_size != FULL else None  # R30.4
    for position, card in _seen_cards(record, play, draw_burns).items():
        opened = by_position.get(position)
        if opened is None:
            problems.append(f"{card_str(card)} (deal position {position}) was never opened")
        elif opened.card != card:
            problems.append(
                f"{card_str(card)} was dealt where {card_str(opened.card)} is committed"
            )
    uncovered = 0
    if "drawn" in record:  # a draw game (R42.6), poker all'italiana (R31.2, R36)
        uncovered = _check_draws(record, by_position, problems, play, draw_burns)
    return Verdict(tuple(problems), len(openings), uncovered)


MAX_DRAWS: Final = 3
"""The most draws a game has (triple draw, R44)."""


def _check_draws(
    record: Mapping[str, Any],
    by_position: Mapping[int, Opening],
    problems: list[str],
    play: Sequence[int] | None = None,
    burns: bool = True,
) -> int:
    """R42.6: a draw game's player's cards against their deal positions (the hole cards',
    then the draws' by the public counts ``drawn``). ``dealt``: every card they were dealt,
    in the order dealt (the hand page, an export): each is the card opened at its position,
    one for one; a card from a new stub has none. ``held``: the cards a page saw in their
    hand, in any order (a page that did not see the whole hand): each lies at one of their
    positions, and each card opened there was seen. Every position is opened. Adds to
    ``problems``; returns how many of the cards came from a new stub. ``play``: the deal
    positions a short deck deals from (R30.4, R31.2), ``None`` for all 52; ``burns``: false
    when the draws burn no card (R31). ``fourth_card_last`` (true: poker all'italiana's
    R36.2) places a fourth card after the others' draws."""
    seats = list(record["seats"])
    holes = int(record.get("hole_cards", 2))
    drawn = record["drawn"]
    if not isinstance(drawn, list) or len(drawn) != len(seats):
        raise ValueError("the draws' counts are not one list a seat")
    for counts in drawn:
        if not isinstance(counts, list) or len(counts) > MAX_DRAWS:
            raise ValueError(f"a seat's draws are a list of at most {MAX_DRAWS} counts")
        if not all(type(c) is int and 0 <= c <= holes for c in counts):
            raise ValueError(f"a draw's count is a whole number from 0 to {holes}")
    fourth_last = record.get("fourth_card_last", False)  # R36.2 (R31 Choices)
    if type(fourth_last) is not bool:
        raise ValueError("fourth_card_last is true or false")
    size = FULL if play is None else len(play)
    dealt_to = hands_dealt(record)  # R31.4: the morto's hand, dealt and never drawn to
    padded = [*drawn, *([[]] * (dealt_to - len(seats)))]
    in_draws = draw_positions(dealt_to, padded, holes, size, burns, fourth_last)
    uncovered = 0
    for key in ("dealt", "held"):
        for seat, cards in (record.get(key) or {}).items():
            index = seats.index(int(seat))
            positions = [*hole_positions(dealt_to, index, holes), *in_draws[index]]
            if play is not None:  # a short deck's places in its sequence (R30.4, R31.2)
                positions = [None if p is None else play[p] for p in positions]
            covered = [p for p in positions if p is not None]
            problems += [
                f"deal position {p} of seat {seat} was never opened"
                for p in covered
                if p not in by_position
            ]
            new_stub = len(positions) - len(covered)
            uncovered += new_stub
            seen = [parse_card(c) for c in cards]
            if key == "dealt":  # one for one, in the order dealt
                if len(seen) != len(positions):
                    problems.append(
                        f"seat {seat} was dealt {len(seen)} cards, not the {len(positions)} "
                        "its positions hold"
                    )
                    continue
                for p, card in zip(positions, seen, strict=True):
                    opened = by_position.get(p) if p is not None else None
                    if opened is not None and opened.card != card:
                        problems.append(
                            f"{card_str(card)} was dealt at deal position {p}, where "
                            f"{card_str(opened.card)} is committed"
                        )
                continue
            opened_cards = {by_position[p].card for p in covered if p in by_position}
            elsewhere = [card for card in seen if card not in opened_cards]
            if len(elsewhere) > new_stub:
                problems += [
                    f"{card_str(c)} was dealt where no card of seat {seat} is" for c in elsewhere
                ]
            problems += [
                f"{card_str(c)} is opened at a position of seat {seat} but never reached them"
                for c in opened_cards - set(seen)
            ]
    return uncovered


# --- command line ------------------------------------------------------------------------


def _records(data: Any) -> list[tuple[str, Mapping[str, Any]]]:
    """The deck records of an exported file: one hand (an object) or a list of hands."""
    hands = data if isinstance(data, list) else [data]
    out = []
    for hand in hands:
        label = f"table {hand.get('table', {}).get('id', '?')} hand {hand.get('number', '?')}"
        out.append((label, hand.get("deck")))
    return out


def main(argv: Sequence[str]) -> int:
    """``python -m engine.fairness verify FILE``: check every hand of a JSON export."""
    if len(argv) != 2 or argv[0] != "verify":
        print(
            "usage: python -m engine.fairness verify FILE (a JSON export of hands)", file=sys.stderr
        )
        return 2
    with open(argv[1], encoding="utf-8") as handle:
        data = json.load(handle)
    failed = 0
    records = _records(data)
    for label, record in records:
        if not isinstance(record, Mapping):
            print(f"{label}: FAILED: no deck proof in the export")
            failed += 1
            continue
        verdict = verify_record(record)
        if verdict.ok:
            stub = f", {verdict.uncovered} from a new stub not covered" if verdict.uncovered else ""
            print(
                f"{label}: ok (scheme {record.get('scheme')}, {verdict.opened} cards opened{stub})"
            )
        else:
            failed += 1
            print(f"{label}: FAILED: " + "; ".join(verdict.problems))
    print(f"{len(records) - failed} of {len(records)} hands check out")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
