"""Bringing a group's history in from the home-game site most groups use today: its ledger
CSV, one file per game, one row per player's stay at the table, with the columns
``player_nickname, player_id, session_start_at, session_end_at, buy_in, buy_out, stack,
net`` (any order, other columns ignored).

:func:`parse_ledger` reads a file completely before anything is stored, and refuses one that
is not what it claims with a message naming the line and the column (:class:`~tables.uploads.UploadError`):
not UTF-8, too big, a missing column, a number that is not one, a negative buy-in, a net
that is not ``buy_out + stack - buy_in``, a time that is not ISO 8601, nets that do not sum
to zero. :func:`start` keeps the parsed rows (a :class:`~tables.money.models.LedgerImport`) until
the owner matches each of the file's players to a member or leaves them a guest
(:func:`apply`); the game then becomes one closed session of the club, marked imported:
a buy-in when each stay began and a cash-out of what they left with (``buy_out + stack``)
when it ended. The same file (its SHA-256) is imported once per club: again, it changes
nothing.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import IntegrityError, transaction

from pokerclub import access
from pokerclub.models import Club, Membership
from tables.money.error_codes import MoneyError, MoneyErrorCode
from tables.money.models import LedgerEntry, LedgerImport
from tables.money.settlement import record_nets
from tables.play.models import Table
from tables.uploads import UploadError, file_amount, file_time, open_csv, records

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
    places = club.decimal_places if club.amount_format == Club.AmountFormat.CURRENCY else 0
    reader, header, at = open_csv(
        data, MAX_BYTES, COLUMNS, "the ledger", "a ledger of one game is a few kB"
    )
    rows: list[Row] = []
    total = 0
    for line, cells in records(reader, header, MAX_ROWS, "ledger"):

        def cell(column: str, cells: list[str] = cells) -> str:
            return cells[at[column]]

        nickname = " ".join(cell("player_nickname").split())[:60]
        player_id = cell("player_id").strip()[:60]
        if not nickname:
            raise UploadError(f"line {line}, column player_nickname: empty")
        if not player_id:
            raise UploadError(f"line {line}, column player_id: empty")
        amounts = {
            c: file_amount(cell(c), line, c, places, whole_units)
            for c in ("buy_in", "buy_out", "stack", "net")
        }
        for c in ("buy_in", "buy_out", "stack"):
            if amounts[c] < 0:
                raise UploadError(f"line {line}, column {c}: cannot be negative")
        out = amounts["buy_out"] + amounts["stack"]
        if amounts["net"] != out - amounts["buy_in"]:
            raise UploadError(
                f"line {line}, column net: {cell('net').strip()[:20]} is not buy_out + stack"
                " - buy_in"
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
        raise UploadError("The file has a header and no players.")
    if total:
        raise UploadError(
            f"The nets add up to {club.format_amount(total)}, not zero: this is not a whole "
            "game's ledger."
        )
    return rows


def require_owner(actor: Any, club: Club) -> None:
    if not access.is_owner(actor, club):
        raise MoneyError(MoneyErrorCode.NOT_ALLOWED, "Only the club's owner imports its history.")


def start(actor: Any, club: Club, data: bytes, file_name: str, whole_units: bool) -> LedgerImport:
    """Parse a file and keep it for matching its players; a file already imported (or
    waiting) is returned as it is: importing it again changes nothing."""
    require_owner(actor, club)
    digest = hashlib.sha256(data).hexdigest()
    found = LedgerImport.objects.filter(club=club, sha256=digest).first()
    if found is not None:
        return found
    rows = parse_ledger(data, club, whole_units)
    try:
        with transaction.atomic():
            return LedgerImport.objects.create(
                club=club,
                sha256=digest,
                file_name=file_name[:200],
                rows=[asdict(r) for r in rows],
                mapping=suggested_mapping(club, rows),
                created_by=actor,
            )
    except IntegrityError:  # the same file, at the same moment, from another request
        return LedgerImport.objects.get(club=club, sha256=digest)


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


@transaction.atomic
def apply(actor: Any, club: Club, batch_id: int, mapping: dict[str, str]) -> Table:
    """Import a kept file as one closed session, its players mapped by ``mapping``
    (``{file player id: "user:<id>" | "guest"}``; two of the file's players may be one
    member). Refused if a mapped member is not one of the club's, or if it was imported."""
    require_owner(actor, club)
    batch = LedgerImport.objects.select_for_update().filter(club=club, pk=batch_id).first()
    if batch is None:
        raise MoneyError(MoneyErrorCode.NO_SUCH_IMPORT, "There is no such import.")
    if batch.status == LedgerImport.Status.DONE:
        raise MoneyError(
            MoneyErrorCode.ALREADY_IMPORTED, "This file was imported already: nothing changed."
        )
    members = set(Membership.objects.filter(club=club).values_list("user_id", flat=True))
    final: dict[str, str] = {}
    for entry in players(batch):
        choice = str(mapping.get(entry["player_id"], "guest"))
        if choice != "guest":
            uid = choice.split(":", 1)[1] if choice.startswith("user:") else ""
            if not uid.isdigit() or int(uid) not in members:
                raise MoneyError(
                    MoneyErrorCode.BAD_FIELD,
                    f"{entry['nicknames'][0]}: choose a member of the club or a guest.",
                )
        final[entry["player_id"]] = choice
    starts = [r["start"] for r in batch.rows]
    first = datetime.fromisoformat(min(starts))
    table = Table.objects.create(
        club=club,
        name=f"Imported {first.day} {first:%b %Y}",
        created_by=actor,
        created_at=first,
        status=Table.Status.CLOSED,
        imported=batch.source,
    )
    entries = []
    for r in batch.rows:
        choice = final[r["player_id"]]
        who: dict[str, Any] = (
            {"user_id": int(choice.split(":", 1)[1])}
            if choice != "guest"
            else {"guest": r["nickname"]}
        )
        end = datetime.fromisoformat(r["end"] or r["start"])
        if r["buy_in"]:
            entries.append(LedgerEntry(table=table, kind="buy_in", amount=r["buy_in"],
                                       created_at=datetime.fromisoformat(r["start"]), **who))  # fmt: skip
        if r["cashed_out"]:
            entries.append(LedgerEntry(table=table, kind="cash_out", amount=r["cashed_out"],
                                       created_at=end, **who))  # fmt: skip
    LedgerEntry.objects.bulk_create(entries)
    record_nets(table)
    batch.mapping, batch.status, batch.table = final, LedgerImport.Status.DONE, table
    batch.save(update_fields=["mapping", "status", "table"])
    return table
