"""The load generator's think times (issue #18, "human scale"): log-normal like people's,
with a share of decisions left to the table's clock (R14)."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from django.core.management import CommandError, call_command

from tables.bots import ThinkTime


def test_lognormal_think_times_have_the_median_asked_and_a_long_tail() -> None:
    think = ThinkTime(4.0, "lognormal", sigma=0.75)
    rng = random.Random(5)
    samples = [think.sample(rng) for _ in range(20_000)]
    waits = [s for s in samples if s is not None]
    assert len(waits) == len(samples)  # no timeouts asked
    assert statistics.median(waits) == pytest.approx(4.0, rel=0.04)
    ninetieth = statistics.quantiles(waits, n=10)[-1]
    assert ninetieth == pytest.approx(4.0 * math.exp(1.2816 * 0.75), rel=0.06)
    assert min(waits) > 0


def test_a_share_of_decisions_is_left_to_the_clock() -> None:
    think = ThinkTime(4.0, "lognormal", timeouts=0.03)
    rng = random.Random(6)
    samples = [think.sample(rng) for _ in range(40_000)]
    assert samples.count(None) / len(samples) == pytest.approx(0.03, abs=0.004)


def test_uniform_think_times_stay_between_half_and_one_and_a_half_times() -> None:
    rng = random.Random(7)
    waits = [ThinkTime(2.0).sample(rng) for _ in range(5_000)]
    assert all(w is not None and 1.0 <= w <= 3.0 for w in waits)
    assert ThinkTime(0.0).sample(rng) == 0.0


@pytest.mark.parametrize(
    "options",
    [{"think_dist": "gaussian"}, {"timeouts": 1.5}, {"sigma": -1.0}],
)
def test_loadtest_refuses_a_think_time_it_cannot_draw(options) -> None:
    """Refused before anything is created (no database is touched: none is available)."""
    with pytest.raises(CommandError):
        call_command("loadtest", **options)
