"""Tournament load generator: bots play tournaments over real WebSockets against a
running server (the sibling of ``loadtest``).

    python manage.py loadtest_tournaments --url http://127.0.0.1:8000 \\
        --tournaments 10 --players 50 --seconds 120 --think 1.0

It creates a club, ``--tournaments`` sit & go tournaments of ``--players`` bots each (nine
a table), registers every bot (each tournament starts when its last bot registers), and
lets them play for ``--seconds`` (or until every tournament is over): each bot follows its
player to the table the tournament moves them to (``tables.bots.TournamentBot``).
Reported: an action's latency until every bot connected to that table has the result
(p50, p99), a table move's latency from the ``moved`` message to the new table's first
state (p50, p99), actions a second, moves, hands, tournaments finished, and the load
generator's own event-loop lag (so its own slowness is not taken for the server's). Run
it with the server's DATABASE_URL; the server needs its clock (``manage.py run_clock``).
The last line printed is one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from collections import Counter
from typing import Any

from asgiref.sync import sync_to_async
from django.core.management.base import BaseCommand, CommandError

from engine.tournament import Level
from pokerclub.models import Club, Membership, Role, User
from tables.bots import TournamentBot, TournamentStats
from tables.hands.models import Hand
from tables.management.commands.loadtest import percentile, session_cookie
from tables.play.models import Seat, Table
from tables.tournaments import actions as tournaments
from tables.tournaments.models import Tournament

LEVELS = [
    Level(10 * k, 20 * k, ante=20 * k if k >= 4 else 0, ante_by_big_blind=k >= 4, minutes=2)
    for k in (1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100)
]
"""Two-minute levels: a benchmark's tournament moves along."""


def create_world(count: int, players: int, run: str) -> tuple[list[int], list[tuple[User, str]]]:
    owner = User.objects.create_user(email=f"owner-{run}@tload.pokerclub.test", display_name="Host")
    club = Club.objects.create(name=f"Tournament load {run}", slug=f"tload-{run}")
    Membership.objects.create(club=club, user=owner, role=Role.HOST)
    bots: list[tuple[User, str]] = []
    for i in range(count * players):
        user = User(email=f"tbot-{run}-{i}@tload.pokerclub.test", display_name=f"Bot {i}")
        user.set_unusable_password()
        user.save()
        Membership.objects.create(club=club, user=user)
        bots.append((user, session_cookie(user)))
    ids = []
    for t in range(count):
        tournament = tournaments.create_tournament(
            owner,
            club,
            tournaments.Settings(
                name=f"Load {t + 1}", buy_in=1000, starting_stack=3000, levels=tuple(LEVELS),
                seats_per_table=9, start_players=players, action_seconds=30,
            ),
        )  # fmt: skip
        ids.append(tournament.pk)
    return ids, bots


def register_all(ids: list[int], bots: list[tuple[User, str]], players: int) -> None:
    for t, tournament_id in enumerate(ids):
        for user, _cookie in bots[t * players : (t + 1) * players]:
            tournaments.register(user, tournament_id)


def table_of(user_id: int, tournament_ids: list[int]) -> int | None:
    return (
        Seat.objects.filter(table__tournament_id__in=tournament_ids, user_id=user_id)
        .exclude(table__status=Table.Status.CLOSED)
        .values_list("table_id", flat=True)
        .first()
    )


class Command(BaseCommand):
    help = "Play tournaments with bots over real WebSockets against a running server."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--url", default="http://127.0.0.1:8000",
                            help="server URL; several, comma-separated, share the bots")  # fmt: skip
        parser.add_argument("--tournaments", type=int, default=10)
        parser.add_argument("--players", type=int, default=50)
        parser.add_argument("--seconds", type=float, default=120)
        parser.add_argument("--think", type=float, default=1.0)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--warmup", type=float, default=30,
                            help="also report the latencies after the first S seconds")  # fmt: skip

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["players"] < 2:
            raise CommandError("--players must be 2 or more")
        run = secrets.token_hex(3)
        ids, bots = create_world(opts["tournaments"], opts["players"], run)
        self.stderr.write(f"created {len(ids)} tournaments x {opts['players']} bots (run {run})")
        register_all(ids, bots, opts["players"])
        result = asyncio.run(self.play(ids, bots, opts))
        self.stdout.write(json.dumps(result))

    async def play(
        self, ids: list[int], bots: list[tuple[User, str]], opts: dict[str, Any]
    ) -> dict[str, Any]:
        servers = [u.strip() for u in opts["url"].split(",") if u.strip()]
        rng = random.Random(opts["seed"])
        stats = TournamentStats()
        stop = asyncio.Event()
        players = [
            TournamentBot(user.pk, cookie, think=opts["think"], rng=random.Random(rng.random()))
            for user, cookie in bots
        ]
        lags: list[float] = []

        async def watch_lag() -> None:  # the generator's own event loop, measured
            while not stop.is_set():
                before = time.perf_counter()
                await asyncio.sleep(0.1)
                lags.append((time.perf_counter() - before - 0.1) * 1000)

        def over() -> int:
            return Tournament.objects.filter(pk__in=ids, status="finished").count()

        started = time.perf_counter()

        def seat_finder(user_id: int) -> Any:
            return lambda: sync_to_async(table_of)(user_id, ids)

        runners = [
            asyncio.create_task(bot.follow(servers, seat_finder(bot.user_id), stop, stats))
            for bot in players
        ]
        lag_task = asyncio.create_task(watch_lag())
        last = 0.0
        while time.perf_counter() - started < opts["seconds"]:
            await asyncio.sleep(1)
            now = time.perf_counter()
            if now - last >= 10:
                last = now
                done = await sync_to_async(over)()
                self.stderr.write(
                    f"{now - started:6.1f}s actions {stats.actions} moves "
                    f"{sum(b.moves for b in players)} p99 {percentile(stats.latencies_ms, 99):.1f}"
                    f" ms, {done}/{len(ids)} finished"
                )
                if done == len(ids):
                    break
        elapsed = time.perf_counter() - started
        stop.set()
        await asyncio.gather(*runners, return_exceptions=True)
        await asyncio.gather(*(b.close() for b in players), return_exceptions=True)
        lag_task.cancel()
        moves = [ms for b in players for ms in b.move_ms]
        cut = started + opts["warmup"]
        steady = [ms for ms, at in zip(stats.latencies_ms, stats.at, strict=True) if at >= cut]
        steady_moves = [ms for b in players for ms, at in zip(b.move_ms, b.move_at, strict=True)
                        if at >= cut]  # fmt: skip
        hands = await sync_to_async(
            lambda: Hand.objects.filter(table__tournament_id__in=ids).exclude(ended_at=None).count()
        )()
        return {
            "tournaments": len(ids),
            "players": len(players),
            "seconds": round(elapsed, 1),
            "think": opts["think"],
            "actions": stats.actions,
            "actions_per_s": round(stats.actions / elapsed, 1) if elapsed else 0,
            "hands": hands,
            "finished": await sync_to_async(over)(),
            "p50_ms": round(percentile(stats.latencies_ms, 50), 1),
            "p99_ms": round(percentile(stats.latencies_ms, 99), 1),
            # after the start's storm (every table's first deal, every socket connecting)
            "after_warmup": {
                "seconds": opts["warmup"],
                "p50_ms": round(percentile(steady, 50), 1),
                "p99_ms": round(percentile(steady, 99), 1),
                "move_p99_ms": round(percentile(steady_moves, 99), 1),
            },
            "moves": len(moves),
            "move_p50_ms": round(percentile(moves, 50), 1),
            "move_p99_ms": round(percentile(moves, 99), 1),
            "generator_lag_p99_ms": round(percentile(lags, 99), 1),
            "errors": dict(Counter(e.get("code") for b in players for e in b.errors)),
        }
