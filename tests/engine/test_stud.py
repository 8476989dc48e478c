"""The stud games (R45–R47): seven-card stud, stud hi-lo and razz. The deal (two down, one
up, three more up, one down, a burn before each street, R45.2), the community card when the
deck runs short (R45.3), the bring-in and its completion (R45.4), who opens each later street
(R45.5), the bets (R45.6), the showdown (R45.7), the rake (R45.8), the split (R46) and the low
(R47). The evaluators are checked on their own in test_stud_evaluation.py, the whole games
against PokerKit in test_differential_pokerkit.py."""

from __future__ import annotations

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import cards_str
from engine.errors import EngineError, ErrorCode
from engine.events import (
    ActionTaken,
    BoardDealt,
    DownCardDealt,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    StreetStarted,
    UpCardDealt,
)
from engine.games import Game, rules
from engine.hand import apply, deal_next, start_hand
from engine.legal_actions import default_action, legal_actions
from engine.state import HandConfig, Phase
from tests.engine.hand_helpers import HOLES, Table, cards, stud

STUD = Game.SEVEN_CARD_STUD
FL = Structure.FIXED_LIMIT


# Three players; the button is seat 3, so seat 1 is dealt first (R4.1). Seat 2's 2c is the
# lowest door card. Seat 1 ends with a pair of Kings, seat 2 Queens, seat 3 three Eights.
def next_street(t: Table) -> None:
    """Bring in, check or call until this betting round is over."""
    street = t.state.street
    while t.state.phase is Phase.BETTING and t.state.street == street:
        legal = t.legal
        t.act(legal.seat, next(k for k in ("bring_in", "check", "call") if legal.allows(k)))


# --------------------------------------------------------------------------- R45.1


@pytest.mark.parametrize(
    "options",
    [
        {"structure": Structure.NO_LIMIT},
        {"structure": Structure.POT_LIMIT},
        {"small_blind": 0},  # no bring-in
        {"small_blind": 5},  # a bring-in above the small bet (4)
        {"big_blind_ante": 1},
        {"straddle": True},
        {"posting": (2,)},
        {"bomb_pot": 4},
        {"double_board": True},
        {"run_it_twice_allowed": True},
        {"seven_deuce": 5},
        {"dead_button": True, "button": 4},
    ],
)
@pytest.mark.parametrize("game", [STUD, Game.STUD_HILO, Game.RAZZ])
def test_R45_1_stud_is_fixed_limit_with_a_bring_in_and_antes_and_nothing_of_blinds_or_boards(
    game, options
) -> None:
    values = {"small_blind": 1, "big_blind": 4, "structure": FL, "button": 3, **options}
    config = HandConfig(seats=(1, 2, 3), stacks=(100, 100, 100), game=game, **values)
    with pytest.raises(EngineError) as refused:
        start_hand(config)
    assert refused.value.code == ErrorCode.INVALID_CONFIG
    assert "R45.1" in refused.value.message or "R2" in refused.value.message


def test_R45_1_the_small_blind_is_the_bring_in_and_the_big_blind_the_small_bet() -> None:
    t = stud(small_blind=2, big_blind=4)  # a bring-in as large as the small bet is allowed
    assert t.legal.bring_in == 2
    assert t.of_type(ActionTaken) == []  # no blind is posted: the bring-in is a decision


def test_R45_3_a_stud_table_seats_eight() -> None:
    assert {rules(g).max_players for g in (STUD, Game.STUD_HILO, Game.RAZZ)} == {8}
    config = HandConfig(
        seats=tuple(range(1, 10)), stacks=(100,) * 9, button=9, small_blind=1, big_blind=4,
        structure=FL, game=STUD,
    )  # fmt: skip
    with pytest.raises(EngineError) as refused:
        start_hand(config)
    assert refused.value.code == ErrorCode.INVALID_CONFIG


# --------------------------------------------------------------------------- R45.2


def test_R45_2_third_street_deals_two_down_and_the_door_card_up_one_at_a_time() -> None:
    t = stud()
    assert [cards_str(hole) for hole in t.state.holes] == ["Ah Kd 4c", "Qs Qh 2c", "8s 8d 5s"]
    assert t.state.deck[:9] == cards("Ah Qs 8s Kd Qh 8d 4c 2c 5s")  # a round a card (R4.1)
    for p, door in enumerate(cards("4c 2c 5s")):  # everyone sees the door cards, nothing else
        assert t.state.public_holes(p) == (None, None, door)
    secret = t.of_type(HoleCardsDealt)
    assert all(event.secret for event in secret) and len(secret) == 3
    public = t.of_type(UpCardDealt)
    assert [(e.seat, e.card, e.street) for e in public] == [
        (1, cards("4c")[0], "third_street"),
        (2, cards("2c")[0], "third_street"),
        (3, cards("5s")[0], "third_street"),
    ]
    assert not any(event.secret for event in public)


def test_R45_2_fourth_to_sixth_street_come_up_seventh_down_each_after_one_burn() -> None:
    t = stud()
    next_street(t)  # third street: the bring-in, two calls
    dealt = t.state.dealt
    assert dealt == 9 + 1 + 3  # the burn, then a card each
    assert t.of_type(StreetStarted)[-1].street == "fourth_street"
    for street in ("fifth_street", "sixth_street", "seventh_street"):
        next_street(t)
        assert t.state.dealt == dealt + 4
        dealt = t.state.dealt
        assert t.of_type(StreetStarted)[-1].street == street
    seventh = t.of_type(DownCardDealt)
    assert [e.seat for e in seventh] == [1, 2, 3] and all(e.secret for e in seventh)
    assert t.state.public_holes(0) == (None, None, *cards("4c Ks 9d 2h"), None)
    assert len(t.of_type(UpCardDealt)) == 3 * 4


def test_R45_2_only_players_still_in_are_dealt_and_a_folded_players_up_cards_stay_public() -> None:
    holes = {1: "Ah Kd 4c", 2: "Qs Qh 2c Jd 6h 3s Tc", 3: "8s 8d 5s 7h 8h Js 3d"}
    t = stud(holes)
    t.play("2 bring_in, 3 call, 1 fold")
    assert t.state.holes[0] == cards("Ah Kd 4c")  # no fourth-street card for seat 1
    assert t.state.public_holes(0) == (None, None, cards("4c")[0])  # as seen (PokerStars)
    t.play_out()
    assert t.state.public_holes(0) == (None, None, cards("4c")[0])  # never the down cards
    assert len(t.state.holes[1]) == len(t.state.holes[2]) == 7


# --------------------------------------------------------------------------- R45.3


def test_R45_3_eight_players_at_seventh_street_share_the_decks_last_card_face_up() -> None:
    """8 x 3 + 3 x (1 + 8) = 51 cards before seventh street: the last card is every player's
    seventh, in the middle, with no burn."""
    deck = cards_str(range(52)).split()
    holes = {seat: " ".join(deck[6 * seat - 6 : 6 * seat]) for seat in range(1, 9)}
    last = cards("Ac")[0]  # the 49th card named; the other three are the burns
    t = stud(holes, board="Ac")
    t.play_out()
    assert t.state.board == (last,) and t.state.dealt == 52
    assert t.of_type(BoardDealt)[0].street == "seventh_street"
    assert all(len(hole) == 6 for hole in t.state.holes)
    shown = t.of_type(HandShown)
    assert shown and all(event.names for event in shown)  # six cards and the seventh, named


def test_R45_3_seven_players_at_seventh_street_share_one_card_after_a_burn() -> None:
    """7 x 3 + 3 x (1 + 7) = 45 cards: seven are left, not enough for a burn and seven more;
    one burn, then the community card."""
    deck = cards_str(range(52)).split()
    holes = {seat: " ".join(deck[6 * seat - 6 : 6 * seat]) for seat in range(1, 8)}
    t = stud(holes, board="Ac")
    t.play_out()
    assert t.state.board == cards("Ac") and t.state.dealt == 47
    assert t.state.deck[46] == cards("Ac")[0]


# --------------------------------------------------------------------------- R45.4


def test_R45_4_the_lowest_door_card_brings_in_the_ace_high_a_tie_to_the_lowest_suit() -> None:
    assert stud().legal.seat == 2  # 4c, 2c, 5s: the deuce
    aces = {1: "Kd Qd Ac", 2: "Kh Qh Ad", 3: "Ks Qs Kc"}  # the ace is high: the King
    assert stud(aces).legal.seat == 3
    for game in (STUD, Game.STUD_HILO):
        deuces = {1: "Kd Qd 2h", 2: "Kh Qh 2d", 3: "Ks Qs 2s"}  # clubs < diamonds < hearts
        assert stud(deuces, game).legal.seat == 2


def test_R47_1_in_razz_the_highest_door_card_brings_in_the_ace_low_a_tie_to_spades() -> None:
    t = stud({1: "2d 3d Kc", 2: "2h 3h Ks", 3: "4s 5s Ah"}, Game.RAZZ)
    assert t.legal.seat == 2  # the King of spades over the King of clubs; the ace is low
    t = stud({1: "2d 3d Qc", 2: "2h 3h Jh", 3: "4s 5s Ah"}, Game.RAZZ)
    assert t.legal.seat == 1


def test_R45_4_the_bring_in_player_brings_in_or_completes_and_may_not_fold_or_check() -> None:
    t = stud()
    legal = t.legal
    assert legal.seat == 2 and legal.bring_in == 1
    assert legal.kinds == (ActionKind.BRING_IN, ActionKind.BET)
    assert (legal.min_to, legal.max_to) == (4, 4)  # the completion: the small bet
    for kind, code in (
        ("fold", ErrorCode.CANNOT_FOLD),
        ("check", ErrorCode.CANNOT_CHECK),
        ("call", ErrorCode.CANNOT_CALL),
    ):
        with pytest.raises(EngineError) as refused:
            t.act(2, kind)
        assert refused.value.code == code
    with pytest.raises(EngineError) as refused:
        t.act(2, "bet", 8)
    assert refused.value.code == ErrorCode.AMOUNT_OUT_OF_RANGE
    with pytest.raises(EngineError) as refused:
        t.act(2, "bring_in", 2)
    assert refused.value.code == ErrorCode.AMOUNT_OUT_OF_RANGE
    t.act(2, "bring_in", 1)
    assert t.state.bets == (0, 1, 0)


def test_R45_4_after_the_bring_in_the_others_fold_call_it_or_complete_to_the_small_bet() -> None:
    t = stud()
    t.act(2, "bring_in")
    legal = t.legal
    assert legal.seat == 3 and legal.bring_in is None
    assert legal.kinds == (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE)
    assert legal.call_amount == 1 and (legal.min_to, legal.max_to) == (4, 4)
    with pytest.raises(EngineError) as refused:
        t.act(3, "bring_in")
    assert refused.value.code == ErrorCode.CANNOT_BRING_IN


def test_R45_4_a_completion_reopens_the_betting_and_counts_as_the_rounds_bet() -> None:
    """R7.3: the completion and three raises: 4, 8, 12, 16; then only calls."""
    t = stud()
    t.play("2 bring_in, 3 raise 4, 1 call")
    assert t.legal.seat == 2 and t.legal.allows("raise")  # the bring-in player may raise
    assert (t.legal.min_to, t.legal.call_amount) == (8, 3)
    t.play("2 raise 8, 3 raise 12, 1 raise 16")
    assert t.legal.seat == 2 and not t.legal.allows("raise")  # four bets: capped
    t.play("2 call, 3 call")
    assert t.state.street == 1 and t.state.pot_total == 48


def test_R45_4_when_everyone_calls_the_bring_in_the_round_ends_without_an_option() -> None:
    t = stud()
    t.play("2 bring_in, 3 call, 1 call")
    assert t.state.street == 1 and t.state.pot_total == 3  # no option for the bring-in


def test_R45_4_the_bring_in_player_may_complete_at_once() -> None:
    t = stud()
    t.act(2, "bet", 4)
    assert t.legal.seat == 3 and (t.legal.call_amount, t.legal.min_to) == (4, 8)


def test_R45_4_a_player_who_cannot_cover_the_bring_in_posts_all_they_have() -> None:
    t = stud(small_blind=2, ante=1, stacks=(100, 2, 100))
    legal = t.legal
    assert legal.seat == 2 and legal.bring_in == 1  # one chip left after the ante
    assert legal.kinds == (ActionKind.BRING_IN, ActionKind.ALL_IN)
    t.act(2, "all_in")
    assert t.state.bets == (0, 1, 0) and t.state.stacks[1] == 0
    assert t.legal.call_amount == 1 and t.legal.min_to == 4  # a call of 1, or the completion


def test_R45_4_a_bring_in_player_all_in_from_the_ante_passes_it_to_the_next_player() -> None:
    t = stud(ante=1, stacks=(100, 1, 100))
    assert t.legal.seat == 3 and t.legal.bring_in == 1  # seat 2's deuce is all in


def test_R45_4_a_short_all_in_completion_does_not_reopen_the_betting() -> None:
    """R7.4: seat 3 completes all in for 3 of the 4: seat 1, yet to act, may raise to
    3 + 4; seat 2, who brought in, may only call."""
    t = stud(stacks=(100, 100, 3))
    t.play("2 bring_in, 3 all_in")
    assert t.state.bets == (0, 1, 3)
    assert t.legal.seat == 1 and (t.legal.min_to, t.legal.max_to) == (7, 7)
    t.act(1, "call")
    assert t.legal.seat == 2 and not t.legal.allows("raise")


def test_R45_4_a_bring_in_of_the_whole_small_bet_is_the_rounds_bet() -> None:
    t = stud(small_blind=4)
    assert t.legal.kinds == (ActionKind.BRING_IN,)  # completing would be the same
    t.act(2, "bring_in")
    assert t.state.bets_made == 1 and t.legal.min_to == 8


def test_R14_a_bring_in_player_out_of_time_brings_in() -> None:
    t = stud()
    assert default_action(t.state) == Action(ActionKind.BRING_IN, 2)


# --------------------------------------------------------------------------- R45.5, R45.6


def test_R45_5_from_fourth_street_the_best_showing_hand_acts_first() -> None:
    t = stud()
    t.play("2 bring_in, 3 call, 1 call")
    assert t.legal.seat == 1  # 4c Ks: King high over Jack and Seven high
    holes = {**HOLES, 3: "8s 8d 5s 5d 8h Js 3d"}
    t = stud(holes)
    t.play("2 bring_in, 3 call, 1 call")
    assert t.legal.seat == 3  # an open pair of Fives beats King high


def test_R45_5_equal_showing_hands_go_to_the_lower_position() -> None:
    holes = {**HOLES, 3: "8s 8d 4d Kh 8h Js 3d"}  # 4d Kh as seat 1's 4c Ks
    t = stud(holes)
    t.play("2 bring_in, 3 call, 1 call")
    assert t.legal.seat == 1  # nearest the button's left


def test_R47_1_in_razz_the_lowest_showing_hand_acts_first_a_pair_is_bad() -> None:
    holes = {1: "Kd Qd 3c 2h", 2: "Kh Qh 6c 5d", 3: "Js Qs Jc 2c"}
    t = stud(holes, Game.RAZZ)
    assert t.legal.seat == 3  # the Jack brings in (razz)
    t.play("3 bring_in, 1 call, 2 call")
    assert t.legal.seat == 1  # 3-2 is lower than 6-5; Jack-deuce is worse than both
    holes = {1: "Kd Qd 3c 3h", 2: "Kh Qh Tc Qc", 3: "Js Qs Jc Kc"}
    t = stud(holes, Game.RAZZ)
    t.play("3 bring_in, 1 call, 2 call")
    assert t.legal.seat == 2  # Queen-Ten: lower than King-Jack; a pair of Threes is worse


def test_R45_5_when_the_best_showing_hand_is_all_in_the_next_player_opens() -> None:
    holes = {**HOLES, 3: "8s 8d 5s 5d 8h Js 3d"}
    t = stud(holes, stacks=(100, 100, 1))
    t.play("2 bring_in, 3 call, 1 call")  # seat 3 is all in, with the open pair
    assert t.legal.seat == 1


def test_R45_6_the_small_bet_on_third_and_fourth_street_the_big_bet_from_fifth() -> None:
    """No double bet on fourth street with an open pair: the small bet stays (R45.6)."""
    holes = {**HOLES, 3: "8s 8d 5s 5d 8h Js 3d"}
    t = stud(holes)
    t.play("2 bring_in, 3 call, 1 call")
    assert t.legal.min_to == 4
    next_street(t)
    assert t.legal.min_to == 8  # fifth street
    next_street(t)
    assert t.legal.min_to == 8


# --------------------------------------------------------------------------- R45.7, R45.8


def test_R45_7_the_best_five_of_seven_wins_and_is_named() -> None:
    t = stud({**HOLES, 2: "Qs Qh 2c"})  # seat 2 folds on third street
    t.play("2 bring_in, 3 raise 4, 1 call, 2 fold")
    t.play_out()
    names = {e.seat: e.names for e in t.of_type(HandShown)}
    assert names[3] == ("Three of a kind, Eights",)
    assert names[1] == ("Pair of Kings",) or 1 not in names  # (a loser may muck, R11.3)
    assert t.stacks() == {1: 96, 2: 99, 3: 105}


def test_R45_7_with_no_seventh_street_bet_the_first_player_left_of_the_button_shows() -> None:
    t = stud(explicit_showdown=True)
    t.check_down()
    assert t.state.phase is Phase.SHOWDOWN
    assert t.legal.waiting == (1, 2, 3)  # R11.2: seat 1, not the best showing hand


def test_R45_7_an_all_in_is_dealt_out_street_by_street_and_nobody_mucks_before_the_end() -> None:
    holes = {**HOLES, 2: "Qs Qh 2c Jd 6h"}  # seat 2 folds on fifth street
    t = stud(holes, stacks=(100, 100, 1), explicit_showdown=True)
    t.play("2 bring_in, 3 call, 1 call")  # seat 3 all in; seats 1 and 2 check it down
    next_street(t)
    t.act(1, "bet", 8)
    t.act(2, "fold")
    assert t.state.phase is Phase.SHOWDOWN and t.state.street == 2
    with pytest.raises(EngineError) as refused:
        t.act(1, "muck")
    assert refused.value.code == ErrorCode.CANNOT_MUCK
    t.act(1, "show")
    t.act(3, "show")
    assert t.state.is_finished and len(t.state.holes[2]) == 7
    assert t.state.holes[2] == cards(HOLES[3])
    assert t.stacks()[3] == 3  # three Eights take the main pot of 3


def test_R45_7_a_paced_stud_runout_deals_a_street_at_a_time() -> None:
    config = HandConfig(
        seats=(1, 2), stacks=(5, 100), button=2, small_blind=1, big_blind=4, structure=FL,
        game=STUD, paced_runout=True,
    )  # fmt: skip
    state, _ = start_hand(config, seed=bytes(32))
    while state.phase is Phase.BETTING:
        legal = legal_actions(state)
        assert legal is not None
        kind = ActionKind.ALL_IN if legal.allows("all_in") else ActionKind.BRING_IN
        if not legal.allows(kind):
            kind = ActionKind.CALL if legal.allows("call") else ActionKind.RAISE
        state, _ = apply(state, Action(kind, legal.seat, legal.min_to if kind == "raise" else None))
    streets = 0
    while state.phase is Phase.RUNOUT:
        state, events = deal_next(state)
        streets += 1
        assert any(isinstance(e, UpCardDealt | DownCardDealt) for e in events)
    assert state.is_finished and streets >= 1 and all(len(h) == 7 for h in state.holes)


def test_R45_8_no_fourth_street_no_drop() -> None:
    t = stud(rake_bps=1000, ante=10)
    t.play("2 bring_in, 3 raise 4, 1 fold, 2 fold")
    assert t.state.rake == 0  # 31 chips, but the pot never saw fourth street
    t = stud(rake_bps=1000, ante=10)
    t.play("2 bring_in, 3 call, 1 call, 1 bet 4, 2 fold, 3 fold")
    assert t.state.rake == 3  # 33 chips at 10 %: it saw fourth street


# --------------------------------------------------------------------------- R46, R47


def test_R46_the_pot_splits_between_the_best_high_and_the_best_low_of_any_five() -> None:
    """Worked example of R46: seat 1's 8-5-3-2-A low takes half, seat 2's three Queens the
    other; the odd chip goes to the high half (R19.3)."""
    holes = {
        1: "Ah 2d 3c 8s Kd 5h Kc",  # a pair of Kings, and 8-5-3-2-A
        2: "Qs Qh 9c Qd Jd 4s 2c",  # three Queens, no low (9, Q, J)
        3: "Ts Td Th",  # folds on third street
    }
    t = stud(holes, Game.STUD_HILO)
    t.play("1 bring_in, 2 call, 3 fold")  # 3c is the lowest door card
    t.play_out()
    halves = {(e.half, e.winners) for e in t.of_type(PotAwarded)}
    assert halves == {("high", (2,)), ("low", (1,))}
    assert t.stacks() == {1: 100, 2: 100, 3: 100}
    names = {e.seat: e.names for e in t.of_type(HandShown)}
    assert names[1] == ("Pair of Kings / 8-5-3-2-A low",)


def test_R46_an_odd_chip_goes_to_the_high_half_and_no_low_gives_the_high_the_pot() -> None:
    holes = {1: "Ah 2d 3c 8s Kd 5h Kc", 2: "Qs Qh 9c Qd Jd 4s 2c", 3: "Ts Td Th 2s"}
    t = stud(holes, Game.STUD_HILO)
    t.play("1 bring_in, 2 call, 3 call")
    t.play("2 bet 4, 3 fold, 1 call")  # fourth street: seat 2's Queen-Nine opens
    assert t.state.pot_total == 11
    t.play_out()
    assert t.stacks() == {1: 100, 2: 101, 3: 99}  # 6 to the high, 5 to the low
    no_low = {1: "Ah Kd 3c 8s Kh 9h Kc", 2: "Qs Qh 9c Qd Jd 4s 2c"}
    t = stud(no_low, Game.STUD_HILO, seats=(1, 2), button=2)
    t.play("1 bring_in, 2 call")
    t.play_out()
    assert t.stacks() == {1: 101, 2: 99}  # three Kings, and nobody has a low


def test_R46_a_side_pot_with_no_low_among_its_players_goes_to_its_high() -> None:
    """Seat 1, all in for 4, holds the only low; seats 2 and 3 bet a side pot: the main pot
    of 12 splits 6 to seat 2's high and 6 to seat 1's low, the side pot of 8 has no low among
    its players and goes to seat 2 whole (PokerKit halves it: Differences from PokerKit)."""
    holes = {
        1: "Ah 2d 3c 8s Kd 5h 7c",  # 7-5-3-2-A, Ace high
        2: "Qs Qh 9c Qd Jd 4s Tc",  # three Queens
        3: "Js Jh Td 9s 9h Ks Kh",  # two pair
    }
    t = stud(holes, Game.STUD_HILO, stacks=(4, 100, 100))
    t.play("1 bring_in, 2 raise 4, 3 call, 1 call")
    t.act(2, "bet", 4)  # fourth street: seat 2's open Queen-Jack first
    t.act(3, "call")
    t.play_out()
    assert t.stacks() == {1: 6, 2: 106, 3: 92}


def test_R47_razz_is_won_by_the_lowest_hand_pairs_count_straights_and_flushes_do_not() -> None:
    """Worked example of R47: seat 1's 7-6-5-4-3 (a straight flush in hearts, which does not
    count) beats seat 2's 8-4-3-2-A, the Seven below the Eight; seat 3's four Nines play as
    a pair at best."""
    holes = {
        1: "3h 4h 5h 6h 7h Kd Kc",  # 7-6-5-4-3, all hearts
        2: "Ad 2d 3d 4d 8c Qd Qh",  # 8-4-3-2-A
        3: "9s 9h 9d 9c Ts Js Qs",  # Q-J-T-9-9 at best: a pair
    }
    t = stud(holes, Game.RAZZ)
    t.play_out()
    names = {e.seat: e.names for e in t.of_type(HandShown)}
    assert names[1] == ("7-6-5-4-3 low",)
    assert t.stacks() == {1: 102, 2: 99, 3: 99}
    assert names.get(3, ("Pair of Nines",)) == ("Pair of Nines",)
