"""The 7-2 game (R22): a player who wins a pot holding seven-deuce collects the host's bounty
from every other player dealt in, at the end of the hand, turned face up unless the table
lets it collect face down."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.events import CardsShownAfter, HandFinished, SevenDeuceBounty
from engine.games import Game
from engine.hand import start_hand
from engine.state import HandConfig

from .hand_helpers import Table


def seven_deuce(**options: object) -> Table:
    options.setdefault("seven_deuce", 10)
    return Table.start(**options)  # type: ignore[arg-type]


def show_down(t: Table) -> None:
    t.check_down()
    while t.state.phase != "finished":
        t.act(t.legal.seat, "show")


def test_a_seven_deuce_that_wins_without_a_showdown_collects_from_everyone_R22_1() -> None:
    """Seat 3 (the button) raises with 7-2 offsuit and everyone folds: it wins the blinds and
    10 from each of the two others, folded as they are; its cards are turned face up."""
    t = seven_deuce(holes={1: "AhAs", 2: "KdKs", 3: "7c2d"}, stacks=(100, 100, 100))
    t.act(3, "raise", 6)
    t.act(1, "fold")
    t.act(2, "fold")
    bounty = t.of_type(SevenDeuceBounty)
    assert [(b.seat, b.payers, b.amounts) for b in bounty] == [(3, (1, 2), (10, 10))]
    assert t.of_type(CardsShownAfter)[0].seat == 3  # face up: everyone sees the 7-2
    assert t.state.public_holes(t.state.seats.index(3)) == t.state.holes[t.state.seats.index(3)]
    assert t.stacks() == {1: 89, 2: 88, 3: 123}
    assert dict(zip(t.state.seats, t.state.bounty, strict=True)) == {1: -10, 2: -10, 3: 20}
    finished = t.of_type(HandFinished)[0]
    assert dict(finished.stacks) == t.stacks()  # the final stacks include the bounty


def test_a_seven_deuce_that_wins_at_showdown_collects_R22_1() -> None:
    t = seven_deuce(holes={1: "AhKs", 2: "7h2h"}, board="7d 7s 2c 9h Jd", stacks=(100, 100))
    show_down(t)
    assert [(b.seat, b.amounts) for b in t.of_type(SevenDeuceBounty)] == [(2, (10,))]
    assert not t.of_type(CardsShownAfter)  # shown at showdown already
    assert t.stacks() == {1: 88, 2: 112}


def test_a_seven_deuce_that_loses_pays_nothing_and_collects_nothing_R22_1() -> None:
    t = seven_deuce(holes={1: "AhAs", 2: "7h2d"}, board="Kd 9s 4c 3h Jd", stacks=(100, 100))
    show_down(t)
    assert not t.of_type(SevenDeuceBounty)
    assert t.stacks() == {1: 102, 2: 98}


def test_winning_only_a_side_pot_with_seven_deuce_collects_R22_3() -> None:
    """Seat 1 is all-in for 4 with a set and wins the main pot of 12; seat 2's 7-2 (two
    pair) beats seat 3 for the side pot of 20 and collects 10 from each, seat 1 included
    (it pays from the main pot it just won)."""
    t = seven_deuce(
        holes={1: "9h9s", 2: "7h2d", 3: "KdQs"},
        board="7d 2s 9c 3h Jd",
        stacks=(4, 100, 100),
    )
    t.play("3 call, 1 call, 2 check")  # 2 each preflop
    t.play("1 all_in, 2 call, 3 call")  # seat 1 all-in for 2 more: a main pot of 12
    t.play("2 bet 10, 3 call")  # the turn: a side pot of 20 for seats 2 and 3
    show_down(t)
    bounty = t.of_type(SevenDeuceBounty)
    assert [(b.seat, b.payers, b.amounts) for b in bounty] == [(2, (1, 3), (10, 10))]
    assert t.stacks() == {1: 2, 2: 126, 3: 76}


def test_a_short_stack_pays_what_it_has_R22_1() -> None:
    t = seven_deuce(holes={1: "AhKs", 2: "7h2h", 3: "QdTd"}, board="7d 7s 2c 9h Jd",
                    stacks=(100, 100, 6))  # fmt: skip
    show_down(t)  # seat 3 checks it down with 4 left after calling the big blind
    bounty = t.of_type(SevenDeuceBounty)[0]
    assert (bounty.payers, bounty.amounts) == ((1, 3), (10, 4))  # seat 3 pays the 4 it has
    assert t.stacks() == {1: 88, 2: 118, 3: 0}


def test_two_sevens_deuce_that_split_a_pot_collect_from_the_others_not_each_other_R22_3() -> None:
    """Seats 1 and 2 both hold 7-2 and split the pot of 6: each collects 10 from seat 3, and
    nothing moves between them, whatever their stacks (seat 2 has 4 left)."""
    t = seven_deuce(
        holes={1: "7c2d", 2: "7h2s", 3: "KdQs"},
        board="7d 2c 9h 3s Jd",
        stacks=(100, 6, 100),
    )
    show_down(t)
    bounty = t.of_type(SevenDeuceBounty)
    assert [(b.seat, b.payers, b.amounts) for b in bounty] == [(1, (3,), (10,)), (2, (3,), (10,))]
    assert t.stacks() == {1: 111, 2: 17, 3: 78}


def test_a_payer_short_of_two_bounties_splits_what_it_has_between_them_R22_3_R10_1() -> None:
    t = seven_deuce(
        holes={1: "7c2d", 2: "7h2s", 3: "KdQs"},
        board="7d 2c 9h 3s Jd",
        stacks=(100, 100, 6),
    )
    show_down(t)  # seat 3 has 4 left of the 20 it owes: 2 to each
    assert [b.amounts for b in t.of_type(SevenDeuceBounty)] == [(2,), (2,)]
    assert t.stacks() == {1: 103, 2: 103, 3: 0}


def test_a_table_may_let_the_seven_deuce_collect_face_down_R22_2() -> None:
    t = seven_deuce(holes={1: "AhAs", 2: "KdKs", 3: "7c2d"}, stacks=(100, 100, 100),
                    seven_deuce_shown=False)  # fmt: skip
    t.act(3, "raise", 6)
    t.act(1, "fold")
    t.act(2, "fold")
    assert t.of_type(SevenDeuceBounty) and not t.of_type(CardsShownAfter)
    assert t.state.public_holes(t.state.seats.index(3)) == (None, None)


def test_the_seven_deuce_game_is_a_holdem_game_R22() -> None:
    config = HandConfig(seats=(1, 2), stacks=(50, 50), button=2, small_blind=1, big_blind=2,
                        game=Game.OMAHA, seven_deuce=10)  # fmt: skip
    with pytest.raises(EngineError) as refused:
        start_hand(config)
    assert refused.value.code == "invalid_config"


def test_a_seven_deuce_hand_round_trips_through_phh_R22() -> None:
    from engine.phh import loads, replay, to_phh

    t = seven_deuce(holes={1: "AhAs", 2: "KdKs", 3: "7c2d"}, stacks=(100, 100, 100),
                    seven_deuce_shown=False)  # fmt: skip
    t.play("3 raise 6, 1 fold, 2 fold")
    text = to_phh(t.state, t.events).to_toml()
    assert "_seven_deuce = 10" in text and "_seven_deuce_face_down = true" in text
    again = replay(loads(text))
    assert again.state.stacks == t.state.stacks and again.state.config.seven_deuce == 10
    assert not again.state.config.seven_deuce_shown
