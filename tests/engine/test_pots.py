"""Pots: uncalled bets, side pots, award order, odd chips, run-it-twice halves, rake
(R8, R10, R12, R13)."""

from __future__ import annotations

from engine.pots import Pot, award_order, rake, side_pots, split_pot, split_runs, uncalled_bet


def test_uncalled_part_of_the_largest_bet_goes_back() -> None:
    """R8.2: the largest bet is called only up to the second-largest."""
    assert uncalled_bet([10, 100, 40]) == (1, 60)
    assert uncalled_bet([100, 100, 40]) is None


def test_uncalled_bet_counts_folded_players_bets_as_called_chips() -> None:
    """R8.2: a bet that a player called before folding to a raise is not returned."""
    assert uncalled_bet([60, 200, 0]) == (1, 140)


def test_side_pots_form_by_contribution_level() -> None:
    """R8.1: main pot up to the smallest all-in, a side pot per higher level."""
    assert side_pots((25, 60, 60), (True, True, True)) == (Pot(75, (0, 1, 2)), Pot(70, (1, 2)))


def test_folded_players_chips_stay_in_the_pots_but_they_win_none() -> None:
    """R8.1: a player can win only pots they contributed to and did not fold out of."""
    assert side_pots((50, 100, 100, 80), (True, True, True, False)) == (
        Pot(200, (0, 1, 2)),
        Pot(130, (1, 2)),
    )


def test_levels_with_the_same_players_are_one_pot() -> None:
    """R8.1 (as PokerKit): a folded player's level does not split a pot in two."""
    assert side_pots((10, 40, 40), (False, True, True)) == (Pot(90, (1, 2)),)


def test_dead_money_goes_to_the_main_pot() -> None:
    """R3.2: the big-blind ante is dead money in the main pot, whoever is all-in."""
    assert side_pots((5, 20, 20), (True, True, True), dead=10) == (
        Pot(25, (0, 1, 2)),
        Pot(30, (1, 2)),
    )


def test_pots_are_awarded_from_the_last_side_pot_to_the_main_pot() -> None:
    """R8.3."""
    assert list(award_order([Pot(1, (0,)), Pot(2, (0,)), Pot(3, (0,))])) == [2, 1, 0]


def test_odd_chips_go_one_at_a_time_from_the_left_of_the_button() -> None:
    """R10.1: 100 between three: 34, 33, 33; 101 between two: 51, 50."""
    assert split_pot(100, (0, 1, 2)) == (34, 33, 33)
    assert split_pot(101, (3, 5)) == (51, 50)
    assert split_pot(8, (1, 2, 3)) == (3, 3, 2)


def test_run_it_twice_halves_a_pot_with_the_odd_chip_to_the_first_run() -> None:
    """R12."""
    assert split_runs(75, 2) == (38, 37)
    assert split_runs(75, 1) == (75,)


def test_rake_is_a_percentage_of_each_pot_that_saw_a_flop() -> None:
    """R13: 5 % of each pot, rounded down."""
    assert rake((300, 99), rate_bps=500, cap=None, saw_flop=True) == (15, 4)


def test_no_flop_no_drop() -> None:
    """R13: nothing is raked from a hand that ended before the flop."""
    assert rake((300,), rate_bps=500, cap=None, saw_flop=False) == (0,)


def test_rake_is_capped_per_hand_main_pot_first() -> None:
    """R13: the cap is per hand; the main pot gives first."""
    assert rake((300, 100), rate_bps=1000, cap=35, saw_flop=True) == (30, 5)
    assert rake((300, 100), rate_bps=1000, cap=0, saw_flop=True) == (0, 0)
