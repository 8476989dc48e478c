"""Reminder mails for overdue payments: a member who allows them (their profile's
"Mail me when a payment I owe is overdue") gets one mail per club and grace period listing
what they owe there (the club's settlement, :mod:`tables.money.balances`), with the payees' payment
details. ``manage.py send_payment_reminders`` sends them; run it daily (docs/deploy.md)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import timezone

from pokerclub.models import Club, User
from tables.money import balances
from tables.money.models import PaymentReminder


def due_reminders(club: Club, now: datetime) -> dict[int, list[str]]:
    """{user id: lines} of the members to remind now: each overdue transfer their party
    pays, for those who allow reminders and were not reminded within the grace period."""
    grace = club.payment_grace_days
    if not grace:
        return {}
    book = balances.book(club)
    names = book.names()
    lines: dict[int, list[str]] = {}
    for t in book.transfers:
        if not book.overdue(t, now):
            continue
        since = book.owed_since[t.payer]
        text = (
            f"{names.get(t.payer, t.payer)} pays {names.get(t.payee, t.payee)} "
            f"{club.format_amount(t.amount)} (owed since {since:%d %b %Y})"
        )
        for user_id in book.user_ids(t.payer):
            lines.setdefault(user_id, []).append(text)
    if not lines:
        return {}
    allowed = set(
        User.objects.filter(pk__in=list(lines), payment_reminders=True).values_list("pk", flat=True)
    )
    recent = set(
        PaymentReminder.objects.filter(
            club=club, user_id__in=list(lines), sent_at__gt=now - timedelta(days=grace)
        ).values_list("user_id", flat=True)
    )
    return {uid: text for uid, text in lines.items() if uid in allowed and uid not in recent}


def send_reminders(now: datetime | None = None, base_url: str = "") -> int:
    """Mail every member due a reminder in every club; the number of mails sent."""
    now = now or timezone.now()
    sent = 0
    for club in Club.objects.filter(payment_grace_days__gt=0):
        due = due_reminders(club, now)
        if not due:
            continue
        link = base_url + reverse("history:money", args=[club.slug])
        for user in User.objects.filter(pk__in=list(due)):
            body = (
                f"In {club.name}, these payments are overdue:\n\n"
                + "\n".join(f"- {line}" for line in due[user.pk])
                + f"\n\nWho owes whom, and how each payee likes to be paid: {link}\n"
                'You get this mail because your profile asks for it; untick "Mail me when a '
                'payment I owe is overdue" there to stop.\n'
            )
            send_mail(
                f"{club.name}: a payment you owe is overdue",
                body,
                settings.DEFAULT_FROM_EMAIL,
                [user.email],
            )
            PaymentReminder.objects.create(club=club, user=user, sent_at=now)
            sent += 1
    return sent
