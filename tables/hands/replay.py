"""Rebuild a finished hand's full event log from its record (DESIGN invariant 5, R15).

A finished :class:`~tables.hands.models.Hand` keeps its engine config (``Hand.config``), what
its deck came from (deck v2's secret and nonces, or the seed of a hand dealt before,
:mod:`tables.hands.proof`) and every decision (``HandAction`` rows, in ``sequence``
order). The engine is a pure function, so :func:`replay` deals the same deck again (R1.3)
and takes the same engine steps as the live table: the recorded actions, and
the dealer's streets of a paced all-in runout, which the clock deals and nobody records
(:func:`replay_record`; a hand may have no decision at all). Every intermediate state and
every event come back, and the last state equals ``Hand.final_state``.

The replay holds secrets (the deck, every hole card). What a viewer may see of it is decided
here and only here: :meth:`ReplayedHand.visible_holes` — the viewer's own cards, the hands
shown (R4.3, R11) and the cards shown after the hand (R11.5). Cards that were mucked or never
shown leave this module only for their own player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, ActionKind
from engine.cards import Card, card_str
from engine.events import (
    CardsDrawn,
    CardsShownAfter,
    DownCardDealt,
    Event,
    FourthCardDealt,
    HandShown,
    HoleCardsDealt,
)
from engine.hand import apply, deal_next, start_hand
from engine.state import HandConfig, HandState, Phase
from tables.hands.models import Hand, HandAction
from tables.hands.proof import start_kwargs


class ReplayError(Exception):
    """The hand cannot be replayed: it is not finished, or its record is inconsistent.
    The message names the hand (:func:`describe`); ``reason`` is the rest of it."""

    def __init__(self, hand: Hand, reason: str) -> None:
        super().__init__(f"{describe(hand)}: {reason}")
        self.hand = hand
        self.reason = reason


@dataclass(frozen=True)
class RecordedAction:
    """One stored decision (a ``HandAction`` row) in plain form."""

    seat: int
    kind: str
    amount: int | None
    timeout: bool = False
    at: Any = None

    @classmethod
    def of(cls, row: HandAction) -> RecordedAction:
        return cls(row.seat, row.kind, row.amount, row.timeout, row.created_at)


@dataclass(frozen=True)
class Step:
    """The state after one decision and its events (``action`` is ``None`` for the deal and
    for each street of a paced all-in runout)."""

    action: RecordedAction | None
    state: HandState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class ReplayedHand:
    """A finished hand replayed through the engine. SECRET as a whole: see :meth:`visible_holes`."""

    hand: Hand
    steps: tuple[Step, ...]

    @property
    def config(self) -> HandConfig:
        return self.steps[0].state.config

    @property
    def final(self) -> HandState:
        return self.steps[-1].state

    @property
    def events(self) -> list[Event]:
        return [event for step in self.steps for event in step.events]

    @property
    def names(self) -> dict[int, str]:
        """Player names by seat, as they were when the hand started."""
        return {p["seat"]: p["name"] for p in self.hand.players}

    @property
    def user_seats(self) -> dict[int, int]:
        """Seat by user id, for the players who may see their own hole cards here: in an
        imported hand only the player whose cards the log gave (``hole_cards_known``); the
        others' cards are stand-ins (``Hand.imported_deck``), never shown, even to them."""
        return {
            p["user_id"]: p["seat"]
            for p in self.hand.players
            if p.get("user_id") and p.get("hole_cards_known", True)
        }

    def seat_of(self, user: Any) -> int | None:
        """The seat ``user`` played in this hand, or ``None`` (not dealt in, or anonymous)."""
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        return self.user_seats.get(user.pk)

    def shown(self) -> dict[int, tuple[Card, ...]]:
        """Hole cards turned face up during the hand (R11), by seat."""
        return {e.seat: tuple(e.cards) for e in self.events if isinstance(e, HandShown)}

    def visible_holes(self, viewer_seat: int | None) -> dict[int, list[str | None]]:
        """The hole cards the viewer may see, by seat, as card names: their own, the hands
        shown (R11) and the cards shown after the hand (R11.5; ``None`` for a card of that
        hand still face down)."""
        final = self.final
        out: dict[int, list[str | None]] = {}
        for i, seat in enumerate(final.seats):
            cards = final.holes[i] if seat == viewer_seat else final.public_holes(i)
            if any(c is not None for c in cards):
                out[seat] = [None if c is None else card_str(c) for c in cards]
        return out

    def shown_after(self) -> dict[int, tuple[Card, ...]]:
        """Hole cards shown once the hand was over (R11.5), by seat, in the order shown."""
        out: dict[int, tuple[Card, ...]] = {}
        for e in self.events:
            if isinstance(e, CardsShownAfter):
                out[e.seat] = out.get(e.seat, ()) + tuple(e.cards)
        return out

    def public_events(self, viewer_seat: int | None) -> list[Event]:
        """The events the viewer may see: secret ones (their hole cards, their draws, their
        stud down cards) only for their own seat."""
        return [
            e
            for e in self.events
            if not e.secret
            or (
                isinstance(e, HoleCardsDealt | CardsDrawn | FourthCardDealt | DownCardDealt)
                and e.seat == viewer_seat
            )
        ]

    def dealt_cards(self, seat: int) -> list[Card]:
        """Every card ``seat`` was dealt, in order: the hole cards, then each draw's (R42).
        SECRET: for that seat's player only."""
        return [
            card
            for e in self.events
            if isinstance(e, HoleCardsDealt | CardsDrawn | FourthCardDealt) and e.seat == seat
            for card in (
                e.cards
                if isinstance(e, HoleCardsDealt)
                else (e.card,)
                if isinstance(e, FourthCardDealt)
                else e.drawn
            )
        ]


def replay(
    hand: Hand, actions: Iterable[HandAction | RecordedAction] | None = None
) -> ReplayedHand:
    """Replay a finished hand from ``Hand.config``, its deck and its actions.

    ``actions`` default to the hand's ``HandAction`` rows (one query); pass them when they
    were prefetched. Raises :class:`ReplayError` for a hand that is not finished.
    """
    if hand.ended_at is None:
        raise ReplayError(hand, "it is not finished")
    if actions is None:
        actions = hand.actions.order_by("sequence")
    recorded = [a if isinstance(a, RecordedAction) else RecordedAction.of(a) for a in actions]
    return replay_record(hand, HandConfig.from_json(hand.config), recorded)


def replay_record(
    hand: Hand, config: HandConfig, actions: Sequence[RecordedAction]
) -> ReplayedHand:
    """Replay the hand as the live services played it (``tables.play.actions.hand``): after
    the deal and after every step, a hand in phase ``runout`` waits for the dealer, and the
    clock deals its next street (:func:`~engine.hand.deal_next`, one step per street);
    otherwise it waits for a decision, the next recorded action. That holds whether the
    runout follows a decision or the deal itself (everyone all-in from the antes or the
    blinds: a hand with no decision at all)."""
    state, events = start_hand(config, **start_kwargs(hand))
    steps = [Step(None, state, tuple(events))]
    recorded = iter(actions)
    while not state.is_finished:
        if state.phase is Phase.RUNOUT:
            state, events = deal_next(state)
            steps.append(Step(None, state, tuple(events)))
            continue
        action = next(recorded, None)
        if action is None:
            raise ReplayError(hand, "the recorded actions do not finish the hand")
        try:
            state, events = apply(
                state, Action(ActionKind(action.kind), action.seat, action.amount)
            )
        except Exception as error:  # an inconsistent record: say which hand and action
            raise ReplayError(hand, f"{action} does not replay: {error}") from error
        steps.append(Step(action, state, tuple(events)))
    for extra in recorded:  # after the hand only cards nobody saw may be shown (R11.5)
        if extra.kind != ActionKind.SHOW_AFTER:
            raise ReplayError(hand, f"{extra} is recorded after the end of the hand")
        try:
            state, events = apply(state, Action(ActionKind.SHOW_AFTER, extra.seat, extra.amount))
        except Exception as error:
            raise ReplayError(hand, f"{extra} does not replay: {error}") from error
        steps.append(Step(extra, state, tuple(events)))
    return ReplayedHand(hand, tuple(steps))


def describe(hand: Hand) -> str:
    """Which hand, for error messages and logs: table, number and id."""
    return f"table {hand.table_id} hand #{hand.number} (id {hand.pk})"
