"""Settlements of many parties, worked out once and kept (:class:`~tables.money.models.SettlementPlan`).

Up to :data:`~.fewest_transfers.EXACT_UP_TO` parties (after pairing opposite nets) a page settles
its nets itself, in bounded time. From there to :data:`~.fewest_transfers.SEARCH_UP_TO` the exact
search (:mod:`.partition`) has no bound on its time, so:

1. the page looks the nets up by their digest: a plan already known is shown as it is, so a
   session's transfers never change once they are known and marks on them stay on them;
2. else the page searches for up to :data:`PAGE_SECONDS`; what it finds it keeps;
3. else it keeps the nets as *searching* and shows largest-first transfers meanwhile, saying
   so; the clock's worker (:func:`search_due`, in a child process so the clock keeps its
   deadlines) searches for up to :data:`WORKER_SECONDS`, then keeps the fewest, or, out
   of time, the largest-first transfers marked as not proven the fewest.

Beyond :data:`~.fewest_transfers.SEARCH_UP_TO` parties the transfers are largest-first, at once.
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import time
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from tables.money.fewest_transfers import (
    EXACT_UP_TO,
    SEARCH_UP_TO,
    Plan,
    Transfer,
    pair_opposites,
    plan_from_split,
)
from tables.money.models import SettlementPlan
from tables.money.partition import search_into, zero_sum_split

log = logging.getLogger(__name__)

PAGE_SECONDS = 1.0
"""A page's allowance for the search, once per set of nets (30-party nets take 3 ms to
0.9 s as measured: docs/benchmarks/2026-12-03.md)."""
WORKER_SECONDS = 600.0
"""The worker's allowance for one set of nets."""


def digest(nets: Mapping[str, int]) -> str:
    return hashlib.sha256(json.dumps(_ordered(nets), separators=(",", ":")).encode()).hexdigest()


def _ordered(nets: Mapping[str, int]) -> list[list[Any]]:
    return [[key, value] for key, value in sorted(nets.items()) if value]


def _plan_of(row: SettlementPlan) -> Plan:
    return Plan(
        [Transfer(payer, payee, amount) for payer, payee, amount in row.transfers],
        fewest=row.status == SettlementPlan.Status.FEWEST,
    )


def settle(nets: Mapping[str, int], marked: bool = False) -> Plan:
    """The transfers that settle ``nets`` for a page, in bounded time (see the module).

    ``marked``: transfers of these nets were marked before their plan was kept (a session
    settled largest-first before the search existed): that plan is kept as it is, so the
    marks stay on the transfers they were made on."""
    pairs, rest = pair_opposites(nets)
    if not EXACT_UP_TO < len(rest) <= SEARCH_UP_TO:  # no search: bounded as it is
        return plan_from_split(pairs, rest, None)
    key = digest(nets)
    row = SettlementPlan.objects.filter(key=key).first()
    if row is not None and row.status != SettlementPlan.Status.SEARCHING:
        return _plan_of(row)
    largest_first = plan_from_split(pairs, rest, None)
    if row is None:
        started = time.monotonic()
        split = None if marked else zero_sum_split([v for _, v in rest], PAGE_SECONDS)
        found = plan_from_split(pairs, rest, split) if split is not None else largest_first
        if found.fewest:
            status = SettlementPlan.Status.FEWEST
        elif marked:
            status = SettlementPlan.Status.STOPPED
        else:
            status = SettlementPlan.Status.SEARCHING
        kept = status != SettlementPlan.Status.SEARCHING
        SettlementPlan.objects.bulk_create(
            [
                SettlementPlan(
                    key=key,
                    nets=_ordered(nets),
                    status=status,
                    transfers=[[t.payer, t.payee, t.amount] for t in found.transfers]
                    if kept
                    else [],
                    seconds=time.monotonic() - started if kept else None,
                )
            ],
            ignore_conflicts=True,  # another page kept the same nets a moment ago
        )
        if kept:
            return found
    return Plan(largest_first.transfers, fewest=False, searching=True)


# --- the worker ------------------------------------------------------------------------------


class _Child:
    """A search running in a child process: a fresh interpreter (``spawn``, not a fork of a
    process with threads and connections) that imports nothing but :mod:`.partition`, and
    a daemon, so the clock's exit ends it instead of waiting for it."""

    def __init__(self, values: list[int], seconds: float) -> None:
        context = multiprocessing.get_context("spawn")
        self.answer, sending = context.Pipe(duplex=False)
        self.process = context.Process(
            target=search_into, args=(sending, values, seconds), daemon=True
        )
        self.process.start()
        sending.close()  # the child's end: the parent keeps only its own
        self.started = time.monotonic()

    def result(self, wait: float = 0.0) -> tuple[bool, list[list[int]] | None]:
        """(ended, its split): ``None`` when it ran out of time or its process died."""
        try:
            if self.answer.poll(wait):
                split: list[list[int]] | None = self.answer.recv()
                self.process.join()
                return True, split
        except EOFError:  # the child ended without an answer
            pass
        if self.process.is_alive():
            return False, None
        log.error("the settlement search (pid %s) ended without an answer", self.process.pid)
        return True, None


_running: dict[int, _Child] = {}


def search_due(now: Any = None, seconds: float = WORKER_SECONDS) -> int:
    """One step of the worker (the clock calls it every tick): keep the plans whose search
    ended, then start the next search if none runs. A search claimed by another clock is
    left to it until its allowance and a minute have passed. Returns how many plans it
    kept."""
    kept = 0
    for pk, search in list(_running.items()):
        ended, split = search.result()
        if not ended and time.monotonic() - search.started > seconds + 60:
            log.error("the settlement search of plan %s overran its time: stopped", pk)
            search.process.kill()
            ended, split = True, None
        if ended:
            del _running[pk]
            kept += _keep(pk, split, time.monotonic() - search.started)
    if _running:
        return kept
    now = now or timezone.now()
    stale = now - timedelta(seconds=seconds + 60)
    waiting = SettlementPlan.objects.filter(status=SettlementPlan.Status.SEARCHING)
    unclaimed = Q(claimed_at=None) | Q(claimed_at__lt=stale)
    # the newest first: a club's book changes its nets with each payment, and its older
    # nets may be no page's any more
    row = waiting.filter(unclaimed).order_by("-created_at", "-pk").first()
    if row is None:
        return kept
    if not waiting.filter(unclaimed, pk=row.pk).update(claimed_at=now):
        return kept  # another clock took it just now
    _, rest = pair_opposites(dict(row.nets))
    _running[row.pk] = _Child([value for _, value in rest], seconds)
    return kept


def _keep(pk: int, split: list[list[int]] | None, seconds: float) -> int:
    row = SettlementPlan.objects.filter(pk=pk, status=SettlementPlan.Status.SEARCHING).first()
    if row is None:
        return 0
    pairs, rest = pair_opposites(dict(row.nets))
    found = plan_from_split(pairs, rest, split)
    row.status = SettlementPlan.Status.FEWEST if found.fewest else SettlementPlan.Status.STOPPED
    row.transfers = [[t.payer, t.payee, t.amount] for t in found.transfers]
    row.seconds = seconds
    row.save(update_fields=["status", "transfers", "seconds"])
    return 1


def stop_searches() -> None:
    """End this process's searches without keeping them (tests)."""
    for search in _running.values():
        search.process.kill()
        search.process.join()
    _running.clear()


def running() -> list[int]:
    """The plans this process is searching now."""
    return list(_running)


def wait_for_searches(timeout: float) -> None:
    """Block until the running searches have answered or ``timeout`` passes (tests)."""
    deadline = time.monotonic() + timeout
    for search in list(_running.values()):
        search.answer.poll(max(0.0, deadline - time.monotonic()))
