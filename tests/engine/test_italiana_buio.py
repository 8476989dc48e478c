"""Poker all'italiana's buio (R33.5, host option ``HandConfig.buio``: 1 = the pot, 2 =
twice the pot): the player left of the mazziere opens blind before looking, the next may
answer with a controbuio of twice the buio, the buio makes up the difference; the others,
after looking, see it or pass; the last blind player looks last, speaks last in both
rounds, and alone may raise in the first. The worked example of docs/rules.md is played
here as written."""

from __future__ import annotations

import json
import random

import pytest

from engine.actions import Action, ActionKind
from engine.errors import EngineError, ErrorCode
from engine.events import OpeningShown, PotAwarded
from engine.hand import apply, start_hand
from engine.legal_actions import default_action, legal_actions
from engine.phh import PhhError, export, loads, replay
from engine.state import HandConfig, HandState, Phase
from tests.engine.hand_helpers import italiana, play


def test_R33_5_worked_example_buio_controbuio_made_up_then_seen_or_passed() -> None:
    """Pot 40. Seat 1 says "buio" and puts in 80; seat 2 "controbuio", 160; seat 1 adds 80
    to stay in. Seats 3 and 4 look and each calls 160 or passes. Seat 2 looks last and may
    raise."""
    state, _ = start_hand(italiana(4, buio=2))
    assert state.phase is Phase.BUIO and state.pot_total == 40
    # seat 1 has not looked, nor seat 2, who may be asked a controbuio (R33.5)
    assert state.seat_to_act == 1 and state.unseen == (0, 1)
    legal = legal_actions(state)
    assert legal is not None
    assert set(legal.kinds) == {ActionKind.BUIO, ActionKind.LOOK} and legal.min_to == 80
    state, events = play(state, "1 buio")
    assert state.bets[0] == 80 and state.seat_to_act == 2 and state.unseen == (0, 1)
    legal = legal_actions(state)
    assert legal is not None and set(legal.kinds) == {ActionKind.CONTROBUIO, ActionKind.LOOK}
    assert legal.min_to == 160
    state, _ = play(state, "2 controbuio")
    assert state.bets[1] == 160 and state.seat_to_act == 1 and state.unseen == (0, 1)
    legal = legal_actions(state)
    assert legal is not None and set(legal.kinds) == {ActionKind.CALL, ActionKind.FOLD}
    assert legal.call_amount == 80
    state, _ = play(state, "1 call")  # seat 1 made up the difference: it looks now
    assert state.bets[0] == 160 and state.unseen == (1,)
    assert state.phase is Phase.BETTING and state.seat_to_act == 3
    legal = legal_actions(state)  # "vedo il buio" or pass: no raise but the blind's
    assert legal is not None and set(legal.kinds) == {ActionKind.FOLD, ActionKind.CALL}
    state, _ = play(state, "3 call", "4 fold")
    assert state.seat_to_act == 2 and state.unseen == ()  # seat 2 looks last, and may raise
    legal = legal_actions(state)
    assert legal is not None and ActionKind.RAISE in legal.kinds and ActionKind.CHECK in legal.kinds
    state, _ = play(state, "2 check")
    assert state.phase is Phase.DRAW and state.pot_total == 40 + 3 * 160
    assert [e for e in events if getattr(e, "action", None) == "buio"]


def test_R33_5_the_buio_of_the_pot_when_the_table_says_so() -> None:
    state, _ = start_hand(italiana(4, buio=1, dealer_ante=5))
    legal = legal_actions(state)
    assert legal is not None and legal.min_to == 45  # the pot: 4 invitos and the mazziere's


def test_R33_5_looking_leads_to_the_opening_as_without_a_buio() -> None:
    state, _ = start_hand(italiana(4, buio=2))
    state, _ = play(state, "1 look")  # no buio: both look
    assert state.phase is Phase.BETTING and state.unseen == () and state.blind == ()
    legal = legal_actions(state)
    assert legal is not None and ActionKind.PASS in legal.kinds  # R34.1: the opening
    assert state.seat_to_act == 1 and state.opener is None


def test_R33_5_the_others_see_the_buio_and_the_blind_player_speaks_last_both_rounds() -> None:
    """No controbuio: seats 2, 3 and 4 in turn see or pass, seat 1 (the buio) last; after
    the draw the player after the blind one speaks first and the blind one last."""
    state, _ = start_hand(italiana(4, buio=2))
    state, _ = play(state, "1 buio", "2 look")
    assert state.unseen == (0,) and state.seat_to_act == 2
    state, _ = play(state, "2 call", "3 fold", "4 call")
    assert state.seat_to_act == 1 and state.unseen == ()
    state, _ = play(state, "1 raise 360")  # only the blind player may raise (R33.5)
    legal = legal_actions(state)
    assert legal is not None and ActionKind.RAISE not in legal.kinds
    with pytest.raises(EngineError) as refused:
        apply(state, Action(ActionKind.RAISE, 2, 1000))
    assert refused.value.code == ErrorCode.CANNOT_RAISE
    state, _ = play(state, "2 call", "4 call", "1 draw 0", "2 draw 0", "4 draw 0")
    assert state.phase is Phase.BETTING and state.street == 1
    order = []
    while (legal := legal_actions(state)) is not None and ActionKind.CHECK in legal.kinds:
        order.append(legal.seat)
        state, _ = apply(state, Action(ActionKind.CHECK, legal.seat))
    assert order == [2, 4, 1]  # left of the blind player first, the blind player last


def test_R33_5_nobody_sees_the_buio_the_blind_player_takes_the_pot_unshown() -> None:
    state, _ = start_hand(italiana(4, buio=2))
    state, events = play(state, "1 buio", "2 look", "2 fold", "3 fold", "4 fold")
    assert state.is_finished
    awarded = [e for e in events if isinstance(e, PotAwarded)]
    assert [e.winners for e in awarded] == [(1,)]
    assert state.stacks[0] == 1000 + 30  # the three others' invitos
    assert not [e for e in events if isinstance(e, OpeningShown)]  # never proved (R39.2)
    assert state.unseen == ()


def test_R33_5_the_buio_gives_up_facing_the_controbuio() -> None:
    state, _ = start_hand(italiana(2, buio=2))
    state, _ = play(state, "1 buio", "2 controbuio", "1 fold")
    assert state.is_finished and state.stacks == (1000 - 10 - 40, 1000 - 10 + 60)


def test_R33_5_R33_6_a_short_stack_goes_blind_all_in() -> None:
    state, _ = start_hand(italiana(3, buio=2, stacks=(50, 1000, 1000)))
    state, _ = play(state, "1 buio")
    assert state.stacks[0] == 0 and state.bets[0] == 40
    assert state.seat_to_act == 2
    legal = legal_actions(state)
    assert legal is not None and legal.min_to == 80  # twice the buio put in


def test_R33_5_no_buio_is_asked_of_a_player_all_in_on_the_invito_or_with_an_empty_pot() -> None:
    state, _ = start_hand(italiana(3, buio=2, stacks=(10, 1000, 1000)))
    assert state.phase is Phase.BETTING and state.unseen == ()
    state, _ = start_hand(italiana(3, buio=2, ante=0))
    assert state.phase is Phase.BETTING and state.unseen == ()


def test_R33_5_no_controbuio_without_more_chips_than_the_buio() -> None:
    state, _ = start_hand(italiana(3, buio=2, stacks=(1000, 70, 1000)))
    state, _ = play(state, "1 buio")  # 60; seat 2 has 60 left: it can only see it, and looks
    assert state.phase is Phase.BETTING and state.seat_to_act == 2 and state.unseen == (0,)


def test_R14_out_of_time_a_player_looks_and_a_buio_facing_a_controbuio_gives_up() -> None:
    state, _ = start_hand(italiana(4, buio=2))
    assert default_action(state) == Action(ActionKind.LOOK, 1)
    state, _ = play(state, "1 buio")
    assert default_action(state) == Action(ActionKind.LOOK, 2)
    state, _ = play(state, "2 controbuio")
    assert default_action(state) == Action(ActionKind.FOLD, 1)


@pytest.mark.parametrize(
    ("step", "code"),
    [
        ("2 buio", ErrorCode.NOT_YOUR_TURN),
        ("1 open 40", ErrorCode.WRONG_PHASE),
        ("1 controbuio", ErrorCode.WRONG_PHASE),
        ("1 buio 79", ErrorCode.BAD_AMOUNT),
        ("1 look 5", ErrorCode.BAD_AMOUNT),
    ],
)
def test_R33_5_a_wrong_decision_is_refused_and_changes_nothing(step: str, code: str) -> None:
    state, _ = start_hand(italiana(4, buio=2))
    before = state.to_json()
    with pytest.raises(EngineError) as refused:
        play(state, step)
    assert refused.value.code == code
    assert state.to_json() == before


@pytest.mark.parametrize(
    "config",
    [
        HandConfig(seats=(1, 2), stacks=(100,) * 2, button=2, small_blind=1, big_blind=2, buio=2),
        italiana(3, buio=3),
        italiana(3, buio=True),
    ],
    ids=["holdem", "three", "bool"],
)
def test_R33_5_the_buio_is_poker_all_italianas_and_the_pot_or_twice(config: HandConfig) -> None:
    with pytest.raises(EngineError) as refused:
        start_hand(config)
    assert refused.value.code == ErrorCode.INVALID_CONFIG


def test_R33_5_random_hands_with_the_buio_conserve_chips_and_survive_json() -> None:
    """Random decisions, the buio and controbuio among them: chips are conserved, nobody but
    the last blind player raises in the first round after a buio, a player who has not
    looked is only ever asked blind decisions and, once they look, sees on, and every
    state survives its JSON."""
    rng = random.Random(335)
    buios = controbuios = 0
    for _ in range(600):
        n = rng.randint(2, 6)
        config = italiana(
            n, buio=rng.choice([1, 2]), stacks=tuple(rng.choice([30, 200, 1000]) for _ in range(n))
        )
        state, _ = start_hand(config, seed=rng.randbytes(32))
        while (legal := legal_actions(state)) is not None:
            seat = legal.waiting[0] if legal.waiting else legal.seat
            kinds = legal.kinds
            p = state.seats.index(seat)
            if p in state.unseen:  # a player who has not looked decides blind only
                assert state.phase is Phase.BUIO
            if state.blind and state.street == 0 and state.phase is Phase.BETTING:
                assert ActionKind.RAISE not in kinds or p == state.blind[-1]
            action = random_decision(state, rng)
            before = set(state.unseen)
            state, _ = apply(state, action)
            assert set(state.unseen) <= before  # a player who looked never stops seeing
            assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
        assert state.is_finished and state.unseen == ()
        assert sum(state.stacks) + state.carried == state.total_chips == sum(config.stacks)
        buios += len(state.blind) >= 1
        controbuios += len(state.blind) == 2
    assert buios > 100 and controbuios > 30


def test_R33_5_the_json_names_the_buio_only_when_it_is_on() -> None:
    assert "buio" not in italiana(3).to_json()
    config = italiana(3, buio=2)
    assert config.to_json()["buio"] == 2
    assert HandConfig.from_json(json.loads(json.dumps(config.to_json()))) == config


def test_R33_5_phh_writes_the_buio_and_replays_its_hands() -> None:
    """PHH (this club's ``_buio``): random hands with the buio go round trip, the buio and
    controbuio as bets, looking as a check; a hand without it has no ``_buio``; a ``_buio``
    other than 1 or 2 is refused."""
    rng = random.Random(3353)
    replayed = blind = 0
    while replayed < 150:
        n = rng.randint(2, 5)
        config = italiana(n, buio=rng.choice([1, 2]))
        state, events = start_hand(config, seed=rng.randbytes(32))
        while legal_actions(state) is not None:
            state, new = apply(state, random_decision(state, rng, draws=(0, 0b1, 0b11)))
            events += new
        if len(state.deck) > len(config.hand_rules().deck):
            continue  # a new stub (R36.3) is not in PHH's deck order
        document = loads(export(state, events))
        assert document.user_defined["_buio"] == config.buio
        again = replay(document)
        assert again.config.buio == config.buio
        assert again.state.stacks == state.stacks and again.state.holes == state.holes
        assert again.state.blind == state.blind
        replayed += 1
        blind += bool(state.blind)
    assert blind > 50
    plain = loads(export(*start_and_look(italiana(3))))
    assert "_buio" not in plain.user_defined  # written as before the buio
    document = loads(export(*start_and_look(italiana(3, buio=2))))
    document.user_defined["_buio"] = 3
    with pytest.raises(PhhError):
        replay(loads(document.to_toml()))


def start_and_look(config: HandConfig) -> tuple[HandState, list]:
    """A hand where nobody goes blind and everyone passes (R35.1): nobody opens."""
    state, events = start_hand(config, seed=b"b" * 32)
    while (legal := legal_actions(state)) is not None:
        kind = ActionKind.LOOK if ActionKind.LOOK in legal.kinds else ActionKind.PASS
        state, new = apply(state, Action(kind, legal.seat))
        events += new
    return state, events


def random_decision(
    state: HandState, rng: random.Random, draws: tuple[int, ...] = (0, 0b111, 0b1111)
) -> Action:
    """A random legal decision, the buio and the controbuio often among them."""
    legal = legal_actions(state)
    assert legal is not None
    kinds = legal.kinds
    seat = legal.waiting[0] if legal.waiting else legal.seat
    if ActionKind.BUIO in kinds and rng.random() < 0.6:
        return Action(ActionKind.BUIO, seat)
    if ActionKind.CONTROBUIO in kinds and rng.random() < 0.5:
        return Action(ActionKind.CONTROBUIO, seat)
    if ActionKind.LOOK in kinds:
        return Action(ActionKind.LOOK, seat)
    if ActionKind.OPEN in kinds and rng.random() < 0.8:
        return Action(ActionKind.OPEN, seat, legal.min_to)
    if ActionKind.DRAW in kinds:
        return Action(ActionKind.DRAW, seat, rng.choice(draws))
    if ActionKind.SHOW in kinds:
        return Action(ActionKind.SHOW, seat)
    if ActionKind.RAISE in kinds and legal.min_to is not None and rng.random() < 0.2:
        return Action(ActionKind.RAISE, seat, legal.min_to)
    if ActionKind.FOLD in kinds and rng.random() < 0.3:
        return Action(ActionKind.FOLD, seat)
    kind = next(k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.PASS) if k in kinds)
    return Action(kind, seat)
