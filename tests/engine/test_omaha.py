"""Omaha (R17): four hole cards dealt one at a time; a hand is exactly two hole cards and
three board cards; everything else is Hold'em's (R2-R16), checked against PokerKit in
test_differential_pokerkit.py and against PokerKit's Omaha evaluator here."""

from __future__ import annotations

import random

import pytest
from pokerkit import OmahaHoldemHand

from engine.cards import FULL_DECK, card_str, parse_cards
from engine.equity import all_in_equity, equities, sampled_equity
from engine.errors import EngineError
from engine.evaluation import HandCategory, category_of, evaluate_omaha, omaha_strength
from engine.events import PotAwarded
from engine.games import Game, rules
from engine.hand import start_hand
from engine.state import HandConfig

from .hand_helpers import Table

BOARD = "Qh Jh 9s 4h 8c"


def omaha(**options: object) -> Table:
    options.setdefault("game", Game.OMAHA)
    return Table.start(**options)  # type: ignore[arg-type]


def test_a_flush_needs_two_hole_cards_of_the_suit_R17_1() -> None:
    two = omaha_strength(parse_cards("AhKh2c3d"), parse_cards(BOARD))
    one = omaha_strength(parse_cards("Ah2c3d5s"), parse_cards("Kh Qh Jh Th 8c"))
    assert category_of(two) is HandCategory.FLUSH
    assert category_of(one) is HandCategory.HIGH_CARD  # four hearts on board and one in hand


def test_a_board_straight_or_board_pair_plays_only_through_two_hole_cards_R17_1() -> None:
    board = parse_cards("9c Tc Jd Qs Ks")
    assert category_of(omaha_strength(parse_cards("2c2d3h4h"), board)) is HandCategory.ONE_PAIR
    name = evaluate_omaha(parse_cards("AsAdKc2h"), parse_cards("Ah 7d 7c Kd 2s")).name
    assert name == "Full house, Aces full of Sevens"


def test_omaha_strength_agrees_with_pokerkits_omaha_hand_on_random_deals_R17_1() -> None:
    """2,000 random deals: the same order of hands as PokerKit's OmahaHoldemHand."""
    rng = random.Random(17)

    def pk(hole, board):  # type: ignore[no-untyped-def]
        return OmahaHoldemHand.from_game(
            "".join(card_str(c) for c in hole), "".join(card_str(c) for c in board)
        )

    for _ in range(2000):
        cards = rng.sample(FULL_DECK, 13)
        board, a, b = cards[:5], cards[5:9], cards[9:]
        ours = (omaha_strength(a, board) > omaha_strength(b, board)) - (
            omaha_strength(a, board) < omaha_strength(b, board)
        )
        theirs = (pk(a, board) > pk(b, board)) - (pk(a, board) < pk(b, board))
        assert ours == theirs, (a, b, board)


def test_four_hole_cards_are_dealt_one_at_a_time_clockwise_R4_1_R17() -> None:
    config = HandConfig(
        seats=(1, 2, 3), stacks=(100,) * 3, button=3, small_blind=1, big_blind=2, game=Game.OMAHA
    )
    deck = tuple(FULL_DECK)
    state, _ = start_hand(config, deck=deck)
    assert state.holes[0] == (deck[0], deck[3], deck[6], deck[9])
    assert state.holes[2] == (deck[2], deck[5], deck[8], deck[11])
    assert state.dealt == 12


def test_the_pot_goes_to_the_best_hand_of_two_hole_and_three_board_cards_R17_1() -> None:
    """Seat 1's four hearts and the board's two make no flush (a hand is two hole and three
    board cards): a pair of Kings. Seat 2 plays Ace-Three with 2-4-5: a straight."""
    t = omaha(holes={1: "KhTh7h6h", 2: "AsAd2c3c"}, board="2h 9h Kc 5s 4d", stacks=(100, 100))
    for _ in range(4):
        t.check_down()
    if t.state.phase != "finished":
        t.act(t.legal.seat, "muck")
    awards = t.of_type(PotAwarded)
    assert [a.winners for a in awards] == [(2,)]
    assert awards[0].hand_name == "Straight, Five high"


def test_omaha_equity_is_exact_on_the_flop_and_the_preflop_estimate_is_close_R17() -> None:
    game = rules(Game.OMAHA)
    holes = [parse_cards("AsAdKsKd"), parse_cards("QhJhTh9h")]
    flop = parse_cards("2c 7d 8h")
    rest = [c for c in FULL_DECK if c not in {*holes[0], *holes[1], *flop}]
    wins = [0.0, 0.0]
    boards = 0
    for i, turn in enumerate(rest):  # every turn and river, by brute force
        for river in rest[i + 1 :]:
            board = (*flop, turn, river)
            a, b = (omaha_strength(h, board) for h in holes)
            wins[0] += 1.0 if a > b else 0.5 if a == b else 0.0
            wins[1] += 1.0 if b > a else 0.5 if a == b else 0.0
            boards += 1
    exact = all_in_equity(holes, flop, game=game)
    assert exact == pytest.approx([w / boards for w in wins], abs=1e-12)
    estimate = sampled_equity(holes, (), samples=5000, game=game)
    assert sum(estimate) == pytest.approx(1)
    assert estimate[0] == pytest.approx(0.6, abs=0.08)  # aces double-suited are the favourite


def test_an_omaha_all_in_before_the_river_shows_both_players_equity() -> None:
    t = omaha(holes={1: "AsAdKsKd", 2: "QhJhTh9h"}, board="2c 7d 8h 3s 4s", stacks=(50, 50),
              paced_runout=True)  # fmt: skip
    t.act(t.legal.seat, "all_in")
    t.act(t.legal.seat, "call")
    shares = equities(t.state, preflop_samples=2000)
    assert shares is not None and set(shares) == {1, 2}
    assert sum(shares.values()) == pytest.approx(1)


def test_a_deck_deals_at_most_ten_omaha_players_and_a_wrong_game_is_refused() -> None:
    assert rules(Game.OMAHA).max_players == 10  # 10 x 4 + 5 + 3 burns = 48 cards
    stud = HandConfig(
        seats=(1, 2),
        stacks=(10, 10),
        button=2,
        small_blind=1,
        big_blind=2,
        game="stud",  # type: ignore[arg-type]
    )
    with pytest.raises(EngineError) as caught:
        start_hand(stud)
    assert caught.value.code == "invalid_config"


def test_an_omaha_hand_round_trips_through_phh_and_pokerkit_reads_pot_limit_omaha() -> None:
    """PHH: pot-limit Omaha is the standard's ``PO``; our replay and PokerKit's agree."""
    import warnings

    from pokerkit import HandHistory

    from engine.phh import loads, replay, to_phh
    from tests.engine import pokerkit_oracle as oracle

    checked = 0
    for index in range(40):
        record = oracle.generate_one(5, index, "pot_limit", "omaha")
        run = oracle.run_engine(record)
        assert not run.mismatches and run.state is not None
        document = to_phh(run.state, run.events)
        assert document.variant == "PO"
        text = document.to_toml()
        again = replay(loads(text))
        assert again.state.stacks == run.state.stacks
        # PokerKit reads it (on the oracle's state that follows the rule book where PokerKit
        # differs: the R7.4 short all-in, the R10.1 odd chip, run it twice, see the oracle)
        assert oracle.replay_phh(text, rulebook=True) == run.state.stacks
        checked += 1
    assert checked == 40
    with warnings.catch_warnings():  # and PokerKit's own reader knows the standard's code
        warnings.simplefilter("ignore")
        assert HandHistory.loads(text).variant == "PO"


# ---------------------------------------------------------------- R18 five-card Omaha


def test_five_card_omaha_uses_exactly_two_of_five_hole_cards_R18() -> None:
    """The four-card shortcut (the best of the five four-card Omaha hands) equals the best
    of all 100 hands of two hole cards and three board cards, on random deals."""
    from itertools import combinations

    from engine.evaluation import strength

    rng = random.Random(18)
    for _ in range(3000):
        cards = rng.sample(FULL_DECK, 10)
        hole, board = cards[:5], cards[5:]
        brute = max(
            strength((*two, *three))
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        )
        assert omaha_strength(hole, board) == brute
        rank = rules(Game.OMAHA5).rank_of_board(hole)(*board)
        assert 7463 - rank == brute


def test_five_card_omaha_deals_five_rounds_and_seats_at_most_eight_R18() -> None:
    eight = HandConfig(
        seats=tuple(range(1, 9)), stacks=(100,) * 8, button=8, small_blind=1, big_blind=2,
        game=Game.OMAHA5,
    )  # fmt: skip
    state, _ = start_hand(eight, deck=tuple(FULL_DECK))
    assert [len(h) for h in state.holes] == [5] * 8 and state.dealt == 40
    assert state.holes[0] == tuple(FULL_DECK[r * 8] for r in range(5))
    nine = HandConfig(
        seats=tuple(range(1, 10)), stacks=(100,) * 9, button=9, small_blind=1, big_blind=2,
        game=Game.OMAHA5,
    )  # fmt: skip
    with pytest.raises(EngineError) as caught:
        start_hand(nine)
    assert caught.value.code == "invalid_config" and "2 to 8 players" in caught.value.message


def test_a_five_card_omaha_all_in_has_equities_that_sum_to_one_R18() -> None:
    game = rules(Game.OMAHA5)
    holes = [parse_cards("AsAdKsKd2c"), parse_cards("QhJhTh9h8h")]
    flop = all_in_equity(holes, parse_cards("2d 7d 3h"), game=game)
    assert sum(flop) == pytest.approx(1)
    pre = sampled_equity(holes, (), samples=2000, game=game)
    assert sum(pre) == pytest.approx(1)


def test_run_it_twice_is_not_asked_when_the_deck_cannot_hold_two_runs_R12_R17() -> None:
    """Ten Omaha hands take 40 cards: 12 are left, and a run from preflop takes 8."""
    ten = omaha(stacks=(20,) * 10, run_it_twice_allowed=True)
    while ten.state.phase == "betting":
        legal = ten.legal
        ten.act(legal.seat, "all_in" if legal.allows("all_in") else "call")
    assert ten.state.phase != "run_twice" and ten.state.runs == 1
    six = omaha(stacks=(20,) * 6, run_it_twice_allowed=True)  # 24 cards: 28 are left
    while six.state.phase == "betting":
        legal = six.legal
        six.act(legal.seat, "all_in" if legal.allows("all_in") else "call")
    assert six.state.phase == "run_twice"
