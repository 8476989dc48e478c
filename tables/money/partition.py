"""The largest number of zero-sum groups a list of nets splits into (pure Python, no Django:
the clock's settlement worker runs it in a process of its own).

Settling ``n`` parties takes ``n - k`` payments when they split into ``k`` groups whose nets
sum to zero, and no fewer, so the fewest payments come from the largest such split. The
problem is strongly NP-hard; this search is exact and, measured (docs/benchmarks/2026-12-03.md), takes
well under a second for 30 parties:

* **Equal nets are one value with a count.** A group is a vector of counts, the state what
  is left of each count, packed in one integer with a guard bit above each count's field:
  ``(left | guards) - group`` keeps every guard bit exactly when the group fits, and the
  difference is what is left after it. Ten players who each lost one buy-in are then one
  choice, not ``10!`` orders of the same choice.
* **Zero-sum groups are found by meeting in the middle**: the count vectors of the first
  half of the values, indexed by their sum, joined with those of the second half.
* **Decide, from the most groups possible down**: "can what is left split into ``need``
  groups?" is answered by choosing the group of the first value left (every group must take
  some of it), smallest groups first, and asking again of the rest. Without opposite nets
  every group has at least three parties, so ``need`` groups need ``3 * need`` parties, at
  least ``need`` creditors and ``need`` debtors, and no group can take more than leaves
  three for each of the others; states that cannot are remembered. The first ``need`` that
  can is the answer: every larger one was refuted.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from functools import reduce
from math import gcd, isqrt
from typing import Any

CHECK_EVERY = 4096
"""How many decisions between two looks at the clock."""
REMEMBER = 2_000_000
"""The most refuted states kept (about 200 MB); beyond, they are forgotten and found again."""


class _OutOfTime(Exception):
    pass


def search_into(answer: Any, values: list[int], seconds: float | None) -> None:
    """:func:`zero_sum_split` in a child process (``tables.money.plans``): its result is
    sent on the ``answer`` end of a pipe."""
    answer.send(zero_sum_split(values, seconds))
    answer.close()


def zero_sum_split(values: Sequence[int], seconds: float | None = None) -> list[list[int]] | None:
    """The positions of ``values`` in the largest number of groups that each sum to zero,
    or ``None`` when ``seconds`` passed before the search could prove it.

    ``values``: nonzero integers that sum to zero.
    """
    if any(v == 0 for v in values) or sum(values) != 0:
        raise ValueError("values must be nonzero and sum to zero")
    if not values:
        return []
    deadline = None if seconds is None else time.monotonic() + seconds
    unit = reduce(gcd, values)
    counts = sorted(Counter(v // unit for v in values).items(), key=lambda c: (-abs(c[0]), c[0]))
    try:
        groups = _Search(counts, deadline).run()
    except _OutOfTime:
        return None
    where: dict[int, list[int]] = {}
    for i, v in enumerate(values):
        where.setdefault(v // unit, []).append(i)
    split = []
    for group in groups:
        split.append([where[value].pop() for value, count in group for _ in range(count)])
    return [sorted(g) for g in sorted(split, key=min)]


class _Search:
    def __init__(self, counts: list[tuple[int, int]], deadline: float | None) -> None:
        self.values = [v for v, _ in counts]
        self.counts = [c for _, c in counts]
        self.deadline = deadline
        self.shift: list[int] = []
        self.field: list[int] = []  # the count's bits, without its guard
        position = 0
        self.class_at: dict[int, int] = {}  # bit position -> the value it counts
        for j, c in enumerate(self.counts):
            bits = c.bit_length()
            self.shift.append(position)
            self.field.append(((1 << bits) - 1) << position)
            for b in range(position, position + bits):
                self.class_at[b] = j
            position += bits + 1
        self.guards = sum(1 << (self.shift[j] + c.bit_length()) for j, c in enumerate(self.counts))
        self.full = sum(c << self.shift[j] for j, c in enumerate(self.counts))
        self.n = sum(self.counts)
        self.creditors = sum(c for v, c in counts if v > 0)
        opposite = any(-v in set(self.values) for v in self.values)
        self.smallest = 2 if opposite else 3  # the fewest parties in a group
        self.refuted: dict[int, int] = {}  # state -> the least ``need`` it cannot meet
        self.calls = 0
        self.second: list[tuple[int, int, int, int]] | None = None
        self.by_sum: dict[int, list[tuple[int, int, int]]] = {}

    def _first(self, state: int) -> int:
        """The first value (in the search's order) that ``state`` still has some of."""
        return self.class_at[(state & -state).bit_length() - 1]

    def _halves(self) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
        """Every count vector of the first and of the second half of the values, as (sum,
        packed counts, parties, creditors); the halves have about as many vectors each."""
        total = 1
        for c in self.counts:
            total *= c + 1
        half, product = 0, 1
        while half < len(self.counts) and product * (self.counts[half] + 1) <= isqrt(total) + 1:
            product *= self.counts[half] + 1
            half += 1

        def vectors(classes: range) -> list[tuple[int, int, int, int]]:
            out = [(0, 0, 0, 0)]
            for j in classes:
                value, shift, credit = self.values[j], self.shift[j], self.values[j] > 0
                out = [
                    (s + t * value, packed + (t << shift), size + t, cr + (t if credit else 0))
                    for s, packed, size, cr in out
                    for t in range(self.counts[j] + 1)
                ]
            return out

        return vectors(range(half)), vectors(range(half, len(self.counts)))

    def _groups(self, cap: int) -> list[list[tuple[int, int, int]]]:
        """The zero-sum groups of at most ``cap`` parties (not none, not all), as (parties,
        creditors, packed counts), by their first value, smallest first."""
        if self.second is None:
            first, self.second = self._halves()
            for s, packed, size, credit in first:
                self.by_sum.setdefault(s, []).append((size, packed, credit))
            for found in self.by_sum.values():
                found.sort()
            self.second.sort(key=lambda vector: vector[2])
        by_sum = self.by_sum
        by_first: list[list[tuple[int, int, int]]] = [[] for _ in self.counts]
        deadline = self.deadline
        for k, (s, packed, size, credit) in enumerate(self.second):
            if size > cap:
                break
            if deadline is not None and k % CHECK_EVERY == 0 and time.monotonic() > deadline:
                raise _OutOfTime
            for size_a, packed_a, credit_a in by_sum.get(-s, ()):
                parties = size + size_a
                if parties > cap:
                    break
                if parties == 0 or parties == self.n:
                    continue
                group = packed + packed_a
                by_first[self._first(group)].append((parties, credit + credit_a, group))
        for found in by_first:
            found.sort()
        return by_first

    def run(self) -> list[list[tuple[int, int]]]:
        most = min(self.n // self.smallest, self.creditors, self.n - self.creditors)
        for need in range(most, 1, -1):
            self.by_first = self._groups(self.n - self.smallest * (need - 1))
            chosen: list[int] = []
            if self._can(self.full, self.n, self.creditors, need, chosen):
                left = self.full
                groups = []
                for group in chosen:
                    groups.append(self._unpack(group))
                    left -= group
                return [*groups, self._unpack(left)]
        return [self._unpack(self.full)]

    def _unpack(self, packed: int) -> list[tuple[int, int]]:
        return [
            (v, (packed & f) >> s)
            for v, f, s in zip(self.values, self.field, self.shift, strict=True)
            if packed & f
        ]

    def _can(self, state: int, parties: int, creditors: int, need: int, chosen: list[int]) -> bool:
        """Whether ``state`` (``parties`` left, ``creditors`` of them owed) splits into at
        least ``need`` zero-sum groups; if so the groups beyond the last are in ``chosen``."""
        if need <= 1:
            return True
        self.calls += 1
        deadline = self.deadline
        if deadline is not None and self.calls % CHECK_EVERY == 0 and time.monotonic() > deadline:
            raise _OutOfTime
        if self.refuted.get(state, need + 1) <= need:
            return False
        if len(self.refuted) > REMEMBER:
            self.refuted.clear()
        smallest = self.smallest
        if parties < smallest * need or creditors < need or parties - creditors < need:
            self.refuted[state] = need
            return False
        cap = parties - smallest * (need - 1)
        guarded = state | self.guards
        guards = self.guards
        for size, credit, group in self.by_first[self._first(state)]:
            if size > cap:
                break
            left = guarded - group
            if left & guards == guards and self._can(
                left ^ guards, parties - size, creditors - credit, need - 1, chosen
            ):
                chosen.append(group)
                return True
        self.refuted[state] = need
        return False
