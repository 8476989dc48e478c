"""A tournament table's dead button (R28.5): the big blind moves on one player every hand,
so a bust never lets anybody skip it; the button or the small blind may then be on a seat
nobody holds. The hand (engine.hand with ``dead_button`` / ``dead_small_blind``) and the
plan between hands (engine.table.plan_dead_button_hand)."""

from __future__ import annotations

from engine.actions import Action, ActionKind
from engine.forced_bets import blind_seats
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig
from engine.state import HandConfig as StateConfig
from engine.table import Blinds, TableSeat, blinds_of, plan_dead_button_hand, plan_hand


def to_act(state) -> int:
    legal = legal_actions(state)
    assert legal is not None and legal.seat is not None
    return legal.seat


def run_order(config: HandConfig) -> tuple[list[int], list[int], int]:
    """Who acts preflop (everyone calls, the big blind checks) and on the flop (everyone
    checks), and the pot after the forced bets."""
    state, events = start_hand(config, deck=())
    posted = sum(e.amount for e in events if type(e).__name__ == "BlindPosted")
    preflop: list[int] = []
    while state.street.label == "preflop":
        seat = to_act(state)
        preflop.append(seat)
        kinds = legal_actions(state).kinds
        kind = ActionKind.CALL if ActionKind.CALL in kinds else ActionKind.CHECK
        state, _ = apply(state, Action(kind, seat))
    flop: list[int] = []
    while state.street.label == "flop":
        seat = to_act(state)
        flop.append(seat)
        state, _ = apply(state, Action(ActionKind.CHECK, seat))
    return preflop, flop, posted


def test_a_dead_small_blind_leaves_the_big_blind_first_after_the_button():
    """R28.5: seat 3 is empty where the small blind would be: seat 4 posts the big blind
    alone, seat 1 acts first before the flop and the button (seat 2) before the big blind;
    after the flop the big blind acts first."""
    config = HandConfig(
        seats=(1, 2, 4), stacks=(100, 100, 100), button=2, small_blind=1, big_blind=2,
        dead_small_blind=True,
    )  # fmt: skip
    state, _ = start_hand(config, deck=())
    assert blind_seats(state) == (None, 4)
    preflop, flop, posted = run_order(config)
    assert (preflop, flop, posted) == ([1, 2, 4], [4, 1, 2], 2)


def test_a_dead_button_puts_the_players_in_position_from_the_seat_after_it():
    """R28.5: the button is on empty seat 2: seat 3 posts the small blind, seat 4 the big
    blind, and seat 1, the last player before the button, acts last after the flop."""
    config = HandConfig(
        seats=(1, 3, 4), stacks=(100, 100, 100), button=2, small_blind=1, big_blind=2,
        dead_button=True,
    )  # fmt: skip
    state, _ = start_hand(config, deck=())
    assert blind_seats(state) == (3, 4)
    preflop, flop, posted = run_order(config)
    assert (preflop, flop, posted) == ([1, 3, 4], [3, 4, 1], 3)
    assert StateConfig.from_json(config.to_json()) == config


def seated(*seats: int) -> list[TableSeat]:
    return [TableSeat(seat, 100) for seat in seats]


def test_the_big_blind_moves_on_one_player_when_the_big_blind_busts():
    """R28.5 worked example (a): button 1, small blind 2, big blind 3; seat 3 busts. Next
    hand: big blind seat 4, the small blind dead (seat 3), the button on seat 2; then big
    blind seat 1, small blind seat 4, the button dead on seat 3. Nobody skipped the big
    blind; a moving button (R2.2) would have let seat 4 skip it."""
    before = Blinds(button=1, small_blind=2, big_blind=3)
    plan = plan_dead_button_hand(seated(1, 2, 4), before)
    assert plan is not None
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (2, 3, 4)
    assert (plan.dead_button, plan.dead_small_blind, plan.seats) == (False, True, (1, 2, 4))
    after = plan_dead_button_hand(seated(1, 2, 4), blinds_of(plan))
    assert after is not None
    assert (after.button, after.small_blind_seat, after.big_blind_seat) == (3, 4, 1)
    assert (after.dead_button, after.dead_small_blind) == (True, False)
    moving = plan_hand(seated(1, 2, 4), 1)
    assert moving is not None and moving.big_blind_seat == 1  # seat 4 would skip it


def test_the_big_blind_moves_on_one_player_when_the_small_blind_busts():
    """R28.5 worked example (b): button 1, small blind 2, big blind 3; seat 2 busts. Next
    hand: big blind 4, small blind 3, the button dead on seat 2 (seat 1 acts last again)."""
    plan = plan_dead_button_hand(seated(1, 3, 4), Blinds(1, 2, 3))
    assert plan is not None
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (2, 3, 4)
    assert (plan.dead_button, plan.dead_small_blind, plan.seats) == (True, False, (1, 3, 4))


def test_a_player_who_sits_between_the_button_and_the_small_blind_waits_for_the_button():
    """R28.5: a moved player in seat 2, between the button (seat 1) and the small blind
    (seat 3), is not dealt in until the button has passed; one in seat 5, right after the
    last big blind (seat 4), posts the big blind at once."""
    before = Blinds(button=9, small_blind=1, big_blind=3)
    plan = plan_dead_button_hand(seated(1, 2, 3, 5, 7), before)
    assert plan is not None
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (1, 3, 5)
    assert plan.waiting == (2,) and plan.seats == (1, 3, 5, 7)
    later = plan_dead_button_hand(seated(1, 2, 3, 5, 7), blinds_of(plan))
    assert later is not None and 2 in later.seats  # behind the button now


def test_heads_up_the_player_who_was_not_the_big_blind_posts_it():
    """R2.4 with R28.5: three to two, the big blind still moves on one player: nobody
    posts it twice in a row."""
    plan = plan_dead_button_hand(seated(1, 3), Blinds(button=1, small_blind=2, big_blind=3))
    assert plan is not None
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (3, 3, 1)
    again = plan_dead_button_hand(seated(1, 3), blinds_of(plan))
    assert again is not None and again.big_blind_seat == 3


def test_from_heads_up_to_more_players_the_big_blind_still_moves_on_one_player():
    """R28.5: heads-up seat 3 had the button and the small blind, seat 1 the big blind;
    four players sit down (a table filling in late registration). The big blind moves on
    to seat 3, seat 1 posts the small blind, and the button goes to the player before
    it (seat 8): nobody is passed and nobody waits."""
    plan = plan_dead_button_hand(seated(1, 3, 4, 5, 7, 8), Blinds(3, 3, 1))
    assert plan is not None
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (8, 1, 3)
    assert (plan.seats, plan.waiting, plan.dead_button, plan.dead_small_blind) == (
        (1, 3, 4, 5, 7, 8), (), False, False
    )  # fmt: skip
    gone = plan_dead_button_hand(seated(3, 5, 7), Blinds(3, 3, 1))  # seat 1 busted
    assert gone is not None
    assert (gone.button, gone.small_blind_seat, gone.big_blind_seat) == (7, 1, 3)
    assert gone.dead_small_blind and not gone.dead_button


def passed_by_the_big_blind(dead_button: bool) -> int:
    """Ten players, one busting every third hand (the small blind, every other time the
    big blind); how often a player dealt into two hands running sits strictly between
    their two big blinds."""
    players = list(range(1, 11))
    previous: Blinds | None = None
    button: int | None = None
    last = None
    passes = 0
    for hand in range(1, 25):
        if dead_button:
            plan = plan_dead_button_hand(seated(*players), previous, choose=min)
        else:
            plan = plan_hand(seated(*players), button, choose=min)
        assert plan is not None
        if last is not None and len(plan.seats) > 2:
            start, end = last.big_blind_seat, plan.big_blind_seat
            for s in set(plan.seats) & set(last.seats):
                passes += (start < s < end) or (start > end and (s > start or s < end))
        previous, button, last = blinds_of(plan), plan.button, plan
        if hand % 3 == 0 and len(players) > 3:
            victim = plan.big_blind_seat if hand % 6 == 0 else plan.small_blind_seat
            players.remove(victim)
    return passes


def test_over_many_hands_with_busts_the_big_blind_passes_nobody():
    """R28.5, what the dead button is for: between two hands the big blind moves to the
    next player, so nobody dealt into both sits between the two big blinds; with R2.2's
    moving button the same busts let players skip it."""
    assert passed_by_the_big_blind(dead_button=True) == 0
    assert passed_by_the_big_blind(dead_button=False) > 0
