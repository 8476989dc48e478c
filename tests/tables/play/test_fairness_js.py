"""The browser's deck v2 verifier (static/js/table/fairness.js) computes exactly what
engine/fairness.py does (R15): the documented test vector, random plans, and the same
verdict on honest and tampered hands."""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

from engine.fairness import (
    DeckPlan,
    board_positions,
    draw_positions,
    filler_nonce,
    nonce_bytes,
    permutation,
    play_positions,
    stud_positions,
    verify_record,
)
from engine.games import Game, rules
from tests.engine import fairness_helpers as spec
from tests.node import STATIC_JS, run_node

FAIRNESS_JS = STATIC_JS / "table" / "fairness.js"
IMPORT = f'import * as f from "{FAIRNESS_JS.as_uri()}";'


def browser_verdicts(records: list[dict[str, Any]]) -> list[list[Any]]:
    """``[ok, opened, uncovered, problems]`` of each record by the browser's verifier."""
    script = (
        IMPORT
        + f"""
const out = [];
for (const r of {json.dumps(records)}) {{
  const v = await f.verifyRecord(r);
  out.push([v.ok, v.opened, v.uncovered, v.problems]);
}}
console.log(JSON.stringify(out));
"""
    )
    return list(json.loads(run_node(script)))


def engine_verdicts(records: list[dict[str, Any]]) -> list[list[Any]]:
    """The same by engine.fairness.verify_record."""
    verdicts = [verify_record(r) for r in records]
    return [[v.ok, v.opened, v.uncovered, list(v.problems)] for v in verdicts]


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


def test_R40_3_the_browser_places_telesina_and_stud_cards_where_the_engine_deals_them() -> None:
    """R45.2 and R40.3: every card of a stud hand at the engine's deal position, stud's
    three first with a burn a street, Telesina's two first without, whoever folded when, and
    its vele after them (R41)."""
    cases = [
        (3, [7, 3, 7], 0, 3, True),
        (8, [6] * 8, 1, 3, True),
        (3, [5, 2, 4], 0, 2, False),
        (4, [5, 5, 5, 5], 0, 2, False),
        (9, [5, 3, 2, 5, 4, 5, 5, 2, 5], 0, 2, False),
        (2, [2, 2], 0, 2, False),
        (5, [5] * 5, 1, 2, False),  # R41: the vela after the fifth cards
        (3, [5, 2, 5], 2, 2, False),  # R41.4: two vele
        (9, [5] * 9, 2, 2, False),
    ]
    script = (
        IMPORT
        + f"""
console.log(JSON.stringify({json.dumps(cases)}.map(([n, dealt, middle, first, burns]) => {{
  const got = f.studPositions(n, dealt, middle, first, burns);
  return [got.places, got.middle];
}})));
"""
    )
    assert json.loads(run_node(script)) == [
        list(stud_positions(n, dealt, middle, first, burns))
        for n, dealt, middle, first, burns in cases
    ]


TELESINA_DEALS = [(2, 1, 24), (4, 0, 32), (5, 2, 36), (9, 8, 52)]
"""Players, the viewer and the deck (R31.2, R40.1) of the Telesina hands checked here."""


def test_R15_R40_the_browser_checks_a_telesina_hand_as_the_engine_does() -> None:
    """R40.3, R45.9: honest Telesina hands at 2, 4, 5 and 9 players (every up card and, shown
    down, every hole card opened in the deck's own sequence), told their deck; and forged
    ones, refused alike: an up card of another player swapped, the viewer's down card
    swapped, two up cards in another order, the streets read with burns (the root binds
    none), stud's three first without burns, two first with burns (a stud record without
    its hole_cards), six cards or one, a count missing, a card short, and told another
    number of players' deck."""
    honest = [spec.telesina_record(n, viewer=viewer) for n, viewer, _ in TELESINA_DEALS]
    four = honest[1]
    assert four["stud"] == [5] * 4 and "hole_cards" not in four and four["draw_burns"] is False
    opened = {o["card"] for o in four["openings"]}
    spare = next(c for c in ("2c", "2d", "2h", "2s", "3c", "3d") if c not in opened)
    other_up = copy.deepcopy(four)
    other_up["holes"]["2"][3] = spare
    own_down = copy.deepcopy(four)
    own_down["holes"]["1"][0] = spare
    reordered = copy.deepcopy(four)
    cards = reordered["holes"]["3"]
    cards[1], cards[2] = cards[2], cards[1]
    stud = spec.stud_record(4)
    forged = [
        other_up,
        own_down,
        reordered,
        {**four, "draw_burns": True},
        {k: v for k, v in four.items() if k != "draw_burns"},
        {**four, "hole_cards": 3},
        {k: v for k, v in stud.items() if k != "hole_cards"},
        {**four, "stud": [6, 5, 5, 5]},
        {**four, "stud": [5, 1, 5, 5]},
        {**four, "stud": [5, 5, 5]},
        {**four, "holes": {**four["holes"], "1": four["holes"]["1"][:4]}},
    ]
    records = honest + forged
    browser, engine = browser_verdicts(records), engine_verdicts(records)
    assert [v[:3] for v in browser] == [v[:3] for v in engine]
    assert browser[:-1] == engine[:-1]  # (a card short: each language says it its way)
    assert [v[:2] for v in browser[: len(honest)]] == [[True, 5 * n] for n, _, _ in TELESINA_DEALS]
    assert not any(v[0] for v in browser[len(honest) :])
    malformed = [v[3][0] for v in browser[len(honest) + 5 : len(honest) + 10]]
    assert malformed == [
        "malformed record: a stud record deals three cards first with burns (R45.2), or two"
        " without (Telesina, R40.3)",
        "malformed record: a stud record deals three cards first with burns (R45.2), or two"
        " without (Telesina, R40.3)",
        "malformed record: a stud player is dealt from 2 to 5 cards",
        "malformed record: a stud player is dealt from 2 to 5 cards",
        "malformed record: the stud counts are not one number a seat",
    ]
    script = (
        IMPORT
        + f"""
const out = [];
for (const r of {json.dumps(honest)}) {{
  const players = r.seats.length;
  out.push([(await f.verifyRecord(r, {{ deckSize: f.italianaDeckSize(players) }})).ok,
    (await f.verifyRecord(r, {{ deckSize: f.italianaDeckSize(players - 1) }})).ok]);
}}
console.log(JSON.stringify(out));
"""
    )
    assert json.loads(run_node(script)) == [[True, False]] * len(TELESINA_DEALS)


def test_R15_R41_the_browser_checks_telesinas_vele_as_the_engine_does() -> None:
    """R41: honest hands with one vela and with two (the vele opened to everyone, after the
    fifth cards, no burn); forged: a vela swapped with an up card, the two vele in the other
    order, a third vela; and a page that saw only the first vela, which names less but
    nothing out of place: the browser's verdict is the engine's."""
    honest = [spec.telesina_record(n, viewer=1, vele=vele) for n, vele in ((5, 1), (4, 2), (9, 2))]
    two = honest[1]
    swapped = copy.deepcopy(two)
    swapped["holes"]["1"][1], swapped["boards"][0][0] = (
        swapped["boards"][0][0],
        swapped["holes"]["1"][1],
    )
    reversed_vele = copy.deepcopy(two)
    reversed_vele["boards"][0].reverse()
    one_left_out = {**two, "boards": [two["boards"][0][:1]]}
    opened = {o["card"] for o in two["openings"]}
    spare = next(c for c in ("2c", "2d", "2h", "2s", "3c", "3d") if c not in opened)
    third = {**two, "boards": [[*two["boards"][0], spare]]}
    records = [*honest, swapped, reversed_vele, one_left_out, third]
    browser, engine = browser_verdicts(records), engine_verdicts(records)
    assert [v[:3] for v in browser] == [v[:3] for v in engine]
    assert [v[0] for v in browser] == [True, True, True, False, False, True, False]
    assert [v[1] for v in browser[:3]] == [5 * 5 + 1, 5 * 4 + 2, 5 * 9 + 2]


def test_R15_R31_4_the_browser_places_the_mortos_hand_as_the_engine_does() -> None:
    """R31.4: three players and the morto's hand after the button's, from the deck of four:
    honest records of each viewer (everyone changing four, the stub run out) pass in both
    languages; read without the morto, with four seats, or with a morto that is not true
    or false, both refuse them alike."""
    honest = [spec.italiana_record(3, throws=4, viewer=v, morto=True)[0] for v in range(3)]
    first = honest[0]
    forged = [
        {k: v for k, v in first.items() if k != "morto"},
        {**first, "seats": [1, 2, 3, 4], "drawn": [*first["drawn"], []]},
        {**first, "morto": "yes"},
    ]
    records = honest + forged
    browser, engine = browser_verdicts(records), engine_verdicts(records)
    assert [v[:3] for v in browser] == [v[:3] for v in engine]
    assert [v[0] for v in browser] == [True, True, True, False, False, False]
    script = (
        IMPORT
        + f"""
const r = {json.dumps(first)};
console.log(JSON.stringify([f.handsDealt(r), f.handsDealt({{ ...r, morto: false }})]));
"""
    )
    assert json.loads(run_node(script)) == [4, 3]


ITALIANA_DEALS = [(2, 3, 24), (4, 2, 32), (6, 1, 40), (9, 1, 52)]
"""Players, cards each changes, and the deck (R31.2) of the italiana hands checked here."""


def test_R36_2_the_browser_places_the_fourth_cards_after_the_others_as_the_engine() -> None:
    """R36.2: everyone changes four, the fourth cards after the others' draws (the record's
    fourth_card_last): the browser's verdict, opened and uncovered counts equal the
    engine's, at 2, 3 and 9 players (a new stub); read as four at once (the field left
    out) or with a malformed field, both fail alike."""
    records = [
        spec.italiana_record(n, throws=4, viewer=viewer, fourth_card_last=True)[0]
        for n, viewer in ((2, 0), (3, 2), (9, 8))
    ]
    misread = [{k: v for k, v in r.items() if k != "fourth_card_last"} for r in records[:2]]
    malformed = [{**records[0], "fourth_card_last": 1}]
    everything = records + misread + malformed
    browser = browser_verdicts(everything)
    assert browser == engine_verdicts(everything)
    assert [v[0] for v in browser] == [True, True, True, False, False, False]


def test_R15_R31_2_R42_6_the_browser_accepts_italiana_hands_with_their_draws_unburnt() -> None:
    """Poker all'italiana at 2, 4, 6 and 9 players (24, 32, 40 and 52 cards): the browser
    accepts each hand's proof as the engine does, its deck named (but the full deck's) and
    no burn in the draw, and checks the viewer's drawn cards where the draw without a burn
    puts them in the deck's own sequence; told the game (R31.2's deck of the players dealt
    in), it refuses the deck of another number of players. Also a new stub (R36.3)."""
    records = []
    for n, throws, size in ITALIANA_DEALS:
        record, _, stub = spec.italiana_record(n, throws)
        assert record.get("deck_size", 52) == size == len(rules(Game.ITALIANA, n).deck)
        assert record["draw_burns"] is False and stub == 0
        order = permutation(bytes.fromhex(record["root"]), nonce_bytes(record))
        play = play_positions(order, size)
        unburnt = draw_positions(n, record["drawn"], 5, size, burns=False)[0]
        assert len(unburnt) == throws and None not in unburnt
        opened = {o["k"] for o in record["openings"]}
        assert {play[p] for p in unburnt} <= opened and len(opened) == 5 + throws
        records.append(record)
    stubbed, _, stub = spec.italiana_record(9, throws=4, viewer=8)  # stub 7
    assert stub > 0
    records.append(stubbed)
    browser = browser_verdicts(records)
    assert browser == engine_verdicts(records)
    assert [v[:3] for v in browser] == [
        *([True, 5 + throws, 0] for _, throws, _ in ITALIANA_DEALS),
        [True, 5 + 4 - stub, stub],
    ]
    script = (
        IMPORT
        + f"""
const out = [];
for (const r of {json.dumps(records[:4])}) {{
  const players = r.seats.length;
  out.push([f.italianaDeckSize(players), (await f.verifyRecord(r, {{ deckSize: f.italianaDeckSize(players) }})).ok,
    (await f.verifyRecord(r, {{ deckSize: f.italianaDeckSize(players - 1) }})).ok]);
}}
out.push([2, 3, 4, 5, 6, 7, 8, 9].map(f.italianaDeckSize));
console.log(JSON.stringify(out));
"""
    )
    *told, sizes = json.loads(run_node(script))
    assert told == [[size, True, False] for _, _, size in ITALIANA_DEALS]
    assert sizes == [len(rules(Game.ITALIANA, n).deck) for n in range(2, 10)]


def test_R15_R31_an_italiana_proof_read_with_a_burn_in_the_draw_fails_its_root() -> None:
    """The root binds the draw without a burn (R31 Choices: "noburn"): the same proof with
    ``draw_burns`` flipped to true, or left out (a draw game's, R42.6), does not hash to
    the root in the browser, as in the engine; a flag neither true nor false is malformed."""
    for n, throws, _ in ITALIANA_DEALS:
        record, _, _ = spec.italiana_record(n, throws)
        records = [
            {**record, "draw_burns": True},
            {k: v for k, v in record.items() if k != "draw_burns"},
            {**record, "draw_burns": "no"},
        ]
        browser = browser_verdicts(records)
        assert browser == engine_verdicts(records)
        for ok, _, _, problems in browser[:2]:
            assert not ok and "the commitments do not hash to the root" in problems
        assert browser[2][:2] == [False, 0] and browser[2][3][0].startswith("malformed record")


def test_R15_R31_2_the_browser_refuses_a_deck_size_no_game_deals() -> None:
    """Every deck the games deal is 52 cards or 24 to 48 by fours (R30.1, R31.2); an
    italiana proof claiming 30, 20 or 56 cards is refused as the engine refuses it, before
    any card is checked."""
    record, _, _ = spec.italiana_record(4, 2)
    records = [{**record, "deck_size": size} for size in (30, 20, 56)]
    browser = browser_verdicts(records)
    assert browser == engine_verdicts(records)
    assert [v[3] for v in browser] == [
        [f"the deck of {size} cards is not this game's"] for size in (30, 20, 56)
    ]


def test_R42_6_R31_the_browser_refuses_a_drawn_card_claimed_at_the_place_a_burn_gives() -> None:
    """A record that opens the viewer's drawn cards one place on, where a draw with a burn
    would deal them, and says those were the cards dealt, fails in the browser as in the
    engine: the root binds no burn, so the drawn cards' places are the unburnt ones (R42.6
    without the burn), one of which was never opened. Every opening matches its commitment:
    only the places are wrong. Read as a draw with a burn, the places check and the root
    does not."""
    records = [
        spec.italiana_record(n, throws, placed_with_burn=True)[0] for n, throws, _ in ITALIANA_DEALS
    ]
    records += [{**r, "draw_burns": True} for r in records]
    browser = browser_verdicts(records)
    assert browser == engine_verdicts(records)
    for ok, _, _, problems in browser[: len(ITALIANA_DEALS)]:
        assert not ok and problems
        assert "deal position" in problems[0] and "of seat 1 was never opened" in problems[0]
        assert not any("does not match its commitment" in p or "root" in p for p in problems)
    for ok, _, _, problems in browser[len(ITALIANA_DEALS) :]:
        assert not ok and problems == ["the commitments do not hash to the root"]
