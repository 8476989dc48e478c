"""Bomb pots (R21): every player dealt in puts the bomb's ante in, there are no blinds and no
preflop betting, and the betting starts on the flop; the rest is R4-R13. Checked against
PokerKit in test_differential_pokerkit.py (the same hand with antes, no blinds, and its
preflop round checked through)."""

from __future__ import annotations

import pytest

from engine.betting import Structure
from engine.errors import EngineError
from engine.events import AntePosted, BlindPosted, PotAwarded, RakeTaken, UncalledBetReturned
from engine.games import Game
from engine.hand import start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig, Street

from .hand_helpers import Table


def bomb(**options: object) -> Table:
    options.setdefault("bomb_pot", 10)
    return Table.start(**options)  # type: ignore[arg-type]


def test_everyone_antes_the_bomb_and_the_betting_starts_on_the_flop_R21_1() -> None:
    t = bomb(holes={1: "AhKh", 2: "QsQd", 3: "7c2d"}, board="Ks 9d 4c 5h 2s", stacks=(100,) * 3)
    antes = t.of_type(AntePosted)
    assert [(a.seat, a.amount, a.bomb_pot) for a in antes] == [(1, 10, True), (2, 10, True),
                                                              (3, 10, True)]  # fmt: skip
    assert not t.of_type(BlindPosted)  # no blinds (R21.1)
    assert t.state.street is Street.FLOP and len(t.state.boards[0]) == 3
    # the first player left of the button acts first, facing no bet (R5.2)
    assert t.legal.seat == 1 and t.legal.allows("check") and t.legal.min_to == 2
    t.check_down()
    while t.state.phase != "finished":
        t.act(t.legal.seat, "show")
    assert t.stacks() == {1: 120, 2: 90, 3: 90}  # Kings win the 30


def test_a_short_stack_antes_what_it_has_and_plays_for_the_main_pot_R21_1_R2_5() -> None:
    t = bomb(holes={1: "AhAd", 2: "KsKd", 3: "7c2d"}, board="As 9d 4c 5h 2s",
             stacks=(4, 100, 100))  # fmt: skip
    assert [a.amount for a in t.of_type(AntePosted)] == [4, 10, 10]
    assert t.state.stacks[0] == 0  # all-in from the ante
    t.check_down()
    while t.state.phase != "finished":
        t.act(t.legal.seat, "show")
    pots = {(a.pot_index, a.winners) for a in t.of_type(PotAwarded)}
    assert pots == {(0, (1,)), (1, (2,))}  # seat 1 wins the main pot of 12 only
    assert t.stacks() == {1: 12, 2: 102, 3: 90}


def test_an_ante_nobody_can_match_goes_back_R21_1_R8_2() -> None:
    t = bomb(holes={1: "AhAd", 2: "KsKd"}, board="As 9d 4c 5h 2s", stacks=(100, 3))
    returned = t.of_type(UncalledBetReturned)
    assert [(r.seat, r.amount) for r in returned] == [(1, 7)]
    # both all-in or covered: no betting at all, the board is run out
    assert legal_actions(t.state) is None or t.state.phase == "showdown"
    while t.state.phase != "finished":
        t.act(t.legal.seat, "show")
    assert t.stacks() == {1: 103, 2: 0}  # three aces win the 6


def test_fixed_limit_bomb_pots_bet_the_small_bet_on_the_flop_R21_1_R7_3() -> None:
    t = bomb(holes={1: "AhKh", 2: "QsQd"}, board="Ks 9d 4c 5h 2s", stacks=(100, 100),
             structure=Structure.FIXED_LIMIT)  # fmt: skip
    assert t.legal.min_to == t.legal.max_to == 2  # the small bet: the big blind
    t.act(1, "bet", 2)
    t.act(2, "call")  # the turn: the big bet, twice the big blind
    assert t.state.street is Street.TURN and t.legal.min_to == t.legal.max_to == 4


def test_a_bomb_pot_is_raked_it_sees_a_flop_R21_R13() -> None:
    t = bomb(holes={1: "AhKh", 2: "QsQd"}, board="Ks 9d 4c 5h 2s", stacks=(100, 100),
             rake_bps=500)  # fmt: skip
    t.act(1, "bet", 10)
    t.act(2, "fold")
    assert [r.amount for r in t.of_type(RakeTaken)] == [1]  # 5 % of 20, no flop, no drop
    assert t.stacks() == {1: 109, 2: 90}


def test_an_omaha_bomb_pot_deals_four_cards_and_starts_on_the_flop_R21_R17() -> None:
    t = bomb(holes={1: "AhKhQhJh", 2: "2c3c4d5d"}, board="Th 9d 4c 5h 2s", stacks=(60, 60),
             game=Game.OMAHA, structure=Structure.POT_LIMIT)  # fmt: skip
    assert [len(hole) for hole in t.state.holes] == [4, 4]
    assert t.state.street is Street.FLOP
    assert t.legal.max_to == 20  # pot-limit: the pot of the two antes


@pytest.mark.parametrize(
    "option", [{"ante": 1}, {"big_blind_ante": 2}, {"straddle": True}, {"posting": (2,)}]
)
def test_a_bomb_pot_has_no_other_forced_bet_R21(option: dict[str, object]) -> None:
    config = HandConfig(
        seats=(1, 2, 3), stacks=(50,) * 3, button=3, small_blind=1, big_blind=2, bomb_pot=4,
        **option,  # type: ignore[arg-type]
    )  # fmt: skip
    with pytest.raises(EngineError) as refused:
        start_hand(config)
    assert refused.value.code == "invalid_config"
    assert "bomb pot" in str(refused.value)


def test_a_bomb_pot_round_trips_through_phh_and_pokerkit_replays_it_R21() -> None:
    """PHH has no hand without a preflop round: the file gives everyone the bomb's ante, no
    blinds, and a preflop round checked through; PokerKit replays it to the same stacks, and
    our replay (``_bomb_pot``) to the same hand."""
    from engine.phh import loads, replay, to_phh
    from tests.engine import pokerkit_oracle as oracle

    for index in range(60):
        game = "holdem" if index % 3 else "omaha"  # PokerKit reads pot-limit Omaha only (PO)
        structure = None if game == "holdem" else "pot_limit"
        record = oracle.generate_one(21, index, structure, game, bomb=True)
        run = oracle.run_engine(record)
        assert not run.mismatches and run.state is not None, run.mismatches
        text = to_phh(run.state, run.events).to_toml()
        assert f"_bomb_pot = {record.spec.bomb_pot}" in text
        again = replay(loads(text))
        assert again.state.stacks == run.state.stacks
        assert again.state.config.bomb_pot == record.spec.bomb_pot
        assert oracle.replay_phh(text, rulebook=True) == run.state.stacks


def test_a_bomb_pot_file_with_a_preflop_bet_is_refused_R21() -> None:
    from engine.phh import PhhError, loads, replay, to_phh

    t = bomb(holes={1: "AhKh", 2: "QsQd"}, board="Ks 9d 4c 5h 2s", stacks=(100, 100))
    t.act(1, "bet", 10)
    t.act(2, "fold")
    document = to_phh(t.state, t.events)
    assert document.actions[2:5] == ("p1 cc", "p2 cc", "d db Ks9d4c")  # after the two d dh
    assert document.antes == (10, 10) and document.blinds_or_straddles == (0, 0)
    text = document.to_toml()
    bad = text.replace('"p2 cc"', '"p2 cbr 6"', 1)
    with pytest.raises(PhhError, match="no preflop betting"):
        replay(loads(bad))
