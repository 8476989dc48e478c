"""Every worked example of the rule book (RULES.md / docs/rules.md) as a named test."""

from __future__ import annotations

from engine.betting import Structure
from engine.events import HandShown, PotAwarded
from engine.pots import Pot, pots, side_pots
from tests.engine.hand_helpers import Table


def test_r7_1_example_raise_after_bet_20_raise_to_60_is_to_at_least_100() -> None:
    """R7.1 (seed 001): a bets 20, b raises to 60 (increment 40); the next raise is to at
    least 100."""
    t = Table.start(stacks=(1000, 1000, 1000), button=3)
    t.play("3 call, 1 call, 2 check")  # preflop limped; flop: seat 1 acts first
    assert t.state.street.label == "flop"
    t.act(1, "bet", 20)
    t.act(2, "raise", 60)
    legal = t.legal
    assert legal.seat == 3
    assert legal.min_to == 100
    assert legal.max_to == 998  # the whole stack (R7.1)


def test_r7_3_example_fixed_limit_2_4_preflop_caps_at_8() -> None:
    """R7.3: one bet and three raises per round; preflop the big blind is the first bet, so
    at 2/4 the preflop betting caps at 8."""
    t = Table.start(stacks=(100, 100, 100, 100), structure=Structure.FIXED_LIMIT)
    legal = t.legal
    assert (legal.min_to, legal.max_to) == (4, 4)
    t.act(3, "raise", 4)
    t.act(4, "raise", 6)
    t.act(1, "raise", 8)
    legal = t.legal
    assert legal.seat == 2
    assert not legal.allows("raise") and legal.min_to is None
    assert legal.call_amount == 6


def test_r7_3_example_fixed_limit_later_streets_cap_at_four_bets_of_the_big_bet() -> None:
    """R7.3: on the turn the big bet (4 at 2/4) is the increment, capped at 4 bets: 16."""
    t = Table.start(stacks=(200, 200), structure=Structure.FIXED_LIMIT, button=2)
    t.play("2 call, 1 check")  # preflop
    t.play("1 check, 2 check")  # flop
    assert t.state.street.label == "turn"
    t.play("1 bet 4, 2 raise 8, 1 raise 12, 2 raise 16")
    legal = t.legal
    assert legal.kinds == ("fold", "call")
    assert legal.call_amount == 4


def test_r8_4_example_e1_tied_all_in_player_wins_half_the_main_pot_only() -> None:
    """R8.4 = E1 (seed 000): A all-in for 100, B and C put in 150 each. Main pot 300 (A, B,
    C), side pot 100 (B, C). A and B tie, B beats C: A wins 150, B wins 150 + 100 = 250."""
    a, b, c = 1, 2, 3
    t = Table.start(
        holes={a: "AsKd", b: "AcKc", c: "3d4h"},
        board="2c 7d 9s Jh Qc",
        stacks=(100, 150, 150),
        button=c,
        small_blind=1,
        big_blind=2,
    )
    t.act(c, "raise", 150)  # C is first to act preflop (left of the big blind, B)
    t.act(a, "call")  # all-in for 100
    t.act(b, "call")  # 150
    assert t.state.is_finished
    assert side_pots(t.state.contributions, [True] * 3) == (
        Pot(300, (0, 1, 2)),
        Pot(100, (1, 2)),
    )
    assert pots(t.state) == (Pot(300, (a, b, c)), Pot(100, (b, c)))
    assert t.stacks() == {a: 150, b: 250, c: 0}


def test_r8_5_example_e2_side_pot_is_awarded_before_the_main_pot() -> None:
    """R8.5 = E2 (seed 001): A all-in for 25, B all-in for 60, C calls 60. Main pot 75 (A, B,
    C), side pot 70 (B, C); the side pot is awarded first, then the main pot (R8.3)."""
    a, b, c = 1, 2, 3
    t = Table.start(
        holes={a: "AhAd", b: "KhKd", c: "7c2s"},
        board="3c 8d 9s Jh 4c",
        stacks=(25, 60, 500),
        button=c,
    )
    t.act(c, "call")
    t.act(a, "all_in")  # raise to 25
    t.act(b, "all_in")  # raise to 60
    t.act(c, "call")
    assert pots(t.state) == (Pot(75, (a, b, c)), Pot(70, (b, c)))
    awarded = [(e.pot_index, e.amount, e.winners) for e in t.of_type(PotAwarded)]
    assert awarded == [(1, 70, (b,)), (0, 75, (a,))]
    assert t.stacks() == {a: 75, b: 70, c: 440}


def test_r11_4_example_shown_hands_are_named_full_house_kings_full_of_tens() -> None:
    """R11.4: every shown hand is named in the history ("full house, Kings full of Tens")."""
    t = Table.start(
        holes={1: "KhKd", 2: "9c8c"},
        board="Kc Th Td 2s 3s",
        stacks=(100, 100),
        button=2,
    )
    t.act(2, "call")
    t.check_down()
    names = {e.seat: e.names for e in t.of_type(HandShown)}
    assert names[1] == ("Full house, Kings full of Tens",)
