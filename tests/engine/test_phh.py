"""PHH export and import (engine/phh.py; issue scope 6 and "PHH round trip").

* Random hands (the differential test's generator) are played by our engine, exported to
  PHH, and must replay to the same stacks in PokerKit's own PHH reader and in ours; the
  ``python -m engine.phh replay`` command must agree.
* Hand-written fixtures (tests/engine/fixtures) in NT and FT, with a side pot, a capped
  fixed-limit preflop, a muck, a heads-up hand, unknown cards and a .phhs file, and the PHH
  specification's own first example, replay to the stacks PokerKit gives.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import phh
from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import parse_cards
from engine.deck import verify
from engine.events import Event, HandMucked, HandStarted, PotAwarded
from engine.games import Game
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.phh.__main__ import BATCH_FILES
from engine.state import HandConfig, HandState
from tests.engine import pokerkit_oracle as oracle

SEED = int(os.environ.get("ENGINE_PHH_SEED") or secrets.randbelow(2**32))
ROUND_TRIP_HANDS = 500
FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Exported:
    index: int
    record: oracle.OracleHand
    run: oracle.EngineRun
    text: str

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self.run.state.stacks)

    @property
    def has_split_pot(self) -> bool:
        return any(isinstance(e, PotAwarded) and len(e.winners) > 1 for e in self.run.events)

    def where(self) -> str:
        return (
            f"ENGINE_PHH_SEED={SEED} hand {self.index}"
            f" (pokerkit_oracle.generate_one({SEED}, {self.index})):\n{self.text}"
        )


@pytest.fixture(scope="module")
def exported() -> list[Exported]:
    """Random hands played by our engine (agreeing with PokerKit) and exported to PHH."""
    hands = []
    for index in range(ROUND_TRIP_HANDS):
        record = oracle.generate_one(SEED, index)
        run = oracle.run_engine(record)
        assert not run.mismatches, oracle.report(SEED, index, record, run)
        names = {seat: f"Player {seat}" for seat in record.spec.seats}
        text = phh.export(run.state, run.events, players=names, hand=index + 1, seat_count=10)
        hands.append(Exported(index, record, run, text))
    return hands


# --------------------------------------------------------------------------- round trip


def test_exported_hands_replay_in_pokerkit_with_the_rule_book_to_the_same_stacks(
    exported: list[Exported],
) -> None:
    """PokerKit's PHH reader, on PokerKit adjusted to RULES.md (R7.4, R10) and told the
    run-it-twice answers (R12, an underscore field), agrees exactly."""
    for hand in exported:
        assert oracle.replay_phh(hand.text, rulebook=True) == hand.stacks, hand.where()
    assert any(hand.run.state.runs == 2 for hand in exported)


def test_exported_hands_replay_in_stock_pokerkit(exported: list[Exported]) -> None:
    """Unmodified PokerKit reads and replays every exported hand (NT and FT natively; "PT",
    our pot-limit code, registered as PokerKit's pot-limit hold'em) but those run twice
    (R12: PHH has no notation for the number of runs, PokerKit's reader always runs once).
    It pays the same stacks except in split pots, where PokerKit's odd-chip and pot-merging
    conventions differ from R10.1 and R10.2 (the rule-book replay above covers those)."""
    differing_splits = 0
    for hand in exported:
        if hand.run.state.runs == 2:
            continue
        try:
            stacks = oracle.replay_phh(hand.text, rulebook=False)
        except ValueError as error:  # the hand and its seed, to play it again
            pytest.fail(f"stock PokerKit cannot read {hand.where()}\n{error}")
        if hand.has_split_pot:
            differing_splits += stacks != hand.stacks
        else:
            assert stacks == hand.stacks, hand.where()
    assert differing_splits < len(exported) // 20


def test_exported_hands_replay_in_our_engine_to_the_same_hand(exported: list[Exported]) -> None:
    """Import gives back the same stacks, and exporting the replay gives the same text."""
    for hand in exported:
        replayed = phh.replay(phh.loads(hand.text))
        assert replayed.finishing_stacks == hand.stacks, hand.where()
        names = {seat: f"Player {seat}" for seat in hand.record.spec.seats}
        again = phh.export(
            replayed.state, replayed.events, players=names, hand=hand.index + 1, seat_count=10
        )
        assert again == hand.text, hand.where()


def test_export_writes_the_standard_fields_in_phh_player_order(exported: list[Exported]) -> None:
    for hand in exported:
        spec = hand.record.spec
        document = phh.loads(hand.text)
        assert document.variant == oracle.VARIANT_CODES[spec.structure]
        assert list(document.starting_stacks) == list(spec.stacks)
        assert list(document.blinds_or_straddles) == spec.raw_blinds_or_straddles
        assert list(document.antes) == spec.raw_antes
        assert document.optional["seats"] == list(spec.seats)
        assert document.optional["players"] == [f"Player {seat}" for seat in spec.seats]
        assert document.optional["finishing_stacks"] == list(hand.stacks)
        if spec.structure == "fixed_limit":
            assert (document.small_bet, document.big_bet) == (spec.big_blind, 2 * spec.big_blind)
        else:
            assert document.min_bet == spec.big_blind
        dealt = [a for a in document.actions if a.startswith("d dh")]
        assert dealt == [f"d dh p{i + 1} {spec.deck[i]}{spec.deck[spec.player_count + i]}"
                         for i in range(spec.player_count)]  # fmt: skip


def test_replay_command_agrees_on_a_folder_of_exported_files(
    exported: list[Exported], tmp_path: Path
) -> None:
    """``python -m engine.phh replay DIR`` reads .phh and .phhs files recursively and prints
    one JSON line per hand with the stacks our engine gave; it exits 0."""
    singles, grouped = exported[:60], exported[60:100]
    for hand in singles:
        folder = tmp_path / ("nested/deeper" if hand.index % 2 else "top")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"hand{hand.index:03}.phh").write_text(hand.text)
    (tmp_path / "nested" / "many.phhs").write_text(
        phh.dumps_all(phh.loads(hand.text) for hand in grouped)
    )
    (tmp_path / "notes.txt").write_text("not a hand history")
    result = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == len(singles) + len(grouped)
    by_file = {(Path(line["path"]).name, line["index"]): line for line in lines}
    for hand in singles:
        line = by_file[(f"hand{hand.index:03}.phh", 0)]
        assert line["finishing_stacks"] == list(hand.stacks), hand.where()
    for position, hand in enumerate(grouped):
        line = by_file[("many.phhs", position)]
        assert line["finishing_stacks"] == list(hand.stacks), hand.where()


def test_replay_command_reports_a_bad_hand_and_exits_one(tmp_path: Path) -> None:
    good = (FIXTURES / "nt_side_pot_muck.phh").read_text()
    bad = good.replace('"p2 cc",\n  "p3 cc",\n  "d db Qh9s3c"', '"p3 cc",\n  "d db Qh9s3c"', 1)
    (tmp_path / "a_good.phh").write_text(good)
    (tmp_path / "b_bad.phh").write_text(bad)
    (tmp_path / "c_broken.phh").write_text("variant = [")
    result = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", str(tmp_path / "a_good.phh"), str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [Path(line["path"]).name for line in lines] == [
        "a_good.phh", "a_good.phh", "b_bad.phh", "c_broken.phh"
    ]  # fmt: skip
    assert lines[0]["finishing_stacks"] == [150, 190, 110]
    assert lines[2]["error"] == "'p3 cc': it is p2's turn"
    assert "TOML" in lines[3]["error"]


def test_replay_command_in_worker_processes_prints_what_one_process_prints(
    exported: list[Exported], tmp_path: Path
) -> None:
    """``--jobs 2`` splits the files among workers; the lines, their order and the exit status
    are those of ``--jobs 1``, a bad hand in a worker's share included."""
    count = 2 * BATCH_FILES + 7  # three tasks: the workers' results are put back in order
    for i in range(count):
        hand = exported[i % len(exported)]
        folder = tmp_path / f"f{i % 3}"
        folder.mkdir(exist_ok=True)
        (folder / f"h{i}.phh").write_text(hand.text)
    good = (FIXTURES / "nt_side_pot_muck.phh").read_text()
    (tmp_path / "f1" / "h99x.phh").write_text(good.replace("p2 cc", "p3 cc", 1))  # out of turn
    outputs = []
    for jobs in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-m", "engine.phh", "replay", "--jobs", jobs, str(tmp_path)],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 1, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    lines = [json.loads(line) for line in outputs[0].splitlines()]
    assert len(lines) == count + 1
    assert [line["path"] for line in lines] == sorted(
        (line["path"] for line in lines), key=lambda path: Path(path).parts
    )
    assert [line for line in lines if "error" in line] == [
        {"path": str(tmp_path / "f1" / "h99x.phh"), "index": 0, "error": "'p3 cc': it is p2's turn"}
    ]
    stacks = {Path(line["path"]).name: line.get("finishing_stacks") for line in lines}
    for i in range(count):
        assert stacks.get(f"h{i}.phh") == list(exported[i % len(exported)].stacks)


def test_replay_command_refuses_a_bad_jobs_count_with_usage() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", "--jobs", "0", "x.phh"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "--jobs" in result.stderr and "at least 1" in result.stderr
    assert result.stdout == ""


# --------------------------------------------------------------------------- fixtures

FIXTURE_STACKS = {
    ("nt_side_pot_muck.phh", 0): [150, 190, 110],
    ("ft_capped_side_pot_muck.phh", 0): [19, 25, 30, 14],
    ("nt_heads_up_unknown_cards.phh", 0): [930, 710],
    ("nt_straddle_ante.phhs", 0): [98, 215, 87, 0],
    ("nt_straddle_ante.phhs", 1): [398, 392, 390, 400, 400, 420],
    ("nt_phh_spec_example.phh", 0): [572100, 1997500, 1109500],
}


@pytest.mark.parametrize(("name", "index"), list(FIXTURE_STACKS))
def test_fixture_hands_replay_to_the_stacks_pokerkit_gives(name: str, index: int) -> None:
    path = FIXTURES / name
    text = path.read_text()
    hand = (phh.loads_all(text) if path.suffix == ".phhs" else [phh.loads(text)])[index]
    replayed = phh.replay(hand)
    assert list(replayed.finishing_stacks) == FIXTURE_STACKS[name, index]
    pokerkit_text = text if path.suffix == ".phh" else hand.to_toml()
    assert list(oracle.replay_phh(pokerkit_text, rulebook=False)) == FIXTURE_STACKS[name, index]


def test_side_pot_showdown_fixture_awards_main_and_side_pots_and_records_the_muck() -> None:
    """R8.1, R8.3, R11.2, R11.3: the all-in aces win the main pot, the kings the side pot,
    the beaten button mucks; seats come from the file and the button is the last player."""
    replayed = phh.replay(phh.loads((FIXTURES / "nt_side_pot_muck.phh").read_text()))
    started = next(e for e in replayed.events if isinstance(e, HandStarted))
    assert (started.seats, started.button) == ((2, 5, 9), 9)
    assert (started.small_blind_seat, started.big_blind_seat) == (2, 5)
    awards = [(e.amount, e.winners) for e in replayed.events if isinstance(e, PotAwarded)]
    assert awards == [(80, (5,)), (150, (2,))]  # side pot first (R8.3)
    assert [e.seat for e in replayed.events if isinstance(e, HandMucked)] == [9]


def test_fixed_limit_fixture_is_capped_at_one_bet_and_three_raises() -> None:
    """R7.3: at 1/2 the preflop round caps at 8; a fourth raise is refused."""
    text = (FIXTURES / "ft_capped_side_pot_muck.phh").read_text()
    capped = text.replace('"p4 cc",\n  "p2 cc",\n  "d db', '"p4 cbr 10",\n  "p2 cc",\n  "d db', 1)
    assert capped != text
    with pytest.raises(phh.PhhError, match="p4 cbr 10"):
        phh.replay(phh.loads(capped))


def test_heads_up_file_puts_the_big_blind_first_and_the_button_on_the_small_blind() -> None:
    """R2.4 and PHH: heads-up, p1 is the big blind and p2 the button posting the small
    blind, first to act preflop."""
    replayed = phh.replay(phh.loads((FIXTURES / "nt_heads_up_unknown_cards.phh").read_text()))
    started = next(e for e in replayed.events if isinstance(e, HandStarted))
    assert started.seats == (1, 2)
    assert (started.button, started.small_blind_seat, started.big_blind_seat) == (2, 2, 1)


def test_unknown_cards_are_filled_with_cards_the_file_does_not_use() -> None:
    hand = phh.loads((FIXTURES / "nt_heads_up_unknown_cards.phh").read_text())
    deck = phh.deck_order(hand)
    assert sorted(deck) == list(range(52))
    named = set(parse_cards("Ts9s 8s7d2h Kc 6c"))
    assert {deck[1], deck[3]} == set(parse_cards("Ts9s"))  # p2's cards, dealt 2nd and 4th (R4.1)
    assert not {deck[0], deck[2]} & named  # p1's unknown cards
    assert [deck[5], deck[6], deck[7], deck[9], deck[11]] == list(parse_cards("8s7d2hKc6c"))


def test_a_showdown_needing_unknown_cards_is_an_error() -> None:
    text = (FIXTURES / "nt_heads_up_unknown_cards.phh").read_text().replace('"p1 f",', '"p1 cc",')
    with pytest.raises(phh.PhhError, match="p1's cards"):
        phh.replay(phh.loads(text))


# --------------------------------------------------------------------------- live hands


def _play_to_the_end(config: HandConfig, seed: bytes) -> tuple[object, list[object]]:
    """Stacks under 300 go all-in, the others check or call; every hand is shown (R11) and
    every player agrees to run it twice (R12)."""
    state, events = start_hand(config, seed=seed)
    history = list(events)
    while (legal := legal_actions(state)) is not None:
        if ActionKind.RUN_TWICE in legal.kinds:
            action = Action(ActionKind.RUN_TWICE, legal.seat, 1)
        elif ActionKind.SHOW in legal.kinds:
            action = Action(ActionKind.SHOW, legal.seat)
        elif ActionKind.ALL_IN in legal.kinds and legal.stack < 300:
            action = Action(ActionKind.ALL_IN, legal.seat)
        elif ActionKind.CHECK in legal.kinds:
            action = Action(ActionKind.CHECK, legal.seat)
        else:
            action = Action(ActionKind.CALL, legal.seat)
        state, events = apply(state, action)
        history.extend(events)
    return state, history


def test_live_hand_export_reveals_the_seed_and_its_commitment() -> None:
    """R15: the exported hand carries the seed and the commitment; the dealt cards verify."""
    config = HandConfig(
        seats=(1, 4, 6), stacks=(500, 500, 500), button=4, small_blind=5, big_blind=10
    )
    seed = bytes(range(32))
    state, events = _play_to_the_end(config, seed)
    document = phh.loads(phh.export(state, events, players={1: "Ann", 4: "Ben", 6: "Cy"}))
    assert document.user_defined["_seed"] == seed.hex()
    assert verify(seed, document.user_defined["_commitment"], state.dealt_cards())
    assert document.optional["players"] == ["Cy", "Ann", "Ben"]  # p1 is left of the button
    assert phh.replay(document).finishing_stacks == state.stacks


def test_run_it_twice_rake_and_live_blind_round_trip_through_user_fields() -> None:
    """R12, R13, R2.6 have no PHH field: they travel in underscore fields and replay."""
    config = HandConfig(
        seats=(2, 3, 7, 8), stacks=(120, 900, 250, 200), button=8, small_blind=5, big_blind=10,
        posting=(7,), run_it_twice_allowed=True, rake_bps=500, rake_cap=30,
    )  # fmt: skip
    state, events = _play_to_the_end(config, b"\x07" * 32)
    assert state.runs == 2
    text = phh.export(state, events)
    document = phh.loads(text)
    assert document.user_defined["_run_twice_answers"]
    assert document.user_defined["_rake_basis_points"] == 500
    assert document.user_defined["_live_big_blinds"] == ["p3"]
    replayed = phh.replay(document)
    assert replayed.finishing_stacks == state.stacks
    assert replayed.state.rake == state.rake > 0


@pytest.mark.parametrize(
    "dead",
    [
        {"button": 5, "dead_button": True},  # the button's seat is empty
        {"button": 3, "dead_small_blind": True, "big_blind_ante": 10},  # seat 4, say, is
        {"button": 5, "dead_button": True, "dead_small_blind": True},
    ],
)
def test_a_dead_button_or_small_blind_round_trips_and_replays_in_stock_pokerkit(dead) -> None:
    """R28.5 in PHH: a dead small blind is p1's big blind alone (``blinds_or_straddles``
    [BB, 0, ...]), with the level's small blind in ``_dead_small_blind``; a dead button's
    empty seat is ``_dead_button``. Our replay gives back the same hand and text; stock
    PokerKit plays it to the same stacks (p1 acts first after the flop, p2 first before)."""
    config = HandConfig(
        seats=(1, 3, 6, 8), stacks=(500, 900, 250, 700), small_blind=5, big_blind=10, **dead
    )
    state, events = _play_to_the_end(config, b"\x05" * 32)
    text = phh.export(state, events, players={1: "Ann", 3: "Ben", 6: "Cy", 8: "Di"})
    document = phh.loads(text)
    if config.dead_small_blind:
        assert document.blinds_or_straddles == (10, 0, 0, 0)
        assert document.user_defined["_dead_small_blind"] == 5
    if config.dead_button:
        assert document.user_defined["_dead_button"] == 5
    replayed = phh.replay(document)
    again = replayed.state.config
    fields = ("button", "dead_button", "dead_small_blind", "small_blind", "big_blind_ante")
    assert [getattr(again, f) for f in fields] == [getattr(config, f) for f in fields]
    assert replayed.finishing_stacks == state.stacks
    names = {1: "Ann", 3: "Ben", 6: "Cy", 8: "Di"}
    unseeded = "".join(
        line for line in text.splitlines(True) if not line.startswith(("_seed", "_commitment"))
    )  # a replay has the cards, not the seed
    assert phh.export(replayed.state, replayed.events, players=names) == unseeded
    assert oracle.replay_phh(text, rulebook=False) == tuple(state.stacks)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('variant = "NT"', 'variant = "FB"'), "variant 'FB' is not supported"),  # badugi
        (("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [1, 2, 5]"), "straddle"),
        (("min_bet = 2", "min_bet = 4"), "min_bet 4"),
        (("antes = [0, 0, 0]", "antes = [1, 0, 2]"), "antes"),
        (("seats = [2, 5, 9]", "seats = [5, 2, 9]"), "clockwise"),
        (('"p2 sm KsKc",', '"p2 sm KsKd",'), "dealt"),
        (('"d db 8h",', '"d db 8h7h",'), "board"),
    ],
)
def test_files_the_engine_cannot_play_are_refused_with_a_reason(
    change: tuple[str, str], message: str
) -> None:
    text = (FIXTURES / "nt_side_pot_muck.phh").read_text()
    assert change[0] in text
    with pytest.raises(phh.PhhError, match=message):
        phh.replay(phh.loads(text.replace(*change)))


def test_pot_limit_hands_use_the_pt_extension_code() -> None:
    config = HandConfig(
        seats=(1, 2, 3), stacks=(1000, 1000, 1000), button=3, small_blind=1, big_blind=2,
        structure=Structure.POT_LIMIT,
    )  # fmt: skip
    state, events = _play_to_the_end(config, b"\x01" * 32)
    document = phh.to_phh(state, events)
    assert (document.variant, document.min_bet) == ("PT", 2)
    assert phh.replay(document).finishing_stacks == state.stacks
    assert oracle.replay_phh(document.to_toml(), rulebook=False) == state.stacks


def _button_keeps_the_side_pot(game: Game, deck: str) -> tuple[HandState, list[Event]]:
    """Three players; the small blind is all-in for 20, the big blind raises to 40, the button
    calls, bets 50 on the river and the big blind folds: the button mucks against the all-in
    hand (``deck`` gives it the winner) and keeps the side pot (R8, R11.3)."""
    config = HandConfig(
        seats=(1, 2, 3), stacks=(20, 200, 200), button=3, small_blind=1, big_blind=2, game=game
    )
    state, events = start_hand(config, deck=parse_cards(deck))
    history = list(events)
    for kind, seat, amount in [
        (ActionKind.CALL, 3, None),
        (ActionKind.ALL_IN, 1, None),
        (ActionKind.RAISE, 2, 40),
        (ActionKind.CALL, 3, None),
        (ActionKind.CHECK, 2, None),
        (ActionKind.CHECK, 3, None),
        (ActionKind.CHECK, 2, None),
        (ActionKind.CHECK, 3, None),
        (ActionKind.CHECK, 2, None),
        (ActionKind.BET, 3, 50),
        (ActionKind.FOLD, 2, None),
        (ActionKind.MUCK, 3, None),
    ]:
        state, events = apply(state, Action(kind, seat, amount))
        history.extend(events)
    assert state.is_finished and state.stacks_by_seat() == {1: 60, 2: 160, 3: 200}
    return state, history


def test_a_mucked_hand_that_keeps_an_uncontested_side_pot_is_written_face_down_R8() -> None:
    """R8 (a pot only one player can win goes to them, shown or not) and R11.3: the button
    mucks against the all-in aces but keeps the side pot the big blind folded to. PHH writes
    that as the standard's face-down hand, ``sm ????`` (a bare ``sm`` would give up the side
    pot); our reader and PokerKit both replay it to the same stacks."""
    state, history = _button_keeps_the_side_pot(
        Game.HOLDEM, "As Qs 7c Ah Qd 2d 3h Kd 9s 5h 3c 4c 3s Jd"
    )
    text = phh.export(state, history)
    assert '"p3 sm ????"' in text
    assert tuple(phh.replay(phh.loads(text)).finishing_stacks) == state.stacks
    assert tuple(oracle.replay_phh(text, rulebook=False)) == state.stacks
    with pytest.raises(AssertionError):  # PokerKit cannot give out a pot its only claimant mucked
        oracle.replay_phh(text.replace('"p3 sm ????"', '"p3 sm"'), rulebook=False)


def test_an_omaha_hand_kept_face_down_is_written_with_four_unknown_cards_R8_R17() -> None:
    """The same hand in Omaha (R17: four hole cards): the face-down hand is ``sm ????????``,
    one ``??`` a card, so our own reader (which needs as many cards as the game deals) reads
    back our public export. Found by a CI run: ``sm ????`` made a PLO table's export unreadable."""
    state, history = _button_keeps_the_side_pot(
        Game.OMAHA, "As 2c 7c Ah 3c 8d Ks 4d 9h Kh 5d Tc Qs Ad Kd 2s Jd 3h Jc 9s"
    )
    text = phh.export(state, history)
    assert '"p3 sm ????????"' in text
    assert tuple(phh.replay(phh.loads(text)).finishing_stacks) == state.stacks
    earlier = text.replace('"p3 sm ????????"', '"p3 sm ????"')  # as files had it before
    assert tuple(phh.replay(phh.loads(earlier)).finishing_stacks) == state.stacks


@pytest.mark.parametrize(
    ("variant", "players", "double_board", "most"),
    [("PO5", 9, False, 8), ("PO5", 8, True, 7), ("PO", 10, True, 9)],
)
def test_a_file_seating_more_players_than_the_deck_deals_gets_the_tables_refusal_R18_R23(
    variant: str, players: int, double_board: bool, most: int
) -> None:
    """A hand file that seats more players than one deck can deal (R1.1; five-card Omaha
    deals at most 8, R18.2; a double board fewer, R23.3) is refused as the live table
    refuses it, before a card is placed: it used to end in an IndexError."""
    hole = 5 if variant == "PO5" else 4
    lines = [
        f'variant = "{variant}"',
        f"antes = [{', '.join(['0'] * players)}]",
        f"blinds_or_straddles = [1, 2{', 0' * (players - 2)}]",
        "min_bet = 2",
        f"starting_stacks = [{', '.join(['100'] * players)}]",
        "actions = ["
        + ", ".join(
            [f'"d dh p{i + 1} {"??" * hole}"' for i in range(players)]
            + ['"d db AhKhQh"', '"d db 2c"', '"d db 3d"']  # the river: past the deck's end
        )
        + "]",
    ]
    if double_board:
        lines.append("_double_board = true")
    with pytest.raises(phh.PhhError, match=rf"needs 2 to {most} players, not {players} \(R1.1"):
        phh.replay(phh.loads("\n".join(lines) + "\n"))
