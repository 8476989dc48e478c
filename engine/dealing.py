"""Dealing the cards (R4, R5.5, R12, R17, R23, R45).

Cards leave the deck in one fixed order (R4): the hole cards one at a time clockwise from
the left of the button, two rounds (R4.1; Omaha four, R17); then burn and flop, burn and
turn, burn and river (R4.2); a second run (R12) continues from the same deck with a burn
before each street it deals; a double board (R23) deals each street after its one burn to
the first board, then to the second. A stud game (R45.2) deals three rounds of hole cards,
then each street a burn and a card to every player still in (:mod:`engine.stud`).
:meth:`~engine.state.HandState.dealt_cards` is that sequence, for :func:`engine.deck.verify`.

The functions are steps of the hand: they take the
:class:`~engine.working_copy.WorkingCopy` ``w`` and record their events in it.
"""

from __future__ import annotations

from typing import Final

from engine.cards import Card
from engine.events import BoardDealt, HoleCardsDealt, UpCardDealt
from engine.games import BOARD_CARDS, rules
from engine.state import HandState, Street
from engine.stud import deal_stud_street
from engine.working_copy import WorkingCopy

__all__ = [
    "boards_to_run",
    "cards_to_come",
    "deal_hole_cards",
    "deal_runout_street",
    "deal_street",
]

_STREET_OF_BOARD: Final = {0: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
"""The street that follows a board of this many cards."""
_CARDS_FOR: Final = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
"""The cards a street deals to a board (R4.2)."""


def deal_hole_cards(w: WorkingCopy) -> None:
    """The game's hole cards (two; Omaha four), one at a time, clockwise from the left of
    the button (R4.1, R17); a stud game's first three, the third face up (R45.2); poker
    all'italiana's morto (R31.4) a hand at the place after the button, dealt and never
    played (nobody sees it)."""
    n = w.n
    places = w.config.places
    deck = w.deck
    game = rules(w.config.game)
    count = game.street_cards[0] if game.stud else game.hole_cards
    w.holes = tuple(tuple(deck[r * places + p] for r in range(count)) for p in range(n))
    w.dealt = count * places
    for p in range(n):
        w.events.append(HoleCardsDealt(w.seats[p], w.holes[p]))
    if game.stud:  # the door cards, which everyone sees (R45.2)
        label = game.street_names[0]
        for p in range(n):
            w.events.append(UpCardDealt(w.seats[p], w.holes[p][count - 1], label))


def cards_to_come(s: HandState | WorkingCopy, every_board: bool = False) -> bool:
    """Whether cards are still to be dealt to the players still in (R5.5): the (first, or
    ``every_board``) board is short of its five cards, or a stud game is before its seventh
    street (R45.2; Telesina before its fifth card or its last vela, R41); a draw game's
    cards are all dealt (R42)."""
    game = rules(s.config.game)
    if game.stud:
        return s.street < s.config.hand_rules().last_street
    boards = s.boards if every_board else s.boards[:1]
    return any(len(board) < game.board_cards for board in boards)


def deal_street(w: WorkingCopy, street: Street, board_index: int = 0) -> None:
    """Burn one card, then deal the flop (3), turn or river (1) to a board (R4.2); with
    a double board, after the one burn, the street of the first board and then of the
    second (R23); a stud game's street to its players (R45.2, R45.3)."""
    if rules(w.config.game).stud:
        deal_stud_street(w, street)
        return
    start = w.dealt + 1
    count = _CARDS_FOR[street]
    targets = range(len(w.boards)) if w.config.double_board else (board_index,)
    for target in targets:
        cards = w.deck[start : start + count]
        start += count
        w.boards[target] = w.boards[target] + cards
        w.events.append(BoardDealt(street.label, cards, target))
    w.dealt = start


def boards_to_run(w: WorkingCopy) -> list[tuple[Card, ...]]:
    """The boards the rest is dealt on: the double board's two (R23), else the board
    once or, agreed, twice (R12)."""
    if w.config.double_board:
        return w.boards
    return [w.boards[0]] * w.runs


def deal_runout_street(w: WorkingCopy) -> bool:
    """Deal the next street of the first incomplete board (a stud game's next street,
    R45.2); whether one remains after. The last round's bets are in the pot by now (they
    count in ``contributions``)."""
    w.bets = [0] * w.n
    game = rules(w.config.game)
    if game.stud:
        street = Street(w.street + 1)
        deal_stud_street(w, street)
        w.street = street
        return street < w.config.hand_rules().last_street  # (Telesina's vele, R41)
    board_index = next(i for i, board in enumerate(w.boards) if len(board) < BOARD_CARDS)
    street = _STREET_OF_BOARD[len(w.boards[board_index])]
    deal_street(w, street, board_index)
    w.street = street
    return any(len(board) < BOARD_CARDS for board in w.boards)
