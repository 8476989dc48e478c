"""Between hands: who is dealt in, the button and the blinds, missed big blinds, sitting out,
buy-ins (R2, R16)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import BlindPosted
from engine.hand import start_hand
from engine.table import (
    BlindChoice,
    HandPlan,
    TableSeat,
    buy_in_range,
    hand_config,
    plan_hand,
    seats_after_hand,
)


def players(*numbers: int, stack: int = 100) -> list[TableSeat]:
    return [TableSeat(seat=n, stack=stack) for n in numbers]


def newcomer(seat: int, stack: int) -> TableSeat:
    """A player who newly sat down: they owe a big blind (R2.6; the service sets the flag)."""
    return TableSeat(seat=seat, stack=stack, owes_big_blind=True)


def first(seats: Sequence[int]) -> int:
    return seats[0]


def second(seats: Sequence[int]) -> int:
    return seats[1]


# ---------------------------------------------------------------- R2.1-R2.4


def test_first_hand_button_is_chosen_among_the_players_dealt_in() -> None:
    """R2.1: the choice is injected so that tests are deterministic."""
    offered: list[Sequence[int]] = []

    def choose(seats: Sequence[int]) -> int:
        offered.append(seats)
        return seats[1]

    plan = plan_hand(players(2, 5, 9), None, choose=choose)
    assert plan is not None
    assert offered == [[2, 5, 9]]
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (5, 9, 2)


def test_button_moves_clockwise_to_the_next_player_dealt_in() -> None:
    """R2.2: the button skips empty seats and players sitting out."""
    seats = players(1, 4, 6, 8)
    seats[2] = TableSeat(seat=6, stack=100, sitting_out=True)
    plan = plan_hand(seats, previous_button=4)
    assert plan is not None
    assert plan.button == 8 and plan.seats == (1, 4, 8)
    assert (plan.small_blind_seat, plan.big_blind_seat) == (1, 4)


def test_button_wraps_round_the_table() -> None:
    plan = plan_hand(players(2, 5, 9), previous_button=9)
    assert plan is not None and plan.button == 2


def test_button_moves_on_even_when_the_previous_button_left() -> None:
    """R2.2: "next" is measured from the previous button's seat."""
    plan = plan_hand(players(2, 5, 9), previous_button=3)
    assert plan is not None and plan.button == 5


def test_heads_up_the_button_posts_the_small_blind() -> None:
    """R2.4."""
    plan = plan_hand(players(3, 7), previous_button=7)
    assert plan is not None
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (3, 3, 7)


# ---------------------------------------------------------------- R16.3, R16.2


def test_a_hand_needs_two_players_with_chips_who_are_not_sitting_out() -> None:
    """R16.3."""
    seats = [TableSeat(1, 100), TableSeat(2, 0), TableSeat(3, 100, sitting_out=True)]
    assert plan_hand(seats, None, choose=first) is None
    seats.append(TableSeat(4, 50))
    assert plan_hand(seats, None, choose=first) is not None


def test_no_hand_starts_while_the_table_is_paused() -> None:
    """R16.3: unless the host has paused the table."""
    assert plan_hand(players(1, 2), None, choose=first, paused=True) is None


def test_players_sitting_out_keep_their_seat_and_chips_but_are_not_dealt_in() -> None:
    """R16.2."""
    seats = players(1, 2, 3) + [TableSeat(4, 80, sitting_out=True)]
    plan = plan_hand(seats, previous_button=1)
    assert plan is not None and 4 not in plan.seats
    after = seats_after_hand(seats, plan, {1: 100, 2: 100, 3: 100})
    assert after[3].stack == 80 and after[3].seat == 4


# ---------------------------------------------------------------- R2.6 missed blinds


def test_a_new_player_waits_for_the_big_blind_by_default() -> None:
    """R2.6: "wait for the big blind" is the table default."""
    seats = players(1, 3, 5) + [newcomer(4, 100)]
    plan = plan_hand(seats, previous_button=1)
    assert plan is not None
    assert plan.seats == (1, 3, 5) and plan.waiting == (4,)


def test_a_waiting_player_is_dealt_in_when_the_big_blind_reaches_their_seat() -> None:
    """R2.6: over three hands the big blind moves 5 -> 1 -> 4: seat 4 comes in as the BB."""
    seats: list[TableSeat] | tuple[TableSeat, ...] = players(1, 3, 5) + [newcomer(4, 100)]
    button = 1
    big_blinds = []
    for _ in range(3):
        plan = plan_hand(seats, previous_button=button)
        assert plan is not None
        big_blinds.append(plan.big_blind_seat)
        seats = seats_after_hand(seats, plan, dict(zip(plan.seats, plan.stacks, strict=True)))
        button = plan.button
    assert big_blinds == [1, 3, 4]
    assert plan is not None
    assert plan.seats == (1, 3, 4, 5) and plan.posting == ()
    assert not any(seat.owes_big_blind for seat in seats)


def test_a_new_player_who_posts_is_dealt_in_at_once_with_a_live_big_blind() -> None:
    """R2.6: post one big blind, live, to be dealt in now."""
    seats = players(1, 3, 5) + [
        TableSeat(4, 100, owes_big_blind=True, blind_choice=BlindChoice.POST)
    ]
    plan = plan_hand(seats, previous_button=3)
    assert plan is not None
    assert plan.seats == (1, 3, 4, 5) and plan.posting == (4,)
    assert (plan.button, plan.big_blind_seat) == (4, 1)
    state, events = start_hand(hand_config(plan, small_blind=1, big_blind=2), deck=())
    posted = [(e.seat, e.blind, e.amount) for e in events if isinstance(e, BlindPosted)]
    assert (4, "live_big_blind", 2) in posted


def test_the_table_default_can_be_to_post() -> None:
    """R2.6: the host picks the default."""
    seats = players(1, 3, 5) + [newcomer(4, 100)]
    plan = plan_hand(seats, previous_button=1, default=BlindChoice.POST)
    assert plan is not None and 4 in plan.seats and plan.posting == (4,)


def test_a_player_who_posts_on_the_big_blind_posts_only_the_big_blind() -> None:
    """R2.6: the big blind itself settles what they owe."""
    seats = players(1, 3, 5) + [
        TableSeat(4, 100, owes_big_blind=True, blind_choice=BlindChoice.POST)
    ]
    plan = plan_hand(seats, previous_button=5)
    assert plan is not None and plan.big_blind_seat == 4 and plan.posting == ()


def test_a_player_sitting_out_while_the_big_blind_passes_owes_it() -> None:
    """R2.6: the big blind went from seat 2's neighbour over seat 3 to seat 4."""
    seats = players(1, 2, 4) + [TableSeat(3, 100, sitting_out=True)]
    plan = plan_hand(seats, previous_button=4)
    assert plan is not None
    assert (plan.small_blind_seat, plan.big_blind_seat) == (2, 4)
    after = seats_after_hand(seats, plan, {1: 100, 2: 100, 4: 100})
    assert [seat.owes_big_blind for seat in after] == [False, False, False, True]


def test_a_player_sitting_out_whom_the_big_blind_did_not_pass_owes_nothing() -> None:
    seats = players(1, 2, 4) + [TableSeat(3, 100, sitting_out=True)]
    plan = plan_hand(seats, previous_button=1)
    assert plan is not None and (plan.small_blind_seat, plan.big_blind_seat) == (4, 1)
    after = seats_after_hand(seats, plan, {1: 100, 2: 100, 4: 100})
    assert not after[3].owes_big_blind


def test_at_a_new_table_everyone_is_dealt_in_without_posting() -> None:
    """Choice: when nobody is playing yet, newly seated players do not owe the big blind."""
    seats = [newcomer(1, 100), newcomer(2, 100), newcomer(3, 100)]
    plan = plan_hand(seats, None, choose=first)
    assert plan is not None and plan.seats == (1, 2, 3) and plan.posting == ()
    after = seats_after_hand(seats, plan, {1: 99, 2: 98, 3: 103})
    assert [(s.stack, s.owes_big_blind) for s in after] == [(99, False), (98, False), (103, False)]


def test_heads_up_a_waiting_player_comes_in_as_the_big_blind() -> None:
    """R2.4, R2.6: one player plays, the newcomer's seat is next: heads-up, newcomer on the BB."""
    seats = [TableSeat(2, 100), newcomer(6, 100)]
    plan = plan_hand(seats, previous_button=6)
    assert plan == HandPlan(
        seats=(2, 6), stacks=(100, 100), button=2, small_blind_seat=2, big_blind_seat=6
    )


def test_a_waiting_player_between_button_and_small_blind_stays_out_heads_up() -> None:
    """R2.6: seat 4 would be the small blind, not the big blind, so seats 1 and 7 play."""
    seats = [TableSeat(1, 100), newcomer(4, 100), TableSeat(7, 100)]
    plan = plan_hand(seats, previous_button=7)
    assert plan is not None
    assert plan.seats == (1, 7) and plan.waiting == (4,)
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (1, 1, 7)


def test_hand_config_carries_the_plan_and_the_table_settings() -> None:
    plan = plan_hand(players(1, 2, 3), None, choose=second)
    assert plan is not None
    config = hand_config(plan, small_blind=5, big_blind=10, ante=1, rake_bps=500, rake_cap=30)
    assert (config.seats, config.button, config.big_blind, config.ante) == ((1, 2, 3), 2, 10, 1)
    state, _ = start_hand(config, deck=())
    assert state.seat_to_act == 2


# ---------------------------------------------------------------- R16.1 buy-ins


def test_buy_in_range_keeps_the_stack_within_the_table_limits() -> None:
    """R16.1: the stack after a buy-in, rebuy or top-up is between minimum and maximum."""
    assert buy_in_range(0, 40, 200) == (40, 200)
    assert buy_in_range(150, 40, 200) == (1, 50)
    assert buy_in_range(200, 40, 200) is None
    assert buy_in_range(10, 40, 200) == (30, 190)


# ---------------------------------------------------------------- R20 mixed games


def test_an_orbit_ends_when_the_button_reaches_its_first_seat_R20_2() -> None:
    from engine.table import orbit_completed

    # seats 2, 5, 7 of 9; the orbit began with the button on 5
    assert not orbit_completed(5, 7, orbit_start=5, seats=9)
    assert not orbit_completed(7, 2, orbit_start=5, seats=9)
    assert orbit_completed(2, 5, orbit_start=5, seats=9)


def test_an_orbit_ends_when_the_button_passes_a_vacated_first_seat_R20_2() -> None:
    from engine.table import orbit_completed

    # the player on seat 5 left: the button goes from 2 to 7, past seat 5
    assert orbit_completed(2, 7, orbit_start=5, seats=9)
    # heads-up on seats 1 and 4: an orbit is two hands
    assert not orbit_completed(1, 4, orbit_start=1, seats=9)
    assert orbit_completed(4, 1, orbit_start=1, seats=9)


def test_the_mixed_games_are_named_as_home_games_name_them_R20_1() -> None:
    from engine.betting import Structure
    from engine.games import Game
    from engine.table import MIXED_GAMES, mixed_game_code

    assert MIXED_GAMES["PLO8"] == (Game.OMAHA_HILO, Structure.POT_LIMIT)
    assert mixed_game_code("holdem", "no_limit") == "NLH"
    assert mixed_game_code("omaha", "no_limit") is None  # not one a mixed table deals


def test_an_orbit_does_not_end_while_the_button_stays_R20_2() -> None:
    from engine.table import orbit_completed

    # the only other player waits for the big blind: the button stays on seat 2
    assert not orbit_completed(2, 2, orbit_start=7, seats=9)
    assert not orbit_completed(2, 2, orbit_start=2, seats=9)
