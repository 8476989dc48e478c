"""Omaha Hi-Lo, eight or better (R19): Omaha (R17) whose pots split between the best high
hand and the best qualifying low; the low evaluator is checked against PokerKit's
``OmahaEightOrBetterLowHand`` here, the whole game against PokerKit's Omaha Hi-Lo in
test_differential_pokerkit.py."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from pokerkit import OmahaEightOrBetterLowHand

from engine.cards import FULL_DECK, card_str, parse_cards
from engine.equity import all_in_equity, all_in_equity_exact, equities, sampled_equity
from engine.evaluation import (
    NO_LOW,
    evaluate_omaha_low,
    omaha_low_strength,
    omaha_strength,
)
from engine.events import HandMucked, HandShown, PotAwarded
from engine.games import Game, rules

from .hand_helpers import Table

HILO = rules(Game.OMAHA_HILO)
LOW_RANKS = "A2345678"  # low value 1..8 (R19.2)


def hilo(**options: object) -> Table:
    options.setdefault("game", Game.OMAHA_HILO)
    return Table.start(**options)  # type: ignore[arg-type]


def low_name(hole: str, board: str) -> str | None:
    low = evaluate_omaha_low(parse_cards(hole), parse_cards(board))
    return None if low is None else low.name


def pokerkit_low(hole: str, board: str) -> OmahaEightOrBetterLowHand | None:
    try:
        return OmahaEightOrBetterLowHand.from_game(hole, board)
    except ValueError:  # PokerKit: "No valid OmahaEightOrBetterLowHand hand can be formed"
        return None


# ---------------------------------------------------------------- R19.2 the low


def test_a_low_is_five_distinct_ranks_of_eight_or_lower_the_ace_low_R19_2() -> None:
    assert low_name("As2dKcKd", "3h 4s 5c Qd Jh") == "5-4-3-2-A low"  # the wheel, the best
    assert low_name("Ah8dKcKd", "3h 6s 5c Qd Jh") == "8-6-5-3-A low"
    assert low_name("AhKdQcJd", "2h 3s 4c 5d 6h") is None  # one low card in hand is not enough
    assert low_name("Ah2dKcQd", "3h 9s 9c Td 2h") is None  # only two low cards on the board


def test_a_low_uses_exactly_two_hole_cards_and_three_board_cards_R19_2() -> None:
    # four low hole cards, of which only two play: A-2 with the board's 5-6-7
    assert low_name("Ah2d3c4d", "5h 6s 7c Kd Kh") == "7-6-5-2-A low"
    # a paired low hole card plays once: A-A-2-2 holds only A and 2
    assert low_name("AhAd2c2d", "3h 4s 8c Kd Kh") == "8-4-3-2-A low"
    # the two hole cards for the low need not be the ones for the high (R19.2)
    value = evaluate_omaha_low(parse_cards("Ah2dKcKd"), parse_cards("Kh 3s 7c 5d Qh"))
    assert value is not None and value.name == "7-5-3-2-A low"
    assert sorted(card_str(c) for c in value.cards[:2]) == ["2d", "Ah"]


def test_straights_and_flushes_do_not_count_against_a_low_R19_2() -> None:
    # a wheel that is a straight flush for the high is still the best low
    assert low_name("Ah2hKcKd", "3h 4h 5h Qd Jc") == "5-4-3-2-A low"
    wheel = omaha_low_strength(parse_cards("Ah2hKcKd"), parse_cards("3h 4h 5h Qd Jc"))
    six = omaha_low_strength(parse_cards("Ah2hKcKd"), parse_cards("3h 4h 6h Qd Jc"))
    assert wheel > six > NO_LOW


def test_lows_compare_from_the_highest_card_down_R19_2() -> None:
    board = "3h 4s 5c Qd Jh"
    strengths = [
        omaha_low_strength(parse_cards(hole), parse_cards(board))
        for hole in ("As2dKcKd", "Ad6cKcKh", "2c6dKdKs", "8c6hQcJd", "7d8dKhQs")
    ]
    # 5-4-3-2-A > 6-5-4-3-A > 6-5-4-3-2 > 8-6-5-4-3 > 8-7-5-4-3
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)


def test_every_low_agrees_with_pokerkits_eight_or_better_low_R19_2() -> None:
    """Exhaustive over what a low depends on: every set of distinct low ranks a hand of four
    hole cards can hold (163) against every set a board of five can (219), 35,697 pairs; and
    the order of all 56 possible lows. A low depends only on those sets (suits, pairs and
    cards above eight play no part); the random deals below check that too."""
    hole_pad = ["Kc", "Qc", "Jc", "Tc"]
    board_pad = ["Kh", "Qh", "Jh", "Th", "9h"]
    checked = 0
    for hole_size in range(5):
        for hole_ranks in combinations(LOW_RANKS, hole_size):
            hole = [rank + "d" for rank in hole_ranks] + hole_pad[: 4 - hole_size]
            for board_size in range(6):
                for board_ranks in combinations(LOW_RANKS, board_size):
                    board = [rank + "s" for rank in board_ranks] + board_pad[: 5 - board_size]
                    ours = evaluate_omaha_low(
                        parse_cards("".join(hole)), parse_cards("".join(board))
                    )
                    theirs = pokerkit_low("".join(hole), "".join(board))
                    if theirs is None:
                        assert ours is None, (hole, board)
                    else:
                        assert ours is not None, (hole, board)
                        assert sorted(card_str(c)[0] for c in ours.cards) == sorted(
                            repr(card)[0] for card in theirs.cards
                        ), (hole, board)
                    checked += 1
    assert checked == 163 * 219
    # the order of the 56 lows: ours (strength) and PokerKit's (its hand comparison)
    lows = list(combinations(LOW_RANKS, 5))
    ranked_by_us = sorted(
        lows,
        key=lambda five: omaha_low_strength(
            parse_cards(five[0] + "d" + five[1] + "d" + "KcQc"),
            parse_cards("".join(rank + "s" for rank in five[2:]) + "KhQh"),
        ),
    )
    ranked_by_pokerkit = sorted(
        lows,
        key=lambda five: pokerkit_low(
            five[0] + "d" + five[1] + "d" + "KcQc",
            "".join(rank + "s" for rank in five[2:]) + "KhQh",
        ),
    )
    assert ranked_by_us == ranked_by_pokerkit
    assert ranked_by_us[-1] == tuple("A2345")  # the wheel is the best low


def test_lows_agree_with_pokerkit_on_random_deals_R19_2() -> None:
    rng = random.Random(19)
    for _ in range(1500):
        cards = rng.sample(FULL_DECK, 13)
        board, a, b = cards[:5], cards[5:9], cards[9:]
        text = ["".join(card_str(c) for c in part) for part in (board, a, b)]
        ours = [omaha_low_strength(a, board), omaha_low_strength(b, board)]
        theirs = [pokerkit_low(text[1], text[0]), pokerkit_low(text[2], text[0])]
        assert [value == NO_LOW for value in ours] == [hand is None for hand in theirs]
        if None not in theirs:
            assert (ours[0] > ours[1]) == (theirs[0] > theirs[1])  # type: ignore[operator]
            assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])


# ---------------------------------------------------------------- R19.3 splitting


def test_with_no_qualifying_low_the_high_hand_scoops_the_pot_R19_3() -> None:
    t = hilo(holes={1: "AsAdKcQc", 2: "JhJdTcTd"}, board="Ah 9s 9c 3d Kh", stacks=(100, 100))
    t.play_out()
    awards = t.of_type(PotAwarded)
    assert [(a.winners, a.amount, a.half) for a in awards] == [((1,), 4, None)]
    assert t.stacks() == {1: 102, 2: 98}


def test_a_qualifying_low_takes_half_the_pot_R19_3() -> None:
    t = hilo(holes={1: "KsKdQcJd", 2: "As2d9c9d"}, board="Kh 3s 5c 7d Th", stacks=(100, 100))
    t.play_out()  # 2 + 2 in the pot
    awards = t.of_type(PotAwarded)
    assert [(a.half, a.winners, a.amount) for a in awards] == [("high", (1,), 2), ("low", (2,), 2)]
    assert awards[0].hand_name == "Three of a kind, Kings"
    assert awards[1].hand_name == "7-5-3-2-A low"
    assert t.stacks() == {1: 100, 2: 100}


def test_the_odd_chip_of_a_split_pot_goes_to_the_high_half_R19_3() -> None:
    t = hilo(
        holes={1: "KsKdQcJd", 2: "As2d9c9d", 3: "QsQdJcJs"},
        board="Kh 3s 5c 7d Th",
        stacks=(100, 100, 100),
    )
    t.act(t.legal.seat, "call")  # the button calls 2
    t.act(t.legal.seat, "fold")  # the small blind folds its 1: a pot of 5
    t.play_out()
    awards = t.of_type(PotAwarded)
    assert sum(a.amount for a in awards) == 5
    high = next(a for a in awards if a.half == "high")
    low = next(a for a in awards if a.half == "low")
    assert (high.amount, low.amount) == (3, 2)


def test_quartering_a_tied_low_splits_its_half_R19_3_R10_1() -> None:
    """Seats 1 and 2 hold the same low, seat 3 the best high: seat 3 gets half, seats 1 and 2
    a quarter each."""
    t = hilo(
        holes={1: "As2dKcJd", 2: "Ac2hQdJs", 3: "KsKdQcQs"},
        board="Kh 3s 5c 7d Th",
        stacks=(100, 100, 100),
    )
    t.play_out()  # 2 + 2 + 2 = 6 chips
    awards = t.of_type(PotAwarded)
    assert {a.half: (a.winners, a.shares) for a in awards} == {
        "high": ((3,), (3,)),
        "low": ((1, 2), (2, 1)),  # three chips: the odd one to seat 1, left of the button
    }
    assert t.stacks() == {1: 100, 2: 99, 3: 101}


def test_one_player_can_scoop_with_the_best_high_and_the_best_low_R19_3() -> None:
    t = hilo(holes={1: "As2dKsQs", 2: "JhJd9c9d"}, board="3s 4s 5c Kd Ts", stacks=(100, 100))
    t.play_out()
    awards = t.of_type(PotAwarded)
    assert {a.half: a.winners for a in awards} == {"high": (1,), "low": (1,)}
    assert t.stacks() == {1: 102, 2: 98}


def test_side_pots_split_high_and_low_on_their_own_R19_3_R8_1() -> None:
    """Seat 1 (all-in for 10) has the best low only; seat 2 the best high; seat 3 neither:
    the main pot splits between seats 2 (high) and 1 (low); the side pot, with no low among
    its players, goes whole to seat 2."""
    t = hilo(
        holes={1: "As2dJcJd", 2: "KsKdQcQs", 3: "9h9dTcTs"},
        board="Kh 3s 5c 8d 8h",
        stacks=(10, 100, 100),
    )
    # seat 3 is the button: it raises, the blinds call (seat 1 all-in for 10)
    t.act(3, "raise", 30)
    t.act(1, "call")
    t.act(2, "call")
    t.play_out()
    awards = t.of_type(PotAwarded)
    side = [a for a in awards if a.pot_index == 1]
    main = [a for a in awards if a.pot_index == 0]
    assert [(a.winners, a.amount, a.half) for a in side] == [((2,), 40, None)]
    assert {a.half: (a.winners, a.amount) for a in main} == {"high": ((2,), 15), "low": ((1,), 15)}
    assert sum(t.stacks().values()) == 210


def test_each_run_of_a_run_twice_splits_high_and_low_on_its_own_R12_R19_3() -> None:
    """The first run has no low (seat 2 scoops its half); the second gives seat 1 the low."""
    t = hilo(
        holes={1: "As2dJcJd", 2: "KsKdQcQs"},
        board="Kh 3s 5c 9d Th",
        second_board="Qh 4d 8s 6h 9c",
        stacks=(50, 50),
        run_it_twice_allowed=True,
    )
    t.act(2, "all_in")
    t.act(1, "call")
    while t.state.phase == "run_twice":
        t.act(t.legal.seat, "run_twice", 1)
    awards = t.of_type(PotAwarded)
    assert [(a.board_index, a.half, a.winners, a.amount) for a in awards] == [
        (0, None, (2,), 50),
        (1, "high", (2,), 25),
        (1, "low", (1,), 25),
    ]
    assert t.stacks() == {1: 25, 2: 75}


# ---------------------------------------------------------------- R19.4 showdown


def test_a_player_beaten_high_but_holding_a_low_may_not_muck_R19_4() -> None:
    """Seat 1 shows first (no river bet) the best high; seat 2's high is beaten but its low
    wins half: the engine turns seat 2's hand up instead of offering a muck (R11.3, R19.4)."""
    t = hilo(holes={1: "KsKdQcQs", 2: "As2dJcJd"}, board="Kh 3s 5c 8d Th", stacks=(100, 100))
    t.check_down()
    assert t.state.phase == "finished"  # nobody was asked to show or muck
    assert not t.of_type(HandMucked)
    shown = {e.seat: e.names for e in t.of_type(HandShown)}
    assert shown == {
        1: ("Three of a kind, Kings",),
        2: ("Pair of Jacks / 8-5-3-2-A low",),
    }


def test_a_player_with_neither_half_may_muck_R19_4() -> None:
    t = hilo(holes={1: "KsKdQcQs", 2: "9h9dTcTs"}, board="Kh 3s 5c 8d Jh", stacks=(100, 100))
    t.check_down()
    assert t.state.phase == "showdown"  # seat 2 is asked: its hand reaches neither half
    legal = t.legal
    assert legal.seat == 2 and legal.allows("muck")
    t.act(legal.seat, "muck")
    assert t.state.phase == "finished"


def test_a_shown_hand_is_named_high_then_low_R11_4_R19() -> None:
    t = hilo(holes={1: "As2dKsQs", 2: "JhJd9c9d"}, board="3s 4s 5c Kd Ts", stacks=(100, 100))
    t.play_out()
    names = {e.seat: e.names for e in t.of_type(HandShown)}
    assert names[1] == ("Flush, Ace high / 5-4-3-2-A low",)


# ---------------------------------------------------------------- equity


def test_hi_lo_equity_counts_both_halves_and_is_exact_from_the_flop_R19_5() -> None:
    holes = [parse_cards("As2dKcKh"), parse_cards("QsQdJcJh")]
    flop = parse_cards("4h 7s Td")
    rest = [c for c in FULL_DECK if c not in {*holes[0], *holes[1], *flop}]
    shares = [0.0, 0.0]
    boards = 0
    for turn, river in combinations(rest, 2):  # every turn and river, by brute force
        board = (*flop, turn, river)
        high = [omaha_strength(h, board) for h in holes]
        low = [omaha_low_strength(h, board) for h in holes]
        pot = 1.0
        if max(low) > NO_LOW:
            pot = 0.5
            for i in range(2):
                if low[i] == max(low):
                    shares[i] += 0.5 / low.count(max(low))
        for i in range(2):
            if high[i] == max(high):
                shares[i] += pot / high.count(max(high))
        boards += 1
    exact = all_in_equity(holes, flop, game=HILO)
    assert exact == pytest.approx([s / boards for s in shares], abs=1e-12)
    assert sum(all_in_equity_exact(holes, flop, game=HILO)) == 1
    estimate = sampled_equity(holes, (), samples=4000, game=HILO)
    assert sum(estimate) == pytest.approx(1)


def test_a_hi_lo_all_in_shows_equities_that_sum_to_one() -> None:
    t = hilo(holes={1: "As2dKcKh", 2: "QsQdJcJh"}, board="4h 7s Td 3c 2s", stacks=(50, 50),
             paced_runout=True)  # fmt: skip
    t.act(t.legal.seat, "all_in")
    t.act(t.legal.seat, "call")
    shares = equities(t.state, preflop_samples=2000)
    assert shares is not None and sum(shares.values()) == pytest.approx(1)


# ---------------------------------------------------------------- PHH


@pytest.mark.parametrize(("structure", "code"), [("fixed_limit", "FO/8"), ("pot_limit", "PO/8")])
def test_a_hi_lo_hand_round_trips_through_phh_and_pokerkit_replays_it(
    structure: str, code: str
) -> None:
    """PHH: fixed-limit Omaha Hi-Lo is the standard's ``FO/8``, pot-limit this club's
    ``PO/8``; our replay gives the same stacks, and PokerKit, which reads FO/8 (not our
    PO/8), gives them too (on the oracle's state that follows the rule book)."""
    import warnings

    from pokerkit import HandHistory

    from engine.phh import loads, replay, to_phh
    from tests.engine import pokerkit_oracle as oracle

    splits = 0
    for index in range(40):
        record = oracle.generate_one(8, index, structure, "omaha8")  # type: ignore[arg-type]
        run = oracle.run_engine(record)
        assert not run.mismatches and run.state is not None
        document = to_phh(run.state, run.events)
        assert document.variant == code
        text = document.to_toml()
        assert replay(loads(text)).state.stacks == run.state.stacks
        if code == "FO/8":
            assert oracle.replay_phh(text, rulebook=True) == run.state.stacks
        splits += any(isinstance(e, PotAwarded) and e.half == "low" for e in run.events)
    assert splits >= 3  # the sample holds hands whose pot was split high and low
    if code == "FO/8":
        with warnings.catch_warnings():  # PokerKit's own reader knows the standard's code
            warnings.simplefilter("ignore")
            assert HandHistory.loads(text).variant == "FO/8"
    else:
        assert text.startswith("# PO/8 (pot-limit Omaha hold'em high/low-split")
