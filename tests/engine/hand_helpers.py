"""Shared helpers for the engine's hand tests (not a test module).

* :func:`stacked_deck` builds the deck order that deals chosen hole cards and boards.
* :func:`italiana` and :func:`deck_for`: a hand of poker all'italiana (R31-R39) and the
  deck that deals it; :func:`telesina` and :func:`deck_of`, a hand of Telesina (R40).
* :class:`Table` drives a hand by seat and action name, checks the chip total after every
  step and that every state survives a JSON round trip unchanged (issue scope 5).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import FULL_DECK, Card, parse_cards
from engine.events import Event
from engine.fairness import stud_deck
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import LegalActions, legal_actions
from engine.state import HandConfig, HandState

E = TypeVar("E", bound=Event)


def italiana(n: int = 4, **changes: Any) -> HandConfig:
    """``n`` players in seats 1..n, the last the mazziere; invito 10, cip 10, pot limit
    (R38.1's default; the engine's config default is no-limit, the table passes it)."""
    base: dict[str, Any] = {
        "seats": tuple(range(1, n + 1)),
        "stacks": (1000,) * n,
        "button": n,
        "small_blind": 0,
        "big_blind": 10,
        "ante": 10,
        "structure": Structure.POT_LIMIT,
        "game": Game.ITALIANA,
    }
    base.update(changes)
    return HandConfig(**base)


def play(state: HandState, *steps: str) -> tuple[HandState, list[Event]]:
    """Play ``"2 open 40"``, ``"3 fold"``, ``"1 draw 7"`` (a bit mask) ...; every event."""
    events: list[Event] = []
    for step in steps:
        seat, kind, *amount = step.split()
        state, new = apply(state, Action(ActionKind(kind), int(seat), *map(int, amount)))
        events += new
    return state, events


def deck_for(*hands: str, stub: str = "") -> list[Card]:
    """The deck that deals ``hands`` (one a player, from the mazziere's left) one card at a
    time (R33.3), then ``stub`` (the draw's first cards: no burn, R31)."""
    cards = [parse_cards(hand) for hand in hands]
    order = [cards[p][r] for r in range(5) for p in range(len(cards))]
    return order + list(parse_cards(stub))


def telesina(n: int = 5, **changes: Any) -> HandConfig:
    """A hand of Telesina for seats 1 to ``n``, the button on the last: an invito of 10,
    the least bet 10, pot limit (R40.2, R40.5)."""
    base: dict[str, Any] = {
        "seats": tuple(range(1, n + 1)), "stacks": tuple([1000] * n), "button": n,
        "small_blind": 0, "big_blind": 10, "ante": 10, "structure": Structure.POT_LIMIT,
        "game": Game.TELESINA,
    }  # fmt: skip
    base.update(changes)
    return HandConfig(**base)


def deck_of(config: HandConfig, *hands: str) -> list[Card]:
    """The deck that deals each seat (in seat order, seat 1 left of the button) its cards
    in the order dealt, nobody folding: card ``r`` of player ``i`` at ``r * n + i`` (two
    rounds, then a card a street to everyone, no burn: R40.3)."""
    n = len(config.seats)
    cards = [parse_cards(hand) for hand in hands]
    deck: list[Card | None] = [None] * (5 * n)
    for i, hole in enumerate(cards):
        for r, card in enumerate(hole):
            deck[r * n + i] = card
    named = {c for c in deck if c is not None}
    spare = iter(c for c in rules(config.game, n).deck if c not in named)
    return [c if c is not None else next(spare) for c in deck]


def positions(config: HandConfig) -> list[int]:
    """Seats in dealing order: the first seat clockwise after the button first (R4.1)."""
    clockwise = sorted(config.seats)
    start = (clockwise.index(config.button) + 1) % len(clockwise)
    return clockwise[start:] + clockwise[:start]


def stacked_deck(
    config: HandConfig,
    holes: Mapping[int, str],
    board: str = "",
    second_board: str = "",
) -> list[Card]:
    """The deck order that deals ``holes`` (by seat, e.g. ``{1: "AhKd"}``) and ``board``
    (up to five cards), then ``second_board`` (the cards a second run adds, R12; with a
    double board, the second board, R23).

    Seats without hole cards get unused cards; burns are unused cards too (R4.2). A stud
    game's ``holes`` are every card each seat is dealt, in order (three to seven: who
    folds gets fewer), and ``board`` its community card if any (R45.2, R45.3).
    """
    order = positions(config)
    if rules(config.game).stud:
        return _stud_deck(order, holes, board)
    n = len(order)
    named = [card for text in holes.values() for card in parse_cards(text)]
    named += list(parse_cards(board)) + list(parse_cards(second_board))
    assert len(set(named)) == len(named), "a card is named twice"
    spare = iter(card for card in FULL_DECK if card not in set(named))
    count = rules(config.game).hole_cards  # two, or Omaha's four (R17)
    hole_cards = {seat: list(parse_cards(text)) for seat, text in holes.items()}
    for seat in order:
        hole_cards.setdefault(seat, [next(spare) for _ in range(count)])
    deck: list[Card] = [0] * (count * n)
    for p, seat in enumerate(order):
        for r, card in enumerate(hole_cards[seat]):
            deck[r * n + p] = card  # one card at a time, a round per card (R4.1)
    if config.double_board:  # R23: one burn a street, then the first board's, the second's
        boards = [list(parse_cards(board)), list(parse_cards(second_board))]
        for start, end in ((0, 3), (3, 4), (4, 5)):
            if not any(boards[b][start:end] for b in (0, 1)):
                break
            deck.append(next(spare))  # burn
            deck.extend(boards[0][start:end] + boards[1][start:end])
        return deck
    for run in (list(parse_cards(board)), list(parse_cards(second_board))):
        for size in (3, 1, 1):
            if not run:
                break
            deck.append(next(spare))  # burn
            deck.extend(run[:size])
            run = run[size:]
    return deck


def _stud_deck(order: list[int], holes: Mapping[int, str], board: str) -> list[Card]:
    """R45.2: each seat's cards where engine.fairness.stud_positions places them."""
    return list(stud_deck([parse_cards(holes[seat]) for seat in order], parse_cards(board)))


def round_trip(state: HandState) -> HandState:
    """The state after to_json -> JSON text -> from_json."""
    return HandState.from_json(json.loads(json.dumps(state.to_json())))


@dataclass
class Table:
    """One hand under test: ``t.act(3, "raise", 60)`` applies an action by seat."""

    state: HandState
    events: list[Event] = field(default_factory=list)
    states: list[HandState] = field(default_factory=list)

    @classmethod
    def start(
        cls,
        holes: Mapping[int, str] | None = None,
        board: str = "",
        second_board: str = "",
        **options: object,
    ) -> Table:
        """Start a hand from HandConfig keyword options, dealing the given cards."""
        options.setdefault("small_blind", 1)
        options.setdefault("big_blind", 2)
        if "seats" not in options:
            options["seats"] = tuple(range(1, len(options["stacks"]) + 1))
        options.setdefault("button", options["seats"][-1])
        config = HandConfig(**options)
        deck = stacked_deck(config, holes or {}, board, second_board)
        state, events = start_hand(config, deck=deck)
        table = cls(state, list(events), [state])
        table._check(state)
        return table

    def _check(self, state: HandState) -> None:
        assert round_trip(state) == state
        assert state.total_chips == sum(state.config.stacks)

    @property
    def legal(self) -> LegalActions:
        legal = legal_actions(self.state)
        assert legal is not None, "the hand is over"
        return legal

    def act(self, seat: int, kind: str, amount: int | None = None) -> list[Event]:
        state, events = apply(self.state, Action(ActionKind(kind), seat, amount))
        self._check(state)
        self.state = state
        self.events.extend(events)
        self.states.append(state)
        return events

    def play(self, script: str) -> None:
        """Apply ``"3 raise 60, 1 call, 2 fold"``-style actions in order."""
        for step in script.split(","):
            words = step.split()
            if not words:
                continue
            amount = int(words[2]) if len(words) > 2 else None
            self.act(int(words[0]), words[1], amount)

    def check_down(self) -> None:
        """Check or call (a stud game's bring-in: bring in) until the betting is over (no
        raises)."""
        while self.state.phase == "betting":
            legal = self.legal
            self.act(legal.seat, next(k for k in ("bring_in", "check", "call") if legal.allows(k)))

    def play_out(self) -> None:
        """Check or call to the end of the hand, showing every hand asked about (the
        cards are the test's subject)."""
        while self.state.phase != "finished":
            legal = self.legal
            if legal.allows("bring_in"):
                self.act(legal.seat, "bring_in")
            elif legal.allows("check"):
                self.act(legal.seat, "check")
            elif legal.allows("call"):
                self.act(legal.seat, "call")
            else:
                self.act(legal.seat, "show")

    def of_type(self, kind: type[E]) -> list[E]:
        return [event for event in self.events if isinstance(event, kind)]

    def stacks(self) -> dict[int, int]:
        return self.state.stacks_by_seat()


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def seats_of(events: Sequence[Event], attribute: str = "seat") -> list[int]:
    return [getattr(event, attribute) for event in events]


HOLES = {
    1: "Ah Kd 4c Ks 9d 2h 7c",
    2: "Qs Qh 2c Jd 6h 3s Tc",
    3: "8s 8d 5s 7h 8h Js 3d",
}


def stud(holes=HOLES, game=Game.SEVEN_CARD_STUD, stacks=None, **options) -> Table:
    """A stud hand dealing ``holes`` (each seat's cards in the order dealt): bring-in 1,
    small bet 4 (big bet 8), fixed-limit (R45.1)."""
    options.setdefault("small_blind", 1)
    options.setdefault("big_blind", 4)
    return Table.start(
        holes,
        stacks=stacks or (100,) * len(holes),
        game=game,
        structure=Structure.FIXED_LIMIT,
        **options,
    )


def check_round(state: HandState) -> tuple[HandState, list[int], list[Event]]:
    """Everyone checks the round: the seats in the order they spoke, and the events."""
    order: list[int] = []
    events: list[Event] = []
    street = state.street
    while state.street == street and (legal := legal_actions(state)) is not None:
        if ActionKind.CHECK not in legal.kinds:
            break
        order.append(legal.seat)
        state, new = apply(state, Action(ActionKind.CHECK, legal.seat))
        events += new
    return state, order, events


def random_action(
    state: HandState, rng: random.Random, fold: float = 0.15, bet: float = 0.4
) -> Action:
    """A random legal decision of a betting game: at the showdown show or muck; else fold
    with chance ``fold``, bet or raise a random legal amount with chance ``bet`` less it,
    or check or call."""
    legal = legal_actions(state)
    assert legal is not None
    kinds = legal.kinds
    roll = rng.random()
    if ActionKind.SHOW in kinds:
        kind = rng.choice([k for k in kinds if k in (ActionKind.SHOW, ActionKind.MUCK)])
        return Action(kind, legal.waiting[0] if legal.waiting else legal.seat)
    if ActionKind.FOLD in kinds and roll < fold:
        return Action(ActionKind.FOLD, legal.seat)
    if legal.min_to is not None and legal.max_to is not None and roll < bet:
        kind = ActionKind.BET if ActionKind.BET in kinds else ActionKind.RAISE
        return Action(kind, legal.seat, rng.randint(legal.min_to, legal.max_to))
    kind = ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL
    return Action(kind, legal.seat)
