"""The double board (R23): two boards dealt from the flop on, one burn a street; every pot
halved between the best hand on each board (the odd chip to the first), each half split
high and low on its own board in Hi-Lo (R19.3). Checked against PokerKit's
``starting_board_count=2`` in test_differential_pokerkit.py."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from engine.cards import FULL_DECK
from engine.equity import equities
from engine.errors import EngineError
from engine.events import BoardDealt, HandShown, PotAwarded
from engine.fairness import board_positions
from engine.games import Game, rules
from engine.hand import deal_next, start_hand
from engine.state import HandConfig, Phase

from .hand_helpers import Table, cards

BOARD_1 = "Ks 9d 4c 5h 2s"
BOARD_2 = "Qh Jh 3d 8c 7s"


def double(**options: object) -> Table:
    options.setdefault("double_board", True)
    return Table.start(**options)  # type: ignore[arg-type]


def test_each_street_is_dealt_to_both_boards_after_one_burn_R23_1() -> None:
    t = double(holes={1: "KdKh", 2: "QsQd", 3: "AcAd"}, board=BOARD_1, second_board=BOARD_2,
               stacks=(100,) * 3)  # fmt: skip
    t.play("3 call, 1 call, 2 check")
    dealt = t.of_type(BoardDealt)
    assert [(e.street, e.board_index, e.cards) for e in dealt] == [
        ("flop", 0, cards("Ks 9d 4c")),
        ("flop", 1, cards("Qh Jh 3d")),
    ]
    assert t.state.boards == (cards("Ks 9d 4c"), cards("Qh Jh 3d"))
    # one burn, then three and three (R23.1): deal positions 7..9 and 10..12 with 3 players
    assert board_positions(3, t.state.boards, double_board=True) == [[7, 8, 9], [10, 11, 12]]
    assert t.state.dealt == 13
    t.play_out()
    state = t.state
    positions = board_positions(3, state.boards, double_board=True)
    for board, where in zip(state.boards, positions, strict=True):
        assert tuple(state.deck[p] for p in where) == board
    assert state.dealt == 6 + 13  # ten board cards and three burns


def test_the_pot_is_halved_between_the_boards_the_odd_chip_to_the_first_R23_2() -> None:
    # the worked example: the button calls, the small blind folds, the big blind checks
    t = double(holes={1: "7c6c", 2: "KcKh", 3: "QsQd"}, board=BOARD_1, second_board=BOARD_2,
               stacks=(100,) * 3)  # fmt: skip
    t.play("3 call, 1 fold, 2 check")
    t.play_out()
    awards = [(a.board_index, a.amount, a.winners) for a in t.of_type(PotAwarded)]
    assert awards == [(0, 3, (2,)), (1, 2, (3,))]  # a pot of 5: 3 on board 1, 2 on board 2
    assert t.stacks() == {1: 99, 2: 101, 3: 100}


def test_a_hand_best_on_both_boards_scoops_R23_2() -> None:
    t = double(holes={1: "AhAd", 2: "7c6c"}, board="As 9d 4c 5h 2s",
               second_board="Ac Jh 3d 8c Ts", stacks=(100, 100))  # fmt: skip
    t.play("2 call, 1 check")
    t.play_out()
    assert {a.winners for a in t.of_type(PotAwarded)} == {(1,)}
    assert t.stacks() == {1: 102, 2: 98}


def test_a_tie_on_one_board_splits_that_half_R23_2_R10_1() -> None:
    # board 2 plays for both (a straight on it); board 1 goes to the kings
    t = double(holes={1: "KhKd", 2: "7c6c"}, board="Ks 9d 4c 5h 2s",
               second_board="Th Jh Qd Ac Kc", stacks=(100, 100))  # fmt: skip
    t.play("2 raise 10, 1 call")
    t.play_out()
    awards = [(a.board_index, a.amount, a.winners, a.shares) for a in t.of_type(PotAwarded)]
    assert awards == [(0, 10, (1,), (10,)), (1, 10, (1, 2), (5, 5))]
    assert t.stacks() == {1: 105, 2: 95}


def test_hi_lo_splits_each_board_high_and_low_R23_2_R19_3() -> None:
    # board 1 has a low (A-2 makes 5-4-2-A... for seat 1); board 2 has none: its high scoops
    t = double(game=Game.OMAHA_HILO, holes={1: "Ah2h KcQd", 2: "9s9h Tc Td"},
               board="3c 4d 8s Kh Js", second_board="9d 8h 5s 5d Kd",
               stacks=(100, 100))  # fmt: skip
    t.play("2 call, 1 check")
    t.play_out()
    awards = [(a.board_index, a.half, a.amount, a.winners) for a in t.of_type(PotAwarded)]
    # a pot of 4, 2 a board. Board 1: seat 1's kings take the high and its 8-4-3-2-A the
    # low (1 each); board 2 has no low (5, 5, 8, 9): seat 2's full house scoops its 2
    assert awards == [(0, "high", 1, (1,)), (0, "low", 1, (1,)), (1, None, 2, (2,))]
    assert t.stacks() == {1: 100, 2: 100}


def test_a_double_board_bomb_pot_starts_on_the_flop_of_both_boards_R23_R21() -> None:
    t = double(bomb_pot=10, holes={1: "AhKh", 2: "QsQd", 3: "7c2d"}, board=BOARD_1,
               second_board=BOARD_2, stacks=(100,) * 3)  # fmt: skip
    assert t.state.street == 1 and t.state.boards == (cards("Ks 9d 4c"), cards("Qh Jh 3d"))
    t.play_out()
    # board 1: ace-king high loses to... kings? seat 1 has a pair of kings; board 2: queens set
    assert t.stacks() == {1: 105, 2: 105, 3: 90}


def test_a_hand_won_by_folds_takes_the_whole_pot_on_no_board_R23_2_R5_4() -> None:
    t = double(holes={1: "AhKh", 2: "QsQd"}, board=BOARD_1, second_board=BOARD_2,
               stacks=(100, 100))  # fmt: skip
    t.play("2 call, 1 check, 1 bet 2, 2 fold")
    assert [(a.board_index, a.amount) for a in t.of_type(PotAwarded)] == [(None, 4)]


@pytest.mark.parametrize(
    "game,most", [(Game.HOLDEM, 10), (Game.OMAHA, 9), (Game.OMAHA_HILO, 9), (Game.OMAHA5, 7)]
)
def test_the_deck_caps_the_players_of_a_double_board_R23_3(game: Game, most: int) -> None:
    """52 cards: every hole card, ten board cards and three burns (R1.1)."""
    assert rules(game).seats_for(2) == most
    hole = rules(game).hole_cards
    assert most * hole + 13 <= 52 and (most == 10 or (most + 1) * hole + 13 > 52)

    def config(n: int) -> HandConfig:
        return HandConfig(seats=tuple(range(1, n + 1)), stacks=(100,) * n, button=n,
                          small_blind=1, big_blind=2, game=game, double_board=True)  # fmt: skip

    state, _ = start_hand(config(most))
    assert len(state.seats) == most
    if most < 10:
        with pytest.raises(EngineError) as refused:
            start_hand(config(most + 1))
        assert refused.value.code == "invalid_config" and "double board" in str(refused.value)


def test_an_all_in_runs_both_boards_once_and_is_never_run_twice_R23_4() -> None:
    t = double(holes={1: "AhAc", 2: "KcKd"}, board=BOARD_1, second_board=BOARD_2,
               stacks=(50, 50), run_it_twice_allowed=True)  # fmt: skip
    t.play("2 all_in, 1 call")
    assert all(state.phase is not Phase.RUN_TWICE for state in t.states)
    assert t.state.is_finished and t.state.runs == 1
    assert t.state.boards == (cards(BOARD_1), cards(BOARD_2))
    # kings make a set on board 1, aces win board 2
    assert [(a.board_index, a.winners) for a in t.of_type(PotAwarded)] == [(0, (2,)), (1, (1,))]
    assert t.stacks() == {1: 50, 2: 50}


def test_a_paced_runout_deals_both_boards_a_street_at_a_time_R23_4_R5_5() -> None:
    t = double(holes={1: "AhAc", 2: "KcKd"}, board=BOARD_1, second_board=BOARD_2,
               stacks=(50, 50), paced_runout=True)  # fmt: skip
    t.play("2 all_in, 1 call")
    state = t.state
    seen = []
    while state.phase is Phase.RUNOUT:
        state, events = deal_next(state)
        seen.append([(e.street, e.board_index) for e in events if isinstance(e, BoardDealt)])
    assert seen == [[("flop", 0), ("flop", 1)], [("turn", 0), ("turn", 1)],
                    [("river", 0), ("river", 1)]]  # fmt: skip
    assert state.boards == (cards(BOARD_1), cards(BOARD_2))
    assert state.stacks_by_seat() == {1: 50, 2: 50}


def test_a_hand_that_wins_one_board_cannot_be_mucked_R23_2_R11_3() -> None:
    # seat 2 shows first (its river bet); seat 1 loses board 1 but wins board 2: shown for it
    t = double(holes={1: "QcQd", 2: "KcKd"}, board=BOARD_1, second_board=BOARD_2,
               stacks=(100, 100))  # fmt: skip
    t.play("2 call, 1 check, 1 check, 2 check, 1 check, 2 check, 1 check, 2 bet 2, 1 call")
    assert t.state.is_finished
    assert {e.seat for e in t.of_type(HandShown)} == {1, 2}
    assert [(a.board_index, a.winners) for a in t.of_type(PotAwarded)] == [(0, (2,)), (1, (1,))]


def test_double_board_equity_is_exact_the_mean_of_each_boards_share_R23_R11_1() -> None:
    """On the turn each board misses its river: enumerate every pair of rivers (dealt one
    after the other from the same deck) and compare with the engine's equity."""
    t = double(holes={1: "AhAc", 2: "KcKd"}, board=BOARD_1, second_board=BOARD_2,
               stacks=(50, 50), paced_runout=True)  # fmt: skip
    t.play("2 all_in, 1 call")
    state = t.state
    for _ in range(2):  # the flop and the turn of both boards
        state, _ = deal_next(state)
    got = equities(state)
    assert got is not None
    holes = state.holes
    first, second = state.boards
    rest = [c for c in FULL_DECK if c not in {*holes[0], *holes[1], *first, *second}]
    game = rules(Game.HOLDEM)
    total = [Fraction(0), Fraction(0)]
    pairs = 0
    for river_1, river_2 in permutations(rest, 2):
        pairs += 1
        for board in ((*first, river_1), (*second, river_2)):
            values = [game.strength(hole, board) for hole in holes]
            best = max(values)
            winners = [q for q, v in enumerate(values) if v == best]
            for q in winners:
                total[q] += Fraction(1, 2 * len(winners))
    expected = {state.seats[q]: float(total[q] / pairs) for q in range(2)}
    assert got == pytest.approx(expected, abs=1e-12)
    assert sum(got.values()) == pytest.approx(1.0)


def test_a_state_from_before_the_double_board_loads_with_one_board_R23() -> None:
    t = Table.start(holes={1: "AhKh", 2: "QsQd"}, stacks=(100, 100))
    data = t.state.to_json()
    del data["config"]["double_board"]
    from engine.state import HandState

    assert HandState.from_json(data).config.double_board is False


@pytest.mark.parametrize(
    "game,structure", [("holdem", None), ("omaha", "pot_limit"), ("omaha8", "fixed_limit")]
)
def test_a_double_board_round_trips_through_phh_and_pokerkit_replays_it_R23(
    game: str, structure: str | None
) -> None:
    """PHH has no field for the boards: the file marks ``_double_board`` and writes each
    street's ``d db`` for the first board, then the second; PokerKit told the two boards
    (``starting_board_count=2``) replays it to the same stacks, our replay to the same hand.
    (PokerKit reads pot-limit Omaha, PO, and fixed-limit Hi-Lo, FO/8, of the Omaha games.)"""
    from engine.phh import export, loads, replay
    from tests.engine import pokerkit_oracle as oracle

    showdowns = 0
    for index in range(60):
        record = oracle.generate_one(23, index, structure, game, bomb=index % 3 == 0,
                                     double_board=True)  # type: ignore[arg-type]  # fmt: skip
        run = oracle.run_engine(record)
        assert not run.mismatches and run.state is not None, run.mismatches
        text = export(run.state, run.events)
        assert "_double_board = true" in text
        again = replay(loads(text))
        assert again.state.stacks == run.state.stacks
        assert again.state.boards == run.state.boards and again.config.double_board
        assert export(again.state, again.events) == text
        assert oracle.replay_phh(text, rulebook=True) == run.state.stacks
        showdowns += len(run.state.boards[1]) == 5
    assert showdowns >= 10
