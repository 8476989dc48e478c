"""One hand of Texas Hold'em as a state machine (R2-R13, R15).

:func:`start_hand` takes a :class:`HandConfig` (who is dealt in, stacks, button, blinds,
antes, straddle, structure and the host's options) and a shuffled deck; it posts the antes
and blinds, deals the hole cards and returns the first :class:`HandState` with the events
that led to it. :func:`legal_actions` says who acts and what they may do; :func:`apply`
takes an :class:`Action` and returns the next state and its events. States are immutable:
an illegal action raises :class:`EngineError` and leaves everything as it was (R6).

The hand runs through these phases (:class:`Phase`):

``betting``
    A betting round on the current street (R5, R6, R7). When it ends, the uncalled part of
    the largest bet goes back (R8.2) and the hand moves on: one player left wins at once
    (R5.4); two or more with at most one able to bet run the board out (R5.5); otherwise
    the next street is dealt, or after the river comes the showdown.
``run_twice``
    Everyone still in is all-in before the river (or all but one), the table allows it:
    each is asked in turn to agree to run it twice (R12). One "no" ends the question.
``runout``
    Only with ``paced_runout`` (live tables): no more betting is possible, every hand still
    in is face up, and the rest of the board waits for the dealer: each :func:`deal_next`
    deals one street (R5.5, R11.1, R12), so the table can show the equities street by
    street. The last street awards the pots as in ``showdown``.
``showdown``
    Hands are shown or mucked (R11). Hands that cannot be mucked are shown automatically;
    the player is asked only when mucking is allowed. With ``explicit_showdown`` (replays)
    every player still in decides, in any order.
``finished``
    Pots are awarded (R8.3, R10, R12, R13) and the seed is revealed (R15).

Players are kept in *position order*: index 0 is the first player dealt in clockwise from
the button, the last index is the button. Heads-up the button is index 1 and posts the small
blind (R2.4). Public functions speak in seat numbers.

Cards leave the deck in one fixed order (R4): the hole cards one at a time clockwise from
the left of the button, two rounds (R4.1); then burn and flop, burn and turn, burn and river
(R4.2); a second run (R12) continues from the same deck with a burn before each street it
deals; a double board (R23) deals each street after its one burn to the first board, then
to the second. :meth:`HandState.dealt_cards` is that sequence, for :func:`engine.deck.verify`.

This module is the machine and its inputs (:class:`Action`, :class:`LegalActions`). The
state and its JSON form live in :mod:`engine.state`, the events in :mod:`engine.events`,
the refusals in :mod:`engine.errors`; their names are re-exported here. What is left is
long because it is one idea: every step of a hand (forced bets, dealing, betting, run it
twice, the runout, the showdown and the awards) is a method of the one working copy
(``_Work``) that :func:`apply` freezes into the next state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, Final

from engine import equity as _equity
from engine.betting import (
    Structure,
    bet_unit,
    is_full_raise,
    may_raise,
    opening_increment,
    raise_limits,
)
from engine.cards import FULL_DECK, Card
from engine.deck import commitment as seed_commitment
from engine.deck import new_seed, shuffled_deck
from engine.errors import EngineError, ErrorCode
from engine.evaluation import evaluate_omaha_low
from engine.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BoardDealt,
    CardsShownAfter,
    Event,
    HandFinished,
    HandMucked,
    HandNamed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RakeTaken,
    RunItTwiceDecided,
    SevenDeuceBounty,
    StreetStarted,
    UncalledBetReturned,
)
from engine.games import Game, rules
from engine.pots import (
    Pot,
    award_order,
    rake,
    side_pots,
    split_high_low,
    split_pot,
    split_runs,
    uncalled_bet,
)
from engine.state import FORMAT, HandConfig, HandState, Phase, Street

# The names below the machine's own are re-exported from engine.errors, engine.events and
# engine.state, where they live, so that ``from engine.hand import X`` keeps working.
__all__ = [
    "Action",
    "ActionKind",
    "LegalActions",
    "apply",
    "HandInPlay",
    "blind_seats",
    "deal_next",
    "default_action",
    "equities",
    "is_seven_deuce",
    "legal_actions",
    "pots",
    "start_hand",
    # engine.betting
    "Structure",
    # engine.errors
    "EngineError",
    "ErrorCode",
    # engine.events
    "ActionTaken",
    "AntePosted",
    "BlindPosted",
    "BoardDealt",
    "CardsShownAfter",
    "Event",
    "HandFinished",
    "HandMucked",
    "HandNamed",
    "HandShown",
    "HandStarted",
    "HoleCardsDealt",
    "PotAwarded",
    "RakeTaken",
    "RunItTwiceDecided",
    "SevenDeuceBounty",
    "StreetStarted",
    "UncalledBetReturned",
    # engine.state
    "FORMAT",
    "HandConfig",
    "HandState",
    "Phase",
    "Street",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
"""A table seats 2 to 10 players (R1.1)."""

BOARD_CARDS: Final = 5


# --------------------------------------------------------------------------- vocabulary


_BOARD_SIZE_AT: Final = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_STREET_OF_BOARD: Final = {0: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
_CARDS_FOR: Final = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
_STREETS_AFTER: Final = {
    0: (Street.FLOP, Street.TURN, Street.RIVER),
    3: (Street.TURN, Street.RIVER),
    4: (Street.RIVER,),
}


class ActionKind(StrEnum):
    """Everything a player can do (R6, R11.3, R12)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"
    RUN_TWICE = "run_twice"
    SHOW = "show"
    MUCK = "muck"
    SHOW_AFTER = "show_after"
    """Once the hand is over: show hole cards nobody saw; amount is a bit mask of the
    hole-card indices (1 = the first, 2 = the second, 3 = both; R11.5)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One player's decision.

    ``amount`` means, by kind: BET and RAISE, the "to" amount (the player's total bet in
    this round after the action); CALL, optional, the chips added (checked if given);
    ALL_IN, optional, the "to" amount (checked if given); RUN_TWICE, 1 to agree and 0 to
    decline; nothing (``None``) for the others.
    """

    kind: ActionKind
    seat: int
    amount: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form: ``{"kind": "raise", "seat": 3, "amount": 60}``."""
        return {"kind": str(self.kind), "seat": self.seat, "amount": self.amount}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Inverse of :meth:`to_json`; the kind is checked when the action is applied."""
        return cls(kind=data["kind"], seat=data["seat"], amount=data.get("amount"))


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do now.

    Attributes:
        seat: whose turn it is.
        kinds: the allowed :class:`ActionKind` values.
        call_amount: chips a CALL adds (0 when the player may check).
        min_to, max_to: the bet-or-raise-to range (``None`` when BET/RAISE is not allowed).
        all_in_to: the "to" amount of ALL_IN ("all-in for X": X = ``stack``), or ``None``.
        stack: chips behind; bet: chips already in front of the player this round.
        waiting: every seat that may act now (several only in an explicit showdown).
    """

    seat: int
    kinds: tuple[ActionKind, ...]
    call_amount: int = 0
    min_to: int | None = None
    max_to: int | None = None
    all_in_to: int | None = None
    stack: int = 0
    bet: int = 0
    waiting: tuple[int, ...] = ()

    def allows(self, kind: ActionKind | str) -> bool:
        """Whether ``kind`` is among :attr:`kinds`."""
        return kind in self.kinds


# --------------------------------------------------------------------------- building a state


_STATE_FIELD_SETTERS: Final = tuple(
    getattr(HandState, item.name).__set__ for item in fields(HandState)
)


def _state_of(values: tuple[Any, ...]) -> HandState:
    """Build a :class:`HandState` from its field values, in field order, without the
    dataclass ``__init__`` (which sets each frozen field through ``object.__setattr__`` and
    took a third of :func:`apply`'s time). The result is an ordinary frozen HandState."""
    state: HandState = object.__new__(HandState)
    for set_field, value in zip(_STATE_FIELD_SETTERS, values, strict=True):
        set_field(state, value)
    return state


# --------------------------------------------------------------------------- positions


def _blind_positions(config: HandConfig, n: int) -> tuple[int | None, int, int | None]:
    """Return the position indices of the small blind, the big blind and the straddler.

    The small blind is the first player left of the button, the big blind the next (R2.3);
    heads-up the button (index 1) posts the small blind (R2.4). The straddler is the player
    left of the big blind (R3.3), only with three players or more. With a dead small blind
    (R28.5) nobody posts it and the first player left of the button is the big blind.
    """
    if n == MIN_PLAYERS:
        return 1, 0, None
    small, big = (None, 0) if config.dead_small_blind else (0, 1)
    return small, big, (big + 1 if config.straddle else None)


def blind_seats(state: HandState) -> tuple[int | None, int]:
    """The seats of the small blind (``None``: a dead small blind, R28.5) and the big
    blind of this hand (R2.3, R2.4)."""
    small, big, _ = _blind_positions(state.config, len(state.seats))
    return (None if small is None else state.seats[small]), state.seats[big]


# --------------------------------------------------------------------------- start


def _check_int(value: object, name: str, minimum: int = 0) -> int:
    if type(value) is not int or value < minimum:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, f"{name} must be an int >= {minimum}, not {value!r}"
        )
    return value


def _check_config(config: HandConfig) -> None:
    """Refuse a config that breaks R1.1, R2, R3 or R13 (code ``invalid_config``)."""
    seats, stacks = config.seats, config.stacks
    if not isinstance(seats, tuple) or not isinstance(stacks, tuple):
        raise EngineError(ErrorCode.INVALID_CONFIG, "seats and stacks must be tuples")
    if not isinstance(config.game, Game):
        raise EngineError(ErrorCode.INVALID_CONFIG, f"unknown game {config.game!r}")
    if type(config.double_board) is not bool:
        raise EngineError(ErrorCode.INVALID_CONFIG, "double_board must be a bool")
    most = rules(config.game).seats_for(2 if config.double_board else 1)
    if not MIN_PLAYERS <= len(seats) <= most:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"a hand of {rules(config.game).name}"
            f"{' with a double board' if config.double_board else ''} needs 2 to {most} "
            f"players, not {len(seats)} (R1.1, R23)",
        )
    if len(stacks) != len(seats):
        raise EngineError(ErrorCode.INVALID_CONFIG, "stacks must be aligned with seats")
    for seat in seats:
        _check_int(seat, "a seat", 1)
    if len(set(seats)) != len(seats):
        raise EngineError(ErrorCode.INVALID_CONFIG, f"seats repeat: {seats!r}")
    for stack in stacks:
        _check_int(stack, "a stack", 1)
    _check_int(config.button, "the button seat", 1)
    for flag in ("dead_button", "dead_small_blind"):
        if type(getattr(config, flag)) is not bool:
            raise EngineError(ErrorCode.INVALID_CONFIG, f"{flag} must be a bool")
    if not config.dead_button and config.button not in seats:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, f"the button seat {config.button!r} is not dealt in (R2.1)"
        )
    if config.dead_button and (config.button in seats or len(seats) == MIN_PLAYERS):
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "a dead button is on a seat nobody dealt in holds, with three players or more (R28.5)",
        )
    if config.dead_small_blind and (
        len(seats) == MIN_PLAYERS or config.straddle or config.posting or config.bomb_pot
    ):
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "a dead small blind is a tournament's, with three players or more, and no "
            "straddle, posted blind or bomb pot (R28.5)",
        )
    _check_int(config.big_blind, "big_blind", 1)
    _check_int(config.small_blind, "small_blind", 0)
    if config.small_blind > config.big_blind:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, "the small blind may not exceed the big blind (R2.3)"
        )
    _check_int(config.ante, "ante")
    _check_int(config.big_blind_ante, "big_blind_ante")
    if config.ante and config.big_blind_ante:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, "choose an ante or a big-blind ante, not both (R3)"
        )
    if not isinstance(config.structure, Structure):
        raise EngineError(ErrorCode.INVALID_CONFIG, f"unknown structure {config.structure!r} (R7)")
    for seat in config.posting:
        if seat not in seats:
            raise EngineError(
                ErrorCode.INVALID_CONFIG, f"posting seat {seat!r} is not dealt in (R2.6)"
            )
    _check_int(config.bomb_pot, "bomb_pot")
    if config.bomb_pot and (
        config.ante or config.big_blind_ante or config.straddle or config.posting
    ):
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "a bomb pot has only its ante: no other ante, straddle or posted blind (R21)",
        )
    _check_int(config.seven_deuce, "seven_deuce")
    if config.seven_deuce and config.game is not Game.HOLDEM:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, "the 7-2 game is played with two hole cards: Hold'em (R22)"
        )
    if type(config.seven_deuce_shown) is not bool:
        raise EngineError(ErrorCode.INVALID_CONFIG, "seven_deuce_shown must be a bool")
    _check_int(config.rake_bps, "rake_bps")
    if config.rake_bps > 10_000:
        raise EngineError(ErrorCode.INVALID_CONFIG, "rake_bps is at most 10000 (100 %) (R13)")
    if config.rake_cap is not None:
        _check_int(config.rake_cap, "rake_cap")
    for flag in (
        "straddle",
        "run_it_twice_allowed",
        "show_all_called",
        "explicit_showdown",
        "paced_runout",
    ):
        if type(getattr(config, flag)) is not bool:
            raise EngineError(ErrorCode.INVALID_CONFIG, f"{flag} must be a bool")


def _full_deck(deck: Sequence[Card]) -> tuple[Card, ...]:
    """Return the 52-card order that starts with ``deck``, the unused cards following in
    increasing order (so a replay may give only the cards it knows)."""
    head = tuple(deck)
    for card in head:
        if type(card) is not int or not 0 <= card < len(FULL_DECK):
            raise EngineError(ErrorCode.INVALID_DECK, f"{card!r} is not a card (0..51)")
    if len(set(head)) != len(head):
        raise EngineError(ErrorCode.INVALID_DECK, "the deck holds a card twice")
    used = set(head)
    return head + tuple(card for card in FULL_DECK if card not in used)


def start_hand(
    config: HandConfig, *, seed: bytes | None = None, deck: Sequence[Card] | None = None
) -> tuple[HandState, list[Event]]:
    """Start a hand: post antes and blinds, deal the hole cards, open the preflop betting.

    Live play passes ``seed`` (or nothing: a fresh one comes from ``secrets``, R1.2) and the
    deck is :func:`engine.deck.shuffled_deck` of it; the state publishes its commitment (R15).
    Replays and tests pass ``deck``, the cards in the order they leave the deck (a prefix is
    enough; the rest follows in increasing order); there is no seed then.

    Forced bets, in PokerKit's order: antes first (R3.1; a uniform ante larger than every
    other player's is partly uncalled and returned, R8.2), or the big-blind ante (R3.2);
    then the small blind, the big blind, the straddle (R3.3) and live big blinds (R2.6), each
    from what is left; a player who cannot cover one posts all they have (R2.5).
    """
    _check_config(config)
    if seed is not None and deck is not None:
        raise EngineError(ErrorCode.INVALID_DECK, "give a seed or a deck, not both")
    if deck is not None:
        cards = _full_deck(deck)
        commitment = None
    else:
        if seed is None:
            seed = new_seed()
        try:
            cards = shuffled_deck(seed)
            commitment = seed_commitment(seed)
        except (TypeError, ValueError) as error:
            raise EngineError(ErrorCode.INVALID_DECK, str(error)) from None
        seed = bytes(seed)

    order = sorted(range(len(config.seats)), key=lambda k: config.seats[k])
    clockwise = [config.seats[k] for k in order]
    chips = [config.stacks[k] for k in order]
    # the first player clockwise after the button's seat (dealt in, or a dead button, R28.5)
    start = next((k for k, seat in enumerate(clockwise) if seat > config.button), 0)
    seats = tuple(clockwise[start:] + clockwise[:start])
    stacks = chips[start:] + chips[:start]
    n = len(seats)

    w = _Work.__new__(_Work)
    w.config = config
    w.n = n
    w.seats = seats
    w.deck = cards
    w.dealt = 0
    w.seed = seed if deck is None else None
    w.commitment = commitment
    w.holes = ()
    w.boards = [(), ()] if config.double_board else [()]  # R23: two boards from the flop
    w.stacks = stacks
    w.bets = [0] * n
    w.contributions = [0] * n
    w.dead = 0
    w.folded = [False] * n
    w.street = Street.PREFLOP
    w.phase = Phase.BETTING
    w.to_act = []
    w.acted = [False] * n
    w.increment = config.big_blind
    w.bets_made = 0
    w.aggressor = None
    w.all_in = False
    w.runs = 1
    w.shown = [False] * n
    w.mucked = [False] * n
    w.won = [0] * n
    w.rake = 0
    w.shown_after = [0] * n
    w.bounty = [0] * n
    w.events = []

    small, big, straddler = _blind_positions(config, n)
    w.events.append(
        HandStarted(
            seats=seats,
            stacks=tuple(stacks),
            button=config.button,
            small_blind_seat=None if small is None else seats[small],
            big_blind_seat=seats[big],
            straddle_seat=None if straddler is None else seats[straddler],
            commitment=commitment,
        )
    )
    if config.bomb_pot:
        w.post_bomb_pot()
        w.deal_hole_cards()
        w.end_round()  # R21: no preflop betting: the flop (or, all-in, the runout) comes
    else:
        w.post_forced_bets(small, big, straddler)
        w.deal_hole_cards()
        w.open_round(Street.PREFLOP)
    return w.freeze(), w.events


# --------------------------------------------------------------------------- legal actions


def _raise_options(s: HandState | _Work, p: int) -> tuple[int, int, bool, int, int]:
    """Return ``(to_call, call, can_raise, min_to, max_to)`` for player ``p`` (R6, R7)."""
    bets = s.bets
    stacks = s.stacks
    max_bet = max(bets)
    stack = stacks[p]
    bet = bets[p]
    to_call = max_bet - bet
    folded = s.folded
    others = False
    for q in range(len(bets)):
        if q != p and not folded[q] and stacks[q] + bets[q] > max_bet:
            others = True
            break
    structure = s.config.structure
    can = may_raise(
        structure=structure,
        bets_made=s.bets_made,
        acted=s.acted[p],
        stack=stack,
        to_call=to_call,
        increment=s.increment,
        others_can_respond=others,
    )
    if not can:
        return to_call, min(stack, to_call), False, 0, 0
    min_to, max_to = raise_limits(
        structure,
        stack=stack,
        bet=bet,
        max_bet=max_bet,
        increment=s.increment,
        pot=sum(s.contributions) + s.dead if structure is Structure.POT_LIMIT else 0,
    )
    return to_call, min(stack, to_call), True, min_to, max_to


def legal_actions(state: HandState) -> LegalActions | None:
    """What the player to act may do, or ``None`` when the hand is over.

    Betting (R6, R7): FOLD only when facing a bet; CHECK when there is nothing to call;
    CALL with :attr:`LegalActions.call_amount`; BET (nobody has bet this round) or RAISE in
    ``[min_to, max_to]``; ALL_IN when the whole stack is a call or a legal bet or raise.
    Run it twice: RUN_TWICE (amount 1 or 0). Showdown: SHOW, and MUCK when allowed (R11.3).
    """
    if not state.to_act:
        return None
    p = state.to_act[0]
    seat = state.seats[p]
    stack = state.stacks[p]
    bet = state.bets[p]
    if state.phase is Phase.RUN_TWICE:
        return LegalActions(seat, (ActionKind.RUN_TWICE,), stack=stack, waiting=(seat,))
    if state.phase is Phase.SHOWDOWN:
        decisions = (
            (ActionKind.SHOW, ActionKind.MUCK) if _may_muck(state, p) else (ActionKind.SHOW,)
        )
        waiting = (
            tuple(state.seats[q] for q in state.to_act)
            if state.config.explicit_showdown
            else (seat,)
        )
        return LegalActions(seat, decisions, stack=stack, waiting=waiting)
    to_call, call, can_raise, min_to, max_to = _raise_options(state, p)
    kinds: list[ActionKind] = []
    if to_call > 0:
        kinds += (ActionKind.FOLD, ActionKind.CALL)
    else:
        kinds.append(ActionKind.CHECK)
    all_in_to: int | None = None
    if can_raise:
        kinds.append(ActionKind.RAISE if max(state.bets) > 0 else ActionKind.BET)
        if stack + bet <= max_to:
            all_in_to = stack + bet
    if stack <= to_call:
        all_in_to = stack + bet
    if all_in_to is not None:
        kinds.append(ActionKind.ALL_IN)
    return LegalActions(
        seat,
        tuple(kinds),
        call_amount=call,
        min_to=min_to if can_raise else None,
        max_to=max_to if can_raise else None,
        all_in_to=all_in_to,
        stack=stack,
        bet=bet,
        waiting=(seat,),
    )


def default_action(state: HandState) -> Action | None:
    """The decision taken for a player whose clock and time bank ran out (R14): check if
    they can, otherwise fold; decline to run it twice; muck when allowed, else show.
    ``None`` when the hand is over."""
    legal = legal_actions(state)
    if legal is None:
        return None
    if state.phase is Phase.RUN_TWICE:
        return Action(ActionKind.RUN_TWICE, legal.seat, 0)
    if state.phase is Phase.SHOWDOWN:
        kind = ActionKind.MUCK if legal.allows(ActionKind.MUCK) else ActionKind.SHOW
        return Action(kind, legal.seat)
    kind = ActionKind.CHECK if legal.allows(ActionKind.CHECK) else ActionKind.FOLD
    return Action(kind, legal.seat)


# --------------------------------------------------------------------------- apply


def apply(state: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """Apply ``action`` and return the next state with the events it caused.

    An illegal action raises :class:`EngineError` (wrong seat, not their turn, unknown kind,
    a non-int or out-of-range amount, check facing a bet, raise when the betting is not
    reopened, anything after the hand ended) and nothing changes (R6).
    """
    kind = _kind_of(action)
    if state.phase is Phase.FINISHED:
        if kind is ActionKind.SHOW_AFTER:
            return _show_after(state, action.seat, action.amount)
        raise EngineError(ErrorCode.HAND_OVER, "the hand is over")
    w = _Work(state)
    _play(w, kind, action)
    return w.freeze(), w.events


class HandInPlay:
    """A hand moved on in place: :meth:`apply` is :func:`apply` (the same checks, the same
    rules, the same events) without a new :class:`HandState` after every action, which a
    replay, needing only the end, does not use (``engine.phh`` replays this way). An illegal
    action raises :class:`EngineError` before anything changes, as :func:`apply` does."""

    __slots__ = ("_work",)

    def __init__(self, state: HandState) -> None:
        self._work = _Work(state)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` in place; the events it caused."""
        w = self._work
        if w.phase is Phase.FINISHED:  # only a show after the hand (R11.5), as apply says
            state, events = apply(w.freeze(), action)
            self._work = _Work(state)
            return events
        kind = _kind_of(action)
        w.events = []
        _play(w, kind, action)
        return w.events

    @property
    def state(self) -> HandState:
        """The hand as it is now."""
        return self._work.freeze()

    @property
    def phase(self) -> Phase:
        return self._work.phase

    @property
    def to_act(self) -> Sequence[int]:
        """Positions to act, first first (as :attr:`HandState.to_act`)."""
        return self._work.to_act

    @property
    def bets(self) -> Sequence[int]:
        return self._work.bets

    @property
    def holes(self) -> tuple[tuple[Card, ...], ...]:
        return self._work.holes


def _kind_of(action: Action) -> ActionKind:
    kind = action.kind
    if type(kind) is ActionKind:
        return kind
    try:
        return ActionKind(kind)
    except ValueError:
        raise EngineError(ErrorCode.UNKNOWN_ACTION, f"unknown action {kind!r}") from None


def _play(w: _Work, kind: ActionKind, action: Action) -> None:
    """Check ``action`` against the hand in ``w`` (not finished), then play it into ``w``;
    an illegal action raises :class:`EngineError` before ``w`` changes (R6)."""
    if kind is ActionKind.SHOW_AFTER:
        raise EngineError(ErrorCode.WRONG_PHASE, "cards are shown this way once the hand is over")
    seat = action.seat
    if type(seat) is not int or seat not in w.seats:
        raise EngineError(ErrorCode.UNKNOWN_SEAT, f"seat {seat!r} is not in this hand")
    amount = action.amount
    if amount is not None and type(amount) is not int:
        raise EngineError(
            ErrorCode.BAD_AMOUNT, f"an amount is a whole number of chips, not {amount!r}"
        )
    p = w.seats.index(seat)
    phase = w.phase
    if phase is Phase.BETTING:
        if p != w.to_act[0]:
            raise EngineError(
                ErrorCode.NOT_YOUR_TURN,
                f"it is seat {w.seats[w.to_act[0]]}'s turn, not seat {seat}'s",
            )
        _bet(w, p, kind, amount)
        return
    if phase is Phase.RUN_TWICE:
        if p != w.to_act[0]:
            raise EngineError(ErrorCode.NOT_YOUR_TURN, f"seat {w.seats[w.to_act[0]]} answers first")
        if kind is not ActionKind.RUN_TWICE:
            raise EngineError(
                ErrorCode.WRONG_PHASE, "answer run_twice with amount 1 (yes) or 0 (no)"
            )
        if amount not in (0, 1):
            raise EngineError(
                ErrorCode.BAD_AMOUNT, "run_twice takes amount 1 (agree) or 0 (decline)"
            )
        w.answer_run_twice(p, amount == 1)
        return
    if phase is Phase.RUNOUT:
        raise EngineError(
            ErrorCode.WRONG_PHASE, "the board is being run out: nobody acts (see deal_next)"
        )
    # showdown
    if kind not in (ActionKind.SHOW, ActionKind.MUCK):
        raise EngineError(ErrorCode.WRONG_PHASE, "at showdown a player shows or mucks")
    if amount is not None:
        raise EngineError(ErrorCode.BAD_AMOUNT, "show and muck take no amount")
    explicit = w.config.explicit_showdown
    if (p not in w.to_act) if explicit else (p != w.to_act[0]):
        raise EngineError(
            ErrorCode.NOT_YOUR_TURN, f"seat {seat} has no showdown decision to make now"
        )
    if kind is ActionKind.MUCK and not _may_muck(w, p):
        raise EngineError(ErrorCode.CANNOT_MUCK, "this hand must be shown (R11.3)")
    w.decide_showdown(p, kind is ActionKind.SHOW)


def deal_next(state: HandState) -> tuple[HandState, list[Event]]:
    """Deal the next street of an all-in board in phase ``runout`` (``paced_runout``): the
    flop, turn or river of the first board, then of the second when it runs twice (R5.5,
    R12). Dealing the last street names the hands and awards the pots (R8.3, R10). The
    cards are those an unpaced hand deals at once. :class:`EngineError` ``wrong_phase``
    in any other phase."""
    if state.phase is not Phase.RUNOUT:
        raise EngineError(ErrorCode.WRONG_PHASE, "there is no board to run out now")
    w = _Work(state)
    if not w.deal_runout_street():
        w.name_hands()
        w.finish_showdown()
    return w.freeze(), w.events


def _bet(w: _Work, p: int, kind: ActionKind, amount: int | None) -> None:
    """A betting action of player ``p`` to act (R6, R7): checked, then played into ``w``."""
    to_call, call, can_raise, min_to, max_to = _raise_options(w, p)
    stack = w.stacks[p]
    bet = w.bets[p]
    if kind is ActionKind.ALL_IN:
        all_in_to = stack + bet
        if amount is not None and amount != all_in_to:
            raise EngineError(
                ErrorCode.AMOUNT_OUT_OF_RANGE, f"all-in is to {all_in_to}, not {amount}"
            )
        if stack <= to_call:
            kind, amount = ActionKind.CALL, None
        elif can_raise and all_in_to <= max_to:
            kind = ActionKind.RAISE if max(w.bets) > 0 else ActionKind.BET
            amount = all_in_to
        elif can_raise:
            raise EngineError(
                ErrorCode.CANNOT_ALL_IN, f"the most this player may bet now is to {max_to} (R7)"
            )
        else:
            raise EngineError(
                ErrorCode.CANNOT_ALL_IN, "this player may not raise now, only call or fold (R7.4)"
            )
    if kind is ActionKind.FOLD:
        if to_call <= 0:
            raise EngineError(ErrorCode.CANNOT_FOLD, "nothing to call: check instead of folding")
        if amount is not None:
            raise EngineError(ErrorCode.BAD_AMOUNT, "fold takes no amount")
    elif kind is ActionKind.CHECK:
        if to_call > 0:
            raise EngineError(ErrorCode.CANNOT_CHECK, f"facing a bet: call {call} or fold (R6)")
        if amount is not None:
            raise EngineError(ErrorCode.BAD_AMOUNT, "check takes no amount")
    elif kind is ActionKind.CALL:
        if to_call <= 0:
            raise EngineError(ErrorCode.CANNOT_CALL, "nothing to call: check (R6)")
        if amount is not None and amount != call:
            raise EngineError(
                ErrorCode.AMOUNT_OUT_OF_RANGE, f"a call adds {call} chips, not {amount}"
            )
    elif kind is ActionKind.BET or kind is ActionKind.RAISE:
        opened = max(w.bets) > 0
        if kind is ActionKind.BET and opened:
            raise EngineError(ErrorCode.CANNOT_BET, "there is already a bet: raise (R6)")
        if kind is ActionKind.RAISE and not opened:
            raise EngineError(ErrorCode.CANNOT_RAISE, "nobody has bet: bet (R6)")
        if not can_raise:
            raise EngineError(
                ErrorCode.CANNOT_RAISE, "this player may not bet or raise now (R7.3, R7.4)"
            )
        if amount is None:
            raise EngineError(ErrorCode.BAD_AMOUNT, f"{kind} needs an amount: the total to bet to")
        if not min_to <= amount <= max_to:
            raise EngineError(
                ErrorCode.AMOUNT_OUT_OF_RANGE,
                f"{kind} to {amount}: allowed {min_to} to {max_to} (R7)",
            )
    else:
        raise EngineError(ErrorCode.WRONG_PHASE, f"{kind} is not a betting action")
    if kind is ActionKind.FOLD:
        w.fold(p)
    elif kind is ActionKind.CHECK or kind is ActionKind.CALL:
        w.call(p, kind)
    else:
        assert amount is not None
        w.raise_to(p, kind, amount)
    if not w.to_act or w.folded.count(False) <= 1:
        w.end_round()


# --------------------------------------------------------------------------- showdown rules


def _show_after(state: HandState, seat: Any, mask: Any) -> tuple[HandState, list[Event]]:
    """R11.5: once the hand is over, a player dealt in shows some or all of the hole cards
    nobody has seen (``mask``: bit k = hole card k). A card already public is refused, so
    every show is news and each card is shown once."""
    if type(seat) is not int or seat not in state.seats:
        raise EngineError(ErrorCode.UNKNOWN_SEAT, f"seat {seat!r} is not in this hand")
    p = state.seats.index(seat)
    cards = len(state.holes[p])
    if type(mask) is not int or not 0 < mask < 1 << cards:
        raise EngineError(
            ErrorCode.BAD_AMOUNT,
            f"show_after takes a bit mask of the hole cards to show, 1 to {(1 << cards) - 1}",
        )
    public = state.public_holes(p)
    if any(mask >> k & 1 and public[k] is not None for k in range(cards)):
        raise EngineError(ErrorCode.ALREADY_SHOWN, "everyone has seen that card already")
    shown_after = list(state.shown_after)
    shown_after[p] |= mask
    shown = tuple(card for k, card in enumerate(state.holes[p]) if mask >> k & 1)
    return replace(state, shown_after=tuple(shown_after)), [CardsShownAfter(seat, shown)]


def _may_muck(s: HandState | _Work, p: int) -> bool:
    """Whether player ``p`` may muck now (R11.3).

    With "show all called hands" nobody mucks. Otherwise a player may muck a hand that cannot
    beat a hand already shown: in every contested pot they could win, on every board, some
    shown hand of a player eligible for that pot is at least as strong. A pot nobody else
    can win is theirs whether they show or not.

    In an explicit showdown (replays) anyone may muck, except the last player who could
    still show in a contested pot where nobody has shown (the pot must have a winner).
    """
    config = s.config
    if config.show_all_called:
        return False
    live = [not folded for folded in s.folded]
    pots_now = side_pots(s.contributions, live, s.dead)
    if config.explicit_showdown:
        for pot in pots_now:
            if (
                p in pot.eligible
                and len(pot.eligible) > 1
                and not any(s.shown[q] for q in pot.eligible)
                and all(s.mucked[q] for q in pot.eligible if q != p)
            ):
                return False
        return True
    boards = s.boards
    if any(len(board) < BOARD_CARDS for board in boards):
        return False
    holes = s.holes
    game = rules(config.game)
    values: dict[tuple[int, int], int] = {}
    lows: dict[tuple[int, int], int] = {}
    low = game.low

    def value(q: int, board_index: int) -> int:
        key = (q, board_index)
        if key not in values:
            values[key] = game.strength(holes[q], boards[board_index])
        return values[key]

    def low_value(q: int, board_index: int) -> int:
        key = (q, board_index)
        if key not in lows:
            assert low is not None
            lows[key] = low(holes[q], boards[board_index])
        return lows[key]

    for pot in pots_now:
        if p not in pot.eligible or len(pot.eligible) < 2:
            continue
        for board_index in range(len(boards)):
            mine = value(p, board_index)
            if not any(
                q != p and s.shown[q] and value(q, board_index) >= mine for q in pot.eligible
            ):
                return False
            if low is None:
                continue
            # R19.4: the low half too must be out of reach (no low, or one shown is as good)
            my_low = low_value(p, board_index)
            if my_low and not any(
                q != p and s.shown[q] and low_value(q, board_index) >= my_low for q in pot.eligible
            ):
                return False
    return True


# --------------------------------------------------------------------------- the working copy


class _Work:
    """A mutable copy of a :class:`HandState`, used inside one :func:`apply` and frozen into
    the next state. Its methods are the steps of the hand, each citing its rule."""

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
        self.events = []

    def freeze(self) -> HandState:
        """The next :class:`HandState`; the values in HandState's field order (see __slots__)."""
        return _state_of(
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
            )
        )

    # ---- chips

    def put(self, p: int, chips: int) -> None:
        """Move ``chips`` from player ``p``'s stack into their bet (R7.5: only from the table)."""
        self.stacks[p] -= chips
        self.bets[p] += chips
        self.contributions[p] += chips

    # ---- forced bets and dealing

    def post_forced_bets(self, small: int | None, big: int, straddler: int | None) -> None:
        """Antes (R3.1, R3.2), blinds (R2.3, R2.4), straddle (R3.3), live big blinds (R2.6);
        a short player posts everything and is all-in (R2.5)."""
        config = self.config
        stacks = self.stacks
        if config.ante:
            antes = [min(config.ante, stack) for stack in stacks]
            for p, ante in enumerate(antes):
                stacks[p] -= ante
                self.contributions[p] += ante
                self.events.append(AntePosted(self.seats[p], ante, stacks[p] == 0))
            returned = uncalled_bet(antes)  # an ante nobody matched (R8.2)
            if returned is not None:
                p, chips = returned
                stacks[p] += chips
                self.contributions[p] -= chips
                self.events.append(UncalledBetReturned(self.seats[p], chips))
        elif config.big_blind_ante:
            ante = min(config.big_blind_ante, stacks[big])
            stacks[big] -= ante
            self.dead += ante
            self.events.append(AntePosted(self.seats[big], ante, stacks[big] == 0, True))
        posting = set(config.posting)
        blinds: list[tuple[int, str, int]] = []
        if small is not None:  # (a dead small blind is nobody's, R28.5)
            # a player coming in on the small blind posts a live big blind instead (R2.6)
            blinds.append(
                (small, "live_big_blind", config.big_blind)
                if self.seats[small] in posting
                else (small, "small_blind", config.small_blind)
            )
        blinds.append((big, "big_blind", config.big_blind))
        if straddler is not None:
            blinds.append((straddler, "straddle", 2 * config.big_blind))
        blind_positions = {small, big, straddler}
        for p in range(self.n):
            if p not in blind_positions and self.seats[p] in posting:
                blinds.append((p, "live_big_blind", config.big_blind))
        for p, name, amount in blinds:
            chips = min(amount, stacks[p])
            self.put(p, chips)
            self.events.append(BlindPosted(self.seats[p], name, chips, stacks[p] == 0))
        # R7.3: the big blind is the first bet of the preflop round, a straddle a raise.
        self.bets_made = 1 if straddler is None else 2
        self.increment = opening_increment(
            config.structure, config.big_blind, straddler is not None
        )
        self.aggressor = None

    def post_bomb_pot(self) -> None:
        """R21: every player puts the bomb pot's ante in, all they have when short (R2.5);
        the part of the largest ante nobody matched goes back (R8.2), as for R3.1's ante.
        No blinds: the preflop round has no bet and nobody acts in it."""
        stacks = self.stacks
        antes = [min(self.config.bomb_pot, stack) for stack in stacks]
        for p, ante in enumerate(antes):
            stacks[p] -= ante
            self.contributions[p] += ante
            self.events.append(AntePosted(self.seats[p], ante, stacks[p] == 0, bomb_pot=True))
        returned = uncalled_bet(antes)
        if returned is not None:
            p, chips = returned
            stacks[p] += chips
            self.contributions[p] -= chips
            self.events.append(UncalledBetReturned(self.seats[p], chips))

    def deal_hole_cards(self) -> None:
        """The game's hole cards (two; Omaha four), one at a time, clockwise from the left of
        the button (R4.1, R17)."""
        n = self.n
        deck = self.deck
        count = rules(self.config.game).hole_cards
        self.holes = tuple(tuple(deck[r * n + p] for r in range(count)) for p in range(n))
        self.dealt = count * n
        for p in range(n):
            self.events.append(HoleCardsDealt(self.seats[p], self.holes[p]))

    def deal_street(self, street: Street, board_index: int = 0) -> None:
        """Burn one card, then deal the flop (3), turn or river (1) to a board (R4.2); with
        a double board, after the one burn, the street of the first board and then of the
        second (R23)."""
        start = self.dealt + 1
        count = _CARDS_FOR[street]
        targets = range(len(self.boards)) if self.config.double_board else (board_index,)
        for target in targets:
            cards = self.deck[start : start + count]
            start += count
            self.boards[target] = self.boards[target] + cards
            self.events.append(BoardDealt(street.label, cards, target))
        self.dealt = start

    # ---- betting

    def open_round(self, street: Street) -> None:
        """Start the betting round of ``street`` (R5.1, R5.2, R5.3).

        Preflop the first to act sits left of the big blind (or of the straddler); later the
        first player still in left of the button. Players all-in, and players whom nobody
        still in can bet against, are skipped (as in PokerKit); a lone player who is not
        facing a bet has nothing to decide, and the round ends at once.
        """
        n = self.n
        self.street = street
        self.phase = Phase.BETTING
        if street is Street.PREFLOP:
            _, big, straddler = _blind_positions(self.config, n)
            first = ((big if straddler is None else straddler) + 1) % n
        else:
            first = 0
            self.bets = [0] * n
            self.acted = [False] * n
            self.increment = bet_unit(self.config.structure, self.config.big_blind, street)
            self.bets_made = 0
            self.aggressor = None
            self.events.append(StreetStarted(street.label))
        bets = self.bets
        stacks = self.stacks
        folded = self.folded
        totals = sorted(bets[q] + stacks[q] for q in range(n) if not folded[q])
        second = totals[-2] if len(totals) > 1 else 0
        to_act = []
        for k in range(n):
            q = (first + k) % n
            if not folded[q] and stacks[q] > 0 and min(stacks[q], second - bets[q]) > 0:
                to_act.append(q)
        self.to_act = to_act
        if not to_act or (len(to_act) == 1 and bets[to_act[0]] >= max(bets)):
            self.to_act = []
            self.end_round()

    def fold(self, p: int) -> None:
        """Fold: give up the hand and every chip already in (R6)."""
        self.folded[p] = True
        self.acted[p] = True
        self.to_act.pop(0)
        self.events.append(ActionTaken(self.seats[p], "fold", None, 0, False, self.stacks[p]))

    def call(self, p: int, kind: ActionKind) -> None:
        """Check, or call the current bet, all-in if the stack is short (R6)."""
        chips = min(self.stacks[p], max(self.bets) - self.bets[p])
        self.put(p, chips)
        self.acted[p] = True
        self.to_act.pop(0)
        all_in = self.stacks[p] == 0
        self.events.append(
            ActionTaken(
                self.seats[p], kind.value, chips if chips else None, chips, all_in, self.stacks[p]
            )
        )

    def raise_to(self, p: int, kind: ActionKind, to: int) -> None:
        """Bet or raise to ``to`` (R6, R7).

        A full bet or raise sets the new increment and reopens the betting: everybody else
        must act again and may raise. A short all-in (R7.4) only makes the others call: the
        increment stays, and who has already acted stays so.
        """
        bets = self.bets
        max_bet = max(bets)
        if is_full_raise(to, max_bet, self.increment):
            self.increment = to - max_bet
            self.acted = [False] * self.n
        added = to - bets[p]
        self.put(p, added)
        self.acted[p] = True
        self.bets_made += 1
        self.aggressor = p
        n = self.n
        stacks = self.stacks
        folded = self.folded
        self.to_act = [
            q for q in ((p + k) % n for k in range(1, n)) if not folded[q] and stacks[q] > 0
        ]
        self.events.append(
            ActionTaken(self.seats[p], kind.value, to, added, stacks[p] == 0, stacks[p])
        )

    def end_round(self) -> None:
        """Close the betting round and move the hand on (R8.2, R5.4, R5.5, R11, R12)."""
        returned = uncalled_bet(self.bets)
        if returned is not None:
            p, chips = returned
            self.stacks[p] += chips
            self.bets[p] -= chips
            self.contributions[p] -= chips
            self.events.append(UncalledBetReturned(self.seats[p], chips))
        self.to_act = []
        live = [q for q in range(self.n) if not self.folded[q]]
        if len(live) == 1:
            self.win_uncontested(live[0])
            return
        if sum(1 for q in live if self.stacks[q] > 0) <= 1:
            self.all_in = True
        if self.all_in or self.street is Street.RIVER:
            if (
                self.all_in
                and len(self.boards[0]) < BOARD_CARDS
                and self.config.run_it_twice_allowed
                and not self.config.double_board  # R23: two boards are not run twice
                and self.second_run_fits()
            ):
                self.phase = Phase.RUN_TWICE
                self.to_act = live
                if not self.config.explicit_showdown:
                    for q in self.showdown_order():  # R11.1: face up while they decide
                        self.show(q)
                return
            self.begin_showdown()
            return
        street = Street(self.street + 1)
        self.deal_street(street)
        self.open_round(street)

    # ---- R12 run it twice

    def second_run_fits(self) -> bool:
        """Whether the deck holds both runs of the rest of the board with their burns (R12,
        R17: ten Omaha hands leave 12 cards, one preflop run takes 8): if not, it is run
        once and nobody is asked."""
        board = len(self.boards[0])
        one_run = (BOARD_CARDS - board) + len(_STREETS_AFTER[board])  # cards and burns
        return len(self.deck) - self.dealt >= 2 * one_run

    def answer_run_twice(self, p: int, agree: bool) -> None:
        """Record one player's answer; one "no" runs the board once, all "yes" twice (R12)."""
        self.events.append(
            ActionTaken(
                self.seats[p], "run_twice", int(agree), 0, self.stacks[p] == 0, self.stacks[p]
            )
        )
        self.to_act.pop(0)
        if agree and self.to_act:
            return
        self.runs = 2 if agree else 1
        self.to_act = []
        self.events.append(RunItTwiceDecided(self.runs))
        self.begin_showdown()

    # ---- R11 showdown

    def showdown_order(self) -> list[int]:
        """The last player to bet or raise on the river shows first; with no river bet the
        first player still in left of the button; then clockwise (R11.2)."""
        n = self.n
        first = self.aggressor if self.street is Street.RIVER and self.aggressor is not None else 0
        return [q for q in ((first + k) % n for k in range(n)) if not self.folded[q]]

    def begin_showdown(self) -> None:
        """Turn hands up (R11.1, R11.3) or wait for the players' decisions.

        When the rest of the board is to be run out with no more betting possible, every hand
        still in is turned up at once (R11.1, as card rooms table all hands of an all-in;
        the table shows each player's equity). Otherwise the all-in players' hands are turned
        up first (R11.1), then the others show in order, each asked to show or muck only
        when mucking is allowed (R11.2, R11.3).
        """
        self.phase = Phase.SHOWDOWN
        order = self.showdown_order()
        if self.config.explicit_showdown:
            self.to_act = order
            return
        if (self.all_in and len(self.boards[0]) < BOARD_CARDS) or self.config.show_all_called:
            for q in order:  # R11.1: all-in before the river: every hand is turned up
                self.show(q)
            self.to_act = []
            self.finish_showdown()
            return
        for q in order:
            if self.stacks[q] == 0:  # R11.1: all-in hands are turned up first
                self.show(q)
        self.to_act = [q for q in order if not self.shown[q]]
        self.continue_showdown()

    def continue_showdown(self) -> None:
        """Show every hand that may not be mucked; stop at the first player who may (R11.3)."""
        while self.to_act:
            q = self.to_act[0]
            if _may_muck(self, q):
                return
            self.show(q)
            self.to_act.pop(0)
        self.finish_showdown()

    def decide_showdown(self, p: int, show: bool) -> None:
        """A player's SHOW or MUCK (R11.3)."""
        self.to_act.remove(p)
        if show:
            self.show(p)
        else:
            self.mucked[p] = True
            self.events.append(HandMucked(self.seats[p]))
        if self.config.explicit_showdown:
            if not self.to_act:
                self.finish_showdown()
        else:
            self.continue_showdown()

    def hand_names(self, p: int) -> tuple[str, ...]:
        """The name of player ``p``'s best hand on each complete board (R11.4)."""
        if len(self.boards[0]) < BOARD_CARDS:
            return ()
        game = rules(self.config.game)
        return tuple(game.hand_name(self.holes[p], board) for board in self.boards)

    def show(self, p: int) -> None:
        if self.shown[p]:
            return  # already face up (R11.1: turned up when the betting closed)
        self.shown[p] = True
        self.events.append(HandShown(self.seats[p], self.holes[p], self.hand_names(p)))

    def run_out(self) -> None:
        """Deal the rest of the board with no more betting (R5.5), twice if agreed (R12):
        the first board to the river, then the second (each street after a burn, R4.2);
        a double board deals each street on both boards (R23)."""
        self.boards = self.boards_to_run()
        while self.deal_runout_street():
            pass
        self.name_hands()

    def boards_to_run(self) -> list[tuple[Card, ...]]:
        """The boards the rest is dealt on: the double board's two (R23), else the board
        once or, agreed, twice (R12)."""
        if self.config.double_board:
            return self.boards
        return [self.boards[0]] * self.runs

    def deal_runout_street(self) -> bool:
        """Deal the next street of the first incomplete board; whether one remains after.
        The last round's bets are in the pot by now (they count in ``contributions``)."""
        self.bets = [0] * self.n
        board_index = next(i for i, board in enumerate(self.boards) if len(board) < BOARD_CARDS)
        street = _STREET_OF_BOARD[len(self.boards[board_index])]
        self.deal_street(street, board_index)
        self.street = street
        return any(len(board) < BOARD_CARDS for board in self.boards)

    def name_hands(self) -> None:
        """Every shown hand's name on each complete board (R11.4)."""
        self.street = Street.RIVER
        for q in range(self.n):
            if self.shown[q]:
                self.events.append(HandNamed(self.seats[q], self.hand_names(q)))

    def finish_showdown(self) -> None:
        """Run the board out if needed, then award every pot on its board(s) (R8.3, R10, R12).

        With ``paced_runout`` an incomplete board waits for the dealer instead (phase
        ``runout``, :func:`deal_next`); the last street dealt comes back here."""
        if len(self.boards[0]) < BOARD_CARDS:
            if self.config.paced_runout:
                self.boards = self.boards_to_run()
                self.phase = Phase.RUNOUT
                self.to_act = []
                return
            self.run_out()
        live = [not folded for folded in self.folded]
        pots_now = side_pots(self.contributions, live, self.dead)
        takes = self.take_rake(pots_now)
        strengths: dict[tuple[int, int], int] = {}
        low_strengths: dict[tuple[int, int], int] = {}
        game = rules(self.config.game)
        holes = self.holes

        def best_of(
            contenders: list[int],
            board_index: int,
            measure: Any,
            cache: dict[tuple[int, int], int],
        ) -> tuple[int, list[int]]:
            """The best value among ``contenders`` on one board and who has it (R9.4)."""
            board = self.boards[board_index]
            best = -1
            winners: list[int] = []
            for q in contenders:
                key = (q, board_index)
                value = cache.get(key)
                if value is None:
                    value = cache[key] = measure(holes[q], board)
                if value > best:
                    best, winners = value, [q]
                elif value == best:
                    winners.append(q)
            return best, winners

        for k in award_order(pots_now):
            pot = pots_now[k]
            amount = pot.amount - takes[k]
            if len(pot.eligible) == 1:
                self.award(k, None, amount, [pot.eligible[0]], None)
                continue
            contenders = [q for q in pot.eligible if self.shown[q]] or list(pot.eligible)
            for board_index, part in enumerate(split_runs(amount, len(self.boards))):
                board = self.boards[board_index]
                _, winners = best_of(contenders, board_index, game.strength, strengths)
                name = game.evaluate(holes[winners[0]], board).name
                if game.low is not None:
                    best_low, low_winners = best_of(
                        contenders, board_index, game.low, low_strengths
                    )
                    if best_low:  # R19.3: a qualifying low takes half, the odd chip high
                        high_part, low_part = split_high_low(part)
                        self.award(k, board_index, high_part, winners, name, "high")
                        low_hand = evaluate_omaha_low(holes[low_winners[0]], board)
                        assert low_hand is not None
                        self.award(k, board_index, low_part, low_winners, low_hand.name, "low")
                        continue
                self.award(k, board_index, part, winners, name)
        self.finish()

    def win_uncontested(self, p: int) -> None:
        """Everyone else folded: the last player wins every pot without showing (R5.4)."""
        live = [not folded for folded in self.folded]
        pots_now = side_pots(self.contributions, live, self.dead)
        takes = self.take_rake(pots_now)
        for k in award_order(pots_now):
            self.award(k, None, pots_now[k].amount - takes[k], [p], None)
        self.finish()

    def take_rake(self, pots_now: Sequence[Pot]) -> tuple[int, ...]:
        """No flop, no drop; a share of each pot up to the hand's cap (R13)."""
        config = self.config
        takes = rake(
            [pot.amount for pot in pots_now],
            rate_bps=config.rake_bps,
            cap=config.rake_cap,
            saw_flop=len(self.boards[0]) >= 3,
        )
        for k, take in enumerate(takes):
            if take:
                self.rake += take
                self.events.append(RakeTaken(k, take))
        return takes

    def award(
        self,
        pot_index: int,
        board_index: int | None,
        amount: int,
        winners: list[int],
        name: str | None,
        half: str | None = None,
    ) -> None:
        """Give ``amount`` to ``winners`` (in seat order from the left of the button); odd
        chips one at a time in that order (R10.1). ``half``: R19.3's high or low half."""
        shares = split_pot(amount, winners)
        for q, share in zip(winners, shares, strict=True):
            self.won[q] += share
        self.events.append(
            PotAwarded(
                pot_index,
                board_index,
                amount,
                tuple(self.seats[q] for q in winners),
                shares,
                name,
                half,
            )
        )

    def finish(self) -> None:
        """Pay the winners, the 7-2 bounties (R22), empty the middle, reveal the seed (R15)."""
        for q in range(self.n):
            self.stacks[q] += self.won[q]
            self.bets[q] = 0
        if self.config.seven_deuce:
            self.pay_seven_deuce()
        self.phase = Phase.FINISHED
        self.to_act = []
        self.events.append(
            HandFinished(
                tuple(zip(self.seats, self.stacks, strict=True)),
                self.rake,
                None if self.seed is None else self.seed.hex(),
            )
        )

    def pay_seven_deuce(self) -> None:
        """R22: every player who won a pot or a share of one (even a share of no chip)
        holding seven-deuce collects the bounty from every other player dealt in but the
        other 7-2 winners. A payer short of paying them all pays what they have, split
        between them as a pot is (R10.1). Shown face up first unless the table lets the 7-2
        collect face down (R22.2)."""
        config = self.config
        in_pots = {seat for e in self.events if isinstance(e, PotAwarded) for seat in e.winners}
        winners = [
            q for q in range(self.n) if self.seats[q] in in_pots and is_seven_deuce(self.holes[q])
        ]
        if not winners:
            return
        payers = [r for r in range(self.n) if r not in winners]
        collected = {q: [0] * len(payers) for q in winners}
        for k, r in enumerate(payers):  # from the stacks after the pots, before any bounty
            owed = min(config.seven_deuce * len(winners), self.stacks[r])
            for q, share in zip(winners, split_pot(owed, winners), strict=True):
                collected[q][k] = share
        for q in winners:
            if config.seven_deuce_shown and not self.shown[q]:
                hidden = [k for k in range(len(self.holes[q])) if not self.shown_after[q] >> k & 1]
                if hidden:
                    self.shown_after[q] |= sum(1 << k for k in hidden)
                    self.events.append(
                        CardsShownAfter(self.seats[q], tuple(self.holes[q][k] for k in hidden))
                    )
            for r, amount in zip(payers, collected[q], strict=True):
                self.stacks[r] -= amount
                self.stacks[q] += amount
                self.bounty[r] -= amount
                self.bounty[q] += amount
            self.events.append(
                SevenDeuceBounty(
                    self.seats[q], tuple(self.seats[r] for r in payers), tuple(collected[q])
                )
            )


def is_seven_deuce(hole: Sequence[Card]) -> bool:
    """Whether two hole cards are a seven and a deuce, suited or not (R22.1)."""
    return sorted(card >> 2 for card in hole) == [0, 5]  # rank indexes: deuce 0, seven 5


# --------------------------------------------------------------------------- views


def pots(state: HandState) -> tuple[Pot, ...]:
    """The main pot and side pots now, with the seats eligible for each (R8.1).

    Chips bet in the current round are included (they are committed); an uncalled part is
    only returned when the round ends (R8.2).
    """
    live = [not folded for folded in state.folded]
    return tuple(
        Pot(pot.amount, tuple(state.seats[q] for q in pot.eligible))
        for pot in side_pots(state.contributions, live, state.dead)
    )


def equities(state: HandState, preflop_samples: int | None = None) -> dict[int, float] | None:
    """Each live seat's share of the pot when no more betting is possible and the board is
    not complete (the table's all-in display); ``None`` otherwise.

    Exact (:func:`engine.equity.all_in_equity`), except with ``preflop_samples`` before the
    flop, where it is estimated from that many boards (:func:`engine.equity.sampled_equity`).
    """
    if not state.all_in or state.is_finished:
        return None
    boards = state.boards
    index = next((i for i, board in enumerate(boards) if len(board) < BOARD_CARDS), None)
    if index is None:
        return None
    live = [q for q in range(len(state.seats)) if not state.folded[q]]
    holes = [state.holes[q] for q in live]
    game = rules(state.config.game)

    def board_shares(running: tuple[Card, ...], dead: list[Card]) -> list[float]:
        if preflop_samples and not running:
            return _equity.sampled_equity(holes, running, dead, preflop_samples, game=game)
        return _equity.all_in_equity(holes, running, dead, game=game)

    if state.config.double_board:
        # R23: half of every pot on each board. By linearity a player's share is the mean
        # of their shares of the two boards, each board's rest dealt from the cards the
        # other board does not show (exact, as for one board). Before the flop both boards
        # are alike: one computation serves both.
        first, second = boards
        shares = board_shares(first, list(second))
        if first or second:
            other = board_shares(second, list(first))
            shares = [(a + b) / 2 for a, b in zip(shares, other, strict=True)]
    else:
        running = boards[index]
        # a second run's equities: the cards the first run dealt are out of the deck (R12)
        dead = [card for card in boards[0] if card not in running] if index else []
        shares = board_shares(running, dead)
    return {state.seats[q]: share for q, share in zip(live, shares, strict=True)}
