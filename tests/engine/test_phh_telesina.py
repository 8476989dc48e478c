"""Telesina in PHH (R40): this club's codes PTEL, NTEL and FTEL (the structure's letter,
then the game, as the standard names its games and as PITA names poker all'italiana).
The cards are written as a stud game's (each player's first two, one down and one up, in
one ``d dh``, every later up card in its own, R40.3), with no bring-in: the invito is
every player's ante and ``blinds_or_straddles`` all 0 (R40.2); ``min_bet`` is the least
bet (R40.5); the deck of the players, "parla per primo" and the ranking's options and
raise cap are user-defined fields (R31.2, R40.4, R32, R38.3). Con la vela (R41) each vela
is a ``d db`` of its card after the fifth cards' round and ``_vele`` says how many the hand
deals (R41.4); a hand without the vela is written as before. Every exported hand replays
through our reader to the same result."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import parse_cards
from engine.events import ActionTaken, BoardDealt, Event, HandShown
from engine.games import Game
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.phh import PhhError, export, loads, phh_cards, replay
from engine.state import HandConfig, HandState
from tests.engine.hand_helpers import deck_of, play, telesina
from tests.engine.hand_strategies import MAX_STEPS, choose_action, configs

REPO = Path(__file__).resolve().parents[2]

# R40's worked example: five players (6 to ace); after the third card seat 3 shows K♠ K♥
EXAMPLE = ("7c Ad Qd", "8c 9s Js", "6s Ks Kh", "7d Th 8h", "9c Jc 6d")


def checked_down(config: HandConfig, deck: Any, *steps: str) -> tuple[HandState, list[Event]]:
    """The hand dealt from ``deck``, ``steps`` played, then everyone checking or calling
    and showing to the end; every event."""
    state, events = start_hand(config, deck=deck)
    state, more = play(state, *steps)
    events += more
    while (legal := legal_actions(state)) is not None:
        kind = next(
            k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW) if k in legal.kinds
        )
        state, more = apply(state, Action(kind, legal.seat))
        events += more
    return state, events


def worked_example() -> tuple[HandState, list[Event]]:
    """R40's example checked down: the second cards are A♦ (seat 1, who speaks first), 9♠,
    K♠, T♥ and J♣; after the third card seat 3's K♠ K♥ speaks first."""
    config = telesina()
    return checked_down(config, deck_of(config, *EXAMPLE))


def test_R40_worked_example_is_written_as_ptel_with_the_invito_and_the_up_cards() -> None:
    state, events = worked_example()
    text = export(state, events)
    assert text.startswith("# PTEL (pot-limit Telesina")  # our extension, and says so
    hand = loads(text)
    assert hand.variant == "PTEL"
    assert hand.antes == (10,) * 5 and hand.ante_trimming_status  # R40.2: the invito
    assert hand.blinds_or_straddles == (0,) * 5 and hand.min_bet == 10  # no blinds, R40.5
    assert hand.bring_in is None and "bring_in" not in text  # no bring-in (R40)
    assert hand.actions[:5] == (  # R40.3: one down and one up, in one `d dh` (p1 first)
        "d dh p1 7cAd",
        "d dh p2 8c9s",
        "d dh p3 6sKs",
        "d dh p4 7dTh",
        "d dh p5 9cJc",
    )
    assert hand.actions[5] == "p1 cc"  # R40.4: A♦ the best card showing
    third = hand.actions.index("d dh p5 6d")
    assert hand.actions[third - 4 : third + 2] == (
        "d dh p1 Qd",  # each up card its own `d dh`, no burn
        "d dh p2 Js",
        "d dh p3 Kh",
        "d dh p4 8h",
        "d dh p5 6d",
        "p3 cc",  # R40.4's worked example: K♠ K♥ speaks before A♦ Q♦
    )
    assert hand.user_defined == {
        "_deck_size": 36,  # R31.2: five players, 6 to ace
        "_best_showing_first": True,  # R40.4
        "_full_over_flush_on_52": True,  # R32.2, R32.4, R32.6 (R38.3: no cap, no field)
        "_minima_beats_massima": True,
        "_flush_by_suit": False,
    }
    again = replay(hand)
    assert again.state.stacks == state.stacks and again.state.holes == state.holes
    speakers = [(e.seat, e.action) for e in again.events if isinstance(e, ActionTaken)]
    assert speakers == [(e.seat, e.action) for e in events if isinstance(e, ActionTaken)]


def test_R40_5_a_fixed_limit_hand_is_ftel_with_its_bets_and_a_no_limit_one_ntel() -> None:
    config = telesina(2, structure=Structure.FIXED_LIMIT)  # 24 cards: 9 to ace
    deck = deck_of(config, "9c Ad Kd Ah Qc", "9d Kc Ks Jh Tc")
    state, events = checked_down(config, deck, "1 bet 10", "2 raise 20", "1 call")
    hand = loads(export(state, events))
    assert hand.variant == "FTEL" and (hand.small_bet, hand.big_bet) == (10, 20)
    assert hand.min_bet is None and hand.user_defined["_deck_size"] == 24
    assert replay(hand).state.stacks == state.stacks
    config = telesina(2, structure=Structure.NO_LIMIT)
    state, events = checked_down(config, deck, "1 bet 500", "2 call")
    hand = loads(export(state, events))
    assert hand.variant == "NTEL" and hand.actions[2:4] == ("p1 cbr 500", "p2 cc")
    assert replay(hand).state.stacks == state.stacks


def test_R40_4_R40_1_the_house_rules_are_written_and_read_back() -> None:
    """Left of the dealer speaks first, colore by suit, the minima below the massima, the
    colore above the full at 52 cards, one raise a round: written and read back; a file that
    says another speaker first is refused at the first turn it contradicts."""
    config = telesina(
        best_showing_first=False,
        flush_by_suit=True,
        minima_beats_massima=False,
        full_over_flush_on_52=False,
        max_raises=1,
    )
    state, events = checked_down(config, deck_of(config, *EXAMPLE), "1 bet 10", "2 raise 40")
    hand = loads(export(state, events))
    user = hand.user_defined
    assert (user["_best_showing_first"], user["_flush_by_suit"]) == (False, True)
    assert (user["_minima_beats_massima"], user["_full_over_flush_on_52"]) == (False, False)
    assert user["_max_raises"] == 1
    again = replay(hand)
    assert not again.config.best_showing_first and again.config.flush_by_suit
    assert again.config.max_raises == 1 and again.state.stacks == state.stacks
    with pytest.raises(PhhError, match="turn"):  # the best showing hand would speak first
        replay(replace(hand, user_defined={**user, "_best_showing_first": True}))
    with pytest.raises(PhhError, match="_best_showing_first must be true or false"):
        replay(replace(hand, user_defined={**user, "_best_showing_first": "no"}))


def test_R40_7_a_hand_all_in_before_the_fifth_card_is_shown_and_replays() -> None:
    """R40's Choices, R45.7: a player all in after the second card is shown, and both are
    dealt their cards to the end; the file shows them and replays to the same stacks."""
    config = telesina(2, stacks=(30, 1000))
    deck = deck_of(config, "9c Ad Kd Ah Qc", "9d Kc Ks Jh Tc")
    state, events = checked_down(config, deck, "1 bet 20", "2 call")
    assert any(isinstance(e, HandShown) for e in events)
    hand = loads(export(state, events))
    assert [a for a in hand.actions if a.startswith("d dh p1")] == [
        "d dh p1 9cAd", "d dh p1 Kd", "d dh p1 Ah", "d dh p1 Qc",
    ]  # fmt: skip
    again = replay(hand)
    assert again.state.stacks == state.stacks and again.state.holes == state.holes


def malformed(**changes: Any) -> str:
    """The worked example's file with ``changes``: ``user`` updates the user-defined
    fields, ``insert`` comes after the deal, ``append`` after the showdown, ``swap`` puts
    a card for another all through; the others are the document's fields."""
    state, events = worked_example()
    hand = loads(export(state, events))
    user = {**hand.user_defined, **changes.pop("user", {})}
    actions = list(hand.actions)
    actions[5:5] = changes.pop("insert", [])
    actions += changes.pop("append", [])
    was, now = changes.pop("swap", ("", ""))
    text = replace(hand, user_defined=user, actions=tuple(actions), **changes).to_toml()
    return text.replace(was, now) if was else text


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"user": {"_deck_size": 52}}, "5 players are dealt from 36 cards"),  # R31.2
        ({"user": {"_best_showing_first": 1}}, "_best_showing_first must be true or false"),
        ({"blinds_or_straddles": (0, 10, 0, 0, 0)}, "no blinds"),  # R40.2
        ({"antes": (10, 10, 10, 10, 15)}, "the same invito"),  # no mazziere's invito
        ({"swap": ("Ad", "2d")}, "2d is not in this deck of 36"),  # a deuce: R31.2
        ({"append": ["d dh p1 5h"]}, "2 to 5 cards"),  # a sixth card (R40.3)
        ({"insert": ["d db Qh"]}, "none in the middle"),  # no board, no vela (R41)
        ({"swap": ("Ad", "9s")}, "9s is dealt twice"),  # p2's up card
        ({"insert": ["p1 pb"]}, "bring"),  # no bring-in (R40)
    ],
    ids=["deck", "speaker", "blinds", "mazziere", "deuce", "six", "board", "twice", "bring-in"],
)
def test_R40_a_malformed_file_is_refused_with_the_reason(changes: Any, reason: str) -> None:
    with pytest.raises(PhhError, match=reason):
        replay(loads(malformed(**changes)))


def test_R40_a_file_whose_cards_are_not_the_dealt_ones_is_refused() -> None:
    """A file that shows at the end another card than the one dealt up is refused."""
    text = malformed().replace('"p3 sm 6sKsKh', '"p3 sm 6sKsKc')
    with pytest.raises(PhhError, match="was not dealt that"):
        replay(loads(text))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=configs(games=(Game.TELESINA,)),
    vele=st.sampled_from([0, 1, 2]),
    seed=st.binary(min_size=32, max_size=32),
    data=st.data(),
)
def test_R40_R41_every_telesina_hand_replays_from_its_phh_to_the_same_result(
    config, vele, seed, data
):
    """Random hands of 2 to 9 players, every structure, every house rule on and off, no
    vela, one or two (R41, R41.4), any stacks (all-ins before the fifth card among them;
    tests/engine/hand_strategies.py): written, read and replayed, the same stacks, cards,
    vele, decisions and options."""
    config = replace(config, vele=vele)
    state, events = start_hand(config, seed=seed)
    history: list[Event] = list(events)
    for _ in range(MAX_STEPS):
        if state.is_finished:
            break
        state, events = apply(state, choose_action(data, state))
        history += events
    assert state.is_finished
    hand = loads(export(state, history))
    assert (
        hand.variant
        == {"pot_limit": "PTEL", "no_limit": "NTEL", "fixed_limit": "FTEL"}[str(config.structure)]
    )
    vele_dealt = [e.cards for e in history if isinstance(e, BoardDealt)]
    assert [a for a in hand.actions if a.startswith("d db")] == [
        f"d db {phh_cards(cards)}" for cards in vele_dealt
    ]  # R41.1: each vela its own `d db`
    assert hand.user_defined.get("_vele") == (vele or None)  # (no vela: no field)
    again = replay(hand)
    assert again.state.stacks == state.stacks and again.state.won == state.won
    assert again.state.holes == state.holes and again.state.folded == state.folded
    assert again.state.boards == state.boards
    options = (
        "structure", "ante", "big_blind", "best_showing_first", "full_over_flush_on_52",
        "minima_beats_massima", "flush_by_suit", "max_raises", "vele",
    )  # fmt: skip
    assert [getattr(again.config, o) for o in options] == [getattr(config, o) for o in options]
    decisions = [(e.seat, e.action, e.amount) for e in again.events if isinstance(e, ActionTaken)]
    assert decisions == [
        (e.seat, e.action, e.amount) for e in history if isinstance(e, ActionTaken)
    ]


def test_R40_python_m_engine_phh_replays_a_telesina_file(tmp_path: Path) -> None:
    state, events = worked_example()
    (tmp_path / "telesina.phh").write_text(export(state, events))
    result = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", "--jobs", "1", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert json.loads(result.stdout)["finishing_stacks"] == list(state.stacks)


# --------------------------------------------------------------------------- R41: the vela

# R41's worked example: seat 2 holds (8♣) 9♣ 10♣ J♣ 6♥ and the vela is Q♣
VELA_EXAMPLE = ("Ah As Ad Ac Kh", "8c 9c Tc Jc 6h", "7d 8d 9d 6s Ks", "7h 8h 9h Th Js",
                "6c 6d 7s 8s Kd")  # fmt: skip


def vela_example(vele: int = 1) -> tuple[HandState, list[Event]]:
    """R41's worked example checked down (with ``vele`` 2 the second vela is K♣)."""
    config = telesina(vele=vele)
    middle = parse_cards("Qc Kc")[:vele]
    return checked_down(config, [*deck_of(config, *VELA_EXAMPLE), *middle])


def test_R41_worked_example_the_vela_is_a_d_db_after_the_fifth_cards_round() -> None:
    state, events = vela_example()
    hand = loads(export(state, events))
    assert hand.user_defined["_vele"] == 1  # R41: the host option, in a field of ours
    vela = hand.actions.index("d db Qc")
    assert hand.actions[vela - 6 : vela] == (
        "d dh p5 Kd",  # the fifth cards (R40.3) ...
        *(f"p{p} cc" for p in (1, 2, 3, 4, 5)),  # ... and their round, then the vela
    )
    after = hand.actions[vela + 1 :]
    # the vela's round: p4's 8♥ 9♥ T♥ J♠ and the vela Q♣ show a straight, first (R41.3)
    assert after[:5] == tuple(f"p{p} cc" for p in (4, 5, 1, 2, 3))
    assert "d db" not in " ".join(after)  # one vela, one `d db` (R41.1)
    again = replay(hand)
    assert again.config.vele == 1 and again.state.board == tuple(parse_cards("Qc"))
    assert again.state.stacks == state.stacks  # the scala reale with the vela (R41.2)
    assert again.state.won[1] == 50
    speakers = [(e.seat, e.action) for e in again.events if isinstance(e, ActionTaken)]
    assert speakers == [(e.seat, e.action) for e in events if isinstance(e, ActionTaken)]


def test_R41_4_two_vele_are_two_d_db_each_followed_by_its_round() -> None:
    state, events = vela_example(2)
    hand = loads(export(state, events))
    assert hand.user_defined["_vele"] == 2
    first, second = hand.actions.index("d db Qc"), hand.actions.index("d db Kc")
    assert second - first == 6  # the first vela's round of five checks between them
    assert all(a.endswith(" cc") for a in hand.actions[first + 1 : second])
    again = replay(hand)
    assert again.config.vele == 2 and again.state.board == tuple(parse_cards("Qc Kc"))
    assert again.state.stacks == state.stacks


def test_R41_without_the_vela_the_file_has_no_vele_field_and_no_board() -> None:
    """A hand without the vela is written as before R41: no ``_vele``, no ``d db``."""
    state, events = worked_example()
    text = export(state, events)
    assert "_vele" not in text and "d db" not in text
    assert replay(loads(text)).config.vele == 0


def test_R41_a_hand_all_in_before_the_fifth_card_is_shown_then_dealt_its_vela() -> None:
    """R40's Choices (R45.7): a player all in on the second card is shown; the fifth
    cards and the vela follow the shows, as the engine deals them, and replay."""
    config = telesina(2, vele=1, stacks=(50, 1000), structure=Structure.NO_LIMIT)
    deck = [*deck_of(config, "9c Ad Kd Qs Js", "9d Kc Ks Qd Jd"), *parse_cards("Ac")]
    state, events = checked_down(config, deck, "1 bet 40", "2 call")
    hand = loads(export(state, events))
    shows = [k for k, a in enumerate(hand.actions) if " sm " in a]
    assert hand.actions[-1] == "d db Ac" and max(shows) < len(hand.actions) - 1
    again = replay(hand)
    assert again.state.stacks == state.stacks == (100, 950)  # the vela's ace (R41.2)


def vela_malformed(vele: int = 1, **changes: Any) -> str:
    """R41's worked example's file with ``changes``: ``user`` updates the user-defined
    fields, ``move`` moves its first vela's ``d db`` to just after the action at that
    index, ``actions`` maps the action list to another."""
    state, events = vela_example(vele)
    hand = loads(export(state, events))
    user = {**hand.user_defined, **changes.pop("user", {})}
    actions = list(hand.actions)
    if "move" in changes:
        vela = next(a for a in actions if a.startswith("d db"))
        actions.remove(vela)
        actions.insert(changes.pop("move") + 1, vela)
    actions = list(changes.pop("actions", lambda a: a)(actions))
    return replace(hand, user_defined=user, actions=tuple(actions), **changes).to_toml()


def _no_vela(actions: list[str]) -> list[str]:
    return [a for a in actions if not a.startswith("d db")]


def _two_in_one(actions: list[str]) -> list[str]:
    return [a.replace("d db Qc", "d db QcKc") for a in actions if a != "d db Kc"]


@pytest.mark.parametrize(
    ("vele", "changes", "reason"),
    [
        (1, {"user": {"_vele": 0}}, "none in the middle"),  # R40.3: no vela, no board
        (2, {"user": {"_vele": 1}}, "deals 2 vele, more than its _vele 1"),  # R41.4
        (1, {"user": {"_vele": 3}}, "_vele 3: Telesina deals no vela, one or two"),
        (1, {"user": {"_vele": "one"}}, "_vele must be a non-negative whole number"),
        (1, {"move": 19}, "a vela comes after the fifth cards"),  # after the third cards
        (1, {"move": 33}, "p5 has 4"),  # among the fifth cards
        (1, {"move": 34}, "turned after the fifth cards' round"),  # before its betting
        (2, {"actions": _two_in_one}, "each vela is one card"),
        (1, {"actions": _no_vela}, "the file turns 0 vele, the hand 1"),  # a vela is public
    ],
    ids=["no-vele", "more", "three", "text", "early", "among", "before-round", "two", "none"],
)
def test_R41_a_malformed_vela_file_is_refused_with_the_reason(vele, changes, reason) -> None:
    with pytest.raises(PhhError, match=reason):
        replay(loads(vela_malformed(vele, **changes)))


def test_R41_a_vela_that_is_also_a_players_card_is_refused() -> None:
    with pytest.raises(PhhError, match="Ah is dealt twice"):
        replay(loads(vela_malformed().replace('"d db Qc"', '"d db Ah"')))
