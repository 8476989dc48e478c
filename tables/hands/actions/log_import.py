"""Bringing a game's hand log (parsed by :mod:`tables.hands.log_file`) into the session its ledger became: each hand replayed by our rules and kept if it pays what the log says. Only the club's owner imports (``pokerclub.access``); the same file twice changes nothing."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from engine.cards import card_str
from engine.errors import EngineError
from engine.phh import PhhError
from engine.phh import replay as phh_replay
from pokerclub import access
from pokerclub.models import Club, User
from tables.hands.actions.summary import record_hand
from tables.hands.error_codes import HandsError, HandsErrorCode
from tables.hands.log_file import (
    Converted,
    LogHand,
    ParsedLog,
    Skip,
    _skip,
    convert,
    log_owner,
    parse_log,
)
from tables.hands.models import Hand, HandAction, HandLogImport
from tables.hands.replay import RecordedAction, ReplayError, replay_record
from tables.money.models import LedgerImport
from tables.play.models import Table
from tables.uploads import UploadError


def _ledger_of(table: Table) -> LedgerImport:
    batch = LedgerImport.objects.filter(
        club=table.club, table=table, status=LedgerImport.Status.DONE
    ).first()
    if batch is None:
        raise HandsError(
            HandsErrorCode.NO_LEDGER,
            _("A hand log joins a game brought in from its ledger: import the ledger first."),
        )
    return batch


@dataclass
class Outcome:
    batch: HandLogImport
    created: bool


def start(
    actor: Any,
    club: Club,
    table_id: int,
    data: bytes,
    file_name: str,
    whole_units: bool,
    owner: str = "",
) -> Outcome:
    """Bring a game's hand log into its imported session (``table_id``); the same file
    again changes nothing. ``owner``: the file's player id of whoever downloaded it, or
    empty to find them (:func:`log_owner`), or ``"nobody"`` to keep no private cards."""
    if not access.is_owner(actor, club):
        raise HandsError(
            HandsErrorCode.NOT_ALLOWED, _("Only the club's owner imports its history.")
        )
    table = Table.objects.filter(club=club, pk=table_id).exclude(imported="").first()
    if table is None:
        raise HandsError(
            HandsErrorCode.NOT_IMPORTED, _("A hand log joins a session brought in from elsewhere.")
        )
    digest = hashlib.sha256(data).hexdigest()
    found = HandLogImport.objects.filter(club=club, sha256=digest).first()
    if found is not None:
        return Outcome(found, False)
    ledger = _ledger_of(table)
    parsed = parse_log(data)
    mapping: dict[str, str] = ledger.mapping
    unknown = sorted(pid for pid in parsed.players if pid not in mapping)
    if unknown:
        pid = min(unknown, key=lambda p: parsed.first_line[p])
        raise UploadError(
            # Translators: %(player)s @ %(id)s is a player of the log: nickname @ the other
            # site's player id.
            _(
                "line %(line)s: %(player)s @ %(id)s is not in this game's ledger: is this the"
                " log of the same game?"
            )
            % {"line": parsed.first_line[pid], "player": parsed.players[pid], "id": pid}
        )
    if owner and owner != "nobody" and owner not in parsed.players:
        raise HandsError(
            HandsErrorCode.NOT_A_PLAYER,
            _("Whoever downloaded the log must be one of its players."),
        )
    chosen = None if owner == "nobody" else log_owner(parsed, owner)
    places = club.places
    names = _names(table, ledger, parsed)
    try:
        with transaction.atomic():
            batch = HandLogImport.objects.create(
                club=club,
                table=table,
                sha256=digest,
                file_name=file_name[:200],
                log_owner=chosen or "",
                created_by=actor,
            )
            skipped = list(parsed.skipped)
            taken = set(Hand.objects.filter(table=table).values_list("number", flat=True))
            count = 0
            for hand in parsed.hands:
                if hand.number in taken:
                    skipped.append(_skip(hand, "taken"))
                    continue
                try:
                    converted = convert(hand, places, whole_units, chosen)
                    _store(table, hand, converted, mapping, names, chosen)
                except Skip as skip:
                    skipped.append(_skip(hand, skip.why, **skip.values))
                    continue
                taken.add(hand.number)
                count += 1
            batch.hands, batch.skipped = count, sorted(skipped, key=lambda s: s["number"])
            batch.save(update_fields=["hands", "skipped"])
    except IntegrityError:  # the same file, at the same moment, from another request
        return Outcome(HandLogImport.objects.get(club=club, sha256=digest), False)
    return Outcome(batch, True)


def _names(table: Table, ledger: LedgerImport, parsed: ParsedLog) -> dict[str, str]:
    """A name per file player: the member's, or the nickname of a guest."""
    ids = {int(v.split(":", 1)[1]) for v in ledger.mapping.values() if v.startswith("user:")}
    users = {u.pk: str(u) for u in User.objects.filter(pk__in=ids)}
    out = {}
    for pid, choice in ledger.mapping.items():
        if choice.startswith("user:"):
            out[pid] = users.get(int(choice.split(":", 1)[1]), parsed.players.get(pid, pid))
        else:
            out[pid] = parsed.players.get(pid, pid)
    return out


def _store(
    table: Table,
    hand: LogHand,
    converted: Converted,
    mapping: dict[str, str],
    names: dict[str, str],
    owner: str | None,
) -> None:
    """Replay the hand, check it pays what the log says, and keep it with its history rows
    (in a savepoint: a hand that does not check out leaves nothing). :class:`Skip` if not."""
    try:
        played = phh_replay(converted.phh)
    except (PhhError, EngineError) as error:
        raise Skip("not_our_rules", error=str(error)) from error
    order = converted.players
    paid = {p.pid: played.state.won[i] for i, p in enumerate(order)}
    for p in order:
        if paid[p.pid] != converted.collected.get(p.pid, 0):
            raise Skip(
                "pays_otherwise",
                player=p.nickname,
                ours=paid[p.pid],
                theirs=converted.collected.get(p.pid, 0),
            )
    players = []
    for p in sorted(order, key=lambda p: p.seat):
        choice = mapping.get(p.pid, "guest")
        players.append(
            {
                "seat": p.seat,
                "user_id": int(choice.split(":", 1)[1]) if choice.startswith("user:") else None,
                "name": names.get(p.pid, p.nickname),
                "stack": p.stack,
                "hole_cards_known": p.pid == owner and converted.own is not None,
            }
        )
    user_of = {row["seat"]: row["user_id"] for row in players}
    state = played.state
    ended = hand.ended_at or hand.started_at
    with transaction.atomic():
        record = Hand.objects.create(
            table=table,
            number=hand.number,
            started_at=hand.started_at,
            ended_at=ended,
            players=players,
            config=played.config.to_json(),
            commitment="",
            imported_deck=[card_str(c) for c in played.deck],
            final_state=state.to_json(),
            result={
                "stacks": {str(k): v for k, v in state.stacks_by_seat().items()},
                "won": {str(s): w for s, w in zip(state.seats, state.won, strict=True) if w},
                "boards": [list(b) for b in state.boards],
            },
        )
        moves = [
            RecordedAction(m.seat, str(m.kind), m.amount, False, hand.started_at)
            for m in played.moves
        ]
        HandAction.objects.bulk_create(
            HandAction(
                hand=record,
                sequence=i,
                seat=m.seat,
                user_id=user_of.get(m.seat),
                kind=m.kind,
                amount=m.amount,
                version=i,
                created_at=hand.started_at,
            )
            for i, m in enumerate(moves, start=1)
        )
        try:
            replayed = replay_record(record, played.config, moves)
        except ReplayError as error:
            raise Skip("record_replays", reason=error.reason) from error
        if replayed.final.stacks != state.stacks:
            raise Skip("record_stacks")
        record_hand(record, replayed)
