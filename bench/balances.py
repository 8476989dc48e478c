"""The club money book's benchmark (issue 17): a script, not a test.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python bench/balances.py [--members 200] [--sessions 5000] [--keepdb]

It creates its own database (``bench_balances``, dropped at the end unless ``--keepdb``),
fills one club with ``--members`` members and ``--sessions`` closed sessions (each with 4
to 9 of the members: a buy-in, sometimes a top-up, a cash-out that conserves the chips, a
rake in some; a few payments marked on the session pages and in the book; three
settle-with groups), and measures the "Who owes whom" page (``/clubs/<slug>/history/money/``)
through Django's test client, in process: server time per request (median and 95th
percentile of ``--repeat`` requests) and its SQL queries, and the same for a club of a
tenth of the sessions (the query count must not depend on them). The last line is one JSON
object.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
os.environ.setdefault("EMBEDDED_CLOCK", "0")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
from history import cpu_model  # noqa: E402  (bench/history.py, beside this script)


def populate(name: str, members: int, sessions: int, seed: int) -> dict:
    """One club with its members and closed sessions, inserted in bulk."""
    from pokerclub.models import Club, Membership, Role, User
    from tables.money.actions.sessions import record_nets
    from tables.money.models import (
        ClubPayment,
        LedgerEntry,
        SettleGroup,
        SettleGroupMember,
        TransferPaid,
    )
    from tables.money.settlement import session, user_key
    from tables.play.models import Table

    rng = random.Random(seed)
    started = time.perf_counter()
    users = User.objects.bulk_create(
        User(email=f"m{i}.{name}@bench.test", display_name=f"Member {i}") for i in range(members)
    )
    club = Club.objects.create(name=name, slug=name)
    Membership.objects.bulk_create(
        Membership(club=club, user=u, role=Role.OWNER if i == 0 else Role.MEMBER)
        for i, u in enumerate(users)
    )
    tables = Table.objects.bulk_create(
        Table(club=club, name=f"Night {i}", status=Table.Status.CLOSED) for i in range(sessions)
    )
    entries = []
    for table in tables:
        players = rng.sample(users, rng.randint(4, 9))
        stacks = []
        for user in players:
            bought = rng.choice([100, 200, 200, 400]) * 100
            entries.append(LedgerEntry(table=table, user=user, kind="buy_in", amount=bought))
            if rng.random() < 0.3:
                extra = rng.choice([100, 200]) * 100
                entries.append(LedgerEntry(table=table, user=user, kind="top_up", amount=extra))
                bought += extra
            stacks.append(bought)
        total = sum(stacks)
        rake = rng.randint(0, 500) if rng.random() < 0.3 else 0
        # the chips that leave: shuffled between the players, all accounted (rake included)
        weights = [rng.random() ** 2 for _ in players]
        outs = [int((total - rake) * w / sum(weights)) for w in weights]
        outs[0] += total - rake - sum(outs)
        for user, out in zip(players, outs, strict=True):
            if out:
                entries.append(LedgerEntry(table=table, user=user, kind="cash_out", amount=out))
        if rake:
            entries.append(LedgerEntry(table=table, kind="rake", amount=rake))
    LedgerEntry.objects.bulk_create(entries, batch_size=5000)
    for table in tables:  # as closing each session did
        record_nets(table)
    marks = []
    for table in tables[: max(1, sessions // 20)]:  # a few sessions settled on their page
        for t in session(table).transfers[:2]:
            marks.append(TransferPaid(table=table, payer=t.payer, payee=t.payee,
                                      amount=t.amount, status="confirmed"))  # fmt: skip
    TransferPaid.objects.bulk_create(marks)
    ClubPayment.objects.bulk_create(
        ClubPayment(club=club, payer=user_key(users[i].pk), payee=user_key(users[i + 1].pk),
                    amount=1000 * (i + 1), status=rng.choice(["marked", "confirmed"]))
        for i in range(0, 20, 2)
    )  # fmt: skip
    for g in range(3):
        group = SettleGroup.objects.create(club=club, name=f"Group {g}")
        SettleGroupMember.objects.bulk_create(
            SettleGroupMember(group=group, club=club, user=users[100 + 2 * g + k]) for k in (0, 1)
        )
    return {"club": club, "owner": users[0], "fill_s": round(time.perf_counter() - started, 1)}


def measure(client: Client, url: str, repeat: int) -> dict:
    client.get(url)  # warm
    times = []
    queries = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
        queries = len(captured)
    times.sort()
    return {
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[int(len(times) * 0.95) - 1], 1),
        "queries": queries,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=200)
    parser.add_argument("--sessions", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--keepdb", action="store_true")
    args = parser.parse_args()

    from django.conf import settings

    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = "bench_balances"
    setup_test_environment()
    settings.DEBUG = False
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=args.keepdb)
    try:
        from pokerclub.models import Club

        results = {}
        for name, sessions in (("small", args.sessions // 10), ("big", args.sessions)):
            club = Club.objects.filter(slug=f"bench-{name}").first()
            if club is None:
                print(f"filling {args.members} members, {sessions:,} sessions ...", file=sys.stderr)
                data = populate(f"bench-{name}", args.members, sessions, seed=len(name))
            else:
                data = {"club": club, "owner": club.memberships.get(role="owner").user,
                        "fill_s": None}  # fmt: skip
            if connection.vendor == "postgresql":  # the planner's statistics, as autovacuum
                with connection.cursor() as cursor:  # keeps them in a running database
                    cursor.execute("ANALYZE")
            client = Client()
            client.force_login(data["owner"])
            row = measure(client, f"/clubs/{data['club'].slug}/history/money/", args.repeat)
            results[name] = {"sessions": sessions, "fill_seconds": data["fill_s"], **row}
            print(
                f"money book, {args.members} members, {sessions:>6,} sessions: "
                f"{row['median_ms']:6.1f} ms median, {row['p95_ms']:6.1f} ms p95, "
                f"{row['queries']} queries"
            )
        result = {
            "machine": {
                "nproc": os.cpu_count(),
                "cpu": cpu_model(),
                "python": platform.python_version(),
                "database": connection.vendor,
            },
            "members": args.members,
            "money_book": results,
        }
        print(json.dumps(result))
    finally:
        if not args.keepdb:
            connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
