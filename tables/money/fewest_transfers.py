"""The fewest transfers that settle a set of nets: pure, no database.

:func:`fewest_transfers` settles the nets with as few payments as possible: the players split
into the largest number of groups whose nets sum to zero (each group of ``m`` settles in
``m - 1`` payments, which is the least). Parties whose nets are opposite are paired first
(that never costs a payment); the others split exactly: by dynamic programming over subsets
when at most :data:`EXACT_UP_TO` are left (``2**n`` steps, about 100 ms for 16 parties: a
bound a page can live with, and the same transfers every time); up to :data:`SEARCH_UP_TO`
by the search of :mod:`.partition` (under a second for 30 as measured, but the split is
strongly NP-hard, 3-partition reduces to it, so no bound: pages give it a short allowance,
keep what it finds and leave the rest to the clock's worker, ``tables.money.plans``);
beyond, largest debtor pays largest creditor, without a search.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from tables.money.partition import zero_sum_split

EXACT_UP_TO = 16
"""Up to this many parties (after pairing), the subset dynamic programme: bounded time."""


SEARCH_UP_TO = 30
"""Up to this many, the search of :mod:`.partition`; beyond, largest debtor pays largest
creditor."""


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Plan:
    """Transfers that settle a set of nets, and what is known of their number."""

    transfers: list[Transfer]
    fewest: bool = True
    """Proven the fewest; ``False`` beyond :data:`SEARCH_UP_TO` parties or when the search
    ran out of time (then: largest debtor pays largest creditor)."""
    searching: bool = False
    """The clock's worker is still looking for fewer (``tables.money.plans``)."""


def fewest_transfers(nets: Mapping[str, int]) -> list[Transfer]:
    """Payments that settle ``nets`` (positive: is owed; they must sum to zero), as few as
    possible up to :data:`SEARCH_UP_TO` parties (:func:`plan`, searching as long as it
    takes: pages use ``plans.settle``, which bounds the time). Deterministic: parties are
    taken in key order."""
    return plan(nets).transfers


def plan(nets: Mapping[str, int], seconds: float | None = None) -> Plan:
    """:func:`fewest_transfers` with the search (more than :data:`EXACT_UP_TO` parties, up
    to :data:`SEARCH_UP_TO`) given ``seconds`` (``None``: no limit; ``0``: no search)."""
    pairs, rest = pair_opposites(nets)
    search = EXACT_UP_TO < len(rest) <= SEARCH_UP_TO and seconds != 0
    split = zero_sum_split([v for _, v in rest], seconds) if search else None
    return plan_from_split(pairs, rest, split)


def pair_opposites(
    nets: Mapping[str, int],
) -> tuple[list[list[tuple[str, int]]], list[tuple[str, int]]]:
    """The nets checked (they must sum to zero), without the zeros, as the groups of
    opposite nets and the rest (:func:`_opposite_pairs`)."""
    if sum(nets.values()) != 0:
        raise ValueError(f"nets must sum to zero, they sum to {sum(nets.values())}")
    return _opposite_pairs(sorted((key, value) for key, value in nets.items() if value))


def plan_from_split(
    pairs: list[list[tuple[str, int]]],
    rest: list[tuple[str, int]],
    split: list[list[int]] | None,
) -> Plan:
    """The plan of :func:`pair_opposites`' result: the rest split exactly by the subset
    dynamic programme up to :data:`EXACT_UP_TO` parties, else by ``split`` (positions in
    ``rest``, from :func:`~tables.money.partition.zero_sum_split`) up to
    :data:`SEARCH_UP_TO`, else (beyond, or ``None``: the search ran out of time) as one
    group, largest first."""
    groups = list(pairs)
    fewest = True
    if len(rest) <= EXACT_UP_TO:
        groups += _zero_sum_groups(rest) if rest else []
    elif split is not None and len(rest) <= SEARCH_UP_TO:
        groups += [[rest[i] for i in positions] for positions in split]
    else:
        groups.append(rest)
        fewest = False
    transfers: list[Transfer] = []
    for group in groups:
        transfers.extend(_settle_group(group))
    return Plan(sorted(transfers, key=lambda t: (t.payer, t.payee)), fewest)


def _opposite_pairs(
    items: list[tuple[str, int]],
) -> tuple[list[list[tuple[str, int]]], list[tuple[str, int]]]:
    """Pair off parties whose nets are opposite (one owes exactly what the other is owed):
    some settlement with the fewest payments has each such pair as a group of its own. (In
    a best split, if ``+a`` and ``-a`` are in groups G and H, then ``{+a, -a}`` and the rest
    of G and H together are as many zero-sum groups.) So pairing first keeps the result
    the least, and leaves fewer parties for the search. Returns the pairs and the rest, in
    key order."""
    waiting: dict[int, list[tuple[str, int]]] = defaultdict(list)
    pairs: list[list[tuple[str, int]]] = []
    for item in items:
        partners = waiting[-item[1]]
        if partners:
            pairs.append([partners.pop(0), item])
        else:
            waiting[item[1]].append(item)
    rest = sorted(item for queue in waiting.values() for item in queue)
    return pairs, rest


def _zero_sum_groups(items: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Split into the largest number of zero-sum groups (DP over subsets)."""
    n = len(items)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        i = low.bit_length() - 1
        total[mask] = total[mask ^ low] + items[i][1]
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            value = best[mask ^ bit]
            if value > top:
                top = value
            rest ^= bit
        best[mask] = top + (1 if total[mask] == 0 else 0)
    groups: list[list[tuple[str, int]]] = []
    mask = full
    current: list[tuple[str, int]] = []
    while mask:
        step = 1 if total[mask] == 0 else 0
        rest = mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] + step == best[mask]:
                break
            rest ^= bit
        current.append(items[bit.bit_length() - 1])
        mask ^= bit
        if total[mask] == 0:
            groups.append(current)
            current = []
    return groups


def _settle_group(group: list[tuple[str, int]]) -> list[Transfer]:
    """Settle one zero-sum group in at most ``len(group) - 1`` payments."""
    debtors = sorted(((k, -v) for k, v in group if v < 0), key=lambda x: (-x[1], x[0]))
    creditors = sorted(((k, v) for k, v in group if v > 0), key=lambda x: (-x[1], x[0]))
    owes = [v for _, v in debtors]  # what each debtor still has to pay
    due = [v for _, v in creditors]  # what each creditor is still owed
    transfers = []
    i = j = 0
    while i < len(debtors) and j < len(creditors):
        amount = min(owes[i], due[j])
        transfers.append(Transfer(debtors[i][0], creditors[j][0], amount))
        owes[i] -= amount
        due[j] -= amount
        if owes[i] == 0:
            i += 1
        if due[j] == 0:
            j += 1
    return transfers
