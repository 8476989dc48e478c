"""``{% load numbers %}``: counts as the reader's language writes them, thousands grouped
(``{{ 12500|chips }}``: "12,500" in English, "12.500" in Italian), the way amounts are
written everywhere else (:func:`pokerclub.amounts.format_amount`)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

from pokerclub.amounts import format_amount

register = template.Library()


@register.filter
def chips(value: Any) -> str:
    """A whole number of chips in the page's language; anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "" if value is None else str(value)
    return format_amount(value, places=0, language=get_language() or "en")
