"""Illegal input is refused with a machine-readable code and changes nothing (R6; design
invariant 4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.errors import EngineError
from engine.hand import apply, start_hand
from engine.state import HandConfig, HandState
from tests.engine.hand_helpers import Table


def refused(state: HandState, action: Action) -> str:
    before = state.to_json()
    with pytest.raises(EngineError) as error:
        apply(state, action)
    assert state.to_json() == before  # nothing changed
    assert error.value.message
    return error.value.code


@pytest.fixture
def table() -> Table:
    """Three players at 1/2; seat 3 (the button) is first to act."""
    return Table.start(stacks=(100, 100, 100))


def test_a_seat_not_in_the_hand_is_refused(table: Table) -> None:
    assert refused(table.state, Action(ActionKind.CALL, 7)) == "unknown_seat"
    seat: object = "3"
    assert refused(table.state, Action(ActionKind.CALL, seat)) == "unknown_seat"


def test_acting_out_of_turn_is_refused(table: Table) -> None:
    assert refused(table.state, Action(ActionKind.CALL, 1)) == "not_your_turn"


def test_an_unknown_action_kind_is_refused(table: Table) -> None:
    assert refused(table.state, Action("dance", 3)) == "unknown_action"


def test_action_kinds_may_be_given_as_their_string_values(table: Table) -> None:
    state, _ = apply(table.state, Action("call", 3))
    assert state.seat_to_act == 1


@pytest.mark.parametrize("amount", [10.0, "10", True, None])
def test_an_amount_that_is_not_an_int_is_refused(table: Table, amount: object) -> None:
    action = Action(ActionKind.RAISE, 3, amount)
    assert refused(table.state, action) == "bad_amount"


@pytest.mark.parametrize("amount", [3, 101, -5, 0])
def test_a_raise_outside_the_legal_range_is_refused(table: Table, amount: int) -> None:
    """R7.1: at 1/2 a raise is to 4..100."""
    assert refused(table.state, Action(ActionKind.RAISE, 3, amount)) == "amount_out_of_range"


def test_checking_when_facing_a_bet_is_refused(table: Table) -> None:
    """R6: check only with nothing to call."""
    assert refused(table.state, Action(ActionKind.CHECK, 3)) == "cannot_check"


def test_folding_when_a_check_is_free_is_refused() -> None:
    """Choice: fold only facing a bet (as PokerKit in tournament mode)."""
    t = Table.start(stacks=(100, 100, 100))
    t.play("3 call, 1 call")
    assert refused(t.state, Action(ActionKind.FOLD, 2)) == "cannot_fold"


def test_calling_with_nothing_to_call_is_refused() -> None:
    t = Table.start(stacks=(100, 100, 100))
    t.play("3 call, 1 call")
    assert refused(t.state, Action(ActionKind.CALL, 2)) == "cannot_call"


def test_a_call_with_the_wrong_amount_is_refused(table: Table) -> None:
    assert refused(table.state, Action(ActionKind.CALL, 3, 5)) == "amount_out_of_range"


def test_betting_into_an_existing_bet_is_refused(table: Table) -> None:
    """R6: preflop the blinds count as a bet, so the first chips in are a raise."""
    assert refused(table.state, Action(ActionKind.BET, 3, 10)) == "cannot_bet"


def test_raising_with_no_bet_is_refused() -> None:
    t = Table.start(stacks=(100, 100), button=2)
    t.play("2 call, 1 check")
    assert refused(t.state, Action(ActionKind.RAISE, 1, 10)) == "cannot_raise"


def test_raising_when_the_betting_is_not_reopened_is_refused() -> None:
    """R7.4: a short all-in does not reopen the betting."""
    t = Table.start(stacks=(1000, 152, 1000), button=3)
    t.play("3 call, 1 call, 2 check, 1 bet 100, 2 all_in, 3 call")
    assert refused(t.state, Action(ActionKind.RAISE, 1, 300)) == "cannot_raise"
    assert refused(t.state, Action(ActionKind.ALL_IN, 1)) == "cannot_all_in"


def test_all_in_over_the_pot_limit_is_refused() -> None:
    """R7.2."""
    t = Table.start(stacks=(100, 100, 100), structure=Structure.POT_LIMIT)
    assert refused(t.state, Action(ActionKind.ALL_IN, 3)) == "cannot_all_in"


def test_raising_past_the_fixed_limit_cap_is_refused() -> None:
    """R7.3."""
    t = Table.start(stacks=(100, 100, 100, 100), structure=Structure.FIXED_LIMIT)
    t.play("3 raise 4, 4 raise 6, 1 raise 8")
    assert refused(t.state, Action(ActionKind.RAISE, 2, 10)) == "cannot_raise"


def test_any_action_after_the_hand_ended_is_refused() -> None:
    t = Table.start(stacks=(100, 100), button=2)
    t.act(2, "fold")
    assert t.state.is_finished
    assert refused(t.state, Action(ActionKind.CHECK, 1)) == "hand_over"


def test_showdown_and_run_twice_answers_are_only_taken_in_their_phase(table: Table) -> None:
    assert refused(table.state, Action(ActionKind.SHOW, 3)) == "wrong_phase"
    assert refused(table.state, Action(ActionKind.RUN_TWICE, 3, 1)) == "wrong_phase"


def test_a_run_twice_answer_is_one_or_zero() -> None:
    t = Table.start(stacks=(50, 50), button=2, run_it_twice_allowed=True)
    t.play("2 all_in, 1 call")
    assert refused(t.state, Action(ActionKind.RUN_TWICE, 1, 2)) == "bad_amount"
    assert refused(t.state, Action(ActionKind.CALL, 1)) == "wrong_phase"


def test_a_hand_that_must_be_shown_cannot_be_mucked() -> None:
    """R11.3."""
    t = Table.start(holes={1: "AsAd", 2: "KsKd"}, board="2c 7d 9s Jh 4c", stacks=(100, 100),
                    button=2, explicit_showdown=True)  # fmt: skip
    t.play("2 call, 1 check, 1 check, 2 check, 1 check, 2 check, 1 check, 2 check, 1 muck")
    assert refused(t.state, Action(ActionKind.MUCK, 2)) == "cannot_muck"


# ---------------------------------------------------------------- configs

GOOD = HandConfig(seats=(1, 2, 3), stacks=(100, 100, 100), button=1, small_blind=1, big_blind=2)


@pytest.mark.parametrize(
    "changes",
    [
        {"seats": (1,), "stacks": (100,)},  # R1.1: 2 to 10 players
        {"seats": tuple(range(1, 12)), "stacks": (100,) * 11},
        {"stacks": (100, 100)},
        {"stacks": (100, 0, 100)},  # R16.3: players with chips
        {"seats": (1, 1, 2)},
        {"button": 4},  # R2.1: the button is dealt in
        {"dead_button": True},  # R28.5: a dead button is on a seat nobody dealt in holds
        {"dead_button": True, "button": 4, "seats": (1, 2), "stacks": (100, 100)},
        {"dead_small_blind": True, "seats": (1, 2), "stacks": (100, 100)},  # heads-up
        {"dead_small_blind": True, "straddle": True},
        {"dead_small_blind": 1},
        {"small_blind": 3},  # R2.3: SB <= BB
        {"big_blind": 0},
        {"ante": 1, "big_blind_ante": 2},
        {"posting": (9,)},
        {"rake_bps": 10_001},
        {"ante": -1},
        {"straddle": 1},
    ],
)
def test_a_bad_config_is_refused(changes: dict[str, object]) -> None:
    with pytest.raises(EngineError) as error:
        start_hand(replace(GOOD, **changes), deck=())
    assert error.value.code == "invalid_config"


@pytest.mark.parametrize("deck", [(0, 0), (52,), ("Ah",)])
def test_a_bad_deck_is_refused(deck: tuple[object, ...]) -> None:
    with pytest.raises(EngineError) as error:
        start_hand(GOOD, deck=deck)
    assert error.value.code == "invalid_deck"


def test_a_seed_and_a_deck_together_are_refused() -> None:
    with pytest.raises(EngineError) as error:
        start_hand(GOOD, seed=bytes(32), deck=(1, 2))
    assert error.value.code == "invalid_deck"


def test_a_short_seed_is_refused() -> None:
    with pytest.raises(EngineError) as error:
        start_hand(GOOD, seed=b"short")
    assert error.value.code == "invalid_deck"


@pytest.mark.parametrize("data", [{}, {"format": 2}, {"format": 1}, {"format": 1, "seats": []}, []])
def test_a_malformed_json_state_is_refused(data: object) -> None:
    with pytest.raises(EngineError) as error:
        HandState.from_json(data)
    assert error.value.code == "invalid_state"
