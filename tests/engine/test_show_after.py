"""R11.5: once the hand is over, a player may show one or both hole cards that nobody has
seen (after winning uncontested, after folding, or after mucking); nothing else changes."""

from __future__ import annotations

import pytest

from engine.actions import Action, ActionKind
from engine.cards import parse_cards
from engine.errors import EngineError
from engine.events import CardsShownAfter
from engine.hand import apply
from engine.state import Phase

from .hand_helpers import Table

BOARD = "2c 7d 9h Js 3s"


def folded_to_the_big_blind() -> Table:
    """Seat 1 folds, seat 2 (the big blind) wins uncontested (R5.4)."""
    t = Table.start(holes={1: "AsKs", 2: "QhQd", 3: "7c2h"}, board=BOARD, stacks=(100,) * 3)
    t.play("3 fold, 1 fold")
    assert t.state.phase is Phase.FINISHED
    return t


def test_the_uncontested_winner_shows_one_card_then_the_other_R11_5() -> None:
    t = folded_to_the_big_blind()
    won = t.stacks()
    events = t.act(2, "show_after", 1)
    assert events == [CardsShownAfter(2, parse_cards("Qh"))]
    assert t.state.public_holes(t.state.index_of(2)) == (parse_cards("Qh")[0], None)
    events = t.act(2, "show_after", 2)
    assert events == [CardsShownAfter(2, parse_cards("Qd"))]
    assert t.state.public_holes(t.state.index_of(2)) == parse_cards("QhQd")
    assert t.stacks() == won and t.state.phase is Phase.FINISHED  # nothing else changes


def test_a_player_who_folded_may_show_both_cards_at_once_R11_5() -> None:
    t = folded_to_the_big_blind()
    assert t.act(3, "show_after", 3) == [CardsShownAfter(3, parse_cards("7c2h"))]
    assert t.state.public_holes(t.state.index_of(1)) == (None, None)  # the others stay hidden


def test_a_card_is_shown_once_and_a_hand_shown_at_showdown_cannot_be_shown_again_R11_5() -> None:
    t = Table.start(holes={1: "QhQd", 2: "AsKs"}, board=BOARD, stacks=(100, 100))
    for _ in range(4):
        t.check_down()
    t.act(2, "muck")  # seat 1 showed the winner first (R11.2); Ace-King cannot beat it (R11.3)
    assert t.state.phase is Phase.FINISHED
    with pytest.raises(EngineError) as caught:
        t.act(1, "show_after", 1)
    assert caught.value.code == "already_shown"
    # the player who mucked may still show, each card once
    assert t.act(2, "show_after", 2) == [CardsShownAfter(2, parse_cards("Ks"))]
    with pytest.raises(EngineError) as caught:
        t.act(2, "show_after", 3)
    assert caught.value.code == "already_shown"


@pytest.mark.parametrize("mask", [0, 4, -1, None, "1", True])
def test_a_bad_mask_is_refused_and_changes_nothing_R11_5(mask: object) -> None:
    t = folded_to_the_big_blind()
    with pytest.raises(EngineError) as caught:
        apply(t.state, Action(ActionKind.SHOW_AFTER, 2, mask))  # type: ignore[arg-type]
    assert caught.value.code == "bad_amount"


def test_showing_after_is_only_for_a_hand_that_is_over_and_a_seat_that_was_in_it() -> None:
    t = Table.start(holes={1: "AsKs", 2: "QhQd", 3: "7c2h"}, board=BOARD, stacks=(100,) * 3)
    with pytest.raises(EngineError) as caught:
        t.act(3, "show_after", 1)
    assert caught.value.code == "wrong_phase"
    t.play("3 fold, 1 fold")
    with pytest.raises(EngineError) as caught:
        t.act(7, "show_after", 1)
    assert caught.value.code == "unknown_seat"
    with pytest.raises(EngineError) as caught:
        t.act(2, "fold")
    assert caught.value.code == "hand_over"
