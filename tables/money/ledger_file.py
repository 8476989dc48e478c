"""Bringing a group's history in from the home-game site most groups use today: its ledger
CSV, one file per game, one row per player's stay at the table, with the columns
``player_nickname, player_id, session_start_at, session_end_at, buy_in, buy_out, stack,
net`` (any order, other columns ignored).

:func:`parse_ledger` reads a file completely before anything is stored, and refuses one that
is not what it claims with a message naming the line and the column
(:class:`~tables.uploads.UploadError`): not UTF-8, too big, a missing column, a number that is
not one, a negative buy-in, a net that is not ``buy_out + stack - buy_in``, a time that is not
ISO 8601, nets that do not sum to zero. ``tables.money.actions.ledger_import.start`` keeps the
parsed rows (a :class:`~tables.money.models.LedgerImport`) until the owner matches each of the
file's players to a member or leaves them a guest (:func:`players`, :func:`suggested_mapping`;
``ledger_import.apply``); the game then becomes one closed session of the club, marked imported:
a buy-in when each stay began and a cash-out of what they left with (``buy_out + stack``)
when it ended. The same file (its SHA-256) is imported once per club: again, it changes
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from pokerclub.models import Club, Membership
from tables.money.models import LedgerImport
from tables.uploads import FileKind, UploadError, file_amount, file_time, open_csv, records

COLUMNS = (
    "player_nickname",
    "player_id",
    "session_start_at",
    "session_end_at",
    "buy_in",
    "buy_out",
    "stack",
    "net",
)
MAX_BYTES = 2 * 1024 * 1024
"""A ledger of one game is a few kilobytes; anything near this is not one."""
MAX_ROWS = 2000
SOURCE = "pokernow"
KIND = FileKind(
    choose=gettext_noop("Choose the ledger's CSV file."),
    too_big_upload=gettext_noop(
        "Nothing was imported: the file is %(size)s MB; a ledger of one game is a few kB"
        " (at most %(limit)s MB)."
    ),
    too_big=gettext_noop(
        "The file is %(size)s MB: a ledger of one game is a few kB (at most %(limit)s MB)."
    ),
    # Translators: %(byte)s is the position in the file of the first byte that is not UTF-8.
    not_utf8=gettext_noop(
        "The file is not UTF-8 text (byte %(byte)s): export the ledger as CSV again."
    ),
    # Translators: %(columns)s and %(missing)s are lists of CSV column names, as the file has them.
    columns=gettext_noop("line 1: the ledger's columns are %(columns)s; missing: %(missing)s"),
    too_many_rows=gettext_noop("line %(line)s: more than %(rows)s rows: not one game's ledger"),
)
"""What is said about a ledger file (:class:`~tables.uploads.FileKind`)."""


def _time(text: str, line: int, column: str, required: bool) -> str | None:
    """A time of the ledger as ISO 8601 in UTC; an optional one may be empty."""
    if not text.strip() and not required:
        return None
    return file_time(text, line, column).astimezone(UTC).isoformat()


@dataclass(frozen=True)
class Row:
    line: int
    nickname: str
    player_id: str
    start: str  # ISO 8601, UTC
    end: str | None
    buy_in: int
    cashed_out: int  # buy_out + stack: what the player left with


def parse_ledger(data: bytes, club: Club, whole_units: bool) -> list[Row]:
    """The rows of a ledger file (see the module docstring); :class:`~tables.uploads.UploadError` names
    what is wrong and where."""
    places = club.places
    reader, header, at = open_csv(data, MAX_BYTES, COLUMNS, KIND)
    rows: list[Row] = []
    total = 0
    for line, cells in records(reader, header, MAX_ROWS, KIND):

        def cell(column: str, cells: list[str] = cells) -> str:
            return cells[at[column]]

        nickname = " ".join(cell("player_nickname").split())[:60]
        player_id = cell("player_id").strip()[:60]
        for column, value in (("player_nickname", nickname), ("player_id", player_id)):
            if not value:
                raise UploadError(
                    # Translators: %(line)s is a line of a CSV file, %(column)s a column's name.
                    _("line %(line)s, column %(column)s: empty") % {"line": line, "column": column}
                )
        amounts = {
            c: file_amount(cell(c), line, c, places, whole_units)
            for c in ("buy_in", "buy_out", "stack", "net")
        }
        for c in ("buy_in", "buy_out", "stack"):
            if amounts[c] < 0:
                raise UploadError(
                    _("line %(line)s, column %(column)s: cannot be negative")
                    % {"line": line, "column": c}
                )
        out = amounts["buy_out"] + amounts["stack"]
        if amounts["net"] != out - amounts["buy_in"]:
            raise UploadError(
                # Translators: keep the column names net, buy_out, stack and buy_in as they are.
                _("line %(line)s, column net: %(net)s is not buy_out + stack - buy_in")
                % {"line": line, "net": cell("net").strip()[:20]}
            )
        total += amounts["net"]
        rows.append(
            Row(
                line=line,
                nickname=nickname,
                player_id=player_id,
                start=_time(cell("session_start_at"), line, "session_start_at", True) or "",
                end=_time(cell("session_end_at"), line, "session_end_at", False),
                buy_in=amounts["buy_in"],
                cashed_out=out,
            )
        )
    if not rows:
        raise UploadError(_("The file has a header and no players."))
    if total:
        raise UploadError(
            _("The nets add up to %(total)s, not zero: this is not a whole game's ledger.")
            % {"total": club.format_amount(total)}
        )
    return rows


def players(batch: LedgerImport) -> list[dict[str, Any]]:
    """The file's players, each with their nicknames and what they map to now."""
    seen: dict[str, dict[str, Any]] = {}
    for r in batch.rows:
        entry = seen.setdefault(r["player_id"], {"player_id": r["player_id"], "nicknames": []})
        if r["nickname"] not in entry["nicknames"]:
            entry["nicknames"].append(r["nickname"])
    for entry in seen.values():
        entry["mapped"] = batch.mapping.get(entry["player_id"], "guest")
    return list(seen.values())


def suggested_mapping(club: Club, rows: list[Row]) -> dict[str, str]:
    """A player matched in an earlier import keeps their member; else a member whose name is
    the nickname (ignoring case); else a guest."""
    earlier: dict[str, str] = {}
    for mapping in LedgerImport.objects.filter(
        club=club, status=LedgerImport.Status.DONE
    ).values_list("mapping", flat=True):
        earlier.update({k: v for k, v in mapping.items() if v.startswith("user:")})
    by_name = {
        (m.user.display_name or "").strip().lower(): f"user:{m.user_id}"
        for m in Membership.objects.filter(club=club).select_related("user")
        if m.user.display_name
    }
    out: dict[str, str] = {}
    for r in rows:
        out.setdefault(
            r.player_id, earlier.get(r.player_id) or by_name.get(r.nickname.lower(), "guest")
        )
    return out
