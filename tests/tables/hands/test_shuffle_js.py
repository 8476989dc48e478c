"""The browser's shuffle (static/js/history/shuffle.js) recomputes exactly the engine's deck
(engine/deck.py, R1.3, R15): the documented test vector and random seeds; hands dealt before
deck v2 are checked the old way."""

from __future__ import annotations

import json
import random

from engine.cards import card_str
from engine.deck import commitment, shuffled_deck
from tests.node import STATIC_JS, run_node

SHUFFLE_JS = STATIC_JS / "history" / "shuffle.js"
FAIRNESS_JS = SHUFFLE_JS.parent.parent / "table" / "fairness.js"


def test_the_browser_shuffle_matches_the_engine_for_the_test_vector_and_random_seeds():
    seeds = [bytes(range(32))] + [random.Random(i).randbytes(32) for i in range(20)]
    script = f"""
import {{ shuffledDeck, commitmentOf, cardName, hexToBytes }} from "{SHUFFLE_JS.as_uri()}";
const out = [];
for (const hex of {json.dumps([s.hex() for s in seeds])}) {{
  const seed = hexToBytes(hex);
  out.push([await commitmentOf(seed), (await shuffledDeck(seed)).map(cardName)]);
}}
console.log(JSON.stringify(out));
"""
    results = json.loads(run_node(script))
    for seed, (commit, deck) in zip(seeds, results, strict=True):
        assert commit == commitment(seed)
        assert deck == [card_str(c) for c in shuffled_deck(seed)]
    assert " ".join(results[0][1][:10]) == "9c Ac Td Jh 7c Kd 8h 8c 7h Qc"


def test_the_verifier_accepts_the_cards_seen_and_rejects_a_wrong_card_or_seed():
    """A hand dealt before deck v2 is checked the old way (scheme 1 of
    static/js/table/fairness.js, as engine.fairness.verify_record does)."""
    from engine.fairness import verify_record

    seed = random.Random(5).randbytes(32)
    deck = [card_str(c) for c in shuffled_deck(seed)]
    # three players: hole cards at 0..5, burn, flop at 7..9
    good = {
        "scheme": 1,
        "seed": seed.hex(),
        "commitment": commitment(seed),
        "seats": [1, 2, 3],
        "boards": [deck[7:10]],
        "holes": {"2": [deck[1], deck[4]]},
    }
    bad_card = {**good, "boards": [[deck[8], deck[7], deck[9]]]}
    bad_seed = {**good, "seed": bytes(32).hex()}
    records = [good, bad_card, bad_seed]
    script = f"""
import {{ verifyRecord }} from "{FAIRNESS_JS.as_uri()}";
const out = [];
for (const r of {json.dumps(records)}) out.push((await verifyRecord(r)).ok);
console.log(JSON.stringify(out));
"""
    assert (
        json.loads(run_node(script))
        == [verify_record(r).ok for r in records]
        == [True, False, False]
    )
