"""Server cost of one betting action through tables.play.actions.act, on the configured database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/pokerclub_actions python bench/actions.py [N]

Creates a club, a six-seat table and six players, then plays N actions (checks and calls
through whole hands) with real transactions. Prints wall and CPU milliseconds per action,
the number of SQL queries per action, and on PostgreSQL its backend's CPU milliseconds per
action (the whole loop's, the reads between actions included; from /proc: the server must
run on this machine). The channel layer is the in-memory one (nobody listens), so this is
the database transaction plus the projection, without the sockets.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
os.environ.pop("REDIS_URL", None)

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from pokerclub import actions  # noqa: E402
from pokerclub.models import Membership, User  # noqa: E402
from tables.play import actions as services  # noqa: E402
from tables.play.models import Seat, Table  # noqa: E402
from tables.play.projection import load_public_state  # noqa: E402


def backend_ticks() -> int:
    """User + system clock ticks of this connection's PostgreSQL backend (0 elsewhere): the
    server must run on this machine, as the bench's does."""
    if connection.vendor != "postgresql":
        return 0
    with connection.cursor() as cursor:
        cursor.execute("select pg_backend_pid()")
        (pid,) = cursor.fetchone()
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def main(n: int) -> None:
    call_command("migrate", verbosity=0)
    tag = os.urandom(3).hex()
    users = [
        User.objects.create_user(email=f"b{tag}{i}@bench.test", display_name=f"B{i}")
        for i in range(6)
    ]
    club = actions.create_club(users[0], name=f"Bench {tag}")
    for u in users[1:]:
        Membership.objects.create(club=club, user=u, role="host" if u == users[0] else "member")
    Membership.objects.filter(club=club, user=users[0]).update(role="owner")
    table = services.create_table(
        users[0],
        club,
        {
            "name": "Bench",
            "small_blind": 1,
            "big_blind": 2,
            "min_buy_in": 100,
            "max_buy_in": 100000,
            "max_seats": 6,
        },
    )
    for i, u in enumerate(users):
        services.sit(u, table.pk, i + 1, 100000)
    by_seat = {s.number: s.user for s in Seat.objects.filter(table=table).select_related("user")}
    wall, cpu, queries = [], [], []
    backend = backend_ticks()
    while len(wall) < n:
        t = Table.objects.get(pk=table.pk)
        if not t.in_hand:
            services.handle_due(t.pk, t.version, now=t.next_hand_at)
            continue
        hand = load_public_state(t.pk)["hand"]
        seat = hand["to_act"]
        action = "show" if hand["pending"] else "check" if hand["legal"]["check"] else "call"
        with CaptureQueriesContext(connection) as ctx:
            w0, c0 = time.perf_counter(), time.process_time()
            services.act(by_seat[seat], t.pk, action, None, None)
            wall.append((time.perf_counter() - w0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        queries.append(len(ctx.captured_queries))
    backend_ms = (backend_ticks() - backend) * 1000 / os.sysconf("SC_CLK_TCK")
    print(f"machine: {os.cpu_count()} cores; database: {connection.vendor}")
    print(f"actions: {n}")
    print(
        f"wall ms per action: median {statistics.median(wall):.2f}  p95 {sorted(wall)[int(0.95 * n)]:.2f}"
    )
    print(f"cpu ms per action:  median {statistics.median(cpu):.2f}")
    if connection.vendor == "postgresql":
        # the whole loop's, so the deals, hand ends and the reads between actions are in it
        print(f"PostgreSQL backend cpu ms per action: {backend_ms / n:.2f}")
    print(f"queries per action: {sorted(set(queries))} (BEGIN/COMMIT included where counted)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
