"""Sessions, nets and settlement: who owes whom after a game.

A session is one table, from its first buy-in to its close (a home game opens a table for
the night). For each player: bought in (buy-ins and top-ups), cashed out, still on the table
(a player still seated counts their stack as if cashed out now), and the net. The rake goes
to "the house". Chips are conserved (DESIGN invariant 2), so the nets and the rake always
sum to zero. The transfers that settle the nets are :mod:`.fewest_transfers`' (pure), kept
and searched further by :mod:`.plans`; the marks on them ("I paid", "Received") are here.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Sum
from django.utils.translation import gettext as _

from pokerclub.models import Membership, Role
from tables.money.fewest_transfers import Plan, Transfer
from tables.money.models import LedgerEntry, TransferPaid
from tables.money.plans import settle
from tables.play.models import Seat, Table

HOUSE = "house"


def user_key(user_id: int) -> str:
    return f"user:{user_id}"


def guest_name(name: str) -> str:
    """A guest's name as a settlement shows it: an imported game's nickname, or a guest of
    the club (a friend from a table's link or the banker's list), never taken for a member."""
    # Translators: a player who is not a member of the club (a guest, or a name from an
    # imported game).
    return _("%(name)s (guest)") % {"name": name}


def guest_key(name: str) -> str:
    """A guest of an imported session: a name, not a member (``LedgerEntry.guest``)."""
    return f"guest:{name}"


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
    bounty: int = 0
    """R22: the 7-2 bounties won minus paid, shown beside the net: it is inside the stacks
    already, so it is part of ``net`` and never added to it."""

    @property
    def net(self) -> int:
        if self.key == HOUSE:
            return self.rake
        return self.cashed_out + self.on_table - self.bought_in


@dataclass
class Session:
    table: Table
    lines: list[SessionLine]
    plan: Plan = field(default_factory=lambda: Plan([]))
    """Its settlement; while ``plan.searching`` the transfers may change, so they take no
    marks yet."""
    marks: dict[tuple[str, str, int], str] = field(default_factory=dict)
    """(payer, payee, amount) -> the transfer's mark (``TransferPaid.Status``)."""
    counting: bool = False
    """A game at a real table whose bank is still open: no settlement yet."""

    @property
    def transfers(self) -> list[Transfer]:
        return self.plan.transfers

    @property
    def fewest(self) -> bool:
        return self.plan.fewest

    @property
    def searching(self) -> bool:
        return self.plan.searching

    @property
    def total_net(self) -> int:
        return sum(line.net for line in self.lines)

    def names(self) -> dict[str, str]:
        return {line.key: line.name for line in self.lines}

    def mark(self, transfer: Transfer) -> str | None:
        """The transfer's mark: marked (by the payer), confirmed, disputed, or None."""
        return self.marks.get((transfer.payer, transfer.payee, transfer.amount))

    def is_paid(self, transfer: Transfer) -> bool:
        """Paid as far as the settlement goes: confirmed by the payee or a host."""
        return self.mark(transfer) == TransferPaid.Status.CONFIRMED


def session(table: Table) -> Session:
    """The session of ``table``: one line per player who bought in, and the house."""
    lines: dict[str, SessionLine] = {}
    totals = (
        LedgerEntry.objects.filter(table=table)
        .values("user_id", "user__display_name", "user__email", "guest", "kind")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    # Translators: the party that keeps the rake, in a settlement.
    house = SessionLine(HOUSE, _("The house"))
    guests = set(
        Membership.objects.filter(club_id=table.club_id, role=Role.GUEST).values_list(
            "user_id", flat=True
        )
    )
    for row in totals:
        if row["kind"] in LedgerEntry.HOUSE_GAINS:  # the rake, chips a host took off
            house.rake += row["total"]
            continue
        if row["kind"] in LedgerEntry.HOUSE_PAYS:  # chips a host added: the house's
            house.rake -= row["total"]
            continue
        uid = row["user_id"]
        if uid is None:  # an imported session's guest
            key = guest_key(row["guest"])
            line = lines.setdefault(key, SessionLine(key, guest_name(row["guest"])))
        else:
            name = row["user__display_name"] or (row["user__email"] or "").split("@")[0]
            if uid in guests:
                name = guest_name(name)
            line = lines.setdefault(user_key(uid), SessionLine(user_key(uid), name, uid))
        if row["kind"] in (LedgerEntry.Kind.BUY_IN, LedgerEntry.Kind.TOP_UP):
            line.bought_in += row["total"]
        elif row["kind"] == LedgerEntry.Kind.CASH_OUT:
            line.cashed_out += row["total"]
        elif row["kind"] == LedgerEntry.Kind.BOUNTY_WON:
            line.bounty += row["total"]
        elif row["kind"] == LedgerEntry.Kind.BOUNTY_PAID:
            line.bounty -= row["total"]
    for seat in Seat.objects.filter(table=table).exclude(user=None).select_related("user"):
        assert seat.user_id is not None  # excluded above (the stubs cannot narrow a queryset)
        key = user_key(seat.user_id)
        name = guest_name(str(seat.user)) if seat.user_id in guests else str(seat.user)
        line = lines.setdefault(key, SessionLine(key, name, seat.user_id))
        line.on_table += seat.stack
    # a pot of poker all'italiana in the middle, as the close would give it back (R35.5):
    # its players bought in here, so each has a line
    for user_id, chips in table.carried_shares():
        lines[user_key(user_id)].on_table += chips
    ordered = sorted(lines.values(), key=lambda line: (-line.net, line.name.lower()))
    if house.rake:
        ordered.append(house)
    result = Session(table, ordered)
    if table.in_person and table.status != Table.Status.CLOSED:
        result.counting = True  # the bank is open: settled once its chips count
        return result
    result.marks = {
        (payer, payee, amount): status
        for payer, payee, amount, status in TransferPaid.objects.filter(table=table).values_list(
            "payer", "payee", "amount", "status"
        )
    }
    # marks made before this session's plan was kept keep the plan they were made on
    result.plan = settle({line.key: line.net for line in ordered}, marked=bool(result.marks))
    return result


def allowed_marks(transfer: Transfer, user_id: int, is_host: bool, mark: str | None) -> set[str]:
    """What ``user_id`` may do to a transfer whose mark is ``mark``: the payer says they
    sent it (and may take that back until it is confirmed), the payee confirms or disputes,
    a host marks it paid or clears it."""
    me = user_key(user_id)
    allowed: set[str] = set()
    if is_host:
        allowed |= {"paid", "unpaid"}
    if transfer.payer == me and mark != TransferPaid.Status.CONFIRMED:
        allowed |= {"sent"} if mark != TransferPaid.Status.MARKED else {"unpaid"}
    if transfer.payee == me:
        if mark != TransferPaid.Status.CONFIRMED:
            allowed |= {"received"}
        if mark == TransferPaid.Status.MARKED:
            allowed |= {"dispute"}
    return allowed


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
    # an open game at a real table is listed from its start, before anyone bought in
    started = Table.objects.filter(club=club, in_person=True).exclude(status=Table.Status.CLOSED)
    tables = (Table.objects.filter(pk__in=list(rows)) | started).order_by("-created_at", "-pk")
    return [{"table": t, **rows[t.pk]} for t in tables]
