"""The working copy of a hand: the one mutable thing in the engine.

A :class:`~engine.state.HandState` is immutable. :func:`engine.hand.apply` copies it into a
:class:`WorkingCopy`, plays the action into the copy with the steps of the hand (the
functions of :mod:`engine.forced_bets`, :mod:`engine.dealing`, :mod:`engine.betting_round`,
:mod:`engine.run_twice`, :mod:`engine.showdown`, :mod:`engine.awards` and
:mod:`engine.seven_deuce`, which take the copy as ``w``), then freezes it into the next
state. The copy never outlives one call (or one :class:`engine.hand.HandInPlay`).

Players are kept in *position order*: index 0 is the first player dealt in clockwise from
the button, the last index is the button (see :mod:`engine.hand`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

from engine.cards import Card
from engine.events import Event
from engine.state import HandConfig, HandState, Phase, Street

__all__ = ["WorkingCopy", "state_from_fields"]

_STATE_FIELD_SETTERS: Final = tuple(
    getattr(HandState, item.name).__set__ for item in fields(HandState)
)


def state_from_fields(values: tuple[Any, ...]) -> HandState:
    """Build a :class:`HandState` from its field values, in field order, without the
    dataclass ``__init__`` (which sets each frozen field through ``object.__setattr__`` and
    took a third of :func:`engine.hand.apply`'s time). The result is an ordinary frozen
    HandState."""
    state: HandState = object.__new__(HandState)
    for set_field, value in zip(_STATE_FIELD_SETTERS, values, strict=True):
        set_field(state, value)
    return state


class WorkingCopy:
    """A mutable copy of a :class:`HandState`, used inside one :func:`engine.hand.apply`
    and frozen into the next state. The steps of the hand are functions of it, each in the
    module of its rule, each citing it."""

    # HandState's fields, in its order, then the working copy's own ``n`` and ``events``.
    # __init__ and freeze() list them again for speed (freeze is positional); the test
    # test_the_working_copy_carries_every_state_field_to_its_place fails if they drift.
    __slots__ = (*(item.name for item in fields(HandState)), "n", "events")

    config: HandConfig
    seats: tuple[int, ...]
    deck: tuple[Card, ...]
    dealt: int
    seed: bytes | None
    commitment: str | None
    holes: tuple[tuple[Card, ...], ...]
    boards: list[tuple[Card, ...]]
    stacks: list[int]
    bets: list[int]
    contributions: list[int]
    dead: int
    folded: list[bool]
    street: Street
    phase: Phase
    to_act: list[int]
    acted: list[bool]
    increment: int
    bets_made: int
    aggressor: int | None
    all_in: bool
    runs: int
    shown: list[bool]
    mucked: list[bool]
    won: list[int]
    rake: int
    shown_after: list[int]
    bounty: list[int]
    pile: tuple[Card, ...]
    drawn: list[tuple[int, ...]]
    opener: int | None
    carried: int
    waiting: tuple[tuple[Card, ...], ...]
    blind: tuple[int, ...]
    unseen: tuple[int, ...]
    n: int
    events: list[Event]

    def __init__(self, s: HandState) -> None:
        self.config = s.config
        self.n = len(s.seats)
        self.seats = s.seats
        self.deck = s.deck
        self.dealt = s.dealt
        self.seed = s.seed
        self.commitment = s.commitment
        self.holes = s.holes
        self.boards = list(s.boards)
        self.stacks = list(s.stacks)
        self.bets = list(s.bets)
        self.contributions = list(s.contributions)
        self.dead = s.dead
        self.folded = list(s.folded)
        self.street = s.street
        self.phase = s.phase
        self.to_act = list(s.to_act)
        self.acted = list(s.acted)
        self.increment = s.increment
        self.bets_made = s.bets_made
        self.aggressor = s.aggressor
        self.all_in = s.all_in
        self.runs = s.runs
        self.shown = list(s.shown)
        self.mucked = list(s.mucked)
        self.won = list(s.won)
        self.rake = s.rake
        self.shown_after = list(s.shown_after)
        self.bounty = list(s.bounty)
        self.pile = s.pile
        self.drawn = list(s.drawn)
        self.opener = s.opener
        self.carried = s.carried
        self.waiting = s.waiting
        self.blind = s.blind
        self.unseen = s.unseen
        self.events = []

    def freeze(self) -> HandState:
        """The next :class:`HandState`; the values in HandState's field order (see __slots__)."""
        return state_from_fields(
            (
                self.config,
                self.seats,
                self.deck,
                self.dealt,
                self.seed,
                self.commitment,
                self.holes,
                tuple(self.boards),
                tuple(self.stacks),
                tuple(self.bets),
                tuple(self.contributions),
                self.dead,
                tuple(self.folded),
                self.street,
                self.phase,
                tuple(self.to_act),
                tuple(self.acted),
                self.increment,
                self.bets_made,
                self.aggressor,
                self.all_in,
                self.runs,
                tuple(self.shown),
                tuple(self.mucked),
                tuple(self.won),
                self.rake,
                tuple(self.shown_after),
                tuple(self.bounty),
                self.pile,
                tuple(self.drawn),
                self.opener,
                self.carried,
                self.waiting,
                self.blind,
                self.unseen,
            )
        )

    def put(self, p: int, chips: int) -> None:
        """Move ``chips`` from player ``p``'s stack into their bet (R7.5: only from the table)."""
        self.stacks[p] -= chips
        self.bets[p] += chips
        self.contributions[p] += chips
