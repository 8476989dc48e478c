"""A night as an iCalendar event (RFC 5545, the ``icalendar`` library), for the night's
``.ics`` download: calendar apps import it, and a night's later news keeps the same UID
with a higher SEQUENCE (its version), so a re-imported file updates the event."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from icalendar import Calendar, Event

from tables.nights.models import GameNight

LENGTH = timedelta(hours=4)
"""How long a night is written as: a home game's evening."""

STATUS = {
    GameNight.Status.PLANNED: "TENTATIVE",
    GameNight.Status.CONFIRMED: "CONFIRMED",
    GameNight.Status.CALLED_OFF: "CANCELLED",
    GameNight.Status.CANCELLED: "CANCELLED",
}


def event(night: GameNight) -> Event:
    item = Event()
    item.add("uid", f"night-{night.pk}@pokerclub")
    item.add("dtstamp", night.created_at)
    item.add("dtstart", night.starts_at)
    item.add("dtend", night.starts_at + LENGTH)
    item.add("summary", f"{night.title} · {night.club.name}")
    if night.place:
        item.add("location", night.place)
    item.add("description", night.note)
    item.add("status", STATUS[GameNight.Status(night.status)])
    item.add("sequence", night.version)
    item.add("url", settings.SITE_URL + night.get_absolute_url())
    return item


def calendar(nights: list[GameNight]) -> bytes:
    cal = Calendar()
    cal.add("prodid", "-//Pokerclub//game nights//EN")
    cal.add("version", "2.0")
    for night in nights:
        cal.add_component(event(night))
    return bytes(cal.to_ical())
