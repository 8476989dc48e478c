"""History benchmark (issue 6, "Speed"): a script, not a test.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python bench/history.py [--hands 100000] [--export 10000] [--keepdb]

It creates its own database (``bench_history``, dropped at the end unless ``--keepdb``),
fills one club with ``--hands`` finished hands (6 players each, with their ``HandPlayer``
rows; the hands of one table, ``--export`` of them, also get their ``HandAction`` rows so
they can be replayed and exported) and measures:

* the hand list page (``/clubs/<slug>/history/``) through Django's test client, in process:
  server time per request (median and 95th percentile of ``--repeat`` requests) and the
  number of SQL queries, for the first page, a deep page (keyset ``before``), and the
  filters by player, by result (won) and by showdown. The query count must not depend on
  the number of hands.
* exporting the ``--export`` hands of one table to PokerStars text, PHH and JSON with
  ``tables.hands.exports.stream`` (what ``manage.py export_hands`` and the downloads
  use): hands per second, and the peak of Python memory (``tracemalloc``) streaming 1,000
  and then all of them, which must stay flat.

Hands are synthetic copies of a few hundred real ones: random legal no-limit hands played
by the engine (seeded), so every copy replays exactly. The last line is one JSON object.
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
import tracemalloc
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
os.environ.setdefault("EMBEDDED_CLOCK", "0")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
from django.utils import timezone  # noqa: E402

from engine.actions import Action, ActionKind  # noqa: E402
from engine.hand import apply, start_hand  # noqa: E402
from engine.legal_actions import legal_actions  # noqa: E402
from engine.state import HandConfig, Phase  # noqa: E402


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def random_hand(
    rng: random.Random, seats: list[int]
) -> tuple[HandConfig, bytes, list[tuple[int, str, int | None]]]:
    """A random legal no-limit hand: its config, seed and actions (seat, kind, amount)."""
    config = HandConfig(
        seats=tuple(seats),
        stacks=tuple(rng.randint(40, 300) for _ in seats),
        button=rng.choice(seats),
        small_blind=1,
        big_blind=2,
    )
    seed = rng.randbytes(32)
    state, _ = start_hand(config, seed=seed)
    actions = []
    while not state.is_finished:
        legal = legal_actions(state)
        assert legal is not None
        if state.phase is Phase.RUN_TWICE:
            action = Action(ActionKind.RUN_TWICE, legal.seat, 0)
        elif state.phase is Phase.SHOWDOWN:
            kind = rng.choice(legal.kinds)
            action = Action(kind, legal.seat)
        else:
            kinds = [k for k in legal.kinds if k is not ActionKind.ALL_IN or rng.random() < 0.1]
            kind = rng.choice(kinds)
            amount = None
            if kind in (ActionKind.BET, ActionKind.RAISE):
                amount = rng.randint(legal.min_to, min(legal.max_to, legal.min_to * 3))
            if kind is ActionKind.ALL_IN:
                amount = legal.all_in_to
            action = Action(kind, legal.seat, amount)
        state, _ = apply(state, action)
        actions.append((action.seat, str(action.kind), action.amount))
    return config, seed, actions


def populate(hands: int, export: int, templates: int) -> dict:
    from pokerclub import actions as club_actions
    from pokerclub.models import Membership, User
    from tables.hands.actions.summary import player_rows
    from tables.hands.models import Hand, HandAction, HandPlayer
    from tables.hands.replay import RecordedAction, replay_record
    from tables.play.models import Table

    rng = random.Random(6)
    users = [
        User.objects.create_user(email=f"p{i}@bench.example", password="x", display_name=f"P{i}")
        for i in range(6)
    ]
    club = club_actions.create_club(users[0], name="Bench club")
    for u in users[1:]:
        Membership.objects.create(club=club, user=u)
    per_table = export
    tables = [
        Table.objects.create(club=club, name=f"T{i}")
        for i in range((hands + per_table - 1) // per_table)
    ]
    seats = [1, 2, 3, 4, 5, 6]
    made = []
    for _ in range(templates):
        config, seed, acts = random_hand(rng, seats)
        recorded = [RecordedAction(s, k, a) for s, k, a in acts]
        fake = Hand(
            pk=0,
            players=[
                {"seat": s, "user_id": u.pk, "name": str(u), "stack": st}
                for s, u, st in zip(seats, users, config.stacks, strict=True)
            ],
        )
        replayed = replay_record(fake, config, seed, recorded)
        final = replayed.final
        made.append(
            {
                "config": config.to_json(),
                "seed": seed.hex(),
                "commitment": final.commitment,
                "final_state": final.to_json(),
                "rake": final.rake,
                "actions": acts,
                "players": fake.players,
                "rows": player_rows(replayed),
                "result": {"stacks": {str(k): v for k, v in final.stacks_by_seat().items()}},
            }
        )
    start = timezone.now() - timedelta(days=365)
    batch = 2000
    t0 = time.perf_counter()
    for first in range(0, hands, batch):
        rows = []
        for i in range(first, min(hands, first + batch)):
            m = made[i % templates]
            table = tables[i // per_table]
            at = start + timedelta(seconds=300 * i)
            rows.append(
                Hand(
                    table=table,
                    number=i % per_table + 1,
                    started_at=at,
                    ended_at=at + timedelta(seconds=60),
                    players=m["players"],
                    config=m["config"],
                    commitment=m["commitment"],
                    seed=m["seed"],
                    final_state=m["final_state"],
                    result=m["result"],
                    rake=m["rake"],
                )
            )
        created = Hand.objects.bulk_create(rows)
        people = []
        acts = []
        for i, hand in enumerate(created, start=first):
            m = made[i % templates]
            for row in m["rows"]:
                people.append(
                    HandPlayer(
                        hand=hand,
                        club=club,
                        table_id=hand.table_id,
                        user=users[row["seat"] - 1],
                        name=str(users[row["seat"] - 1]),
                        ended_at=hand.ended_at,
                        **row,
                    )
                )
            if hand.table_id == tables[0].pk:
                acts.extend(
                    HandAction(
                        hand=hand,
                        sequence=n,
                        seat=s,
                        kind=k,
                        amount=a,
                        version=n,
                        created_at=hand.started_at,
                    )
                    for n, (s, k, a) in enumerate(m["actions"], start=1)
                )
        HandPlayer.objects.bulk_create(people, batch_size=5000)
        HandAction.objects.bulk_create(acts, batch_size=5000)
        print(f"  {first + len(created):,} hands", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("ANALYZE")
        else:
            cursor.execute("ANALYZE")
    return {
        "club": club,
        "users": users,
        "tables": tables,
        "fill_s": round(time.perf_counter() - t0, 1),
    }


def measure_list(client: Client, url: str, params: dict, repeat: int) -> dict:
    times, queries = [], []
    for _ in range(repeat + 2):
        with CaptureQueriesContext(connection) as captured:
            t0 = time.perf_counter()
            response = client.get(url, params)
            elapsed = time.perf_counter() - t0
        assert response.status_code == 200, response.status_code
        times.append(elapsed * 1000)
        queries.append(len(captured))
    times = times[2:]  # warm-up
    return {
        "rows": len(response.context["hands"]),
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(sorted(times)[int(0.95 * (len(times) - 1))], 1),
        "queries": queries[-1],
    }


def measure_export(table, count: int) -> dict:
    from tables.hands.exports import stream
    from tables.hands.exports.common import Viewer
    from tables.hands.models import Hand

    out: dict = {}
    hands = Hand.objects.filter(table=table)
    for fmt in ("pokerstars", "phh", "json"):
        size = 0
        t0 = time.perf_counter()
        for piece in stream(hands, fmt, Viewer.public()):
            size += len(piece)
        elapsed = time.perf_counter() - t0
        out[fmt] = {
            "hands": count,
            "seconds": round(elapsed, 2),
            "hands_per_s": round(count / elapsed),
            "mb": round(size / 1e6, 1),
        }
    peaks = {}
    for limit in sorted({1000, count // 2, count}):
        tracemalloc.start()
        for _ in stream(hands.filter(number__lte=limit), "json", Viewer.public()):
            pass
        peaks[limit] = round(tracemalloc.get_traced_memory()[1] / 1e6, 1)
        tracemalloc.stop()
    out["peak_python_mb"] = peaks
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--export", type=int, default=10_000)
    parser.add_argument("--templates", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--keepdb", action="store_true")
    args = parser.parse_args()

    from django.conf import settings

    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = "bench_history"
    setup_test_environment()
    settings.DEBUG = False
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=args.keepdb)
    try:
        from tables.hands.models import Hand

        if not Hand.objects.exists():
            print(f"filling {args.hands:,} hands ...", file=sys.stderr)
            data = populate(args.hands, args.export, args.templates)
        else:
            from pokerclub.models import Club, User
            from tables.play.models import Table

            club = Club.objects.get(name="Bench club")
            data = {
                "club": club,
                "users": list(User.objects.order_by("pk")[:6]),
                "tables": list(Table.objects.filter(club=club).order_by("pk")),
                "fill_s": None,
            }
        club, users = data["club"], data["users"]
        client = Client()
        client.force_login(users[0])
        url = f"/clubs/{club.slug}/history/"
        from django.urls import NoReverseMatch, reverse

        try:
            url = reverse("history:list", args=[club.slug])
        except NoReverseMatch:
            settings.ROOT_URLCONF = "tests.tables.history_helpers"
        total = Hand.objects.filter(table__club=club).count()
        middle = (
            Hand.objects.filter(table__club=club)
            .order_by("pk")
            .values_list("pk", flat=True)[total // 2]
        )
        lists = {
            "first_page": measure_list(client, url, {}, args.repeat),
            "deep_page": measure_list(client, url, {"before": middle}, args.repeat),
            "player": measure_list(client, url, {"player": users[3].pk}, args.repeat),
            "won": measure_list(client, url, {"result": "won"}, args.repeat),
            "showdown": measure_list(client, url, {"showdown": "1"}, args.repeat),
            "table_and_dates": measure_list(
                client,
                url,
                {"table": data["tables"][1].pk, "since": "2000-01-01", "until": "2999-12-31"},
                args.repeat,
            ),
        }
        export = measure_export(data["tables"][0], min(args.export, total))
        result = {
            "machine": {
                "nproc": os.cpu_count(),
                "cpu": cpu_model(),
                "python": platform.python_version(),
                "database": connection.vendor,
            },
            "hands": total,
            "fill_seconds": data["fill_s"],
            "hand_list": lists,
            "export": export,
        }
        for name, row in lists.items():
            print(
                f"hand list {name:16} {row['median_ms']:7.1f} ms median  {row['p95_ms']:7.1f} ms p95  "
                f"{row['queries']} queries  ({row['rows']} rows)"
            )
        for fmt in ("pokerstars", "phh", "json"):
            e = export[fmt]
            print(
                f"export {fmt:10} {e['hands']:,} hands in {e['seconds']} s ({e['hands_per_s']:,}/s, {e['mb']} MB)"
            )
        print(f"export peak Python memory: {export['peak_python_mb']}")
        print(json.dumps(result))
    finally:
        if not args.keepdb:
            connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
