"""Telesina con la vela in the hand machine (R41, host option ``HandConfig.vele``): one vela
(or two, R41.4) in the middle after the fifth cards, with no burn, each turned before a
betting round of its own; a hand is the best five of the player's five cards and the vele
(R41.2); in a vela's round the best showing hand counting the vele speaks first (R41.3).
The worked example of docs/rules.md is played here as written."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import cards_str, parse_cards
from engine.errors import EngineError, ErrorCode
from engine.events import BoardDealt, Event, HandShown, PotAwarded, StreetStarted
from engine.fairness import dealt_deck, stud_positions, verify_record
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig, HandState, Phase, Street
from tests.engine.fairness_helpers import italiana_plan, telesina_record
from tests.engine.hand_helpers import check_round, deck_of, play, random_action, telesina


def show_down(state: HandState) -> tuple[HandState, list[Event]]:
    """Everyone asked shows (R40.7)."""
    events: list[Event] = []
    while (legal := legal_actions(state)) is not None:
        state, new = apply(
            state, Action(ActionKind.SHOW, legal.waiting[0] if legal.waiting else legal.seat)
        )
        events += new
    return state, events


def test_R41_worked_example_the_vela_makes_seat_2_a_scala_reale() -> None:
    """Five players (6 to ace). Seat 2 holds (8♣) 9♣ 10♣ J♣ 6♥ and the vela is Q♣: seat 2
    plays 8♣ 9♣ 10♣ J♣ Q♣, a scala reale, and beats seat 1's four aces."""
    config = telesina(vele=1)
    hands = [
        "Ah As Ad Ac Kh",
        "8c 9c Tc Jc 6h",
        "7d 8d 9d 6s Ks",
        "7h 8h 9h Th Js",
        "6c 6d 7s 8s Kd",
    ]
    state, events = start_hand(config, deck=[*deck_of(config, *hands), *parse_cards("Qc")])
    for _ in range(4):
        state, _, new = check_round(state)
        events += new
    # R41.1: after the fifth card's round the vela is turned, no burn: the deck's 26th card
    assert [e.street for e in events if isinstance(e, StreetStarted)][-2:] == ["fifth_card", "vela"]
    vela = [e for e in events if isinstance(e, BoardDealt)]
    assert [(e.street, cards_str(e.cards)) for e in vela] == [("vela", "Qc")]
    assert state.board == tuple(parse_cards("Qc")) and state.dealt == 26
    assert state.street is Street.SEVENTH and state.phase is Phase.BETTING
    state, _, new = check_round(state)  # the vela's own betting round
    events += new
    state, new = show_down(state)
    events += new
    assert state.is_finished
    awards = [e for e in events if isinstance(e, PotAwarded)]
    assert [e.winners for e in awards] == [(2,)] and awards[0].amount == 50
    assert 2 in {e.seat for e in events if isinstance(e, HandShown)}
    assert awards[0].hand_name == "Straight flush, Queen high"  # R41.2: with the vela


def test_R41_without_the_vela_the_fifth_cards_round_is_the_last() -> None:
    config = telesina()
    state, _ = start_hand(config)
    for _ in range(4):
        state, _, _ = check_round(state)
    assert state.board == () and state.phase in (Phase.SHOWDOWN, Phase.FINISHED)


def test_R41_3_in_the_velas_round_the_best_showing_hand_counting_the_vela_speaks_first() -> None:
    """Seat 3 shows K♠ K♥ and speaks first on the fifth card; seat 1 shows 9♠ 9♥ and the vela
    is 9♦: three nines counting the vela, so seat 1 speaks first in the vela's round."""
    config = telesina(vele=1)
    deck = deck_of(
        config,
        "7c 9s 9h 6c Td",
        "8c Js 7s 8s 6d",
        "6s Ks Kh 7d 8d",
        "7h Th Jh Ah Qs",
        "Ac Ad Qc Jc 6h",
    )
    state, _ = start_hand(config, deck=[*deck, *parse_cards("9d")])
    for _ in range(3):
        state, _, _ = check_round(state)
    state, order, _ = check_round(state)  # the fifth card's round
    assert order[0] == 3  # K♠ K♥ 7♦ 8♦ over 9♠ 9♥ 6♣ T♦
    assert state.street is Street.SEVENTH
    state, order, _ = check_round(state)
    assert order[0] == 1  # 9♠ 9♥ 6♣ T♦ with the vela 9♦: three nines


def test_R41_3_with_parla_per_primo_off_the_first_left_of_the_dealer_speaks_after_the_vela() -> (
    None
):
    config = telesina(vele=1, best_showing_first=False)
    state, _ = start_hand(config)
    for _ in range(5):
        state, order, _ = check_round(state)
        assert order == [1, 2, 3, 4, 5]


def test_R41_4_two_vele_two_more_rounds_and_the_best_five_of_seven() -> None:
    """Two vele (R41.4): each turned with its own round; seat 4's 8♥ 9♥ T♥ and the vele J♥
    Q♥ make a scala reale that neither vela alone gives."""
    config = telesina(vele=2)
    hands = [
        "Ah As Ad Ac Kh",
        "8c 9c Tc 6c 6h",
        "7d 8d 9d 6s Ks",
        "7s 8h 9h Th Js",
        "6d 7h 7c 8s Kd",
    ]
    deck = [*deck_of(config, *hands), *parse_cards("Jh Qh")]
    state, events = start_hand(config, deck=deck)
    for _ in range(4):
        state, _, new = check_round(state)
        events += new
    assert state.board == tuple(parse_cards("Jh"))
    state, order, new = check_round(state)
    events += new
    assert state.board == tuple(parse_cards("Jh Qh")) and state.dealt == 27
    assert state.street is Street.SECOND_VELA
    assert order[0] == 1  # the up cards A♠ A♦ A♣ K♥ and the vela J♥: four aces
    state, order, new = check_round(state)
    assert order[0] == 4  # 8♥ 9♥ T♥ J♠ and the vele J♥ Q♥: a scala reale showing
    events += new
    state, new = show_down(state)
    events += new
    streets = [e.street for e in events if isinstance(e, StreetStarted)]
    assert streets[-2:] == ["vela", "second_vela"]
    assert [e.winners for e in events if isinstance(e, PotAwarded)] == [(4,)]
    assert rules(Game.TELESINA, 5, vele=2).last_street == Street.SECOND_VELA


def test_R41_a_hand_all_in_before_the_fifth_card_is_dealt_the_vela_too() -> None:
    """R40's Choices (R45.7): a hand all in is dealt its cards to the end, the vela with
    them; the vela decides it."""
    config = telesina(2, vele=1, stacks=(50, 1000), structure=Structure.NO_LIMIT)
    deck = deck_of(config, "9c Ad Kd Qs Js", "9d Kc Ks Qd Jd")
    state, _ = start_hand(config, deck=[*deck, *parse_cards("Ac")])
    state, _ = play(state, "1 bet 40", "2 call")  # A♦ showing speaks first, all in
    state, _ = show_down(state)
    assert state.is_finished and state.board == tuple(parse_cards("Ac"))
    assert state.stacks == (100, 950)  # A♦ A♣ over K♣ K♠: the vela's ace (without it, kings)


# --- the config ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"game": Game.HOLDEM, "ante": 0, "small_blind": 5, "vele": 1},
        {"game": Game.ITALIANA, "vele": 1},
        {"vele": 3},
        {"vele": -1},
        {"vele": True},
        {"vele": "1"},
    ],
    ids=["holdem", "italiana", "three", "negative", "bool", "text"],
)
def test_R41_4_vele_are_telesinas_and_one_or_two(changes: dict[str, Any]) -> None:
    with pytest.raises(EngineError) as refused:
        start_hand(telesina(**changes))
    assert refused.value.code == ErrorCode.INVALID_CONFIG


def test_R41_the_json_names_the_vele_only_when_there_are_some() -> None:
    assert "vele" not in telesina().to_json()  # a hand without it is written as before R41
    config = telesina(vele=2)
    assert config.to_json()["vele"] == 2
    assert HandConfig.from_json(json.loads(json.dumps(config.to_json()))) == config


# --- random hands and the deck proof --------------------------------------------------------


def test_R41_chips_are_conserved_and_every_card_dealt_once_over_random_hands() -> None:
    rng = random.Random(41)
    vele_seen = folds = 0
    for hand in range(1500):
        n = rng.randint(2, 9)
        vele = rng.choice([1, 2])
        config = telesina(
            n,
            vele=vele,
            stacks=tuple(rng.choice([15, 200, 1000]) for _ in range(n)),
            structure=rng.choice(list(Structure)),
            best_showing_first=rng.random() < 0.8,
        )
        nonces = [hashlib.sha256(b"v%d %d" % (hand, i)).digest() for i in range(n)]
        deck = dealt_deck(italiana_plan(n, hashlib.sha256(b"vela%d" % hand).digest()), nonces)
        state, _ = start_hand(config, deck=deck)
        while legal_actions(state) is not None:
            state, _ = apply(state, random_action(state, rng, fold=0.08, bet=0.3))
        assert state.is_finished
        assert sum(state.stacks) == sum(config.stacks)  # R7.5
        dealt = state.dealt_cards()
        held = [card for hole in state.holes for card in hole] + list(state.board)
        assert len(set(dealt)) == len(dealt) and sorted(held) == sorted(dealt)  # no burn
        assert len(state.board) <= vele
        # the cards lie where the public counts and the vele put them (R41, R15)
        places, middle = stud_positions(
            n, [len(h) for h in state.holes], len(state.board), 2, False
        )
        for i in range(n):
            assert tuple(deck[k] for k in places[i]) == state.holes[i]
        assert tuple(deck[k] for k in middle) == state.board
        assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
        vele_seen += len(state.board) == vele
        folds += any(state.folded)
    assert vele_seen > 300 and folds > 100


def test_R15_an_honest_telesina_record_with_the_vela_checks_out() -> None:
    for vele in (1, 2):
        record = telesina_record(5, viewer=1, vele=vele)
        assert len(record["boards"][0]) == vele
        verdict = verify_record(json.loads(json.dumps(record)), expected_deck_size=36)
        assert verdict.ok, verdict.problems
        assert verdict.opened == 5 * 5 + vele


def _swap_vela(record: dict[str, Any]) -> None:
    seat = str(record["seats"][0])
    record["holes"][seat][1], record["boards"][0][0] = (
        record["boards"][0][0],
        record["holes"][seat][1],
    )


def _vele_swapped(record: dict[str, Any]) -> None:
    record["boards"][0].reverse()


@pytest.mark.parametrize("change", [_swap_vela, _vele_swapped], ids=["vela and up card", "vele"])
def test_R15_a_telesina_record_that_moves_a_vela_fails(change: Any) -> None:
    record = copy.deepcopy(telesina_record(4, vele=2))
    change(record)
    assert not verify_record(record).ok
