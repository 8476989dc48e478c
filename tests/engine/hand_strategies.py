"""Hypothesis strategies for whole hands (any table configuration, any legal action sized
anywhere in its range) and the invariants every state keeps (R1.2, R4, R7.5, R12): shared
by the property tests (test modules import this, never one another)."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.errors import EngineError
from engine.games import Game, rules
from engine.hand import apply
from engine.legal_actions import legal_actions
from engine.opening import OPENING_DRAWS, OPENING_PAIRS
from engine.state import HandConfig, HandState, Phase

MAX_STEPS = 400
"""No hand needs this many decisions: a hand that does has not ended."""


@st.composite
def configs(draw: st.DrawFn, games: tuple[Game, ...] = tuple(Game)) -> HandConfig:
    """A random hand's config of one of ``games`` (every game by default)."""
    game = draw(st.sampled_from(games))
    telesina = game is Game.TELESINA  # R40: the invito, no blinds, any structure
    stud = rules(game).stud and not telesina  # R45.1: fixed-limit, a bring-in, antes only
    italiana = rules(game).opening or telesina  # R31-R38, R40: the invito, no blinds
    board = not rules(game).draws and not rules(game).stud  # R42: no bomb pot, double board
    double_board = board and draw(st.booleans())  # R23
    # five-card Omaha seats eight (R18); a double board nine Omaha hands, seven PLO5 (R23.3)
    n = draw(st.integers(2, rules(game).seats_for(2 if double_board else 1)))
    seats = tuple(sorted(draw(st.lists(st.integers(1, 10), min_size=n, max_size=n, unique=True))))
    big_blind = draw(st.sampled_from([1, 2, 4, 10]))
    small_blind = 0 if italiana else draw(st.integers(1 if stud else 0, big_blind))
    stacks = tuple(
        draw(st.one_of(st.integers(1, 3 * big_blind), st.integers(1, 300 * big_blind)))
        for _ in seats
    )
    forced = draw(
        st.sampled_from(
            ["none", "ante"]
            if stud or italiana
            else ["none", "ante", "bb_ante", *(["bomb_pot"] * board)]
        )
    )
    bomb = forced == "bomb_pot"  # R21: the bomb's ante alone, no other forced bet
    blinds = not (bomb or stud or italiana)
    posting = (
        tuple(draw(st.lists(st.sampled_from(seats), max_size=2, unique=True))) if blinds else ()
    )
    italian: dict[str, object] = {}
    if telesina:  # R40.4; R40.1: the ranking's options, R38.3 the raise cap
        italian = {
            "best_showing_first": draw(st.booleans()),
            "full_over_flush_on_52": draw(st.booleans()),
            "minima_beats_massima": draw(st.booleans()),
            "flush_by_suit": draw(st.booleans()),
            "max_raises": draw(st.sampled_from([None, 1, 3])),
        }
    elif italiana:  # R32.2, R32.4, R32.6, R33.2, R34.2, R35.2, R35.3, R36.1, R37.1, R37.3, R38.3
        italian = {
            "full_over_flush_on_52": draw(st.booleans()),
            "minima_beats_massima": draw(st.booleans()),
            "flush_by_suit": draw(st.booleans()),
            "max_raises": draw(st.sampled_from([None, 1, 3])),
            "carried": draw(st.sampled_from([0, 0, 3 * big_blind])),
            "dealer_ante": draw(st.sampled_from([0, big_blind])),
            "opening_pair": draw(st.sampled_from(list(OPENING_PAIRS))),
            "opening_draw": draw(st.sampled_from(OPENING_DRAWS)),
            "max_draw": draw(st.sampled_from([None, 4, 5])),
            "piatto_di_parola": draw(st.booleans()),
            "opener_first": draw(st.booleans()),
            "fourth_card_last": draw(st.booleans()),  # R36.2
        }
    return HandConfig(
        seats=seats,
        stacks=stacks,
        button=draw(st.sampled_from(seats)),
        small_blind=small_blind,
        big_blind=big_blind,
        structure=Structure.FIXED_LIMIT if stud else draw(st.sampled_from(list(Structure))),
        ante=draw(st.integers(1, big_blind)) if forced == "ante" else 0,
        big_blind_ante=draw(st.integers(1, 2 * big_blind)) if forced == "bb_ante" else 0,
        straddle=blinds and draw(st.booleans()),
        posting=posting,
        run_it_twice_allowed=not (stud or italiana) and draw(st.booleans()),
        show_all_called=draw(st.booleans()),
        explicit_showdown=draw(st.booleans()),
        rake_bps=draw(st.sampled_from([0, 0, 500])),
        rake_cap=draw(st.sampled_from([None, 3])),
        game=game,
        bomb_pot=draw(st.integers(1, 5 * big_blind)) if bomb else 0,
        # R22 is a Hold'em game
        seven_deuce=draw(st.sampled_from([0, 0, big_blind * 5])) if game is Game.HOLDEM else 0,
        seven_deuce_shown=draw(st.booleans()),
        double_board=double_board,
        **italian,  # type: ignore[arg-type]
    )


def choose_action(data: st.DataObject, state: HandState) -> Action:
    """A random legal action, sized anywhere in its legal range."""
    draw = data.draw
    legal = legal_actions(state)
    assert legal is not None
    seat = legal.seat
    if state.phase is Phase.SHOWDOWN and state.config.explicit_showdown:
        seat = draw(st.sampled_from(legal.waiting))
        muck_ok = ActionKind.MUCK in (legal_for(state, seat))
        kind = draw(
            st.sampled_from([ActionKind.SHOW, ActionKind.MUCK] if muck_ok else [ActionKind.SHOW])
        )
        return Action(kind, seat)
    kind = draw(st.sampled_from(legal.kinds))
    if kind is ActionKind.RUN_TWICE:
        return Action(kind, seat, draw(st.integers(0, 1)))
    if kind is ActionKind.DRAW:  # R42.2: any of the five cards thrown (R36.1: up to four)
        most = legal.max_draw or 5
        return Action(kind, seat, draw(st.integers(0, 31).filter(lambda m: m.bit_count() <= most)))
    if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.OPEN):
        assert legal.min_to is not None and legal.max_to is not None
        return Action(kind, seat, draw(st.integers(legal.min_to, legal.max_to)))
    return Action(kind, seat)


def legal_for(state: HandState, seat: int) -> tuple[ActionKind, ...]:
    """In an explicit showdown any waiting seat may act: its own allowed kinds."""
    try:
        apply(state, Action(ActionKind.MUCK, seat))
    except EngineError:
        return (ActionKind.SHOW,)
    return (ActionKind.SHOW, ActionKind.MUCK)


def check_invariants(state: HandState) -> None:
    total = sum(state.config.stacks) + state.config.carried  # (R35.3: the pot carried in)
    assert state.total_chips == total  # R7.5: chips are conserved
    assert min(state.stacks) >= 0 and min(state.bets) >= 0
    dealt = state.dealt_cards()
    if state.drawn:  # R42.4: every card in one place: a live hand, out of play, the stub
        live = [c for p, hole in enumerate(state.holes) if not state.folded[p] for c in hole]
        places = [*live, *state.pile, *state.deck[state.dealt :]]
        assert sorted(places) == sorted(rules(state.config.game, len(state.seats)).deck)
        assert len(set(live)) == len(live)
        assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
        return
    assert len(set(dealt)) == len(dealt)  # no card dealt twice
    on_table = [card for hole in state.holes for card in hole]
    on_table += [card for board in state.boards for card in board]
    assert set(on_table) <= set(dealt)
    shared = 0  # a second run shares the board dealt before the all-in (R12)
    if len(state.boards) == 2:
        first, second = state.boards
        while shared < min(len(first), len(second)) and first[shared] == second[shared]:
            shared += 1
    assert len(set(on_table)) == len(on_table) - shared
    assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
