"""Load generator: bots play over real WebSockets against a running server.

    python manage.py loadtest --url http://127.0.0.1:8000 --tables 100 --players 6 --hands 20

It creates bot users, a club and tables in the server's database (so run it with the same
DATABASE_URL as the server), logs every bot in with a session, and lets them play: each
bot thinks ``--think`` seconds (a random wait between half and one and a half times it)
before acting, or, with ``--think-dist lognormal``, a log-normal wait of median ``--think``
and shape ``--sigma``, as people do; ``--timeouts 0.03`` leaves 3 % of the decisions to the
table's clock (``--action-seconds``, ``--time-bank``). Latency is measured from sending an
action to every seat at that table having received the resulting state. The server needs
its clock (``manage.py run_clock``; ``make run`` starts one) to deal the hands. The last
line printed is one JSON object, with the generator's own event-loop lag and CPU time
beside the latency (a loaded generator would report its own delay as the server's).
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import statistics
import time
from collections import Counter
from typing import Any
from urllib.parse import urlparse

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.core.management.base import BaseCommand, CommandError

from pokerclub import gc_policy
from pokerclub.models import Club, Membership, Role, User
from tables.bots import Bot, TableStats, ThinkTime
from tables.play.models import Seat, Table


def session_cookie(user: User) -> str:
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"


def create_world(
    tables: int, players: int, run: str, action_seconds: int = 60, time_bank: int = 60
) -> list[tuple[int, list[tuple[User, str]]]]:
    """Bot users, a club, its tables; returns [(table id, [(user, cookie), ...]), ...]."""
    owner = User.objects.create_user(email=f"owner-{run}@load.pokerclub.test", display_name="Host")
    club = Club.objects.create(name=f"Load {run}", slug=f"load-{run}")
    Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    world = []
    for t in range(tables):
        table = Table.objects.create(
            club=club,
            name=f"Load {t + 1}",
            created_by=owner,
            small_blind=1,
            big_blind=2,
            min_buy_in=100,
            max_buy_in=200,
            max_seats=max(2, players),
            action_seconds=action_seconds,
            time_bank_seconds=time_bank,
        )
        Seat.objects.bulk_create(Seat(table=table, number=n) for n in range(1, table.max_seats + 1))
        bots = []
        for p in range(players):
            user = User(email=f"bot-{run}-{t}-{p}@load.pokerclub.test", display_name=f"Bot {t}.{p}")
            user.set_unusable_password()
            user.save()
            Membership.objects.create(club=club, user=user)
            bots.append((user, session_cookie(user)))
        world.append((table.pk, bots))
    return world


async def watch_loop_lag(stop: asyncio.Event, lags: list[float], every: float = 0.05) -> None:
    """Until ``stop``: how many milliseconds late this event loop wakes from a sleep of
    ``every`` seconds, into ``lags``."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(every)
        lags.append((time.perf_counter() - asked - every) * 1000)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


class Command(BaseCommand):
    help = "Play hands with bots over real WebSockets against a running server; print latency."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--url",
            default="http://127.0.0.1:8000",
            help="server URL; several, comma-separated, spread the tables over them",
        )
        parser.add_argument("--tables", type=int, default=10)
        parser.add_argument("--players", type=int, default=6)
        parser.add_argument("--hands", type=int, default=10)
        parser.add_argument("--think", type=float, default=1.0, help="seconds (the median)")
        parser.add_argument("--think-dist", choices=ThinkTime.KINDS, default="uniform")
        parser.add_argument("--sigma", type=float, default=0.75, help="log-normal shape")
        parser.add_argument("--timeouts", type=float, default=0.0, help="share left to the clock")
        parser.add_argument("--action-seconds", type=int, default=60)
        parser.add_argument("--time-bank", type=int, default=60)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--timeout", type=float, default=1800, help="give up after S seconds")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["players"] < 2 or opts["players"] > 10:
            raise CommandError("--players must be 2..10")
        try:
            opts["think_time"] = ThinkTime(
                opts["think"], opts["think_dist"], opts["sigma"], opts["timeouts"]
            )
        except ValueError as error:
            raise CommandError(str(error)) from None
        run = secrets.token_hex(3)
        world = create_world(
            opts["tables"], opts["players"], run, opts["action_seconds"], opts["time_bank"]
        )
        self.stderr.write(f"created {opts['tables']} tables x {opts['players']} bots (run {run})")
        # the generator holds the other end of every socket: its own full collections would
        # be counted as the servers' latency (pokerclub/gc_policy.py, as the servers have it)
        gc_policy.install(settings.GC_THAW_SECONDS)
        result = asyncio.run(self.play(world, opts))
        self.stdout.write(json.dumps(result))

    async def play(self, world: list[Any], opts: dict[str, Any]) -> dict[str, Any]:
        bases = [urlparse(u.strip()) for u in opts["url"].split(",") if u.strip()]
        rng = random.Random(opts["seed"])
        stop = asyncio.Event()
        all_stats: list[TableStats] = []
        bots: list[tuple[int, Bot]] = []
        for n, (table_id, players) in enumerate(world):
            base = bases[n % len(bases)]
            ws_scheme = "wss" if base.scheme == "https" else "ws"
            origin = f"{base.scheme}://{base.netloc}"
            stats = TableStats(seats=len(players))
            all_stats.append(stats)
            for i, (_user, cookie) in enumerate(players):
                bot = Bot(
                    f"{ws_scheme}://{base.netloc}/ws/tables/{table_id}/",
                    cookie,
                    origin,
                    seat=i + 1,
                    buy_in=150,
                    think=opts["think_time"],
                    rng=random.Random(rng.random()),
                    stats=stats,
                    bot_id=i,
                )
                bots.append((table_id, bot))
        for chunk in range(0, len(bots), 50):
            await asyncio.gather(*(b.connect() for _, b in bots[chunk : chunk + 50]))
        await asyncio.gather(*(b.sit_down() for _, b in bots))
        started = time.perf_counter()
        cpu_started = time.process_time()
        runners = [asyncio.create_task(b.run(stop)) for _, b in bots]
        lags: list[float] = []
        watcher = asyncio.create_task(watch_loop_lag(stop, lags))

        def hands_done() -> int:
            per_table: dict[int, int] = {}
            for table_id, bot in bots:
                state = bot.state
                done = 0
                if state and state.get("hand"):
                    number = state["hand"]["number"]
                    done = number if state["hand"]["finished"] else number - 1
                per_table[table_id] = max(per_table.get(table_id, 0), done)
            return sum(min(v, opts["hands"]) for v in per_table.values())

        target = opts["hands"] * len(world)
        last_report = 0.0
        marks = [0] * len(all_stats)  # each table's latencies already in a window
        while hands_done() < target and time.perf_counter() - started < opts["timeout"]:
            await asyncio.sleep(0.5)
            now = time.perf_counter()
            if now - last_report >= 5:
                last_report = now
                lat = [x for s in all_stats for x in s.latencies_ms]
                window = [
                    x for s, m in zip(all_stats, marks, strict=True) for x in s.latencies_ms[m:]
                ]
                marks = [len(s.latencies_ms) for s in all_stats]
                self.stderr.write(
                    f"{now - started:6.1f}s hands {hands_done()}/{target} "
                    f"actions {sum(s.actions for s in all_stats)} "
                    f"p50 {percentile(lat, 50):.1f} ms p99 {percentile(lat, 99):.1f} ms; "
                    f"last 5 s: {len(window)} p50 {percentile(window, 50):.1f} ms "
                    f"p99 {percentile(window, 99):.1f} ms"
                )
        elapsed = time.perf_counter() - started
        cpu = time.process_time() - cpu_started
        stop.set()
        await asyncio.gather(*runners, watcher, return_exceptions=True)
        await asyncio.gather(*(b.send({"type": "leave"}) for _, b in bots), return_exceptions=True)
        await asyncio.gather(*(b.close() for _, b in bots), return_exceptions=True)
        lat = [x for s in all_stats for x in s.latencies_ms]
        actions = sum(s.actions for s in all_stats)
        errors = sum(len(b.errors) for _, b in bots)
        error_codes = Counter(e.get("code") for _, b in bots for e in b.errors)
        await sync_to_async(lambda: None)()
        return {
            "tables": len(world),
            "players": len(bots),
            "hands": hands_done(),
            "actions": actions,
            "actions_per_s": round(actions / elapsed, 1) if elapsed else 0,
            "p50_ms": round(percentile(lat, 50), 1),
            "p95_ms": round(percentile(lat, 95), 1),
            "p99_ms": round(percentile(lat, 99), 1),
            "mean_ms": round(statistics.fmean(lat), 1) if lat else 0,
            "errors": errors,
            "error_codes": dict(error_codes),
            "seconds": round(elapsed, 1),
            # the generator's own health: how late its event loop ran a 50 ms timer (a late
            # loop is measured as the server's latency) and the CPU it used
            "loop_lag_p50_ms": round(percentile(lags, 50), 1),
            "loop_lag_p99_ms": round(percentile(lags, 99), 1),
            "loop_lag_max_ms": round(max(lags, default=0.0), 1),
            "generator_cpu_s": round(cpu, 1),
            "think": opts["think"],
            "think_dist": opts["think_dist"],
            "timed_out": sum(b.timed_out for _, b in bots),
        }
