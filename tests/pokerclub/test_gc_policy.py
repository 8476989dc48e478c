"""The server's garbage collector policy (pokerclub/gc_policy.py): what survives a full
collection is frozen, so the next one walks only newer objects; a thaw every so often lets
cycles among the frozen objects be collected after all."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from pokerclub import gc_policy
from pokerclub.gc_policy import FreezeSurvivors


class Node:
    """A container the collector tracks; two of them pointing at each other make a cycle
    that only the collector can free."""

    other: Node | None = None


def cycle() -> tuple[Node, weakref.ref[Node]]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def policy() -> Iterator[tuple[FreezeSurvivors, Clock]]:
    """The policy alone in ``gc.callbacks`` for the test (another installed in this process
    would freeze on its own clock), everything thawed afterwards."""
    saved = list(gc.callbacks)
    gc.callbacks.clear()
    clock = Clock()
    survivors = FreezeSurvivors(thaw_seconds=600, clock=clock)
    gc.callbacks.append(survivors)
    try:
        yield survivors, clock
    finally:
        gc.callbacks[:] = saved
        gc.unfreeze()
        gc.collect()


def test_a_full_collection_freezes_what_survived_it(policy):
    survivors, _clock = policy
    gc.unfreeze()
    kept, _ref = cycle()
    gc.collect()
    assert survivors.frozen == 1
    assert gc.get_freeze_count() > 0  # the survivors, ``kept`` among them
    del kept
    gc.collect()  # a frozen cycle is not walked, so not freed
    assert _ref() is not None


def test_young_collections_freeze_nothing(policy):
    survivors, _clock = policy
    gc.unfreeze()
    gc.collect(0)
    gc.collect(1)
    assert survivors.frozen == 0
    assert gc.get_freeze_count() == 0


def test_garbage_made_after_a_freeze_is_still_collected(policy):
    _survivors, _clock = policy
    gc.collect()  # freezes what lives now
    _dropped, ref = cycle()
    del _dropped
    gc.collect()
    assert ref() is None


def test_cycles_among_frozen_objects_are_freed_after_the_thaw(policy):
    survivors, clock = policy
    kept, ref = cycle()
    gc.collect()  # frozen, ``kept`` among them
    del kept
    gc.collect()
    assert ref() is not None  # waits for the thaw
    clock.now += 600
    gc.collect()  # this one ends by thawing: the next walks everything
    assert survivors.thawed == 1
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert ref() is None


def test_thaw_seconds_must_be_positive():
    with pytest.raises(ValueError):
        FreezeSurvivors(thaw_seconds=0)


def test_install_adds_the_policy_once_and_not_at_all_with_thaw_seconds_zero(monkeypatch):
    saved = list(gc.callbacks)
    monkeypatch.setattr(gc_policy, "_installed", None)
    gc.callbacks.clear()
    try:
        assert gc_policy.install(0) is None
        assert gc.callbacks == []
        installed = gc_policy.install(600)
        assert gc_policy.install(600) is installed
        assert gc.callbacks == [installed]
    finally:
        gc.callbacks[:] = saved
        gc.unfreeze()
