"""Showdown order, showing and mucking, run it twice, odd chips and rake (R10-R13)."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.events import (
    ActionTaken,
    HandMucked,
    HandNamed,
    HandShown,
    PotAwarded,
    RakeTaken,
    RunItTwiceDecided,
)
from engine.state import Phase
from tests.engine.hand_helpers import Table

BOARD = "2c 7d 9s Jh 4c"


def shown(t: Table) -> list[int]:
    return [e.seat for e in t.of_type(HandShown)]


def to_river(t: Table) -> None:
    """Everyone limps and checks to the river (3 players, button 3)."""
    t.play("3 call, 1 call, 2 check")
    t.play("1 check, 2 check, 3 check")
    t.play("1 check, 2 check, 3 check")


# ---------------------------------------------------------------- R11.2 order


def test_last_river_aggressor_shows_first() -> None:
    """R11.2: the last player to bet or raise on the river shows first, then clockwise."""
    t = Table.start(
        holes={1: "KsKd", 2: "QsQd", 3: "AsAd"},
        board=BOARD,
        stacks=(100, 100, 100),
        show_all_called=True,
    )
    to_river(t)
    t.play("1 check, 2 bet 10, 3 call, 1 call")
    assert shown(t) == [2, 3, 1]


def test_without_a_river_bet_the_first_player_left_of_the_button_shows_first() -> None:
    """R11.2: with no river bet, the first player still in left of the button shows first."""
    t = Table.start(
        holes={1: "KsKd", 2: "QsQd", 3: "AsAd"},
        board=BOARD,
        stacks=(100, 100, 100),
        show_all_called=True,
    )
    to_river(t)
    t.play("1 check, 2 check, 3 check")
    assert shown(t) == [1, 2, 3]
    assert t.stacks() == {1: 98, 2: 98, 3: 104}


# ---------------------------------------------------------------- R11.3 muck


def test_a_hand_that_cannot_beat_a_shown_hand_may_be_mucked() -> None:
    """R11.3: seat 1 shows aces; seat 2 with kings is asked to show or muck."""
    t = Table.start(holes={1: "AsAd", 2: "KsKd", 3: "3h5h"}, board=BOARD, stacks=(100, 100, 100))
    to_river(t)
    t.play("1 check, 2 check, 3 check")
    assert shown(t) == [1]
    legal = t.legal
    assert t.state.phase is Phase.SHOWDOWN
    assert legal.seat == 2 and legal.kinds == ("show", "muck")
    t.act(2, "muck")
    t.act(3, "muck")
    assert [e.seat for e in t.of_type(HandMucked)] == [2, 3]
    assert t.stacks() == {1: 104, 2: 98, 3: 98}


def test_a_hand_that_beats_every_shown_hand_is_shown_without_asking() -> None:
    """R11.3: a player who can beat the shown hands must show; the engine shows it."""
    t = Table.start(holes={1: "3h5h", 2: "KsKd", 3: "AsAd"}, board=BOARD, stacks=(100, 100, 100))
    to_river(t)
    t.play("1 check, 2 check")
    events = t.act(3, "check")
    assert [e.seat for e in events if isinstance(e, HandShown)] == [1, 2, 3]
    assert t.state.is_finished


def test_a_tie_with_a_shown_hand_may_be_mucked_or_shown_to_split() -> None:
    """R11.3 ("cannot beat"); R10.1: shown, the tie splits the pot."""
    t = Table.start(
        holes={1: "AsKd", 2: "AcKc"}, board="2c 7d 9s Jh Qh", stacks=(100, 100), button=2
    )
    t.play("2 call, 1 check")
    t.play("1 check, 2 check, 1 check, 2 check, 1 check, 2 check")
    assert t.legal.seat == 2 and t.legal.allows("muck")
    t.act(2, "show")
    assert t.stacks() == {1: 100, 2: 100}


def test_show_all_called_hands_turns_every_hand_up() -> None:
    """R11.3: with "show all called hands" nobody mucks."""
    t = Table.start(
        holes={1: "AsAd", 2: "KsKd", 3: "3h5h"},
        board=BOARD,
        stacks=(100, 100, 100),
        show_all_called=True,
    )
    to_river(t)
    t.play("1 check, 2 check, 3 check")
    assert shown(t) == [1, 2, 3]
    assert t.state.is_finished


def test_a_muck_concedes_the_contested_pot_but_not_an_uncontested_side_pot() -> None:
    """R11.3, R8.1: B cannot beat all-in A in the main pot and mucks; the side pot only B
    can win (C folded) is still B's."""
    a, b, c = 1, 2, 3
    t = Table.start(holes={a: "AsAd", b: "7h2s"}, board="Kc Qd 9s 5h 3c", stacks=(20, 500, 500))
    t.play("3 raise 20, 1 call, 2 call")
    t.play("2 bet 50, 3 call")
    t.play("2 check, 3 check")
    t.play("2 bet 100, 3 fold")
    assert shown(t) == [a]  # R11.1: the all-in hand is turned up
    assert t.legal.seat == b and t.legal.allows("muck")
    t.act(b, "muck")
    assert t.stacks() == {a: 60, b: 530, c: 430}


def test_hands_of_players_all_in_cannot_be_mucked() -> None:
    """R11.1: with no more betting possible every hand is turned up, no muck asked."""
    t = Table.start(holes={1: "AsAd", 2: "7h2s"}, board=BOARD, stacks=(50, 50), button=2)
    t.act(2, "all_in")
    t.act(1, "call")
    assert shown(t) == [1, 2]
    assert t.state.is_finished


def test_explicit_showdown_takes_every_decision_in_any_order() -> None:
    """Replays: with explicit_showdown every player still in shows or mucks, in file order."""
    t = Table.start(
        holes={1: "AsAd", 2: "KsKd", 3: "3h5h"},
        board=BOARD,
        stacks=(100, 100, 100),
        explicit_showdown=True,
    )
    to_river(t)
    t.play("1 check, 2 check, 3 check")
    assert t.legal.waiting == (1, 2, 3)
    t.act(3, "muck")
    t.act(2, "show")
    assert t.legal.waiting == (1,)
    t.act(1, "show")
    assert shown(t) == [2, 1]
    assert t.stacks() == {1: 104, 2: 98, 3: 98}


def test_explicit_showdown_refuses_a_muck_that_would_leave_a_pot_without_a_hand() -> None:
    """R8: every contested pot needs a hand; the last player who could show must show."""
    t = Table.start(holes={1: "AsAd", 2: "KsKd"}, board=BOARD, stacks=(100, 100), button=2,
                    explicit_showdown=True)  # fmt: skip
    t.play("2 call, 1 check")
    t.play("1 check, 2 check, 1 check, 2 check, 1 check, 2 check")
    t.act(1, "muck")
    assert t.legal.kinds == ("show",)
    with pytest.raises(EngineError) as error:
        t.act(2, "muck")
    assert error.value.code == "cannot_muck"
    t.act(2, "show")
    assert t.stacks() == {1: 98, 2: 102}


def test_explicit_showdown_decisions_come_before_an_all_in_runout() -> None:
    """As PokerKit (and so in PHH files): shows and mucks of an all-in come before the
    rest of the board."""
    t = Table.start(holes={1: "AsAd", 2: "KsKd"}, board=BOARD, stacks=(50, 50), button=2,
                    explicit_showdown=True)  # fmt: skip
    t.act(2, "all_in")
    t.act(1, "call")
    assert t.state.phase is Phase.SHOWDOWN and t.state.board == ()
    t.act(2, "show")
    t.act(1, "show")
    assert t.state.is_finished and len(t.state.board) == 5


# ---------------------------------------------------------------- R10, R11.4


def test_odd_chips_go_one_at_a_time_to_the_tied_winners_left_of_the_button() -> None:
    """R10.1: 11 chips among three tied winners: 4, 4, 3 from the left of the button."""
    t = Table.start(
        board="Ah Kh Qh Jh Th", stacks=(100, 100, 100, 100), ante=1, show_all_called=True
    )
    t.play("3 call, 4 call, 1 fold, 2 check")
    t.check_down()
    awards = t.of_type(PotAwarded)
    assert [(e.amount, e.winners, e.shares) for e in awards] == [(11, (2, 3, 4), (4, 4, 3))]
    assert awards[0].hand_name == "Royal flush"


def test_each_pot_is_split_on_its_own() -> None:
    """R10.2: the main pot and the side pot are divided separately (odd chips in each)."""
    a, b, c = 1, 2, 3
    t = Table.start(
        holes={a: "AsKd", b: "AcKc", c: "3d4h"},
        board="2c 7d 9s Jh Qc",
        stacks=(101, 150, 150),
        button=c,
    )
    t.play("3 raise 150, 1 call, 2 call")
    shares = [(e.pot_index, e.amount, e.shares) for e in t.of_type(PotAwarded)]
    assert shares == [(1, 98, (98,)), (0, 303, (152, 151))]


def test_shown_hands_are_named() -> None:
    """R11.4."""
    t = Table.start(holes={1: "AsAd", 2: "7h2s"}, board=BOARD, stacks=(50, 50), button=2)
    t.act(2, "all_in")
    t.act(1, "call")
    names = {e.seat: e.names for e in t.of_type(HandNamed)}
    assert names == {2: ("Two pair, Sevens and Twos",), 1: ("Pair of Aces",)}


# ---------------------------------------------------------------- R12 run it twice


def all_in_three_way(**options: object) -> Table:
    """Button (seat 3) all-in for 51, the small blind folds, the big blind calls: pot 103."""
    return Table.start(
        holes={3: "AhAd", 2: "KhKd"},
        board="2c 3d 7s 9h Jc",
        second_board="Kc 4d 8s Th 5s",
        stacks=(100, 100, 51),
        run_it_twice_allowed=True,
        **options,
    )


def test_run_it_twice_when_everyone_agrees_deals_two_boards_and_halves_the_pot() -> None:
    """R12: each pot is halved, the odd chip to the first run, each half on its own board."""
    t = all_in_three_way()
    t.play("3 all_in, 1 fold, 2 call")
    assert t.state.phase is Phase.RUN_TWICE
    assert t.legal.seat == 2 and t.legal.kinds == ("run_twice",)
    t.act(2, "run_twice", 1)
    t.act(3, "run_twice", 1)
    assert [e.runs for e in t.of_type(RunItTwiceDecided)] == [2]
    assert len(t.state.boards) == 2
    awards = [(e.board_index, e.amount, e.winners) for e in t.of_type(PotAwarded)]
    assert awards == [(0, 52, (3,)), (1, 51, (2,))]
    assert t.stacks() == {1: 99, 2: 100, 3: 52}


def test_run_it_twice_needs_every_player_to_agree() -> None:
    """R12: one "no" and the board is dealt once."""
    t = all_in_three_way()
    t.play("3 all_in, 1 fold, 2 call")
    t.act(2, "run_twice", 0)
    assert [e.runs for e in t.of_type(RunItTwiceDecided)] == [1]
    assert len(t.state.boards) == 1
    assert t.stacks() == {1: 99, 2: 49, 3: 103}


def test_run_it_twice_is_not_asked_when_the_table_does_not_allow_it() -> None:
    """R12 is a host option, default off."""
    t = Table.start(stacks=(50, 50), button=2)
    t.act(2, "all_in")
    t.act(1, "call")
    assert t.state.is_finished
    assert not [e for e in t.events if isinstance(e, ActionTaken) and e.action == "run_twice"]


def test_run_it_twice_second_board_continues_from_the_same_deck() -> None:
    """R12, R4.2: after run one, run two burns and deals from the same deck."""
    t = all_in_three_way()
    t.play("3 all_in, 1 fold, 2 call, 2 run_twice 1, 3 run_twice 1")
    n = 3
    dealt = t.state.dealt_cards()
    assert len(dealt) == 2 * n + 8 + 8
    assert (
        t.state.boards[1]
        == dealt[2 * n + 9 : 2 * n + 12] + dealt[2 * n + 13 : 2 * n + 14] + dealt[-1:]
    )


# ---------------------------------------------------------------- R13 rake


def test_rake_is_taken_from_a_pot_that_saw_a_flop() -> None:
    """R13: 10 % of a 6-chip pot is 0 (rounded down); of 40 it is 4."""
    t = Table.start(holes={1: "AsAd"}, board=BOARD, stacks=(100, 100), button=2, rake_bps=1000,
                    show_all_called=True)  # fmt: skip
    t.play("2 raise 20, 1 call")
    t.check_down()
    assert [(e.pot_index, e.amount) for e in t.of_type(RakeTaken)] == [(0, 4)]
    assert t.state.rake == 4
    assert t.stacks() == {1: 116, 2: 80}


def test_no_flop_no_drop() -> None:
    """R13: a hand that ends before the flop is not raked."""
    t = Table.start(stacks=(100, 100), button=2, rake_bps=1000)
    t.play("2 raise 20, 1 fold")
    assert t.state.rake == 0 and not t.of_type(RakeTaken)


def test_rake_is_capped_per_hand() -> None:
    """R13: the cap limits the rake of the whole hand."""
    t = Table.start(holes={1: "AsAd"}, board=BOARD, stacks=(100, 100), button=2, rake_bps=1000,
                    rake_cap=3, show_all_called=True)  # fmt: skip
    t.play("2 raise 20, 1 call")
    t.check_down()
    assert t.state.rake == 3
    assert t.stacks() == {1: 117, 2: 80}


def test_run_it_twice_halves_every_pot_side_pots_included() -> None:
    """R12 with R8: the main pot and the side pot are each halved and played on both boards."""
    a, b, c = 1, 2, 3
    t = Table.start(
        holes={a: "AhAd", b: "KhKd", c: "QhQd"},
        board="2c 3d 7s 9h Jc",
        second_board="Kc 4d 8s Th 5s",
        stacks=(100, 150, 150),
        button=c,
        run_it_twice_allowed=True,
    )
    t.play("3 all_in, 1 call, 2 call, 1 run_twice 1, 2 run_twice 1, 3 run_twice 1")
    awards = [(e.pot_index, e.board_index, e.amount, e.winners) for e in t.of_type(PotAwarded)]
    assert awards == [
        (1, 0, 50, (b,)),  # side pot 100 (B, C): run one, kings beat queens
        (1, 1, 50, (b,)),  # run two: trip kings
        (0, 0, 150, (a,)),  # main pot 300: run one, aces
        (0, 1, 150, (b,)),  # run two: trip kings
    ]
    assert t.stacks() == {a: 150, b: 250, c: 0}


def test_a_big_blind_all_in_for_the_big_blind_ante_alone_can_win_the_dead_money_R3_2() -> None:
    """The big blind has 3 chips and the big-blind ante is 6: they post 3 of dead money and
    are all-in with no live chip. The dead money is a pot every player still in can win
    (R3.2, R8.1): with the best hand they win those 3 chips and nothing more."""
    t = Table.start(
        holes={1: "2c3d", 2: "AhAs", 3: "KdKs"},
        board="Ac 7d 9h Jc 4s",
        stacks=(100, 3, 100),
        big_blind_ante=6,
    )  # seat 3 is the button, seat 1 the small blind, seat 2 the big blind
    assert t.state.stacks[1] == 0 and t.state.contributions[1] == 0 and t.state.dead == 3
    t.check_down()
    while t.state.phase != "finished":
        t.act(t.legal.seat, "show")
    pots = {(a.pot_index, a.winners, a.amount) for a in t.of_type(PotAwarded)}
    assert (0, (2,), 3) in pots  # the dead money to the big blind's aces
    assert t.stacks()[2] == 3
    assert sum(t.stacks().values()) == 203
