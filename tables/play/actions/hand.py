"""Playing hands: starting them (R2, R16.3), players' actions (R6, R7), run it twice (R12),
showdown decisions (R11.3) and the action clock (R14).

Each public function is one transaction holding the table row lock (then the seats, in seat
order). Per betting action the database sees: the table lock, the seats lock, the action row,
the table update (and a seat update when the clock or time bank changed) — constant in the
number of players and of actions so far.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.actions import Action, ActionKind
from engine.cards import parse_card
from engine.errors import EngineError
from engine.fairness import proof_to_store
from engine.games import rules
from engine.hand import apply, deal_next
from engine.legal_actions import default_action, legal_actions
from engine.state import HandState, Phase
from engine.table import (
    BlindChoice,
    HandPlan,
    TableSeat,
    plan_dead_button_hand,
    plan_hand,
    seats_after_hand,
)
from tables.hands.models import Hand, HandAction
from tables.money.models import LedgerEntry
from tables.play import table_log as handlog
from tables.play.actions import deck
from tables.play.actions.between_hands import (
    cash_out_leavers,
    enough_here,
    finish_closing,
    is_ready,
    last_blinds,
    schedule_next_hand,
    share_carried_pot,
)
from tables.play.actions.bomb_pots import is_bomb_pot
from tables.play.actions.common import (
    commit_change,
    is_member,
    lock_table,
    lock_with_seats,
    require_seat,
    table_seats,
)
from tables.play.actions.table_settings import apply_pending_settings, rotate_game
from tables.play.engine_text import engine_text
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.hand_state import current_log, current_state, keeps_tail, table_config
from tables.play.models import Seat, Table

ACTIONS = {
    "fold": ActionKind.FOLD,
    "check": ActionKind.CHECK,
    "call": ActionKind.CALL,
    "bet": ActionKind.BET,
    "raise": ActionKind.RAISE,
    "all_in": ActionKind.ALL_IN,
    "bring_in": ActionKind.BRING_IN,  # R45.4: a stud game's bring-in (its chips are the rule's)
    "open": ActionKind.OPEN,  # R34.1: poker all'italiana's "apro", to an amount
    "pass": ActionKind.PASS,  # R34.1: "passo" before the opening (not a fold)
    "buio": ActionKind.BUIO,  # R33.5: opening blind (its chips are the rule's)
    "controbuio": ActionKind.CONTROBUIO,
    "look": ActionKind.LOOK,  # R33.5: no buio, no controbuio: the player looks
    "run_twice": ActionKind.RUN_TWICE,
    "show": ActionKind.SHOW,
    "muck": ActionKind.MUCK,
}
TIMEOUTS_BEFORE_SIT_OUT = 2
"""R14: after two timeouts in a row the player is sat out."""
DECISION_SECONDS = 15
"""Clock for run-it-twice and show-or-muck decisions (no time bank)."""
MAX_HOLE_CARDS = 5
"""The most hole cards any game deals (five-card Omaha, the draw games): a longer list of
cards to throw is refused before it is read."""


def running_state(table: Table) -> HandState | None:
    """The state of the hand in progress, or None between hands (a finished hand's state
    stays on the table for display until the next one starts)."""
    if not table.in_hand:
        return None
    return current_state(table)


# --- starting a hand -------------------------------------------------------------------------


def _table_seats(table: Table, seats: list[Seat]) -> list[TableSeat]:
    """The engine's between-hands view of the occupied seats."""
    return [
        TableSeat(
            seat=s.number,
            stack=s.stack,
            sitting_out=not is_ready(s),
            owes_big_blind=s.owes_big_blind,
            blind_choice=BlindChoice(s.blind_choice) if s.blind_choice else None,
        )
        for s in seats
        if s.user_id is not None and s.status in (Seat.Status.SEATED, Seat.Status.SITTING_OUT)
    ]


def _big_blind_passed(seats: list[Seat], plan: HandPlan) -> list[int]:
    """Seats not dealt in that the big blind passes this hand now owe one (R2.6)."""
    views = _table_seats_all(seats)
    after = seats_after_hand(views, plan, dict(zip(plan.seats, plan.stacks, strict=True)))
    return [
        a.seat
        for a, b in zip(after, views, strict=True)
        if a.owes_big_blind and not b.owes_big_blind
    ]


def _table_seats_all(seats: list[Seat]) -> list[TableSeat]:
    return [
        TableSeat(seat=s.number, stack=s.stack, owes_big_blind=s.owes_big_blind)
        for s in seats
        if s.user_id is not None and s.status != Seat.Status.REQUESTED
    ]


def _straddles(table: Table, dealt: list[Seat], plan: HandPlan) -> bool:
    """R3.3: the player under the gun straddles when the table allows it and they want to
    (three players or more: heads-up nobody sits between the big blind and the button)."""
    if not table.straddle_allowed or len(plan.seats) < 3:
        return False
    order = list(plan.seats)
    utg = order[(order.index(plan.big_blind_seat) + 1) % len(order)]
    return next(s.straddle for s in dealt if s.number == utg)


def _names(seats: list[Seat]) -> dict[int, str]:
    """Seat -> the name of the player sitting there, as the log names them."""
    return {s.number: str(s.user) for s in seats if s.user_id is not None}


def _lines(seats: list[Seat], events: list[Any], state: HandState) -> list[dict[str, Any]]:
    """The events' lines for the table's log; ``state``: the hand after them."""
    return handlog.lines(events, _names(seats), boards=len(state.boards))


def _log(table: Table, seats: list[Seat], events: list[Any], state: HandState) -> None:
    """The events' lines in the table's log, after a step that writes the state whole (the
    deal, a street of a runout: the tail is empty then)."""
    table.hand_log = handlog.extend(table.hand_log, _lines(seats, events, state))


def _start_hand(table: Table, seats: list[Seat], now: Any) -> list[str]:
    """Between hands: settle the last hand's leftovers and deal the next one if it can."""
    fields = [
        "hand_state",
        "hand_tail",
        "carried_pot",  # (R35.5: shared back at a close or a change of game)
        "hand_players",
        "current_hand",
        "deadline",
        "deadline_seat",
        "next_hand_at",
    ]
    cash_out_leavers(table, seats)
    fields += apply_pending_settings(table, seats)
    if table.carried_pot and not rules(table.game).opening:
        # the host changed the game while a pot of poker all'italiana was carried (R35.5)
        share_carried_pot(table, seats)
        fields.append("carried_pot")
    seats = [s for s in seats if s.pk is not None]
    table.next_hand_at = None
    table.deadline = None
    table.deadline_seat = None
    table.hand_players = {}
    table.hand_tail = []  # (empty already: a hand's last step writes its state whole)
    if table.close_requested:
        finish_closing(table, seats)
        table.hand_state = None
        return [*fields, "status"]
    if table.pause_requested:
        table.status = Table.Status.PAUSED
        table.hand_state = None
        return [*fields, "status"]
    if table.tournament_id is not None:  # a dead button (R28.5)
        plan = plan_dead_button_hand(_table_seats(table, seats), last_blinds(table))
    else:
        views = _table_seats(table, seats)
        game_rules = rules(table.game)
        if game_rules.stud or game_rules.opening:  # R45.1, R31.5: no big blind to wait for
            views = [replace(view, owes_big_blind=False) for view in views]
        plan = plan_hand(
            views,
            table.button_seat,
            default=BlindChoice(table.new_player_policy),
        )
    if plan is None or (table.tournament_id is None and not enough_here(seats)):
        table.hand_state = None  # (a player coming back schedules the hand: presence)
        return fields
    dealt = [s for s in seats if s.number in plan.seats]
    for s in dealt:
        if s.auto_act:  # a timeout decides for a player within its hand only
            s.auto_act = False
            s.save(update_fields=["auto_act"])
    button = plan.button
    fields += rotate_game(table, button, dealt)  # R20: a mixed-game table's game of this hand
    bomb = is_bomb_pot(table, dealt)  # R21
    if bomb and table.bomb_votes:
        table.bomb_votes = []  # a bomb pot clears the votes; until then they stand
        fields.append("bomb_votes")
    straddle = not bomb and _straddles(table, dealt, plan)
    config = table_config(table, plan, straddle=straddle, bomb_pot=bomb)
    state, events, proof = deck.deal(table, seats, dealt, config)  # R15.2
    assert table.deck is not None  # deck.deal set the hand's deck
    table.hand_log = []
    _log(table, dealt, events, state)
    table.hand_count += 1
    hand = Hand.objects.create(
        table=table,
        number=table.hand_count,
        started_at=now,
        players=[
            {"seat": s.number, "user_id": s.user_id, "name": str(s.user), "stack": s.stack}
            for s in dealt
        ],
        config=config.to_json(),
        tournament_level=table.tournament_level,
        commitment=proof["root"],
        deck=proof_to_store(proof),  # (its commitments follow from the secret)
        deck_secret=table.deck["secret"],
    )
    for s in dealt:
        if s.owes_big_blind:  # they posted, or are the big blind (R2.6)
            s.owes_big_blind = False
            s.save(update_fields=["owes_big_blind"])
    for number in _big_blind_passed(seats, plan):
        seat = next(s for s in seats if s.number == number)
        seat.owes_big_blind = True
        seat.save(update_fields=["owes_big_blind"])
    table.current_hand = hand
    table.hand_players = {str(s.number): s.user_id for s in dealt}
    table.button_seat = button
    table.small_blind_seat, table.big_blind_seat = plan.small_blind_seat, plan.big_blind_seat
    # the first decision's clock, the first street of a paced runout, or (the forced bets put
    # everyone all-in and the board is dealt at once) the end of the hand
    fields += _after_engine(table, seats, state, now)
    return [
        *fields, "hand_count", "button_seat", "small_blind_seat", "big_blind_seat", "deck",
        "next_deck",
    ]  # fmt: skip


@transaction.atomic
def start_hand_if_ready(table_id: int, now: Any = None) -> bool:
    """Deal the next hand now if one can start (used by the clock and by tests)."""
    now = now or timezone.now()
    table = lock_table(table_id)
    if running_state(table) is not None or table.status != Table.Status.OPEN:
        return False
    if table.tournament_id is not None:  # its tournament deals (tournaments.table_due)
        return False
    seats = table_seats(table)
    fields = _start_hand(table, seats, now)
    commit_change(table, table_seats(table), fields=fields)
    return table.in_hand


def deal_tournament_hand(table: Table, seats: list[Seat], now: Any, fields: list[str]) -> None:
    """Deal a tournament table's next hand (``fields``: what the tournament changed on the
    table, its blinds from the clock). Called by ``tournaments.table_due``, which holds the
    tournament's lock, then the table's."""
    fields = [*fields, *_start_hand(table, seats, now)]
    commit_change(table, table_seats(table), fields=fields)


# --- actions ---------------------------------------------------------------------------------


def _engine_error(error: EngineError) -> PlayError:
    message = engine_text(error.message)
    if error.code == "not_your_turn":
        return PlayError(PlayErrorCode.NOT_YOUR_TURN, message)
    if error.code in ("amount_out_of_range", "bad_amount"):
        return PlayError(PlayErrorCode.AMOUNT_OUT_OF_RANGE, message)
    return PlayError(PlayErrorCode.ILLEGAL_ACTION, message)


def act(user: Any, table_id: int, action: str, amount: int | None, version: int | None) -> None:
    """A seated player's decision on their turn, checked by the engine (R6, R7, R11, R12)."""
    kind = ACTIONS.get(action) if isinstance(action, str) else None
    if kind is None:
        raise PlayError(PlayErrorCode.BAD_FIELD, _("Unknown action."))
    if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be a whole number.") % {"field": "amount"}
        )
    _decide(user, table_id, version, lambda state, seat: (kind, amount))


def draw(user: Any, table_id: int, cards: Any, version: int | None) -> None:
    """A player's draw on their turn (R42.2): ``cards`` names the cards they throw, none to
    stand pat; each must be one of their own, once."""
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be a list of cards.") % {"field": "cards"}
        )
    if len(cards) > MAX_HOLE_CARDS:
        raise PlayError(PlayErrorCode.BAD_FIELD, _("That is more cards than a hand holds."))
    try:
        thrown = [parse_card(c) for c in cards]
    except (ValueError, KeyError):
        raise PlayError(PlayErrorCode.BAD_FIELD, _("That is not a card.")) from None
    if len(set(thrown)) != len(thrown):
        raise PlayError(PlayErrorCode.BAD_FIELD, _("Name each card you throw once."))

    def mask(state: HandState, seat: int) -> tuple[ActionKind, int]:
        hole = state.holes[state.seats.index(seat)]  # (seat: the player's, on turn)
        if any(card not in hole for card in thrown):
            raise PlayError(PlayErrorCode.ILLEGAL_ACTION, _("You can only throw your own cards."))
        return ActionKind.DRAW, sum(1 << k for k, card in enumerate(hole) if card in thrown)

    _decide(user, table_id, version, mask)


@transaction.atomic
def _decide(
    user: Any,
    table_id: int,
    version: int | None,
    choose: Callable[[HandState, int], tuple[ActionKind, int | None]],
) -> None:
    """The decision ``choose(state, seat)`` returns, by the player on turn at ``seat``, in
    the table's transaction: the engine checks it; the log, the clock and the action's row
    follow."""
    table, seats = lock_with_seats(table_id)
    seat = require_seat(table, seats, user)
    if version is not None and version < table.decision_version:
        raise PlayError(
            PlayErrorCode.STALE_VERSION,
            _("The table changed since you saw it; look again and decide."),
        )
    state = running_state(table)
    if state is None:
        raise PlayError(PlayErrorCode.NOT_YOUR_TURN, _("No hand is being played."))
    legal = legal_actions(state)
    if legal is None or seat.number not in (legal.waiting or (legal.seat,)):
        raise PlayError(PlayErrorCode.NOT_YOUR_TURN, _("It is not your turn."))
    kind, amount = choose(state, seat.number)
    if kind is ActionKind.ALL_IN and amount is None:
        amount = legal.all_in_to
    try:
        new_state, events = apply(state, Action(kind, seat.number, amount))
    except EngineError as error:
        raise _engine_error(error) from None
    lines = _lines(seats, events, new_state)
    now = timezone.now()
    if table.time_bank_in_use and table.deadline_seat == seat.number and table.deadline:
        # R14: the time bank is spent by the seconds used beyond the action clock
        used = max(0, (now - (table.deadline - timedelta(seconds=seat.time_bank))).total_seconds())
        seat.time_bank = max(0, seat.time_bank - int(used + 0.999))
        seat.save(update_fields=["time_bank"])
    if seat.timeouts_in_row or seat.auto_act:
        seat.timeouts_in_row = 0
        seat.auto_act = False  # they are back: their own clock again
        seat.save(update_fields=["timeouts_in_row", "auto_act"])
    done = action_row(table, seat.number, user, kind, amount, timeout=False)
    fields = _after_engine(table, seats, new_state, now, step=(state, done, lines, None))
    commit_change(table, seats, fields=fields, state=new_state, action=done)


def dealt_user_seat(table: Table, user: Any) -> int | None:
    """The seat ``user`` was dealt in the hand on the table (``Table.hand_players``), or
    ``None``: cards belong to the player who was dealt them, not to the seat's occupant."""
    for seat, user_id in table.hand_players.items():
        if user_id is not None and user_id == user.pk:
            return int(seat)
    return None


def action_row(
    table: Table, seat: int, user: Any, kind: ActionKind, amount: int | None, *, timeout: bool
) -> HandAction:
    """The action's row, not yet written: ``commit_change(..., action=...)`` writes it with
    the table's update."""
    assert table.current_hand_id is not None  # an action belongs to the hand in progress
    return HandAction(
        hand_id=table.current_hand_id,
        sequence=table.version + 1,  # the version this action produces: unique, increasing
        seat=seat,
        user=user,
        kind=str(kind),
        amount=amount,
        timeout=timeout,
        version=table.version + 1,
    )


def _after_engine(
    table: Table,
    seats: list[Seat],
    state: HandState,
    now: Any,
    step: tuple[HandState, HandAction, list[dict[str, Any]], str | None] | None = None,
) -> list[str]:
    """After each engine step (the deal, a decision, a street of a runout): the hand's end,
    or the clock of what it waits for next. Returns the table fields to save. ``step``: a
    player's decision: the state before it, its row, its log lines and why the clock took
    it (``"timed_out"``, ``None``). A decision within a betting round goes on the state's
    tail (``Table.hand_tail``, :func:`~tables.play.hand_state.keeps_tail`), and its lines
    are made again from it when the log is read (:func:`~tables.play.hand_state.current_log`);
    any other step writes the state and the log whole and empties the tail (issue #44)."""
    if step is not None and keeps_tail(table, step[0], state):
        _before, action, _lines_, why = step
        entry = [action.kind, action.seat, action.amount, *([why] if why else [])]
        table.hand_tail = [*table.hand_tail, entry]
        fields = ["hand_tail"]  # (neither the state nor the log is written: their bytes stay)
    else:
        if step is not None:  # the tail's lines, then this decision's, into the log
            log = current_log(table, _names(seats))
            table.hand_log = handlog.extend(log, step[2])
        table.hand_state = state.to_json()
        table.hand_tail = []
        fields = ["hand_state", "hand_tail", "hand_log"]
    table.decision_version = table.version + 1
    fields += [
        "deadline",
        "deadline_seat",
        "time_bank_in_use",
        "next_hand_at",
        "decision_version",
    ]
    if state.is_finished:
        fields += _finish_hand(table, seats, state, now)
    else:
        _set_clock(table, seats, state, now)
    return fields


def _set_clock(table: Table, seats: list[Seat], state: HandState, now: Any) -> None:
    """The deadline of the decision the hand now waits for (R14)."""
    legal = legal_actions(state)
    table.time_bank_in_use = False
    if state.phase is Phase.RUNOUT:  # the dealer's next street, not anyone's clock
        table.deadline = now + timedelta(milliseconds=settings.RUNOUT_STEP_MS)
        table.deadline_seat = None
        return
    if legal is None:
        table.deadline = None
        table.deadline_seat = None
        return
    table.deadline = now + timedelta(seconds=decision_seconds(table, seats, state, legal.seat))
    table.deadline_seat = legal.seat


def decision_seconds(table: Table, seats: list[Seat], state: HandState, number: int) -> int:
    """How long the clock gives seat ``number``'s decision (R14): the action clock; none
    for a player who left the club, who timed out earlier in the hand (until they act
    again), or when nobody left in the hand is here; a short one, ``away_seconds``, for a
    player whose browser has closed (``Seat.gone_since``): a player who is gone does not
    hold the table."""
    seconds = table.action_seconds if state.phase is Phase.BETTING else DECISION_SECONDS
    seat = next(s for s in seats if s.number == number)
    if not is_member(seat) or seat.auto_act or nobody_here(state, seats):
        return 0  # the clock decides for them at once (_timeout)
    if seat.gone_since is not None:
        return min(seconds, table.away_seconds)
    return seconds


def nobody_here(state: HandState, seats: list[Seat]) -> bool:
    """Whether every player still in the hand (not folded) is gone (or never had a socket
    close: a seat no socket ever counted is not gone)."""
    gone = {s.number for s in seats if s.gone_since is not None}
    return all(
        number in gone
        for number, folded in zip(state.seats, state.folded, strict=True)
        if not folded
    )


def _finish_hand(table: Table, seats: list[Seat], state: HandState, now: Any) -> list[str]:
    """Final stacks back to the seats, the hand's record completed, rake to the ledger; a
    pause or a close the host asked for during the hand happens now (R16.3). Returns the
    table fields it changed beyond the hand's own."""
    final = state.stacks_by_seat()
    changed = []
    for seat in seats:
        if seat.number in final and seat.stack != final[seat.number]:
            seat.stack = final[seat.number]
            changed.append(seat)
    if changed:
        Seat.objects.bulk_update(changed, ["stack"])  # one statement for all of them
    fields = []
    if state.carried or table.carried_pot:  # poker all'italiana (R35, R37.3)
        table.carried_pot = carried_after(table, state)
        fields.append("carried_pot")
    hand_id = table.current_hand_id
    assert hand_id is not None  # the hand that just finished
    Hand.objects.filter(pk=hand_id).update(
        ended_at=now,
        final_state=table.hand_state,
        seed=state.seed.hex() if state.seed else "",
        rake=state.rake,
        result={
            "stacks": {str(k): v for k, v in final.items()},
            "won": {str(s): w for s, w in zip(state.seats, state.won, strict=True) if w},
            "boards": [list(b) for b in state.boards],
        },
    )
    # The history's rows for this hand (one per player, for lists, stats and the
    # leaderboard) are written by the clock within a second (tables.clock.record_history),
    # off the action's path and out of the server processes.
    if state.rake:
        LedgerEntry.objects.create(
            table=table, kind=LedgerEntry.Kind.RAKE, amount=state.rake, hand_id=hand_id
        )
    if any(state.bounty):  # R22: the 7-2 bounties, as their own kinds (already in the stacks)
        players = table.hand_players or {}
        LedgerEntry.objects.bulk_create(
            LedgerEntry(
                table=table,
                user_id=players.get(str(seat)),
                kind=LedgerEntry.Kind.BOUNTY_WON if net > 0 else LedgerEntry.Kind.BOUNTY_PAID,
                amount=abs(net),
                hand_id=hand_id,
            )
            for seat, net in zip(state.seats, state.bounty, strict=True)
            if net
        )
    table.deadline = None
    table.deadline_seat = None
    table.next_hand_at = None
    cash_out_leavers(table, seats)  # top-ups, sit-outs and departures take effect now (R16)
    # the finished state stays for display
    if table.close_requested:
        finish_closing(table, seats)  # everyone was cashed out just above
        return [*fields, "status", "carried_pot"]
    if table.pause_requested:
        table.status = Table.Status.PAUSED
        return [*fields, "status"]
    # a few seconds out, its deck committed now (R15.1)
    return [*fields, *schedule_next_hand(table, seats, now)]


def carried_after(table: Table, state: HandState) -> dict[str, Any]:
    """``Table.carried_pot`` after a finished hand: the pot it left in the middle (R35.1:
    nobody opened; R37.3: everyone said "parola"), one more hand in a row that carried it,
    and who was dealt into it (R35.5); empty when the hand was won."""
    if not state.carried:
        return {}
    return {
        "amount": state.carried,
        "streak": int(table.carried_pot.get("streak", 0)) + 1,
        "reason": "nobody_opened" if state.opener is None else "parola",
        "users": [u for seat in sorted(state.seats) if (u := table.hand_players.get(str(seat)))],
    }


# --- the clock -------------------------------------------------------------------------------


@transaction.atomic
def handle_due(table_id: int, version: int, now: Any = None) -> bool:
    """Apply whatever is due on the table, if it is still at ``version`` (compare-and-set).

    A deadline that passed: the time bank starts, or the player times out — check if they
    can, else fold (R14); a run-it-twice question is declined, a show-or-muck question is
    mucked when allowed, else the hand is shown; during an all-in runout the next street is
    dealt (R5.5). A next hand that is due is dealt (R16.3).
    Returns whether anything changed.
    """
    now = now or timezone.now()
    table, seats = lock_with_seats(table_id)
    if table.version != version:
        return False
    if table.deadline is not None and table.deadline <= now:
        _timeout(table, seats, now)
        return True
    if table.next_hand_at is not None and table.next_hand_at <= now:
        if table.tournament_id is not None:
            return False  # its tournament deals it, under the tournament's lock (table_due)
        if running_state(table) is not None or table.status != Table.Status.OPEN:
            table.next_hand_at = None
            commit_change(table, seats, fields=["next_hand_at"])
            return True
        if deck.wait_for_nonces(table, seats, now):  # a connected player's nonce is coming
            return True
        fields = _start_hand(table, seats, now)
        commit_change(table, table_seats(table), fields=fields)
        return True
    return False


def _deal_runout(table: Table, seats: list[Seat], state: HandState, now: Any) -> None:
    """The next street of an all-in board (R5.5, R12): one per RUNOUT_STEP_MS, so players
    see the board and the equities street by street."""
    new_state, events = deal_next(state)
    _log(table, seats, events, new_state)
    fields = _after_engine(table, seats, new_state, now)
    commit_change(table, seats, fields=fields, state=new_state)


def _timeout(table: Table, seats: list[Seat], now: Any) -> None:
    state = running_state(table)
    if state is not None and state.phase is Phase.RUNOUT:
        _deal_runout(table, seats, state, now)
        return
    legal = legal_actions(state) if state is not None else None
    if state is None or legal is None:
        table.deadline = None
        table.deadline_seat = None
        commit_change(table, seats, fields=["deadline", "deadline_seat"])
        return
    seat = next(s for s in seats if s.number == legal.seat)
    member = is_member(seat)
    if (
        state.phase is Phase.BETTING
        and member
        and not table.time_bank_in_use
        and seat.time_bank > 0
        and seat.gone_since is None  # a player who is gone keeps their bank for their return
        and not seat.auto_act
        and not nobody_here(state, seats)
    ):
        table.time_bank_in_use = True
        table.deadline = now + timedelta(seconds=seat.time_bank)
        commit_change(table, seats, fields=["time_bank_in_use", "deadline"])
        return
    action = default_action(state)  # R14: check if possible, else fold; decline; muck
    assert action is not None and action.seat == seat.number
    if state.phase is Phase.BETTING and member:
        if table.time_bank_in_use:
            seat.time_bank = 0
        if not seat.auto_act:  # (a decision taken at once is not a second timeout)
            seat.timeouts_in_row += 1
        if seat.timeouts_in_row >= TIMEOUTS_BEFORE_SIT_OUT and table.tournament_id is None:
            # (a tournament player who is away is still dealt in and blinded: R14, R25)
            seat.sit_out_next_hand = True  # R14: two timeouts in a row sit the player out
        seat.auto_act = True  # their next decisions in this hand are taken at once
        seat.save(update_fields=["time_bank", "timeouts_in_row", "sit_out_next_hand", "auto_act"])
    new_state, events = apply(state, action)
    name = str(seat.user) if seat.user_id else None
    why = "timed_out" if member else "not_a_member"
    lines = [{"seat": seat.number, "say": why, "args": {"who": name}}]
    lines += _lines(seats, events, new_state)
    done = action_row(table, seat.number, seat.user, action.kind, action.amount, timeout=True)
    fields = _after_engine(table, seats, new_state, now, step=(state, done, lines, why))
    commit_change(table, seats, fields=fields, state=new_state, action=done)
