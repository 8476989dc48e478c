"""One hand from the blinds to the last street: positions, forced bets, order of action,
streets, folds and all-in runouts (R2-R5, R8.2)."""

from __future__ import annotations

from engine.betting import Structure
from engine.cards import parse_cards
from engine.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    UncalledBetReturned,
)
from engine.state import Phase, Street
from tests.engine.hand_helpers import Table


def blinds(t: Table) -> list[tuple[int, str, int, bool]]:
    return [(e.seat, e.blind, e.amount, e.all_in) for e in t.of_type(BlindPosted)]


# ---------------------------------------------------------------- positions and blinds


def test_small_blind_is_left_of_the_button_and_big_blind_next() -> None:
    """R2.3: seats 3 (button), 5 (SB), 8 (BB), 1 (first to act)."""
    t = Table.start(seats=(1, 3, 5, 8), stacks=(100, 100, 100, 100), button=3)
    assert blinds(t) == [(5, "small_blind", 1, False), (8, "big_blind", 2, False)]
    assert t.legal.seat == 1


def test_heads_up_button_posts_small_blind_and_acts_first_preflop() -> None:
    """R2.4: heads-up the button posts the small blind and acts first before the flop."""
    t = Table.start(seats=(4, 9), stacks=(100, 100), button=9)
    assert blinds(t) == [(9, "small_blind", 1, False), (4, "big_blind", 2, False)]
    assert t.legal.seat == 9


def test_heads_up_button_acts_last_after_the_flop() -> None:
    """R2.4: ... and last on every later street."""
    t = Table.start(seats=(4, 9), stacks=(100, 100), button=9)
    t.play("9 call, 4 check")
    assert t.state.street is Street.FLOP
    assert t.legal.seat == 4
    t.act(4, "check")
    assert t.legal.seat == 9


def test_heads_up_with_equal_blinds_the_button_still_acts_first() -> None:
    """R2.4 holds even when the small blind equals the big blind (PokerKit would start
    with the big blind here)."""
    t = Table.start(seats=(1, 2), stacks=(100, 100), button=2, small_blind=2, big_blind=2)
    legal = t.legal
    assert legal.seat == 2 and legal.kinds == ("check", "raise", "all_in")


def test_big_blind_has_the_option_when_nobody_raised() -> None:
    """R5.1: the big blind acts last preflop and may raise when everyone just called."""
    t = Table.start(stacks=(100, 100, 100))
    t.play("3 call, 1 call")
    legal = t.legal
    assert legal.seat == 2 and legal.kinds == ("check", "raise", "all_in")


def test_short_small_blind_posts_everything_and_is_all_in() -> None:
    """R2.5: a player who cannot cover a blind posts all they have."""
    t = Table.start(stacks=(1, 100, 100), small_blind=5, big_blind=10)
    assert blinds(t)[0] == (1, "small_blind", 1, True)
    assert 1 not in [t.legal.seat]


def test_short_big_blind_posts_everything_and_others_call_what_is_in() -> None:
    """R2.5 (as PokerKit): the amount to call is the largest bet actually posted."""
    t = Table.start(stacks=(100, 3, 100), small_blind=5, big_blind=10)
    assert blinds(t) == [(1, "small_blind", 5, False), (2, "big_blind", 3, True)]
    legal = t.legal
    assert legal.seat == 3 and legal.call_amount == 5 and legal.min_to == 15


def test_first_to_act_after_the_flop_is_the_first_player_still_in_left_of_the_button() -> None:
    """R5.2."""
    t = Table.start(stacks=(100, 100, 100, 100))
    t.play("3 call, 4 call, 1 fold, 2 check")
    assert t.state.street is Street.FLOP
    assert t.legal.seat == 2


# ---------------------------------------------------------------- antes and straddle


def test_antes_are_dead_money_posted_by_everyone() -> None:
    """R3.1: every player antes; antes do not count toward the bet in the round."""
    t = Table.start(stacks=(100, 100, 100), ante=5)
    antes = [(e.seat, e.amount) for e in t.of_type(AntePosted)]
    assert antes == [(1, 5), (2, 5), (3, 5)]
    assert t.state.pot_total == 18
    legal = t.legal
    assert legal.call_amount == 2 and legal.min_to == 4


def test_ante_larger_than_every_other_ante_is_partly_returned() -> None:
    """R2.5, R8.2 (as PokerKit's ante trimming): two players ante 2 and 3 all-in; the third
    ante of 5 is called only up to 3."""
    t = Table.start(stacks=(2, 3, 100), ante=5)
    returned = [(e.seat, e.amount) for e in t.of_type(UncalledBetReturned)]
    assert returned == [(3, 2)]
    assert t.state.is_finished  # nobody can bet: the board runs out (R5.5)


def test_big_blind_ante_is_posted_by_the_big_blind_for_the_table() -> None:
    """R3.2: dead money, in addition to the big blind."""
    t = Table.start(stacks=(100, 100, 100), big_blind_ante=2)
    antes = [(e.seat, e.amount, e.big_blind_ante) for e in t.of_type(AntePosted)]
    assert antes == [(2, 2, True)]
    assert t.state.stacks_by_seat()[2] == 96
    assert t.state.dead == 2
    assert t.legal.call_amount == 2


def test_big_blind_ante_comes_before_the_blind_for_a_short_big_blind() -> None:
    """R2.5 (as PokerKit): the ante is posted first, then the blind from what is left."""
    t = Table.start(stacks=(100, 3, 100), big_blind_ante=2)
    assert blinds(t)[1] == (2, "big_blind", 1, True)


def test_straddle_acts_last_preflop_and_has_the_option() -> None:
    """R3.3: UTG posts 2 x BB; action starts left of the straddler, who acts last and may
    raise when nobody did."""
    t = Table.start(stacks=(100, 100, 100, 100), straddle=True)
    assert blinds(t)[2] == (3, "straddle", 4, False)
    t.play("4 call, 1 call, 2 call")
    legal = t.legal
    assert legal.seat == 3 and legal.kinds == ("check", "raise", "all_in") and legal.min_to == 8


def test_straddle_is_ignored_heads_up() -> None:
    """R3.3: the straddler sits left of the big blind; heads-up that is the button, who
    already posts the small blind, so there is no straddle."""
    t = Table.start(stacks=(100, 100), straddle=True)
    assert [b[1] for b in blinds(t)] == ["small_blind", "big_blind"]


def test_live_big_blind_poster_acts_in_turn_with_the_option() -> None:
    """R2.6: a player coming in posts one big blind, live: it counts toward their call."""
    t = Table.start(seats=(1, 2, 3, 4, 5), stacks=(100,) * 5, button=5, posting=(4,))
    assert (4, "live_big_blind", 2, False) in blinds(t)
    t.act(3, "call")
    legal = t.legal
    assert legal.seat == 4 and legal.kinds == ("check", "raise", "all_in")


def test_live_big_blind_in_the_small_blind_seat_posts_a_big_blind() -> None:
    """R2.6: a player coming in on the small blind posts a full big blind, live."""
    t = Table.start(stacks=(100, 100, 100), posting=(1,))
    assert blinds(t)[0] == (1, "live_big_blind", 2, False)


# ---------------------------------------------------------------- dealing


def test_hole_cards_are_dealt_one_at_a_time_from_the_left_of_the_button() -> None:
    """R4.1: first card to seat 2 (left of the button at 1), then 3, then 1; then again."""
    t = Table.start(
        seats=(1, 2, 3), stacks=(100,) * 3, button=1, holes={2: "AhKh", 3: "2c3c", 1: "7d8d"}
    )
    assert t.state.dealt_cards()[:6] == parse_cards("Ah 2c 7d Kh 3c 8d")
    dealt = {e.seat: e.cards for e in t.of_type(HoleCardsDealt)}
    assert dealt == {2: parse_cards("AhKh"), 3: parse_cards("2c3c"), 1: parse_cards("7d8d")}


def test_a_card_is_burned_before_each_street() -> None:
    """R4.2: burn + flop, burn + turn, burn + river."""
    t = Table.start(stacks=(100, 100), button=2, board="Ah Kh Qh Jh Th")
    t.play("2 call, 1 check")
    t.check_down()
    dealt = t.state.dealt_cards()
    assert dealt[5:8] == parse_cards("Ah Kh Qh")
    assert dealt[9:10] == parse_cards("Jh") and dealt[11:12] == parse_cards("Th")
    assert len(dealt) == 12
    assert [e.street for e in t.of_type(BoardDealt)] == ["flop", "turn", "river"]


# ---------------------------------------------------------------- ends of hands


def test_everyone_folds_and_the_last_player_wins_without_showing() -> None:
    """R5.4; R8.2: the big blind's uncalled part comes back first."""
    t = Table.start(stacks=(100, 100, 100))
    t.play("3 fold, 1 fold")
    assert t.state.is_finished
    assert [(e.seat, e.amount) for e in t.of_type(UncalledBetReturned)] == [(2, 1)]
    assert [(e.winners, e.amount, e.board_index) for e in t.of_type(PotAwarded)] == [
        ((2,), 2, None)
    ]
    assert not t.of_type(HandShown)
    assert t.stacks() == {1: 99, 2: 101, 3: 100}


def test_uncalled_part_of_a_bet_is_returned_when_the_caller_is_all_in_for_less() -> None:
    """R8.2: b bets 80 into a's 30 all-in; 50 goes back to b before the showdown."""
    t = Table.start(stacks=(30, 200), button=2)
    t.act(2, "raise", 80)
    t.act(1, "all_in")
    assert [(e.seat, e.amount) for e in t.of_type(UncalledBetReturned)] == [(2, 50)]
    assert t.state.is_finished
    assert sum(t.stacks().values()) == 230


def test_all_in_runs_the_board_out_without_more_betting() -> None:
    """R5.5: when at most one player can still bet, the rest of the board is dealt."""
    t = Table.start(stacks=(50, 100, 100), holes={1: "AhAd", 2: "KhKd"}, board="2c 3d 7s 9h Jc")
    t.act(3, "fold")
    t.act(1, "all_in")
    t.act(2, "call")
    assert t.state.is_finished
    assert [e.street for e in t.of_type(BoardDealt)] == ["flop", "turn", "river"]
    assert t.stacks() == {1: 100, 2: 50, 3: 100}


def test_all_in_hands_are_shown_before_the_runout() -> None:
    """R11.1: all-in hands are turned up as soon as no more betting is possible."""
    t = Table.start(
        stacks=(50, 100), holes={1: "AhAd", 2: "KhKd"}, board="2c 3d 7s 9h Jc", button=2
    )
    t.act(2, "raise", 50)
    events = t.act(1, "call")
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("HandShown") < kinds.index("BoardDealt")
    assert kinds.count("HandNamed") == 2


def test_player_with_chips_left_alone_does_not_act_again() -> None:
    """R5.5: after a call of an all-in, the covering player does not bet alone."""
    t = Table.start(stacks=(1000, 40, 1000))
    t.act(3, "raise", 40)
    t.act(1, "fold")
    t.act(2, "call")
    assert t.state.is_finished


def test_betting_continues_between_players_with_chips_beside_an_all_in() -> None:
    """R5.3: all-in players are skipped; the others keep betting into a side pot."""
    t = Table.start(stacks=(20, 500, 500))
    t.act(3, "raise", 20)
    t.act(1, "call")  # all-in for 20
    t.act(2, "call")
    assert t.state.street is Street.FLOP and t.state.phase is Phase.BETTING
    assert t.legal.seat == 2
    t.act(2, "bet", 50)
    assert t.legal.seat == 3


def test_fixed_limit_hand_plays_to_the_river() -> None:
    """R7.3 in a whole hand: bets of 2 on the flop and 4 on the turn and river."""
    t = Table.start(stacks=(100, 100), structure=Structure.FIXED_LIMIT, button=2)
    t.play("2 call, 1 check, 1 bet 2, 2 call, 1 bet 4, 2 call, 1 check, 2 bet 4, 1 call")
    assert t.state.phase is Phase.SHOWDOWN or t.state.is_finished


def test_a_hand_whose_players_are_all_in_from_the_blinds_plays_itself_out() -> None:
    """R2.5, R5.5: nobody can bet, so the board is dealt and the pots awarded at once."""
    t = Table.start(stacks=(1, 2), button=1, holes={1: "KsQs", 2: "AhAd"}, board="2c 3d 7s 9h Jc")
    assert t.state.is_finished
    assert [e.street for e in t.of_type(BoardDealt)] == ["flop", "turn", "river"]
    assert t.stacks() == {1: 0, 2: 3}


def test_a_short_straddle_still_sets_the_minimum_raise_to_twice_the_full_straddle() -> None:
    """R3.3, R2.5: the straddler all-in for 3 of 4; the increment stays the full straddle."""
    t = Table.start(stacks=(100, 100, 3, 100), straddle=True)
    assert blinds(t)[2] == (3, "straddle", 3, True)
    legal = t.legal
    assert legal.seat == 4 and legal.call_amount == 3 and legal.min_to == 7


def test_heads_up_big_blind_ante_is_posted_by_the_big_blind() -> None:
    """R3.2 with R2.4: heads-up the big blind is the player who is not on the button."""
    t = Table.start(seats=(3, 8), stacks=(100, 100), button=8, big_blind_ante=2)
    assert [(e.seat, e.big_blind_ante) for e in t.of_type(AntePosted)] == [(3, True)]
    assert blinds(t) == [(8, "small_blind", 1, False), (3, "big_blind", 2, False)]
