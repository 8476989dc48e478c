"""Poker all'italiana in the hand machine (R31-R39): the deck of the players dealt in, the
invito, the opening and who may open, the pot carried when nobody opens or everyone checks
after the draw, the draw of up to four cards with no burn, the opener first after it, a
showdown that never splits, and the opening shown at the end. The worked examples of
docs/rules.md are played here as written."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import card_str, cards_str, parse_cards
from engine.errors import EngineError, ErrorCode
from engine.events import (
    AntePosted,
    CardsDrawn,
    DealerAntePosted,
    DeckReshuffled,
    DrawTaken,
    Event,
    FourthCardDealt,
    HandMucked,
    HandShown,
    OpeningShown,
    PotAwarded,
    PotCarried,
    PotCarriedIn,
)
from engine.games import Game, rules
from engine.hand import HandInPlay, apply, start_hand
from engine.legal_actions import default_action, legal_actions
from engine.opening import opening_cards
from engine.state import HandConfig, HandState, Phase
from tests.engine.hand_helpers import deck_for, italiana, play

SEATS = (1, 2, 3, 4)
"""Four players, seat 4 the mazziere: seat 1 is dealt first and speaks first (R33.3)."""


def act(state: HandState, kind: ActionKind, amount: int | None = None) -> HandState:
    legal = legal_actions(state)
    assert legal is not None
    return apply(state, Action(kind, legal.seat, amount))[0]


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# The worked example of R34 (four players, invito 10, seat 4 the mazziere): seat 2 holds
# Q♣ Q♦; nobody else may open with these cards (seat 4: a pair of nines).
R34_HANDS = ("7c 8d Tc Jd Ks", "Qc Qd 7h 9s Ah", "8c 9d Th Js As", "9c 9h Jc Ad 7s")


def r34_opened() -> tuple[HandState, list[Event]]:
    state, events = start_hand(italiana(), deck=deck_for(*R34_HANDS, stub="8h 8s Kh Kd Qh Qs"))
    more: list[Event]
    state, more = play(state, "1 pass", "2 open 40", "3 fold", "4 call", "1 call")
    return state, events + more


# --------------------------------------------------------------------------- R31: the deck


@pytest.mark.parametrize(("n", "lowest", "size"), [(2, "9", 24), (3, "8", 28), (4, "7", 32),
                                                  (5, "6", 36), (6, "5", 40), (9, "2", 52)])  # fmt: skip
def test_R31_2_the_deck_is_the_ranks_from_eleven_minus_the_players_up(
    n: int, lowest: str, size: int
) -> None:
    state, _ = start_hand(italiana(n), seed=bytes(range(32)))
    assert len(state.deck) == size == len(rules(Game.ITALIANA, n).deck)
    assert min(card_str(c)[0] for c in state.deck if card_str(c)[0].isdigit()) == lowest
    assert sorted(state.deck) == sorted(rules(Game.ITALIANA, n).deck)
    dealt = [c for hole in state.holes for c in hole]
    assert len(set(dealt)) == 5 * n and set(dealt) <= set(state.deck)


def test_R31_2_worked_examples_five_players_36_cards_two_24_nine_the_whole_deck() -> None:
    for n, size, stub in ((5, 36, 11), (2, 24, 14), (9, 52, 7)):
        state, _ = start_hand(italiana(n), seed=bytes(range(32)))
        assert (len(state.deck), len(state.deck) - state.dealt) == (size, stub)


def test_R31_1_ten_players_are_refused() -> None:
    with pytest.raises(EngineError) as refused:
        start_hand(italiana(10))
    assert refused.value.code == ErrorCode.INVALID_CONFIG
    assert rules(Game.ITALIANA).max_players == 9


def test_R31_2_a_replay_deck_must_hold_only_cards_of_the_hands_deck() -> None:
    with pytest.raises(EngineError) as refused:  # a six in a four-player game (7 to ace)
        start_hand(italiana(), deck=parse_cards("6c"))
    assert refused.value.code == ErrorCode.INVALID_DECK


@pytest.mark.parametrize(
    "change",
    [
        {"small_blind": 5},
        {"straddle": True},
        {"big_blind_ante": 10, "ante": 0},
        {"posting": (2,)},
        {"bomb_pot": 10, "ante": 0},
        {"run_it_twice_allowed": True},
        {"dead_button": True, "button": 5},
        {"opening_pair": "T"},
        {"opening_draw": "gutshot"},
        {"max_draw": 3},
        {"carried": -1},
        {"dealer_ante": -5},
        {"piatto_di_parola": 1},
    ],
)
def test_R31_5_R33_no_blinds_no_board_and_the_options_in_range(change: dict[str, Any]) -> None:
    with pytest.raises(EngineError) as refused:
        start_hand(italiana(**change))
    assert refused.value.code == ErrorCode.INVALID_CONFIG


@pytest.mark.parametrize(
    "change",
    [{"carried": 40}, {"dealer_ante": 5}, {"opening_pair": "Q"}, {"max_draw": 5},
     {"piatto_di_parola": False}, {"opener_first": False}, {"opening_draw": "none"}],
)  # fmt: skip
def test_R31_poker_all_italianas_fields_are_refused_in_another_game(change: dict[str, Any]) -> None:
    config = HandConfig(seats=(1, 2), stacks=(100, 100), button=1, small_blind=1, big_blind=2)
    with pytest.raises(EngineError) as refused:
        start_hand(replace(config, **change))
    assert refused.value.code == ErrorCode.INVALID_CONFIG


def test_R31_no_card_is_burnt_the_draw_deals_from_the_top_of_the_stub() -> None:
    state, _ = r34_opened()
    assert state.phase is Phase.DRAW and state.dealt == 20  # the deal, and no burn
    assert state.pile == parse_cards(R34_HANDS[2])  # only seat 3's folded hand is out
    state, events = play(state, "1 draw 3", "2 draw 0", "4 draw 1")
    drawn = {e.seat: cards_str(e.drawn) for e in of(events, CardsDrawn)}
    assert drawn == {1: "8h 8s", 2: "", 4: "Kh"}  # the stub's first cards, no burn before
    assert state.dealt == 23


# ------------------------------------------------------------------ R33: invito, mazziere


def test_R33_1_R33_2_worked_example_invito_10_and_the_mazzieres_5_make_a_pot_of_45() -> None:
    state, events = start_hand(italiana(dealer_ante=5), seed=bytes(range(32)))
    assert state.pot_total == 45
    assert [e.amount for e in of(events, AntePosted)] == [10, 10, 10, 10]
    assert of(events, DealerAntePosted) == [DealerAntePosted(4, 5, False)]
    assert state.dead == 5 and state.contributions == (10, 10, 10, 10)  # dead money


def test_R33_3_R34_1_no_blinds_the_player_left_of_the_mazziere_speaks_first() -> None:
    state, events = start_hand(italiana(), seed=bytes(range(32)))
    started = events[0].to_json()
    assert started["small_blind_seat"] is None and started["big_blind_seat"] is None
    assert state.bets == (0, 0, 0, 0) and state.seat_to_act == 1
    assert [len(hole) for hole in state.holes] == [5] * 4


def test_R33_6_a_player_who_cannot_cover_the_invito_is_all_in_and_plays_without_speaking() -> None:
    state, _ = start_hand(italiana(stacks=(6, 1000, 1000, 1000)), deck=deck_for(*R34_HANDS))
    assert state.stacks[0] == 0 and state.contributions[0] == 6
    assert state.seat_to_act == 2  # seat 1 is all-in: it neither passes nor opens
    state, _ = play(state, "2 open 36", "3 fold", "4 fold")
    assert state.phase is Phase.DRAW and state.to_act[0] == 0  # seat 1 still draws (R36.5)


# ------------------------------------------------------------------------ R34: the opening


@pytest.mark.parametrize(
    ("hand", "players", "pair", "draw", "shown"),
    [
        ("Qc Qd 7s 9h Ah", 4, "J", "open_ended", "Qc Qd"),
        ("Jc Jd 7s 9h Ah", 4, "J", "open_ended", "Jc Jd"),
        ("Tc Td 7s 9h Ah", 4, "J", "open_ended", ""),
        ("7c 7d 8s 8h Ah", 4, "K", "open_ended", "7c 7d 8s 8h"),  # two pair beats kings
        ("7c 7d 7s 9h Ah", 4, "K", "none", "7c 7d 7s"),
        ("Ac 7d 8s 9h Th", 4, "K", "none", "Ac 7d 8s 9h Th"),  # the lowest straight (R32.3)
        ("Jc Jd 7s 9h Ah", 4, "Q", "open_ended", ""),  # R35.2: queens after a no-open
        ("Qc Qd 7s 9h Ah", 4, "K", "open_ended", ""),  # kings after two
        ("Kc Kd 7s 9h Ah", 4, "K", "open_ended", "Kc Kd"),
        # R34.2's worked examples: 7-8-9-10 of hearts is completed by J♥ and by the A♥
        # below the seven; J-Q-K-A and A-7-8-9 only by the 10♥
        ("7h 8h 9h Th Kc", 4, "J", "open_ended", "7h 8h 9h Th"),
        ("Jh Qh Kh Ah 8c", 4, "J", "open_ended", ""),
        ("Ah 7h 8h 9h Qc", 4, "J", "open_ended", ""),
        ("Jh Qh Kh Ah 8c", 4, "J", "straight_flush", "Jh Qh Kh Ah"),
        ("7h 8h Th Jh Kc", 4, "J", "straight_flush", "7h 8h Th Jh"),  # a gutshot: one card
        ("7h 8h Th Kh Ac", 4, "J", "straight_flush", ""),
        ("7h 8h Th Kh Ac", 4, "J", "flush", "7h 8h Th Kh"),
        ("7h 8h 9h Th Kc", 4, "J", "none", ""),
        ("7h 8h 9h Th Kc", 5, "J", "open_ended", "7h 8h 9h Th"),  # 6♥ or J♥ on 36 cards
    ],
)
def test_R34_2_who_may_open_and_the_cards_that_prove_it(
    hand: str, players: int, pair: str, draw: str, shown: str
) -> None:
    assert cards_str(opening_cards(parse_cards(hand), players, pair, draw)) == shown


def test_R34_3_open_is_offered_only_to_a_player_whose_cards_allow_it() -> None:
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    legal = legal_actions(state)
    assert legal is not None and legal.seat == 1 and legal.kinds == (ActionKind.PASS,)
    state = act(state, ActionKind.PASS)
    legal = legal_actions(state)
    assert legal is not None and legal.seat == 2
    assert legal.kinds == (ActionKind.PASS, ActionKind.OPEN)
    assert (legal.min_to, legal.max_to) == (10, 40)  # R34.4: the cip to the pot


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action(ActionKind.OPEN, 1, 20), ErrorCode.CANNOT_OPEN),  # seat 1: no jacks
        (Action(ActionKind.ALL_IN, 1), ErrorCode.CANNOT_OPEN),  # all-in: an opening too
        (Action(ActionKind.CHECK, 1), ErrorCode.CANNOT_CHECK),  # "passo", not a check
        (Action(ActionKind.BET, 1, 20), ErrorCode.CANNOT_BET),  # "apro", not a bet
        (Action(ActionKind.FOLD, 1), ErrorCode.CANNOT_FOLD),  # nothing to fold to
        (Action(ActionKind.PASS, 1, 5), ErrorCode.BAD_AMOUNT),
        (Action(ActionKind.PASS, 2), ErrorCode.NOT_YOUR_TURN),
    ],
)
def test_R34_2_R39_3_a_false_opening_is_refused_and_changes_nothing(
    action: Action, code: ErrorCode
) -> None:
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    with pytest.raises(EngineError) as refused:
        apply(state, action)
    assert refused.value.code == code
    assert legal_actions(state).seat == 1  # type: ignore[union-attr]


def test_R34_4_an_all_in_opening_is_offered_only_within_the_pot() -> None:
    state, _ = start_hand(italiana(stacks=(1000, 30, 1000, 1000)), deck=deck_for(*R34_HANDS))
    state = act(state, ActionKind.PASS)
    legal = legal_actions(state)  # seat 2, queens, 20 behind: an opening within the pot
    assert legal is not None and legal.kinds == (ActionKind.PASS, ActionKind.OPEN,
                                                 ActionKind.ALL_IN)  # fmt: skip
    assert legal.all_in_to == 20 and act(state, ActionKind.ALL_IN).opener == 1
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    state = act(state, ActionKind.PASS)
    assert ActionKind.ALL_IN not in legal_actions(state).kinds  # type: ignore[union-attr]
    with pytest.raises(EngineError) as refused:
        act(state, ActionKind.ALL_IN)  # 990 behind, the pot is 40
    assert refused.value.code == ErrorCode.CANNOT_ALL_IN


@pytest.mark.parametrize(("amount", "ok"), [(9, False), (10, True), (40, True), (41, False)])
def test_R34_4_R38_1_the_opening_is_from_the_cip_to_the_pot(amount: int, ok: bool) -> None:
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    state = act(state, ActionKind.PASS)
    if ok:
        assert act(state, ActionKind.OPEN, amount).opener == 1
        return
    with pytest.raises(EngineError) as refused:
        act(state, ActionKind.OPEN, amount)
    assert refused.value.code == ErrorCode.AMOUNT_OUT_OF_RANGE


def test_R34_1_R34_5_worked_example_a_pass_is_not_a_fold_three_go_to_the_draw_with_160() -> None:
    state, events = r34_opened()
    assert [e.to_json()["action"] for e in events if e.type == "action_taken"] == [
        "pass", "open", "fold", "call", "call",
    ]  # fmt: skip
    assert state.folded == (False, False, True, False)
    assert state.pot_total == 160 and state.phase is Phase.DRAW
    assert state.to_act == (0, 1, 3)  # R36.1: from the mazziere's left, seat 3 out


def test_R38_worked_example_after_an_opening_of_40_the_most_raise_is_to_160() -> None:
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    state, _ = play(state, "1 pass", "2 open 40", "3 fold")
    legal = legal_actions(state)
    assert legal is not None and legal.seat == 4
    assert (legal.min_to, legal.max_to) == (80, 160)  # R7.2: 40 + (80 + 40)


def test_R34_6_everyone_folding_to_the_opener_gives_them_the_pot_and_shows_the_opening() -> None:
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    state, events = play(state, "1 pass", "2 open 40", "3 fold", "4 fold", "1 fold")
    assert state.is_finished and state.stacks_by_seat() == {1: 990, 2: 1030, 3: 990, 4: 990}
    assert of(events, PotAwarded)[0].winners == (2,)
    assert not of(events, HandShown)
    assert of(events, OpeningShown) == [OpeningShown(2, parse_cards("Qc Qd"))]
    assert events[-1].type == "hand_finished"


def test_R38_1_fixed_limit_opens_with_one_small_bet_and_bets_the_big_bet_after_the_draw() -> None:
    config = italiana(structure=Structure.FIXED_LIMIT)
    state, _ = start_hand(config, deck=deck_for(*R34_HANDS))
    state = act(state, ActionKind.PASS)
    legal = legal_actions(state)
    assert legal is not None and (legal.min_to, legal.max_to) == (10, 10)
    state, _ = play(state, "2 open 10", "3 fold", "4 call", "1 call")
    state, _ = play(state, "1 draw 0", "2 draw 0", "4 draw 0")
    legal = legal_actions(state)
    assert legal is not None and (legal.min_to, legal.max_to) == (20, 20)


# --------------------------------------------------------------------- R35: nobody opens


def test_R35_1_everyone_passes_the_pot_is_carried_with_no_winner_and_nothing_shown() -> None:
    hands = ("7c 8d Tc Jd Ks", "9c Td 7h 8s Ah", "8c 9d Th Js As", "Ts 9h Qc Ad 7s")
    state, _ = start_hand(italiana(), deck=deck_for(*hands))
    assert legal_actions(state).kinds == (ActionKind.PASS,)  # type: ignore[union-attr]
    state, events = play(state, "1 pass", "2 pass", "3 pass", "4 pass")
    assert state.is_finished and state.carried == 40 and state.opener is None
    assert of(events, PotCarried) == [PotCarried(40, "nobody_opened")]
    assert not of(events, PotAwarded) + of(events, HandShown) + of(events, OpeningShown)
    assert state.stacks == (990,) * 4 and state.won == (0,) * 4
    assert sum(state.stacks) + state.carried == state.total_chips == 4000
    assert state.phase is Phase.FINISHED and legal_actions(state) is None


def test_R35_1_R37_3_nobody_shows_cards_after_a_hand_that_left_its_pot() -> None:
    hands = ("7c 8d Tc Jd Ks", "9c Td 7h 8s Ah", "8c 9d Th Js As", "Ts 9h Qc Ad 7s")
    state, _ = start_hand(italiana(), deck=deck_for(*hands))
    state, _ = play(state, "1 pass", "2 pass", "3 pass", "4 pass")
    with pytest.raises(EngineError) as refused:
        apply(state, Action(ActionKind.SHOW_AFTER, 1, 0b11111))
    assert refused.value.code == "wrong_phase"
    assert state.shown_after == (0,) * 4  # (the state is a value: nothing changed)


def test_R35_1_a_player_who_may_open_need_not_R34_3() -> None:
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    state, events = play(state, "1 pass", "2 pass", "3 pass", "4 pass")
    assert of(events, PotCarried) == [PotCarried(40, "nobody_opened")]


def _no_open_hand(config: HandConfig, rng: random.Random) -> tuple[HandState, list[Event]]:
    """A hand everyone passes (R35.1)."""
    state, events = start_hand(config, seed=rng.randbytes(32))
    while (legal := legal_actions(state)) is not None:
        state, more = apply(state, Action(ActionKind.PASS, legal.seat))
        events += more
    return state, events


def test_R35_worked_example_the_pot_grows_40_80_120_and_kings_open_the_third_hand() -> None:
    rng = random.Random(35)
    first, _ = _no_open_hand(italiana(), rng)
    assert first.carried == 40 and first.stacks == (990,) * 4
    # hand 2: the invito again, queens needed (the table's R35.2), the deal moves (R33.3)
    second_config = italiana(button=1, stacks=(990,) * 4, carried=first.carried, opening_pair="Q")
    second, events = _no_open_hand(second_config, rng)
    assert of(events, PotCarriedIn) == [PotCarriedIn(40)]
    assert second.carried == 80
    # hand 3: pot 120, kings needed; seat 3 opens with K♠ K♦ (seat 2 is the mazziere)
    hands = ("Ks Kd 7c 8h 9s", "Qs Qd 7d 8c Ts", "Jc Jd 9h Ac 7s", "Ah Tc 8d 9d Qh")
    config = italiana(button=2, stacks=(980,) * 4, carried=second.carried, opening_pair="K")
    third, _ = start_hand(config, deck=deck_for(*hands))  # seat 3 first, then 4, 1, 2
    assert third.pot_total == 120 and third.seat_to_act == 3
    legal = legal_actions(third)
    assert legal is not None and ActionKind.OPEN in legal.kinds and legal.max_to == 120
    third = act(third, ActionKind.PASS)  # seat 3 may open, and passes...
    assert legal_actions(third).kinds == (ActionKind.PASS,)  # type: ignore[union-attr]  # seat 4: queens, not kings
    third, events = play(third, "4 pass", "1 pass", "2 pass")
    assert of(events, PotCarried) == [PotCarried(120, "nobody_opened")]  # (had all passed)
    third, _ = start_hand(config, deck=deck_for(*hands))
    third, events = play(third, "3 open 120", "4 fold", "1 fold", "2 fold")
    assert third.stacks_by_seat() == {1: 970, 2: 970, 3: 970 + 120, 4: 970}
    assert third.carried == 0
    assert of(events, OpeningShown) == [OpeningShown(3, parse_cards("Ks Kd"))]
    # chips are conserved across the three hands: 4000 in stacks and the middle
    assert sum(first.stacks) + first.carried == sum(second.stacks) + second.carried == 4000
    assert sum(third.stacks) == 4000


def test_R35_3_a_pot_carried_in_is_dead_money_the_winner_takes() -> None:
    state, events = start_hand(italiana(carried=120), deck=deck_for(*R34_HANDS))
    assert of(events, PotCarriedIn) == [PotCarriedIn(120)]
    assert events[1] == PotCarriedIn(120)  # right after hand_started
    assert state.pot_total == 160 and state.dead == 120 and state.total_chips == 4120
    state, _ = play(state, "1 pass")
    assert legal_actions(state).max_to == 160  # type: ignore[union-attr]  # pot-limit counts it
    state, _ = play(state, "2 open 160", "3 fold", "4 fold", "1 fold")
    assert state.stacks_by_seat() == {1: 990, 2: 1150, 3: 990, 4: 990}
    assert sum(state.stacks) == 4000 + 120


# ------------------------------------------------------------------------- R36: the draw


def test_R36_1_each_player_changes_none_to_four_five_is_refused_by_default() -> None:
    state, _ = r34_opened()
    legal = legal_actions(state)
    assert legal is not None and legal.kinds == (ActionKind.DRAW,) and legal.max_draw == 4
    with pytest.raises(EngineError) as refused:
        apply(state, Action(ActionKind.DRAW, 1, 0b11111))
    assert refused.value.code == ErrorCode.TOO_MANY_CARDS
    for mask in (0, 0b1, 0b11, 0b111, 0b1111, 0b11110):
        apply(state, Action(ActionKind.DRAW, 1, mask))  # none to four: accepted


def test_R36_1_with_the_cambio_massimo_at_five_a_player_changes_all_five() -> None:
    state, _ = start_hand(italiana(max_draw=5), deck=deck_for(*R34_HANDS))
    state, _ = play(state, "1 pass", "2 open 40", "3 fold", "4 call", "1 call")
    assert legal_actions(state).max_draw == 5  # type: ignore[union-attr]
    state, _ = play(state, "1 draw 31")
    assert state.drawn[0] == (5,)


def test_R36_1_the_counts_are_public_servito_and_a_timeout_stands_pat() -> None:
    state, _ = r34_opened()
    assert default_action(state) == Action(ActionKind.DRAW, 1, 0)  # "servito" (R14)
    state, events = play(state, "1 draw 3", "2 draw 0", "4 draw 15")
    assert [(e.seat, e.count) for e in events if e.type == "draw_taken"] == [(1, 2), (2, 0), (4, 4)]
    assert all(e.secret for e in of(events, CardsDrawn))
    assert state.drawn == ((2,), (0,), (), (4,))


def test_R36_3_the_stub_runs_out_a_new_one_without_the_served_players_discards() -> None:
    """Nine players (52 cards, stub 7) change four each: the stub runs out at the third;
    its last card and the cards out of play are shuffled into a new stub, never with the
    discards of the player being served (R42.4's rule, reused)."""
    n = 9
    rng = random.Random(36)
    reshuffles = 0
    for _ in range(20):
        state, _ = start_hand(italiana(n, opening_draw="flush"), seed=rng.randbytes(32))
        opener = None
        while state.phase is Phase.BETTING and opener is None:
            legal = legal_actions(state)
            assert legal is not None
            if ActionKind.OPEN in legal.kinds:
                state, opener = act(state, ActionKind.OPEN, 10), legal.seat
            else:
                state = act(state, ActionKind.PASS)
        if opener is None:
            continue
        while state.phase is Phase.BETTING:
            state = act(state, ActionKind.CALL)
        while state.phase is Phase.DRAW:
            p = state.to_act[0]
            thrown = set(state.holes[p][:4])
            state, events = apply(state, Action(ActionKind.DRAW, state.seats[p], 0b1111))
            drawn = of(events, CardsDrawn)[0]
            assert not thrown & set(drawn.drawn)
            reshuffles += bool(of(events, DeckReshuffled))
            live = [c for q, h in enumerate(state.holes) if not state.folded[q] for c in h]
            places = [*live, *state.pile, *state.deck[state.dealt :]]
            assert sorted(places) == list(range(52))
    assert reshuffles


R36_HANDS = ("Qc Qd 7h 9s Ah", "7c 8d Tc Jd Ks", "8c 9d Th Js As", "9c 9h Jc Ad 7s")


def test_R36_worked_example_R36_2_the_fourth_cards_after_the_others_without_own_discards() -> None:
    """R36's worked example as the engine deals it: stub 12, seats change 3, 4, 4, 2.
    Seats 2 and 3 get three cards in their turn (stub 6, then 3), seat 4 two (stub 1: the
    last card, never dealt, R42.4). Seat 2's fourth: the last card and the discards of
    seats 1, 3 and 4 are shuffled into a new stub (ten cards, none of seat 2's). Seat 3's
    fourth: that stub holds seat 3's discards, so its rest without them and seat 2's
    discards are shuffled into another: the discards of seats 1, 2 and 4 (R36.2, R36.3)."""
    state, _ = start_hand(italiana(), deck=deck_for(*R36_HANDS))
    state, _ = play(state, "1 open 40", "2 call", "3 call", "4 call")
    assert len(state.deck) - state.dealt == 12
    last = state.deck[-1]
    thrown = {s: set() for s in (1, 2, 3, 4)}
    events: list[Event] = []
    for step, stub in (("1 draw 28", 9), ("2 draw 15", 6), ("3 draw 15", 3), ("4 draw 3", 1)):
        seat = int(step[0])
        thrown[seat] = {c for k, c in enumerate(state.hole_cards(seat)) if int(step[7:]) >> k & 1}
        state, new = play(state, step)
        events += new
        if seat != 4:
            assert len(state.deck) - state.dealt == stub and not of(new, FourthCardDealt)
    assert [(e.seat, e.count) for e in of(events, DrawTaken)] == [(1, 3), (2, 4), (3, 4), (4, 2)]
    assert [len(e.drawn) for e in of(events, CardsDrawn)] == [3, 3, 3, 2]
    fourth = of(events, FourthCardDealt)
    assert [e.seat for e in fourth] == [2, 3] and all(e.secret for e in fourth)
    first, second = of(events, DeckReshuffled)
    assert first.count == 10 and second.count == 9 + len(thrown[3] & {fourth[0].card})
    stubs = state.deck[len(rules(Game.ITALIANA, 4).deck) :]
    one, two = set(stubs[: first.count]), set(stubs[first.count :])
    assert one == {last} | thrown[1] | thrown[3] | thrown[4]
    assert two == (one - {fourth[0].card} - thrown[3]) | thrown[2]
    assert fourth[0].card in one - thrown[2] and fourth[1].card in two - thrown[3]
    assert state.phase is Phase.BETTING and all(len(h) == 5 for h in state.holes)
    assert [e.hole for e in fourth] == [state.hole_cards(2), state.hole_cards(3)]
    live = [c for h in state.holes for c in h]
    assert sorted([*live, *state.pile, *state.deck[state.dealt :]]) == sorted(
        rules(Game.ITALIANA, 4).deck
    )


def test_R36_2_with_the_option_off_a_player_changing_four_gets_them_at_once() -> None:
    """fourth_card_last off: R36's example as dealt before R36.2 was built: seats 2 and 3
    get four each at once (stub 5, then 1), seat 4's two come from a new stub of the last
    card and the discards of seats 1, 2 and 3 (twelve cards), not of its own."""
    config = italiana(fourth_card_last=False)
    state, _ = start_hand(config, deck=deck_for(*R36_HANDS))
    state, _ = play(state, "1 open 40", "2 call", "3 call", "4 call")
    state, events = play(state, "1 draw 28", "2 draw 15", "3 draw 15")  # 3, 4, 4
    assert len(state.deck) - state.dealt == 1
    assert [len(e.drawn) for e in of(events, CardsDrawn)] == [3, 4, 4]
    thrown = set(state.holes[3][:2])
    state, events = play(state, "4 draw 3")
    assert of(events, DeckReshuffled)[0].count == 12 and not of(events, FourthCardDealt)
    assert not thrown & set(of(events, CardsDrawn)[0].drawn)


def test_R36_2_a_five_card_draw_game_changing_four_gets_them_at_once() -> None:
    """R36.2 is poker all'italiana's: five-card draw deals four at once (R42.2)."""
    config = HandConfig(
        seats=(1, 2), stacks=(100, 100), button=2, small_blind=1, big_blind=2,
        game=Game.FIVE_CARD_DRAW,
    )  # fmt: skip
    state, _ = start_hand(config, seed=bytes(32))
    state, _ = play(state, "2 call", "1 check", "1 draw 15")
    assert len(state.holes[0]) == 5 and state.waiting == ()


def test_R36_2_the_waiting_players_hand_of_four_survives_a_json_round_trip() -> None:
    """Between a player's turn and their fourth card the state keeps their discards
    (``waiting``), and the JSON form keeps them."""
    state, _ = start_hand(italiana(), deck=deck_for(*R36_HANDS))
    state, _ = play(state, "1 open 40", "2 call", "3 call", "4 call", "1 draw 0", "2 draw 15")
    assert len(state.holes[1]) == 4 and len(state.waiting[1]) == 4
    again = HandState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert (
        apply(again, Action(ActionKind.DRAW, 3, 0))[0]
        == apply(state, Action(ActionKind.DRAW, 3, 0))[0]
    )


# -------------------------------------------------------- R37: after the draw, the parola


def test_R37_1_the_opener_speaks_first_after_the_draw() -> None:
    state, _ = r34_opened()
    state, _ = play(state, "1 draw 0", "2 draw 0", "4 draw 0")
    assert state.phase is Phase.BETTING and state.seat_to_act == 2  # the opener
    state, _ = play(state, "2 check", "4 check")
    assert state.seat_to_act == 1


def test_R37_1_a_folded_opener_is_followed_by_the_next_player_still_in_on_their_left() -> None:
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    state, _ = play(state, "1 pass", "2 open 40", "3 call", "4 raise 160", "1 fold", "2 fold")
    state, _ = play(state, "3 call")
    state, _ = play(state, "3 draw 0", "4 draw 0")
    assert state.seat_to_act == 3  # the opener, seat 2, folded: seat 3 on their left


def test_R37_1_with_the_option_off_the_first_left_of_the_mazziere_speaks_first() -> None:
    state, _ = start_hand(italiana(opener_first=False), deck=deck_for(*R34_HANDS))
    state, _ = play(state, "1 pass", "2 open 40", "3 fold", "4 call", "1 call")
    state, _ = play(state, "1 draw 0", "2 draw 0", "4 draw 0")
    assert state.seat_to_act == 1


def test_R37_3_worked_example_everyone_says_parola_and_160_go_to_the_next_hand() -> None:
    state, _ = r34_opened()
    state, _ = play(state, "1 draw 0", "2 draw 0", "4 draw 0")
    state, events = play(state, "2 check", "4 check", "1 check")
    assert state.is_finished and state.carried == 160
    assert of(events, PotCarried) == [PotCarried(160, "parola")]
    assert not of(events, HandShown) + of(events, PotAwarded) + of(events, HandMucked)
    assert of(events, OpeningShown) == [OpeningShown(2, parse_cards("Qc Qd"))]  # R39.2
    assert state.stacks == (950, 950, 990, 950) and state.total_chips == 4000


def test_R37_3_with_the_piatto_di_parola_off_the_checked_hands_show_down() -> None:
    state, _ = start_hand(italiana(piatto_di_parola=False), deck=deck_for(*R34_HANDS))
    state, _ = play(state, "1 pass", "2 open 40", "3 fold", "4 call", "1 call")
    state, _ = play(state, "1 draw 0", "2 draw 0", "4 draw 0")
    state, events = play(state, "2 check", "4 check", "1 check")
    while not state.is_finished:
        state, more = apply(state, Action(ActionKind.SHOW, state.seat_to_act or 0))
        events += more
    assert state.carried == 0 and of(events, PotAwarded)[0].winners == (2,)  # queens


def test_R37_3_a_bet_after_the_draw_is_no_parola() -> None:
    state, _ = r34_opened()
    state, _ = play(state, "1 draw 0", "2 draw 0", "4 draw 0")
    state, events = play(state, "2 bet 10", "4 call", "1 fold")
    assert not of(events, PotCarried) and state.carried == 0


def test_R37_3_a_player_all_in_still_in_gets_the_showdown_not_a_parola() -> None:
    state, _ = start_hand(italiana(stacks=(50, 1000, 1000, 1000)), deck=deck_for(*R34_HANDS))
    state, _ = play(state, "1 pass", "2 open 40", "3 fold", "4 call", "1 call")
    assert state.stacks[0] == 0  # seat 1 all-in for its 40 (and the invito)
    state, _ = play(state, "1 draw 0", "2 draw 0", "4 draw 0")
    state, events = play(state, "2 check", "4 check")
    assert not of(events, PotCarried)
    assert state.phase in (Phase.SHOWDOWN, Phase.FINISHED)


# ------------------------------------------------------------------------ R39: showdown


def _heads_up_showdown(first: str, second: str, **changes: Any) -> tuple[HandState, list[Event]]:
    """Seat 1 opens, seat 2 calls, both stand pat and check; then they show down."""
    config = italiana(2, piatto_di_parola=False, opening_draw="flush", **changes)
    state, events = start_hand(config, deck=deck_for(first, second))
    steps = ["1 open 20", "2 call", "1 draw 0", "2 draw 0", "1 check", "2 check"]
    state, more = play(state, *steps)
    events += more
    while not state.is_finished:
        kind = ActionKind.SHOW
        state, more = apply(state, Action(kind, state.seat_to_act or 0))
        events += more
    return state, events


def test_R39_1_R32_5_the_same_ranks_never_split_the_higher_suit_wins() -> None:
    """R32.5's worked example (on the 24 cards of two players: nine up): K♥ K♣ A♠ Q♦ 9♣
    against K♦ K♠ A♦ Q♣ 9♥: the better kings are K♥ and K♦, hearts rank above diamonds."""
    state, events = _heads_up_showdown("Kh Kc As Qd 9c", "Kd Ks Ad Qc 9h")
    awards = of(events, PotAwarded)
    assert len(awards) == 1 and awards[0].winners == (1,) and len(awards[0].shares) == 1
    assert state.stacks_by_seat() == {1: 1030, 2: 970}
    state, events = _heads_up_showdown("Kd Ks Ad Qc 9h", "Kh Kc As Qd 9c")
    assert of(events, PotAwarded)[0].winners == (2,)


def test_R32_4_the_ace_low_straight_flush_beats_the_ace_high_one_at_the_showdown() -> None:
    """R32.4's worked example, on 32 cards: A♠ 7♠ 8♠ 9♠ 10♠ (minima) against 10♥ J♥ Q♥ K♥
    A♥ (massima); with four players, two of them folding."""
    hands = ("Ah Th Jh Qh Kh", "As 7s 8s 9s Ts", "7c 8d Tc Jd Ks", "9c 9h Jc Ad 7d")
    config = italiana(piatto_di_parola=False)
    state, _ = start_hand(config, deck=deck_for(*hands))
    state, _ = play(state, "1 open 40", "2 call", "3 fold", "4 fold")
    state, events = play(state, "1 draw 0", "2 draw 0", "1 check", "2 check")
    while not state.is_finished:
        legal = legal_actions(state)
        assert legal is not None
        state, more = apply(state, Action(ActionKind.SHOW, legal.seat))
        events += more
    assert of(events, PotAwarded)[0].winners == (2,)  # the minima
    assert state.stacks_by_seat()[2] == 1000 - 50 + 120  # the invito, 40, and the pot


def test_R39_1_a_hand_that_cannot_beat_one_shown_may_be_mucked() -> None:
    state, events = start_hand(italiana(2, piatto_di_parola=False, opening_draw="flush"),
                               deck=deck_for("Kh Kc As Qd 9c", "Kd Ks Ad Qc 9h"))  # fmt: skip
    state, _ = play(state, "1 open 20", "2 call", "1 draw 0", "2 draw 0", "1 check", "2 check")
    # seat 1 shows first (R11.2: nobody bet), its kings of hearts beat seat 2's
    assert state.phase is Phase.SHOWDOWN and state.shown == (True, False)
    assert state.seat_to_act == 2
    legal = legal_actions(state)
    assert legal is not None and legal.kinds == (ActionKind.SHOW, ActionKind.MUCK)
    state, events = play(state, "2 muck")
    assert state.stacks_by_seat() == {1: 1030, 2: 970}


def test_R32_2_colore_beats_full_on_32_cards_the_full_wins_with_the_whole_deck() -> None:
    flush, full = parse_cards("7h 8h 9h Jh Kh"), parse_cards("As Ad Ac Kd Ks")
    assert rules(Game.ITALIANA, 4).winner([full, flush]) == [1]  # type: ignore[misc]
    assert rules(Game.ITALIANA, 9).winner([full, flush]) == [0]  # type: ignore[misc]
    assert rules(Game.ITALIANA, 4).evaluate(flush, ()).name.startswith("Flush")


def test_R36_4_R39_2_worked_example_the_opening_broken_and_folded_is_shown_at_the_end() -> None:
    """Seat 2 opened with Q♣ Q♦, threw both to draw to a flush (keeping 7♥ 9♥ A♥), missed
    and folded after the draw; seat 4 wins. The end of the hand shows Q♣ Q♦."""
    state, _ = r34_opened()
    state, _ = play(state, "1 draw 0", "2 draw 3", "4 draw 0")
    assert cards_str(state.holes[1][:2]) != "Qc Qd"
    state, events = play(state, "2 check", "4 bet 40", "1 fold", "2 fold")
    assert of(events, PotAwarded)[0].winners == (4,)
    shown = of(events, OpeningShown)
    assert shown == [OpeningShown(2, parse_cards("Qc Qd"))] and not shown[0].secret
    assert events[-2] == shown[0] and events[-1].type == "hand_finished"


def test_R39_2_the_opening_shown_is_public_json() -> None:
    state, events = r34_opened()
    state, events = play(state, "1 draw 0", "2 draw 0", "4 draw 0", "2 check", "4 check", "1 check")
    data = of(events, OpeningShown)[0].to_json()
    assert data == {"type": "opening_shown", "seat": 2, "cards": list(parse_cards("Qc Qd"))}


# ----------------------------------------------------------------------------- the state


def test_the_state_round_trips_with_the_opener_and_the_carried_pot() -> None:
    state, _ = r34_opened()
    data = json.loads(json.dumps(state.to_json()))
    assert data["opener"] == 1 and data["carried"] == 0
    assert data["config"]["opening_pair"] == "J" and data["config"]["max_draw"] is None
    assert HandState.from_json(data) == state
    holdem, _ = start_hand(HandConfig(seats=(1, 2), stacks=(9, 9), button=1, small_blind=1,
                                      big_blind=2), seed=bytes(32))  # fmt: skip
    assert "opener" not in holdem.to_json() and "carried" not in holdem.to_json()["config"]


def test_R14_a_player_out_of_time_passes_before_the_opening() -> None:
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    assert default_action(state) == Action(ActionKind.PASS, 1)
    state = act(state, ActionKind.PASS)
    assert default_action(state) == Action(ActionKind.PASS, 2)


def test_open_and_pass_are_refused_outside_the_opening_and_in_other_games() -> None:
    state, _ = r34_opened()
    with pytest.raises(EngineError) as refused:
        apply(state, Action(ActionKind.PASS, 1))
    assert refused.value.code == ErrorCode.WRONG_PHASE
    state, _ = start_hand(italiana(), deck=deck_for(*R34_HANDS))
    state, _ = play(state, "1 pass", "2 open 40")
    with pytest.raises(EngineError):
        apply(state, Action(ActionKind.OPEN, 3, 40))
    with pytest.raises(EngineError):
        apply(state, Action(ActionKind.PASS, 3))
    holdem, _ = start_hand(HandConfig(seats=(1, 2), stacks=(9, 9), button=1, small_blind=1,
                                      big_blind=2), seed=bytes(32))  # fmt: skip
    for kind in (ActionKind.OPEN, ActionKind.PASS):
        with pytest.raises(EngineError):
            apply(holdem, Action(kind, 1, 4 if kind is ActionKind.OPEN else None))


# ------------------------------------------------------------------ random hands, chained


def _random_action(rng: random.Random, state: HandState) -> Action:
    legal = legal_actions(state)
    assert legal is not None
    seat = legal.seat
    kinds = list(legal.kinds)
    if ActionKind.OPEN in kinds and rng.random() < 0.8:
        kind = ActionKind.OPEN
    elif ActionKind.FOLD in kinds and rng.random() < 0.2:
        kind = ActionKind.FOLD
    elif ActionKind.CHECK in kinds and rng.random() < 0.7:
        kind = ActionKind.CHECK
    else:
        kind = rng.choice(kinds)
    if kind is ActionKind.DRAW:
        most = legal.max_draw or 5
        mask = rng.choice([m for m in range(32) if m.bit_count() <= most])
        return Action(kind, seat, mask)
    if kind in (ActionKind.OPEN, ActionKind.BET, ActionKind.RAISE):
        assert legal.min_to is not None and legal.max_to is not None
        return Action(kind, seat, rng.choice([legal.min_to, legal.max_to,
                                              rng.randint(legal.min_to, legal.max_to)]))  # fmt: skip
    return Action(kind, seat)


def _check_state(state: HandState, chips: int) -> None:
    assert state.total_chips == chips  # R7.5, R35.3: the carried pot counted
    live = [c for p, hole in enumerate(state.holes) if not state.folded[p] for c in hole]
    places = [*live, *state.pile, *state.deck[state.dealt :]]  # every card in one place
    assert sorted(places) == sorted(rules(Game.ITALIANA, len(state.seats)).deck)
    assert len(set(live)) == len(live)
    assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_random_chained_hands_keep_every_invariant_and_the_carried_pot_conserved() -> None:
    """Three thousand hands at tables of 2 to 9 that play on: each hand's carried pot
    goes into the next (R35.3), the deal moves left (R33.3), the requirement rises after
    hands nobody opened as the table would set it (R35.2), a busted player leaves. Every
    state: chips conserved with the carried pot, every card in exactly one place, a
    JSON round trip; every action legal_actions offers (one of them, sized anywhere in
    its range) is accepted by apply, and a HandInPlay moves the same."""
    rng = random.Random(3139)
    hands = carried_hands = opened = showdowns = parola = reshuffled = 0
    while hands < 3000:
        n = rng.randint(2, 9)
        seats = tuple(sorted(rng.sample(range(1, 10), n)))
        stacks = {seat: rng.choice([15, 60, 400, 2000]) for seat in seats}
        carried, misses, button = 0, 0, rng.choice(seats)
        options = {
            "structure": rng.choice(list(Structure)),
            "dealer_ante": rng.choice([0, 0, 5]),
            "opening_draw": rng.choice(
                ["open_ended", "open_ended", "straight_flush", "flush", "none"]
            ),  # fmt: skip
            "max_draw": rng.choice([None, None, 5]),
            "piatto_di_parola": rng.random() < 0.8,
            "opener_first": rng.random() < 0.8,
            "explicit_showdown": rng.random() < 0.2,
            "show_all_called": rng.random() < 0.1,
            "rake_bps": rng.choice([0, 0, 500]),
        }
        for _ in range(rng.randint(1, 12)):
            players = tuple(seat for seat in seats if stacks[seat] > 0)
            if len(players) < 2:
                break
            if button not in players:
                button = players[0]
            chips = sum(stacks[seat] for seat in players) + carried
            config = HandConfig(
                seats=players, stacks=tuple(stacks[seat] for seat in players), button=button,
                small_blind=0, big_blind=10, ante=10, game=Game.ITALIANA, carried=carried,
                opening_pair="JQK"[min(misses, 2)], **options,  # type: ignore[arg-type]
            )  # fmt: skip
            state, _ = start_hand(config, seed=rng.randbytes(32))
            in_play = HandInPlay(state)
            _check_state(state, chips)
            for _ in range(300):
                if state.is_finished:
                    break
                action = _random_action(rng, state)
                state, events = apply(state, action)
                in_play.apply(action)
                assert in_play.state == state
                _check_state(state, chips)
                reshuffled += any(isinstance(e, DeckReshuffled) for e in events)
                showdowns += any(isinstance(e, HandShown) for e in events)
            assert state.is_finished and legal_actions(state) is None
            hands += 1
            opened += state.opener is not None
            carried_hands += state.carried > 0
            parola += state.carried > 0 and state.opener is not None
            if state.opener is None:
                assert state.carried > 0  # R35.1: nobody opened, nothing won
            for seat, stack in state.stacks_by_seat().items():
                stacks[seat] = stack
            misses = misses + 1 if state.opener is None else 0
            carried = state.carried
            assert sum(stacks[seat] for seat in players) + carried + state.rake == chips
            later = [seat for seat in players if seat > button]
            button = later[0] if later else players[0]  # R33.3: the deal moves left
    assert opened > 1000 and carried_hands > 300 and parola > 50
    assert showdowns > 300 and reshuffled > 10
