"""A paced all-in runout (``HandConfig.paced_runout``, phase ``runout``): when no more betting
is possible the board waits for the dealer, one street per :func:`deal_next`, so a live table
can show the equities street by street (R5.5, R11.1, R12). The cards dealt and the result
are exactly those of the same hand run out at once."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.cards import parse_cards
from engine.equity import all_in_equity, equities
from engine.errors import EngineError
from engine.events import BoardDealt, HandFinished, PotAwarded
from engine.games import rules
from engine.hand import apply, deal_next, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandState, Phase, Street
from tests.engine.hand_helpers import Table, round_trip
from tests.engine.hand_strategies import MAX_STEPS, check_invariants, choose_action, configs


def run_out(table: Table) -> list[HandState]:
    """Deal every paced street; the states after each, checked like every other state."""
    states = []
    while table.state.phase is Phase.RUNOUT:
        assert legal_actions(table.state) is None  # nobody acts while the dealer deals
        state, events = deal_next(table.state)
        assert round_trip(state) == state
        assert state.total_chips == sum(state.config.stacks)
        table.state = state
        table.events.extend(events)
        states.append(state)
    return states


def test_r5_5_an_all_in_preflop_board_is_dealt_one_street_per_step_with_equities() -> None:
    t = Table.start(
        {1: "AhAd", 2: "KsKc"}, board="2c 7d Kh 9s 3h", stacks=(100, 100), paced_runout=True
    )
    t.play("2 all_in, 1 call")
    assert t.state.phase is Phase.RUNOUT
    assert t.state.board == () and all(t.state.shown)  # R11.1: both hands face up
    before = equities(t.state)
    assert before is not None and before[1] == pytest.approx(0.8126, abs=1e-4)

    states = run_out(t)

    assert [len(s.board) for s in states] == [3, 4, 5]
    assert [s.street for s in states[:2]] == [Street.FLOP, Street.TURN]
    flop = equities(states[0])
    assert flop == dict(
        zip(
            (1, 2),
            all_in_equity([parse_cards("AhAd"), parse_cards("KsKc")], parse_cards("2c 7d Kh")),
            strict=True,
        )
    )
    assert flop[2] > 0.9  # the flop gave kings a set
    assert equities(states[1]) == {1: pytest.approx(2 / 44), 2: pytest.approx(42 / 44)}
    final = states[-1]
    assert final.is_finished and equities(final) is None
    assert final.stacks_by_seat() == {1: 0, 2: 200}  # R10: trip kings beat aces
    assert [e.street for e in t.of_type(BoardDealt)] == ["flop", "turn", "river"]
    assert len(t.of_type(PotAwarded)) == 1 and len(t.of_type(HandFinished)) == 1


def test_r5_5_nobody_acts_during_the_runout_and_the_dealer_only_deals_then() -> None:
    t = Table.start({1: "AhAd", 2: "KsKc"}, stacks=(100, 100), paced_runout=True)
    with pytest.raises(EngineError) as error:
        deal_next(t.state)  # still betting: nothing to run out
    assert error.value.code == "wrong_phase"
    t.play("2 all_in, 1 call")
    for kind, amount in (("fold", None), ("check", None), ("show", None), ("run_twice", 1)):
        with pytest.raises(EngineError) as error:
            t.act(1, kind, amount)
        assert error.value.code == "wrong_phase"
    assert t.state.phase is Phase.RUNOUT and t.state.board == ()


def test_r12_a_paced_second_run_follows_the_first_and_its_equities_exclude_its_cards() -> None:
    t = Table.start(
        {1: "AhAd", 2: "KsKc"},
        board="2c 7d 9h 9s 3h",
        second_board="Kh 4d 5c 6s Jd",
        stacks=(100, 100),
        paced_runout=True,
        run_it_twice_allowed=True,
    )
    t.play("2 all_in, 1 call, 1 run_twice 1, 2 run_twice 1")
    states = run_out(t)
    # the first board to the river, then the second from where they went all-in
    assert [tuple(len(b) for b in s.boards) for s in states] == [
        (3, 0),
        (4, 0),
        (5, 0),
        (5, 3),
        (5, 4),
        (5, 5),
    ]
    second_flop = states[3]
    shares = equities(second_flop)
    first_board = second_flop.boards[0]
    expected = all_in_equity(
        [parse_cards("AhAd"), parse_cards("KsKc")], second_flop.boards[1], first_board
    )
    assert shares == dict(zip((1, 2), expected, strict=True))
    assert states[-1].stacks_by_seat() == {1: 100, 2: 100}  # R12: one board each


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), seed=st.binary(min_size=32, max_size=32), data=st.data())
def test_a_paced_hand_deals_the_same_cards_and_ends_the_same_as_one_run_out_at_once(
    config, seed: bytes, data: st.DataObject
) -> None:
    paced = dataclasses.replace(config, paced_runout=True)
    state, _ = start_hand(paced, seed=seed)
    plain, _ = start_hand(config, seed=seed)
    steps = 0
    for _ in range(MAX_STEPS):
        if state.is_finished:
            break
        if state.phase is Phase.RUNOUT:
            assert legal_actions(state) is None
            dealt_before = state.dealt
            state, events = deal_next(state)
            if rules(config.game).stud:  # R45.2: a burn and a card to every player still in
                live = state.folded.count(False)  # (or R45.3: one in the middle)
                burn = int(rules(config.game).draw_burn)  # (Telesina burns none, R40)
                assert state.dealt - dealt_before in (burn + live, 1, 2)
            else:
                boards = 2 if config.double_board else 1  # R23: one burn, the street on both
                assert state.dealt - dealt_before in (1 + boards, 1 + 3 * boards)  # R4.2
                assert sum(isinstance(e, BoardDealt) for e in events) == boards
            steps += 1
        else:
            action = choose_action(data, state)
            state, _ = apply(state, action)
            plain, _ = apply(plain, action)
        check_invariants(state)
    assert state.is_finished and plain.is_finished
    event(f"ran out paced: {steps > 0}")
    assert steps == 0 or plain.all_in
    for name in ("boards", "stacks", "won", "rake", "shown", "mucked", "dealt", "deck"):
        assert getattr(state, name) == getattr(plain, name), name


def test_the_bets_go_into_the_pot_when_the_runout_deals_its_first_street() -> None:
    t = Table.start({1: "AhAd", 2: "KsKc"}, stacks=(100, 100), paced_runout=True)
    t.play("2 all_in, 1 call")
    assert t.state.bets == (100, 100) and t.state.pot_total == 200
    flop = run_out(t)[0]
    assert flop.bets == (0, 0) and flop.pot_total == 200
