"""The draw games (R42–R44): five cards each, no board, one draw or three; the draw's order,
burn and places, the counts that are public, the new stub when the old one runs out, and
the winning hands of five-card draw (high) and deuce-to-seven (low)."""

from __future__ import annotations

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import cards_str, parse_cards
from engine.errors import EngineError, ErrorCode
from engine.events import CardsDrawn, DeckReshuffled, DrawTaken, StreetStarted
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import default_action, legal_actions
from engine.ranking import deuce_to_seven, evaluate_deuce_to_seven
from engine.state import HandConfig, HandState, Phase

DECK = parse_cards(
    "7c 8d 2h 3c 4h 5s 6s 9h Kh Kd"  # hole cards, one at a time: p1 (left of the button) first
    " As Ad Qc Qd Jc Jd Tc Td 9c 9d"
)  # the burn, then the first draw's cards: As Ad Qc ...


def heads_up(game: Game, structure: Structure = Structure.NO_LIMIT, stacks=(100, 100)):
    """Seats 1 (the button, small blind) and 2; seat 2 is p1, dealt first (R4.1)."""
    config = HandConfig(
        seats=(1, 2), stacks=stacks, button=1, small_blind=1, big_blind=2, structure=structure,
        game=game,
    )  # fmt: skip
    return start_hand(config, deck=DECK)


def act(state: HandState, kind: ActionKind, amount: int | None = None) -> HandState:
    legal = legal_actions(state)
    assert legal is not None
    return apply(state, Action(kind, legal.seat, amount))[0]


def call_down(state: HandState) -> HandState:
    while state.phase is Phase.BETTING:
        legal = legal_actions(state)
        assert legal is not None
        state = act(state, ActionKind.CHECK if legal.allows(ActionKind.CHECK) else ActionKind.CALL)
    return state


def test_R42_1_after_the_first_betting_round_one_card_is_burnt_and_p1_draws_first() -> None:
    state, _ = heads_up(Game.FIVE_CARD_DRAW)
    assert cards_str(state.holes[0]) == "7c 2h 4h 6s Kh"  # seat 2, p1: the big blind
    assert cards_str(state.holes[1]) == "8d 3c 5s 9h Kd"
    state = call_down(state)
    assert state.phase is Phase.DRAW and state.seat_to_act == 2  # left of the button first
    assert state.dealt == 11 and state.pile == (parse_cards("As")[0],)  # the burn
    legal = legal_actions(state)
    assert legal is not None and legal.kinds == (ActionKind.DRAW,)


def test_R42_2_R42_3_the_cards_thrown_are_replaced_in_place_and_the_count_is_public() -> None:
    state, _ = heads_up(Game.FIVE_CARD_DRAW)
    state = call_down(state)
    state, events = apply(state, Action(ActionKind.DRAW, 2, 0b00110))  # throws 2h and 4h
    assert cards_str(state.holes[0]) == "7c Ad Qc 6s Kh"
    assert state.drawn[0] == (2,)
    public = [e for e in events if not e.secret]
    assert DrawTaken(2, 2) in public
    secret = next(e for e in events if isinstance(e, CardsDrawn))
    assert secret.secret and secret.discarded == parse_cards("2h 4h")
    assert secret.drawn == parse_cards("Ad Qc")
    state, _ = apply(state, Action(ActionKind.DRAW, 1, 0))  # stands pat
    assert state.drawn == ((2,), (0,)) and state.phase is Phase.BETTING
    assert state.seat_to_act == 2  # after the draw, the first player left of the button
    assert state.to_json()["drawn"] == [[2], [0]]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action(ActionKind.DRAW, 2, 32), ErrorCode.BAD_AMOUNT),
        (Action(ActionKind.DRAW, 2, -1), ErrorCode.BAD_AMOUNT),
        (Action(ActionKind.DRAW, 2, None), ErrorCode.BAD_AMOUNT),
        (Action(ActionKind.DRAW, 1, 1), ErrorCode.NOT_YOUR_TURN),
        (Action(ActionKind.CHECK, 2), ErrorCode.WRONG_PHASE),
    ],
)
def test_R42_2_a_draw_that_is_not_one_is_refused_and_changes_nothing(action, code) -> None:
    state = call_down(heads_up(Game.FIVE_CARD_DRAW)[0])
    with pytest.raises(EngineError) as refused:
        apply(state, action)
    assert refused.value.code == code
    assert legal_actions(state).seat == 2  # type: ignore[union-attr]


def test_R42_1_a_draw_is_refused_while_the_betting_is_on() -> None:
    state, _ = heads_up(Game.FIVE_CARD_DRAW)
    with pytest.raises(EngineError) as refused:
        apply(state, Action(ActionKind.DRAW, state.seat_to_act or 0, 1))
    assert refused.value.code == ErrorCode.WRONG_PHASE


def test_R14_a_player_out_of_time_stands_pat() -> None:
    state = call_down(heads_up(Game.DEUCE_SEVEN_TRIPLE, Structure.FIXED_LIMIT)[0])
    assert default_action(state) == Action(ActionKind.DRAW, 2, 0)


def test_R42_1_all_in_players_still_draw_and_the_hand_goes_to_the_showdown() -> None:
    state, _ = heads_up(Game.DEUCE_SEVEN_TRIPLE, stacks=(100, 100))
    state = act(state, ActionKind.ALL_IN)
    state = act(state, ActionKind.CALL)
    for draw in range(3):  # three draws, no betting between them
        assert state.phase is Phase.DRAW and state.drawn[0] == (0,) * draw
        state = act(state, ActionKind.DRAW, 0)
        state = act(state, ActionKind.DRAW, 0)
    assert state.is_finished


def test_R44_triple_draw_deals_three_draws_and_its_fixed_limit_big_bet_comes_after_two() -> None:
    state, events = heads_up(Game.DEUCE_SEVEN_TRIPLE, Structure.FIXED_LIMIT)
    labels = []
    for round_ in range(4):
        legal = legal_actions(state)
        assert legal is not None
        if round_:  # the first bet of the round: the small bet (2) or the big bet (4)
            assert legal.min_to == (2 if round_ < 2 else 4), round_
        state = call_down(state)
        if round_ < 3:
            state, events = apply(state, Action(ActionKind.DRAW, 2, 0))
            labels += [e.label for e in events if isinstance(e, StreetStarted)]
            state, _ = apply(state, Action(ActionKind.DRAW, 1, 0))
    assert state.phase is Phase.SHOWDOWN or state.is_finished


def test_R43_five_card_draw_fixed_limit_bets_the_big_bet_after_the_draw() -> None:
    state = call_down(heads_up(Game.FIVE_CARD_DRAW, Structure.FIXED_LIMIT)[0])
    state = act(state, ActionKind.DRAW, 0)
    state = act(state, ActionKind.DRAW, 0)
    assert legal_actions(state).min_to == 4  # type: ignore[union-attr]


def test_R43_five_card_draw_is_won_by_the_best_high_hand() -> None:
    state = call_down(heads_up(Game.FIVE_CARD_DRAW)[0])
    state = act(state, ActionKind.DRAW, 0)
    state = act(state, ActionKind.DRAW, 0)
    state = call_down(state)
    while not state.is_finished:
        state = act(state, ActionKind.SHOW)
    # seat 1's K-9-8-5-3 beats seat 2's K-7-6-4-2: the nine over the seven
    assert state.stacks_by_seat() == {1: 102, 2: 98}


def test_R44_2_deuce_to_seven_is_won_by_the_lowest_hand_the_ace_high_and_straights_count() -> None:
    best = deuce_to_seven(parse_cards("7c 5d 4h 3s 2c"))
    assert best > deuce_to_seven(parse_cards("7c 6d 4h 3s 2c"))
    assert deuce_to_seven(parse_cards("8c 6d 4h 3s 2c")) > deuce_to_seven(
        parse_cards("Ac 2d 3h 4s 5c")
    )
    assert deuce_to_seven(parse_cards("Ac 2d 3h 4s 5c")) > deuce_to_seven(
        parse_cards("2c 2d 3h 4s 5c")
    )
    assert deuce_to_seven(parse_cards("2c 2d 3h 4s 5c")) > deuce_to_seven(
        parse_cards("2c 3d 4h 5s 6c")
    )
    assert deuce_to_seven(parse_cards("2c 3d 4h 5s 6c")) > deuce_to_seven(
        parse_cards("2c 3c 4c 5c 7c")
    )
    assert evaluate_deuce_to_seven(parse_cards("Ac 2d 3h 4s 5c")).name == "A-5-4-3-2 low"
    assert evaluate_deuce_to_seven(parse_cards("2c 3d 4h 5s 6c")).name == "Straight, Six high"
    state = call_down(heads_up(Game.DEUCE_SEVEN_SINGLE)[0])
    state = act(state, ActionKind.DRAW, 0)
    state = act(state, ActionKind.DRAW, 0)
    state = call_down(state)
    while not state.is_finished:
        state = act(state, ActionKind.SHOW)
    assert state.stacks_by_seat() == {1: 98, 2: 102}  # seat 2's K-7-6-4-2 is the lower


def test_R42_4_the_last_card_is_never_dealt_and_a_new_stub_leaves_out_the_players_own_throw() -> (
    None
):
    """Eight players throw five each: after the burn and 11 cards, the stub holds one card;
    the next player's five come from it and the cards out of play, never their own five."""
    n = 8
    config = HandConfig(
        seats=tuple(range(1, n + 1)), stacks=(100,) * n, button=n, small_blind=1, big_blind=2,
        game=Game.FIVE_CARD_DRAW,
    )  # fmt: skip
    state, _ = start_hand(config, seed=bytes(range(32)))
    state = call_down(state)
    reshuffled = False
    while state.phase is Phase.DRAW:
        p = state.to_act[0]
        thrown = set(state.holes[p])
        state, events = apply(state, Action(ActionKind.DRAW, state.seats[p], 0b11111))
        drawn = next(e for e in events if isinstance(e, CardsDrawn))
        assert not thrown & set(drawn.drawn)
        if any(isinstance(e, DeckReshuffled) for e in events):
            reshuffled = True
            # the old stub's last card went into the new stub, never dealt from the old one
        live = [c for q, hole in enumerate(state.holes) if not state.folded[q] for c in hole]
        assert sorted([*live, *state.pile, *state.deck[state.dealt :]]) == list(range(52))
    assert reshuffled and state.deck[:52] == start_hand(config, seed=bytes(range(32)))[0].deck


def test_R42_a_draw_game_refuses_a_board_games_options() -> None:
    for option in ({"bomb_pot": 2}, {"double_board": True}):
        config = HandConfig(
            seats=(1, 2), stacks=(100, 100), button=1, small_blind=1, big_blind=2,
            game=Game.DEUCE_SEVEN_SINGLE, **option,
        )  # fmt: skip
        with pytest.raises(EngineError) as refused:
            start_hand(config)
        assert refused.value.code == ErrorCode.INVALID_CONFIG
    assert rules(Game.DEUCE_SEVEN_TRIPLE).max_players == 8
