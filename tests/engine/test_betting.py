"""Bet sizing by structure and the right to raise (R6, R7, R3.3)."""

from __future__ import annotations

import pytest

from engine.betting import (
    Structure,
    bet_unit,
    call_amount,
    is_full_raise,
    may_raise,
    opening_increment,
    pot_limit_max_to,
    raise_limits,
)
from tests.engine.hand_helpers import Table

NL, PL, FL = Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT


# ---------------------------------------------------------------- the functions


@pytest.mark.parametrize(
    ("structure", "street", "unit"),
    [(NL, 0, 2), (NL, 3, 2), (PL, 2, 2), (FL, 0, 2), (FL, 1, 2), (FL, 2, 4), (FL, 3, 4)],
)
def test_bet_unit_is_the_big_blind_or_the_fixed_limit_big_bet(
    structure: Structure, street: int, unit: int
) -> None:
    """R7.1-R7.3: min bet one BB; fixed-limit small bet preflop/flop, big bet turn/river."""
    assert bet_unit(structure, 2, street) == unit


def test_opening_increment_is_the_straddle_with_a_straddle_except_in_fixed_limit() -> None:
    """R7.1: preflop the first increment is the BB; R3.3: with a straddle, the straddle."""
    assert opening_increment(NL, 2, straddle=False) == 2
    assert opening_increment(NL, 2, straddle=True) == 4
    assert opening_increment(PL, 2, straddle=True) == 4
    assert opening_increment(FL, 2, straddle=True) == 2


def test_call_amount_is_capped_at_the_stack() -> None:
    """R6: a call for the whole stack is an all-in call."""
    assert call_amount(stack=100, bet=2, max_bet=60) == 58
    assert call_amount(stack=30, bet=2, max_bet=60) == 30


def test_pot_limit_maximum_is_call_then_raise_the_pot() -> None:
    """R7.2: current bet + (pot + all live bets + the raiser's call)."""
    # 1/2 blinds, UTG: pot 3 (1 + 2), call 2, raise 5 -> to 7.
    assert pot_limit_max_to(max_bet=2, bet=0, pot=3) == 7
    # SB (bet 1) facing a raise to 7: pot 10 -> call 6 makes 16 -> to 7 + 16 = 23.
    assert pot_limit_max_to(max_bet=7, bet=1, pot=10) == 23


def test_raise_limits_cap_at_the_stack_for_every_structure() -> None:
    """R6: an all-in for less than the minimum is allowed; nobody bets more than they have."""
    assert raise_limits(NL, stack=5, bet=0, max_bet=2, increment=2, pot=3) == (4, 5)
    assert raise_limits(PL, stack=5, bet=0, max_bet=2, increment=2, pot=3) == (4, 5)
    assert raise_limits(FL, stack=5, bet=0, max_bet=2, increment=2, pot=3) == (4, 4)
    assert raise_limits(NL, stack=3, bet=0, max_bet=2, increment=2, pot=3) == (3, 3)
    assert raise_limits(PL, stack=3, bet=0, max_bet=2, increment=2, pot=3) == (3, 3)
    assert raise_limits(FL, stack=3, bet=0, max_bet=2, increment=2, pot=3) == (3, 3)


def test_full_raise_adds_at_least_the_current_increment() -> None:
    """R7.4: less than a full raise is a short all-in."""
    assert is_full_raise(to=100, max_bet=60, increment=40)
    assert not is_full_raise(to=99, max_bet=60, increment=40)


def test_may_raise_refuses_after_the_fixed_limit_cap() -> None:
    """R7.3: four bets in all per round."""

    def allowed(structure: Structure, bets_made: int) -> bool:
        return may_raise(
            structure=structure,
            bets_made=bets_made,
            acted=False,
            stack=100,
            to_call=2,
            increment=2,
            others_can_respond=True,
        )

    assert allowed(FL, 3)
    assert not allowed(FL, 4)
    assert allowed(NL, 9)


def test_may_raise_refuses_a_covered_player_and_a_player_with_nobody_to_raise() -> None:
    """R6: a player whose stack does not exceed the call may only call; nobody raises
    against players who are all all-in."""

    def allowed(stack: int, others_can_respond: bool) -> bool:
        return may_raise(
            structure=NL,
            bets_made=1,
            acted=False,
            stack=stack,
            to_call=10,
            increment=2,
            others_can_respond=others_can_respond,
        )

    assert not allowed(stack=10, others_can_respond=True)
    assert not allowed(stack=50, others_can_respond=False)
    assert allowed(stack=50, others_can_respond=True)


def test_may_raise_after_acting_only_when_facing_a_full_raise() -> None:
    """R7.4: a player who already acted may raise again only facing a full raise in all."""

    def allowed(to_call: int) -> bool:
        return may_raise(
            structure=NL,
            bets_made=2,
            acted=True,
            stack=500,
            to_call=to_call,
            increment=100,
            others_can_respond=True,
        )

    assert not allowed(50)
    assert allowed(100)


# ---------------------------------------------------------------- in a hand: no-limit


def test_preflop_minimum_raise_is_to_two_big_blinds() -> None:
    """R7.1: preflop the first increment is the big blind."""
    t = Table.start(stacks=(100, 100, 100))
    legal = t.legal
    assert (legal.seat, legal.call_amount, legal.min_to, legal.max_to) == (3, 2, 4, 100)


def test_minimum_bet_postflop_is_one_big_blind() -> None:
    """R7.1: the minimum bet is one big blind."""
    t = Table.start(stacks=(100, 100), button=2, big_blind=10, small_blind=5)
    t.play("2 call, 1 check")
    legal = t.legal
    assert legal.kinds == ("check", "bet", "all_in")
    assert (legal.min_to, legal.max_to) == (10, 90)


def test_min_raise_follows_the_largest_increment_of_the_round() -> None:
    """R7.1: a re-raise must add at least the largest increment so far."""
    t = Table.start(stacks=(1000, 1000, 1000, 1000))
    t.act(3, "raise", 10)  # increment 8
    t.act(4, "raise", 30)  # increment 20
    assert t.legal.min_to == 50
    t.act(1, "raise", 50)  # increment 20 again
    assert t.legal.min_to == 70


def test_short_all_in_does_not_reopen_betting() -> None:
    """R7.4: a bets 100, b goes all-in for 150 (short of a full raise to 200); back to a,
    who may call or fold but not raise."""
    a, b, c = 1, 2, 3
    t = Table.start(stacks=(1000, 152, 1000), button=c)
    t.play("3 call, 1 call, 2 check")
    t.act(a, "bet", 100)
    t.act(b, "all_in")  # to 150: +50 < 100
    assert t.legal.seat == c
    assert t.legal.allows("raise")  # c has not acted yet: may raise as usual
    assert t.legal.min_to == 250
    t.act(c, "call")
    legal = t.legal
    assert legal.seat == a
    assert legal.kinds == ("fold", "call")
    assert legal.call_amount == 50


def test_short_all_in_lets_players_who_have_not_acted_raise() -> None:
    """R7.4: players who have not yet acted in the round may raise as usual."""
    t = Table.start(stacks=(1000, 1000, 1000, 1000, 25))
    t.act(3, "raise", 20)
    t.act(4, "call")
    t.act(5, "all_in")  # 25: short of a full raise to 38
    assert t.legal.seat == 1  # the small blind has not acted
    assert t.legal.allows("raise") and t.legal.min_to == 43
    t.act(1, "call")
    t.act(2, "call")  # the big blind has not acted either, but calls
    legal = t.legal
    assert legal.seat == 3 and legal.kinds == ("fold", "call")


def test_several_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    """R7.4: a bets 100; b all-in to 150 and c all-in to 210: +110 in all against a, so a may
    raise; d, who called 150 in between, faces only +60 and may not."""
    a, b, d, c, e = 1, 2, 3, 4, 5
    t = Table.start(stacks=(2000, 152, 2000, 212, 2000), button=e)
    t.play("3 call, 4 call, 5 call, 1 call, 2 check")
    t.act(a, "bet", 100)
    t.act(b, "all_in")  # 150, +50
    t.act(d, "call")  # 150
    t.act(c, "all_in")  # 210, +60: 50 + 60 >= 100 against a
    t.act(e, "call")
    legal_a = t.legal
    assert legal_a.seat == a
    assert legal_a.allows("raise") and legal_a.min_to == 310
    t.act(a, "call")
    legal_d = t.legal
    assert legal_d.seat == d
    assert legal_d.kinds == ("fold", "call")


def test_preflop_all_in_below_a_full_raise_does_not_let_the_limper_raise() -> None:
    """R7.1 + R7.4: at 1/2 a raise to 3 adds less than the big blind, so it is short; a
    player who limped and faces only it may call or fold (PokerKit would let them raise)."""
    t = Table.start(stacks=(100, 100, 100, 3))
    t.act(3, "call")
    t.act(4, "all_in")  # to 3
    t.act(1, "call")
    t.act(2, "call")  # the big blind had not acted: calls
    legal = t.legal
    assert legal.seat == 3 and legal.kinds == ("fold", "call")


def test_covered_player_may_only_call_all_in() -> None:
    """R6: facing a bet at least as large as the stack, the player may call (all-in) or fold."""
    t = Table.start(stacks=(1000, 1000, 50))
    t.act(3, "call")
    t.act(1, "raise", 100)
    t.act(2, "fold")
    legal = t.legal
    assert legal.seat == 3
    assert legal.kinds == ("fold", "call", "all_in")
    assert legal.call_amount == 48 and legal.all_in_to == 50


def test_nobody_raises_when_every_other_player_is_all_in() -> None:
    """R6 (as PokerKit): the last player with chips facing all-ins may only call or fold."""
    t = Table.start(stacks=(30, 1000), button=2)
    t.act(2, "raise", 10)
    t.act(1, "all_in")
    legal = t.legal
    assert legal.seat == 2 and legal.kinds == ("fold", "call")


def test_all_in_amount_is_offered_as_all_in_for_the_stack() -> None:
    """Issue scope 7: "all-in for X"."""
    t = Table.start(stacks=(100, 100, 77))
    legal = t.legal
    assert legal.allows("all_in") and legal.all_in_to == 77 and legal.stack == 77


# ---------------------------------------------------------------- pot-limit


def test_pot_limit_preflop_maximum_is_to_seven_at_one_two() -> None:
    """R7.2: UTG at 1/2 may raise to 2 + (3 + 2) = 7."""
    t = Table.start(stacks=(100, 100, 100), structure=Structure.POT_LIMIT)
    legal = t.legal
    assert (legal.min_to, legal.max_to) == (4, 7)


def test_pot_limit_maximum_after_a_raise_counts_the_callers_call() -> None:
    """R7.2: after UTG raises to 7, the button may raise to 7 + (10 + 7) = 24."""
    t = Table.start(stacks=(500, 500, 500, 500), structure=Structure.POT_LIMIT)
    t.act(3, "raise", 7)
    legal = t.legal
    assert legal.seat == 4 and (legal.min_to, legal.max_to) == (12, 24)


def test_pot_limit_all_in_is_offered_only_within_the_pot_limit() -> None:
    """R7.2: all-in is legal only when the whole stack does not exceed the pot limit."""
    t = Table.start(stacks=(500, 500, 500), structure=Structure.POT_LIMIT)
    assert not t.legal.allows("all_in")
    t2 = Table.start(stacks=(500, 500, 6), structure=Structure.POT_LIMIT)
    assert t2.legal.allows("all_in") and t2.legal.all_in_to == 6


def test_pot_limit_maximum_postflop_is_the_pot() -> None:
    """R7.2: with nothing bet the maximum bet is the pot."""
    t = Table.start(stacks=(500, 500), structure=Structure.POT_LIMIT, button=2)
    t.play("2 call, 1 check")
    legal = t.legal
    assert (legal.min_to, legal.max_to) == (2, 4)


# ---------------------------------------------------------------- fixed-limit


def test_fixed_limit_bets_are_exactly_one_increment() -> None:
    """R7.3: every bet and raise is exactly one small bet (preflop, flop) or big bet."""
    t = Table.start(stacks=(100, 100), structure=Structure.FIXED_LIMIT, button=2)
    assert (t.legal.min_to, t.legal.max_to) == (4, 4)
    t.play("2 call, 1 check")
    assert (t.legal.min_to, t.legal.max_to) == (2, 2)
    t.play("1 check, 2 check")
    assert (t.legal.min_to, t.legal.max_to) == (4, 4)


def test_fixed_limit_all_in_for_less_than_the_increment_is_allowed() -> None:
    """R6, R7.3: a short stack may bet or raise all-in for less than the increment."""
    t = Table.start(stacks=(100, 100, 3), structure=Structure.FIXED_LIMIT)
    legal = t.legal
    assert (legal.min_to, legal.max_to, legal.all_in_to) == (3, 3, 3)


# ---------------------------------------------------------------- straddle


def test_straddle_minimum_raise_is_to_twice_the_straddle() -> None:
    """R3.3: with a straddle of 4 at 1/2 the minimum raise is to 8."""
    t = Table.start(stacks=(100, 100, 100, 100), straddle=True)
    legal = t.legal
    assert legal.seat == 4 and legal.call_amount == 4 and legal.min_to == 8
