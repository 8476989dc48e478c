"""The stud games in PHH (R45–R47): the standard's F7S, F7S/8 and FR, written as PokerKit
writes them (each player's first three cards in one ``d dh``, each later card in its own,
``pN pb`` for the bring-in, ``cbr`` for its completion, no blinds but a ``bring_in``),
read back by our replay and by PokerKit's, and hands PokerKit wrote read by ours, on the
command line too."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from pokerkit import (
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    HandHistory,
    Mode,
)

from engine import phh
from engine.cards import card_str
from engine.games import Game
from tests.engine import pokerkit_oracle as oracle
from tests.engine.hand_helpers import HOLES, stud

REPO = Path(__file__).resolve().parents[2]
POKERKIT_GAMES = {
    "F7S": FixedLimitSevenCardStud,
    "F7S/8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "FR": FixedLimitRazz,
}


def test_R45_a_stud_hand_is_written_as_the_standard_and_pokerkit_write_it() -> None:
    t = stud({**HOLES, 2: "Qs Qh 2c"}, ante=1)
    t.play("2 bring_in, 3 raise 4, 1 call, 2 fold")
    t.play_out()
    text = phh.export(t.state, t.events)
    lines = text.splitlines()
    assert lines[:6] == [
        'variant = "F7S"',
        "ante_trimming_status = true",
        "antes = [1, 1, 1]",
        "bring_in = 1",
        "small_bet = 4",
        "big_bet = 8",
    ]
    assert "blinds_or_straddles" not in text
    actions = phh.loads(text).actions
    assert actions[:8] == (
        "d dh p1 AhKd4c",
        "d dh p2 QsQh2c",
        "d dh p3 8s8d5s",
        "p2 pb",
        "p3 cbr 4",
        "p1 cc",
        "p2 f",
        "d dh p1 Ks",
    )
    assert "d dh p3 3d" in actions  # seventh street, face down by the street (R45.2)
    assert phh.replay(phh.loads(text)).state.stacks == t.state.stacks
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, final = HandHistory.loads(text)  # PokerKit's own reader and game
    assert tuple(final.stacks) == t.state.stacks == (95, 98, 107)


@pytest.mark.parametrize(("game", "code"), [(Game.STUD_HILO, "F7S/8"), (Game.RAZZ, "FR")])
def test_R46_R47_stud_hi_lo_and_razz_are_the_standards_f7s8_and_fr(game: Game, code: str) -> None:
    t = stud(HOLES, game)
    t.play_out()
    text = phh.export(t.state, t.events)
    assert f'variant = "{code}"' in text
    assert phh.replay(phh.loads(text)).state.stacks == t.state.stacks
    assert oracle.replay_phh(text, rulebook=True) == t.state.stacks


def pokerkit_hand(code: str, rng: random.Random) -> tuple[str, tuple[int, ...]]:
    """A stud hand played in PokerKit by a random policy (on the oracle's state, which bets
    by the rule book, R7.4, R45.4) and written by PokerKit's own
    HandHistory.from_game_state; its text and its final stacks."""
    n = rng.randint(2, 6)
    ante, bring_in = rng.choice([0, 1]), rng.choice([1, 2])
    spec = oracle.HandSpec(
        "fixed_limit", bring_in, 4, ante, 0, False, tuple(rng.choice([6, 40, 200]) for _ in range(n)),
        tuple(range(1, n + 1)), (), game=oracle.VARIANT_GAMES[code],
    )  # fmt: skip
    state = oracle.create_stud_state(spec)
    deck = [card_str(card) for card in range(52)]
    rng.shuffle(deck)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_burn_card():
                state.burn_card(deck.pop())
            elif state.can_deal_hole():
                state.deal_hole(deck.pop())
            elif state.can_pull_chips():
                state.pull_chips()
            elif state.showdown_index is not None:
                state.show_or_muck_hole_cards()  # PokerKit's choice: show what can win
            elif state.can_post_bring_in():
                if rng.random() < 0.3 and state.can_complete_bet_or_raise_to():
                    state.complete_bet_or_raise_to()
                else:
                    state.post_bring_in()
            elif state.can_complete_bet_or_raise_to() and rng.random() < 0.25:
                state.complete_bet_or_raise_to()
            elif state.can_fold() and state.checking_or_calling_amount and rng.random() < 0.15:
                state.fold()
            else:
                state.check_or_call()
        game = POKERKIT_GAMES[code]((), bool(ante), ante, bring_in, 4, 8, mode=Mode.CASH_GAME)
        text = HandHistory.from_game_state(game, state).dumps()
    return text, tuple(state.stacks)


@pytest.mark.parametrize("code", list(POKERKIT_GAMES))
def test_R45_hands_pokerkit_wrote_replay_in_our_engine_to_the_rule_books_stacks(
    code: str, tmp_path: Path
) -> None:
    rng = random.Random(code)
    hands = [pokerkit_hand(code, rng) for _ in range(40)]
    shortage = 0
    for k, (text, stacks) in enumerate(hands):
        if "d db" in text:  # (PokerKit's own seventh street when the deck runs short)
            shortage += 1
            continue
        assert phh.replay(phh.loads(text)).state.stacks == stacks, text
        (tmp_path / f"hand{k:02}.phh").write_text(text)
    assert shortage < 5
    result = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", "--jobs", "1", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    for line in map(json.loads, result.stdout.splitlines()):
        k = int(Path(line["path"]).stem[4:])
        assert tuple(line["finishing_stacks"]) == hands[k][1]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("bring_in = 1", "bring_in = 5"),  # above the small bet
        ("big_bet = 8", "big_bet = 12"),  # not twice the small bet
        ("antes = [0, 0, 0]", "antes = [0, 1, 0]"),  # one ante for all
    ],
)
def test_R45_1_a_stud_file_the_engine_cannot_play_is_refused(change: str, reason: str) -> None:
    t = stud(HOLES)
    t.play_out()
    text = phh.export(t.state, t.events).replace(change, reason)
    with pytest.raises(phh.PhhError):
        phh.replay(phh.loads(text))
