"""The browser's deck v2 verifier (static/js/table/fairness.js) computes exactly what
engine/fairness.py does (R15): the documented test vector, random plans, and the same
verdict on honest and tampered hands."""

from __future__ import annotations

import copy
import hashlib
import json

from engine.fairness import DeckPlan, board_positions, filler_nonce, permutation, verify_record
from engine.games import Game
from tests.engine import fairness_helpers as spec
from tests.node import STATIC_JS, run_node

FAIRNESS_JS = STATIC_JS / "table" / "fairness.js"
IMPORT = f'import * as f from "{FAIRNESS_JS.as_uri()}";'


def test_the_browser_reproduces_the_test_vector_and_random_plans() -> None:
    cases = [
        (spec.VECTOR["table"], spec.VECTOR["hand"], spec.VECTOR["secret"], spec.VECTOR["nonces"])
    ]
    cases += [
        (
            n * 1000,
            2**40 + n,
            hashlib.sha256(b"js %d" % n).digest(),
            [hashlib.sha256(b"jsn %d %d" % (n, i)).digest() for i in range(n % 5)],
        )
        for n in range(1, 12)
    ]
    plans = [(DeckPlan(t, h, s), nonces) for t, h, s, nonces in cases]
    data = [
        {
            "table": p.table,
            "hand": p.hand,
            "commitments": [c.hex() for c in p.commitments],
            "salt": p.salt(0).hex(),
            "card": p.cards[0],
            "nonces": [x.hex() for x in nonces],
        }
        for p, nonces in plans
    ]
    script = (
        IMPORT
        + f"""
import {{ hexToBytes }} from "{(FAIRNESS_JS.parent.parent / "history" / "shuffle.js").as_uri()}";
const out = [];
for (const d of {json.dumps(data)}) {{
  const root = await f.rootOf(d.commitments);
  out.push({{
    c0: await f.cardCommitment(d.table, d.hand, 0, hexToBytes(d.salt), d.card),
    root, order: await f.permutation(root, d.nonces), filler: await f.fillerNonce(root, 3),
  }});
}}
console.log(JSON.stringify(out));
"""
    )
    results = json.loads(run_node(script))
    assert results[0]["root"] == spec.VECTOR["root"]
    assert tuple(results[0]["order"][:6]) == spec.VECTOR["order_first_six"]
    assert results[0]["filler"] == spec.VECTOR["filler_seat_3"]
    for (plan, nonces), got in zip(plans, results, strict=True):
        assert got["c0"] == plan.commitments[0].hex()
        assert got["root"] == plan.root.hex()
        assert tuple(got["order"]) == permutation(plan.root, nonces)
        assert got["filler"] == filler_nonce(plan.root, 3).hex()


def test_the_browser_places_board_cards_where_the_engine_deals_them() -> None:
    """R4.2, R12 and the double board's order (R23.1), with 2 and 4 hole cards."""
    cases = [
        ([["As", "Kd", "2c"]], False),
        ([["As", "Kd", "2c", "7h", "9s"], ["As", "Kd", "2c", "Th", "Js"]], False),
        ([["As", "Kd", "2c", "7h", "9s"], ["Ad", "Kh", "3c", "Tc", "Jc"]], False),
        ([["As", "Kd", "2c"], ["Ad", "Kh", "3c"]], True),
        ([["As", "Kd", "2c", "7h"], ["Ad", "Kh", "3c", "Tc"]], True),
        ([["As", "Kd", "2c", "7h", "9s"], ["Ad", "Kh", "3c", "Tc", "Jc"]], True),
    ]
    script = (
        IMPORT
        + f"""
const cases = {json.dumps(cases)};
console.log(JSON.stringify(cases.map(([b, d]) =>
  [2, 6, 9].flatMap((n) => [2, 4].map((h) => f.boardPositions(n, b, h, d))))));
"""
    )
    results = json.loads(run_node(script))
    assert results == [
        [board_positions(n, b, h, d) for n in (2, 6, 9) for h in (2, 4)] for b, d in cases
    ]


def test_the_browser_and_the_engine_agree_on_honest_and_tampered_hands() -> None:
    record, nonces = spec.finished_record()
    changes = [
        spec.swap_board_card,
        spec.open_other_position,
        spec.wrong_salt,
        spec.wrong_card,
        spec.commitment_changed,
        spec.nonce_dropped,
        spec.nonce_after_deal,
        spec.nonce_before_commitments,
        spec.server_chose_a_nonce,
        spec.opened_twice,
        spec.card_never_opened,
        spec.garbage,
    ]
    records = [record] + [spec.tampered(change) for change in changes]
    script = (
        IMPORT
        + f"""
const out = [];
for (const r of {json.dumps(records)}) out.push((await f.verifyRecord(r, {{ myNonce: "{nonces[1].hex()}" }})).ok);
out.push((await f.verifyRecord({json.dumps(record)}, {{ myNonce: "{"99" * 32}" }})).ok);
out.push((await f.verifyRecord({json.dumps(record)}, {{ rootSeen: "{"00" * 32}" }})).ok);
out.push(f.newNonce().length === 64 && f.newNonce() !== f.newNonce());
console.log(JSON.stringify(out));
"""
    )
    results = json.loads(run_node(script))
    expected = [verify_record(r, my_nonce=nonces[1]).ok for r in records]
    assert expected == [True] + [False] * len(changes)
    assert results == expected + [False, False, True]


def test_the_browser_checks_a_double_board_hand_as_the_engine_does() -> None:
    """R15.4 with two boards (R23.1): honest, read as one board, a card of each board
    swapped."""
    record, nonces = spec.finished_record(double_board=True)
    swapped = json.loads(json.dumps(record))
    swapped["boards"][0][0], swapped["boards"][1][0] = (
        record["boards"][1][0],
        record["boards"][0][0],
    )
    records = [record, {**record, "double_board": False}, swapped]
    script = (
        IMPORT
        + f"""
const out = [];
for (const r of {json.dumps(records)}) out.push((await f.verifyRecord(r, {{ myNonce: "{nonces[1].hex()}" }})).ok);
console.log(JSON.stringify(out));
"""
    )
    assert json.loads(run_node(script)) == [True, False, False]
    assert [verify_record(r, my_nonce=nonces[1]).ok for r in records] == [True, False, False]


def test_the_browser_checks_a_short_deck_hand_as_the_engine_does() -> None:
    """R30.4: honest; read as 52 cards; a deck size no game deals; the board reordered; a
    Hold'em root claimed as a short deck; and, told the table's game, another game's deck."""
    record, nonces = spec.finished_record(game=Game.SHORT_DECK)
    holdem, _ = spec.finished_record()
    records = [
        record,
        {k: v for k, v in record.items() if k != "deck_size"},
        {**record, "deck_size": 48},
        {**record, "boards": [list(reversed(record["boards"][0]))]},
        {**holdem, "deck_size": 36},
    ]
    script = (
        IMPORT
        + f"""
const out = [];
for (const r of {json.dumps(records)}) out.push((await f.verifyRecord(r, {{ myNonce: "{nonces[1].hex()}" }})).ok);
out.push((await f.verifyRecord({json.dumps(record)}, {{ deckSize: 52 }})).ok);
out.push((await f.verifyRecord({json.dumps(record)}, {{ deckSize: 36 }})).ok);
console.log(JSON.stringify(out));
"""
    )
    expected = [True, False, False, False, False, False, True]
    assert json.loads(run_node(script)) == expected
    engine = [verify_record(r, my_nonce=nonces[1]).ok for r in records]
    engine += [verify_record(record, expected_deck_size=size).ok for size in (52, 36)]
    assert engine == expected


def test_the_browser_checks_a_draw_hand_as_the_engine_does() -> None:
    """R42.6: honest (no new stub, and with one); a card the viewer held swapped for one
    at nobody's place of theirs; an opening dropped; counts that move the draws."""
    honest, nonces, _ = spec.draw_record(3, throws=3)
    stubbed, _, stub = spec.draw_record(6, throws=5)
    assert stub > 0
    seat = next(iter(honest["dealt"]))
    opened = {o["card"] for o in honest["openings"]}
    swapped = copy.deepcopy(honest)
    swapped["dealt"][seat][-1] = next(c for c in ("2c", "2d", "2h", "2s", "3c") if c not in opened)
    records = [
        honest,
        stubbed,
        swapped,
        {**honest, "openings": honest["openings"][:-1]},
        {**honest, "drawn": [[2, 2, 2] for _ in honest["seats"]]},
        # a live page that saw only part of the hand: the cards it saw, in any order
        {**honest, "dealt": {}, "held": {seat: sorted(set(honest["dealt"][seat]))}},
        # a thrown card dealt back where another is committed (R42.4), seen live
        {**honest, "dealt": {}, "held": {seat: sorted({*honest["dealt"][seat][:-1]})}},
        {**honest, "drawn": [[3.5], *honest["drawn"][1:]]},  # not a count
    ]
    script = (
        IMPORT
        + f"""
const out = [];
for (const r of {json.dumps(records)}) {{
  const v = await f.verifyRecord(r);
  out.push([v.ok, v.opened, v.uncovered]);
}}
console.log(JSON.stringify(out));
"""
    )
    engine = [verify_record(r) for r in records]
    browser = json.loads(run_node(script))
    assert [ok for ok, _, _ in browser] == [True, True, False, False, False, True, False, False]
    assert browser == [[v.ok, v.opened, v.uncovered] for v in engine]
    assert engine[1].uncovered == stub


def test_the_browser_checks_a_stud_hand_as_the_engine_does() -> None:
    """R45.9: honest (four players; eight, with a card in the middle); an up card of another
    player swapped; the viewer's down card swapped; counts that move the streets; a count
    out of range; the middle card swapped."""
    four = spec.stud_record(4)
    eight = spec.stud_record(8, viewer=5)
    assert eight["stud"] == [6] * 8 and len(eight["boards"][0]) == 1
    opened = {o["card"] for o in four["openings"]}
    spare = next(c for c in ("2c", "2d", "2h", "2s", "3c", "3d") if c not in opened)
    other_up = copy.deepcopy(four)
    other_up["holes"]["2"][3] = spare
    own_down = copy.deepcopy(four)
    own_down["holes"]["1"][6] = spare
    middle = copy.deepcopy(eight)
    middle["boards"] = [[spare if spare != eight["boards"][0][0] else "3h"]]
    records = [
        four,
        eight,
        other_up,
        own_down,
        {**four, "stud": [7, 7, 6, 7]},
        {**four, "stud": [7, 7, 7, 9]},
        {**four, "stud": [7, 7, 7]},
        middle,
        {**four, "holes": {**four["holes"], "1": four["holes"]["1"][:6]}},  # a card short
    ]
    script = (
        IMPORT
        + f"""
const out = [];
for (const r of {json.dumps(records)}) {{
  const v = await f.verifyRecord(r);
  out.push([v.ok, v.opened]);
}}
console.log(JSON.stringify(out));
"""
    )
    engine = [verify_record(r) for r in records]
    browser = json.loads(run_node(script))
    assert [ok for ok, _ in browser] == [
        True,
        True,
        False,
        False,
        False,
        False,
        False,
        False,
        False,
    ]
    assert browser == [[v.ok, v.opened] for v in engine]
