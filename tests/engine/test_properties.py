"""Properties of every hand (hypothesis): chips are conserved, no card is dealt twice, every
hand ends, every state round-trips through JSON unchanged, garbage input is refused cleanly
(R1.2, R4, R6, R7.5, R15; issue scope 5)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Action, ActionKind
from engine.deck import verify
from engine.errors import EngineError
from engine.games import rules
from engine.hand import HandInPlay, apply, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig
from tests.engine.hand_strategies import MAX_STEPS, check_invariants, choose_action, configs


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), seed=st.binary(min_size=32, max_size=32), data=st.data())
def test_every_hand_ends_with_chips_conserved_and_every_state_round_trips(
    config: HandConfig, seed: bytes, data: st.DataObject
) -> None:
    state, _ = start_hand(config, seed=seed)
    check_invariants(state)
    for _ in range(MAX_STEPS):
        if state.is_finished:
            break
        state, _ = apply(state, choose_action(data, state))
        check_invariants(state)
    assert state.is_finished, "the hand did not end"
    # R35.3: a pot carried in, or left for the next hand, is in nobody's stack
    assert sum(state.stacks) + state.rake + state.carried == sum(config.stacks) + config.carried
    deck = rules(config.game, len(config.seats)).deck  # R30.1, R31.2
    assert verify(seed, state.commitment or "", state.dealt_cards(), deck)  # R15
    assert legal_actions(state) is None


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=configs(),
    seed=st.binary(min_size=32, max_size=32),
    data=st.data(),
    kind=st.one_of(st.sampled_from(list(ActionKind)), st.text(max_size=6)),
    seat=st.one_of(st.integers(-2, 12), st.text(max_size=2), st.none()),
    amount=st.one_of(st.none(), st.integers(-10, 10_000), st.floats(), st.booleans()),
)
def test_any_input_is_either_applied_or_refused_with_an_engine_error(
    config: HandConfig,
    seed: bytes,
    data: st.DataObject,
    kind: object,
    seat: object,
    amount: object,
) -> None:
    """Design invariant 4: bad input gets a clear error and changes nothing."""
    state, _ = start_hand(config, seed=seed)
    for _ in range(data.draw(st.integers(0, 12))):
        if state.is_finished:
            break
        state, _ = apply(state, choose_action(data, state))
    before = state.to_json()
    try:
        after, _ = apply(state, Action(kind, seat, amount))
    except EngineError as error:
        assert error.code and error.message
        assert state.to_json() == before
    else:
        check_invariants(after)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=configs(),
    seed=st.binary(min_size=32, max_size=32),
    data=st.data(),
    kind=st.one_of(st.sampled_from(list(ActionKind)), st.text(max_size=6)),
    seat=st.one_of(st.integers(-2, 12), st.none()),
    amount=st.one_of(st.none(), st.integers(-10, 10_000), st.booleans()),
)
def test_a_hand_in_play_moves_as_apply_does_and_refuses_what_apply_refuses(
    config: HandConfig,
    seed: bytes,
    data: st.DataObject,
    kind: object,
    seat: object,
    amount: object,
) -> None:
    """HandInPlay (the replays' in-place path) is apply without a state per action: at every
    step the same events and the same state, and a stray input is refused with apply's code,
    changing nothing (R6)."""
    state, _ = start_hand(config, seed=seed)
    hand = HandInPlay(state)
    for _ in range(MAX_STEPS):
        stray = Action(kind, seat, amount)
        try:
            expected: object = apply(state, stray)
        except EngineError as error:
            expected = error.code
        try:
            events = hand.apply(stray)
        except EngineError as error:
            assert error.code == expected
            assert hand.state == state  # nothing changed
        else:
            assert (hand.state, events) == expected
            state = hand.state
        if state.is_finished:
            break
        action = choose_action(data, state)
        state, events = apply(state, action)
        assert hand.apply(action) == events
        assert hand.state == state
    assert hand.state.is_finished
