"""The JSON of every game dealt before stud (R45–R47) is byte for byte what it was: states
stored in the database and hand histories written before stud resume and read the same.

The fixture ``fixtures/json_before_stud.json`` was captured from the engine at commit
14843cb (before stud), in a worktree of that commit::

    git worktree add /tmp/stud-base 14843cb
    cp tests/engine/test_json_unchanged.py /tmp/stud-base/tests/engine/
    cd /tmp/stud-base && PYTHONPATH=. /work/main/.venv/bin/python tests/engine/test_json_unchanged.py

It holds, for each hand below, the actions played (chosen then by a seeded random policy
from the legal actions) and the SHA-256 of every state's JSON and of every action's events'
JSON, in order, and the kinds of event the hand had; the last state's and the whole event
list's JSON in full for the first hands, so that a difference can be read. The test replays the same actions on the engine
of today and compares.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.games import Game
from engine.hand import apply, deal_next, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig, HandState, Phase

FIXTURE = Path(__file__).parent / "fixtures" / "json_before_stud.json"
FULL = 4
"""Hands whose last state and events are kept in full."""


def _config(**changes: Any) -> HandConfig:
    base: dict[str, Any] = {
        "seats": (1, 3, 4, 7, 9),
        "stacks": (200, 35, 400, 120, 260),
        "button": 4,
        "small_blind": 1,
        "big_blind": 2,
        "explicit_showdown": False,
    }
    base.update(changes)
    base["game"] = Game(base.get("game", "holdem"))
    return HandConfig(**base)


CASES: dict[str, HandConfig] = {
    "holdem_nl_ante_straddle": _config(ante=1, straddle=True, rake_bps=500, rake_cap=3),
    "holdem_fl": _config(structure=Structure.FIXED_LIMIT),
    "holdem_bb_ante_run_twice": _config(big_blind_ante=2, run_it_twice_allowed=True),
    "holdem_paced_seven_deuce": _config(paced_runout=True, seven_deuce=5, stacks=(20,) * 5),
    "holdem_bomb_double_board": _config(bomb_pot=4, double_board=True),
    "omaha_pl": _config(game="omaha", structure=Structure.POT_LIMIT),
    "omaha8_fl": _config(game="omaha8", structure=Structure.FIXED_LIMIT, explicit_showdown=True),
    "omaha5_pl_heads_up": _config(
        game="omaha5", structure=Structure.POT_LIMIT, seats=(2, 6), stacks=(90, 140), button=6
    ),
    "shortdeck_nl": _config(game="shortdeck", ante=1),
    "draw5_nl": _config(game="draw5"),
    "27single_nl": _config(game="27single", show_all_called=True),
    "27triple_fl": _config(game="27triple", structure=Structure.FIXED_LIMIT),
}


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data).encode()).hexdigest()


def _state_json(state: HandState) -> Any:
    return state.to_json()


def _choose(rng: random.Random, state: HandState) -> Action | None:
    """A seeded random policy over the legal actions (None: deal the next street)."""
    legal = legal_actions(state)
    if legal is None:
        return None
    kinds = {str(kind) for kind in legal.kinds}
    seat = legal.seat
    if "draw" in kinds:
        return Action(ActionKind.DRAW, seat, rng.randrange(32))
    if "run_twice" in kinds:
        return Action(ActionKind.RUN_TWICE, seat, rng.randrange(2))
    if "show" in kinds:
        waiting = legal.waiting[0]
        muck = "muck" in kinds and rng.random() < 0.4
        return Action(ActionKind.MUCK if muck else ActionKind.SHOW, waiting)
    if "bring_in" in kinds:  # a stud game's bring-in player (R45.4)
        return Action(ActionKind.BRING_IN, seat)
    roll = rng.random()
    if "fold" in kinds and roll < 0.15:
        return Action(ActionKind.FOLD, seat)
    if legal.min_to is not None and legal.max_to is not None and roll < 0.45:
        kind = ActionKind.BET if "bet" in kinds else ActionKind.RAISE
        return Action(kind, seat, rng.choice([legal.min_to, legal.max_to]))
    return Action(ActionKind.CHECK if "check" in kinds else ActionKind.CALL, seat)


def record(name: str, config: HandConfig) -> dict[str, Any]:
    """Play the case's hand with the policy and return what the fixture keeps of it."""
    rng = random.Random(name)
    state, events = start_hand(config, seed=hashlib.sha256(name.encode()).digest())
    steps = [_digest([_state_json(state), [e.to_json() for e in events]])]
    history = [e.to_json() for e in events]
    actions: list[Any] = []
    while not state.is_finished:
        if state.phase is Phase.RUNOUT:
            state, events = deal_next(state)
            actions.append(None)
        else:
            action = _choose(rng, state)
            assert action is not None
            state, events = apply(state, action)
            actions.append(action.to_json())
        steps.append(_digest([_state_json(state), [e.to_json() for e in events]]))
        history += [e.to_json() for e in events]
    return {
        "config": config.to_json(),
        "seed": hashlib.sha256(name.encode()).hexdigest(),
        "actions": actions,
        "steps": steps,
        "event_types": sorted({event["type"] for event in history}),
        "state": _state_json(state),
        "events": history,
    }


def replay(case: dict[str, Any]) -> tuple[list[str], HandState, list[Any]]:
    """The same hand, from the fixture's config, seed and actions, on today's engine."""
    config = HandConfig.from_json(case["config"])
    state, events = start_hand(config, seed=bytes.fromhex(case["seed"]))
    steps = [_digest([_state_json(state), [e.to_json() for e in events]])]
    history = [e.to_json() for e in events]
    for action in case["actions"]:
        if action is None:
            state, events = deal_next(state)
        else:
            state, events = apply(state, Action.from_json(action))
        steps.append(_digest([_state_json(state), [e.to_json() for e in events]]))
        history += [e.to_json() for e in events]
    return steps, state, history


def test_the_json_of_every_game_before_stud_is_unchanged_byte_for_byte() -> None:
    fixture = json.loads(FIXTURE.read_text())
    assert set(fixture) == set(CASES)
    for k, (name, case) in enumerate(fixture.items()):
        steps, state, history = replay(case)
        if k < FULL:  # readable first: the whole last state and every event
            assert _state_json(state) == case["state"], name
            assert history == case["events"], name
        assert steps == case["steps"], f"{name}: a state's or an event's JSON changed"
        assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_the_fixture_plays_every_case_to_the_end_and_through_the_phases_it_is_for() -> None:
    """The cases exercise what they are named for (a fixture of one preflop fold would
    compare little)."""
    fixture = json.loads(FIXTURE.read_text())
    phases = {kind for case in fixture.values() for kind in case["event_types"]}
    for kind in ("board_dealt", "draw_taken", "hand_shown", "pot_awarded", "ante_posted"):
        assert kind in phases, kind
    assert all(len(case["steps"]) > 3 for case in fixture.values())


def _capture() -> None:
    data = {}
    for k, (name, config) in enumerate(CASES.items()):
        case = record(name, config)
        if k >= FULL:
            case["state"] = case["events"] = None
        data[name] = case
    FIXTURE.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {FIXTURE} ({len(data)} hands)")


if __name__ == "__main__":
    _capture()


def test_a_stud_states_json_has_no_key_the_other_games_lack_and_round_trips() -> None:
    """R45: a stud game's state is the same JSON (holes of three to seven cards, the board
    empty or its community card, R45.3): no new field, and it resumes the same."""
    for game in (Game.SEVEN_CARD_STUD, Game.STUD_HILO, Game.RAZZ):
        config = _config(game=game, structure=Structure.FIXED_LIMIT, big_blind=4)
        state, _ = start_hand(config, seed=bytes(32))
        holdem, _ = start_hand(_config(), seed=bytes(32))
        assert set(state.to_json()) == set(holdem.to_json())
        assert set(state.to_json()["config"]) == set(holdem.to_json()["config"])
        rng = random.Random(str(game))
        while not state.is_finished:
            action = _choose(rng, state)
            assert action is not None
            state, _ = apply(state, action)
            assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
