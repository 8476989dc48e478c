"""The project's ASGI application with latency probes, for bench/live_load.sh (TIMED=1).

Each server process writes, every 10 s, percentiles of where an action's time goes:

* ``wait``: from the frame arriving on the socket to ``services.act`` starting in a worker
  thread (the executor's queue and the thread hop);
* ``act``: ``services.act`` itself (the transaction: locks, writes, projection, commit);
* ``fanout``: from the state being built (just before commit) to this process writing it to
  one socket (commit, Redis group send and receive, the consumer's dispatch);
* ``e2e``: from the action's frame arriving to its state being written to one socket (only
  in the process that received the action, for its own sockets of that table).

Nothing here changes behaviour; the probes wrap the real functions.
"""

from __future__ import annotations

import contextvars
import gc
import os
import sys
import threading
import time

from pokerclub.asgi import application  # noqa: F401  (the app Daphne serves)
from tables.play import actions as services
from tables.play import consumers, projection

_received: contextvars.ContextVar[float] = contextvars.ContextVar("received", default=0.0)
_samples: dict[str, list[float]] = {"wait": [], "act": [], "fanout": [], "e2e": [], "gc2": []}
_lock = threading.Lock()


def _add(kind: str, seconds: float) -> None:
    with _lock:
        _samples[kind].append(seconds * 1000)


def _report() -> None:
    while True:
        time.sleep(10)
        with _lock:
            taken = {k: sorted(v) for k, v in _samples.items()}
            for v in _samples.values():
                v.clear()
        parts = []
        for kind, values in taken.items():
            if values:
                n = len(values)
                p50, p95, p99 = (values[min(n - 1, int(q * n))] for q in (0.5, 0.95, 0.99))
                parts.append(
                    f"{kind} n={n} p50={p50:.1f} p95={p95:.1f} p99={p99:.1f} max={values[-1]:.1f}"
                )
        objects = len(gc.get_objects())
        parts.append(f"objects={objects} frozen={gc.get_freeze_count()} counts={gc.get_count()}")
        print(f"[timing pid {os.getpid()}] " + " | ".join(parts), file=sys.stderr, flush=True)


threading.Thread(target=_report, daemon=True).start()
_gc_started = [0.0]


def _gc_probe(phase: str, info: dict) -> None:
    """``gc2``: each full (generation 2) collection's pause."""
    if info.get("generation") != 2:
        return
    if phase == "start":
        _gc_started[0] = time.perf_counter()
    else:
        _samples["gc2"].append((time.perf_counter() - _gc_started[0]) * 1000)
        print(
            f"[gc pid {os.getpid()}] full collection {_samples['gc2'][-1]:.1f} ms, "
            f"collected {info.get('collected')}",
            file=sys.stderr,
            flush=True,
        )


gc.callbacks.append(_gc_probe)
if os.environ.get("GC_THRESHOLDS"):  # an experiment: "700,10,10" is CPython's default
    gc.set_threshold(*(int(x) for x in os.environ["GC_THRESHOLDS"].split(",")))
if os.environ.get("SWITCH_INTERVAL"):  # an experiment: the GIL switch interval, seconds
    sys.setswitchinterval(float(os.environ["SWITCH_INTERVAL"]))

_receive = consumers.TableConsumer.receive


async def receive(self, text_data=None, bytes_data=None):
    _received.set(time.time())
    await _receive(self, text_data, bytes_data)


consumers.TableConsumer.receive = receive

_act = services.act


def act(*args, **kwargs):
    start = time.time()
    if _received.get():
        _add("wait", start - _received.get())
    try:
        return _act(*args, **kwargs)
    finally:
        _add("act", time.time() - start)


services.act = act

_public_message = projection.public_message


def public_message(public):
    message = _public_message(public)
    message["t0"] = time.time()
    if _received.get():
        message["t_recv"] = _received.get()
    return message


projection.public_message = public_message

_send_state = consumers.TableConsumer._send_state


async def send_state(self, message):
    await _send_state(self, message)
    if "t0" in message:
        _add("fanout", time.time() - message["t0"])
    if "t_recv" in message:
        _add("e2e", time.time() - message["t_recv"])


consumers.TableConsumer._send_state = send_state
