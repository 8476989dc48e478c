"""Poker all'italiana's morto (R31.4, host option ``HandConfig.morto``): with exactly three
players a fourth hand is dealt to the place after the mazziere and never played, and the
deck is the four players' (32 cards, seven to ace). The worked example of docs/rules.md is
played here as written; the deck proof places every card with the morto's place counted and
never opens the morto's hand."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine.actions import Action, ActionKind
from engine.errors import EngineError, ErrorCode
from engine.fairness import verify_record
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.phh import PhhError, export, loads, replay
from engine.state import HandConfig, HandState
from tests.engine.fairness_helpers import italiana_record
from tests.engine.hand_helpers import italiana


def test_R31_4_worked_example_three_players_with_the_morto_deal_four_hands_of_32_cards() -> None:
    """Three players with the morto: 32 cards (7 to ace), four hands dealt, stub 12."""
    state, _ = start_hand(italiana(3, morto=True))
    assert len(state.deck) == 32 and set(state.deck) == set(rules(Game.ITALIANA, 4).deck)
    assert state.dealt == 20  # four hands of five: the stub is 12
    # one card at a time from the dealer's left, the morto's place after the dealer's
    for p in range(3):
        assert state.holes[p] == tuple(state.deck[p + 4 * r] for r in range(5))
    morto = {state.deck[3 + 4 * r] for r in range(5)}
    assert not morto & {c for hole in state.holes for c in hole}
    assert state.config.places == 4 and len(state.seats) == 3


def test_R31_4_without_the_morto_three_players_play_28_cards() -> None:
    state, _ = start_hand(italiana(3))
    assert len(state.deck) == 28 and state.dealt == 15
    assert state.holes[1] == tuple(state.deck[1 + 3 * r] for r in range(5))


@pytest.mark.parametrize("n", [2, 4, 6])
def test_R31_4_the_morto_comes_only_with_three_players(n: int) -> None:
    with_it, _ = start_hand(italiana(n, morto=True))
    without, _ = start_hand(italiana(n))
    assert with_it.dealt == without.dealt == 5 * n
    assert len(with_it.deck) == len(without.deck) == len(rules(Game.ITALIANA, n).deck)


@pytest.mark.parametrize(
    "config",
    [
        HandConfig(seats=(1, 2, 3), stacks=(100,) * 3, button=3, small_blind=1, big_blind=2,
                   morto=True),
        italiana(3, game=Game.TELESINA, morto=True),
        italiana(3, morto=1),
        italiana(3, morto="yes"),
    ],
    ids=["holdem", "telesina", "one", "text"],
)  # fmt: skip
def test_R31_4_the_morto_is_poker_all_italianas_and_a_bool(config: HandConfig) -> None:
    with pytest.raises(EngineError) as refused:
        start_hand(config)
    assert refused.value.code == ErrorCode.INVALID_CONFIG


def test_R31_4_the_json_names_the_morto_only_when_it_is_on() -> None:
    assert "morto" not in italiana(3).to_json()
    config = italiana(3, morto=True)
    assert config.to_json()["morto"] is True
    assert HandConfig.from_json(json.loads(json.dumps(config.to_json()))) == config


def test_R31_4_R36_3_random_hands_never_give_a_player_the_mortos_cards() -> None:
    """Over random hands of three with the morto, everyone changing up to four cards (the
    stub of 12 runs out, R36.3): chips are conserved, the morto's five cards stay on the
    table (never drawn, never in a new stub), and the state survives its JSON."""
    rng = random.Random(314)
    reshuffles = 0
    for _ in range(400):
        config = italiana(3, morto=True, stacks=tuple(rng.choice([40, 300]) for _ in range(3)))
        state, _ = start_hand(config, seed=rng.randbytes(32))
        morto = {state.deck[3 + 4 * r] for r in range(5)}
        seen: set[int] = set()
        while (legal := legal_actions(state)) is not None:
            kinds = legal.kinds
            seat = legal.waiting[0] if legal.waiting else legal.seat
            if ActionKind.OPEN in kinds and rng.random() < 0.9:
                action = Action(ActionKind.OPEN, seat, legal.min_to)
            elif ActionKind.DRAW in kinds:
                action = Action(ActionKind.DRAW, seat, rng.choice([0, 0b1111, 0b0111, 0b11110]))
            elif ActionKind.SHOW in kinds:
                action = Action(ActionKind.SHOW, seat)
            else:
                kind = next(
                    k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.PASS) if k in kinds
                )
                action = Action(kind, seat)
            state, _ = apply(state, action)
            seen |= {c for hole in state.holes for c in hole}
        assert state.is_finished
        assert sum(state.stacks) + state.carried == state.total_chips == sum(config.stacks)
        assert not morto & seen, "a player got the morto's card"
        reshuffles += len(state.deck) > 32
        assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert reshuffles > 10


def test_R15_R31_4_a_record_with_the_morto_checks_out_and_without_it_does_not() -> None:
    for viewer in range(3):
        record, _, _ = italiana_record(3, throws=4, viewer=viewer, morto=True)
        assert record["morto"] is True and record["deck_size"] == 32
        verdict = verify_record(json.loads(json.dumps(record)), expected_deck_size=32)
        assert verdict.ok, verdict.problems
        # read without the morto, the viewer's cards are at other places: refused
        misread = {k: v for k, v in copy.deepcopy(record).items() if k != "morto"}
        assert not verify_record(misread).ok
    four_seats = {**record, "seats": [1, 2, 3, 4], "drawn": [*record["drawn"], []]}
    assert not verify_record(four_seats).ok  # a morto is three players' (R31.4)
    assert not verify_record({**record, "morto": "yes"}).ok


def test_R31_4_phh_writes_the_morto_and_replays_its_hands() -> None:
    """PHH (this club's ``_morto``): random hands of three with the morto whose draws did not
    run the stub out go round trip (the morto's cards unknown to the file, the deck of four);
    a ``_morto`` with four players, or not a bool, is refused."""
    rng = random.Random(3141)
    replayed = 0
    while replayed < 40:
        config = italiana(3, morto=True, piatto_di_parola=rng.random() < 0.5)
        state, events = start_hand(config, seed=rng.randbytes(32))
        while (legal := legal_actions(state)) is not None:
            kinds = legal.kinds
            seat = legal.waiting[0] if legal.waiting else legal.seat
            if ActionKind.OPEN in kinds:
                action = Action(ActionKind.OPEN, seat, legal.min_to)
            elif ActionKind.DRAW in kinds:
                action = Action(ActionKind.DRAW, seat, rng.choice([0, 0b1, 0b11]))
            else:
                kind = next(
                    k
                    for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.PASS, ActionKind.SHOW)
                    if k in kinds
                )
                action = Action(kind, seat)
            state, new = apply(state, action)
            events += new
        document = loads(export(state, events))
        assert document.user_defined["_morto"] is True
        assert document.user_defined["_deck_size"] == 32
        again = replay(document)
        assert again.config.morto is True and again.state.stacks == state.stacks
        assert again.state.holes == state.holes
        replayed += 1
    plain = loads(export(*start_and_pass(italiana(3))))
    assert "_morto" not in plain.user_defined  # written as before the morto
    for wrong in (True, 1):
        text = export(*start_and_pass(italiana(4)))
        document = loads(text)
        document.user_defined["_morto"] = wrong
        with pytest.raises(PhhError):
            replay(loads(document.to_toml()))


def start_and_pass(config: HandConfig) -> tuple[HandState, list]:
    """A hand where everyone passes (R35.1): nobody opens."""
    state, events = start_hand(config, seed=b"m" * 32)
    while (legal := legal_actions(state)) is not None:
        state, new = apply(state, Action(ActionKind.PASS, legal.seat))
        events += new
    return state, events
