"""The games the engine deals: how many hole cards, how a hand is made from them and the
board, and how many players a deck can seat. The hand machine (:mod:`engine.hand`) is
parameterised by a :class:`Game`; it has no copy per game.

* Texas Hold'em (R1-R16): two hole cards; a player's hand is the best five of their seven
  cards, any of them (R9.2).
* Omaha (R17): four hole cards; a hand is exactly two hole cards and three board cards.
* Five-card Omaha (R18): Omaha with five hole cards; a deck deals eight players.
* Omaha Hi-Lo, eight or better (R19): Omaha whose pots split between the best high hand and
  the best qualifying low (:attr:`GameRules.low`).
* Short deck hold'em (R30): Hold'em on the 36 cards from six up, ranked by
  :data:`engine.ranking.SHORT_DECK` (a flush beats a full house, three of a kind a
  straight; A-6-7-8-9 is the lowest straight).

Both are dealt with the same betting structures (no-limit, pot-limit, fixed-limit, R6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from itertools import combinations
from typing import Final

from engine.cards import FULL_DECK, Card
from engine.evaluation import (
    RANK_7,
    RANK_OMAHA_4,
    HandValue,
    evaluate,
    evaluate_omaha,
    evaluate_omaha_low,
    low_strength_unchecked,
    omaha_strength,
    strength,
)
from engine.ranking import SHORT_DECK, Ranking

__all__ = ["BOARD_CARDS", "GAMES", "Game", "GameRules", "rules"]

BOARD_CARDS: Final = 5
"""A complete board: the flop, the turn and the river (R4.2)."""
BURNS: Final = 3


class Game(StrEnum):
    """What is dealt: the value is the name in a hand's config and in the table's settings."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA5 = "omaha5"
    OMAHA_HILO = "omaha8"
    SHORT_DECK = "shortdeck"


@dataclass(frozen=True, slots=True)
class GameRules:
    """One game's rules as the machine needs them."""

    game: Game
    name: str
    """For people: "Texas Hold'em", "Omaha"."""
    letter: str
    """What follows the structure in a stakes label: "1/2 NL" (Hold'em, as home games say
    it: no letter), "1/2 PLO", "1/2 PLO5", "1/2 NL 6+" (short deck: a space before)."""
    hole_cards: int
    strength: Callable[[Sequence[Card], Sequence[Card]], int]
    """(hole, complete board) -> the hand's strength, higher is better (R9, R17.1)."""
    evaluate: Callable[[Sequence[Card], Sequence[Card]], HandValue]
    """(hole, complete board) -> strength, category, the five cards used and a name."""
    rank_of_board: Callable[[Sequence[Card]], Callable[..., int]]
    """hole -> a function of the five board cards giving phevaluator's rank (lower is
    better), unchecked: the inner loop of :mod:`engine.equity`."""
    low: Callable[[Sequence[Card], Sequence[Card]], int] | None = None
    """Split games (R19): (hole, complete board) -> the strength of the eight-or-better low,
    higher is better, 0 for none; ``None`` when every pot goes to the best high hand."""
    deck: tuple[Card, ...] = FULL_DECK
    """The cards the game is dealt from, in encoding order (R1.1; short deck: R30.1)."""

    @property
    def splits(self) -> bool:
        """Whether pots split between a high and a low half (R19)."""
        return self.low is not None

    def hand_name(self, hole: Sequence[Card], board: Sequence[Card]) -> str:
        """The hand for people (R11.4): "Two pair, Aces and Fours", and in a split game its
        low after a slash when it has one: "Straight, Five high / 5-4-3-2-A low"."""
        name = self.evaluate(hole, board).name
        if self.low is not None:
            low = evaluate_omaha_low(hole, board)
            if low is not None:
                name = f"{name} / {low.name}"
        return name

    @property
    def max_players(self) -> int:
        """Seats a 52-card deck can deal: every hole card, a board and its burns (R1.1)."""
        return self.seats_for(boards=1)

    def seats_for(self, boards: int) -> int:
        """Seats the game's deck can deal with ``boards`` boards, one burn a street (R1.1,
        R23: a double board deals 10 board cards and 3 burns).

        >>> rules("holdem").seats_for(2), rules("omaha").seats_for(2), rules("omaha5").seats_for(2)
        (10, 9, 7)
        """
        return min(10, (len(self.deck) - boards * BOARD_CARDS - BURNS) // self.hole_cards)


def _holdem_rank(hole: Sequence[Card]) -> Callable[..., int]:
    return partial(RANK_7, *hole)


def _omaha_rank(hole: Sequence[Card]) -> Callable[..., int]:
    hole = tuple(hole)

    def rank(*board: Card) -> int:
        return RANK_OMAHA_4(*board, *hole)

    return rank


def _omaha5_rank(hole: Sequence[Card]) -> Callable[..., int]:
    fours = list(combinations(hole, 4))  # every two hole cards lie in some four of them

    def rank(*board: Card) -> int:
        return min([RANK_OMAHA_4(*board, *four) for four in fours])

    return rank


def _short_rules(ranking: Ranking, game: Game, name: str, letter: str) -> GameRules:
    """Hold'em on a short deck: two hole cards, any five of seven (R9.2), ``ranking``'s order."""
    return GameRules(
        game,
        name,
        letter,
        2,
        lambda hole, board: ranking.strength((*hole, *board)),
        lambda hole, board: ranking.evaluate((*hole, *board)),
        ranking.rank_of_board,
        deck=ranking.deck,
    )


GAMES: Final[dict[Game, GameRules]] = {
    Game.HOLDEM: GameRules(
        Game.HOLDEM,
        "Texas Hold'em",
        "",
        2,
        lambda hole, board: strength((*hole, *board)),
        lambda hole, board: evaluate((*hole, *board)),
        _holdem_rank,
    ),
    Game.OMAHA: GameRules(Game.OMAHA, "Omaha", "O", 4, omaha_strength, evaluate_omaha, _omaha_rank),
    Game.OMAHA5: GameRules(
        Game.OMAHA5, "Five-card Omaha", "O5", 5, omaha_strength, evaluate_omaha, _omaha5_rank
    ),
    Game.OMAHA_HILO: GameRules(
        Game.OMAHA_HILO,
        "Omaha Hi-Lo",
        "O8",
        4,
        omaha_strength,
        evaluate_omaha,
        _omaha_rank,
        low_strength_unchecked,
    ),
    Game.SHORT_DECK: _short_rules(SHORT_DECK, Game.SHORT_DECK, "Short deck hold'em", " 6+"),
}


def rules(game: Game | str) -> GameRules:
    """The rules of ``game`` (a :class:`Game` or its name).

    >>> rules("omaha").hole_cards, rules("omaha").max_players
    (4, 10)
    >>> rules("omaha5").hole_cards, rules("omaha5").max_players  # 8 x 5 + 5 + 3 = 48
    (5, 8)
    >>> rules("omaha8").splits, rules("omaha").splits
    (True, False)
    """
    return GAMES[Game(game)]
