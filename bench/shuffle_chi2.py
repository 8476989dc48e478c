"""Statistical self-test of the deck v2 shuffle (R1.2, R15): chi-square of card x deal position.

    python bench/shuffle_chi2.py [SHUFFLES] [WORKERS]      (default 1,000,000 and 1)

Each shuffle is a whole deal as a table makes it: a fresh secret (a new plan: its secret order,
salts, commitments and root) and one random nonce, then the public dealing order
(``engine.fairness.dealt_deck``). A second series keeps one plan and varies only the nonce
(a server whose secret never changed: the players' entropy alone must spread the cards).
Counts the 52 x 52 (position, card) table; with uniform deals every cell expects
SHUFFLES / 52. Prints the statistic, its degrees of freedom ((52 - 1)^2: every row and
column sums to SHUFFLES), the p-value and the worst single position (51 degrees of freedom).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import platform
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.fairness import DeckPlan, dealt_deck

CARDS = 52


def p_value(statistic: float, df: int) -> float:
    """Upper tail of chi-square (Wilson–Hilferty; accurate to a few per cent for df > 50)."""
    z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def count(start: int, stop: int, fixed_plan: bool) -> list[int]:
    """Counts of card c at position k (index k * 52 + c) over shuffles start..stop-1.
    Secrets and nonces come from SHA-256 of the shuffle's number: reproducible runs."""
    counts = [0] * (CARDS * CARDS)
    plan = DeckPlan(1, 1, hashlib.sha256(b"fixed plan").digest())
    for n in range(start, stop):
        tag = n.to_bytes(8, "big")
        if not fixed_plan:
            plan = DeckPlan(1, n, hashlib.sha256(b"secret" + tag).digest())
        deck = dealt_deck(plan, [hashlib.sha256(b"nonce" + tag).digest()])
        for position, card in enumerate(deck):
            counts[position * CARDS + card] += 1
    return counts


def _count(args: tuple[int, int, bool]) -> list[int]:
    return count(*args)


def chi_square(counts: list[int], shuffles: int) -> dict[str, float]:
    expected = shuffles / CARDS
    cells = [(c - expected) ** 2 / expected for c in counts]
    statistic = sum(cells)
    df = (CARDS - 1) ** 2
    worst = max(sum(cells[k * CARDS : (k + 1) * CARDS]) for k in range(CARDS))
    return {
        "shuffles": shuffles,
        "chi_square": round(statistic, 1),
        "df": df,
        "p_value": round(p_value(statistic, df), 4),
        "worst_position_chi_square": round(worst, 1),
        "worst_position_p_value": round(
            min(1.0, p_value(worst, CARDS - 1) * CARDS), 4
        ),  # Bonferroni
    }


def run(shuffles: int, workers: int, fixed_plan: bool) -> dict[str, float]:
    step = -(-shuffles // workers)
    parts = [(i, min(i + step, shuffles), fixed_plan) for i in range(0, shuffles, step)]
    if workers == 1:
        results = [_count(p) for p in parts]
    else:
        with Pool(workers) as pool:
            results = pool.map(_count, parts)
    totals = [sum(col) for col in zip(*results, strict=True)]
    return chi_square(totals, shuffles)


def main() -> None:
    shuffles = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(
        f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}; {workers} worker(s)"
    )
    for fixed in (False, True):
        t0 = time.perf_counter()
        result = run(shuffles, workers, fixed)
        result["seconds"] = round(time.perf_counter() - t0, 1)
        result["series"] = "one plan, random nonces" if fixed else "fresh secret and nonce"
        print(json.dumps(result))


if __name__ == "__main__":
    main()
