"""``{% upcoming_nights club user %}``: the club's next game nights and the reader's answer,
on the club's page (whose view, in ``tables.play``, cannot import ``tables.nights``, which is
built on it: the page asks for this block by name instead)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from tables.nights.models import Answer, GameNight

register = template.Library()


@register.inclusion_tag("nights/_upcoming.html")
def upcoming_nights(club: Any, user: Any) -> dict[str, Any]:
    nights = list(
        GameNight.objects.filter(
            club=club,
            starts_at__gte=timezone.now(),
            status__in=(GameNight.Status.PLANNED, GameNight.Status.CONFIRMED),
        ).order_by("starts_at", "pk")[:3]
    )
    mine = dict(Answer.objects.filter(night__in=nights, user=user).values_list("night_id", "reply"))
    for night in nights:
        night.my_reply = mine.get(night.pk)  # type: ignore[attr-defined]
    return {"nights": nights, "club": club}
