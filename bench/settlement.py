"""The fewest-transfers search's benchmark (issue 17): a script, not a test.

    .venv/bin/python bench/settlement.py [--cases 20] [--seed 1]

Times ``tables.money.partition.zero_sum_split`` (pure Python; no database) on the nets a
page hands it: 17 to 30 parties left after opposite nets are paired, so no net here has its
opposite. Families of nets, ``--cases`` of each per size:

* ``uniform ±S``: each net uniform in [-S, S] (S from 30 to a million), the last one
  balancing the rest;
* ``cents``: log-normal amounts (median about 30.00) in steps of 0.25, as a club's open
  balances across weeks look;
* ``buy-ins``: a third of the players lost exactly one buy-in of 20.00, a sixth half of one,
  the winners' amounts in steps of 1.00 (many equal nets);
* ``planted``: groups of three to six that settle among themselves, shuffled.

Per family and size: the median and the slowest search, and the transfers it saves against
largest debt to largest credit. The peer, in the same run: the subset dynamic programme (the
pages' settlement up to 16 parties) on 16-party nets. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")

import django

django.setup()  # the settlement module's models (no database is used)

from tables.money.fewest_transfers import _zero_sum_groups, plan  # noqa: E402
from tables.money.partition import zero_sum_split  # noqa: E402


def _no_opposites(values: list[int]) -> bool:
    seen = set(values)
    return 0 not in seen and not any(-v in seen for v in seen)


def _balanced(rng: random.Random, n: int, draw: Callable[[], int]) -> list[int] | None:
    for _ in range(10_000):
        values = [draw() for _ in range(n - 1)]
        values.append(-sum(values))
        if _no_opposites(values):
            return values
    return None


def families(rng: random.Random) -> dict[str, Callable[[int], list[int] | None]]:
    def uniform(scale: int) -> Callable[[int], list[int] | None]:
        return lambda n: _balanced(rng, n, lambda: rng.randint(-scale, scale))

    def cents(n: int) -> list[int] | None:
        return _balanced(
            rng, n, lambda: rng.choice((1, -1)) * max(1, int(rng.lognormvariate(8, 1.2) / 25)) * 25
        )

    def buy_ins(n: int) -> list[int] | None:
        for _ in range(10_000):
            losers = [-2000] * (n // 3) + [-1000] * (n // 6)
            winners = n - len(losers)
            owed = -sum(losers)
            cuts = sorted(rng.sample(range(1, owed // 100), winners - 1))
            won = [100 * (b - a) for a, b in zip([0, *cuts], [*cuts, owed // 100], strict=True)]
            values = losers + won
            if _no_opposites(values):
                return values
        return None

    def planted(n: int) -> list[int] | None:
        for _ in range(10_000):
            values: list[int] = []
            while len(values) < n:
                size = min(rng.randint(3, 6), n - len(values))
                if size < 3:
                    values = []
                    continue
                group = [rng.randint(-5000, 5000) or 1 for _ in range(size - 1)]
                values += [*group, -sum(group)]
            if _no_opposites(values):
                rng.shuffle(values)
                return values
        return None

    found: dict[str, Callable[[int], list[int] | None]] = {
        f"uniform ±{s:,}": uniform(s) for s in (30, 100, 1000, 10_000, 1_000_000)
    }
    found.update({"cents": cents, "buy-ins": buy_ins, "planted": planted})
    return found


def largest_first(values: list[int]) -> int:
    """Transfers of largest debt to largest credit (the pages' plan without the search)."""
    return len(plan({f"p{i:02}": v for i, v in enumerate(values)}, seconds=0).transfers)


def subset_programme(values: list[int]) -> int:
    """The number of groups of the pages' dynamic programme over subsets."""
    return len(_zero_sum_groups([(f"p{i:02}", v) for i, v in enumerate(values)]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    results: dict[str, dict[str, float | int]] = {}
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"{os.cpu_count()} cores; {args.cases} cases per row")  # fmt: skip
    print("| nets | parties | median | slowest | transfers saved (mean) |")
    print("| --- | --- | --- | --- | --- |")
    for name, make in families(rng).items():
        for n in (17, 20, 25, 30):
            times, saved = [], []
            for _ in range(args.cases):
                values = make(n)
                if values is None:
                    break
                start = time.perf_counter()
                split = zero_sum_split(values)
                times.append(time.perf_counter() - start)
                assert split is not None
                saved.append(largest_first(values) - (n - len(split)))
            if not times:
                continue
            row = {"median_s": statistics.median(times), "max_s": max(times),
                   "saved": statistics.mean(saved), "cases": len(times)}  # fmt: skip
            results[f"{name} n={n}"] = row
            print(f"| {name} | {n} | {row['median_s'] * 1000:.0f} ms | "
                  f"{row['max_s'] * 1000:.0f} ms | {row['saved']:.1f} |")  # fmt: skip
    peer_times, ours = [], []
    for _ in range(args.cases):
        values = families(rng)["cents"](16)
        assert values is not None
        start = time.perf_counter()
        groups = subset_programme(values)
        peer_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        split = zero_sum_split(values)
        ours.append(time.perf_counter() - start)
        assert split is not None and len(split) == groups
    results["peer 16 cents"] = {
        "programme_median_s": statistics.median(peer_times),
        "search_median_s": statistics.median(ours),
    }
    print(f"16 parties (cents): subset programme median {statistics.median(peer_times) * 1000:.0f} ms,"
          f" search median {statistics.median(ours) * 1000:.1f} ms (same groups in every case)")  # fmt: skip
    print(json.dumps(results))


if __name__ == "__main__":
    main()
