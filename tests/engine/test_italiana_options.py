"""Poker all'italiana's host options of the ranking and the betting (R32.2, R32.4, R32.6,
R38.3): each played through the hand machine on docs/rules.md's worked examples, both
ways; the options are the hand's config (refused in other games), in its JSON; random
hands with random options keep their chips."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import FULL_DECK, Card, parse_cards
from engine.errors import EngineError, ErrorCode
from engine.events import PotAwarded
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.opening import hand_opening_cards
from engine.state import HandConfig, HandState, Phase
from tests.engine.hand_helpers import italiana, play
from tests.engine.hand_strategies import MAX_STEPS, check_invariants, choose_action, configs

R34_HANDS = ("7c 8d Tc Jd Ks", "Qc Qd 7h 9s Ah", "8c 9d Th Js As", "9c 9h Jc Ad 7s")
"""docs/rules.md R34's worked example on 32 cards: seat 2 opens with its queens."""


def _deck(*hands: str) -> list[Card]:
    """The deck that deals ``hands`` to seats 1, 2 ... one card at a time (R33.3); the
    seats after them get the deck's other cards."""
    given = [list(parse_cards(hand)) for hand in hands]
    return [given[p][r] for r in range(5) for p in range(len(given))]


def _nine(first: str, second: str) -> list[Card]:
    """Nine players (the whole deck, R31.2): seats 1 and 2 hold ``first`` and ``second``,
    the seven others the deck's next cards in order."""
    held = set(parse_cards(first)) | set(parse_cards(second))
    rest = [card for card in FULL_DECK if card not in held]
    others = [" ".join(_name(c) for c in rest[5 * k : 5 * k + 5]) for k in range(7)]
    return _deck(first, second, *others)


def _name(card: Card) -> str:
    return "23456789TJQKA"[card >> 2] + "cdhs"[card & 3]


def showdown(deck: list[Card], n: int, **changes: Any) -> tuple[int, str | None]:
    """Seat 1 opens for 20, seat 2 calls, the others fold; both stand pat and check, and
    show down (no piatto di parola). The winner's seat and their hand's name."""
    state, _ = start_hand(italiana(n, piatto_di_parola=False, **changes), deck=deck)
    folds = [f"{seat} fold" for seat in range(3, n + 1)]
    state, events = play(state, "1 open 20", "2 call", *folds, "1 draw 0", "2 draw 0")
    state, more = play(state, "1 check", "2 check")
    events += more
    while not state.is_finished:
        legal = legal_actions(state)
        assert legal is not None
        state, more = apply(state, Action(ActionKind.SHOW, legal.seat))
        events += more
    (award,) = [e for e in events if isinstance(e, PotAwarded)]
    assert len(award.winners) == 1  # R32.5: never a split
    return award.winners[0], award.hand_name


FULL, COLORE_52 = "As Ad Ac Kd Ks", "2h 5h 7h 9h Jh"


def test_R32_2_worked_example_the_full_wins_on_the_whole_deck_with_the_option_on() -> None:
    """R32.2's worked example with nine players: A♠ A♦ A♣ K♦ K♠ beats a colore on the
    whole deck (the option's default, as R9); with it off the colore wins there too."""
    assert showdown(_nine(FULL, COLORE_52), 9) == (1, "Full house, Aces full of Kings")
    assert showdown(_nine(FULL, COLORE_52), 9, full_over_flush_on_52=False)[0] == 2


def test_R32_2_the_option_changes_nothing_below_nine_players() -> None:
    """R32.2's worked example on 32 cards: 7♥ 8♥ 9♥ J♥ K♥ (colore) beats A♠ A♦ A♣ K♦ K♠
    (full) with the option on or off: it is about the whole deck only."""
    hands = (FULL, "7h 8h 9h Jh Kh", "7c 8d Tc Jd Qs", "9c 9s Jc Qd 7d")
    for on in (True, False):
        assert showdown(_deck(*hands), 4, full_over_flush_on_52=on)[0] == 2


MASSIMA, MINIMA = "Ah Th Jh Qh Kh", "As 7s 8s 9s Ts"
R32_4_HANDS = (MASSIMA, MINIMA, "7c 8d Tc Jd Ks", "9c 9h Jc Ad 7d")


def test_R32_4_worked_example_the_minima_wins_with_the_option_on_the_massima_off() -> None:
    """A♠ 7♠ 8♠ 9♠ 10♠ (scala reale minima) against 10♥ J♥ Q♥ K♥ A♥ (massima), 32 cards."""
    assert showdown(_deck(*R32_4_HANDS), 4)[0] == 2
    assert showdown(_deck(*R32_4_HANDS), 4, minima_beats_massima=True)[0] == 2
    assert showdown(_deck(*R32_4_HANDS), 4, minima_beats_massima=False)[0] == 1


HEARTS, ACE_SPADES = "Kh Qh Jh 9h 8h", "As Qs Ts 9s 7s"
R32_6_HANDS = (HEARTS, ACE_SPADES, "7c 8d Tc Jd Ks", "9c 9d Jc Ad 7d")


def test_R32_6_worked_example_the_ace_wins_with_the_option_off_hearts_with_it_on() -> None:
    """K♥ Q♥ J♥ 9♥ 8♥ against A♠ Q♠ 10♠ 9♠ 7♠: ranks first by default (R32.5), the suit
    first with colore by suit."""
    assert showdown(_deck(*R32_6_HANDS), 4) == (2, "Flush, Ace high")
    assert showdown(_deck(*R32_6_HANDS), 4, flush_by_suit=True) == (1, "Flush, King high")


def test_R32_the_hands_rules_are_ranked_with_its_options_and_cached() -> None:
    config = italiana(9, full_over_flush_on_52=False, flush_by_suit=True)
    game = config.hand_rules()
    assert game is rules(Game.ITALIANA, 9, full_over_flush_on_52=False, flush_by_suit=True)
    assert game is not rules(Game.ITALIANA, 9)
    full, colore = parse_cards(FULL), parse_cards(COLORE_52)
    assert game.winner is not None and game.winner([full, colore]) == [1]
    assert game.strength(colore, ()) > game.strength(full, ())
    assert game.hand_name(colore, ()) == "Flush, Jack high"  # (the names are the same)
    assert italiana(4).hand_rules() is rules(Game.ITALIANA, 4)


def test_R34_2_the_ranking_options_open_the_same_hands() -> None:
    """Five cards make one category whatever the options: the full and the colore open."""
    for changes in ({}, {"full_over_flush_on_52": False}, {"flush_by_suit": True}):
        config = italiana(9, **changes)
        for hand in (FULL, COLORE_52):
            assert hand_opening_cards(config, parse_cards(hand)) == parse_cards(hand)
        assert hand_opening_cards(config, parse_cards("Tc Td 2s 5h 8c")) == ()


# --------------------------------------------------------------------------- R38.3


def opened(opening: int = 40, **changes: Any) -> HandState:
    """R34's worked example to its opening: seat 1 passes, seat 2 opens for 40 (the pot),
    seat 3 folds; seat 4 to speak."""
    state, _ = start_hand(italiana(**changes), deck=_deck(*R34_HANDS))
    state, _ = play(state, "1 pass", f"2 open {opening}", "3 fold")
    return state


def raise_least(state: HandState) -> HandState:
    legal = legal_actions(state)
    assert legal is not None and legal.allows(ActionKind.RAISE) and legal.min_to is not None
    return apply(state, Action(ActionKind.RAISE, legal.seat, legal.min_to))[0]


def test_R38_3_worked_example_three_raises_after_the_opening_then_call_or_fold() -> None:
    """Rilanci massimi at 3 ("e.g. 3 after the first bet"): the opening is the first bet;
    seat 4 raises, seat 1 (who passed) raises, seat 2 raises: seat 4 may call or fold."""
    state = opened(max_raises=3)
    for _ in range(3):
        state = raise_least(state)
    assert state.bets_made == 4 and state.seat_to_act == 4
    legal = legal_actions(state)
    assert legal is not None
    assert legal.kinds == (ActionKind.FOLD, ActionKind.CALL) and legal.max_to is None
    with pytest.raises(EngineError) as refused:
        apply(state, Action(ActionKind.RAISE, 4, 1000))
    assert refused.value.code == ErrorCode.CANNOT_RAISE
    assert refused.value.message == (
        "no more raises this round: the table allows 3 raises after the first bet (R38.3);"
        " call or fold"
    )
    with pytest.raises(EngineError) as refused:
        apply(state, Action(ActionKind.ALL_IN, 4))
    assert refused.value.code == ErrorCode.CANNOT_ALL_IN
    assert "(R38.3)" in refused.value.message


def test_R38_3_unlimited_by_default_a_fourth_raise_is_allowed() -> None:
    state = opened()
    for _ in range(4):
        state = raise_least(state)
    assert state.bets_made == 5


def test_R38_3_one_raise_the_refusal_says_raise_and_a_short_all_in_is_a_call() -> None:
    state = opened(max_raises=1, stacks=(50, 1000, 1000, 1000))
    state = raise_least(state)  # seat 4 to 80
    legal = legal_actions(state)
    assert legal is not None and legal.seat == 1
    # seat 1 has 40 behind, less than the 80 to call: all-in is a call, allowed
    assert legal.kinds == (ActionKind.FOLD, ActionKind.CALL, ActionKind.ALL_IN)
    state, _ = apply(state, Action(ActionKind.ALL_IN, 1))
    assert state.stacks[0] == 0 and state.seat_to_act == 2
    with pytest.raises(EngineError) as refused:
        apply(state, Action(ActionKind.RAISE, 2, 200))
    assert "allows 1 raise after" in refused.value.message


def test_R38_3_the_cap_is_each_rounds_the_round_after_the_draw_counts_again() -> None:
    state = opened(max_raises=1)
    state = raise_least(state)  # seat 4's one raise
    state, _ = play(state, "1 fold", "2 call", "2 draw 0", "4 draw 0")
    assert state.street == 1 and state.phase is Phase.BETTING and state.seat_to_act == 2
    state, _ = play(state, "2 bet 10")
    state = raise_least(state)  # seat 4 raises after the first bet
    legal = legal_actions(state)
    assert legal is not None and legal.kinds == (ActionKind.FOLD, ActionKind.CALL)


def test_R38_3_a_fixed_limit_round_keeps_the_lower_of_the_two_caps() -> None:
    """R7.3 caps a fixed-limit round at a bet and three raises: a cap of 1 is lower."""
    state = opened(10, max_raises=1, structure=Structure.FIXED_LIMIT)  # (the cip)
    assert state.bets_made == 1
    state = raise_least(state)
    legal = legal_actions(state)
    assert legal is not None and legal.kinds == (ActionKind.FOLD, ActionKind.CALL)


# --------------------------------------------------------------------------- the config


@pytest.mark.parametrize(
    "option",
    [
        {"full_over_flush_on_52": False},
        {"minima_beats_massima": False},
        {"flush_by_suit": True},
        {"max_raises": 3},
    ],
)
def test_the_options_are_poker_all_italianas_only(option: dict[str, Any]) -> None:
    config = HandConfig(seats=(1, 2), stacks=(100, 100), button=1, small_blind=1, big_blind=2)
    with pytest.raises(EngineError) as refused:
        start_hand(HandConfig(**{**_fields(config), **option}))
    assert refused.value.code == ErrorCode.INVALID_CONFIG
    assert "poker all'italiana's" in refused.value.message


def _fields(config: HandConfig) -> dict[str, Any]:
    return {name: getattr(config, name) for name in HandConfig.__dataclass_fields__}


@pytest.mark.parametrize(
    "option",
    [{"max_raises": 0}, {"max_raises": "3"}, {"max_raises": True}, {"flush_by_suit": 1}],
)
def test_an_option_out_of_range_is_refused(option: dict[str, Any]) -> None:
    with pytest.raises(EngineError) as refused:
        start_hand(italiana(**option))
    assert refused.value.code == ErrorCode.INVALID_CONFIG


def test_the_options_are_in_an_italiana_configs_json_only() -> None:
    config = italiana(
        full_over_flush_on_52=False, minima_beats_massima=False, flush_by_suit=True, max_raises=2
    )
    data = json.loads(json.dumps(config.to_json()))
    assert {k: data[k] for k in ("full_over_flush_on_52", "minima_beats_massima")} == {
        "full_over_flush_on_52": False,
        "minima_beats_massima": False,
    }
    assert (data["flush_by_suit"], data["max_raises"]) == (True, 2)
    assert HandConfig.from_json(data) == config
    holdem = HandConfig(seats=(1, 2), stacks=(100, 100), button=1, small_blind=1, big_blind=2)
    assert "max_raises" not in holdem.to_json() and "flush_by_suit" not in holdem.to_json()
    older = {k: v for k, v in italiana().to_json().items() if k not in ("max_raises",)}
    assert HandConfig.from_json(older) == italiana()  # stored before the options: defaults


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=configs(games=(Game.ITALIANA,)),
    seed=st.binary(min_size=32, max_size=32),
    data=st.data(),
)
def test_random_hands_with_random_options_keep_their_chips(
    config: HandConfig, seed: bytes, data: st.DataObject
) -> None:
    state, _ = start_hand(config, seed=seed)
    check_invariants(state)
    cap = config.max_raises
    for _ in range(MAX_STEPS):
        if state.is_finished:
            break
        state, _ = apply(state, choose_action(data, state))
        check_invariants(state)
        if cap is not None:  # R38.3: a round never holds more than its bet and cap raises
            assert state.bets_made <= cap + 1
    assert state.is_finished, "the hand did not end"
    assert sum(state.stacks) + state.rake + state.carried == sum(config.stacks) + config.carried
