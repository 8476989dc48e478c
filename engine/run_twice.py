"""Running it twice (R12): when everyone still in is all-in before the river (or all but
one) and the table allows it, each is asked in turn (phase ``run_twice``); all "yes" deal
the rest of the board twice, each run for half of every pot; one "no" deals it once.

The functions are steps of the hand: they take the
:class:`~engine.working_copy.WorkingCopy` ``w`` and record their events in it.
"""

from __future__ import annotations

from typing import Final

from engine.events import ActionTaken, RunItTwiceDecided
from engine.games import BOARD_CARDS
from engine.showdown import begin_showdown
from engine.state import Street
from engine.working_copy import WorkingCopy

__all__ = ["answer_run_twice", "second_run_fits"]

_STREETS_AFTER: Final = {
    0: (Street.FLOP, Street.TURN, Street.RIVER),
    3: (Street.TURN, Street.RIVER),
    4: (Street.RIVER,),
}
"""The streets still to deal after a board of this many cards (one burn each, R4.2)."""


def second_run_fits(w: WorkingCopy) -> bool:
    """Whether the deck holds both runs of the rest of the board with their burns (R12,
    R17: ten Omaha hands leave 12 cards, one preflop run takes 8): if not, it is run
    once and nobody is asked."""
    board = len(w.boards[0])
    one_run = (BOARD_CARDS - board) + len(_STREETS_AFTER[board])  # cards and burns
    return len(w.deck) - w.dealt >= 2 * one_run


def answer_run_twice(w: WorkingCopy, p: int, agree: bool) -> None:
    """Record one player's answer; one "no" runs the board once, all "yes" twice (R12)."""
    w.events.append(
        ActionTaken(w.seats[p], "run_twice", int(agree), 0, w.stacks[p] == 0, w.stacks[p])
    )
    w.to_act.pop(0)
    if agree and w.to_act:
        return
    w.runs = 2 if agree else 1
    w.to_act = []
    w.events.append(RunItTwiceDecided(w.runs))
    begin_showdown(w)
