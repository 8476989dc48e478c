"""The restore drill (docs/deploy.md, "Backups and the restore drill"): a club's database
with money, hands, tournaments and a table in the middle of a hand is dumped with
``pg_dump --format=custom``, restored with ``pg_restore`` into a fresh database, and the
restored one is the same club: every row, every balance of the money book, every hand
(its players, result and deck proof), every tournament's places and prizes, every table's
version and hand. Then a Daphne and the clock started on the restored database resume the
table's hand: the player whose turn it was acts over their socket (signed in by the session
they had before the backup), the hand ends and the next one is dealt, every chip accounted
for.

How the two databases are read: :func:`facts` reads everything through the app's own code
(``balances.book``, ``settlement.session``, ``replay``, ``verify_record``, the tables'
public state and each player's own cards, the tournaments' leaderboard) and turns it into
one JSON document. It runs in a subprocess per database (``DATABASE_URL`` pointing at it),
because the money book reads the default connection (``django.db.connection``) and so
cannot be pointed at a second alias in this process; the same code reads both databases
the same way, and the two documents must be equal.

Everything is built through the actions (services) a club uses: no row is written by hand.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

from tables.bots import Bot
from tables.hands.actions.summary import backfill
from tables.management.commands.loadtest import session_cookie
from tables.money import balances
from tables.money.actions import bank, payments
from tables.money.actions.sessions import mark_paid
from tables.money.settlement import session
from tables.play import actions as services
from tables.play.models import Table
from tables.tournaments import actions as tournaments
from tables.tournaments.models import Tournament
from tests.conftest import eventually_async, require_service, run_async
from tests.tables.conftest import table_settings
from tests.tables.live_servers import (
    LATE_CODES,
    ROOT,
    Clock,
    Daphne,
    playing,
    require_live_services,
    server_env,
)
from tests.tables.play_helpers import deal, fold_out, fresh, play_randomly, to_act, user_at
from tests.tables.tournament_helpers import play_step, settings_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

CASH_HANDS = 10
"""Hands played at the closed cash table before the backup."""


# --- reading a database: the facts a restore must keep -------------------------------------


def _plain(value: Any) -> Any:
    """JSON for what the facts hold besides JSON's own types."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    raise TypeError(f"no JSON for {type(value).__name__}: {value!r}")


def facts() -> dict[str, Any]:
    """Everything the drill compares, read from the default database through the app's code.

    * ``rows``: every row of every model, ordered by primary key (sessions, users, clubs,
      ledger, payments, hands, actions, history rows, tournaments: nothing left out).
    * ``books``: each club's money book (``balances.book``): every party's net, payments and
      open balance, the transfers that settle them, the payments waiting, who owes since when.
    * ``sessions``: each table's session (``settlement.session``): its lines, transfers, marks.
    * ``hands``: each hand's number, players, result and deck proof; a finished one replayed
      from its record (``replay``) to its stored end, and its proof checked
      (``verify_record``) as a viewer checks it.
    * ``tournaments``: status, entries, places, prizes, the prize pool; each club's
      leaderboard.
    * ``tables``: version, hand, deadline, the public state every viewer is sent, and each
      player's own cards of the hand in progress.
    * ``schema``: what rows alone do not show: every index and constraint by name (a restore
      that stopped before pg_restore's post-data section has none; by name, because
      PostgreSQL may word a restored index's condition differently), every sequence's last
      value (the ids of the next rows), and the migrations not applied (none).
    """
    from django.apps import apps
    from django.db.migrations.executor import MigrationExecutor

    from engine.fairness import verify_record
    from pokerclub.models import Club
    from tables.hands.models import Hand
    from tables.hands.proof import viewer_record
    from tables.hands.replay import replay
    from tables.play.projection import load_public_state, own_cards_by_user
    from tables.tournaments.actions.common import prize_pool
    from tables.tournaments.views import leaderboard

    rows = {
        model._meta.label_lower: list(model._default_manager.order_by("pk").values())
        for model in apps.get_models()
        if model._meta.managed and not model._meta.proxy
    }
    books = {}
    for club in Club.objects.order_by("pk"):
        book = balances.book(club)
        books[club.slug] = {
            "members": [{**dataclasses.asdict(m), "open": m.open} for m in book.members],
            # by key: the list's order is the order the database aggregated the nets in
            "parties": {
                p.key: {"name": p.name, "open": p.open, "actors": p.actors} for p in book.parties
            },
            "transfers": book.transfers,
            "waiting": [(p.pk, p.payer, p.payee, p.amount, p.status) for p in book.waiting],
            "owed_since": book.owed_since,
            "leaderboard": leaderboard(club),
        }
    sessions = {}
    for table in Table.objects.order_by("pk"):
        s = session(table)
        sessions[table.pk] = {
            "lines": [{**dataclasses.asdict(line), "net": line.net} for line in s.lines],
            "transfers": s.transfers,
            "marks": sorted(s.marks.items()),
            "counting": s.counting,
        }
    hands = {}
    for hand in Hand.objects.order_by("pk"):
        fact: dict[str, Any] = {
            "table": hand.table_id,
            "number": hand.number,
            "players": hand.players,
            "result": hand.result,
            "rake": hand.rake,
            "commitment": hand.commitment,
            "proof": hand.deck,
            "actions": list(
                hand.actions.order_by("sequence").values_list(
                    "sequence", "seat", "user_id", "kind", "amount", "timeout"
                )
            ),
            "finished": hand.ended_at is not None,
        }
        if hand.ended_at is not None:
            replayed = replay(hand)
            record = viewer_record(replayed, None)
            verdict = verify_record(record) if record is not None else None
            fact["replays_to_its_end"] = replayed.final.to_json() == hand.final_state
            fact["proof_checks"] = verdict is not None and verdict.ok
            fact["cards_opened"] = verdict.opened if verdict is not None else 0
        hands[hand.pk] = fact
    tournaments_now = {}
    for tournament in Tournament.objects.order_by("pk"):
        entries = list(tournament.entries.order_by("pk"))
        tournaments_now[tournament.pk] = {
            "status": tournament.status,
            "entries": [
                (e.user_id, e.status, e.place, e.prize, e.paid, e.rebuys, e.add_on) for e in entries
            ],
            "prize_pool": prize_pool(tournament, entries),
        }
    tables = {}
    for table in Table.objects.order_by("pk"):
        tables[table.pk] = {
            "status": table.status,
            "version": table.version,
            "hand_count": table.hand_count,
            "in_hand": table.in_hand,
            "hand_state": table.hand_state,
            "hand_players": table.hand_players,
            "deadline": table.deadline,
            "deadline_seat": table.deadline_seat,
            "next_hand_at": table.next_hand_at,
            "public_state": load_public_state(table.pk),
            "own_cards": own_cards_by_user(table.pk, table.hand_count) if table.in_hand else {},
        }
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2"
        )
        indexes = cursor.fetchall()
        cursor.execute(
            "SELECT conrelid::regclass::text, conname, contype"
            " FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2"
        )
        constraints = cursor.fetchall()
        cursor.execute(
            "SELECT sequencename, last_value FROM pg_sequences"
            " WHERE schemaname = 'public' ORDER BY 1"
        )
        sequences = cursor.fetchall()
    executor = MigrationExecutor(connection)
    unapplied = executor.migration_plan(executor.loader.graph.leaf_nodes())
    schema = {
        "indexes": indexes,
        "constraints": constraints,
        "sequences": sequences,
        "unapplied_migrations": [str(migration) for migration, _ in unapplied],
    }
    return json.loads(
        json.dumps(
            {
                "schema": schema,
                "rows": rows,
                "books": books,
                "sessions": sessions,
                "hands": hands,
                "tournaments": tournaments_now,
                "tables": tables,
            },
            default=_plain,
            sort_keys=True,
        )
    )


def facts_of(database_url: str, out: Path) -> dict[str, Any]:
    """:func:`facts` of the database at ``database_url``, read by a process of its own."""
    script = (
        "import django, json, sys; django.setup(); "
        "from tests.deploy.test_restore_drill import facts; "
        "open(sys.argv[1], 'w').write(json.dumps(facts()))"
    )
    env = {**os.environ, "DATABASE_URL": database_url, "DB_POOL": "0",
           "DJANGO_SETTINGS_MODULE": "pokerclub.settings"}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", script, str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, f"reading {database_url} failed:\n{done.stderr[-4000:]}"
    return json.loads(out.read_text())


# --- PostgreSQL's own tools -----------------------------------------------------------------


def _tool(name: str) -> str:
    path = shutil.which(name) or (f"/usr/bin/{name}" if Path(f"/usr/bin/{name}").exists() else None)
    if path is None:
        require_service(name, "the drill dumps and restores with PostgreSQL's client tools")
    assert path is not None
    return path


def _server() -> dict[str, Any]:
    db = connection.settings_dict
    return {
        "host": db["HOST"] or "127.0.0.1",
        "port": int(db["PORT"] or 5432),
        "user": db["USER"] or "postgres",
        "password": db["PASSWORD"] or "",
    }


def _url(name: str) -> str:
    s = _server()
    password = f":{s['password']}" if s["password"] else ""
    return f"postgres://{s['user']}{password}@{s['host']}:{s['port']}/{name}"


def _run_tool(args: list[str]) -> None:
    s = _server()
    env = {**os.environ, "PGHOST": s["host"], "PGPORT": str(s["port"]), "PGUSER": s["user"]}
    if s["password"]:
        env["PGPASSWORD"] = s["password"]
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(args)} exited {done.returncode}:\n{done.stderr}"


def _admin(sql: str) -> None:
    s = _server()
    with psycopg.connect(
        host=s["host"], port=s["port"], user=s["user"], password=s["password"] or None,
        dbname="postgres", autocommit=True,
    ) as admin:  # fmt: skip
        admin.execute(sql)


@pytest.fixture
def fresh_database() -> Iterator[str]:
    """The name of a new, empty database on the test database's server, dropped after the
    test whatever happens (its servers' connections with it)."""
    require_live_services()
    name = f"{connection.settings_dict['NAME']}_restored_{uuid.uuid4().hex[:8]}"
    _admin(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- the club before the backup -------------------------------------------------------------


@pytest.fixture
def players(club_with_roles, make_user):
    """Six members of the club besides its owner, host and member."""
    from pokerclub.models import Membership

    people = [make_user(name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")]
    for person in people:
        Membership.objects.create(club=club_with_roles["club"], user=person)
    return people


def a_club_with_history(club, host, players) -> dict[str, Any]:
    """A club with a past, made as its members and hosts make it: a cash game played and
    closed (its cash-outs and nets), one of its transfers marked paid on its page; a game
    at a real table kept by the banker, a friend written down by name; a sit & go played to
    its winner and one still registering; a payment across sessions sent and waiting for
    the payee; the history rows the clock writes; and the table "Main" in the middle of
    its second hand, the big blind to act. Returns what the drill looks for afterwards."""
    ann, ben, cat, dan, eve, fay = players
    rng = random.Random(41)

    friday = services.create_table(host, club, table_settings(name="Friday"))
    for number, person in enumerate((ann, ben, cat), start=1):
        services.sit(person, friday.pk, number, 100)
    assert play_randomly(friday, rng, CASH_HANDS) == CASH_HANDS
    services.close_table(host, friday.pk)
    friday = fresh(friday)
    assert friday.status == Table.Status.CLOSED
    owed = session(friday).transfers
    assert owed, "somebody won at Friday's table"
    mark_paid(friday, owed[0], host, "paid")

    game = bank.open_session(host, club, "Home game at Cat's")
    bank.record(host, club, game.pk, cat.pk, "buy_in", 50)
    bank.record(host, club, game.pk, dan.pk, "buy_in", 50)
    bank.record(host, club, game.pk, dan.pk, "rebuy", 50)
    joe = bank.record(host, club, game.pk, 0, "buy_in", 40, friend="Uncle Joe").user_id
    assert joe is not None  # a guest of the club, written down by name
    bank.record(host, club, game.pk, cat.pk, "cash_out", 120)
    bank.record(host, club, game.pk, dan.pk, "cash_out", 30)
    bank.record(host, club, game.pk, joe, "cash_out", 40)
    bank.close(host, club, game.pk)

    sit_and_go = tournaments.create_tournament(
        host, club, settings_for(name="Drill sit & go", start_players=3, starting_stack=200)
    )
    now = timezone.now()
    for person in (ann, ben, eve):
        tournaments.register(person, sit_and_go.pk, now=now)
    for _ in range(20_000):
        if Tournament.objects.get(pk=sit_and_go.pk).status == Tournament.Status.FINISHED:
            break
        now += timedelta(seconds=3)
        for table in Table.objects.filter(tournament=sit_and_go).exclude(status="closed"):
            if not play_step(table, rng, shove=0.3) and table.next_hand_at is not None:
                tournaments.table_due(table.pk, table.version, now)
    else:
        pytest.fail("the sit & go did not end")
    waiting = tournaments.create_tournament(
        host, club, settings_for(name="Next week", start_players=4)
    )
    tournaments.register(fay, waiting.pk)

    book = balances.book(club)
    sent = next(t for t in book.transfers if t.payer.startswith("user:"))
    payer = next(p for p in (ann, ben, cat, dan, eve) if f"user:{p.pk}" == sent.payer)
    payments.pay(club, sent, payer, "sent")

    main = services.create_table(host, club, table_settings(name="Main"))
    services.sit(dan, main.pk, 1, 200)
    services.sit(fay, main.pk, 2, 200)
    fold_out(deal(main))
    main = deal(main)
    seat, _ = to_act(main)
    services.act(user_at(main, seat), main.pk, "call", None, None)  # the button completes
    main = fresh(main)
    seat, state = to_act(main)
    assert main.in_hand and state["hand"]["number"] == 2 and seat is not None

    backfill()  # each finished hand's history rows, as the clock writes them
    return {
        "main": main.pk,
        "hand": main.current_hand_id,
        "number": main.hand_count,
        "version": main.version,
        "to_act": seat,
        "cookies": {dan.pk: session_cookie(dan), fay.pk: session_cookie(fay)},
        "tournament": sit_and_go.pk,
    }


def chips_accounted(after: dict[str, Any], table_id: int) -> tuple[int, int]:
    """(bought in, on the table + cashed out + raked) at the start of the table's last
    hand: its players' stacks then, the chips of the seats it did not deal in (DESIGN
    invariant 2)."""
    table_key = str(table_id)
    ledger = [e for e in after["rows"]["tables.ledgerentry"] if e["table_id"] == table_id]
    bought = sum(e["amount"] for e in ledger if e["kind"] in ("buy_in", "top_up", "adjust_add"))
    out = sum(e["amount"] for e in ledger if e["kind"] in ("cash_out", "rake", "adjust_remove"))
    last = max(
        (h for h in after["hands"].values() if h["table"] == table_id), key=lambda h: h["number"]
    )
    dealt = {p["seat"] for p in last["players"]}
    others = sum(
        s["stack"] + s["pending_chips"]
        for s in after["rows"]["tables.seat"]
        if s["table_id"] == table_id and s["user_id"] is not None and s["number"] not in dealt
    )
    on_table = sum(p["stack"] for p in last["players"]) + others
    assert after["tables"][table_key]["hand_count"] == last["number"]
    return bought, on_table + out


# --- the drill ------------------------------------------------------------------------------


def test_a_dumped_club_restores_whole_and_its_live_table_resumes_its_hand(
    club_with_roles, players, fresh_database, tmp_path, settings, monkeypatch
):
    pg_dump, pg_restore = _tool("pg_dump"), _tool("pg_restore")
    settings.RUNOUT_STEP_MS = 0  # boards of all-ins at once while the club is made
    decks = random.Random(2026)  # and the same decks every run (the servers shuffle their own)
    monkeypatch.setattr("tables.play.actions.deck.new_secret", lambda: decks.randbytes(32))
    club, host = club_with_roles["club"], club_with_roles["host"]
    world = a_club_with_history(club, host, players)

    dump = tmp_path / "pokerclub.dump"
    _run_tool([pg_dump, "--format=custom", f"--file={dump}", connection.settings_dict["NAME"]])
    _run_tool([pg_restore, "--no-owner", "--exit-on-error", f"--dbname={fresh_database}",
               str(dump)])  # fmt: skip
    before = facts_of(_url(connection.settings_dict["NAME"]), tmp_path / "before.json")
    restored = facts_of(_url(fresh_database), tmp_path / "restored.json")

    # the backup held a club worth restoring
    main, hand = str(world["main"]), str(world["hand"])
    assert sum(h["finished"] for h in before["hands"].values()) >= CASH_HANDS + 2
    assert all(h["proof_checks"] and h["replays_to_its_end"]
               for h in before["hands"].values() if h["finished"])  # fmt: skip
    assert before["rows"]["tables.transferpaid"] and before["rows"]["tables.clubpayment"]
    assert before["rows"]["pokerclub.membership"] and before["rows"]["sessions.session"]
    sit_and_go = before["tournaments"][str(world["tournament"])]
    places = sorted(place for _, _, place, *_ in sit_and_go["entries"])
    assert len(places) == 3 and places[0] == 1 and places[1] > 1  # one winner, all placed
    assert sum(prize for *_, prize, _, _, _ in sit_and_go["entries"]) == sit_and_go["prize_pool"]
    assert before["tables"][main]["in_hand"] and not before["hands"][hand]["finished"]
    assert before["tables"][main]["public_state"]["hand"]["to_act"] == world["to_act"]
    assert len(before["tables"][main]["own_cards"]) == 2

    # and the restore holds the same club: every row, balance, hand, tournament and table
    assert before["schema"]["indexes"] and before["schema"]["constraints"]
    assert not before["schema"]["unapplied_migrations"]
    for part in ("schema", "rows", "books", "sessions", "hands", "tournaments", "tables"):
        assert restored[part] == before[part], f"{part}: not the same after the restore"

    # the restored database serves the table: its hand goes on where it was
    env = server_env(DATABASE_URL=_url(fresh_database))
    daphne, clock = Daphne(env, tmp_path / "daphne.log"), Clock(env, tmp_path / "clock.log")
    bots = [
        Bot(f"ws://127.0.0.1:{daphne.port}/ws/tables/{world['main']}/", cookie, daphne.url,
            rng=random.Random(user_id), bot_id=user_id)
        for user_id, cookie in world["cookies"].items()
    ]  # fmt: skip
    number, to_act_seat = world["number"], world["to_act"]

    def acted() -> bool:
        """What the players' pages show once the player to act has acted: the hand over,
        or someone else to act, or the flop (the big blind checked)."""
        for bot in bots:
            hand = (bot.state or {}).get("hand")
            if hand and (hand["number"] > number or hand["finished"]
                         or hand["to_act"] != to_act_seat or any(hand["boards"])):  # fmt: skip
                return True
        return False

    async def resume() -> None:
        async with playing(bots):
            # no clock yet: nothing but the player can move the hand on
            await eventually_async(acted, what="the player to act acting after the restore")
            clock.start()
            await eventually_async(
                lambda: all(number + 1 in bot.hands_seen for bot in bots),
                what=lambda: (
                    f"hand {number + 1} dealt to both players "
                    f"(they saw {[sorted(b.hands_seen) for b in bots]})"
                ),
            )

    daphne.start()
    try:
        run_async(resume)
    finally:
        clock.stop()
        daphne.stop()
    assert not [e for bot in bots for e in bot.errors if e["code"] not in LATE_CODES]

    after = facts_of(_url(fresh_database), tmp_path / "after.json")
    resumed = after["hands"][hand]
    assert resumed["finished"] and resumed["proof_checks"] and resumed["replays_to_its_end"]
    kept = before["hands"][hand]["actions"]
    assert resumed["actions"][: len(kept)] == kept  # what happened before the backup stands
    sequence, seat, _, kind, _, timeout = resumed["actions"][len(kept)]
    assert sequence > kept[-1][0] and (seat, timeout) == (to_act_seat, False), kind
    assert after["tables"][main]["hand_count"] > number  # the next hand was dealt
    assert sum(resumed["result"]["stacks"].values()) + resumed["rake"] == sum(
        p["stack"] for p in resumed["players"]
    )
    bought, accounted = chips_accounted(after, world["main"])
    assert bought == accounted
    # nothing else changed meanwhile: the closed sessions and the tournament are as before
    assert after["tournaments"] == before["tournaments"]
    assert {k: v for k, v in after["sessions"].items() if k != main} == {
        k: v for k, v in before["sessions"].items() if k != main
    }
