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
* The stud games (R45): seven cards each, dealt over five betting rounds, the third to the
  sixth face up (:attr:`GameRules.up_cards`), no blinds but a bring-in; seven-card stud
  (R45) wins with the best high hand of any five, stud hi-lo (R46) splits with the best
  eight-or-better low of any five, razz (R47) wins with the best ace-to-five low.
* Poker all'italiana (R31-R39): a draw game of one draw on a deck that shrinks with the
  players (:attr:`GameRules.dealt_to`: ranks from 11 minus the players up, R31.2), no
  burns, antes (the invito) and no blinds, a first round that must be opened
  (:attr:`GameRules.opening`, R34), at most four cards changed (R36.1), ranked by
  :class:`engine.ranking.ItalianRanking` (R32), which never splits a pot
  (:attr:`GameRules.winner`, R32.4, R32.5).
* Telesina (R40): poker all'italiana's deck of the players and its ranking, dealt as a
  stud game of five cards (:attr:`GameRules.street_cards`: one down and one up, then three
  up one at a time), four betting rounds, no bring-in (:attr:`GameRules.bring_in` ``None``)
  but the invito; the best showing hand by the Italian ranking speaks first in every
  round (:func:`engine.showing.showing_italian`, R40.4); no card is burned. With the
  vela (R41, host option: :attr:`GameRules.vele`) one or two community cards follow the
  fifth cards, each turned before a betting round of its own; a hand is then the best
  five of the player's cards and the vele.

The board and draw games and poker all'italiana are dealt with every betting structure
(no-limit, pot-limit, fixed-limit, R6), Telesina too (R40.5); the stud games fixed-limit
only (R45.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache, partial
from itertools import combinations
from typing import Any, Final, TypeVar, cast

from engine.cards import FULL_DECK, Card
from engine.evaluation import (
    RANK_7,
    RANK_OMAHA_4,
    HandValue,
    LowValue,
    any_five_low_strength,
    evaluate,
    evaluate_any_five_low,
    evaluate_omaha,
    evaluate_omaha_low,
    low_strength_unchecked,
    omaha_strength,
    strength,
)
from engine.ranking import (
    SHORT_DECK,
    ItalianRanking,
    Ranking,
    ace_to_five,
    deuce_to_seven,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
)
from engine.showing import (
    door_order_high,
    door_order_low,
    showing_high,
    showing_italian,
    showing_low,
)

__all__ = [
    "BOARD_CARDS",
    "GAMES",
    "MORTO_PLAYERS",
    "MOST_VELE",
    "STUD_STREETS",
    "TELESINA_STREETS",
    "VELA_STREETS",
    "Game",
    "GameRules",
    "places_dealt",
    "rules",
]

_T = TypeVar("_T")

BOARD_CARDS: Final = 5
"""A complete board: the flop, the turn and the river (R4.2)."""
BURNS: Final = 3
RIVER: Final = 3
"""engine.state.Street.RIVER's value (this module comes before engine.state)."""
BOARD_STREETS: Final = ("preflop", "flop", "turn", "river")
STUD_STREETS: Final = (
    "third_street", "fourth_street", "fifth_street", "sixth_street", "seventh_street",
)  # fmt: skip
"""The names of a stud game's five betting rounds, each after its street's cards (R45.2)."""
TELESINA_STREETS: Final = ("second_card", "third_card", "fourth_card", "fifth_card")
"""Telesina's four betting rounds (R40.3), each named by the card just dealt: the first
after the second card (the first face up), the last after the fifth."""
VELA_STREETS: Final = ("vela", "second_vela")
"""Telesina con la vela (R41): the betting rounds after each vela is turned."""
MOST_VELE: Final = len(VELA_STREETS)
"""R41.4: one vela, or two."""
ITALIANA_PLAYERS: Final = 9
"""R31.1: poker all'italiana seats 2 to 9 (ten would leave a stub of two cards)."""
MORTO_PLAYERS: Final = 3
"""R31.4: the morto, a hand dealt and never played, comes with exactly three players."""


def places_dealt(players: int, morto: bool) -> int:
    """The hands dealt to ``players``: one each, and with the ``morto`` (poker
    all'italiana's option) and exactly three players a fourth, never played (R31.4)."""
    return players + (morto is True and players == MORTO_PLAYERS)


STUD_PLAYERS: Final = 8
"""R45.3: a stud table seats eight, as card rooms deal it (one community card when the deck
cannot give every player still in a seventh-street card)."""


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
    SEVEN_CARD_STUD = "stud"
    STUD_HILO = "stud8"
    RAZZ = "razz"
    ITALIANA = "italiana"
    TELESINA = "telesina"


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
    """Split games (R19, R46): (hole, complete board) -> the strength of the eight-or-better
    low, higher is better, 0 for none; ``None`` when every pot goes to the best high hand."""
    low_hand: Callable[[Sequence[Card], Sequence[Card]], LowValue | None] | None = None
    """Split games: (hole, complete board) -> the low with its cards and name, or ``None``."""
    deck: tuple[Card, ...] = FULL_DECK
    """The cards the game is dealt from, in encoding order (R1.1; short deck: R30.1)."""
    board_cards: int = BOARD_CARDS
    """Community cards: a board of five (R4.2), or none in a draw game (R42)."""
    draws: int = 0
    """Draw rounds (R42): one in five-card draw and 2-7 single draw, three in triple draw."""
    big_bet_from: int = 2
    """Fixed-limit: the first betting round played with the big bet (R7.3: the turn;
    triple draw after the second draw, single draw after the draw, R43, R44; stud's fifth
    street, R45.6)."""
    street_cards: tuple[int, ...] = ()
    """Stud (R45.2): the cards each player still in is dealt before each betting round
    (three, then one a street); empty when every hole card comes before the first."""
    up_cards: tuple[int, ...] = ()
    """Stud (R45.2): the hole-card indices dealt face up, public from the deal (R4.3)."""
    bring_in: Callable[[Card], int] | None = None
    """Stud (R45.4): the door cards' order; the greatest brings in. ``None`` in Telesina,
    which has no bring-in: the best showing hand speaks first from the first round (R40.4)."""
    showing: Callable[[Sequence[Card]], tuple[int, ...]] | None = None
    """Stud (R45.5): the up cards' order from fourth street (Telesina: from the first
    round, R40.4); the greatest acts first."""
    street_names: tuple[str, ...] = BOARD_STREETS
    """The betting rounds' names in the events (a draw's rounds are named by its draws)."""
    vele: int = 0
    """Telesina con la vela (R41): the community cards dealt, without a burn, after every
    player's cards, each with a betting round of its own after it is turned (0, 1 or 2)."""
    dealt_to: Callable[[int, bool, bool, bool, int], GameRules] | None = None
    """A game whose deck and ranking depend on the players dealt in (poker all'italiana,
    R31.2): (players, the ranking's host options R32.2, R32.6, R32.4, and Telesina's vele,
    R41) -> the rules of a hand of that many (:func:`rules` with ``players``); ``None``
    when every hand of the game is dealt from :attr:`deck`."""
    opening: bool = False
    """Poker all'italiana (R34, R35, R37): no blinds but antes; the first round is an
    opening ("apro" or "passo", the opening needs the cards the hand's config asks for);
    nobody opening, or everyone checking after the draw, carries the pot to the next
    hand; the opener speaks first after the draw and shows the opening at the end
    (:mod:`engine.opening`)."""
    draw_burn: bool = True
    """Whether each draw begins with a burn (R42.1; poker all'italiana burns none, R31);
    in a stud game, whether each street after the first does (R45.2; Telesina: none, R40)."""
    max_draw: int = 5
    """The most cards a player changes in a draw (R42.2: all five; R36.1: four)."""
    most_players: int = 0
    """The most players the game seats whatever its deck (R31.1: nine); 0: as many as
    one deck deals (:meth:`seats_for`)."""
    winner: Callable[[Sequence[Sequence[Card]]], list[int]] | None = None
    """A game whose best hand is not the strongest by :attr:`strength` alone (R32.4,
    poker all'italiana's ace-low straight flush above the ace-high one): each player's
    cards with the board's (Telesina's vele, R41.2) -> the index of the best, as a
    one-item list (R32.5: never a split); ``None``: by strength."""

    @property
    def last_street(self) -> int:
        """The last betting round (an engine.state.Street value): the river (3), the one
        after the last draw (R42), or stud's seventh street (4); Telesina's fifth card (3)
        or its last vela (R41)."""
        if self.street_cards:
            return len(self.street_cards) - 1 + self.vele
        return self.draws or RIVER

    @property
    def stud(self) -> bool:
        """Whether this is a stud game (R45): cards face up, streets dealt to the players,
        no board; a bring-in unless :attr:`bring_in` is ``None`` (Telesina, R40)."""
        return bool(self.street_cards)

    @property
    def splits(self) -> bool:
        """Whether pots split between a high and a low half (R19)."""
        return self.low is not None

    def hand_name(self, hole: Sequence[Card], board: Sequence[Card]) -> str:
        """The hand for people (R11.4): "Two pair, Aces and Fours", and in a split game its
        low after a slash when it has one: "Straight, Five high / 5-4-3-2-A low"."""
        name = self.evaluate(hole, board).name
        if self.low_hand is not None:
            low = self.low_hand(hole, board)
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
        a new stub enough for any player's draw and its last card (R42.4: 8 of 52 cards); a
        stud game eight (R45.3: seven cards each for eight is more than a deck, and the
        seventh street then has one community card).

        >>> rules("holdem").seats_for(2), rules("omaha").seats_for(2), rules("omaha5").seats_for(2)
        (10, 9, 7)
        >>> rules("draw5").max_players, rules("27triple").max_players, rules("razz").max_players
        (8, 8, 8)
        >>> rules("italiana").max_players
        9
        """
        if self.most_players:
            return self.most_players
        if self.stud:
            return STUD_PLAYERS
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
    raise ValueError("a draw or stud game has no board to run out: no all-in equity (R42, R45)")


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


def _of_all(
    measure: Callable[[Sequence[Card]], _T],
) -> Callable[[Sequence[Card], Sequence[Card]], _T]:
    """(hole, board) -> ``measure`` of all the cards: a stud hand is its seven cards (R45.7)."""
    return lambda hole, board: measure((*hole, *board))


def _stud_rules(game: Game, name: str, letter: str) -> GameRules:
    """A stud game (R45): seven cards over five betting rounds, the third to the sixth face
    up, no board (a seventh-street community card apart, R45.3: ``board`` then holds it,
    and the hand is the six hole cards and it); the big bet from fifth street (R45.6).
    Seven-card stud and stud hi-lo: the best high hand of any five (R9), the lowest door
    card brings in, the best high showing hand opens; hi-lo adds the eight-or-better low of
    any five (R46); razz: the best ace-to-five low (R47), the highest door card brings in,
    the lowest showing hand opens."""
    razz = game is Game.RAZZ
    measure: Callable[[Sequence[Card]], int] = ace_to_five if razz else strength
    describe: Callable[[Sequence[Card]], HandValue] = evaluate_ace_to_five if razz else evaluate
    low = low_hand = None
    if game is Game.STUD_HILO:
        low = _of_all(any_five_low_strength)
        low_hand = _of_all(evaluate_any_five_low)
    return GameRules(
        game,
        name,
        letter,
        7,
        _of_all(measure),
        _of_all(describe),
        _no_board,
        low,
        low_hand,
        board_cards=0,
        street_cards=(3, 1, 1, 1, 1),
        up_cards=(2, 3, 4, 5),
        bring_in=door_order_low if razz else door_order_high,
        showing=showing_low if razz else showing_high,
        street_names=STUD_STREETS,
    )


def _no_ranking(*_: object) -> Any:
    raise ValueError(
        "poker all'italiana's deck and ranking depend on the players dealt in (R31.2, R32):"
        " ask rules(game, players)"
    )


@cache
def _italiana_rules(
    players: int | None,
    full_over_flush_on_52: bool = True,
    flush_by_suit: bool = False,
    minima_beats_massima: bool = True,
    vele: int = 0,
) -> GameRules:
    """Poker all'italiana (R31-R39) dealt to ``players`` (2 to 9): the cards from rank
    11 - players up (R31.2), ranked by :class:`ItalianRanking` with the host options (R32.2
    full above colore on 52 cards, R32.6 colore by suit, R32.4 scala reale minima above the
    massima); one draw of at most four cards, no burn (R31, R36.1); the big bet, in
    fixed-limit, after the draw. With ``players`` None the game as a whole: the most cards
    it deals (52), and no ranking. Cached: one GameRules for each players and options.
    ``vele`` is Telesina's (R41): ValueError unless 0."""
    if vele:
        raise ValueError("the vela is Telesina's (R41), not poker all'italiana's")
    strength: Callable[[Sequence[Card], Sequence[Card]], int] = _no_ranking
    describe: Callable[[Sequence[Card], Sequence[Card]], HandValue] = _no_ranking
    winner: Callable[[Sequence[Sequence[Card]]], list[int]] | None = None
    deck = FULL_DECK
    if players is not None:
        ranking = ItalianRanking(
            players, full_over_flush_on_52, flush_by_suit, minima_beats_massima
        )
        deck = ranking.deck
        strength = _of_all(ranking.strength)  # (five cards, no board)
        winner = ranking.winners

        def describe(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
            return ranking.evaluate(hole)  # the name; R32.5's strength

    return GameRules(
        Game.ITALIANA,
        "Poker all'italiana",
        " Italiana",
        5,
        strength,
        describe,
        _no_board,
        deck=deck,
        board_cards=0,
        draws=1,
        big_bet_from=1,
        dealt_to=_italiana_rules,
        opening=True,
        draw_burn=False,
        max_draw=4,
        most_players=ITALIANA_PLAYERS,
        winner=winner,
    )


@cache
def _telesina_rules(
    players: int | None,
    full_over_flush_on_52: bool = True,
    flush_by_suit: bool = False,
    minima_beats_massima: bool = True,
    vele: int = 0,
) -> GameRules:
    """Telesina (R40) dealt to ``players`` (2 to 9): poker all'italiana's deck of the
    players and its ranking (R40.1: :func:`_italiana_rules`' own, five cards, never a
    split), dealt as a stud game: one card down and one up, then three up one at a time
    (R40.3), no burn; four betting rounds, the best showing hand first (R40.4, by the
    Italian ranking of the up cards: :func:`engine.showing.showing_italian`); no bring-in
    and no opening, the invito only (R40.2); in fixed-limit the big bet from the third
    round (after the fourth card), as Hold'em's from the turn. With ``vele`` (R41: 1 or 2)
    a betting round after each vela and a hand the best five of the player's five cards
    and the vele: the strongest five by R32.3 (and R32.5), compared with the others' by
    R32.4 (:func:`_best_of_vela`)."""
    if not 0 <= vele <= MOST_VELE:
        raise ValueError(f"Telesina deals one vela or two (R41.4), not {vele}")
    italiana = _italiana_rules(players, full_over_flush_on_52, flush_by_suit, minima_beats_massima)
    ranked: dict[str, Any] = {}
    if vele and players is not None:
        ranked = _best_of_vela(
            ItalianRanking(players, full_over_flush_on_52, flush_by_suit, minima_beats_massima)
        )
    return replace(
        italiana,
        **ranked,
        game=Game.TELESINA,
        name="Telesina",
        letter=" Telesina",
        draws=0,
        big_bet_from=2,
        street_cards=(2, 1, 1, 1),
        up_cards=(1, 2, 3, 4),
        showing=showing_italian,
        street_names=TELESINA_STREETS + VELA_STREETS[:vele],
        vele=vele,
        dealt_to=_telesina_rules,
        opening=False,
        max_draw=0,
    )


def _best_of_vela(ranking: ItalianRanking) -> dict[str, Any]:
    """Telesina con la vela (R41.2): a hand is the best five of the player's cards and the
    vele (six or seven cards): the five strongest by :meth:`ItalianRanking.strength` (R32.3,
    R32.5; :meth:`ItalianRanking.best_five`); the pot goes by
    :meth:`ItalianRanking.winners` over each player's five (R32.4). A player whose cards
    hold both an ace-low straight flush and one without an ace plays the stronger by R32.3
    (the one without: its top card is higher)."""
    best_five = ranking.best_five

    def strength(hole: Sequence[Card], board: Sequence[Card]) -> int:
        return ranking.best_strength((*hole, *board))

    def describe(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
        return ranking.evaluate(best_five((*hole, *board)))

    def winner(hands: Sequence[Sequence[Card]]) -> list[int]:
        return ranking.winners([best_five(hand) for hand in hands])

    return {"strength": strength, "evaluate": describe, "winner": winner}


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
        evaluate_omaha_low,
    ),
    Game.SHORT_DECK: _short_rules(SHORT_DECK, Game.SHORT_DECK, "Short deck hold'em", " 6+"),
    Game.FIVE_CARD_DRAW: _draw_rules(Game.FIVE_CARD_DRAW, "Five-card draw", " 5CD", 1, high=True),
    Game.DEUCE_SEVEN_SINGLE: _draw_rules(Game.DEUCE_SEVEN_SINGLE, "2-7 single draw", " 2-7", 1),
    Game.DEUCE_SEVEN_TRIPLE: _draw_rules(Game.DEUCE_SEVEN_TRIPLE, "2-7 triple draw", " 2-7 TD", 3),
    Game.SEVEN_CARD_STUD: _stud_rules(Game.SEVEN_CARD_STUD, "Seven-card stud", " Stud"),
    Game.STUD_HILO: _stud_rules(Game.STUD_HILO, "Seven-card stud hi-lo", " Stud8"),
    Game.RAZZ: _stud_rules(Game.RAZZ, "Razz", " Razz"),
    Game.ITALIANA: _italiana_rules(None),
    Game.TELESINA: _telesina_rules(None),
}


def rules(
    game: Game | str,
    players: int | None = None,
    *,
    full_over_flush_on_52: bool = True,
    flush_by_suit: bool = False,
    minima_beats_massima: bool = True,
    vele: int = 0,
) -> GameRules:
    """The rules of ``game`` (a :class:`Game` or its name); with ``players``, of a hand
    dealt to that many, for a game whose deck depends on them (poker all'italiana, R31.2:
    :attr:`GameRules.dealt_to`; ValueError outside 2 to 9), ranked with the ranking's host
    options (R32.2, R32.6, R32.4; their defaults when not given) and Telesina's ``vele``
    (R41); other games ignore them.
    A hand's rules with its config's options: ``engine.state.HandConfig.hand_rules``.

    >>> rules("omaha").hole_cards, rules("omaha").max_players
    (4, 10)
    >>> rules("omaha5").hole_cards, rules("omaha5").max_players  # 8 x 5 + 5 + 3 = 48
    (5, 8)
    >>> rules("omaha8").splits, rules("omaha").splits
    (True, False)
    >>> len(rules("italiana", 4).deck), len(rules("italiana", 9).deck), len(rules("italiana").deck)
    (32, 52, 52)
    >>> from engine.cards import parse_cards
    >>> full, flush = parse_cards("As Ad Ac Kd Ks"), parse_cards("2h 5h 7h 9h Jh")
    >>> rules("italiana", 9).winner([full, flush])  # R32.2: full above colore on 52 cards
    [0]
    >>> rules("italiana", 9, full_over_flush_on_52=False).winner([full, flush])
    [1]
    >>> len(rules("telesina", 5).deck), rules("telesina").max_players, rules("telesina").last_street
    (36, 9, 3)
    >>> rules("telesina", 5, vele=2).last_street, rules("telesina", 5, vele=2).street_names[4:]
    (5, ('vela', 'second_vela'))
    """
    try:  # a name finds its Game (a StrEnum hashes and compares as its value), and fast
        found = GAMES[cast(Game, game)]
    except (KeyError, TypeError):
        found = GAMES[Game(game)]  # ValueError: not a game
    if players is not None and found.dealt_to is not None:
        return found.dealt_to(
            players, full_over_flush_on_52, flush_by_suit, minima_beats_massima, vele
        )
    return found
