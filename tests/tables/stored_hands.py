"""Hands of the engine stored as the table stores them, from a known deck and a policy, for
the export tests (test modules import this, never one another): the hand's players and
config, each decision a ``HandAction``, the final state; the deal is ``Hand.imported_deck``,
which the replay deals again."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from engine.actions import Action, ActionKind
from engine.cards import FULL_DECK, Card, card_str
from engine.hand import apply, start_hand
from engine.legal_actions import LegalActions, legal_actions
from engine.phh import loads, parse_actions
from engine.state import HandConfig, HandState
from tables.hands.models import Hand, HandAction

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
"""The players of seats 1 to 8."""
STARTED = datetime(2024, 1, 15, 14, 30, tzinfo=UTC)

Policy = Callable[[HandState, LegalActions], Action]


def store_hand(
    table: Any, users: Sequence[Any], config: HandConfig, deck: Sequence[Card], policy: Policy
) -> Hand:
    """Play a hand of the engine from ``deck`` with ``policy`` and store it at ``table`` as
    the table does (``users[seat - 1]`` plays seat ``seat``, named ``NAMES[seat - 1]``; a
    draw's amount is the mask of the cards thrown)."""
    state, _ = start_hand(config, deck=deck)
    hand = Hand.objects.create(
        table=table,
        number=Hand.objects.filter(table=table).count() + 1,
        started_at=STARTED,
        players=[
            {
                "seat": seat,
                "user_id": users[seat - 1].pk,
                "name": NAMES[seat - 1],
                "stack": stack,
            }
            for seat, stack in zip(config.seats, config.stacks, strict=True)
        ],
        config=config.to_json(),
        commitment="",
        imported_deck=[card_str(c) for c in state.deck[: len(FULL_DECK)]],
    )
    sequence = 0
    while not state.is_finished:
        legal = legal_actions(state)
        assert legal is not None
        action = policy(state, legal)
        state, _ = apply(state, action)
        sequence += 1
        HandAction.objects.create(
            hand=hand,
            sequence=sequence,
            seat=action.seat,
            user=users[action.seat - 1],
            kind=str(action.kind),
            amount=action.amount,
            version=sequence,
        )
    assert not getattr(policy, "moves", None), "the hand ended before the script did"
    hand.final_state = state.to_json()
    hand.ended_at = STARTED
    hand.save()
    return hand


class Script:
    """The hand's decisions in order, each by whoever is to act: ``("call", None)``,
    ``("bet", 6)``, ``("draw", mask)`` (bit k: hole card k thrown; 0 stands pat),
    ``("muck", None)`` (a hand that must be shown is shown without asking, R11.3)."""

    def __init__(self, *moves: tuple[str, int | None]) -> None:
        self.moves = list(moves)

    def __call__(self, state: HandState, legal: LegalActions) -> Action:
        kind, amount = self.moves.pop(0)
        seat = legal.waiting[0] if legal.waiting else legal.seat
        assert ActionKind(kind) in legal.kinds, (kind, legal)
        return Action(ActionKind(kind), seat, amount)


def phh_cards_of(text: str) -> set[str]:
    """Every known card the actions of a PHH document name."""
    return {card_str(c) for a in parse_actions(loads(text)) for c in a.cards if c is not None}
