"""Time zones (issue #38): each member reads every time in their own zone (their profile's,
else their browser's), a club sets its times in its own (a tournament's start), and every
time is stored in UTC."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pokerclub import actions
from pokerclub.error_codes import ClubError, ClubErrorCode
from pokerclub.models import User
from tables.tournaments.models import Tournament
from tests.tables.tournament_helpers import FORM

pytestmark = pytest.mark.django_db


def _schedule(client, club, host, at: str) -> Tournament:
    client.force_login(host)
    form = {**FORM, "start_mode": "scheduled", "starts_at": at, "start_players": ""}
    response = client.post(f"/clubs/{club.slug}/tournaments/new/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Tournament.objects.get()


def test_a_start_typed_as_21_00_is_21_00_where_the_club_plays_and_stored_in_utc(
    club_with_roles, client
):
    club, host = club_with_roles["club"], club_with_roles["host"]
    club.time_zone = "Europe/Rome"
    club.save()
    host.time_zone = "America/New_York"  # the host is away: the club's zone still decides
    host.save()
    tournament = _schedule(client, club, host, "2026-12-20T21:00")
    assert tournament.starts_at == datetime(2026, 12, 20, 20, 0, tzinfo=UTC)  # CET is UTC+1


@pytest.mark.parametrize(
    ("zone", "shown"),
    [("Europe/Rome", "Sun 20 Dec, 21:00"), ("America/New_York", "Sun 20 Dec, 15:00")],
)
def test_each_member_reads_the_start_in_their_own_zone(club_with_roles, client, zone, shown):
    club, host, member = club_with_roles["club"], club_with_roles["host"], club_with_roles["member"]
    club.time_zone = "Europe/Rome"
    club.save()
    tournament = _schedule(client, club, host, "2026-12-20T21:00")
    member.time_zone = zone
    member.save()
    client.force_login(member)
    page = client.get(f"/clubs/{club.slug}/tournaments/{tournament.pk}/").content.decode()
    assert f"starts {shown}" in page


def test_a_member_who_never_chose_a_zone_gets_their_browsers_kept_on_their_profile(
    club_with_roles, client
):
    member = club_with_roles["member"]
    assert member.time_zone == ""
    client.force_login(member)
    client.cookies["tz"] = "Mars/Olympus_Mons"  # not a zone: ignored
    client.get("/clubs/")
    assert User.objects.get(pk=member.pk).time_zone == ""
    client.cookies["tz"] = "Asia/Tokyo"
    client.get("/clubs/")
    assert User.objects.get(pk=member.pk).time_zone == "Asia/Tokyo"
    client.cookies["tz"] = "Europe/Rome"  # a chosen (or kept) zone is not overwritten
    client.get("/clubs/")
    assert User.objects.get(pk=member.pk).time_zone == "Asia/Tokyo"


def test_the_profile_takes_a_time_zone_and_refuses_one_that_is_not(club_with_roles, client):
    member = club_with_roles["member"]
    client.force_login(member)
    form = {"display_name": "Mia", "time_zone": "Mars/Olympus_Mons"}
    response = client.post("/accounts/profile/", form)
    assert response.status_code == 200 and "not one of the available choices" in (
        response.content.decode()
    )
    assert User.objects.get(pk=member.pk).time_zone == ""
    client.post("/accounts/profile/", {**form, "time_zone": "Europe/Rome"})
    assert User.objects.get(pk=member.pk).time_zone == "Europe/Rome"


def test_a_club_refuses_a_time_zone_that_is_not_one(club_with_roles):
    club, owner = club_with_roles["club"], club_with_roles["owner"]
    with pytest.raises(ClubError) as refused:
        actions.update_club(owner, club, time_zone="Europe/Atlantis")
    assert refused.value.code == ClubErrorCode.BAD_INPUT
    club.refresh_from_db()
    assert club.time_zone == "Europe/Rome"
    actions.update_club(owner, club, time_zone="Europe/London")
    club.refresh_from_db()
    assert club.time_zone == "Europe/London"
