"""Specification of engine.fairness: deck v2, a commitment per card, the players' entropy
and openings of only the cards one may see (R15, R4.1, R4.2, R12)."""

from __future__ import annotations

import ast
import copy
import doctest
import hashlib
import hmac
import inspect
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine.fairness
from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import FULL_DECK, card_str, parse_cards
from engine.deck import shuffled_deck
from engine.events import CardsDrawn, FourthCardDealt
from engine.fairness import (
    DECK_SIZES,
    DeckPlan,
    board_positions,
    dealt_deck,
    draw_positions,
    filler_nonce,
    hole_positions,
    nonce_list,
    parse_nonce,
    permutation,
    stud_positions,
    verify_record,
)
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig
from tests.engine.fairness_helpers import (
    VECTOR,
    card_never_opened,
    commitment_changed,
    dealt_hand,
    draw_record,
    finished_record,
    garbage,
    italiana_config,
    italiana_plan,
    italiana_record,
    nonce_after_deal,
    nonce_before_commitments,
    nonce_dropped,
    open_other_position,
    opened_twice,
    play,
    record_of,
    server_chose_a_nonce,
    swap_board_card,
    tampered,
    wrong_card,
    wrong_salt,
)

ROOT_DIR = Path(__file__).resolve().parents[2]


def reference_plan(
    table: int, hand: int, secret: bytes
) -> tuple[list[int], list[bytes], list[bytes], bytes]:
    """The scheme of the module docstring, written out independently (a spec check)."""
    key = hmac.new(secret, b"shuffle", hashlib.sha256).digest()
    cards = list(shuffled_deck(key))
    salts = [hmac.new(secret, b"salt" + bytes([j]), hashlib.sha256).digest() for j in range(52)]
    commitments = [
        hashlib.sha256(
            table.to_bytes(8, "big")
            + hand.to_bytes(8, "big")
            + bytes([j])
            + salts[j]
            + bytes([cards[j]])
        ).digest()
        for j in range(52)
    ]
    return cards, salts, commitments, hashlib.sha256(b"".join(commitments)).digest()


def test_the_documented_test_vector() -> None:
    """R15: the numbers a browser reimplementation must reproduce."""
    plan = DeckPlan(VECTOR["table"], VECTOR["hand"], VECTOR["secret"])
    assert plan.root.hex() == VECTOR["root"]
    assert plan.commitments[0].hex() == VECTOR["commitment_0"]
    assert plan.salt(0).hex() == VECTOR["salt_0"]
    assert plan.cards[:6] == parse_cards(VECTOR["committed_first_six"])
    assert permutation(plan.root, VECTOR["nonces"])[:6] == VECTOR["order_first_six"]
    assert dealt_deck(plan, VECTOR["nonces"])[:6] == parse_cards(VECTOR["dealt_first_six"])
    assert filler_nonce(plan.root, 3).hex() == VECTOR["filler_seat_3"]


@pytest.mark.parametrize("n", range(40))
def test_the_plan_follows_the_documented_scheme(n: int) -> None:
    secret = hashlib.sha256(b"secret %d" % n).digest()
    plan = DeckPlan(n, 1000 + n, secret)
    cards, salts, commitments, root = reference_plan(n, 1000 + n, secret)
    assert list(plan.cards) == cards
    assert [plan.salt(j) for j in range(52)] == salts
    assert list(plan.commitments) == commitments
    assert plan.root == root
    nonces = [hashlib.sha256(b"nonce %d %d" % (n, i)).digest() for i in range(n % 4)]
    order = shuffled_deck(hashlib.sha256(root + b"".join(nonces)).digest())
    assert permutation(root, nonces) == order
    assert list(dealt_deck(plan, nonces)) == [cards[j] for j in order]


def test_the_dealt_deck_is_a_permutation_and_changes_with_any_nonce() -> None:
    """R15.2: every nonce enters the dealing order."""
    plan = DeckPlan(1, 1, bytes(range(32)))
    base = [bytes(32), bytes([1]) * 32]
    deck = dealt_deck(plan, base)
    assert sorted(deck) == list(FULL_DECK)
    assert dealt_deck(plan, [bytes(32), bytes([2]) * 32]) != deck
    assert dealt_deck(plan, list(reversed(base))) != deck
    assert dealt_deck(plan, base[:1]) != deck


def test_the_commitments_bind_table_and_hand() -> None:
    secret = bytes(range(32))
    roots = {DeckPlan(t, h, secret).root for t, h in ((1, 1), (1, 2), (2, 1), (256, 1))}
    assert len(roots) == 4


def test_a_secret_is_32_bytes() -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        DeckPlan(1, 1, bytes(31))


def test_fairness_module_never_uses_random() -> None:
    """R1.2: the secret comes from ``secrets``."""
    tree = ast.parse(inspect.getsource(engine.fairness))
    imported = {
        a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names
    }
    imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert "random" not in imported and "secrets" in imported
    assert engine.fairness.new_secret() != engine.fairness.new_secret()


@pytest.mark.parametrize(
    "text", ["", "ab", "g" * 64, "A" * 64, "0" * 63, "0" * 65, " " + "0" * 63, None, 5, ["0" * 64]]
)
def test_a_nonce_is_exactly_64_lower_case_hex_digits(text: Any) -> None:
    with pytest.raises(ValueError):
        parse_nonce(text)


def test_a_good_nonce_parses() -> None:
    assert parse_nonce("0f" * 32) == bytes([15]) * 32


def test_stand_in_nonces_for_seats_that_sent_none_are_fixed_by_the_root() -> None:
    """R15.2: the server has nothing left to choose once the players' nonces are in."""
    root = bytes(32)
    sent = [{"seat": 4, "user_id": 9, "nonce": "11" * 32, "version": 5}]
    entries = nonce_list(root, sent, [(2, 7), (4, 9), (6, 8)], dealt_version=7)
    assert [(e["seat"], e["by"]) for e in entries] == [(2, "server"), (4, "player"), (6, "server")]
    assert entries[0]["nonce"] == filler_nonce(root, 2).hex()
    assert entries[2]["version"] == 7


# --- a whole hand, as the table deals it ---------------------------------------------------


SCRIPTS = [
    ("check_down", True),
    ("all_in_preflop", True),
    ("all_in_preflop", False),
    ("all_in_flop", True),
    ("all_in_flop", False),
    ("fold_preflop", True),
]


@pytest.mark.parametrize("n", [2, 3, 6, 10])
@pytest.mark.parametrize("script,agree", SCRIPTS)
def test_the_documented_deal_positions_are_where_the_engine_deals(
    n: int, script: str, agree: bool
) -> None:
    """R4.1, R4.2, R12: hole cards one at a time, a burn before each street, a second run
    after the first board: the positions a verifier expects are the engine's."""
    nonces = [hashlib.sha256(b"%d" % i).digest() for i in range(n)]
    plan, state = dealt_hand(n, hashlib.sha256(b"deal %d" % n).digest(), nonces)
    state = play(state, script, agree)
    deck = state.deck
    for board, positions in zip(state.boards, board_positions(n, state.boards), strict=True):
        assert [deck[p] for p in positions] == list(board)
    for i in range(n):
        assert tuple(deck[p] for p in hole_positions(n, i)) == state.holes[i]
    assert len(state.boards) == (2 if agree and "all_in" in script else 1)


@pytest.mark.parametrize("n", [2, 6, 10])
@pytest.mark.parametrize("script", ["check_down", "all_in_preflop", "all_in_flop", "fold_preflop"])
def test_a_double_boards_deal_positions_are_where_the_engine_deals(n: int, script: str) -> None:
    """R23.1: one burn a street, the first board's cards, then the second's."""
    nonces = [hashlib.sha256(b"%d" % i).digest() for i in range(n)]
    plan, state = dealt_hand(n, hashlib.sha256(b"double %d" % n).digest(), nonces, True)
    state = play(state, script)
    deck = state.deck
    positions = board_positions(n, state.boards, double_board=True)
    for board, where in zip(state.boards, positions, strict=True):
        assert [deck[p] for p in where] == list(board)
    assert len(state.boards) == 2 and state.runs == 1
    assert state.dealt == 2 * n + (13 if script != "fold_preflop" else 0)


def test_an_honest_double_board_hand_checks_out_and_a_swapped_card_does_not() -> None:
    """R15.4 with two boards (R23): the proof names the double board; a verifier that read
    it as one board, or a card from another position, fails."""
    record, nonces = finished_record(double_board=True)
    assert record["double_board"] is True and len(record["boards"]) == 2
    assert verify_record(json.loads(json.dumps(record)), my_nonce=nonces[0]).ok
    as_one_board = {**record, "double_board": False}
    assert not verify_record(as_one_board).ok
    swapped = copy.deepcopy(record)
    swapped["boards"][1][0], swapped["boards"][0][0] = (
        record["boards"][0][0],
        record["boards"][1][0],
    )
    assert not verify_record(swapped).ok


def test_R30_4_an_honest_short_deck_hand_checks_out_with_no_card_below_six_opened() -> None:
    """A short deck's 36 cards are committed first and its size is bound to the root: the
    dealing order alone says which deal positions the hand deals from, so nothing but the
    cards a viewer may see is opened."""
    record, nonces = finished_record(game=Game.SHORT_DECK)
    assert record["deck_size"] == 36
    opened = [o["card"] for o in record["openings"]]
    assert not [card for card in opened if card[0] in "2345"]
    assert len(opened) == 5 + 2 * len(record["holes"])
    assert all(o["j"] < 36 for o in record["openings"])
    assert verify_record(json.loads(json.dumps(record)), my_nonce=nonces[0]).ok
    assert verify_record(record, expected_deck_size=36).ok


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.pop("deck_size"),
        lambda r: r.update(deck_size=50),
        lambda r: r["boards"][0].reverse(),
    ],
    ids=["read as 52 cards", "a deck size the game does not deal", "the board reordered"],
)
def test_R30_4_a_short_deck_record_that_misstates_its_deck_or_places_a_card_fails(
    change: Any,
) -> None:
    record, _ = finished_record(game=Game.SHORT_DECK)
    record = copy.deepcopy(record)
    change(record)
    assert not verify_record(record).ok


def test_R30_4_the_deck_size_is_bound_to_the_root_a_holdem_hand_cannot_claim_another() -> None:
    """The size is in the root published before any nonce: a server that announced a 52-card
    root cannot deal the hand as a short deck (or the other way), and a viewer who knows the
    table's game refuses a record of another game's deck."""
    holdem, _ = finished_record()
    assert not verify_record({**holdem, "deck_size": 36}).ok
    short, _ = finished_record(game=Game.SHORT_DECK)
    assert not verify_record({k: v for k, v in short.items() if k != "deck_size"}).ok
    assert not verify_record(short, expected_deck_size=52).ok
    assert not verify_record(holdem, expected_deck_size=36).ok


def test_an_honest_hand_checks_out() -> None:
    """R15.4: commitments, nonces, the permutation and every opened card agree."""
    record, nonces = finished_record()
    verdict = verify_record(
        json.loads(json.dumps(record)), my_nonce=nonces[0], root_seen=bytes.fromhex(record["root"])
    )
    assert verdict.ok, verdict.problems
    assert verdict.opened == len(record["openings"]) >= 5 + 2


def test_folded_and_undealt_cards_are_not_in_the_record() -> None:
    """R15.3: only the viewer's own, shown and board cards are opened."""
    nonces = [hashlib.sha256(b"x%d" % i).digest() for i in range(3)]
    plan, state = dealt_hand(3, bytes(range(32)), nonces)
    state = play(state, "fold_preflop")
    record = record_of(plan, state, nonces, viewer=1)
    opened = {o["card"] for o in record["openings"]}
    assert opened == {card_str(c) for c in state.holes[1]}
    assert verify_record(record).ok


@pytest.mark.parametrize(
    "change",
    [
        swap_board_card,
        open_other_position,
        wrong_salt,
        wrong_card,
        commitment_changed,
        nonce_dropped,
        nonce_after_deal,
        nonce_before_commitments,
        server_chose_a_nonce,
        opened_twice,
        card_never_opened,
        garbage,
    ],
)
def test_any_tampering_is_caught(change: Any) -> None:
    """R15.4: a swapped, misplaced, unopened or twice-opened card, a changed commitment or
    nonce, or a nonce out of order is a failure, never an exception."""
    record, nonces = finished_record()
    changed = tampered(change)
    verdict = verify_record(changed, my_nonce=nonces[1])
    assert not verdict.ok
    assert verify_record(record, my_nonce=nonces[1]).ok


def test_a_nonce_missing_from_the_list_or_another_root_is_reported() -> None:
    record, _ = finished_record()
    assert not verify_record(record, my_nonce=bytes([9]) * 32).ok
    assert not verify_record(record, root_seen=bytes(32)).ok


def test_an_old_hand_checks_the_old_way_with_its_seed() -> None:
    """Hands dealt before deck v2 keep their seed (R15, scheme 1)."""
    config = HandConfig(
        seats=(1, 2, 3), stacks=(100, 100, 100), button=3, small_blind=1, big_blind=2
    )
    seed = bytes(range(32))
    state = play(start_hand(config, seed=seed)[0], "check_down")
    record = {
        "scheme": 1,
        "seed": seed.hex(),
        "commitment": state.commitment,
        "seats": list(state.seats),
        "boards": [[card_str(c) for c in b] for b in state.boards],
        "holes": {str(state.seats[0]): [card_str(c) for c in state.holes[0]]},
    }
    assert verify_record(record).ok
    record["boards"][0][4], record["boards"][0][3] = record["boards"][0][3], record["boards"][0][4]
    assert not verify_record(record).ok


def test_the_command_line_checks_an_exported_file(tmp_path: Path) -> None:
    record, _ = finished_record()
    good = {"table": {"id": 3}, "number": 17, "deck": record}
    bad = {"table": {"id": 3}, "number": 18, "deck": tampered(wrong_salt)}
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([good, bad]))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "engine.fairness", *args],
            capture_output=True,
            text=True,
            cwd=ROOT_DIR,
            timeout=60,
        )

    result = run("verify", str(path))
    assert result.returncode == 1
    assert "table 3 hand 17: ok" in result.stdout
    assert "table 3 hand 18: FAILED" in result.stdout
    assert "1 of 2 hands check out" in result.stdout
    path.write_text(json.dumps(good))
    assert run("verify", str(path)).returncode == 0
    assert run("nonsense").returncode == 2


def test_the_examples_in_the_docstrings_hold() -> None:
    result = doctest.testmod(engine.fairness)
    assert result.attempted > 0 and result.failed == 0


def _chi2_bench() -> Any:
    import importlib.util

    spec_ = importlib.util.spec_from_file_location(
        "shuffle_chi2", ROOT_DIR / "bench" / "shuffle_chi2.py"
    )
    module = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_every_card_is_equally_likely_at_every_deal_position_over_100000_deals() -> None:
    """R1.2, R15: chi-square of card x position of whole deals (fresh secret and nonce),
    100,000 reproducible deals; bench/shuffle_chi2.py runs 1,000,000 (docs/benchmarks.md).
    The threshold p > 0.0001 fails a biased shuffle (see the next test), not a fair one."""
    result = _chi2_bench().run(100_000, 1, fixed_plan=False)
    assert result["p_value"] > 0.0001, result
    assert result["worst_position_p_value"] > 0.0001, result


def test_the_chi_square_self_test_catches_a_biased_shuffle() -> None:
    """The statistic can fail: a modulo-biased deal (no rejection) over the same counts."""
    bench = _chi2_bench()
    shuffles = 20_000
    counts = [0] * (52 * 52)
    for n in range(shuffles):
        stream = hashlib.sha256(b"biased %d" % n).digest() * 2
        deck = list(range(52))
        for i in range(51, 0, -1):
            j = stream[51 - i] % (i + 1)  # modulo bias: small j are favoured
            deck[i], deck[j] = deck[j], deck[i]
        for position, card in enumerate(deck):
            counts[position * 52 + card] += 1
    assert bench.chi_square(counts, shuffles)["p_value"] < 0.0001


# --- R42.6: the draws -------------------------------------------------------------------


def test_R42_5_the_cards_drawn_lie_at_the_positions_the_public_counts_give() -> None:
    """Over random draw hands, every card the engine deals in a draw is the dealt deck's
    card at the position draw_positions names, and only the 52nd card on has none."""
    rng = random.Random(425)
    stubs = 0
    for hand in range(150):
        n = rng.randint(2, 8)
        game = rng.choice([Game.FIVE_CARD_DRAW, Game.DEUCE_SEVEN_SINGLE, Game.DEUCE_SEVEN_TRIPLE])
        nonces = [hashlib.sha256(b"%d %d" % (hand, i)).digest() for i in range(n)]
        plan, state = dealt_hand(n, hashlib.sha256(b"h%d" % hand).digest(), nonces, game=game)
        deck = dealt_deck(plan, nonces)
        drawn: list[list[Any]] = [[] for _ in range(n)]
        while (legal := legal_actions(state)) is not None:
            kinds = {str(k) for k in legal.kinds}
            if "draw" in kinds:
                action = Action(ActionKind.DRAW, legal.seat, rng.randrange(32))
            else:
                passive = next(k for k in ("check", "call", "show") if k in kinds)
                folds = "fold" in kinds and rng.random() < 0.1
                action = Action(ActionKind("fold" if folds else passive), legal.seat)
            state, events = apply(state, action)
            for e in events:
                if isinstance(e, CardsDrawn):
                    drawn[state.seats.index(e.seat)] += e.drawn
        places = draw_positions(n, state.drawn)
        for i in range(n):
            assert len(places[i]) == len(drawn[i]) == sum(state.drawn[i])
            for position, card in zip(places[i], drawn[i], strict=True):
                if position is None:
                    stubs += 1
                else:
                    assert deck[position] == card
            assert all(p is None or p < 51 for p in places[i])
    assert stubs > 0  # some hands reached a new stub (R42.4)


def test_R42_5_an_honest_draw_hand_checks_out_and_counts_the_new_stub() -> None:
    record, nonces, stub = draw_record(2, throws=2)
    verdict = verify_record(record, my_nonce=nonces[0])
    assert verdict.ok and verdict.opened == 5 + 6 and verdict.uncovered == stub == 0
    record, nonces, stub = draw_record(6, throws=5)
    verdict = verify_record(record, my_nonce=nonces[0])
    assert verdict.ok and stub > 0 and verdict.uncovered == stub
    assert verdict.opened == 5 + 15 - stub


def _other_card(record: dict[str, Any]) -> str:
    mine = {o["card"] for o in record["openings"]}
    return next(card_str(c) for c in FULL_DECK if card_str(c) not in mine)


@pytest.mark.parametrize(
    "forge",
    [
        "swap_a_card",  # a card the viewer held was not at any of their places
        "drop_an_opening",  # one of their places is not opened
        "other_counts",  # counts that move the draws to other places
        "counts_for_fewer_seats",
    ],
)
def test_R42_5_a_draw_record_that_misplaces_a_card_fails(forge: str) -> None:
    record, _, _ = draw_record(3, throws=3)
    seat = next(iter(record["dealt"]))
    if forge == "swap_a_card":
        record["dealt"][seat][-1] = _other_card(record)
    elif forge == "drop_an_opening":
        record["openings"] = record["openings"][:-1]
    elif forge == "other_counts":
        record["drawn"] = [[2, 2, 2] for _ in record["seats"]]
    else:
        record["drawn"] = record["drawn"][:-1]
    assert not verify_record(record).ok


# --- R45: the stud streets ---------------------------------------------------------------


def test_R45_2_R45_3_the_stud_cards_lie_at_the_positions_the_public_counts_give() -> None:
    """Over random stud hands (2 to 8 players, folds on every street, all-ins), every card a
    player holds is the dealt deck's card at the position stud_positions names from the
    public counts alone, and a seventh-street community card (R45.3) at its position."""
    rng = random.Random(452)
    community = folded = 0
    for hand in range(200):
        n = rng.choice([2, 3, 5, 7, 8, 8, 8])
        game = rng.choice([Game.SEVEN_CARD_STUD, Game.STUD_HILO, Game.RAZZ])
        nonces = [hashlib.sha256(b"s%d %d" % (hand, i)).digest() for i in range(n)]
        plan = DeckPlan(3, 17, hashlib.sha256(b"stud%d" % hand).digest())
        deck = dealt_deck(plan, nonces)
        config = HandConfig(
            seats=tuple(range(1, n + 1)), stacks=tuple(rng.choice([5, 100]) for _ in range(n)),
            button=n, small_blind=1, big_blind=2, ante=1, structure=Structure.FIXED_LIMIT,
            game=game,
        )  # fmt: skip
        state, _ = start_hand(config, deck=deck)
        while (legal := legal_actions(state)) is not None:
            kinds = {str(k) for k in legal.kinds}
            if "fold" in kinds and rng.random() < 0.04:
                action = Action(ActionKind.FOLD, legal.seat)
            else:
                passive = next(k for k in ("bring_in", "check", "call", "show") if k in kinds)
                action = Action(ActionKind(passive), legal.seat)
            state, _ = apply(state, action)
        dealt = [len(hole) for hole in state.holes]
        places, middle = stud_positions(n, dealt, community=len(state.board))
        for i in range(n):
            assert [deck[k] for k in places[i]] == list(state.holes[i])
        if state.board:
            community += 1
            assert state.board == tuple(deck[k] for k in middle) and len(middle) == 1
        folded += any(state.folded)
    assert community and folded  # both kinds of deal happened


@pytest.mark.parametrize("mode", ["dealt", "held"])
def test_R42_6_a_thrown_card_dealt_back_instead_of_the_committed_one_fails(mode: str) -> None:
    """A server that deals a player back a card they threw (R42.4) where another is
    committed: the hand page's check (every card in the order dealt) and a live page's
    (the cards it saw, in any order) both fail it; the honest record passes both."""
    record, _, _ = draw_record(3, throws=2)
    seat = next(iter(record["dealt"]))
    honest = record["dealt"][seat]
    forged = [*honest[:-1], honest[0]]  # the first card thrown, back in the third draw
    for cards, ok in ((honest, True), (forged, False)):
        checked = {
            **record,
            "dealt": {},
            mode: {seat: cards if mode == "dealt" else sorted(set(cards))},
        }
        assert verify_record(checked).ok is ok


@pytest.mark.parametrize("counts", [[3.5], [True], [-1], [6], [1, 1, 1, 1], [10**9], "2"])
def test_R42_6_draw_counts_that_are_not_a_draws_are_malformed(counts: Any) -> None:
    record, _, _ = draw_record(3, throws=2)
    record["drawn"] = [counts, *record["drawn"][1:]]
    verdict = verify_record(record)
    assert not verdict.ok and verdict.problems[0].startswith("malformed record")


# --- R31.2, R36: poker all'italiana's short decks and its draw -----------------------------


def test_R31_2_every_deck_of_poker_all_italiana_is_a_deck_the_proof_commits() -> None:
    sizes = {len(rules(Game.ITALIANA, n).deck) for n in range(2, 10)}
    assert sizes == {24, 28, 32, 36, 40, 44, 48, 52} and sizes <= DECK_SIZES
    for n in range(2, 10):  # its cards committed first, the ones it lacks after them
        plan = italiana_plan(n, bytes(range(32)))
        assert sorted(plan.cards[: plan.deck_size]) == sorted(rules(Game.ITALIANA, n).deck)


def test_R31_2_R36_the_italiana_cards_lie_at_the_positions_the_public_counts_give() -> None:
    """Over random hands of 2 to 9 players (folds, passes, draws of none to four cards,
    hands nobody opens), every card a player was dealt is the short deck's card at the
    place hole_positions and draw_positions (no burn) name from the public counts alone,
    and only the cards from the deck's last one on have none (R36.3, R42.4); with R36.2
    (most hands) a fourth card lies after every other player's draw."""
    rng = random.Random(3136)
    stubs = opened = 0
    for hand in range(300):
        n = rng.randint(2, 9)
        nonces = [hashlib.sha256(b"%d %d" % (hand, i)).digest() for i in range(n)]
        plan = italiana_plan(n, hashlib.sha256(b"it%d" % hand).digest())
        deck = dealt_deck(plan, nonces)
        assert len(deck) == plan.deck_size
        fourth = rng.random() < 0.7  # R36.2 on
        state, _ = start_hand(italiana_config(n, fourth_card_last=fourth), deck=deck)
        first = [state.holes[i] for i in range(n)]
        drawn: list[list[Any]] = [[] for _ in range(n)]
        while (legal := legal_actions(state)) is not None:
            kinds = {str(k) for k in legal.kinds}
            if "open" in kinds:
                action = Action(ActionKind.OPEN, legal.seat, legal.min_to)
            elif "draw" in kinds:
                mask = rng.choice([m for m in range(32) if m.bit_count() <= 4])
                action = Action(ActionKind.DRAW, legal.seat, mask)
            else:
                passive = next(k for k in ("pass", "check", "call", "show") if k in kinds)
                folds = "fold" in kinds and rng.random() < 0.1
                action = Action(ActionKind("fold" if folds else passive), legal.seat)
            state, events = apply(state, action)
            for e in events:
                if isinstance(e, CardsDrawn):
                    drawn[state.seats.index(e.seat)] += e.drawn
                if isinstance(e, FourthCardDealt):
                    drawn[state.seats.index(e.seat)].append(e.card)
        opened += state.opener is not None
        places = draw_positions(n, state.drawn, 5, plan.deck_size, burns=False, fourth_last=fourth)
        for i in range(n):
            assert tuple(deck[k] for k in hole_positions(n, i, 5)) == first[i]
            assert len(places[i]) == len(drawn[i]) == sum(state.drawn[i])
            for position, card in zip(places[i], drawn[i], strict=True):
                if position is None:
                    stubs += 1
                else:
                    assert deck[position] == card and position < plan.deck_size - 1
    assert stubs > 0 and opened > 100  # some draws reached a new stub (R36.3)


def test_R31_2_an_honest_italiana_hand_checks_out_opening_only_cards_of_its_deck() -> None:
    record, nonces, stub = italiana_record(4, throws=2)
    assert record["deck_size"] == 32 and record["draw_burns"] is False
    verdict = verify_record(json.loads(json.dumps(record)), my_nonce=nonces[0])
    assert verdict.ok, verdict.problems
    assert verdict.opened == 5 + 2 and stub == verdict.uncovered == 0
    assert all(o["j"] < 32 for o in record["openings"])  # no card below the seven
    assert verify_record(record, expected_deck_size=32).ok
    record, nonces, stub = italiana_record(9, throws=4, viewer=8)  # stub 7: a new stub
    verdict = verify_record(record, my_nonce=nonces[0])
    assert verdict.ok, verdict.problems
    assert stub > 0 and verdict.uncovered == stub and verdict.opened == 5 + 4 - stub


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.pop("draw_burns"),  # read as a draw game's, a burn before the draw
        lambda r: r.update(deck_size=36),
        lambda r: r.pop("deck_size"),
        lambda r: r.update(draw_burns="no"),
        lambda r: r.update(drawn=[[3] for _ in r["seats"]]),
        lambda r: r["dealt"].update({k: v[:5] + v[6:] + v[5:6] for k, v in r["dealt"].items()}),
    ],
    ids=["burns", "deck size", "full deck", "malformed flag", "other counts", "order"],
)
def test_R31_2_an_italiana_record_that_misstates_its_deck_or_its_burn_fails(change: Any) -> None:
    """The deck's size and the draw without a burn are bound to the root published before
    any nonce: a record that reads the hand another way, or places a card elsewhere, fails."""
    record, _, _ = italiana_record(4, throws=2)
    record = copy.deepcopy(record)
    change(record)
    assert not verify_record(record).ok


@pytest.mark.parametrize(("n", "viewer"), [(2, 0), (3, 1), (3, 2), (9, 8)])
def test_R36_2_a_fourth_card_after_the_others_lies_where_the_counts_place_it(
    n: int, viewer: int
) -> None:
    """R36.2 (R31 Choices): everyone changes four; the fourth cards lie after every other
    player's draw, in the order of the draw: the record says so (``fourth_card_last``) and
    checks out, a card from a new stub uncovered (nine players: stub 7). Read as four at
    once, the same record fails."""
    record, nonces, stub = italiana_record(n, throws=4, viewer=viewer, fourth_card_last=True)
    verdict = verify_record(json.loads(json.dumps(record)), my_nonce=nonces[0])
    assert verdict.ok, verdict.problems
    assert verdict.uncovered == stub and verdict.opened == 5 + 4 - stub
    assert (stub > 0) == (n == 9)
    if n < 9:
        misread = {k: v for k, v in record.items() if k != "fourth_card_last"}
        assert not verify_record(misread).ok
    assert not verify_record({**record, "fourth_card_last": "yes"}).ok
