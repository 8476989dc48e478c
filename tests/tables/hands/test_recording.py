"""One bad hand never stops the history: a hand whose record cannot be replayed is logged
with its table, number and id, marked on its row and retried with a back-off while the
hands after it are recorded (tables.clock.record_history, tables.hands.actions.summary); an
export either writes its whole file or nothing, and names the hand that failed
(export_hands); record_history retries every failed hand at once."""

from __future__ import annotations

import json
import logging
import threading
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tables import clock
from tables.hands.actions.summary import record_due, retry_delay
from tables.hands.models import Hand, HandAction, HandPlayer
from tables.play import actions as services
from tests.conftest import require_service
from tests.tables.play_helpers import deal, fresh, to_act, user_at

pytestmark = pytest.mark.django_db


def play_folds(table, hands: int) -> list[Hand]:
    """Play ``hands`` hands (the first is dealt already) where the first to act folds."""
    for n in range(hands):
        t = fresh(table) if n == 0 else deal(table)
        seat, _ = to_act(t)
        services.act(user_at(t, seat), t.pk, "fold", None, None)
    return list(Hand.objects.filter(table=table).order_by("number"))


def corrupt(hand: Hand) -> int:
    """Break the hand's record (its action names a seat not in the hand); returns the seat
    to put back."""
    action = HandAction.objects.filter(hand=hand).get()
    HandAction.objects.filter(pk=action.pk).update(seat=9)
    return action.seat


def repair(hand: Hand, seat: int) -> None:
    HandAction.objects.filter(hand=hand).update(seat=seat)


def record(now) -> int:
    """One call of the clock's history step at ``now`` (its once-a-second pacing reset)."""
    clock._last_history = 0.0
    return clock.record_history(now=now)


def test_a_hand_that_fails_is_logged_marked_and_retried_after_its_back_off_while_later_hands_are_recorded(
    heads_up,
    caplog,
):
    table = heads_up
    first, second, third = play_folds(table, 3)
    seat = corrupt(first)
    t0 = timezone.now()

    with caplog.at_level(logging.ERROR, logger="tables.hands.actions.summary"):
        assert record(t0) == 2  # the same call records the hands after the bad one
    first.refresh_from_db()
    assert not first.history_recorded and first.history_attempts == 1
    assert "does not replay" in first.history_error
    assert first.history_retry_at == t0 + timedelta(seconds=1)
    for hand in (second, third):
        hand.refresh_from_db()
        assert hand.history_recorded and hand.history_error == ""
        assert HandPlayer.objects.filter(hand=hand).count() == 2
    assert not HandPlayer.objects.filter(hand=first).exists()
    [logged] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert f"table {table.pk} hand #1 (id {first.pk})" in logged.getMessage()
    assert logged.exc_info is not None  # with the traceback

    # not read again before its back-off is over
    assert record(t0 + timedelta(milliseconds=500)) == 0
    first.refresh_from_db()
    assert first.history_attempts == 1

    # tried again when due; it fails again and waits twice as long
    assert record(t0 + timedelta(seconds=1)) == 0
    first.refresh_from_db()
    assert first.history_attempts == 2
    assert first.history_retry_at == t0 + timedelta(seconds=3)

    # the record repaired: the next try after the back-off records it and clears the marks
    repair(first, seat)
    assert record(t0 + timedelta(seconds=2)) == 0
    assert record(t0 + timedelta(seconds=3)) == 1
    first.refresh_from_db()
    assert first.history_recorded and first.history_attempts == 0
    assert first.history_error == "" and first.history_retry_at is None
    assert HandPlayer.objects.filter(hand=first).count() == 2


def test_the_back_off_doubles_from_a_second_up_to_an_hour():
    waits = [retry_delay(n).total_seconds() for n in (1, 2, 3, 12, 13, 40, 10_000)]
    assert waits == [1, 2, 4, 2048, 3600, 3600, 3600]


def test_the_clocks_query_reads_only_the_pending_hands_through_the_partial_index(
    heads_up,
):
    """Thousands of recorded hands, one pending: the query the clock runs each second
    goes through the partial index ``hand_history_due``, never a scan of every hand."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "the query plan is PostgreSQL's")
    table = heads_up
    [pending] = play_folds(table, 1)
    Hand.objects.bulk_create(
        Hand(
            table=table,
            number=1000 + i,
            ended_at=timezone.now(),
            seed="00",
            final_state={},
            history_recorded=True,
        )
        for i in range(5000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE tables_hand")
    with CaptureQueriesContext(connection) as queries:
        assert record_due() == 1
    [select] = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("SELECT") and "history_recorded" in q["sql"] and "LIMIT" in q["sql"]
    ][:1]
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + select)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "hand_history_due" in plan, plan
    assert "Seq Scan on tables_hand" not in plan, plan


@pytest.mark.django_db(transaction=True)
def test_a_hand_another_clock_is_recording_is_skipped_not_marked(heads_up):
    """Two clocks at once: the hand whose row one of them holds is left to it (no second
    set of rows, no failure marked); once it is free it is recorded."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "row locks need PostgreSQL")
    [hand] = play_folds(heads_up, 1)
    locked, release = threading.Event(), threading.Event()

    def other_clock() -> None:
        try:
            with transaction.atomic():
                Hand.objects.select_for_update().get(pk=hand.pk)
                locked.set()
                release.wait(30)
        finally:
            connection.close()

    thread = threading.Thread(target=other_clock)
    thread.start()
    try:
        assert locked.wait(30)
        assert record_due() == 0
        hand.refresh_from_db()
        assert not hand.history_recorded and hand.history_attempts == 0
        assert hand.history_error == "" and hand.history_retry_at is None
    finally:
        release.set()
        thread.join(30)
    assert record_due() == 1
    assert HandPlayer.objects.filter(hand=hand).count() == 2


# --- exports -------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["pokerstars", "phh", "json"])
def test_an_export_writes_the_whole_file_and_leaves_no_temporary_file(heads_up, tmp_path, fmt):
    table = heads_up
    play_folds(table, 3)
    out = tmp_path / f"hands.{fmt}"
    out.write_text("an older export")
    call_command("export_hands", "--format", fmt, "--table", str(table.pk), "--output", str(out))
    text = out.read_text()
    if fmt == "json":
        assert [h["number"] for h in json.loads(text)] == [1, 2, 3]
    elif fmt == "pokerstars":
        assert text.count("PokerStars Hand #") == 3
    else:
        assert [line for line in text.splitlines() if line.startswith("[")] == ["[1]", "[2]", "[3]"]
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


@pytest.mark.parametrize("fmt", ["pokerstars", "phh", "json"])
def test_an_export_that_fails_names_the_hand_and_leaves_no_partial_file(heads_up, tmp_path, fmt):
    table = heads_up
    _, second, _ = play_folds(table, 3)
    corrupt(second)
    out = tmp_path / "hands.txt"
    with pytest.raises(CommandError) as error:
        call_command(
            "export_hands", "--format", fmt, "--table", str(table.pk), "--output", str(out)
        )
    message = str(error.value)
    assert f"table {table.pk} hand #2 (id {second.pk}) could not be exported" in message
    assert "does not replay" in message and "was not written" in message
    assert error.value.returncode != 0  # manage.py exits with it
    assert list(tmp_path.iterdir()) == []  # no partial file, no temporary file

    # an existing file stays as it was
    out.write_text("an older export")
    with pytest.raises(CommandError):
        call_command(
            "export_hands", "--format", fmt, "--table", str(table.pk), "--output", str(out)
        )
    assert out.read_text() == "an older export"
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_an_export_to_a_missing_directory_is_a_clear_error(heads_up, tmp_path):
    play_folds(heads_up, 1)
    with pytest.raises(CommandError, match="Cannot write"):
        call_command(
            "export_hands", "--format", "json", "--output", str(tmp_path / "no" / "x.json")
        )


# --- retrying now --------------------------------------------------------------------------


def test_record_history_retries_failed_hands_at_once_and_lists_those_that_still_fail(
    heads_up,
    capsys,
):
    table = heads_up
    first, second = play_folds(table, 2)
    seat = corrupt(first)
    assert record(timezone.now()) == 1
    first.refresh_from_db()
    assert first.history_retry_at > timezone.now()

    with pytest.raises(CommandError, match=r"1 hand\(s\) could not be recorded"):
        call_command("record_history")
    assert f"table {table.pk} hand #1 (id {first.pk}): ReplayError" in capsys.readouterr().err
    first.refresh_from_db()
    assert first.history_attempts == 2

    repair(first, seat)
    call_command("record_history")  # its back-off is not over: the command does not wait
    first.refresh_from_db()
    assert first.history_recorded and first.history_attempts == 0
