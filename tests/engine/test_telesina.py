"""Telesina in the hand machine (R40): the deck of the players and the Italian ranking, the
invito and no blinds, one card down and one up and then three up, four betting rounds with
the best showing hand first (ties by suit) or the first left of the dealer, pot limit, the
showdown that never splits, and the deck proof. The worked example of docs/rules.md is
played here as written. The vela (R41) and the card change (R40.6) are not built."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import FULL_DECK, cards_str, parse_cards
from engine.errors import EngineError, ErrorCode
from engine.events import (
    AntePosted,
    Event,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    StreetStarted,
    UpCardDealt,
)
from engine.fairness import dealt_deck, permutation, play_positions, stud_positions, verify_record
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.phh import loads, replay, to_phh
from engine.state import HandConfig, HandState, Phase
from tests.engine.fairness_helpers import italiana_plan, telesina_record
from tests.engine.hand_helpers import check_round, deck_of, play, random_action, telesina

FIVE = (1, 2, 3, 4, 5)
"""Five players, seat 5 the dealer: seat 1 is dealt first (6 to ace, 36 cards, R31.2)."""


# --- R40.1, R40.2: the deck, the ranking, the invito ----------------------------------------


def test_R40_1_the_deck_is_the_players_as_in_poker_all_italiana() -> None:
    for n in range(2, 10):
        assert rules(Game.TELESINA, n).deck == rules(Game.ITALIANA, n).deck
    assert len(rules(Game.TELESINA, 5).deck) == 36  # 6 to ace
    assert rules(Game.TELESINA).max_players == 9
    with pytest.raises(EngineError) as refused:
        start_hand(telesina(10))
    assert refused.value.code == ErrorCode.INVALID_CONFIG


def test_R40_2_every_player_puts_in_the_invito_and_nobody_a_blind() -> None:
    state, events = start_hand(telesina())
    assert [(e.seat, e.amount) for e in events if isinstance(e, AntePosted)] == [
        (seat, 10) for seat in FIVE
    ]
    assert sum(state.contributions) == 50 and state.bets == (0, 0, 0, 0, 0)
    legal = legal_actions(state)
    assert legal is not None and ActionKind.CHECK in legal.kinds  # no blind to call, no buio
    assert ActionKind.BRING_IN not in legal.kinds and legal.bring_in is None


@pytest.mark.parametrize(
    "change",
    [
        {"small_blind": 5},
        {"straddle": True},
        {"big_blind_ante": 10, "ante": 0},
        {"double_board": True},
        {"run_it_twice_allowed": True},
        {"opening_pair": "Q"},  # poker all'italiana's fields stay its own
        {"dealer_ante": 10},
        {"best_showing_first": "yes"},
        {"flush_by_suit": "yes"},  # its ranking's options are bools (R40.1)
        {"max_raises": 0},  # at least one raise, or no cap (R38.3)
    ],
    ids=lambda change: next(iter(change)),
)
def test_R40_2_a_telesina_config_with_blinds_or_another_games_options_is_refused(
    change: dict[str, Any],
) -> None:
    with pytest.raises(EngineError) as refused:
        start_hand(telesina(**change))
    assert refused.value.code == ErrorCode.INVALID_CONFIG


def test_R40_1_telesina_is_ranked_with_its_tables_options_and_caps_the_raises_R38_3() -> None:
    options = {"full_over_flush_on_52": False, "flush_by_suit": True, "minima_beats_massima": False}
    config = telesina(n=3, max_raises=1, **options)
    state, _ = start_hand(config)
    assert state.config.hand_rules() == rules("telesina", 3, **options)
    assert state.config.hand_rules() != rules("telesina", 3)
    assert HandConfig.from_json(json.loads(json.dumps(config.to_json()))) == config
    first = legal_actions(state)
    assert first is not None
    state, _ = play(state, f"{first.seat} bet 10")
    raiser = legal_actions(state)
    assert raiser is not None and ActionKind.RAISE in raiser.kinds
    state, _ = play(state, f"{raiser.seat} raise 30")
    capped = legal_actions(state)
    assert capped is not None and ActionKind.RAISE not in capped.kinds  # one raise at most
    assert ActionKind.CALL in capped.kinds


def test_R40_4_parla_per_primo_is_telesinas_option_alone() -> None:
    config = HandConfig(
        seats=(1, 2), stacks=(100, 100), button=2, small_blind=1, big_blind=2,
        best_showing_first=False,
    )  # fmt: skip
    with pytest.raises(EngineError) as refused:
        start_hand(config)
    assert refused.value.code == ErrorCode.INVALID_CONFIG


# --- R40.3: the deal and the four rounds ------------------------------------------------------


def test_R40_3_one_card_down_one_up_then_three_up_a_round_after_each() -> None:
    config = telesina()
    hands = [
        "7c 8c 9c Tc Jc",
        "7d 8d 9d Td Jd",
        "7h 8h 9h Th Jh",
        "6c 6d 6h 6s As",
        "Ac Ad Ah Qs Ks",
    ]
    state, events = start_hand(config, deck=deck_of(config, *hands))
    assert [cards_str(e.cards) for e in events if isinstance(e, HoleCardsDealt)] == [
        cards_str(parse_cards(hand)[:2]) for hand in hands
    ]
    up = [(e.seat, cards_str([e.card]), e.street) for e in events if isinstance(e, UpCardDealt)]
    assert up == [(k + 1, hand.split()[1], "second_card") for k, hand in enumerate(hands)]
    assert state.public_holes(0) == (None, *parse_cards("8c"))  # the hole card is secret
    streets = []
    for _ in range(4):
        state, _, round_events = check_round(state)
        streets += [e.street for e in round_events if isinstance(e, StreetStarted)]
        events += round_events
    assert streets == ["third_card", "fourth_card", "fifth_card"]
    assert [len(hole) for hole in state.holes] == [5] * 5
    assert state.dealt == 25  # no burn
    assert state.is_finished or state.phase is Phase.SHOWDOWN


def test_R40_3_a_player_who_folds_is_dealt_no_more() -> None:
    config = telesina(3)
    deck = deck_of(config, "8c Ad Qd", "9c 9s Js", "Ts Ks Kh")
    state, _ = start_hand(config, deck=deck)
    state, _ = play(state, "1 bet 10", "2 fold", "3 call")
    assert [len(hole) for hole in state.holes] == [3, 2, 3]
    assert state.street == 1 and not state.is_finished


# --- R40.4: who speaks first --------------------------------------------------------------------


def test_R40_4_worked_example_a_pair_of_kings_showing_speaks_before_ace_queen() -> None:
    """Five players (6 to ace). After the third card seat 3 shows K♠ K♥ and speaks first;
    seat 1's A♦ Q♦ ranks below any pair shown."""
    config = telesina()
    deck = deck_of(config, "7c Ad Qd", "8c 9s Js", "6s Ks Kh", "7d Th 8h", "9c Jc 6d")
    state, _ = start_hand(config, deck=deck)
    state, order, _ = check_round(state)
    assert order[0] == 1  # after the second card seat 1's A♦ is the best card showing
    state, order, _ = check_round(state)
    assert order == [3, 4, 5, 1, 2]  # then clockwise


def test_R40_4_equal_showing_hands_go_to_the_higher_suited_card() -> None:
    """R40's Choices, R32.5: J♥ showing speaks before J♠ (hearts > spades), and a pair of
    Kings with K♥ before one with K♦, whatever their positions."""
    config = telesina()
    deck = deck_of(config, "7c Js Kd", "8c 7d Ks", "6s Jh Kh", "7s 8h 9h", "9c Tc Kc")
    state, _ = start_hand(config, deck=deck)
    state, order, _ = check_round(state)
    assert order[0] == 3  # J♥ over J♠ (seat 1)
    state, order, _ = check_round(state)
    # seat 1 shows J♠ K♦, seat 3 J♥ K♥, seat 2 7♦ K♠, seat 5 T♣ K♣: no pair; K♥ high
    assert order[0] == 3
    config = telesina()
    deck = deck_of(config, "7c Kd Ks", "8c 7d 8d", "6s Kc Kh", "7s 8h 9h", "9c Tc Jc")
    state, _ = start_hand(config, deck=deck)
    state, _, _ = check_round(state)
    state, order, _ = check_round(state)
    assert order[0] == 3  # K♣ K♥ beats K♦ K♠: the pair's better card, hearts over diamonds


def test_R40_4_with_the_option_off_the_first_left_of_the_dealer_speaks() -> None:
    config = telesina(best_showing_first=False)
    deck = deck_of(config, "7c 7d 8c", "8s 9s Js", "6s Ks Kh", "7h Th 8h", "9c Jc 6d")
    state, _ = start_hand(config, deck=deck)
    for _ in range(4):
        state, order, _ = check_round(state)
        assert order == [1, 2, 3, 4, 5]


def test_R40_4_the_first_to_speak_may_be_all_in_then_the_next_who_can_bet() -> None:
    config = telesina(3, stacks=(1000, 10, 1000))
    deck = deck_of(config, "9c 9d 8c", "8s As Js", "Ts Ks Kh")
    state, _ = start_hand(config, deck=deck)  # seat 2, A♠ showing, is all in from the invito
    legal = legal_actions(state)
    assert legal is not None and legal.seat == 3


# --- R40.5: pot limit ------------------------------------------------------------------------


def test_R40_5_pot_limit_bets_and_raises_are_at_most_the_pot() -> None:
    config = telesina()
    deck = deck_of(config, "7c Ad Qd", "8c 9s Js", "6s Ks Kh", "7d Th 8h", "9c Jc 6d")
    state, _ = start_hand(config, deck=deck)
    legal = legal_actions(state)
    assert legal is not None and legal.seat == 1
    assert (legal.min_to, legal.max_to) == (10, 50)  # the least bet; the pot of five invitos
    state, _ = play(state, "1 bet 50")
    legal = legal_actions(state)
    assert legal is not None and legal.seat == 2
    assert legal.max_to == 50 + (100 + 50)  # R38's worked example's arithmetic (R7.2)
    with pytest.raises(EngineError):
        apply(state, Action(ActionKind.RAISE, 2, 201))


def test_R40_5_another_structure_is_the_configs() -> None:
    for structure in Structure:
        state, _ = start_hand(telesina(structure=structure))
        assert legal_actions(state) is not None
    state, _ = start_hand(telesina(structure=Structure.FIXED_LIMIT))
    legal = legal_actions(state)
    assert legal is not None and legal.min_to == legal.max_to == 10  # the small bet


# --- R40.7: the showdown ------------------------------------------------------------------


def test_R40_7_at_the_showdown_the_best_italian_hand_wins_and_never_splits() -> None:
    """Five players, 36 cards: seat 3's flush (colore) beats seat 4's full (R32.1); two
    hands of equal ranks never split: the higher suit wins (R32.5)."""
    config = telesina()
    deck = deck_of(
        config,
        "7c 8c 9c Jc Kc",
        "7d 8d 9d Jd Ks",
        "6s 6d 6h As Ah",
        "Ts Td Th Qs Qh",
        "9s 9h 7s 7h Ad",
    )
    state, _ = start_hand(config, deck=deck)
    events: list[Event] = []
    for _ in range(4):
        state, _, new = check_round(state)
        events += new
    while (legal := legal_actions(state)) is not None:
        state, new = apply(state, Action(ActionKind.SHOW, legal.seat))
        events += new
    assert state.is_finished
    awards = [e for e in events if isinstance(e, PotAwarded)]
    assert [e.winners for e in awards] == [(1,)] and awards[0].amount == 50
    assert {e.seat for e in events if isinstance(e, HandShown)} >= {1}


def test_R40_7_equal_ranks_go_to_the_higher_suit() -> None:
    config = telesina(2)  # 24 cards, 9 to ace
    deck = deck_of(config, "Kh Ks Ac Qd 9c", "Kd Kc Ad Qc 9d")
    state, _ = start_hand(config, deck=deck)
    for _ in range(4):
        state, _, _ = check_round(state)
    while (legal := legal_actions(state)) is not None:
        state, _ = apply(state, Action(ActionKind.SHOW, legal.seat))
    assert state.won == (20, 0)  # K♥ beats K♦ (R32.5)


def test_R40_7_a_beaten_hand_may_be_mucked() -> None:
    config = telesina(2)
    deck = deck_of(config, "Ah As Ac Qd 9c", "Kd Kc Ad Qc 9d")
    state, _ = start_hand(config, deck=deck)
    for _ in range(4):
        state, _, _ = check_round(state)
    # no bet on the last round: seat 1, left of the dealer, shows first (R39.1, R11.2)
    assert state.shown == (True, False)
    legal = legal_actions(state)
    assert legal is not None and legal.seat == 2 and ActionKind.MUCK in legal.kinds
    state, _ = apply(state, Action(ActionKind.MUCK, 2))
    assert state.is_finished and state.won == (20, 0)


# --- random hands ------------------------------------------------------------------------------


def test_R40_chips_are_conserved_and_every_card_dealt_once_over_random_hands() -> None:
    rng = random.Random(40)
    showdowns = folds = 0
    for _ in range(2000):
        n = rng.randint(2, 9)
        config = telesina(
            n,
            stacks=tuple(rng.choice([15, 200, 1000]) for _ in range(n)),
            structure=rng.choice(list(Structure)),
            best_showing_first=rng.random() < 0.8,
            explicit_showdown=rng.random() < 0.3,
        )
        state, _ = start_hand(config, seed=bytes(rng.getrandbits(8) for _ in range(32)))
        while legal_actions(state) is not None:
            state, _ = apply(state, random_action(state, rng))
        assert state.is_finished
        assert sum(state.stacks) == sum(config.stacks)  # R7.5
        dealt = state.dealt_cards()
        held = [card for hole in state.holes for card in hole]
        assert len(set(dealt)) == len(dealt) and sorted(held) == sorted(dealt)  # no burn
        assert set(dealt) <= set(rules(Game.TELESINA, n).deck)
        assert all(len(hole) in (2, 3, 4, 5) for hole in state.holes)
        assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
        showdowns += sum(not f for f in state.folded) > 1
        folds += any(state.folded)
    assert showdowns > 100 and folds > 100


def test_R40_4_the_json_names_parla_per_primo_in_telesinas_config_only() -> None:
    config = telesina(best_showing_first=False)
    assert config.to_json()["best_showing_first"] is False
    assert HandConfig.from_json(config.to_json()) == config
    holdem = HandConfig(seats=(1, 2), stacks=(100, 100), button=2, small_blind=1, big_blind=2)
    assert "best_showing_first" not in holdem.to_json()


def test_R40_phh_writes_telesina_as_this_clubs_ptel_and_replays_it() -> None:
    """The standard has no Telesina: the writer uses this club's PTEL (NTEL, FTEL by the
    structure; tests/engine/test_phh_telesina.py has the rest) and our reader replays it."""
    config = telesina(2)
    state, events = start_hand(config, deck=deck_of(config, "9c Ad", "9d Kd"))
    state, new = play(state, "1 bet 10", "2 fold")
    assert state.is_finished
    document = to_phh(state, [*events, *new])
    assert document.variant == "PTEL" and document.antes == (10, 10)
    assert replay(loads(document.to_toml())).state.stacks == state.stacks


# --- R15: the deck proof ---------------------------------------------------------------------


def test_R40_3_R15_the_cards_lie_at_the_positions_the_public_counts_give() -> None:
    """Over random hands of 2 to 9 players with folds, every card a player holds is the
    players' deck's card at the place stud_positions (two first, no burn) names from the
    public counts alone."""
    rng = random.Random(403)
    for hand in range(300):
        n = rng.randint(2, 9)
        nonces = [hashlib.sha256(b"t%d %d" % (hand, i)).digest() for i in range(n)]
        plan = italiana_plan(n, hashlib.sha256(b"telesina%d" % hand).digest())
        deck = dealt_deck(plan, nonces)
        state, _ = start_hand(telesina(n), deck=deck)
        while (legal := legal_actions(state)) is not None:
            kinds = {str(k) for k in legal.kinds}
            folds = "fold" in kinds and rng.random() < 0.1
            passive = next(k for k in ("check", "call", "show") if k in kinds)
            state, _ = apply(state, Action(ActionKind("fold" if folds else passive), legal.seat))
        places, middle = stud_positions(n, [len(h) for h in state.holes], first=2, burns=False)
        assert middle == []
        for i in range(n):
            assert tuple(deck[k] for k in places[i]) == state.holes[i]


def test_R15_an_honest_telesina_record_checks_out() -> None:
    record = telesina_record(5, viewer=1)
    assert record["deck_size"] == 36 and record["draw_burns"] is False
    assert "hole_cards" not in record  # two, the first round's
    verdict = verify_record(json.loads(json.dumps(record)), expected_deck_size=36)
    assert verdict.ok, verdict.problems
    assert verdict.opened == 5 * 5  # every up card and, shown down, every hole card
    order = permutation(
        bytes.fromhex(record["root"]), [bytes.fromhex(e["nonce"]) for e in record["nonces"]]
    )
    play_at = play_positions(order, 36)
    assert all(o["j"] < 36 for o in record["openings"]) and play_at[0] == min(play_at)


def _swap_up_card(record: dict[str, Any]) -> None:
    seat = record["seats"][0]
    cards = record["holes"][str(seat)]
    cards[1], cards[2] = cards[2], cards[1]


@pytest.mark.parametrize(
    "change",
    [
        _swap_up_card,
        lambda r: r.pop("draw_burns"),  # read as seven-card stud's streets, with burns
        lambda r: r.update(hole_cards=3),  # stud's first three without burns: no game
        lambda r: r.update(stud=[6] * len(r["seats"])),
        lambda r: r.update(deck_size=40),
    ],
    ids=["swapped up card", "burns", "three first", "six cards", "deck size"],
)
def test_R15_a_telesina_record_that_moves_a_card_or_misstates_the_deal_fails(change: Any) -> None:
    record = copy.deepcopy(telesina_record(4))
    change(record)
    assert not verify_record(record).ok


def test_R40_the_card_deck_has_no_card_outside_the_players_deck() -> None:
    config = telesina(4)  # 32 cards: 7 to ace
    with pytest.raises(EngineError) as refused:
        start_hand(config, deck=[FULL_DECK[0]])  # the deuce of clubs
    assert refused.value.code == ErrorCode.INVALID_DECK
