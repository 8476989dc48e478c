"""Amounts people type, read exactly as they meant them in their language, or refused with a
message: never guessed (DESIGN invariant 6).

One parser for every place money or chips are typed (the banker, buy-ins and top-ups, the
table and tournament forms, payments): :func:`parse_amount`. The language decides which
mark separates the decimals and which groups the thousands: Italian writes ``1.234,50``,
English ``1,234.50``. A club's ``places`` (0 for chips) decide whether decimals exist at all:

>>> parse_amount("20,50", places=2, language="it")
2050
>>> parse_amount("1.500", places=0, language="it")
1500
>>> parse_amount("€ 1,020.50", places=2, language="en", symbol="€")
102050
>>> parse_amount("20,50", places=0, language="it")
Traceback (most recent call last):
...
pokerclub.amounts.AmountError: This club counts whole chips: write 20, not 20,50.

:func:`format_amount` writes an amount the way :func:`parse_amount` reads it back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

MAX_DIGITS = 15
"""Longer than any pot or ledger: 10**15 of a club's smallest unit."""

SPACES = re.compile(r"[\s\u00a0\u202f\u2009\u2007']")
"""What may stand between groups of digits or around a symbol: spaces of every width (a
normal, a non-breaking, a narrow no-break one) and the Swiss apostrophe; they are dropped."""


@dataclass(frozen=True)
class Separators:
    decimal: str
    group: str


def separators(language: str) -> Separators:
    """The language's marks: ``,`` decimal and ``.`` thousands in Italian (and the other
    languages that write so), ``.`` and ``,`` in English."""
    code = (language or "en").split("-")[0].lower()
    if code in ("it", "de", "es", "fr", "pt", "nl"):
        return Separators(decimal=",", group=".")
    return Separators(decimal=".", group=",")


class AmountError(ValueError):
    """An amount that cannot be read exactly; the message says how to write it, in the
    active language."""


def _example(places: int, seps: Separators) -> str:
    return f"20{seps.decimal}{'5' * places}" if places else "20"


SYMBOLS = ("€", "$", "£", "EUR", "USD", "GBP", "CHF")
"""Currency marks people write beside an amount, besides the club's own symbol."""


def parse_amount(text: str, *, places: int, language: str, symbol: str = "") -> int:
    """``text`` as a positive amount in the smallest unit (cents with ``places=2``, chips
    with ``places=0``), read in ``language``; :class:`AmountError` for anything that is not
    exactly one amount: a negative, an exponent, letters, digits of another script, a
    decimal mark where the club counts whole chips, more decimals than the club has, groups
    of thousands that are not groups of three, two decimal marks."""
    seps = separators(language)
    example = _example(places, seps)
    raw = str(text)
    # the longest first: "US$" goes whole, not as "$" leaving a "US" behind
    for mark in sorted(filter(None, {symbol, *SYMBOLS}), key=len, reverse=True):
        raw = raw.replace(mark, " ")
    raw = SPACES.sub("", raw)
    like = {"example": example}
    if not raw:
        # Translators: %(example)s is an amount written as the reader writes it ("20,50").
        raise AmountError(_("Write an amount, like %(example)s.") % like)
    if raw.startswith("-"):
        raise AmountError(_("The amount must be more than zero."))
    if not re.fullmatch(r"[0-9.,]+", raw):
        raise AmountError(_("Write an amount with digits only, like %(example)s.") % like)
    if not raw[0].isdigit() or not raw[-1].isdigit():
        raise AmountError(_("Write an amount like %(example)s.") % like)
    whole, decimals = raw, ""
    if seps.decimal in raw:
        whole, _mark, decimals = raw.rpartition(seps.decimal)
        if seps.decimal in whole or seps.group in decimals:
            raise AmountError(_("Write an amount like %(example)s.") % like)
        if not places:
            plain = whole.replace(seps.group, "")
            raise AmountError(
                # Translators: %(whole)s is the amount without its decimals ("20"), %(text)s
                # the amount as typed ("20,50").
                _("This club counts whole chips: write %(whole)s, not %(text)s.")
                % {"whole": plain, "text": raw}
            )
        if not decimals:
            raise AmountError(_("Write an amount like %(example)s.") % like)
        if len(decimals) > places:
            raise AmountError(
                ngettext(
                    "Amounts here have at most %(places)s decimal, like %(example)s.",
                    "Amounts here have at most %(places)s decimals, like %(example)s.",
                    places,
                )
                % {"places": places, "example": example}
            )
    if seps.group in whole:
        groups = whole.split(seps.group)
        if not (1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])):
            bad = {"text": raw, "example": example, "grouped": _grouped(1500, seps)}
            if places:
                raise AmountError(
                    # Translators: %(text)s is the amount as typed, %(example)s an amount
                    # written right, %(grouped)s one thousand five hundred ("1.500").
                    _(
                        "%(text)s is not an amount: write %(example)s, and group thousands"
                        " by three (%(grouped)s)."
                    )
                    % bad
                )
            raise AmountError(
                _(
                    "%(text)s is not an amount: write %(example)s, and group thousands by"
                    " three (%(grouped)s). This club counts whole chips."
                )
                % bad
            )
        whole = "".join(groups)
    if not whole or len(whole) + places > MAX_DIGITS:
        raise AmountError(_("Write an amount like %(example)s.") % like)
    value = int(whole) * 10**places + (int(decimals.ljust(places, "0")) if places else 0)
    if value <= 0:
        raise AmountError(_("The amount must be more than zero."))
    return value


def _grouped(number: int, seps: Separators) -> str:
    return f"{number:,}".replace(",", seps.group)


def format_amount(value: int, *, places: int, language: str, symbol: str = "") -> str:
    """``value`` (the smallest unit) written for people in ``language``: ``1.234,50 €`` in
    Italian, ``€1,234.50`` in English; chips without decimals (``1.500``, ``1,500``).

    >>> format_amount(123450, places=2, language="it", symbol="€")
    '1.234,50\\xa0€'
    >>> format_amount(150000, places=0, language="en")
    '150,000'
    """
    seps = separators(language)
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value), 10**places)
    text = _grouped(whole, seps) + (f"{seps.decimal}{rest:0{places}d}" if places else "")
    if not symbol:
        return sign + text
    if seps.decimal == ",":
        return f"{sign}{text}\u00a0{symbol}"
    return f"{sign}{symbol}{text}"
