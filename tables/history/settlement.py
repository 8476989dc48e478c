"""Sessions, nets and settlement: who owes whom after a game.

A session is one table, from its first buy-in to its close (a home game opens a table for
the night). For each player: bought in (buy-ins and top-ups), cashed out, still on the table
(a player still seated counts their stack as if cashed out now), and the net. The rake goes
to "the house". Chips are conserved (DESIGN invariant 2), so the nets and the rake always
sum to zero.

:func:`fewest_transfers` settles the nets with as few payments as possible: the players split
into the largest number of groups whose nets sum to zero (each group of ``m`` settles in
``m - 1`` payments, which is the least), exactly by dynamic programming over subsets for up
to :data:`EXACT_UP_TO` parties, greedily (largest debtor pays largest creditor) beyond.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Sum

from ..models import LedgerEntry, Seat, Table, TransferPaid

HOUSE = "house"
EXACT_UP_TO = 16


def user_key(user_id: int) -> str:
    return f"user:{user_id}"


@dataclass
class SessionLine:
    """One party of a session: a player (``user_id``) or the house (the rake)."""

    key: str
    name: str
    user_id: int | None = None
    bought_in: int = 0
    cashed_out: int = 0
    on_table: int = 0
    rake: int = 0

    @property
    def net(self) -> int:
        if self.key == HOUSE:
            return self.rake
        return self.cashed_out + self.on_table - self.bought_in


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int


@dataclass
class Session:
    table: Table
    lines: list[SessionLine]
    transfers: list[Transfer] = field(default_factory=list)
    paid: set[tuple[str, str, int]] = field(default_factory=set)

    @property
    def total_net(self) -> int:
        return sum(line.net for line in self.lines)

    def names(self) -> dict[str, str]:
        return {line.key: line.name for line in self.lines}

    def is_paid(self, transfer: Transfer) -> bool:
        return (transfer.payer, transfer.payee, transfer.amount) in self.paid


def session(table: Table) -> Session:
    """The session of ``table``: one line per player who bought in, and the house."""
    lines: dict[str, SessionLine] = {}
    totals = (
        LedgerEntry.objects.filter(table=table)
        .values("user_id", "user__display_name", "user__email", "kind")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    house = SessionLine(HOUSE, "The house")
    for row in totals:
        if row["kind"] == LedgerEntry.Kind.RAKE:
            house.rake += row["total"]
            continue
        uid = row["user_id"]
        name = row["user__display_name"] or (row["user__email"] or "").split("@")[0]
        line = lines.setdefault(user_key(uid), SessionLine(user_key(uid), name, uid))
        if row["kind"] in (LedgerEntry.Kind.BUY_IN, LedgerEntry.Kind.TOP_UP):
            line.bought_in += row["total"]
        elif row["kind"] == LedgerEntry.Kind.CASH_OUT:
            line.cashed_out += row["total"]
    for seat in Seat.objects.filter(table=table).exclude(user=None).select_related("user"):
        assert seat.user_id is not None  # excluded above (the stubs cannot narrow a queryset)
        key = user_key(seat.user_id)
        line = lines.setdefault(key, SessionLine(key, str(seat.user), seat.user_id))
        line.on_table += seat.stack
    ordered = sorted(lines.values(), key=lambda line: (-line.net, line.name.lower()))
    if house.rake:
        ordered.append(house)
    result = Session(table, ordered)
    result.transfers = fewest_transfers({line.key: line.net for line in ordered})
    result.paid = set(
        TransferPaid.objects.filter(table=table).values_list("payer", "payee", "amount")
    )
    return result


def fewest_transfers(nets: Mapping[str, int]) -> list[Transfer]:
    """Payments that settle ``nets`` (positive: is owed; they must sum to zero), as few as
    possible. Deterministic: parties are taken in key order."""
    if sum(nets.values()) != 0:
        raise ValueError(f"nets must sum to zero, they sum to {sum(nets.values())}")
    items = sorted((key, value) for key, value in nets.items() if value)
    if not items:
        return []
    groups = _zero_sum_groups(items) if len(items) <= EXACT_UP_TO else [items]
    transfers: list[Transfer] = []
    for group in groups:
        transfers.extend(_settle_group(group))
    return sorted(transfers, key=lambda t: (t.payer, t.payee))


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


def mark_paid(table: Table, transfer: Transfer, by: Any, paid: bool = True) -> None:
    """A host marks (or unmarks) a transfer of the session as paid."""
    if paid:
        TransferPaid.objects.get_or_create(
            table=table,
            payer=transfer.payer,
            payee=transfer.payee,
            amount=transfer.amount,
            defaults={"marked_by": by},
        )
    else:
        TransferPaid.objects.filter(
            table=table, payer=transfer.payer, payee=transfer.payee, amount=transfer.amount
        ).delete()


def sessions(club: Any) -> list[dict[str, Any]]:
    """The club's sessions (tables with any ledger row), newest first, with their totals."""
    rows: defaultdict[int, dict[str, Any]] = defaultdict(lambda: {"bought_in": 0})
    for entry in (
        LedgerEntry.objects.filter(table__club=club, kind__in=["buy_in", "top_up"])
        .values("table_id")
        .annotate(total=Sum("amount"))
        .order_by()
    ):
        rows[entry["table_id"]]["bought_in"] = entry["total"]
    tables = Table.objects.filter(pk__in=list(rows)).order_by("-created_at", "-pk")
    return [{"table": t, **rows[t.pk]} for t in tables]
