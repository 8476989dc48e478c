"""The garbage collector of a long-running process with many sockets.

CPython's full collection walks every container object the process holds. A server process
with 3,000 table sockets holds about half a million, and each full collection then stops its
event loop, and every table it serves, for 0.5–1.1 s; one came every 15 s or so, and most
freed nothing at all (docs/benchmarks/2026-12-05.md, "Seventh look"). Almost everything such a process
holds lives for as long as its sockets do.

:class:`FreezeSurvivors` keeps full collections short: what survives one is alive, so it is
frozen (``gc.freeze``: moved out of the collector's generations) and the next full collection
walks only what was made since. Objects that die are still freed at once by reference
counting; only garbage *cycles* among frozen objects wait, until the frozen objects are
thawed (``gc.unfreeze``) at the first full collection after ``thaw_seconds``, and the one
after that collects them. So the memory such cycles hold is bounded by what dies in
``thaw_seconds``, and one long collection happens that often instead of one every few
seconds.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

OLDEST = 2
"""CPython's oldest generation: collecting it is a full collection."""


class FreezeSurvivors:
    """A ``gc.callbacks`` entry: after each full collection, freeze what survived it, or,
    once ``thaw_seconds`` have passed since the last thaw, thaw everything instead."""

    def __init__(self, thaw_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        if thaw_seconds <= 0:
            raise ValueError("thaw_seconds must be positive")
        self.thaw_seconds = thaw_seconds
        self.clock = clock
        self.thawed_at = clock()
        self.frozen = 0  # full collections whose survivors were frozen
        self.thawed = 0  # thaws

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info.get("generation") != OLDEST:
            return
        now = self.clock()
        if now - self.thawed_at >= self.thaw_seconds:
            self.thawed_at = now
            self.thawed += 1
            gc.unfreeze()  # the next full collection walks everything once, cycles included
        else:
            self.frozen += 1
            gc.freeze()


_installed: FreezeSurvivors | None = None


def install(thaw_seconds: float) -> FreezeSurvivors | None:
    """Freeze what lives now, and :class:`FreezeSurvivors` from here on (once a process;
    ``thaw_seconds`` 0: CPython's own collector alone, nothing frozen after this)."""
    global _installed
    gc.freeze()  # what was loaded to start the process lives as long as it does
    if thaw_seconds <= 0 or _installed is not None:
        return _installed
    _installed = FreezeSurvivors(thaw_seconds)
    gc.callbacks.append(_installed)
    return _installed
