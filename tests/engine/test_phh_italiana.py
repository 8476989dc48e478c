"""Poker all'italiana in PHH (R31-R39): this club's codes PITA, NITA and FITA. A pass
before the opening is ``pN cc # pass``, the opening ``pN cbr X # open`` (R34.1); the
invito is every player's ante and the mazziere's rides on the last entry (R33.1, R33.2);
the draw is R42's with no burn (R31, R36.1); the deck, the pot carried in and out, the
opening shown and the hand's options are user-defined fields. Every exported hand replays
through our reader to the same stacks, the same pot carried and the same opening shown."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.events import DeckReshuffled, Event, OpeningShown, PotCarried
from engine.games import Game
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.phh import PhhError, export, loads, replay
from engine.phh.document import phh_cards
from engine.state import HandConfig
from tests.engine.hand_helpers import deck_for, italiana
from tests.engine.hand_strategies import MAX_STEPS, choose_action, configs

REPO = Path(__file__).resolve().parents[2]

# R34's worked example: seat 2 holds Q♣ Q♦ and opens; seat 4 the mazziere
R34_HANDS = ("7c 8d Tc Jd Ks", "Qc Qd 7h 9s Ah", "8c 9d Th Js As", "9c 9h Jc Ad 7s")


def played(config: HandConfig, deck, *steps: str):
    """The hand dealt from ``deck`` and played by ``"2 open 40"``-like steps; its events."""
    from engine.actions import Action, ActionKind

    state, events = start_hand(config, deck=deck)
    for step in steps:
        seat, kind, *amount = step.split()
        state, more = apply(state, Action(ActionKind(kind), int(seat), *map(int, amount)))
        events += more
    return state, events


def parola_hand():
    """R34's example with a mazziere's invito of 5 and 40 carried in; after the draw
    everyone checks (R37.3): the pot of 205 goes to the next hand."""
    return played(
        italiana(dealer_ante=5, carried=40),
        deck_for(*R34_HANDS, stub="8h 8s Kh Kd Qh Qs"),
        "1 pass", "2 open 40", "3 fold", "4 call", "1 call",
        "1 draw 3", "2 draw 0", "4 draw 1",
        "2 check", "4 check", "1 check",
    )  # fmt: skip


def test_a_parola_hand_is_written_with_the_invito_the_opening_and_the_pot_carried_R37_3():
    state, events = parola_hand()
    text = export(state, events)
    assert text.startswith("# PITA (pot-limit poker all'italiana")
    hand = loads(text)
    assert hand.variant == "PITA"
    assert hand.antes == (10, 10, 10, 15)  # R33.1, R33.2: the mazziere is p4, the last
    assert hand.blinds_or_straddles == (0, 0, 0, 0) and hand.min_bet == 10  # the cip
    assert hand.ante_trimming_status
    assert hand.actions == (
        "d dh p1 7c8dTcJdKs",
        "d dh p2 QcQd7h9sAh",
        "d dh p3 8c9dThJsAs",
        "d dh p4 9c9hJcAd7s",
        "p1 cc # pass",  # R34.1: not a fold
        "p2 cbr 40 # open",
        "p3 f",
        "p4 cc",
        "p1 cc",  # the player who passed calls the opening (R34.5)
        "p1 sd 7c8d",
        "p2 sd",  # servito
        "p4 sd 9c",
        "d dh p1 8h8s",  # no burn (R31): the stub's first cards
        "d dh p4 Kh",
        "p2 cc",  # the opener speaks first (R37.1)
        "p4 cc",
        "p1 cc",
    )
    assert hand.optional["finishing_stacks"] == [950, 950, 990, 945]
    assert hand.optional["winnings"] == [0, 0, 0, 0]
    assert hand.user_defined == {
        "_deck_size": 32,  # R31.2: four players, 7 to ace
        "_pot_carried_in": 40,
        "_opening_pair": "J",
        "_opening_draw": "open_ended",
        "_max_draw": 4,
        "_piatto_di_parola": True,
        "_opener_first": True,
        "_full_over_flush_on_52": True,  # R32.2, R32.4, R32.6 (R38.3: no cap, no field)
        "_minima_beats_massima": True,
        "_flush_by_suit": False,
        "_fourth_card_last": True,  # R36.2
        "_pot_carried": 205,  # 40 + 45 + 3 x 40
        "_pot_carried_reason": "parola",
        "_opener": "p2",
        "_opening_shown": "QcQd",  # R39.2
    }
    again = replay(hand)
    assert again.state.stacks == state.stacks and again.state.carried == 205
    assert again.config.dealer_ante == 5 and again.config.carried == 40


def test_a_hand_nobody_opened_carries_the_pot_and_shows_nothing_R35_1():
    state, events = played(
        italiana(),
        deck_for("7c 8d Tc Jd Ks", "Qc 9d 7h 9s Ah", "8c 9h Th Js As", "Td 8s Jc Ad 7s"),
        "1 pass", "2 pass", "3 pass", "4 pass",
    )  # fmt: skip
    hand = loads(export(state, events))
    assert hand.actions[4:] == ("p1 cc # pass", "p2 cc # pass", "p3 cc # pass", "p4 cc # pass")
    assert hand.user_defined["_pot_carried"] == 40
    assert hand.user_defined["_pot_carried_reason"] == "nobody_opened"
    assert "_opener" not in hand.user_defined and "_opening_shown" not in hand.user_defined
    assert "_pot_carried_in" not in hand.user_defined
    assert replay(hand).state.carried == 40


def test_an_opening_won_uncalled_is_written_with_the_opening_shown_R34_6_R39_2():
    state, events = played(italiana(), deck_for(*R34_HANDS), "1 pass", "2 open 40",
                           "3 fold", "4 fold", "1 fold")  # fmt: skip
    hand = loads(export(state, events))
    assert hand.actions[-1] == "p1 f"
    assert (hand.user_defined["_opener"], hand.user_defined["_opening_shown"]) == ("p2", "QcQd")
    assert "_pot_carried" not in hand.user_defined
    assert hand.optional["winnings"] == [0, 40, 0, 0]  # the invitos; the opening comes back
    assert replay(hand).state.stacks == state.stacks


def test_a_fixed_limit_heads_up_hand_names_its_deck_and_bets_R31_2_R38():
    config = italiana(2, structure=Structure.FIXED_LIMIT)
    state, events = played(config, deck_for("9c 9d Tc Jd Ks", "Qc Qd 9h Ts Ah"),
                           "1 pass", "2 open 10", "1 call", "1 draw 0", "2 draw 0",
                           "2 bet 20", "1 call", "1 muck")  # fmt: skip
    hand = loads(export(state, events))
    assert hand.variant == "FITA" and (hand.small_bet, hand.big_bet) == (10, 20)
    assert hand.user_defined["_deck_size"] == 24  # R31.2: two players, 9 to ace
    assert hand.actions[-4:] == ("p2 cbr 20", "p1 cc", "p2 sm QcQd9hTsAh", "p1 sm")  # R39.1
    assert replay(hand).state.stacks == state.stacks


def test_a_file_with_the_wrong_deck_or_blinds_is_refused_with_the_reason_R31_2():
    state, events = parola_hand()
    hand = loads(export(state, events))
    with pytest.raises(PhhError, match="4 players are dealt from 32 cards"):
        replay(replace(hand, user_defined={**hand.user_defined, "_deck_size": 52}))
    with pytest.raises(PhhError, match="no blinds"):
        replay(replace(hand, blinds_or_straddles=(0, 10, 0, 0)))
    with pytest.raises(PhhError, match="carries"):
        replay(replace(hand, user_defined={**hand.user_defined, "_pot_carried": 200}))
    with pytest.raises(PhhError, match="opening"):
        replay(replace(hand, user_defined={**hand.user_defined, "_opening_shown": "QcQh"}))


def test_the_ranking_options_and_the_raise_cap_are_written_and_read_R32_R38_3():
    """R32.6's worked example with colore by suit (K♥ Q♥ J♥ 9♥ 8♥ beats A♠ Q♠ 10♠ 9♠ 7♠)
    and one raise a round: the file names the options and replays to the same winner."""
    config = italiana(
        piatto_di_parola=False,
        flush_by_suit=True,
        minima_beats_massima=False,
        full_over_flush_on_52=False,
        max_raises=1,
    )
    deck = deck_for("Kh Qh Jh 9h 8h", "As Qs Ts 9s 7s", "7c 8d Tc Jd Ks", "9c 9d Jc Ad 7d")
    steps = ["1 open 20", "2 raise 40", "3 fold", "4 fold", "1 call", "1 draw 0", "2 draw 0"]
    state, events = played(config, deck, *steps, "1 check", "2 check", "2 show")
    assert state.stacks_by_seat() == {1: 1070, 2: 950, 3: 990, 4: 990}  # hearts (R32.6)
    hand = loads(export(state, events))
    user = hand.user_defined
    assert (user["_flush_by_suit"], user["_minima_beats_massima"]) == (True, False)
    assert (user["_full_over_flush_on_52"], user["_max_raises"]) == (False, 1)
    again = replay(hand)
    assert again.config.flush_by_suit and again.config.max_raises == 1
    assert again.state.stacks == state.stacks
    with pytest.raises(PhhError, match="_flush_by_suit must be true or false"):
        replay(replace(hand, user_defined={**user, "_flush_by_suit": "yes"}))
    with pytest.raises(PhhError, match="max_raises"):
        replay(replace(hand, user_defined={**user, "_max_raises": 0}))
    del user["_flush_by_suit"]  # a file without the option: its default, the ace wins
    assert replay(hand).state.stacks_by_seat() == {1: 950, 2: 1070, 3: 990, 4: 990}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=configs(games=(Game.ITALIANA,)), seed=st.binary(min_size=32, max_size=32), data=st.data()
)
def test_every_italiana_hand_replays_from_its_phh_to_the_same_result(config, seed, data):
    """Random hands of every structure and option (tests/engine/hand_strategies.py): the
    PHH replays to the same stacks, the same pot carried with its reason, the same opening
    shown; a hand whose draw ran the stub out (R36.3) is refused with the reason, as R42.4's."""
    state, events = start_hand(config, seed=seed)
    history: list[Event] = list(events)
    for _ in range(MAX_STEPS):
        if state.is_finished:
            break
        state, events = apply(state, choose_action(data, state))
        history += events
    assert state.is_finished
    hand = loads(export(state, history))
    if any(isinstance(e, DeckReshuffled) for e in history):
        with pytest.raises(PhhError, match="new one"):
            replay(hand)
        return
    again = replay(hand)
    assert again.state.stacks == state.stacks
    assert again.state.carried == state.carried
    options = ("full_over_flush_on_52", "minima_beats_massima", "flush_by_suit", "max_raises")
    assert [getattr(again.config, o) for o in options] == [getattr(config, o) for o in options]
    kinds = (OpeningShown, PotCarried)
    assert [e for e in again.events if isinstance(e, kinds)] == [
        e for e in history if isinstance(e, kinds)
    ]


def test_python_m_engine_phh_replays_an_italiana_file(tmp_path):
    state, events = parola_hand()
    (tmp_path / "parola.phh").write_text(export(state, events))
    result = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", "--jobs", "1", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    line = json.loads(result.stdout)
    assert line["finishing_stacks"] == [950, 950, 990, 945]


def test_R36_2_a_fourth_card_is_its_own_d_dh_after_everyone_s_and_replays() -> None:
    """R36.2: seats 2 and 4 change four: their `sd` names the four cards in their turn, the
    draw's `d dh` give them three each, then one each, in the order of the draw; our reader
    places the fourth cards there and replays the hand to the same stacks. A file written
    before R36.2 (no `_fourth_card_last`) is read as four at once."""
    hands = ("Qc Qd 7h 9s Ah", "7c 8d Tc Jd Ks", "8c 9d Th Js As", "9c 9h Jc Ad 7s")
    state, events = start_hand(italiana(), deck=deck_for(*hands))
    for step in ("1 open 40", "2 call", "3 fold", "4 call", "1 draw 0", "2 draw 15", "4 draw 15"):
        seat, kind, *amount = step.split()
        state, new = apply(state, Action(ActionKind(kind), int(seat), *map(int, amount)))
        events += new
    while (legal := legal_actions(state)) is not None:
        kind = ActionKind.CHECK if ActionKind.CHECK in legal.kinds else ActionKind.SHOW
        state, new = apply(state, Action(kind, legal.seat))
        events += new
    text = export(state, events)
    hand = loads(text)
    draw = [a for a in hand.actions if " sd" in a or a.startswith("d dh") and len(a) < 16]
    assert draw == [
        "p1 sd",
        "p2 sd 7c8dTcJd",
        "p4 sd 9c9hJcAd",
        f"d dh p2 {phh_cards(state.holes[1][:3])}",
        f"d dh p4 {phh_cards(state.holes[3][:3])}",
        f"d dh p2 {phh_cards(state.holes[1][4:])}",
        f"d dh p4 {phh_cards(state.holes[3][4:])}",
    ]
    assert hand.user_defined["_fourth_card_last"] is True
    again = replay(hand)
    assert again.state.stacks == state.stacks and again.state.holes == state.holes
