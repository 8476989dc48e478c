"""The browser's shuffle verifier (static/js/history/shuffle.js) recomputes exactly the
engine's deck (engine/deck.py, R1.3, R15): the documented test vector and random seeds."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.cards import card_str
from engine.deck import commitment, shuffled_deck

SHUFFLE_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "history" / "shuffle.js"
NODE = shutil.which("node")


def run_node(script: str) -> str:
    if NODE is None:
        pytest.skip("node is not installed")
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


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
    seed = random.Random(5).randbytes(32)
    deck = [card_str(c) for c in shuffled_deck(seed)]
    known = [[0, deck[0]], [1, deck[1]], [9, deck[9]]]
    wrong = [[0, deck[1]]]
    script = f"""
import {{ verifyHand }} from "{SHUFFLE_JS.as_uri()}";
const good = await verifyHand("{seed.hex()}", "{commitment(seed)}", {json.dumps(known)});
const badCard = await verifyHand("{seed.hex()}", "{commitment(seed)}", {json.dumps(wrong)});
const badSeed = await verifyHand("{bytes(32).hex()}", "{commitment(seed)}", []);
console.log(JSON.stringify([good.ok, badCard.ok, badSeed.ok]));
"""
    assert json.loads(run_node(script)) == [True, False, False]
