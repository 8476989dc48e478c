"""Reminder mails for overdue payments: a member who allows them (their profile's
"Mail me when a payment I owe is overdue") gets one mail per club and grace period listing
what they owe there (the club's settlement, :mod:`tables.money.balances`), with the payees' payment
details, in their own language and time zone. ``manage.py send_payment_reminders`` sends
them; run it daily (docs/deploy.md)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from pokerclub.language import as_read_by
from pokerclub.models import Club, User
from tables.money import balances
from tables.money.fewest_transfers import Transfer
from tables.money.models import PaymentReminder


def due_reminders(club: Club, book: balances.Book, now: datetime) -> dict[int, list[Transfer]]:
    """{user id: transfers} of the members to remind now (``book`` is the club's): each
    overdue transfer their party pays, for those who allow reminders and were not reminded
    within the grace period."""
    grace = club.payment_grace_days
    if not grace:
        return {}
    owed: dict[int, list[Transfer]] = {}
    for t in book.transfers:
        if not book.overdue(t, now):
            continue
        for user_id in book.user_ids(t.payer):
            owed.setdefault(user_id, []).append(t)
    if not owed:
        return {}
    allowed = set(
        User.objects.filter(pk__in=list(owed), payment_reminders=True).values_list("pk", flat=True)
    )
    recent = set(
        PaymentReminder.objects.filter(
            club=club, user_id__in=list(owed), sent_at__gt=now - timedelta(days=grace)
        ).values_list("user_id", flat=True)
    )
    return {uid: due for uid, due in owed.items() if uid in allowed and uid not in recent}


def reminder(
    club: Club, book: balances.Book, transfers: list[Transfer], link: str
) -> tuple[str, str]:
    """The mail's subject and body, in the active language and time zone (``book`` read in
    that language: the house's and guests' names are in it)."""
    names = book.names()
    lines = []
    for t in transfers:
        since = formats.date_format(timezone.localtime(book.owed_since[t.payer]), "d M Y")
        lines.append(
            "- "
            # Translators: a line of a payment reminder mail: "Ben pays Ann €20.00 (owed
            # since 05 Dec 2026)".
            + _("%(payer)s pays %(payee)s %(amount)s (owed since %(since)s)")
            % {
                "payer": names.get(t.payer, t.payer),
                "payee": names.get(t.payee, t.payee),
                "amount": club.format_amount(t.amount),
                "since": since,
            }
        )
    body = (
        _("In %(club)s, these payments are overdue:") % {"club": club.name}
        + "\n\n"
        + "\n".join(lines)
        + "\n\n"
        + _("Who owes whom, and how each payee likes to be paid: %(link)s") % {"link": link}
        + "\n"
        + _(
            'You get this mail because your profile asks for it; untick "Mail me when a '
            'payment I owe is overdue" there to stop.'
        )
        + "\n"
    )
    subject = _("%(club)s: a payment you owe is overdue") % {"club": club.name}
    return subject, body


def send_reminders(now: datetime | None = None, base_url: str = "") -> int:
    """Mail every member due a reminder in every club, each in their language and time
    zone; the number of mails sent."""
    now = now or timezone.now()
    sent = 0
    for club in Club.objects.filter(payment_grace_days__gt=0):
        books = {translation.get_language(): balances.book(club)}
        due = due_reminders(club, next(iter(books.values())), now)
        if not due:
            continue
        link = base_url + reverse("history:money", args=[club.slug])
        # a guest without an e-mail address gets no mail (their page shows what they owe)
        for user in User.objects.filter(pk__in=list(due), email__isnull=False):
            with as_read_by(user, club.zone) as language:
                if language not in books:
                    books[language] = balances.book(club)
                subject, body = reminder(club, books[language], due[user.pk], link)
            assert user.email is not None  # filtered above
            send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
            PaymentReminder.objects.create(club=club, user=user, sent_at=now)
            sent += 1
    return sent
