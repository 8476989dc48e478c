"""Exact all-in equity: each player's share of the pot over every remaining board.

When no more betting is possible (R5.5, R11.1) the table shows each player's chance of
winning. It is computed exactly, not sampled: every way to complete the board from the
cards nobody has seen is dealt, each player's best five of seven is evaluated (R9.2), the
best strength wins the board and tied players split it equally (R10.1). A player's equity is
their average share over all boards, so the equities sum to 1.

All evaluation runs in phevaluator's C core driven by ``itertools.starmap``: boards are
enumerated in chunks that share their first card, and each player's hole cards are bound in
a ``functools.partial``, so no Python bytecode runs per board. On a 2-core x86-64 machine a
heads-up preflop spot (1,712,304 boards, 3.4 million evaluations) takes about 0.5 s, a
three-way one (1,370,754 boards) about 1 s, and any flop or turn spot about a millisecond.

In a split game (Omaha Hi-Lo, R19) a board with a qualifying low gives half the pot to the
best high and half to the best low, so a player's equity counts both halves
(:func:`_split_game_shares`); without a low the high takes all.

Cards are the integers of :mod:`engine.cards`. :func:`equities` is the table's all-in
display of a hand in play: each live seat's equity, in seat numbers.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from functools import partial
from itertools import combinations, repeat, starmap
from math import comb, lcm
from operator import add, eq, lt, mul

from engine.cards import Card, cards_str
from engine.evaluation import low_of_values, low_values
from engine.games import BOARD_CARDS, GAMES, Game, GameRules, rules
from engine.state import HandState

HOLDEM = GAMES[Game.HOLDEM]

__all__ = [
    "all_in_equity",
    "all_in_equity_exact",
    "board_count",
    "equities",
    "sampled_equity",
]

_BOARD_SIZE = 5
# Boards are enumerated in one piece when few cards are missing (turn, river, flop), and in
# chunks sharing their first card otherwise, to bound the memory held at once.
_CHUNK_FROM_MISSING = 3


def _check_cards(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    dead: Sequence[Card],
    game: GameRules = HOLDEM,
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], list[Card]]:
    """Validate the spot and return (holes, board, cards still in the deck)."""
    hole_list = [tuple(hole) for hole in holes]
    board_cards = tuple(board)
    if not hole_list:
        raise ValueError("all-in equity needs at least one player's hole cards")
    for hole in hole_list:
        if len(hole) != game.hole_cards:
            raise ValueError(
                f"a hand of {game.name} has {game.hole_cards} hole cards, got {len(hole)}: {hole!r}"
            )
    if len(board_cards) > _BOARD_SIZE:
        raise ValueError(f"a board has at most 5 cards, got {len(board_cards)}")
    known = [card for hole in hole_list for card in hole] + list(board_cards) + list(dead)
    for card in known:
        if type(card) is not int or not 0 <= card < 52:
            raise ValueError(f"{card!r} is not a card: a card is an int from 0 to 51")
        if card < game.deck[0]:
            raise ValueError(f"{cards_str([card])} is not in a deck of {game.name} (R30.1)")
    if len(set(known)) != len(known):
        repeated = sorted({card for card in known if known.count(card) > 1})
        raise ValueError(f"cards appear more than once: {cards_str(repeated)}")
    used = set(known)
    rest = [card for card in game.deck if card not in used]
    if len(rest) < _BOARD_SIZE - len(board_cards):
        raise ValueError("not enough cards left in the deck to complete the board")
    return hole_list, board_cards, rest


def board_count(players: int, board: int = 0, dead: int = 0, hole_cards: int = 2) -> int:
    """Return how many boards the exact equity enumerates for this many known cards.

    >>> board_count(2)  # heads-up preflop
    1712304
    """
    return comb(52 - hole_cards * players - board - dead, _BOARD_SIZE - board)


def _chunks(
    board: tuple[Card, ...], rest: list[Card]
) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...], int]]:
    """Split the remaining boards into chunks ``(fixed cards, cards to choose from, k)``.

    Every board is ``fixed + one k-subset of the choices``, each exactly once.
    """
    missing = _BOARD_SIZE - len(board)
    if missing < _CHUNK_FROM_MISSING:
        yield board, tuple(rest), missing
        return
    for index, first in enumerate(rest[: len(rest) - missing + 1]):
        yield (*board, first), tuple(rest[index + 1 :]), missing - 1


def _ranks(
    rank_of: Callable[..., int], fixed: tuple[Card, ...], choices: tuple[Card, ...], k: int
) -> list[int]:
    """phevaluator ranks (lower is better) of a hand on ``fixed + c`` for every k-subset
    ``c`` (``rank_of``: the hand's rank as a function of the board, ``GameRules``)."""
    return list(starmap(partial(rank_of, *fixed), combinations(choices, k)))


def all_in_equity_exact(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    dead: Sequence[Card] = (),
    *,
    game: GameRules = HOLDEM,
) -> list[Fraction]:
    """Return each player's exact share of the pot as a :class:`~fractions.Fraction`.

    ``holes`` holds the two hole cards of each player still in the hand (the result is in
    the same order); ``board`` the 0 to 5 community cards dealt so far; ``dead`` any other
    cards known to be out of the deck. Every completion of the board from the remaining
    cards is enumerated; the best hand wins it and tied hands split it equally (R9.4,
    R10.1). The fractions sum to exactly 1. Raises ``ValueError`` for invalid or repeated
    cards.
    """
    hole_list, board_cards, rest = _check_cards(holes, board, dead, game)
    players = len(hole_list)
    if players == 1:
        return [Fraction(1)]
    if game.splits:
        boards_seen = [
            (*fixed, *more)
            for fixed, choices, k in _chunks(board_cards, rest)
            for more in combinations(choices, k)
        ]
        shares, total = _split_game_shares(hole_list, boards_seen, game)
        return [Fraction(share, total) for share in shares]
    rank_of = [game.rank_of_board(hole) for hole in hole_list]
    if players == 2:
        first, second = rank_of
        boards = wins = ties = 0
        for fixed, choices, k in _chunks(board_cards, rest):
            ranks_a = _ranks(first, fixed, choices, k)
            ranks_b = _ranks(second, fixed, choices, k)
            boards += len(ranks_a)
            wins += sum(map(lt, ranks_a, ranks_b))
            ties += sum(map(eq, ranks_a, ranks_b))
        losses = boards - wins - ties
        return [Fraction(2 * wins + ties, 2 * boards), Fraction(2 * losses + ties, 2 * boards)]
    # Three or more players: for each board, the set of winners as a bit mask; count the
    # boards per mask, then share each mask's boards among its winners.
    winner_sets: Counter[int] = Counter()
    for fixed, choices, k in _chunks(board_cards, rest):
        ranks = [_ranks(rank, fixed, choices, k) for rank in rank_of]
        best = list(map(min, *ranks))
        masks = map(eq, ranks[0], best)
        for seat_bit, player_ranks in enumerate(ranks[1:], start=1):
            masks = map(add, masks, map(mul, map(eq, player_ranks, best), repeat(1 << seat_bit)))
        winner_sets.update(masks)
    unit = lcm(*range(1, players + 1))  # every split share is a whole number of units
    shares = [0] * players
    for mask, count in winner_sets.items():
        winners = [player for player in range(players) if mask >> player & 1]
        for player in winners:
            shares[player] += count * (unit // len(winners))
    total = unit * sum(winner_sets.values())
    return [Fraction(share, total) for share in shares]


def all_in_equity(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    dead: Sequence[Card] = (),
    *,
    game: GameRules = HOLDEM,
) -> list[float]:
    """Return each player's exact all-in equity as a float (see :func:`all_in_equity_exact`).

    The values are the exact fractions rounded to the nearest float, so they sum to 1 up to
    float rounding (within 1e-15).

    >>> from engine.cards import parse_cards
    >>> [round(e, 4) for e in all_in_equity([parse_cards("AhAs"), parse_cards("KdKc")],
    ...                                     parse_cards("2c 7d Kh 9s"))]
    [0.0455, 0.9545]
    """
    return [float(share) for share in all_in_equity_exact(holes, board, dead, game=game)]


def sampled_equity(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    dead: Sequence[Card] = (),
    samples: int = 5_000,
    *,
    game: GameRules = HOLDEM,
) -> list[float]:
    """Estimate each player's share of the pot from ``samples`` random completions of the
    board (for a live preflop all-in, where the exact enumeration takes half a second or
    more: 5,000 boards take about 20 ms, with a standard error under 0.7 points).

    The boards come from a generator seeded with the known cards, so the estimate is the
    same in every process and for every viewer. It only estimates: it never deals a card
    (dealing uses :mod:`engine.deck`, seeded from ``secrets``, R15).
    """
    hole_list, board_cards, rest = _check_cards(holes, board, dead, game)
    players = len(hole_list)
    if players == 1:
        return [1.0]
    known = [card for hole in hole_list for card in hole] + list(board_cards) + list(dead)
    generator = random.Random(bytes(known))
    missing = _BOARD_SIZE - len(board_cards)
    completions = [(*board_cards, *generator.sample(rest, missing)) for _ in range(samples)]
    if game.splits:
        split_shares, total = _split_game_shares(hole_list, completions, game)
        return [share / total for share in split_shares]
    ranks = [list(starmap(game.rank_of_board(hole), completions)) for hole in hole_list]
    shares = [0.0] * players
    for board_ranks in zip(*ranks, strict=True):
        best = min(board_ranks)
        winners = [i for i, rank in enumerate(board_ranks) if rank == best]
        for i in winners:
            shares[i] += 1 / len(winners)
    return [share / samples for share in shares]


def _split_game_shares(
    hole_list: Sequence[tuple[Card, ...]], boards: Iterable[tuple[Card, ...]], game: GameRules
) -> tuple[list[int], int]:
    """Each player's pot share over ``boards`` in a high-low split game (R19.3), as whole
    numbers over a common total: on a board with a qualifying low the best high and the best
    low each take half (tied hands share their half), otherwise the high takes all.
    Returns ``(shares, total)``; ``total`` is the units of all the boards together."""
    players = len(hole_list)
    unit = 2 * lcm(*range(1, players + 1))  # every half split is a whole number of units
    half = unit // 2
    board_list = boards if isinstance(boards, list) else list(boards)
    # per player, every board at once (C loops): high ranks (lower is better) and lows
    ranks = [list(starmap(game.rank_of_board(hole), board_list)) for hole in hole_list]
    board_lows = list(map(low_values, board_list))
    lows = [list(map(low_of_values, repeat(low_values(hole)), board_lows)) for hole in hole_list]
    shares = [0] * players
    everyone = range(players)
    for board_ranks, board_low in zip(
        zip(*ranks, strict=True), zip(*lows, strict=True), strict=True
    ):
        best = min(board_ranks)
        high = [i for i in everyone if board_ranks[i] == best]
        best_low = max(board_low)
        if best_low:
            for i in high:
                shares[i] += half // len(high)
            winners = [i for i in everyone if board_low[i] == best_low]
            for i in winners:
                shares[i] += half // len(winners)
        else:
            for i in high:
                shares[i] += unit // len(high)
    return shares, unit * len(board_list)


def equities(state: HandState, preflop_samples: int | None = None) -> dict[int, float] | None:
    """Each live seat's share of the pot when no more betting is possible and the board is
    not complete (the table's all-in display); ``None`` otherwise.

    Exact (:func:`all_in_equity`), except with ``preflop_samples`` before the flop, where it
    is estimated from that many boards (:func:`sampled_equity`). A second run's equities
    leave out the cards the first run dealt (R12); a double board's are the mean of its two
    boards' (R23).
    """
    game = rules(state.config.game)
    if not state.all_in or state.is_finished or game.draws or game.stud:
        return None  # (a draw game's cards still change, R42; a stud game: not yet, R45 Choices)
    boards = state.boards
    index = next((i for i, board in enumerate(boards) if len(board) < BOARD_CARDS), None)
    if index is None:
        return None
    live = [q for q in range(len(state.seats)) if not state.folded[q]]
    holes = [state.holes[q] for q in live]

    def board_shares(running: tuple[Card, ...], dead: list[Card]) -> list[float]:
        if preflop_samples and not running:
            return sampled_equity(holes, running, dead, preflop_samples, game=game)
        return all_in_equity(holes, running, dead, game=game)

    if state.config.double_board:
        # R23: half of every pot on each board. By linearity a player's share is the mean
        # of their shares of the two boards, each board's rest dealt from the cards the
        # other board does not show (exact, as for one board). Before the flop both boards
        # are alike: one computation serves both.
        first, second = boards
        shares = board_shares(first, list(second))
        if first or second:
            other = board_shares(second, list(first))
            shares = [(a + b) / 2 for a, b in zip(shares, other, strict=True)]
    else:
        running = boards[index]
        # a second run's equities: the cards the first run dealt are out of the deck (R12)
        dead = [card for card in boards[0] if card not in running] if index else []
        shares = board_shares(running, dead)
    return {state.seats[q]: share for q, share in zip(live, shares, strict=True)}
