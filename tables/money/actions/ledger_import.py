"""Importing a ledger file (parsed by :mod:`tables.money.ledger_file`): kept for matching its players, then applied as one closed session of the club, marked imported. Only the club's owner imports (``pokerclub.access``)."""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import formats
from django.utils.translation import gettext as _

from pokerclub import access
from pokerclub.models import Club, Membership
from tables.money.actions.sessions import record_nets
from tables.money.error_codes import MoneyError, MoneyErrorCode
from tables.money.ledger_file import parse_ledger, players, suggested_mapping
from tables.money.models import LedgerEntry, LedgerImport
from tables.play.models import Table


def require_owner(actor: Any, club: Club) -> None:
    if not access.is_owner(actor, club):
        raise MoneyError(
            MoneyErrorCode.NOT_ALLOWED, _("Only the club's owner imports its history.")
        )


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


@transaction.atomic
def apply(actor: Any, club: Club, batch_id: int, mapping: dict[str, str]) -> Table:
    """Import a kept file as one closed session, its players mapped by ``mapping``
    (``{file player id: "user:<id>" | "guest"}``; two of the file's players may be one
    member). Refused if a mapped member is not one of the club's, or if it was imported."""
    require_owner(actor, club)
    batch = LedgerImport.objects.select_for_update().filter(club=club, pk=batch_id).first()
    if batch is None:
        raise MoneyError(MoneyErrorCode.NO_SUCH_IMPORT, _("There is no such import."))
    if batch.status == LedgerImport.Status.DONE:
        raise MoneyError(
            MoneyErrorCode.ALREADY_IMPORTED, _("This file was imported already: nothing changed.")
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
                    # Translators: %(player)s is a nickname of the imported file.
                    _("%(player)s: choose a member of the club or a guest.")
                    % {"player": entry["nicknames"][0]},
                )
        final[entry["player_id"]] = choice
    starts = [r["start"] for r in batch.rows]
    first = datetime.fromisoformat(min(starts))
    table = Table.objects.create(
        club=club,
        # Translators: the name of a game brought in from another site: "Imported 5 Dec 2026".
        name=_("Imported %(date)s") % {"date": formats.date_format(first, "j M Y")},
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
