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
* The draw games (R42): five cards each, no board, one draw or three; five-card draw (R43)
  wins with the best high hand, deuce-to-seven single and triple draw (R44) with the best
  low (:func:`engine.ranking.deuce_to_seven`).

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
from engine.ranking import SHORT_DECK, Ranking, deuce_to_seven, evaluate_deuce_to_seven

__all__ = ["BOARD_CARDS", "GAMES", "Game", "GameRules", "rules"]

BOARD_CARDS: Final = 5
"""A complete board: the flop, the turn and the river (R4.2)."""
BURNS: Final = 3
RIVER: Final = 3
"""engine.state.Street.RIVER's value (this module comes before engine.state)."""


class Game(StrEnum):
    """What is dealt: the value is the name in a hand's config and in the table's settings."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA5 = "omaha5"
    OMAHA_HILO = "omaha8"
    SHORT_DECK = "shortdeck"
    FIVE_CARD_DRAW = "draw5"
    DEUCE_SEVEN_SINGLE = "27single"
    DEUCE_SEVEN_TRIPLE = "27triple"


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
    board_cards: int = BOARD_CARDS
    """Community cards: a board of five (R4.2), or none in a draw game (R42)."""
    draws: int = 0
    """Draw rounds (R42): one in five-card draw and 2-7 single draw, three in triple draw."""
    big_bet_from: int = 2
    """Fixed-limit: the first betting round played with the big bet (R7.3: the turn;
    triple draw after the second draw, single draw after the draw, R43, R44)."""

    @property
    def last_street(self) -> int:
        """The last betting round (an engine.state.Street value): the river (3), or the one
        after the last draw (R42)."""
        return self.draws or RIVER

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
        R23: a double board deals 10 board cards and 3 burns); a draw game as many as leave
        a new stub enough for any player's draw and its last card (R42.4: 8 of 52 cards).

        >>> rules("holdem").seats_for(2), rules("omaha").seats_for(2), rules("omaha5").seats_for(2)
        (10, 9, 7)
        >>> rules("draw5").max_players, rules("27triple").max_players
        (8, 8)
        """
        if self.draws:
            return min(10, (len(self.deck) - 11) // self.hole_cards)
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


def _no_board(hole: Sequence[Card]) -> Callable[..., int]:
    raise ValueError("a draw game has no board to run out: no all-in equity (R42)")


def _draw_rules(game: Game, name: str, letter: str, draws: int, high: bool = False) -> GameRules:
    """A draw game (R42): five cards, no board, ``draws`` draws; the best high hand of the
    five (five-card draw, R43, by phevaluator) or the best deuce-to-seven low (R44)."""
    measure: Callable[[Sequence[Card]], int] = strength if high else deuce_to_seven
    describe: Callable[[Sequence[Card]], HandValue] = evaluate if high else evaluate_deuce_to_seven
    return GameRules(
        game,
        name,
        letter,
        5,
        lambda hole, board: measure(hole),
        lambda hole, board: describe(hole),
        _no_board,
        board_cards=0,
        draws=draws,
        big_bet_from=2 if draws == 3 else 1,
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
    Game.FIVE_CARD_DRAW: _draw_rules(Game.FIVE_CARD_DRAW, "Five-card draw", " 5CD", 1, high=True),
    Game.DEUCE_SEVEN_SINGLE: _draw_rules(Game.DEUCE_SEVEN_SINGLE, "2-7 single draw", " 2-7", 1),
    Game.DEUCE_SEVEN_TRIPLE: _draw_rules(Game.DEUCE_SEVEN_TRIPLE, "2-7 triple draw", " 2-7 TD", 3),
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
