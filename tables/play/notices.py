"""Notices to everyone at a table (``table.notice``), sent as a key and its arguments and
written in each viewer's language when their socket sends it (:func:`notice_text`): the
people at one table may read different languages.

A notice on the channel layer is ``{"type": "table.notice", "notice": KEY, "args": {...}}``
with JSON values as arguments; the keys are below."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

DEAL_OFFERED = "deal_offered"
"""R29.3: the offer of a deal is ready; ``args``: ``method``, ``"icm"`` or ``"chop"``."""
DEAL_DECLINED = "deal_declined"
"""R29.3: a deal was declined; ``args``: ``name``, who declined it."""


def notice_text(notice: str, args: dict[str, Any]) -> str:
    """The notice ``notice`` with its ``args``, in the active language. An unknown key or
    a missing argument raises ``ValueError``."""
    try:
        if notice == DEAL_OFFERED:
            if args["method"] == "icm":
                return _("The players left are offered an ICM deal: see the lobby.")
            if args["method"] == "chop":
                return _("The players left are offered a chip chop: see the lobby.")
        elif notice == DEAL_DECLINED:
            return _("%(name)s declined the deal: play goes on.") % {"name": args["name"]}
    except (KeyError, TypeError):
        pass
    raise ValueError(f"not a notice: {notice!r} {args!r}")
