"""In-person sessions: a game played at a real table, whose money a banker (a host) records
on a phone: buy-ins, rebuys and cash-outs, in the same ledger as the online tables, so the
session's settlement, the club's balances (:mod:`tables.money.balances`) and the CSVs cover it.

A session is a :class:`~tables.play.models.Table` with ``in_person`` set: no seats, no hands.
It closes only when its chips count: the cash-outs and the bought-in chips must be equal,
or the difference is assigned first, to a member (chips missing: a cash-out the banker did
not write down; chips too many: a buy-in) or, when chips are missing, to the house.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _

from pokerclub import access
from pokerclub import actions as club_actions
from pokerclub.error_codes import ClubError
from pokerclub.models import Club, Membership
from pokerclub.text import problem_in, refusal
from tables.money.actions.sessions import record_nets
from tables.money.error_codes import MoneyError, MoneyErrorCode
from tables.money.models import LedgerEntry
from tables.play.models import Table

KINDS = {
    "buy_in": LedgerEntry.Kind.BUY_IN,
    "rebuy": LedgerEntry.Kind.TOP_UP,
    "cash_out": LedgerEntry.Kind.CASH_OUT,
}
MAX_AMOUNT = 10**12


def _host(actor: Any, club: Club) -> None:
    if not access.is_host(actor, club):
        raise MoneyError(
            MoneyErrorCode.NOT_ALLOWED, _("Only the club's owner or a host keeps the bank.")
        )


def check_name(name: str) -> None:
    """A name money keeps (a bank session's, a group's) is text (``pokerclub.text``)."""
    problem = problem_in(name, name=True)
    if problem:
        raise MoneyError(MoneyErrorCode.BAD_FIELD, refusal(problem, "name"))


def _open_session(actor: Any, table_id: int, club: Club) -> Table:
    _host(actor, club)
    table = Table.objects.select_for_update().filter(pk=table_id, club=club, in_person=True).first()
    if table is None:
        raise MoneyError(MoneyErrorCode.NO_SUCH_SESSION, _("There is no such in-person session."))
    if table.status == Table.Status.CLOSED:
        raise MoneyError(MoneyErrorCode.SESSION_CLOSED, _("This session is closed."))
    return table


@transaction.atomic
def open_session(actor: Any, club: Club, name: str) -> Table:
    """A host starts recording a game played at a real table."""
    _host(actor, club)
    # Translators: the name of a game at a real table when its host gives none.
    name = " ".join(str(name).split())[:60] or _("Home game")
    check_name(name)
    return Table.objects.create(club=club, name=name, created_by=actor, in_person=True)


@transaction.atomic
def record(
    actor: Any,
    club: Club,
    table_id: int,
    user_id: int,
    kind: str,
    amount: int,
    friend: str = "",
) -> LedgerEntry:
    """One line of the bank: ``kind`` (buy_in, rebuy, cash_out) of ``amount`` for a member
    or a guest of the club, or for a ``friend`` written down by name (a guest without a
    login, made or found by ``pokerclub.actions.add_guest``, in this transaction)."""
    table = _open_session(actor, table_id, club)
    if kind not in KINDS:
        raise MoneyError(MoneyErrorCode.BAD_FIELD, _("Choose a buy-in, a rebuy or a cash-out."))
    if type(amount) is not int or not 0 < amount <= MAX_AMOUNT:
        raise MoneyError(MoneyErrorCode.BAD_FIELD, _("The amount must be more than zero."))
    if friend.strip():
        try:
            user_id = club_actions.add_guest(actor, club, friend).user_id
        except ClubError as error:
            raise MoneyError(MoneyErrorCode.BAD_FIELD, error.message) from None
    if not Membership.objects.filter(club=club, user_id=user_id, banned_at__isnull=True).exists():
        raise MoneyError(
            MoneyErrorCode.NOT_A_MEMBER, _("Only members and guests of the club can buy in.")
        )
    if (
        KINDS[kind] != LedgerEntry.Kind.BUY_IN
        and not LedgerEntry.objects.filter(
            table=table, user_id=user_id, kind=LedgerEntry.Kind.BUY_IN
        ).exists()
    ):
        raise MoneyError(MoneyErrorCode.NOT_BOUGHT_IN, _("This player has not bought in yet."))
    return LedgerEntry.objects.create(table=table, user_id=user_id, kind=KINDS[kind], amount=amount)


@transaction.atomic
def undo(actor: Any, club: Club, table_id: int, entry_id: int) -> None:
    """Take back a line of an open session (a typo on the phone)."""
    table = _open_session(actor, table_id, club)
    deleted, _by_model = LedgerEntry.objects.filter(table=table, pk=entry_id).delete()
    if not deleted:
        raise MoneyError(MoneyErrorCode.NO_SUCH_LINE, _("There is no such line in this session."))


@dataclass(frozen=True)
class Count:
    bought_in: int
    cashed_out: int

    @property
    def difference(self) -> int:
        """Bought-in chips not cashed out (positive: chips are missing; negative: too many)."""
        return self.bought_in - self.cashed_out


def chip_count(table: Table) -> Count:
    totals = dict(
        LedgerEntry.objects.filter(table=table)
        .values_list("kind")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("kind", "total")
    )
    bought = totals.get(LedgerEntry.Kind.BUY_IN, 0) + totals.get(LedgerEntry.Kind.TOP_UP, 0)
    return Count(bought, totals.get(LedgerEntry.Kind.CASH_OUT, 0) + totals.get("rake", 0))


@transaction.atomic
def close(actor: Any, club: Club, table_id: int, assign_to: str | None = None) -> None:
    """Close the session once its chips count; a difference must be assigned (``assign_to``:
    ``"user:<id>"`` of a member who bought in, or ``"house"`` for missing chips)."""
    table = _open_session(actor, table_id, club)
    count = chip_count(table)
    if not count.bought_in:
        raise MoneyError(
            MoneyErrorCode.CHIPS_DO_NOT_COUNT, _("Nobody has bought in: there is nothing to close.")
        )
    missing = count.difference
    if missing:
        if not assign_to:
            amount = {"amount": club.format_amount(abs(missing))}
            raise MoneyError(
                MoneyErrorCode.CHIPS_DO_NOT_COUNT,
                # Translators: %(amount)s is an amount of chips or money.
                _("The chips do not count: %(amount)s missing. Say who it goes to.") % amount
                if missing > 0
                else _("The chips do not count: %(amount)s too many. Say who it goes to.") % amount,
            )
        if assign_to == "house":
            if missing < 0:
                raise MoneyError(
                    MoneyErrorCode.CHIPS_DO_NOT_COUNT,
                    _("The house cannot take chips that are too many: give them to a player."),
                )
            LedgerEntry.objects.create(table=table, kind=LedgerEntry.Kind.RAKE, amount=missing)
        else:
            user_id = assign_to.split(":", 1)[1] if assign_to.startswith("user:") else ""
            if (
                not user_id.isdigit()
                or not LedgerEntry.objects.filter(
                    table=table, user_id=int(user_id), kind="buy_in"
                ).exists()
            ):
                raise MoneyError(
                    MoneyErrorCode.BAD_FIELD,
                    _("Give the difference to a player of this session or the house."),
                )
            kind = LedgerEntry.Kind.CASH_OUT if missing > 0 else LedgerEntry.Kind.BUY_IN
            LedgerEntry.objects.create(
                table=table, user_id=int(user_id), kind=kind, amount=abs(missing)
            )
    table.status = Table.Status.CLOSED
    table.save(update_fields=["status"])
    record_nets(table)
