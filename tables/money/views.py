"""Money pages: each session's nets and settlement with its payment marks and ledger CSV,
the club's money book (balances across sessions, "who owes whom now", the payments waiting
for confirmation, settle-with groups, the CSV downloads), the real-table bank and the
imports (:mod:`.balances` and :mod:`.settlement` hold the rules; these views only check
membership and show them)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy
from django.views.decorators.http import require_POST

from pokerclub.access import club_for_member, club_for_owner
from pokerclub.errors import Refused
from pokerclub.http import AuthenticatedHttpRequest, csv_response
from pokerclub.models import Club, Membership, User
from tables.hands.models import HandLogImport
from tables.money import balances, ledger_file, settlement
from tables.money.actions import bank as banker
from tables.money.actions import guests as guest_matching
from tables.money.actions import ledger_import, payments, sessions
from tables.money.error_codes import MoneyError, MoneyErrorCode
from tables.money.fewest_transfers import Transfer
from tables.money.models import ClubPayment, LedgerEntry, LedgerImport, SessionNet
from tables.play.models import Seat, Table
from tables.uploads import uploaded_file

LABELS = {
    "sent": gettext_lazy("I paid"),
    # Translators: a button: the payee says the payment arrived.
    "received": pgettext_lazy("payment", "Received"),
    "paid": gettext_lazy("Mark paid"),
}
PAYMENT_LABELS = {
    "received": pgettext_lazy("payment", "Received"),
    # Translators: a button: the payee says the payment has not arrived.
    "dispute": gettext_lazy("Not received"),
    # Translators: a button: the payer takes back their "I paid".
    "withdraw": gettext_lazy("Take back"),
    "paid": gettext_lazy("Mark paid"),
    "clear": gettext_lazy("Remove"),
}


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
def money_book(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    book = balances.book(club)
    now = timezone.now()
    fmt = club.format_amount
    names = book.names()
    payee_users = {
        p.key: p.actors[0] for p in book.parties if p.key.startswith("user:") and p.actors
    }
    methods = dict(
        User.objects.filter(pk__in=list(payee_users.values())).values_list("pk", "payment_methods")
    )
    transfers = [
        {
            "transfer": t,
            "payer": names.get(t.payer, t.payer),
            "payee": names.get(t.payee, t.payee),
            "amount": fmt(t.amount),
            "actions": [(op, label) for op, label in LABELS.items() if op in allowed],
            "pay_to": methods.get(payee_users.get(t.payee, 0), []),
            "overdue": book.overdue(t, now),
            "since": book.owed_since.get(t.payer),
            "mine": request.user.pk in book.user_ids(t.payer) + book.user_ids(t.payee),
        }
        for t in book.transfers
        for allowed in [balances.party_transfer_marks(book, t, request.user.pk, membership.is_host)]
    ]
    transfers.sort(key=lambda row: not row["mine"])  # the viewer's own payments first
    grace = club.payment_grace_days
    waiting = [
        {
            "payment": p,
            "payer": names.get(p.payer, p.payer),
            "payee": names.get(p.payee, p.payee),
            "amount": fmt(p.amount),
            "days": (now - p.created_at).days,
            "overdue": bool(grace) and (now - p.created_at).days >= grace,
            "actions": [
                (op, label)
                for op, label in PAYMENT_LABELS.items()
                if op in balances.payment_ops(book, p, request.user.pk, membership.is_host)
            ],
        }
        for p in book.waiting
    ]
    rows = [
        {
            "member": m,
            "net": fmt(m.net),
            "paid": fmt(m.paid) if m.paid else "",
            "received": fmt(m.received) if m.received else "",
            "open": fmt(m.open),
            "pending": fmt(abs(m.pending)) if m.pending else "",
        }
        for m in book.members
        if m.member or m.open or membership.is_owner  # left, settled: the owner still sees them
    ]
    groups = [
        {"key": p.key, "id": int(p.key.split(":")[1]), "name": p.name,
         "members": [m.name for m in p.members], "open": fmt(p.open), "open_value": p.open,
         "mine": request.user.pk in p.actors}
        for p in book.parties
        if p.key.startswith("group:")
    ]  # fmt: skip
    grouped = {uid for p in book.parties if p.key.startswith("group:") for uid in p.actors}
    candidates = (
        Membership.objects.filter(club=club).exclude(user_id__in=grouped).select_related("user")
        if membership.is_host
        else []
    )
    return render(
        request,
        "money/money.html",
        {
            "club": club,
            "membership": membership,
            "rows": rows,
            "transfers": transfers,
            "fewest": book.plan.fewest,
            "searching": book.plan.searching,
            "waiting": waiting,
            "groups": groups,
            "candidates": candidates,
            "grace": grace,
            "pay_url": reverse("history:money_pay", args=[club.slug]),
            # the owner matches a guest's names to one person (money.actions.guests)
            "matchable": guest_matching.matchable(club) if membership.is_owner else [],
            "people": Membership.objects.filter(club=club, banned_at__isnull=True)
            .select_related("user")
            .order_by("user__display_name")
            if membership.is_owner
            else [],
        },
    )


@login_required
@require_POST
def pay(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    transfer = Transfer(
        str(request.POST.get("payer", ""))[:32],
        str(request.POST.get("payee", ""))[:32],
        _int(request.POST.get("amount")) or 0,
    )
    op = request.POST.get("op", "")
    try:
        payments.pay(club, transfer, request.user, op)
    except Refused as error:
        messages.error(request, str(error))
    return redirect("history:money", slug=club.slug)


@login_required
@require_POST
def payment(request: AuthenticatedHttpRequest, slug: str, payment_id: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    try:
        payments.update_payment(club, payment_id, request.user, request.POST.get("op", ""))
    except Refused as error:
        messages.error(request, str(error))
    return redirect("history:money", slug=club.slug)


@login_required
@require_POST
def make_group(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    ids = [i for i in (_int(v) for v in request.POST.getlist("members")[:50]) if i is not None]
    try:
        payments.make_group(club, request.user, str(request.POST.get("name", "")), ids)
    except Refused as error:
        messages.error(request, str(error))
    return redirect("history:money", slug=club.slug)


@login_required
@require_POST
def end_group(request: AuthenticatedHttpRequest, slug: str, group_id: int) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    try:
        payments.dissolve_group(club, request.user, group_id)
    except Refused as error:
        messages.error(request, str(error))
    return redirect("history:money", slug=club.slug)


@login_required
def balances_csv(request: AuthenticatedHttpRequest, slug: str) -> StreamingHttpResponse:
    club, membership = club_for_member(request, slug)
    book = balances.book(club)
    fmt = club.format_amount
    header = ["member", "member_now", "net", "paid", "received", "open", "open_units"]
    body = [
        [m.name, _("yes") if m.member else _("no"), fmt(m.net), fmt(m.paid), fmt(m.received),
         fmt(m.open), m.open]
        for m in book.members
        if m.member or m.open or membership.is_owner
    ]  # fmt: skip
    return csv_response([header, *body], f"balances-{club.slug}.csv")


@login_required
def payments_csv(request: AuthenticatedHttpRequest, slug: str) -> StreamingHttpResponse:
    """The transfers that settle the book now, then every payment recorded in it."""
    club, membership = club_for_member(request, slug)
    book = balances.book(club)
    fmt = club.format_amount
    names = book.names()
    rows: list[list[Any]] = [["status", "payer", "payee", "amount", "amount_units", "since"]]
    for t in book.transfers:
        rows.append([_("to pay"), names.get(t.payer, t.payer), names.get(t.payee, t.payee),
                     fmt(t.amount), t.amount, ""])  # fmt: skip
    for p in ClubPayment.objects.filter(club=club).order_by("created_at", "pk"):
        rows.append([p.get_status_display(), names.get(p.payer, p.payer),
                     names.get(p.payee, p.payee), fmt(p.amount), p.amount,
                     p.created_at.isoformat()])  # fmt: skip
    return csv_response(rows, f"payments-{club.slug}.csv")


# --------------------------------------------------------------------------- in person


@login_required
@require_POST
def in_person_new(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    try:
        table = banker.open_session(request.user, club, str(request.POST.get("name", "")))
    except Refused as error:
        messages.error(request, str(error))
        return redirect("history:sessions", slug=club.slug)
    return redirect("history:bank", slug=club.slug, table_id=table.pk)


@login_required
def bank(request: AuthenticatedHttpRequest, slug: str, table_id: int) -> HttpResponse:
    """The banker's running form for a game at a real table (a host's phone)."""
    club, membership = club_for_member(request, slug)
    table = get_object_or_404(Table, pk=table_id, club=club, in_person=True)
    if request.method == "POST":
        op = request.POST.get("op")
        try:
            if op == "record":
                amount = club.parse_amount(str(request.POST.get("amount", "")))
                user_id = _int(request.POST.get("player"))
                entry = banker.record(request.user, club, table.pk, user_id or 0,
                                      str(request.POST.get("kind", "")), amount,
                                      friend=str(request.POST.get("friend", ""))[:200])  # fmt: skip
                # the next line is most often the same player's: keep them chosen
                return redirect(
                    reverse("history:bank", args=[club.slug, table.pk]) + f"?player={entry.user_id}"
                )
            elif op == "undo":
                banker.undo(request.user, club, table.pk, _int(request.POST.get("entry")) or 0)
            elif op == "close":
                banker.close(request.user, club, table.pk, request.POST.get("assign") or None)
                return redirect("history:session", slug=club.slug, table_id=table.pk)
            else:
                raise MoneyError(MoneyErrorCode.BAD_FIELD, _("Unknown operation."))
        except (Refused, ValueError) as error:
            messages.error(request, str(error))
        return redirect("history:bank", slug=club.slug, table_id=table.pk)
    fmt = club.format_amount
    entries = list(
        LedgerEntry.objects.filter(table=table)
        .select_related("user")
        .order_by("-created_at", "-pk")
    )
    players: dict[int, dict[str, Any]] = {}
    for e in reversed(entries):
        if e.user_id is None:
            continue
        row = players.setdefault(e.user_id, {"name": str(e.user), "key": f"user:{e.user_id}",
                                             "bought": 0, "cashed": 0})  # fmt: skip
        if e.kind == LedgerEntry.Kind.CASH_OUT:
            row["cashed"] += e.amount
        else:
            row["bought"] += e.amount
    for row in players.values():
        row["net"] = row["cashed"] - row["bought"]
        row["bought_text"], row["cashed_text"], row["net_text"] = (
            fmt(row["bought"]),
            fmt(row["cashed"]),
            fmt(row["net"]),
        )
    count = banker.chip_count(table)
    everyone = list(
        Membership.objects.filter(club=club, banned_at__isnull=True)
        .select_related("user")
        .order_by("user__display_name")
    )
    kinds = {
        "buy_in": _("Buy-in"),
        "top_up": _("Rebuy"),
        "cash_out": _("Cash-out"),
        "rake": _("The house"),
    }
    return render(
        request,
        "money/bank.html",
        {
            "club": club,
            "membership": membership,
            "table": table,
            "players": list(players.values()),
            "entries": [
                {"entry": e, "kind": kinds.get(e.kind, e.kind), "amount": fmt(e.amount)}
                for e in entries
            ],  # fmt: skip
            "members": [m for m in everyone if not m.is_guest],
            "guests": [m for m in everyone if m.is_guest],
            "chosen": _int(request.GET.get("player")),
            "bought": fmt(count.bought_in),
            "cashed": fmt(count.cashed_out),
            "difference": count.difference,
            "difference_text": fmt(abs(count.difference)),
            "open": table.status != Table.Status.CLOSED,
        },
    )


# --------------------------------------------------------------------------- import


@login_required
def import_ledger(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """The owner brings in a game's ledger CSV from the site the group used before."""
    club = club_for_owner(request, slug)
    if request.method == "POST":
        upload = uploaded_file(request, ledger_file.KIND, ledger_file.MAX_BYTES)
        if upload is not None:
            content, name = upload
            try:
                batch = ledger_import.start(
                    request.user,
                    club,
                    content,
                    name,
                    whole_units=request.POST.get("units") == "whole",
                )
            except Refused as error:
                # Translators: %(reason)s says why: a whole sentence, or where in the file and what.
                messages.error(request, _("Nothing was imported: %(reason)s") % {"reason": error})
            else:
                if batch.status == batch.Status.DONE:
                    messages.info(request, _("This file was imported already: nothing changed."))
                return redirect("history:import_match", slug=club.slug, batch_id=batch.pk)
    done = LedgerImport.objects.filter(club=club).select_related("table")[:50]
    return render(request, "money/import.html", {"club": club, "imports": done})


@login_required
def import_match(request: AuthenticatedHttpRequest, slug: str, batch_id: int) -> HttpResponse:
    club = club_for_owner(request, slug)
    batch = get_object_or_404(LedgerImport, club=club, pk=batch_id)
    if request.method == "POST":
        mapping = {
            key.removeprefix("map:"): str(value)
            for key, value in request.POST.items()
            if key.startswith("map:")
        }
        try:
            table = ledger_import.apply(request.user, club, batch.pk, mapping)
        except Refused as error:
            messages.error(request, str(error))
            return redirect("history:import_match", slug=club.slug, batch_id=batch.pk)
        messages.success(request, _("Imported as the session %(name)s.") % {"name": table.name})
        return redirect("history:session", slug=club.slug, table_id=table.pk)
    members = [
        (f"user:{m.user_id}", str(m.user))
        for m in Membership.objects.filter(club=club)
        .select_related("user")
        .order_by("user__display_name")
    ]
    fmt = club.format_amount
    rows = [
        {**r, "buy_in_text": fmt(r["buy_in"]), "out_text": fmt(r["cashed_out"]),
         "net_text": fmt(r["cashed_out"] - r["buy_in"]),
         # the file's ISO time, shown as a date and time in the reader's zone
         "start_at": datetime.fromisoformat(r["start"]) if r.get("start") else None}
        for r in batch.rows
    ]  # fmt: skip
    return render(
        request,
        "money/import_match.html",
        {
            "club": club,
            "batch": batch,
            "players": ledger_file.players(batch),
            "rows": rows,
            "members": members,
        },  # fmt: skip
    )


# --------------------------------------------------------------------------- sessions


def _session_table(
    request: AuthenticatedHttpRequest, slug: str, table_id: int
) -> tuple[Club, Membership, Table]:
    club, membership = club_for_member(request, slug)
    # a tournament's table is not a money session: its chips are the tournament's
    table = get_object_or_404(Table, pk=table_id, club=club, tournament__isnull=True)
    return club, membership, table


@login_required
def session_list(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club, membership = club_for_member(request, slug)
    found = settlement.sessions(club)
    for row in found:
        row["bought_in"] = club.format_amount(row["bought_in"])
    return render(
        request,
        "money/sessions.html",
        {"club": club, "sessions": found, "membership": membership},
    )


@login_required
def session_detail(request: AuthenticatedHttpRequest, slug: str, table_id: int) -> HttpResponse:
    club, membership, table = _session_table(request, slug, table_id)
    result = settlement.session(table)
    names = result.names()
    # how each payee likes to be paid: shown to the club's members only (this page is theirs)
    user_of = {line.key: line.user_id for line in result.lines if line.user_id is not None}
    methods = dict(
        User.objects.filter(
            pk__in=[user_of[t.payee] for t in result.transfers if t.payee in user_of]
        ).values_list("pk", "payment_methods")
    )
    transfers = [
        {
            "transfer": t,
            "payer": names.get(t.payer, t.payer),
            "payee": names.get(t.payee, t.payee),
            "amount": club.format_amount(t.amount),
            "paid": result.is_paid(t),
            "mark": result.mark(t),
            "actions": []
            if result.searching  # the transfers may still change: marks wait for them
            else _mark_buttons(
                settlement.allowed_marks(t, request.user.pk, membership.is_host, result.mark(t)),
                membership.is_host,
            ),
            "pay_to": methods.get(user_of[t.payee], []) if t.payee in user_of else [],
        }
        for t in result.transfers
    ]
    fmt = club.format_amount
    rows = [
        {
            "name": line.name,
            "bought_in": fmt(line.bought_in) if line.key != settlement.HOUSE else "",
            "cashed_out": fmt(line.cashed_out) if line.key != settlement.HOUSE else "",
            "on_table": fmt(line.on_table) if line.on_table else "",
            "net": fmt(line.net),
            "net_value": line.net,
            "bounty": (("+" if line.bounty > 0 else "") + fmt(line.bounty)) if line.bounty else "",
        }
        for line in result.lines
    ]
    return render(
        request,
        "money/session.html",
        {
            "club": club,
            "membership": membership,
            "table": table,
            "rows": rows,
            "transfers": transfers,
            "total": fmt(result.total_net),
            "has_rake": any(line.key == settlement.HOUSE for line in result.lines),
            "on_table": any(line.on_table for line in result.lines),
            "has_bounty": any(line.bounty for line in result.lines),  # R22
            # a host's stack corrections, each with its reason (the house is the other side)
            "corrections": [
                {
                    "entry": e,
                    "amount": ("+" if e.kind == LedgerEntry.Kind.ADJUST_ADD else "−")
                    + fmt(e.amount),
                }
                for e in LedgerEntry.objects.filter(
                    table=table,
                    kind__in=[LedgerEntry.Kind.ADJUST_ADD, LedgerEntry.Kind.ADJUST_REMOVE],
                ).select_related("user")
            ],
            "counting": result.counting,
            "against_book": _against_the_book(club, table, result),
            "fewest": result.fewest,
            "searching": result.searching,
            **_imported(table, membership),
        },
    )


def _against_the_book(club: Club, table: Table, result: settlement.Session) -> list[str] | None:
    """Why Who owes whom may say otherwise than this session's settlement (``None``: it
    says the same). Who owes whom settles every session of the club at once, counting the chips
    of players still at an open table as if they cashed out now; a payment marked on
    either page counts on both."""
    if result.counting or result.searching:
        return None
    book = balances.book(club)
    here = {(t.payer, t.payee, t.amount) for t in result.transfers if not result.is_paid(t)}
    if here == {(t.payer, t.payee, t.amount) for t in book.transfers}:
        return None
    reasons = []
    others = (
        SessionNet.objects.filter(club=club).exclude(table=table)
        .values_list("table_id", "tournament_id").distinct().count()
    )  # fmt: skip
    if others:
        reasons.append(
            ngettext(
                "It adds up %(count)s other session as well.",
                "It adds up %(count)s other sessions as well.",
                others,
            )
            % {"count": others}
        )
    seated = (
        Seat.objects.filter(table__club=club, table__tournament__isnull=True, user__isnull=False)
        .exclude(table__status=Table.Status.CLOSED).exclude(table=table).count()
    )  # fmt: skip
    if seated:
        reasons.append(
            ngettext(
                "%(count)s player still at a table counts their chips as if they cashed out now.",
                "%(count)s players still at a table count their chips as if they cashed out now.",
                seated,
            )
            % {"count": seated}
        )
    return reasons


def _imported(table: Table, membership: Membership) -> dict[str, Any]:
    """An imported session's hand logs, and for its owner the form to add one."""
    if not table.imported:
        return {}
    ledger = LedgerImport.objects.filter(table=table).first()
    players = (
        sorted({r["player_id"]: r["nickname"] for r in ledger.rows}.items(), key=lambda p: p[1])
        if ledger is not None
        else []
    )
    logs = list(HandLogImport.objects.filter(table=table))
    for log in logs:  # why each hand was left out, in the reader's language (not saved)
        log.skipped = log.left_out()
    return {
        "hand_logs": logs,
        "log_players": players if membership.is_owner else [],
        "may_import_log": membership.is_owner and ledger is not None,
    }


def _mark_buttons(allowed: set[str], is_host: bool) -> list[tuple[str, str]]:
    """The settlement's buttons for one transfer, in this order, as (op, label)."""
    labels = {
        "sent": _("I paid"),
        "received": pgettext("payment", "Received"),
        "dispute": _("Not received"),
        "paid": _("Mark paid"),
        "unpaid": _("Mark unpaid") if is_host else _("I have not paid yet"),
    }
    return [(op, label) for op, label in labels.items() if op in allowed]


@login_required
@require_POST
def mark_paid(request: AuthenticatedHttpRequest, slug: str, table_id: int) -> HttpResponse:
    club, membership, table = _session_table(request, slug, table_id)
    result = settlement.session(table)
    wanted = (
        request.POST.get("payer"),
        request.POST.get("payee"),
        _int(request.POST.get("amount")),
    )
    transfer = next((t for t in result.transfers if (t.payer, t.payee, t.amount) == wanted), None)
    if result.searching:
        messages.error(
            request, _("The fewest payments are still being worked out; try again soon.")
        )
        return redirect("history:session", slug=club.slug, table_id=table.pk)
    if transfer is None:
        messages.error(request, _("That payment is no longer part of the settlement."))
        return redirect("history:session", slug=club.slug, table_id=table.pk)
    op = request.POST.get("op") or ("unpaid" if request.POST.get("paid") == "0" else "paid")
    try:
        sessions.mark_paid(table, transfer, request.user, op)
    except Refused as error:
        raise PermissionDenied(str(error)) from None
    return redirect("history:session", slug=club.slug, table_id=table.pk)


@login_required
def ledger_csv(
    request: AuthenticatedHttpRequest, slug: str, table_id: int
) -> StreamingHttpResponse:
    club, membership, table = _session_table(request, slug, table_id)

    def rows() -> Iterator[list[Any]]:
        yield ["time", "table", "player", "kind", "amount", "amount_units", "hand", "note"]
        entries = (
            LedgerEntry.objects.filter(table=table)
            .select_related("user")
            .order_by("created_at", "pk")
        )
        for e in entries.iterator(chunk_size=1000):
            yield [
                e.created_at.isoformat(),
                table.name,
                str(e.user) if e.user else (e.guest or _("The house")),
                e.kind,
                club.format_amount(e.amount),
                e.amount,
                e.hand_id or "",
                e.note,  # a host's reason for a stack correction
            ]

    return csv_response(rows(), f"ledger-{club.slug}-{table.pk}.csv")


@login_required
@require_POST
def match_guest(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """The owner matches a guest's name to the person they are (``money.actions.guests``)."""
    club, membership = club_for_member(request, slug)
    try:
        moved = guest_matching.match(
            request.user, club, request.POST.get("source"), _int(request.POST.get("into"))
        )
    except MoneyError as error:
        if error.code == MoneyErrorCode.NOT_ALLOWED and not membership.is_owner:
            raise PermissionDenied(error.message) from error
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            ngettext(
                "Matched: %(count)d line is now theirs.",
                "Matched: %(count)d lines are now theirs.",
                moved,
            )
            % {"count": moved},
        )
    return redirect("history:money", slug=club.slug)
