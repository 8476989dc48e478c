"""Game nights (#42): a host plans a night (or a repeat of them) in the club's time zone;
members answer Yes, Maybe or No, past the seat cap onto a waitlist that moves up in order
when someone drops out; at the answer-by time the clock confirms the night or calls it off
(quorum) and tells everyone who answered, once, whatever the number of clocks; every refusal
has a code and changes nothing; the night's .ics reads back with ``icalendar``."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from pokerclub import actions as club_actions
from pokerclub.models import Membership
from tables.nights import actions
from tables.nights.error_codes import NightError, NightErrorCode
from tables.nights.models import Answer, GameNight

pytestmark = pytest.mark.django_db

ROME = ZoneInfo("Europe/Rome")


def plan(**overrides) -> actions.NightPlan:
    start = timezone.now() + timedelta(days=3)
    values = {
        "title": "Friday poker",
        "kind": "table",
        "starts_at": start,
        "answer_by": start - timedelta(days=1),
        "seat_cap": 3,
        "quorum": 2,
        **overrides,
    }
    return actions.NightPlan(**values)


@pytest.fixture
def people(club_with_roles, make_user):
    """The club's host and five more members, each with an address."""
    club = club_with_roles["club"]
    members = [make_user(name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve")]
    for m in members:
        Membership.objects.create(club=club, user=m)
    return {**club_with_roles, "members": members}


@pytest.fixture
def night(people):
    (planned,) = actions.plan_nights(people["host"], people["club"], plan())
    mail.outbox.clear()  # the members' news of it (a transaction=True test sends it)
    return planned


def reply_of(night, user):
    return Answer.objects.get(night=night, user=user)


def test_a_host_plans_a_night_and_a_repeat_keeps_the_clubs_wall_clock_across_summer_time(
    people,
):
    start = datetime(2027, 3, 19, 21, 0, tzinfo=ROME)  # summer time starts on 28 March
    nights = actions.plan_nights(
        people["host"],
        people["club"],
        plan(starts_at=start, answer_by=start - timedelta(hours=27), repeat="fortnightly", times=3),
    )
    assert [timezone.localtime(n.starts_at, ROME).strftime("%d %H:%M") for n in nights] == [
        "19 21:00",
        "02 21:00",
        "16 21:00",
    ]
    assert [timezone.localtime(n.answer_by, ROME).strftime("%d %H:%M") for n in nights] == [
        "18 18:00",
        "01 18:00",
        "15 18:00",
    ]
    assert nights[0].starts_at.utcoffset() is not None
    assert len({n.series for n in nights}) == 1 and nights[0].series


def everything():
    return (list(GameNight.objects.values()), list(Answer.objects.values()))


@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ({"starts_at": timezone.now() - timedelta(hours=1)}, NightErrorCode.IN_THE_PAST),
        ({"answer_by": timezone.now() - timedelta(minutes=1)}, NightErrorCode.IN_THE_PAST),
        ({"answer_by": timezone.now() + timedelta(days=4)}, NightErrorCode.IN_THE_PAST),
        ({"quorum": 4}, NightErrorCode.QUORUM_ABOVE_CAP),
        ({"repeat": "weekly", "times": 27}, NightErrorCode.TOO_MANY_NIGHTS),
        ({"repeat": "", "times": 5}, NightErrorCode.TOO_MANY_NIGHTS),
        ({"repeat": "daily", "times": 2}, NightErrorCode.BAD_FIELD),
        ({"seat_cap": 1, "quorum": 0}, NightErrorCode.BAD_FIELD),
        ({"kind": "poker"}, NightErrorCode.BAD_FIELD),
        ({"title": "  "}, NightErrorCode.BAD_FIELD),
        ({"title": "Friday\u202epoker"}, NightErrorCode.BAD_FIELD),
        ({"note": "bring\x00chips"}, NightErrorCode.BAD_FIELD),
    ],
)
def test_a_plan_that_cannot_be_a_night_is_refused_and_nothing_is_made(people, overrides, code):
    with pytest.raises(NightError) as refused:
        actions.plan_nights(people["host"], people["club"], plan(**overrides))
    assert refused.value.code == code
    assert everything() == ([], [])


def test_only_hosts_plan_nights(people):
    for who in (people["member"], people["outsider"]):
        with pytest.raises(NightError) as refused:
            actions.plan_nights(who, people["club"], plan())
        assert refused.value.code == NightErrorCode.NOT_ALLOWED
    assert not GameNight.objects.exists()


def test_past_the_seat_cap_a_yes_waits_and_moves_up_in_order_when_someone_drops_out(people, night):
    ann, ben, cat, dan, eve = people["members"]
    for m in (ann, ben, cat):
        assert not actions.answer(m, night.pk, "yes").waitlisted
    assert actions.answer(dan, night.pk, "yes").waitlisted
    assert actions.answer(eve, night.pk, "yes").waitlisted
    actions.answer(ann, night.pk, "maybe")  # a Maybe takes no seat
    # Ann's seat freed at once: Dan, first in line, moved up; Eve still waits
    assert not reply_of(night, dan).waitlisted and reply_of(night, eve).waitlisted
    assert not reply_of(night, ann).waitlisted


def test_a_freed_seat_goes_to_the_first_in_line_who_is_mailed(
    people, night, django_capture_on_commit_callbacks
):
    ann, ben, cat, dan, eve = people["members"]
    for m in (ann, ben, cat, dan, eve):
        actions.answer(m, night.pk, "yes")
    with django_capture_on_commit_callbacks(execute=True):
        actions.answer(ben, night.pk, "no")
    assert not reply_of(night, dan).waitlisted
    assert reply_of(night, eve).waitlisted
    assert [m.to for m in mail.outbox] == [[dan.email]]
    assert "Friday poker" in mail.outbox[0].subject


def test_a_new_yes_never_jumps_the_waitlist(people, night):
    ann, ben, cat, dan, eve = people["members"]
    for m in (ann, ben, cat, dan):
        actions.answer(m, night.pk, "yes")
    actions.answer(ann, night.pk, "no")  # Dan moves up
    actions.answer(ben, night.pk, "maybe")  # a seat is free again, nobody waits
    assert not actions.answer(eve, night.pk, "yes").waitlisted
    actions.answer(ben, night.pk, "yes")  # back to yes: to the back of the line
    assert reply_of(night, ben).waitlisted


def test_a_plus_one_takes_a_seat_and_waits_for_two(people):
    ann, ben, cat, dan, _eve = people["members"]
    (night,) = actions.plan_nights(people["host"], people["club"], plan(seat_cap=4, plus_ones=True))
    actions.answer(ann, night.pk, "yes", plus_one=True)
    actions.answer(ben, night.pk, "yes", plus_one=True)
    assert actions.answer(cat, night.pk, "yes", plus_one=True).waitlisted
    assert actions.answer(dan, night.pk, "yes").waitlisted
    actions.answer(ann, night.pk, "yes")  # Ann comes alone now: one seat frees
    # Cat needs two and waits; Dan, after her in line, fits and moves up
    assert reply_of(night, cat).waitlisted and not reply_of(night, dan).waitlisted


def test_a_night_without_plus_ones_refuses_one(people, night):
    with pytest.raises(NightError) as refused:
        actions.answer(people["members"][0], night.pk, "yes", plus_one=True)
    assert refused.value.code == NightErrorCode.BAD_FIELD
    assert not Answer.objects.exists()


@pytest.mark.parametrize(
    ("reply", "plus_one"), [("perhaps", False), (None, False), (["yes"], False), ("yes", "on")]
)
def test_an_answer_that_is_not_one_is_refused(people, night, reply, plus_one):
    with pytest.raises(NightError) as refused:
        actions.answer(people["members"][0], night.pk, reply, plus_one=plus_one)
    assert refused.value.code == NightErrorCode.BAD_FIELD
    assert not Answer.objects.exists()


def test_only_the_clubs_members_answer_its_nights(people, night, make_user):
    other_owner = make_user("Olga")
    other = club_actions.create_club(other_owner, name="Other club")
    guest = club_actions.add_guest(people["host"], people["club"], "Gigi").user
    for who in (people["outsider"], other_owner, guest):
        with pytest.raises(NightError) as refused:
            actions.answer(who, night.pk, "yes")
        assert refused.value.code == NightErrorCode.NOT_A_MEMBER
    (theirs,) = actions.plan_nights(other_owner, other, plan())
    with pytest.raises(NightError) as refused:
        actions.answer(people["members"][0], theirs.pk, "yes")
    assert refused.value.code == NightErrorCode.NOT_A_MEMBER
    for bad_id in (999999, "1", True):
        with pytest.raises(NightError) as refused:
            actions.answer(people["members"][0], bad_id, "yes")
        assert refused.value.code == NightErrorCode.NO_SUCH_NIGHT
    assert not Answer.objects.exists()


def close_answers(night):
    GameNight.objects.filter(pk=night.pk).update(answer_by=timezone.now() - timedelta(seconds=1))


def test_after_the_answer_by_time_nobody_comes_in_but_a_yes_may_drop_out(people, night):
    ann, ben, cat, dan, eve = people["members"]
    for m in (ann, ben, cat, dan):
        actions.answer(m, night.pk, "yes")
    close_answers(night)
    for who, reply in ((eve, "yes"), (eve, "maybe"), (ann, "maybe")):
        with pytest.raises(NightError) as refused:
            actions.answer(who, night.pk, reply)
        assert refused.value.code == NightErrorCode.ANSWERS_CLOSED
    actions.answer(ann, night.pk, "no")
    assert reply_of(night, ann).reply == "no" and not reply_of(night, dan).waitlisted


def test_at_the_answer_by_time_the_night_is_on_with_its_quorum_and_everyone_is_told(
    people, night, django_capture_on_commit_callbacks
):
    ann, ben, cat, *_ = people["members"]
    actions.answer(ann, night.pk, "yes")
    actions.answer(ben, night.pk, "yes")
    actions.answer(cat, night.pk, "no")
    assert actions.decide_due() == 0  # not yet
    close_answers(night)
    with django_capture_on_commit_callbacks(execute=True):
        assert actions.decide_due() == 1
    night.refresh_from_db()
    assert night.status == GameNight.Status.CONFIRMED and night.decided_at is not None
    assert sorted(m.to[0] for m in mail.outbox) == sorted([ann.email, ben.email, cat.email])
    assert all(" is on" in m.subject for m in mail.outbox)
    assert actions.decide_due() == 0  # decided once


def test_without_its_quorum_the_night_is_called_off_and_everyone_who_answered_is_told(
    people, night, django_capture_on_commit_callbacks
):
    ann, ben, *_ = people["members"]
    actions.answer(ann, night.pk, "yes")
    actions.answer(ben, night.pk, "maybe")  # a Maybe is not a Yes
    close_answers(night)
    with django_capture_on_commit_callbacks(execute=True):
        actions.decide_due()
    night.refresh_from_db()
    assert night.status == GameNight.Status.CALLED_OFF
    assert sorted(m.to[0] for m in mail.outbox) == sorted([ann.email, ben.email])
    assert all("called off" in m.subject for m in mail.outbox)
    with pytest.raises(NightError) as refused:
        actions.answer(ann, night.pk, "no")
    assert refused.value.code == NightErrorCode.ANSWERS_CLOSED


def test_a_mail_in_italian_for_a_member_who_reads_italian(
    people, night, django_capture_on_commit_callbacks
):
    ann = people["members"][0]
    ann.language = "it"
    ann.save(update_fields=["language"])
    actions.answer(ann, night.pk, "yes")
    close_answers(night)
    with django_capture_on_commit_callbacks(execute=True):
        actions.decide_due()
    assert mail.outbox[0].subject.startswith("Friday poker è annullata")


@pytest.mark.django_db(transaction=True)
def test_two_clocks_decide_a_night_once_and_mail_each_member_once(people, night):
    members = people["members"]
    for m in members[:3]:
        actions.answer(m, night.pk, "yes")
    close_answers(night)
    start = threading.Barrier(2)
    decided: list[int] = []

    def clock() -> None:
        try:
            start.wait()
            decided.append(actions.decide_due())
        finally:
            connection.close()

    threads = [threading.Thread(target=clock) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(decided) == [0, 1]
    assert sorted(m.to[0] for m in mail.outbox) == sorted(m.email for m in members[:3])


def test_a_host_cancels_a_night_and_everyone_who_answered_is_told(
    people, night, django_capture_on_commit_callbacks
):
    ann = people["members"][0]
    actions.answer(ann, night.pk, "yes")
    with pytest.raises(NightError) as refused:
        actions.cancel_night(ann, night.pk)
    assert refused.value.code == NightErrorCode.NOT_ALLOWED
    with django_capture_on_commit_callbacks(execute=True):
        actions.cancel_night(people["host"], night.pk)
    night.refresh_from_db()
    assert night.status == GameNight.Status.CANCELLED
    assert [m.to for m in mail.outbox] == [[ann.email]]
    with pytest.raises(NightError) as refused:
        actions.answer(ann, night.pk, "yes")
    assert refused.value.code == NightErrorCode.ANSWERS_CLOSED


def test_the_nights_ics_reads_back_with_icalendar(people, night):
    client = Client()
    client.force_login(people["members"][0])
    response = client.get(reverse("nights:ics", args=[people["club"].slug, night.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    (event,) = Calendar.from_ical(response.content).walk("VEVENT")
    assert str(event["uid"]) == f"night-{night.pk}@pokerclub"
    assert event.decoded("dtstart") == night.starts_at.replace(microsecond=0)  # iCal: seconds
    assert str(event["status"]) == "TENTATIVE"
    assert str(event["summary"]) == "Friday poker · Friday Game"
    outsider = Client()
    outsider.force_login(people["outsider"])
    assert (
        outsider.get(reverse("nights:ics", args=[people["club"].slug, night.pk])).status_code == 404
    )


def test_the_pages_plan_a_night_in_the_clubs_zone_and_members_answer(people):
    club = people["club"]
    host = Client()
    host.force_login(people["host"])
    day = (timezone.localtime(timezone.now(), ROME) + timedelta(days=5)).date()
    response = host.post(
        reverse("nights:create", args=[club.slug]),
        {
            "title": "Venerdì",
            "kind": "real_table",
            "starts_at": f"{day}T21:00",
            "answer_by": f"{day}T12:00",
            "seat_cap": 8,
            "quorum": 4,
            "place": "Da Marco",
            "times": 1,
        },
        HTTP_X_TIME_ZONE="America/New_York",
    )
    night = GameNight.objects.get()
    assert response.status_code == 302 and response["Location"] == night.get_absolute_url()
    assert timezone.localtime(night.starts_at, ROME).strftime("%H:%M") == "21:00"
    member = Client()
    member.force_login(people["members"][0])
    assert member.get(reverse("nights:list", args=[club.slug])).status_code == 200
    page = member.get(night.get_absolute_url()).content.decode()
    assert "Da Marco" in page and 'value="yes"' in page
    member.post(reverse("nights:answer", args=[club.slug, night.pk]), {"reply": "yes"})
    assert reply_of(night, people["members"][0]).reply == "yes"
    assert "Ann" in member.get(night.get_absolute_url()).content.decode()
    refused = member.post(reverse("nights:create", args=[club.slug]), {"title": "x"})
    assert refused.status_code == 404
    assert GameNight.objects.count() == 1


def test_a_refused_plan_shows_its_message_on_the_form(people):
    host = Client()
    host.force_login(people["host"])
    day = (timezone.localtime(timezone.now(), ROME) + timedelta(days=5)).date()
    response = host.post(
        reverse("nights:create", args=[people["club"].slug]),
        {
            "title": "Too many",
            "kind": "table",
            "starts_at": f"{day}T21:00",
            "answer_by": f"{day}T12:00",
            "seat_cap": 4,
            "quorum": 6,
            "times": 1,
        },
    )
    assert response.status_code == 400
    assert "quorum_above_cap" in response.content.decode()
    assert not GameNight.objects.exists()


def test_planning_tells_the_clubs_members_once_even_for_a_repeat(
    people, django_capture_on_commit_callbacks
):
    ann = people["members"][0]
    actions.set_mail_choice(ann, news=False, day_before=True, hour_before=True)
    with django_capture_on_commit_callbacks(execute=True):
        nights = actions.plan_nights(people["host"], people["club"], plan(repeat="weekly", times=3))
    members = Membership.objects.filter(club=people["club"]).exclude(user=ann)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(m.user.email for m in members)
    body = mail.outbox[0].body
    assert "Repeated, also on:" in body and body.count("\n- ") == 2
    assert nights[0].get_absolute_url() in body


def remind_window(night, before):
    """Move the night so that it starts ``before`` from now, planned long ago."""
    GameNight.objects.filter(pk=night.pk).update(
        starts_at=timezone.now() + before,
        answer_by=timezone.now() - timedelta(minutes=1),
        created_at=timezone.now() - timedelta(days=7),
    )


def test_reminders_go_the_day_before_and_the_hour_before_to_yes_and_maybe(people, night):
    ann, ben, cat, dan, eve = people["members"]
    for m, reply in ((ann, "yes"), (ben, "maybe"), (cat, "no"), (dan, "yes"), (eve, "yes")):
        actions.answer(m, night.pk, reply)
    actions.answer(cat, night.pk, "yes")  # the three seats are taken: Cat waits
    actions.set_mail_choice(dan, news=True, day_before=False, hour_before=True)
    assert actions.remind_due() == 0  # three days ahead: nothing yet
    remind_window(night, timedelta(hours=20))
    assert actions.remind_due() == 1
    assert sorted(m.to[0] for m in mail.outbox) == sorted([ann.email, ben.email, eve.email])
    assert all(m.subject.startswith("Tomorrow: Friday poker") for m in mail.outbox)
    assert actions.remind_due() == 0  # once
    mail.outbox.clear()
    remind_window(night, timedelta(minutes=50))
    assert actions.remind_due() == 1
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        [ann.email, ben.email, dan.email, eve.email]
    )
    assert actions.remind_due() == 0


def test_a_night_that_is_off_sends_no_reminder(people, night):
    actions.answer(people["members"][0], night.pk, "yes")
    actions.cancel_night(people["host"], night.pk)
    remind_window(night, timedelta(minutes=30))
    assert actions.remind_due() == 0
    assert mail.outbox == []


@pytest.mark.django_db(transaction=True)
def test_two_clocks_send_each_reminder_once(people, night):
    members = people["members"][:3]
    for m in members:
        actions.answer(m, night.pk, "yes")
    remind_window(night, timedelta(hours=3))
    start = threading.Barrier(2)
    claimed: list[int] = []

    def clock() -> None:
        try:
            start.wait()
            claimed.append(actions.remind_due())
        finally:
            connection.close()

    threads = [threading.Thread(target=clock) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(claimed) == [0, 1]
    assert sorted(m.to[0] for m in mail.outbox) == sorted(m.email for m in members)


def test_a_members_calendar_feed_holds_their_clubs_nights_only_and_a_new_link_stops_the_old(
    people, night, make_user
):
    other_owner = make_user("Olga")
    other = club_actions.create_club(other_owner, name="Other club")
    (theirs,) = actions.plan_nights(other_owner, other, plan(title="Not yours"))
    ann = people["members"][0]
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("nights:list", args=[people["club"].slug])).content.decode()
    token = actions.feed_of(ann).token
    url = reverse("night_feed", args=[token])
    assert url in page
    response = Client().get(url)  # a calendar app: no login, the token is the key
    assert response.status_code == 200
    events = Calendar.from_ical(response.content).walk("VEVENT")
    assert [str(e["uid"]) for e in events] == [f"night-{night.pk}@pokerclub"]
    assert str(events[0]["summary"]).startswith("Friday poker")
    client.post(reverse("nights:feed_renew", args=[people["club"].slug]))
    assert Client().get(url).status_code == 404
    assert Client().get(reverse("night_feed", args=["made-up"])).status_code == 404
    assert theirs.pk not in [night.pk]


def test_a_member_chooses_their_mails_on_the_nights_page(people):
    ann = people["members"][0]
    client = Client()
    client.force_login(ann)
    response = client.post(
        reverse("nights:mail_choice", args=[people["club"].slug]), {"day_before": "on"}
    )
    assert response.status_code == 302
    choice = ann.night_mails
    assert (choice.news, choice.day_before, choice.hour_before) == (False, True, False)


def soon(night):
    GameNight.objects.filter(pk=night.pk).update(
        starts_at=timezone.now() + timedelta(minutes=30),
        answer_by=timezone.now() - timedelta(hours=1),
    )


def test_the_night_opens_its_table_and_those_with_a_seat_are_told(
    people, night, django_capture_on_commit_callbacks
):
    ann, ben, cat, dan, _eve = people["members"]
    for m in (ann, ben, cat, dan):
        actions.answer(m, night.pk, "yes")  # Dan waits
    with pytest.raises(NightError) as refused:
        actions.open_games(people["host"], night.pk)  # three days early
    assert refused.value.code == NightErrorCode.NOT_ALLOWED
    soon(night)
    with pytest.raises(NightError) as refused:
        actions.open_games(ann, night.pk)
    assert refused.value.code == NightErrorCode.NOT_ALLOWED
    with django_capture_on_commit_callbacks(execute=True):
        opened = actions.open_games(people["host"], night.pk)
    table = opened.table
    assert table.club == people["club"] and table.name == "Friday poker" and not table.in_person
    assert sorted(m.to[0] for m in mail.outbox) == sorted([ann.email, ben.email, cat.email])
    with pytest.raises(NightError) as refused:
        actions.open_games(people["host"], night.pk)
    assert refused.value.code == NightErrorCode.STALE_VERSION
    client = Client()
    client.force_login(ann)
    page = client.get(night.get_absolute_url()).content.decode()
    assert table.get_absolute_url() in page


def test_a_real_table_night_opens_its_bank_and_a_tournament_night_names_its_tournament(people):
    from tables.tournaments import actions as tournaments
    from tests.tables.tournament_helpers import settings_for

    (real,) = actions.plan_nights(people["host"], people["club"], plan(kind="real_table"))
    (cup,) = actions.plan_nights(people["host"], people["club"], plan(kind="tournament"))
    for n in (real, cup):
        soon(n)
    assert actions.open_games(people["host"], real.pk).table.in_person
    with pytest.raises(NightError) as refused:
        actions.open_games(people["host"], cup.pk)
    assert refused.value.code == NightErrorCode.BAD_FIELD
    other_owner = Membership.objects.get(club=people["club"], user=people["owner"]).user
    elsewhere = club_actions.create_club(people["outsider"], name="Elsewhere")
    theirs = tournaments.create_tournament(people["outsider"], elsewhere, settings_for(name="X"))
    for bad in (theirs.pk, "1", None):
        with pytest.raises(NightError) as refused:
            actions.link_tournament(people["host"], cup.pk, bad)
        assert refused.value.code == NightErrorCode.BAD_FIELD
    ours = tournaments.create_tournament(other_owner, people["club"], settings_for(name="Cup"))
    assert actions.link_tournament(people["host"], cup.pk, ours.pk).tournament == ours


def test_a_host_changes_one_night_and_those_who_answered_are_told(
    people, django_capture_on_commit_callbacks
):
    ann, ben, cat, dan, _eve = people["members"]
    nights = actions.plan_nights(people["host"], people["club"], plan(repeat="weekly", times=2))
    night = nights[0]
    for m in (ann, ben, cat, dan):
        actions.answer(m, night.pk, "yes")  # Dan waits
    night.refresh_from_db()
    later = night.starts_at + timedelta(hours=1)
    changed = actions.NightPlan(
        title="Friday poker, later",
        kind="",
        starts_at=later,
        answer_by=night.answer_by,
        seat_cap=4,
        quorum=2,
        place="Ben's",
    )
    with pytest.raises(NightError) as refused:
        actions.change_night(people["host"], night.pk, night.version - 1, changed)
    assert refused.value.code == NightErrorCode.STALE_VERSION
    with pytest.raises(NightError) as refused:
        actions.change_night(ann, night.pk, night.version, changed)
    assert refused.value.code == NightErrorCode.NOT_ALLOWED
    fewer = actions.NightPlan(**{**changed.__dict__, "seat_cap": 2, "quorum": 1})
    with pytest.raises(NightError) as refused:
        actions.change_night(people["host"], night.pk, night.version, fewer)
    assert refused.value.code == NightErrorCode.BAD_FIELD
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        actions.change_night(people["host"], night.pk, night.version, changed)
    night.refresh_from_db()
    assert (night.starts_at, night.place, night.seat_cap) == (later, "Ben's", 4)
    assert not reply_of(night, dan).waitlisted  # the fourth seat went to Dan
    subjects = sorted((m.to[0], m.subject) for m in mail.outbox)
    changed_to = sorted(to for to, subject in subjects if "has changed" in subject)
    assert changed_to == sorted(m.email for m in (ann, ben, cat, dan))
    assert (dan.email, "A seat for you at Friday poker, later") in subjects
    nights[1].refresh_from_db()
    assert nights[1].title == "Friday poker" and nights[1].seat_cap == 3  # its own


def test_the_clubs_page_shows_the_next_nights_and_the_readers_answer(people, night):
    ann = people["members"][0]
    client = Client()
    client.force_login(ann)
    page = client.get(people["club"].get_absolute_url()).content.decode()
    assert "Friday poker" in page and night.get_absolute_url() in page
    actions.answer(ann, night.pk, "maybe")
    assert "You said maybe" in client.get(people["club"].get_absolute_url()).content.decode()
