"""One hand of poker as a state machine (R2-R13, R15): its entry points.

:func:`start_hand` takes a :class:`~engine.state.HandConfig` (who is dealt in, stacks,
button, blinds, antes, straddle, structure and the host's options) and a shuffled deck; it
posts the antes and blinds, deals the hole cards and returns the first
:class:`~engine.state.HandState` with the events that led to it. The game
(:mod:`engine.games`) says what differs: Omaha's four hole cards, a draw game's draws, a
stud game's streets dealt to the players, face up and face down, and its bring-in; poker
all'italiana's deck of the players dealt in, its invito, its opening and the pot it carries
to the next hand when nobody opens or everyone checks after the draw (R31-R39).
:func:`engine.legal_actions.legal_actions` says who acts and what they may do; :func:`apply`
takes an :class:`~engine.actions.Action` and returns the next state and its events. States
are immutable: an illegal action raises :class:`~engine.errors.EngineError` and leaves
everything as it was (R6).

The hand runs through these phases (:class:`~engine.state.Phase`):

``buio``
    Poker all'italiana with the table's buio (R33.5): before the first round, the player
    left of the mazziere opens blind or looks, the next may answer with a controbuio, and
    the buio makes up the difference (:mod:`engine.buio`).
``betting``
    A betting round on the current street (R5, R6, R7). When it ends, the uncalled part of
    the largest bet goes back (R8.2) and the hand moves on: one player left wins at once
    (R5.4); two or more with at most one able to bet run the board out (R5.5); otherwise
    the next street is dealt, or after the river comes the showdown. A stud game's streets
    (R45) are dealt to the players, and its first round opens with the bring-in.
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
blind (R2.4). Public functions speak in seat numbers. A stud game has no blinds; its button
fixes the dealing order alone (R45.2).

This module is the machine's entry points only. Each rule lives in its own module, and the
machine calls them on one mutable :class:`~engine.working_copy.WorkingCopy` of the state
that it freezes into the next state:

* :mod:`engine.config_checks`: the config and deck a hand may start with (R1.1, R2, R3, R13);
* :mod:`engine.forced_bets`: who posts the blinds, and the antes, blinds and straddle (R2, R3,
  R21, R28.5);
* :mod:`engine.dealing`: the order the cards leave the deck (R4, R12, R23, R45);
* :mod:`engine.drawing`: a draw game's draws (R42);
* :mod:`engine.stud`: a stud game's streets, bring-in and order of action (R45);
* :mod:`engine.opening`: poker all'italiana's opening requirement and the opening shown
  (R34.2, R39.2);
* :mod:`engine.buio`: poker all'italiana's buio and controbuio (R33.5);
* :mod:`engine.betting_round`: a betting round and where its end leads (R5-R8.2);
* :mod:`engine.legal_actions`: what the player to act may do (R6, R7, R11.3, R12, R14);
* :mod:`engine.run_twice`: running it twice (R12);
* :mod:`engine.showdown`: showing, mucking and who wins each pot (R9, R11, R19.3, R23);
* :mod:`engine.awards`: paying the pots, the rake and the end of the hand (R5.4, R10, R13,
  R15);
* :mod:`engine.seven_deuce`: the 7-2 bounty (R22).

The state and its JSON form are :mod:`engine.state`, the events :mod:`engine.events`, the
inputs :mod:`engine.actions`, the refusals :mod:`engine.errors`; the pots now are
:func:`engine.pots.pots` and the all-in equities :func:`engine.equity.equities`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, ActionKind
from engine.betting_round import end_round, open_round, play_bet
from engine.buio import look_if_due, offer_buio, play_buio
from engine.cards import Card
from engine.config_checks import check_config, full_deck
from engine.dealing import deal_hole_cards, deal_runout_street
from engine.deck import commitment as seed_commitment
from engine.deck import new_seed, shuffled_deck
from engine.drawing import play_draw
from engine.errors import EngineError, ErrorCode
from engine.events import Event, HandStarted
from engine.forced_bets import (
    blind_positions,
    post_antes,
    post_bomb_pot,
    post_forced_bets,
    post_invito,
)
from engine.run_twice import answer_run_twice
from engine.showdown import decide_showdown, finish_showdown, may_muck, name_hands, show_after
from engine.state import HandConfig, HandState, Phase, Street
from engine.working_copy import WorkingCopy

__all__ = ["HandInPlay", "apply", "deal_next", "start_hand"]


def start_hand(
    config: HandConfig, *, seed: bytes | None = None, deck: Sequence[Card] | None = None
) -> tuple[HandState, list[Event]]:
    """Start a hand: post antes and blinds, deal the hole cards, open the preflop betting.

    Live play passes ``seed`` (or nothing: a fresh one comes from ``secrets``, R1.2) and the
    deck is :func:`engine.deck.shuffled_deck` of it; the state publishes its commitment (R15).
    Replays and tests pass ``deck``, the cards in the order they leave the deck (a prefix is
    enough; the rest follows in increasing order); there is no seed then. A short deck
    (R30.1) is the seed's 52-card order with the cards it lacks left out.

    Forced bets, in PokerKit's order: antes first (R3.1; a uniform ante larger than every
    other player's is partly uncalled and returned, R8.2), or the big-blind ante (R3.2);
    then the small blind, the big blind, the straddle (R3.3) and live big blinds (R2.6), each
    from what is left; a player who cannot cover one posts all they have (R2.5). A stud game
    posts the antes alone: its bring-in is the first decision of third street (R45.4).
    Poker all'italiana (R31-R33) is dealt from the deck of the players dealt in (R31.2: a
    short deck as above); the pot carried in, the invito and the mazziere's invito, then
    the cards and the opening round (R34).
    """
    check_config(config)
    if seed is not None and deck is not None:
        raise EngineError(ErrorCode.INVALID_DECK, "give a seed or a deck, not both")
    game = config.hand_rules()
    in_play = game.deck
    if deck is not None:
        cards = full_deck(deck, in_play)
        commitment = None
    else:
        if seed is None:
            seed = new_seed()
        try:
            # a short deck is the 52-card order without the cards it lacks (R30.1)
            cards = shuffled_deck(seed)
            if len(in_play) < len(cards):
                kept = frozenset(in_play)
                cards = tuple(card for card in cards if card in kept)
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

    w = WorkingCopy.__new__(WorkingCopy)
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
    w.pile = ()
    w.drawn = [() for _ in range(n)] if game.draws else []  # R42.3
    w.opener = None
    w.carried = 0
    w.waiting = ()
    w.blind = ()
    w.unseen = ()
    w.events = []

    if game.stud or game.opening:  # no blinds (R45.4, R31.5)
        w.events.append(
            HandStarted(seats, tuple(stacks), config.button, None, None, None, commitment)
        )
        if game.stud:  # R45.4: antes, the cards, then the bring-in decides
            post_antes(w)
        else:  # R33, R35.3: the pot carried in, the invito, the mazziere's invito
            post_invito(w)
        deal_hole_cards(w)
        if not (game.opening and offer_buio(w)):  # R33.5: a buio is asked before looking
            open_round(w, Street.PREFLOP)
        return w.freeze(), w.events
    small, big, straddler = blind_positions(config, n)
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
        post_bomb_pot(w)
        deal_hole_cards(w)
        end_round(w)  # R21: no preflop betting: the flop (or, all-in, the runout) comes
    else:
        post_forced_bets(w, small, big, straddler)
        deal_hole_cards(w)
        open_round(w, Street.PREFLOP)
    return w.freeze(), w.events


def apply(state: HandState, action: Action) -> tuple[HandState, list[Event]]:
    """Apply ``action`` and return the next state with the events it caused.

    An illegal action raises :class:`EngineError` (wrong seat, not their turn, unknown kind,
    a non-int or out-of-range amount, check facing a bet, raise when the betting is not
    reopened, anything after the hand ended) and nothing changes (R6).
    """
    kind = _kind_of(action)
    if state.phase is Phase.FINISHED:
        if kind is ActionKind.SHOW_AFTER:
            return show_after(state, action.seat, action.amount)
        raise EngineError(ErrorCode.HAND_OVER, "the hand is over")
    w = WorkingCopy(state)
    _play(w, kind, action)
    return w.freeze(), w.events


def deal_next(state: HandState) -> tuple[HandState, list[Event]]:
    """Deal the next street of an all-in board in phase ``runout`` (``paced_runout``): the
    flop, turn or river of the first board, then of the second when it runs twice (R5.5,
    R12). Dealing the last street names the hands and awards the pots (R8.3, R10). The
    cards are those an unpaced hand deals at once. :class:`EngineError` ``wrong_phase``
    in any other phase."""
    if state.phase is not Phase.RUNOUT:
        raise EngineError(ErrorCode.WRONG_PHASE, "there is no board to run out now")
    w = WorkingCopy(state)
    if not deal_runout_street(w):
        name_hands(w)
        finish_showdown(w)
    return w.freeze(), w.events


class HandInPlay:
    """A hand moved on in place: :meth:`apply` is :func:`apply` (the same checks, the same
    rules, the same events) without a new :class:`HandState` after every action, which a
    replay, needing only the end, does not use (``engine.phh`` replays this way). An illegal
    action raises :class:`EngineError` before anything changes, as :func:`apply` does."""

    __slots__ = ("_work",)

    def __init__(self, state: HandState) -> None:
        self._work = WorkingCopy(state)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` in place; the events it caused."""
        w = self._work
        if w.phase is Phase.FINISHED:  # only a show after the hand (R11.5), as apply says
            state, events = apply(w.freeze(), action)
            self._work = WorkingCopy(state)
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

    @property
    def shown(self) -> Sequence[bool]:
        return self._work.shown


def _kind_of(action: Action) -> ActionKind:
    kind = action.kind
    if type(kind) is ActionKind:
        return kind
    try:
        return ActionKind(kind)
    except ValueError:
        raise EngineError(ErrorCode.UNKNOWN_ACTION, f"unknown action {kind!r}") from None


def _play(w: WorkingCopy, kind: ActionKind, action: Action) -> None:
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
        play_bet(w, p, kind, amount)
        if w.unseen:
            look_if_due(w)  # R33.5: the last blind player looks at their turn
        return
    if phase is Phase.BUIO:
        if play_buio(w, p, kind, amount):  # looked: the opening as without a buio (R34)
            open_round(w, Street.PREFLOP)
        elif w.phase is Phase.BETTING and not w.to_act:
            end_round(w)
        look_if_due(w)
        return
    if phase is Phase.DRAW:
        if p != w.to_act[0]:
            raise EngineError(ErrorCode.NOT_YOUR_TURN, f"seat {w.seats[w.to_act[0]]} draws first")
        if kind is not ActionKind.DRAW:
            raise EngineError(
                ErrorCode.WRONG_PHASE, "this is the draw: draw with the cards to throw (R42)"
            )
        play_draw(w, p, amount)
        if not w.to_act:  # R42.1: the betting after the draw (or, nobody to bet, what's next)
            open_round(w, w.street, announce=False)
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
        answer_run_twice(w, p, amount == 1)
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
    if kind is ActionKind.MUCK and not may_muck(w, p):
        raise EngineError(ErrorCode.CANNOT_MUCK, "this hand must be shown (R11.3)")
    decide_showdown(w, p, kind is ActionKind.SHOW)
