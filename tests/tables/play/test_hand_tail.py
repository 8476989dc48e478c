"""The hand's state is written whole only when a card moves or a betting round ends; each
decision within a round goes on the row's tail (``Table.hand_tail``), which every read
applies (issue #44: rewriting the state was most of an action's WAL). The state read is
always the hand the engine played: the snapshot and its tail give exactly the state the
recorded actions give from the deal."""

from __future__ import annotations

import json
import random

import pytest
from django.db import connection

from engine.actions import Action, ActionKind
from engine.hand import apply, deal_next, start_hand
from engine.state import HandConfig, Phase
from tables.hands.models import Hand
from tables.hands.proof import start_kwargs
from tables.play import actions as services
from tables.play import table_log as handlog
from tables.play.hand_state import TAIL_MOST, current_state
from tables.play.models import HAND_FIXED_KEYS, Seat, Table
from tables.play.phrases import render
from tables.play.projection import load_public_state, own_cards_by_user
from tests.tables.play_helpers import deal, fresh, step_randomly, user_at

pytestmark = pytest.mark.django_db


def _stored_state(table_id: int) -> str:
    """The state's bytes as stored (the JSON text of the column)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT hand_state::text FROM tables_table WHERE id = %s", [table_id])
        return cursor.fetchone()[0]


def _played_from_the_deal(table, now):
    """The hand on the table played again from its deck and its recorded actions, street by
    street as the clock deals a runout (as far as it has dealt, ``now``: the state read):
    what the state must be."""
    hand = Hand.objects.get(pk=table.current_hand_id)
    state, _ = start_hand(HandConfig.from_json(hand.config), **start_kwargs(hand))
    for row in hand.actions.order_by("sequence"):
        while state.phase is Phase.RUNOUT:
            state, _ = deal_next(state)
        state, _ = apply(state, Action(ActionKind(row.kind), row.seat, row.amount))
    while state.phase is Phase.RUNOUT and state.dealt < now.dealt:  # the clock's streets
        state, _ = deal_next(state)
    return state


def test_a_call_within_a_round_goes_on_the_tail_and_leaves_the_stored_state_as_it_was(
    make_table, players
):
    table = make_table(structure="no_limit")
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    stored = _stored_state(t.pk)
    assert fresh(t).hand_tail == []
    hand = load_public_state(t.pk)["hand"]
    seat = hand["to_act"]
    services.act(user_at(t, seat), t.pk, "call", None, None)
    t = fresh(t)
    assert t.hand_tail == [["call", seat, None]]
    assert _stored_state(t.pk) == stored  # not written again
    state = current_state(t)
    assert state.to_json() == _played_from_the_deal(t, state).to_json()
    assert load_public_state(t.pk)["hand"]["to_act"] != seat


def test_a_new_street_writes_the_state_whole_and_empties_the_tail(make_table, players):
    table = make_table(structure="no_limit")
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    while not (hand := load_public_state(t.pk)["hand"])["boards"][0]:
        legal = hand["legal"]
        services.act(
            user_at(t, hand["to_act"]), t.pk, "check" if legal["check"] else "call", None, None
        )
    t = fresh(t)
    assert t.hand_tail == []  # the flop was dealt: a card moved
    assert t.hand_state["boards"][0]  # the stored state has it
    assert current_state(t).to_json() == _played_from_the_deal(t, current_state(t)).to_json()


@pytest.mark.parametrize(
    "game, options",
    [
        ("holdem", {"structure": "fixed_limit"}),
        ("27triple", {"structure": "fixed_limit", "max_seats": 6}),
        ("stud", {"structure": "fixed_limit", "small_blind": 1, "big_blind": 4, "ante": 1}),
    ],
)
def test_the_state_read_is_always_the_hand_the_recorded_actions_play(
    make_table, players, game, options
):
    """After every step of random hands, the snapshot and its tail are the state the deal
    and the recorded actions give, the tail stays within one betting round and its bound,
    and own cards (read from the snapshot) are the hand's."""
    table = make_table(game=game, max_seats=options.pop("max_seats", 8), **options)
    for i, p in enumerate(players):
        services.sit(p, table.pk, i + 1, 100)
    rng = random.Random(f"tail-{game}")
    longest = 0
    for _ in range(400):
        t = fresh(table)
        if not t.in_hand:
            deal(t)
            continue
        step_randomly(t, rng)
        t = fresh(table)
        longest = max(longest, len(t.hand_tail))
        assert len(t.hand_tail) <= TAIL_MOST
        state = current_state(t)
        assert state.to_json() == _played_from_the_deal(t, state).to_json()
        assert t.hand_state["holes"] == state.to_json()["holes"]
        # what only the deal changes is stored apart, and kept up (a draw's reshuffle)
        assert t.hand_fixed == {k: state.to_json()[k] for k in HAND_FIXED_KEYS}
    assert longest > 0  # the tail was used


def _stored_columns(table_id: int) -> tuple[dict, str]:
    """The stored state's JSON and the text of the parts stored apart (``hand_fixed``)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT hand_state::text, hand_fixed::text FROM tables_table WHERE id = %s",
            [table_id],
        )
        state, fixed = cursor.fetchone()
        return json.loads(state), fixed


def test_a_street_writes_the_state_without_what_only_the_deal_changes(make_table, players):
    """Issue #44: the deal writes the hand's config and deck once (``Table.hand_fixed``);
    each later snapshot writes the rest, and the table read has the whole state."""
    table = make_table(structure="no_limit")
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    state, fixed = _stored_columns(t.pk)
    assert not set(HAND_FIXED_KEYS) & set(state) and fixed is not None
    while not (hand := load_public_state(t.pk)["hand"])["boards"][0]:
        legal = hand["legal"]
        services.act(
            user_at(t, hand["to_act"]), t.pk, "check" if legal["check"] else "call", None, None
        )
    state, fixed_after_the_flop = _stored_columns(t.pk)
    assert state["boards"][0] and not set(HAND_FIXED_KEYS) & set(state)
    assert fixed_after_the_flop == fixed  # not written again
    whole = fresh(t).hand_state
    assert set(HAND_FIXED_KEYS) <= set(whole)
    now = current_state(fresh(t))
    assert now.to_json() == _played_from_the_deal(t, now).to_json()


def test_a_state_stored_whole_is_read_as_stored_whatever_is_stored_apart(make_table, players):
    """A table written before the state was split (or by any writer that stores it whole)
    reads its own config and deck, not what ``hand_fixed`` holds."""
    table = make_table(structure="no_limit")
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    whole = fresh(t).hand_state
    cards = own_cards_by_user(t.pk, t.hand_count)
    stale = {"config": {**whole["config"], "game": "omaha"}, "deck": list(reversed(whole["deck"]))}
    Table.objects.filter(pk=t.pk).update(hand_state=whole, hand_fixed=stale)
    assert fresh(t).hand_state == whole
    assert own_cards_by_user(t.pk, t.hand_count) == cards
    Table.objects.filter(pk=t.pk).update(hand_state=whole, hand_fixed=None)
    assert fresh(t).hand_state == whole
    assert own_cards_by_user(t.pk, t.hand_count) == cards


def _log_from_the_deal(table, now):
    """The log of the hand on the table made again from its deck and its recorded actions,
    every step's lines as the steps wrote them when each wrote the log whole (the deal,
    each decision with the clock's reason before a timeout, each street of a runout)."""
    hand = Hand.objects.get(pk=table.current_hand_id)
    names = {p["seat"]: p["name"] for p in hand.players}
    state, events = start_hand(HandConfig.from_json(hand.config), **start_kwargs(hand))
    log = handlog.lines(events, names, boards=len(state.boards))
    for row in hand.actions.order_by("sequence"):
        while state.phase is Phase.RUNOUT:
            state, events = deal_next(state)
            log += handlog.lines(events, names, boards=len(state.boards))
        if row.timeout:
            log.append({"seat": row.seat, "say": "timed_out", "args": {"who": names[row.seat]}})
        state, events = apply(state, Action(ActionKind(row.kind), row.seat, row.amount))
        log += handlog.lines(events, names, boards=len(state.boards))
    while state.phase is Phase.RUNOUT and state.dealt < now.dealt:
        state, events = deal_next(state)
        log += handlog.lines(events, names, boards=len(state.boards))
    return handlog.extend([], log)


def test_a_decision_on_the_tail_leaves_the_stored_log_as_it_was_and_the_log_read_has_it(
    make_table, players
):
    table = make_table(structure="no_limit")
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    stored = fresh(t).hand_log
    seat = load_public_state(t.pk)["hand"]["to_act"]
    services.act(user_at(t, seat), t.pk, "call", None, None)
    t = fresh(t)
    assert t.hand_log == stored  # not written again (issue #44)
    log = load_public_state(t.pk)["hand"]["log"]
    assert log[: len(stored)] == stored and len(log) == len(stored) + 1
    assert render(log[-1], str) == f"{user_at(t, seat)} calls 2"


@pytest.mark.parametrize(
    "game, options",
    [
        ("holdem", {"structure": "no_limit", "run_it_twice_allowed": True}),
        ("27triple", {"structure": "fixed_limit", "max_seats": 6}),
        ("stud", {"structure": "fixed_limit", "small_blind": 1, "big_blind": 4, "ante": 1}),
        ("italiana", {"structure": "pot_limit"}),
    ],
)
def test_the_log_read_is_the_log_every_step_would_have_written_whole(
    make_table, players, game, options
):
    """After every step of random hands (timeouts among them, R14), the log everyone reads
    (the stored log and the tail's lines made again) is the log of the deal and the recorded
    actions, line for line: a tail changes what is written, never what is read."""
    table = make_table(game=game, max_seats=options.pop("max_seats", 8), **options)
    for i, p in enumerate(players[:5]):
        services.sit(p, table.pk, i + 1, 100)
    rng = random.Random(f"log-{game}")
    tails = timeouts = 0
    for _ in range(300):
        t = fresh(table)
        if not t.in_hand:
            for s in Seat.objects.filter(table=t, stack=0).exclude(user=None):
                services.top_up(s.user, t.pk, 100)
            for s in Seat.objects.filter(table=t, status="sitting_out"):
                services.sit_in(s.user, t.pk)
            deal(t)
            continue
        if t.deadline_seat is not None and rng.random() < 0.1:  # the clock decides (R14)
            while fresh(t).deadline_seat == t.deadline_seat and fresh(t).in_hand:
                now = fresh(t)
                services.handle_due(now.pk, now.version, now=now.deadline)
            timeouts += 1
        else:
            step_randomly(t, rng)
        t = fresh(table)
        tails += bool(t.hand_tail)
        if t.in_hand:
            log = load_public_state(t.pk)["hand"]["log"]
            assert log == _log_from_the_deal(t, current_state(t))
    assert tails and timeouts  # both were tried


def test_a_decision_reads_the_tail_once_and_its_log_applies_only_its_own_entry(
    make_table, players, monkeypatch
):
    """A decision reads the state (the snapshot and its tail), appends its entry to the
    tail, then the log is made for everyone: only the new entry is applied again. What is
    read is what a fresh read of the row gives, and a new snapshot or another tail starts
    over (issue #44: the server's CPU per action)."""
    from tables.play import hand_state as module
    from tables.play.hand_state import current_log

    table = make_table(structure="no_limit")
    for i, p in enumerate(players[:5]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    for _ in range(2):  # two calls on the tail
        services.act(
            user_at(t, load_public_state(t.pk)["hand"]["to_act"]), t.pk, "call", None, None
        )
    t = fresh(t)
    names = {s.number: str(s.user) for s in Seat.objects.filter(table=t).exclude(user=None)}
    assert len(t.hand_tail) == 2
    applied = []
    real_apply = module.apply
    monkeypatch.setattr(module, "apply", lambda s, a: applied.append(a) or real_apply(s, a))

    state = current_state(t)
    assert len(applied) == 2
    seat = state.seat_to_act
    assert seat is not None
    t.hand_tail = [*t.hand_tail, ["call", seat, None]]  # as a decision appends its own
    log = current_log(t, names)
    assert len(applied) == 3  # the new entry only
    again = fresh(t)
    again.hand_tail = t.hand_tail
    assert log == current_log(again, names)
    assert render(log[-1], str) == f"{names[seat]} calls 2"

    # another tail (not the one read, plus entries) is applied from the snapshot again
    first = t.hand_tail[0][1]
    t.hand_tail = [["fold", first, None]]
    assert render(current_log(t, names)[-1], str) == f"{names[first]} folds"
    # so is a new snapshot, even with the same tail
    applied.clear()
    t.hand_state = json.loads(json.dumps(t.hand_state))
    current_state(t)
    assert len(applied) == 1
