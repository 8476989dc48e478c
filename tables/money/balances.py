"""The club's money book: every member's balance across all its sessions, and one
settlement of all open balances ("who owes whom now").

A member's **net** is the sum of their nets over every session of the club (cash-outs and
chips still on a table, minus buy-ins: :mod:`tables.money.settlement` per session); the
house's is the rake. **Payments** settle it: the transfers of a session marked paid there
(:class:`~tables.money.models.TransferPaid`) and the payments made here
(:class:`~tables.money.models.ClubPayment`), each counted once it is marked sent or confirmed, not
when it is disputed. A party's **open balance** is its net plus what it paid minus what it
received: positive, it is owed; negative, it owes. Open balances sum to zero, as the nets
do (chips are conserved, DESIGN invariant 2), so :func:`plans.settle` settles
them.

Members who settle among themselves (a :class:`~tables.money.models.SettleGroup`) are one party:
their open balances are added up and the group pays or is paid as one (``"group:<id>"``).

Everything is read with a constant number of queries, whatever the number of sessions
(the aggregates run in the database): see ``bench/balances.py``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from django.db import connection
from django.db.models import Sum
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from pokerclub.models import Club, Membership, Role, User
from tables.money.fewest_transfers import Plan, Transfer
from tables.money.models import (
    ClubPayment,
    LedgerEntry,
    SessionNet,
    SettleGroup,
    SettleGroupMember,
    TransferPaid,
)
from tables.money.plans import settle
from tables.money.settlement import HOUSE, guest_key, guest_name, user_key
from tables.play.models import Seat, Table

COUNTED = (TransferPaid.Status.MARKED, TransferPaid.Status.CONFIRMED)
"""Payments that count in the balances: sent (until the payee says otherwise) or confirmed."""


def group_key(group_id: int) -> str:
    return f"group:{group_id}"


@dataclass
class Member:
    """One member's (or the house's) money in the club."""

    key: str
    name: str
    user_id: int | None = None
    net: int = 0
    paid: int = 0
    received: int = 0
    pending: int = 0
    """Of ``paid``/``received``: sent but not confirmed yet (+ paid, − received)."""
    member: bool = True
    """False for someone who has left the club (their open balance stays until settled)."""
    closed: int = 0
    """Of ``net``: what their closed sessions add up to (``SessionNet``)."""

    @property
    def open(self) -> int:
        return self.net + self.paid - self.received


@dataclass
class Party:
    """Who pays or is paid in the settlement: a member, a settle-with group, or the house."""

    key: str
    name: str
    members: list[Member]
    actors: list[int]
    """The users who may mark its payments: the member, or every member of the group."""
    paid: int = 0  # by the group as one (a group party's own payments)
    received: int = 0

    @property
    def open(self) -> int:
        return sum(m.open for m in self.members) + self.paid - self.received


@dataclass
class Book:
    club: Club
    members: list[Member]
    parties: list[Party]
    plan: Plan = field(default_factory=lambda: Plan([]))
    """The transfers that settle it (``plans.settle``; while ``plan.searching`` the list
    may get shorter)."""
    waiting: list[ClubPayment] = field(default_factory=list)
    """Payments sent and not confirmed yet, and disputed ones, oldest first."""
    owed_since: dict[str, datetime] = field(default_factory=dict)
    """When each party that owes began to owe what it owes now (:func:`_owed_since`)."""

    @property
    def transfers(self) -> list[Transfer]:
        return self.plan.transfers

    def overdue(self, transfer: Transfer, now: datetime) -> bool:
        """The payer has owed it longer than the club's grace period (0: never overdue)."""
        grace = self.club.payment_grace_days
        since = self.owed_since.get(transfer.payer)
        return bool(grace) and since is not None and (now - since).days >= grace

    def names(self) -> dict[str, str]:
        return {p.key: p.name for p in self.parties}

    def user_ids(self, key: str) -> list[int]:
        """The members who may act for a party: the member, or everyone in the group."""
        return self._actors.get(key, [])

    @cached_property
    def _actors(self) -> dict[str, list[int]]:
        return {p.key: p.actors for p in self.parties}


def book(club: Club) -> Book:
    """The club's money book now: balances, parties and the transfers that settle them."""
    members: dict[str, Member] = {}
    # Translators: the party that keeps the rake, in a settlement.
    house = Member(HOUSE, _("The house"))

    def member(user_id: int) -> Member:
        key = user_key(user_id)
        if key not in members:
            members[key] = Member(key, "", user_id)
        return members[key]

    def guest(name: str) -> Member:
        key = guest_key(name)
        if key not in members:
            members[key] = Member(key, guest_name(name), member=False)
        return members[key]

    # closed sessions from their summary (they never change); the tables still open from
    # their ledger. A game at a real table counts once its bank is closed: until then its
    # chips are on a real table nobody here can count (tables.money.actions.bank)
    closed = (
        SessionNet.objects.filter(club=club)
        .values("user_id", "guest")
        .annotate(total=Sum("net"))
        .order_by()
    )
    for row in closed:
        if row["user_id"] is not None:
            who = member(row["user_id"])
            who.net += row["total"]
            who.closed += row["total"]
        elif row["guest"]:
            guest(row["guest"]).net += row["total"]
        else:
            house.net += row["total"]
    counted = LedgerEntry.objects.filter(
        table__club=club, table__in_person=False, table__tournament__isnull=True
    ).exclude(table__status=Table.Status.CLOSED)
    totals = counted.values("user_id", "guest", "kind").annotate(total=Sum("amount")).order_by()
    for row in totals:
        kind, total = row["kind"], row["total"]
        if kind in LedgerEntry.HOUSE_GAINS:  # the rake, chips a host took off
            house.net += total
            continue
        if kind in LedgerEntry.HOUSE_PAYS:  # chips a host added
            house.net -= total
            continue
        who = member(row["user_id"]) if row["user_id"] is not None else guest(row["guest"])
        if kind in (LedgerEntry.Kind.BUY_IN, LedgerEntry.Kind.TOP_UP):
            who.net -= total
        elif kind == LedgerEntry.Kind.CASH_OUT:
            who.net += total
        # R22 bounties are inside the stacks already: not counted again
    # a tournament's chips are not money: its result comes in when it ends (SessionNet)
    on_tables = (
        Seat.objects.filter(table__club=club, user__isnull=False, table__tournament__isnull=True)
        .exclude(table__status=Table.Status.CLOSED)
        .values("user_id")
        .annotate(total=Sum("stack"))
        .order_by()
    )
    for seated in on_tables:
        member(seated["user_id"]).net += seated["total"] or 0
    # a pot of poker all'italiana in the middle is nobody's stack: counted as the close
    # would give it back (R35.5), so the book's nets still add up
    carrying = Table.objects.filter(club=club, tournament__isnull=True).exclude(
        status=Table.Status.CLOSED
    )
    for table in carrying.exclude(carried_pot={}).only("carried_pot"):
        for user_id, chips in table.carried_shares():
            member(user_id).net += chips

    everyone = {**members, HOUSE: house}
    group_payments: dict[str, list[int]] = defaultdict(lambda: [0, 0])

    def count(payer: str, payee: str, amount: int, confirmed: bool) -> None:
        for key, sign in ((payer, 1), (payee, -1)):
            if key.startswith("group:"):
                group_payments[key][0 if sign > 0 else 1] += amount
                continue
            party = everyone.get(key)
            if party is None and key.startswith("user:"):
                party = everyone[key] = member(int(key.split(":", 1)[1]))
            if party is None:
                continue  # a payment to a party the club's nets no longer hold
            if sign > 0:
                party.paid += amount
            else:
                party.received += amount
            if not confirmed:
                party.pending += sign * amount

    session_marks = TransferPaid.objects.filter(table__club=club, status__in=COUNTED).values_list(
        "payer", "payee", "amount", "status"
    )
    for payer, payee, amount, status in session_marks:
        count(payer, payee, amount, status == TransferPaid.Status.CONFIRMED)
    payments = list(ClubPayment.objects.filter(club=club).select_related("marked_by"))
    for p in payments:
        if p.status in COUNTED:
            count(p.payer, p.payee, p.amount, p.status == ClubPayment.Status.CONFIRMED)

    ids = [m.user_id for m in members.values() if m.user_id is not None]
    names = {u.pk: str(u) for u in User.objects.filter(pk__in=ids).only("display_name", "email")}
    roles = dict(
        Membership.objects.filter(club=club, user_id__in=ids).values_list("user_id", "role")
    )
    for m in members.values():
        if m.user_id is not None:
            m.name = names.get(m.user_id, "?")
            if roles.get(m.user_id) == Role.GUEST:  # a guest of the club: never taken for a member
                m.name = guest_name(m.name)
            m.member = m.user_id in roles

    groups = {g.pk: g for g in SettleGroup.objects.filter(club=club)}
    grouped: dict[int, list[Member]] = defaultdict(list)
    actors: dict[int, list[int]] = defaultdict(list)
    in_group: set[str] = set()
    for group_id, user_id in SettleGroupMember.objects.filter(club=club).values_list(
        "group_id", "user_id"
    ):
        actors[group_id].append(user_id)
        if user_key(user_id) in members:  # a member with no money in the club adds nothing
            grouped[group_id].append(members[user_key(user_id)])
            in_group.add(user_key(user_id))
    parties: list[Party] = []
    for group_id, group in groups.items():
        key = group_key(group_id)
        made, got = group_payments.get(key, (0, 0))
        ordered = sorted(grouped[group_id], key=_by_name)
        parties.append(Party(key, group.name, ordered, sorted(actors[group_id]), made, got))
    for m in members.values():
        if m.key not in in_group:
            parties.append(Party(m.key, m.name, [m], [m.user_id] if m.user_id else []))
    if house.net or house.paid or house.received:
        parties.append(Party(HOUSE, house.name, [house], []))
    listed = sorted(members.values(), key=_by_name) + ([house] if house.net else [])
    result = Book(club, listed, parties)
    opens = {p.key: p.open for p in parties if p.open}
    result.plan = settle(opens)
    result.waiting = [p for p in payments if p.status != ClubPayment.Status.CONFIRMED]
    result.owed_since = _owed_since(club, [p for p in parties if p.open < 0])
    return result


def _owed_since(club: Club, debtors: list[Party]) -> dict[str, datetime]:
    """When each debtor's open debt began (one query, whatever the number of sessions):
    payments settle the oldest losses first, so what is still owed is the newest losses.
    Going back from a party's newest closed session, the debt dates from the session whose
    net, added to the newer ones', first covers it (or from its first session, if none
    does); a debt from a game still on has no date yet.

    For one member that session is the newest whose running total before it
    (``SessionNet.earlier``) is at least their closed total plus the debt: an indexed
    lookup. A settle-with group has no running total of its own; its members' nets are
    walked per session in the database (groups are a few members each)."""
    alone = [p for p in debtors if p.key.startswith("user:")]
    grouped = [
        (m.user_id, p) for p in debtors if p.key.startswith("group:") for m in p.members
        if m.user_id is not None
    ]  # fmt: skip
    if not alone and not grouped:
        return {}
    keys = [p.key for p in debtors]
    numbers = {key: k for k, key in enumerate(keys)}  # numbers sort faster than text keys
    nets = SessionNet._meta.db_table
    ctes: list[str] = []
    selects: list[str] = []
    params: list[Any] = []
    if alone:
        firsts = [p.members[0] for p in alone]
        sql, values = _rows(
            [m.user_id for m in firsts],
            [numbers[p.key] for p in alone],
            [m.closed - p.open for m, p in zip(firsts, alone, strict=True)],
        )
        ctes.append(f"debtor (user_id, party, mark) AS ({sql})")
        params += values
        selects.append(f"""
            SELECT d.party,
                (SELECT n.ended_at FROM {nets} n
                 WHERE n.club_id = %s AND n.user_id = d.user_id AND n.earlier >= d.mark
                 ORDER BY n.ended_at DESC, n.table_id DESC LIMIT 1),
                (SELECT n.ended_at FROM {nets} n WHERE n.club_id = %s AND n.user_id = d.user_id
                 ORDER BY n.ended_at, n.table_id LIMIT 1)
            FROM debtor d""")
    if grouped:
        sql, values = _rows(
            [user_id for user_id, _ in grouped],
            [numbers[p.key] for _, p in grouped],
            [-p.open for _, p in grouped],
        )
        ctes.append(f"""gdebtor (user_id, party, owed) AS ({sql}),
            per AS (
                SELECT d.party AS party, MAX(d.owed) AS owed,
                       COALESCE(n.table_id, -n.tournament_id) AS tid,
                       SUM(n.net) AS net, MAX(n.ended_at) AS ended
                FROM {nets} n JOIN gdebtor d ON d.user_id = n.user_id
                WHERE n.club_id = %s
                GROUP BY d.party, COALESCE(n.table_id, -n.tournament_id)
            ), walked AS (
                SELECT party, owed, ended,
                       -SUM(net) OVER (PARTITION BY party ORDER BY ended DESC, tid DESC
                                       ROWS UNBOUNDED PRECEDING) AS covered
                FROM per
            )""")
        params += [*values, club.pk]
        selects.append(
            "SELECT party, MAX(CASE WHEN covered >= owed THEN ended END), MIN(ended) "
            "FROM walked GROUP BY party"
        )
    if alone:
        params += [club.pk, club.pk]  # the first select's, after every CTE's
    sql = f"WITH {', '.join(ctes)} {' UNION ALL '.join(selects)}"
    since: dict[str, datetime] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for number, covered_at, first in cursor.fetchall():
            when = covered_at or first
            if isinstance(when, str):  # SQLite gives text
                when = parse_datetime(when)
            if when is not None:
                aware = when if timezone.is_aware(when) else timezone.make_aware(when, UTC)
                since[keys[number]] = aware
    return since


def _rows(*columns: list[Any]) -> tuple[str, list[Any]]:
    """Rows of integers for a query: on PostgreSQL one array parameter per column (a few
    hundred rows of ``VALUES`` placeholders cost the driver more to parse than the query
    costs to run), elsewhere ``VALUES``."""
    if connection.vendor == "postgresql":
        arrays = ", ".join(["CAST(%s AS BIGINT[])"] * len(columns))
        return f"SELECT * FROM unnest({arrays})", [list(c) for c in columns]
    row = "(" + ", ".join(["CAST(%s AS BIGINT)"] * len(columns)) + ")"
    return "VALUES " + ", ".join([row] * len(columns[0])), [
        v for r in zip(*columns, strict=True) for v in r
    ]


def _by_name(m: Member) -> tuple[str, str]:
    return (m.name.lower(), m.key)


# --------------------------------------------------------------------------- marking


def _may_act(book_now: Book, key: str, user_id: int) -> bool:
    return user_id in book_now.user_ids(key)


def party_transfer_marks(
    book_now: Book, transfer: Transfer, user_id: int, is_host: bool
) -> set[str]:
    """What ``user_id`` may do to a suggested transfer of the book, as for a session's
    (:func:`settlement.allowed_marks`): the payer says it is sent, the payee that it
    arrived, a host that it is paid; a group's members act for the group."""
    allowed: set[str] = {"paid"} if is_host else set()
    if _may_act(book_now, transfer.payer, user_id):
        allowed.add("sent")
    if _may_act(book_now, transfer.payee, user_id):
        allowed.add("received")
    return allowed


def payment_ops(book_now: Book, payment: ClubPayment, user_id: int, is_host: bool) -> set[str]:
    """What ``user_id`` may do to a payment waiting for confirmation or disputed: the payee
    confirms it (``received``) or says it has not arrived (``dispute``), the payer takes it
    back (``withdraw``), a host confirms it (``paid``) or removes it (``clear``)."""
    allowed: set[str] = set()
    if payment.status == ClubPayment.Status.CONFIRMED:
        return {"clear"} if is_host else set()
    if _may_act(book_now, payment.payee, user_id):
        allowed |= {"received"}
        if payment.status == ClubPayment.Status.MARKED:
            allowed |= {"dispute"}
    if _may_act(book_now, payment.payer, user_id):
        allowed |= {"withdraw"}
    if is_host:
        allowed |= {"paid", "clear"}
    return allowed


__all__ = [
    "Book",
    "Member",
    "Party",
    "book",
    "group_key",
    "party_transfer_marks",
    "payment_ops",
]
