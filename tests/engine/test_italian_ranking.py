"""The hands of poker all'italiana (R31.2, R32): every deck from two players (24 cards) to
nine (52), each checked exhaustively: every five-card hand counted by category against the
closed forms, and no two hands of different cards tied (R32.5: a pot is never split)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from engine.cards import card_str, parse_cards
from engine.evaluation import HandCategory, strength
from engine.ranking import ItalianRanking, italian_lowest

H = HandCategory


def closed_forms(ranks: int) -> dict[HandCategory, int]:
    """Five-card hands of each category on a deck of ``ranks`` ranks in four suits, the ace
    also below the lowest rank (R32.3): ``ranks - 3`` straights."""
    straights = ranks - 3
    return {
        H.STRAIGHT_FLUSH: 4 * straights,
        H.FOUR_OF_A_KIND: ranks * 4 * (ranks - 1),
        H.FULL_HOUSE: ranks * 4 * (ranks - 1) * 6,
        H.FLUSH: 4 * comb(ranks, 5) - 4 * straights,
        H.STRAIGHT: straights * (4**5 - 4),
        H.THREE_OF_A_KIND: ranks * 4 * comb(ranks - 1, 2) * 16,
        H.TWO_PAIR: comb(ranks, 2) * 36 * (ranks - 2) * 4,
        H.ONE_PAIR: ranks * 6 * comb(ranks - 1, 3) * 64,
        H.HIGH_CARD: (comb(ranks, 5) - straights) * (4**5 - 4),
    }


def _check_every_hand(players: int) -> None:
    ranking = ItalianRanking(players)
    deck = ranking.deck
    ranks = 13 - italian_lowest(players)
    assert len(deck) == 4 * ranks
    counts: Counter[HandCategory] = Counter()
    seen: dict[int, tuple[int, ...]] = {}
    for five in combinations(deck, 5):
        value = ranking.strength(five)
        counts[ranking.category(value)] += 1
        other = seen.setdefault(value, five)
        # R32.5: an equal strength is the same deciding card: two hands that could meet
        # (no card in common) never tie
        assert other is five or set(other) & set(five), (five, other)
    assert counts == closed_forms(ranks)
    if players < 9:  # R32.1: the rarer flush ranks above the full house on every short deck
        assert counts[H.FLUSH] < counts[H.FULL_HOUSE]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_R32_every_hand_of_the_usual_decks_is_counted_and_never_tied(players: int) -> None:
    """24 to 40 cards: two to six players, the game as it is usually dealt."""
    _check_every_hand(players)


@pytest.mark.slow  # about a minute: 4.4 million hands of 44, 48 and 52 cards
@pytest.mark.parametrize("players", [7, 8, 9])
def test_R32_every_hand_of_the_large_decks_is_counted_and_never_tied(players: int) -> None:
    _check_every_hand(players)


def test_R31_2_the_deck_shrinks_with_the_players() -> None:
    sizes = {players: len(ItalianRanking(players).deck) for players in range(2, 10)}
    assert sizes == {2: 24, 3: 28, 4: 32, 5: 36, 6: 40, 7: 44, 8: 48, 9: 52}
    assert card_str(ItalianRanking(4).deck[0]) == "7c"  # four players: seven to the ace
    with pytest.raises(ValueError):
        ItalianRanking(10)


def _beats(ranking: ItalianRanking, better: str, worse: str) -> bool:
    return ranking.strength(parse_cards(better)) > ranking.strength(parse_cards(worse))


def test_R32_1_worked_examples_on_32_cards() -> None:
    four = ItalianRanking(4)
    assert _beats(four, "7h 8h 9h Jh Kh", "As Ad Ac Kd Ks")  # colore beats full
    assert _beats(four, "As Ad Ac Ah 7d", "7h 8h 9h Jh Kh")  # poker beats colore
    assert _beats(four, "7c 8d 9s Th Jc", "As 7d 8c 9h Ts")  # the scala minima is the lowest
    assert four.category(four.strength(parse_cards("As 7d 8c 9h Ts"))) is H.STRAIGHT
    assert _beats(four, "Qs Jd Tc 9h 8s", "Ks Kd Kc 7h 8d")  # scala beats tris, as ever


def test_R32_2_on_the_whole_deck_the_full_beats_the_flush_unless_the_host_says_not() -> None:
    assert _beats(ItalianRanking(9), "As Ad Ac Kd Ks", "2h 8h 9h Jh Kh")
    assert _beats(
        ItalianRanking(9, full_over_flush_on_52=False), "2h 8h 9h Jh Kh", "As Ad Ac Kd Ks"
    )
    assert _beats(ItalianRanking(9), "2c 3d 4s 5h 6c", "Ah 2d 3s 4c 5s")  # A-2-3-4-5 the lowest


def test_R32_5_equal_ranks_go_to_the_better_suit_come_quando_fuori_piove() -> None:
    four = ItalianRanking(4)
    assert _beats(four, "Kh Kc As Qd 9c", "Kd Ks Ad Qc 9h")  # the pairs' best: K♥ over K♦
    assert _beats(four, "Ad Kc Qs Jh 9c", "Ac Ks Qd Jc 9h")  # carta alta: A♦ over A♣
    assert _beats(four, "Tc 9c 8c 7h Jd", "Js Ts 9d 8s 7d")  # straights: J♦ over J♠
    assert _beats(four, "Ah Kh Qh 9h 7h", "As Ks Qs 9s 7s")  # flushes with equal ranks


def test_R32_6_a_flush_by_its_suit_first_is_the_hosts_option() -> None:
    hearts, spades = "Kh Qh Jh 9h 8h", "As Qs Ts 9s 7s"
    assert _beats(ItalianRanking(4), spades, hearts)  # ranks first (the default)
    assert _beats(ItalianRanking(4, flush_by_suit=True), hearts, spades)


def test_R32_4_the_scala_reale_minima_beats_the_massima_which_beats_a_media() -> None:
    four = ItalianRanking(4)
    minima, massima, media = (
        parse_cards("As 7s 8s 9s Ts"),
        parse_cards("Th Jh Qh Kh Ah"),
        parse_cards("8d 9d Td Jd Qd"),
    )
    assert four.winners([massima, minima]) == [1]
    assert four.winners([media, massima]) == [1]
    assert four.winners([minima, media]) == [1]
    assert four.winners([minima, massima, media]) == [1]  # no best of the three: R32.3
    plain = ItalianRanking(4, minima_beats_massima=False)
    assert plain.winners([massima, minima]) == [0]
    assert plain.winners([media, minima]) == [0]


def test_R32_on_the_whole_deck_with_the_full_over_the_flush_ranks_as_holdem() -> None:
    """Nine players and R32.2: the 52-card ranking of R9, checked against phevaluator on
    random hands (ties broken by suit on top)."""
    import random

    nine = ItalianRanking(9)
    rng = random.Random(32)
    hands = [tuple(rng.sample(nine.deck, 5)) for _ in range(20_000)]
    ours = sorted(hands, key=nine.strength)
    theirs = [strength(hand) for hand in ours]
    assert theirs == sorted(theirs)


@pytest.mark.parametrize("players", range(2, 10))
def test_R41_2_the_best_five_of_six_or_seven_is_the_strongest_of_every_five(players: int) -> None:
    """Telesina con la vela (R41.2): :meth:`ItalianRanking.best_five` of six or seven cards
    is as strong as the strongest of all their fives (R32.3, R32.5), with every ranking
    option, over random hands of each deck (straights whose top rank is paired included:
    the best-suited top card decides)."""
    rng = random.Random(f"best five {players}")
    for options in itertools.product((True, False), repeat=3):
        ranking = ItalianRanking(players, *options)
        deck = list(ranking.deck)
        for _ in range(300):
            cards = rng.sample(deck, rng.choice((6, 7)))
            five = ranking.best_five(cards)
            assert len(set(five)) == 5 and set(five) <= set(cards)
            best = max(ranking.strength(c) for c in combinations(cards, 5))
            assert ranking.strength(five) == ranking.best_strength(cards) == best, (cards, five)
