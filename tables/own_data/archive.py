"""Everything the site keeps about one person, as one ZIP archive (GDPR's right of access and
to data portability): machine-readable files (JSON, and the hands also as PHH and as
PokerStars text, which trackers read), and a README that says what each file holds.

Each hand is written as that person saw it at the table (``Viewer(user)``): their own hole
cards and the cards that were shown, never another player's hidden cards (DESIGN invariant
1). Amounts are integers in each club's smallest unit, as in every export, with the club's
format named beside each club.

The archive is built in a temporary file (spilled to disk past a few megabytes), so a
history of many thousands of hands never sits in memory: the hands stream into it a chunk
at a time (:func:`tables.hands.exports.stream`).
"""

from __future__ import annotations

import json
import tempfile
import zipfile
from datetime import datetime
from typing import IO, Any

from django.utils import timezone
from django.utils.translation import gettext as _

from pokerclub.models import Club, Membership, User
from tables.hands import exports
from tables.hands.exports.common import Viewer
from tables.hands.models import Hand
from tables.money import balances
from tables.money.models import ClubPayment, LedgerEntry, SessionNet, TransferPaid
from tables.money.settlement import user_key
from tables.nights.models import Answer
from tables.play.models import ChatMessage
from tables.tournaments.models import TournamentEntry

FILES = (
    "profile.json",
    "clubs.json",
    "ledger.json",
    "sessions.json",
    "payments.json",
    "tournaments.json",
    "chat.json",
    "nights.json",
    "hands.json",
    "hands.phhs",
    "hands.txt",
)


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _club(club: Club) -> dict[str, Any]:
    return {
        "slug": club.slug,
        "name": club.name,
        "amounts": {
            "format": club.amount_format,
            "currency_symbol": club.currency_symbol if club.amount_format == "currency" else "",
            "decimal_places": club.places,
        },
    }


def profile(user: User) -> dict[str, Any]:
    from allauth.account.models import EmailAddress
    from allauth.mfa.models import Authenticator

    return {
        "id": user.pk,
        "display_name": user.display_name,
        "email": user.email,
        "email_addresses": [
            {"email": a.email, "verified": a.verified, "primary": a.primary}
            for a in EmailAddress.objects.filter(user=user).order_by("pk")
        ],
        "second_factors": sorted(
            Authenticator.objects.filter(user=user).values_list("type", flat=True)
        ),
        "time_zone": user.time_zone,
        "language": user.language,
        "payment_methods": user.payment_methods,
        "payment_reminders": user.payment_reminders,
        "joined": _when(user.date_joined),
        "last_login": _when(user.last_login),
        "guest": user.is_guest,
    }


class Books(dict[int, balances.Book]):
    """Each club's money book, computed once for the whole archive (the balances and the
    payments' names both read it)."""

    def of(self, club: Club) -> balances.Book:
        if club.pk not in self:
            self[club.pk] = balances.book(club)
        return self[club.pk]


def clubs(user: User, books: Books) -> list[dict[str, Any]]:
    """Each club the person belongs to: their role, since when, and their open balance in
    the club's money book (what they are owed, positive, or owe, negative)."""
    out = []
    memberships = Membership.objects.filter(user=user).select_related("club").order_by("club__name")
    for membership in memberships:
        book = books.of(membership.club)
        mine = next((m for m in book.members if m.user_id == user.pk), None)
        out.append(
            {
                **_club(membership.club),
                "role": membership.role,
                "joined": _when(membership.joined_at),
                "banned": _when(membership.banned_at),
                "balance": {
                    "net": mine.net if mine else 0,
                    "paid": mine.paid if mine else 0,
                    "received": mine.received if mine else 0,
                    "open": mine.open if mine else 0,
                    "open_shown": membership.club.format_amount(mine.open if mine else 0),
                },
            }
        )
    return out


def ledger(user: User) -> list[dict[str, Any]]:
    lines = LedgerEntry.objects.filter(user=user).select_related("table__club")
    return [
        {
            "club": line.table.club.slug,
            "table": line.table.name,
            "table_id": line.table_id,
            "kind": line.kind,
            "amount": line.amount,
            "hand_id": line.hand_id,
            "note": line.note,
            "at": _when(line.created_at),
        }
        for line in lines.order_by("created_at", "pk")
    ]


def sessions(user: User) -> list[dict[str, Any]]:
    nets = SessionNet.objects.filter(user=user).select_related("club", "table", "tournament")
    return [
        {
            "club": net.club.slug,
            "table": net.table.name if net.table else None,
            "tournament": net.tournament.name if net.tournament else None,
            "net": net.net,
            "ended": _when(net.ended_at),
        }
        for net in nets.order_by("ended_at", "pk")
    ]


def payments(user: User, books: Books) -> list[dict[str, Any]]:
    """Payments the person made or received across sessions (the club's money book), and the
    marks on a session's transfers that they are a side of; the other side by name."""
    key = user_key(user.pk)
    out: list[dict[str, Any]] = []

    def name_of(club: Club, party: str) -> str:
        return books.of(club).names().get(party, party)

    for payment in (
        (ClubPayment.objects.filter(payer=key) | ClubPayment.objects.filter(payee=key))
        .select_related("club")
        .order_by("created_at", "pk")
    ):
        out.append(
            {
                "club": payment.club.slug,
                "kind": "club",
                "payer": name_of(payment.club, payment.payer),
                "payee": name_of(payment.club, payment.payee),
                "amount": payment.amount,
                "status": payment.status,
                "created": _when(payment.created_at),
                "marked": _when(payment.marked_at),
            }
        )
    for mark in (
        (TransferPaid.objects.filter(payer=key) | TransferPaid.objects.filter(payee=key))
        .select_related("table__club")
        .order_by("marked_at", "pk")
    ):
        club = mark.table.club
        out.append(
            {
                "club": club.slug,
                "kind": "session",
                "table": mark.table.name,
                "payer": name_of(club, mark.payer),
                "payee": name_of(club, mark.payee),
                "amount": mark.amount,
                "status": mark.status,
                "marked": _when(mark.marked_at),
            }
        )
    return out


def tournaments(user: User) -> list[dict[str, Any]]:
    entries = TournamentEntry.objects.filter(user=user).select_related("tournament__club")
    return [
        {
            "club": e.tournament.club.slug,
            "tournament": e.tournament.name,
            "entry": e.number,
            "status": e.status,
            "registered": _when(e.registered_at),
            "paid": e.paid,
            "rebuys": e.rebuys,
            "add_on": e.add_on,
            "place": e.place,
            "prize": e.prize,
        }
        for e in entries.order_by("registered_at", "pk")
    ]


def chat(user: User) -> list[dict[str, Any]]:
    lines = ChatMessage.objects.filter(user=user).select_related("table__club")
    return [
        {
            "club": line.table.club.slug,
            "table": line.table.name,
            "text": line.text,
            "at": _when(line.created_at),
        }
        for line in lines.order_by("created_at", "pk")
    ]


def nights(user: User) -> list[dict[str, Any]]:
    """The person's answers to game nights."""
    answers = Answer.objects.filter(user=user).select_related("night__club")
    return [
        {
            "club": a.night.club.slug,
            "night": a.night.title,
            "starts": _when(a.night.starts_at),
            "status": a.night.status,
            "reply": a.reply,
            "plus_one": a.plus_one,
            "waitlisted": a.waitlisted,
            "answered": _when(a.answered_at),
        }
        for a in answers.order_by("night__starts_at", "pk")
    ]


def readme(user: User, hands: int) -> str:
    lines = [
        _("Pokerclub: everything the site keeps about %(name)s, as of %(when)s.")
        % {"name": user.display_name, "when": timezone.now().isoformat(timespec="seconds")},
        "",
        _("profile.json: your account: e-mail addresses, name, zone, language, how you are paid."),
        _("clubs.json: your clubs, your role and your open balance in each."),
        _("ledger.json: every chip that went to or from a table for you."),
        _("sessions.json: your result of each closed session and tournament."),
        _("payments.json: the payments you made or received, and their marks."),
        _("tournaments.json: your tournament entries, places and prizes."),
        _("chat.json: what you wrote in the tables' chat."),
        _("nights.json: your answers to game nights."),
        _(
            "hands.json, hands.phhs, hands.txt: the %(count)s hands you played as you saw "
            "them (your own cards and the cards that were shown), as JSON, PHH and "
            "PokerStars text."
        )
        % {"count": hands},
        "",
        _(
            "Amounts are whole numbers in each club's smallest unit (cents in a club that "
            "counts euros), as clubs.json says for each club. Times are in UTC (ISO 8601)."
        ),
    ]
    return "\n".join(lines) + "\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def build(user: User) -> IO[bytes]:
    """The whole archive of ``user``, as a file positioned at its start."""
    out = tempfile.SpooledTemporaryFile(max_size=8 * 1024 * 1024)  # noqa: SIM115 - returned
    played = Hand.objects.filter(participants__user=user)
    count = exports.finished_hands(played).count()
    viewer = Viewer(user.pk)
    books = Books()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("README.txt", readme(user, count))
        for name, value in (
            ("profile.json", profile(user)),
            ("clubs.json", clubs(user, books)),
            ("ledger.json", ledger(user)),
            ("sessions.json", sessions(user)),
            ("payments.json", payments(user, books)),
            ("tournaments.json", tournaments(user)),
            ("chat.json", chat(user)),
            ("nights.json", nights(user)),
        ):
            archive.writestr(name, _json(value))
        for name, fmt in (
            ("hands.json", "json"),
            ("hands.phhs", "phh"),
            ("hands.txt", "pokerstars"),
        ):
            with archive.open(name, "w") as entry:
                for piece in exports.stream(played, fmt, viewer):
                    entry.write(piece.encode("utf-8"))
    out.seek(0)
    return out
