"""The hand state as data: JSON form, the seed commitment and deck verification, secret
events, views for the table, timeouts (R4.3, R14, R15; issue scope 5 and 7)."""

from __future__ import annotations

import importlib
import json
from dataclasses import fields, replace

from engine import hand
from engine.actions import Action, ActionKind
from engine.deck import commitment, shuffled_deck, verify
from engine.equity import equities
from engine.events import HandFinished, HandStarted, HoleCardsDealt
from engine.games import Game
from engine.hand import apply, start_hand
from engine.legal_actions import default_action, legal_actions
from engine.pots import Pot, pots
from engine.state import HandConfig, HandState
from engine.working_copy import WorkingCopy, state_from_fields
from tests.engine.hand_helpers import Table, round_trip

CONFIG = HandConfig(seats=(2, 5, 7), stacks=(200, 150, 90), button=5, small_blind=1, big_blind=2)
SEED = bytes(range(32))


def play_to_the_end(state: HandState) -> HandState:
    while not state.is_finished:
        legal = legal_actions(state)
        assert legal is not None
        kind = next(
            k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW) if k in legal.kinds
        )
        state, _ = apply(state, Action(kind, legal.seat))
    return state


def test_the_start_publishes_the_seed_commitment_and_not_the_seed() -> None:
    """R15: the commitment is public from the start; the seed only at the end."""
    state, events = start_hand(CONFIG, seed=SEED)
    assert state.commitment == commitment(SEED)
    started = events[0]
    assert isinstance(started, HandStarted) and started.commitment == commitment(SEED)
    assert state.revealed_seed is None
    assert all(SEED.hex() not in json.dumps(e.to_json()) for e in events)


def test_the_finished_hand_reveals_the_seed_and_its_cards_verify() -> None:
    """R15: anyone can recompute the deck from the revealed seed and check every card."""
    state, _ = start_hand(CONFIG, seed=SEED)
    state, _ = apply(state, Action(ActionKind.FOLD, 5))
    state, events = apply(state, Action(ActionKind.FOLD, 7))
    finished = events[-1]
    assert isinstance(finished, HandFinished) and finished.seed == SEED.hex()
    state, _ = start_hand(CONFIG, seed=SEED)
    state = play_to_the_end(state)
    assert state.revealed_seed == SEED
    dealt = state.dealt_cards()
    assert verify(SEED, state.commitment or "", dealt)
    assert dealt == shuffled_deck(SEED)[: len(dealt)]


def test_a_live_hand_without_a_seed_gets_a_fresh_one() -> None:
    """R1.2: the seed comes from secrets when none is given."""
    one, _ = start_hand(CONFIG)
    two, _ = start_hand(CONFIG)
    assert one.seed is not None and len(one.seed) == 32 and one.seed != two.seed


def test_hole_cards_events_are_secret_and_name_their_seat() -> None:
    """R4.3: a projection drops secret events of other seats."""
    _, events = start_hand(CONFIG, seed=SEED)
    secret = [e for e in events if e.secret]
    assert all(isinstance(e, HoleCardsDealt) for e in secret)
    assert sorted(e.seat for e in secret) == [2, 5, 7]
    assert not any(e.secret for e in events if not isinstance(e, HoleCardsDealt))


def test_every_state_round_trips_through_json_unchanged() -> None:
    """Issue scope 5: to_json / from_json lose nothing."""
    state, _ = start_hand(CONFIG, seed=SEED)
    while True:
        text = json.dumps(state.to_json(), separators=(",", ":"))
        assert round_trip(state) == state
        assert HandState.from_json(json.loads(text)).to_json() == state.to_json()
        if state.is_finished:
            break
        state = play_to_the_end_one_step(state)


def play_to_the_end_one_step(state: HandState) -> HandState:
    legal = legal_actions(state)
    assert legal is not None
    kind = next(k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW) if k in legal.kinds)
    return apply(state, Action(kind, legal.seat))[0]


def test_json_is_plain_deterministic_and_versioned() -> None:
    state, _ = start_hand(CONFIG, seed=SEED)
    data = state.to_json()
    assert data["format"] == 1
    assert json.dumps(data) == json.dumps(start_hand(CONFIG, seed=SEED)[0].to_json())

    def plain(value: object) -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or type(value) in (int, str, bool)

    assert plain(data)


def test_a_hand_resumes_from_its_json_alone() -> None:
    """Design: the database is the only source of truth; a restart loses nothing."""
    state, _ = start_hand(CONFIG, seed=SEED)
    state, _ = apply(state, Action(ActionKind.RAISE, 5, 6))
    resumed = HandState.from_json(json.loads(json.dumps(state.to_json())))
    assert play_to_the_end(resumed) == play_to_the_end(state)


def test_events_serialise_to_plain_json() -> None:
    t = Table.start(stacks=(50, 50), button=2, board="2c 3d 7s 9h Jc", holes={1: "AhAd"})
    t.play("2 all_in, 1 call")
    for event in t.events:
        data = event.to_json()
        assert data["type"] == event.type
        json.dumps(data)


def test_pots_view_lists_the_seats_eligible_for_each_pot() -> None:
    """Issue scope 7: pots with their eligible seats (R8.1)."""
    t = Table.start(stacks=(30, 100, 100))
    t.play("3 raise 10, 1 all_in, 2 call, 3 call")
    assert pots(t.state) == (Pot(90, (1, 2, 3)),)
    t.play("2 bet 20, 3 call")
    assert pots(t.state) == (Pot(90, (1, 2, 3)), Pot(40, (2, 3)))


def test_equities_are_offered_once_no_more_betting_is_possible() -> None:
    """Issue scope 7: the exact all-in equity of each player."""
    t = Table.start(stacks=(50, 50, 50), holes={1: "AhAd", 2: "KhKd"}, board="2c 3d 7s 9h Jc",
                    run_it_twice_allowed=True)  # fmt: skip
    assert equities(t.state) is None
    t.play("3 fold, 1 all_in, 2 call")
    shares = equities(t.state)
    assert shares is not None and set(shares) == {1, 2}
    assert abs(sum(shares.values()) - 1) < 1e-9 and shares[1] > 0.8


def test_timeout_checks_when_possible_otherwise_folds() -> None:
    """R14: when the clock and the time bank run out, check if possible, otherwise fold."""
    t = Table.start(stacks=(100, 100, 100))
    assert default_action(t.state) == Action(ActionKind.FOLD, 3)
    t.play("3 call, 1 call")
    assert default_action(t.state) == Action(ActionKind.CHECK, 2)


def test_timeout_declines_run_it_twice_and_mucks_when_allowed() -> None:
    """R14 applied to the other decisions (a choice of ours)."""
    t = Table.start(stacks=(50, 50), button=2, run_it_twice_allowed=True)
    t.play("2 all_in, 1 call")
    assert default_action(t.state) == Action(ActionKind.RUN_TWICE, 1, 0)
    t2 = Table.start(
        holes={1: "AsAd", 2: "KsKd"}, board="2c 7d 9s Jh 4c", stacks=(100, 100), button=2
    )
    t2.play("2 call, 1 check, 1 check, 2 check, 1 check, 2 check, 1 check, 2 check")
    assert default_action(t2.state) == Action(ActionKind.MUCK, 2)


def test_chips_are_conserved_through_a_hand() -> None:
    """R7.5: chips only move between stacks, the middle and the rake."""
    t = Table.start(stacks=(100, 60, 30), rake_bps=500, show_all_called=True)
    t.play("3 all_in, 1 call, 2 all_in, 1 call")
    assert t.state.is_finished
    assert sum(t.stacks().values()) + t.state.rake == 190


STATE_FIELDS = [item.name for item in fields(HandState)]


def test_the_working_copy_carries_every_state_field_to_its_place() -> None:
    """The machine copies a state field by field and freezes the next one positionally
    (for speed): a field of HandState added, dropped or reordered without the working copy
    would swap values silently, so each field must come back in its own place."""
    marked = state_from_fields(tuple((name,) for name in STATE_FIELDS))
    frozen = WorkingCopy(marked).freeze()
    assert {name: getattr(frozen, name) for name in STATE_FIELDS} == {
        name: (name,) for name in STATE_FIELDS
    }
    own = [name for name in WorkingCopy.__annotations__ if name not in ("n", "events")]
    assert own == STATE_FIELDS


def test_the_json_form_holds_every_state_field_in_field_order() -> None:
    """A draw game's cards out of play and counts drawn (R42) are only in a draw game's,
    poker all'italiana's opener and carried pot (R34, R35) only in its own, the
    discards of players waiting for their fourth card (R36.2) only during its draw, and
    the buio's blind players and those who have not looked (R33.5) only in a hand with one."""
    state, _ = start_hand(CONFIG, seed=SEED)
    draw_only = ["pile", "drawn"]
    italiana_only = ["opener", "carried", "waiting", "blind", "unseen"]
    assert list(state.to_json()) == [
        "format",
        *(f for f in STATE_FIELDS if f not in draw_only + italiana_only),
    ]
    assert HandState.from_json(state.to_json()) == state
    draw, _ = start_hand(replace(CONFIG, game=Game.FIVE_CARD_DRAW), seed=SEED)
    assert list(draw.to_json()) == ["format", *(f for f in STATE_FIELDS if f not in italiana_only)]
    assert HandState.from_json(draw.to_json()) == draw
    italiana, _ = start_hand(replace(CONFIG, game=Game.ITALIANA, small_blind=0, ante=1), seed=SEED)
    assert list(italiana.to_json()) == ["format", *STATE_FIELDS[:-3]]
    assert HandState.from_json(italiana.to_json()) == italiana
    waiting = replace(italiana, waiting=((1, 2, 3, 4), (), ()))
    assert list(waiting.to_json()) == ["format", *STATE_FIELDS[:-2]]
    assert HandState.from_json(waiting.to_json()) == waiting
    blind = replace(waiting, blind=(0,), unseen=(0, 1))
    assert list(blind.to_json()) == ["format", *STATE_FIELDS]
    assert HandState.from_json(blind.to_json()) == blind


def test_engine_hand_re_exports_each_name_from_the_module_that_defines_it() -> None:
    """engine.hand still exports, for importers outside engine/ until they are rewritten,
    names defined elsewhere: each is the very object of its defining module."""
    for name in hand.__all__:
        value = getattr(hand, name)
        assert getattr(importlib.import_module(value.__module__), name) is value
