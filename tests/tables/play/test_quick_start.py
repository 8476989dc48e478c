"""Quick start for a new group (issue #14): from an empty club list, one step makes a club,
its first table with the form's defaults and an invitation link to share."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pokerclub.models import Club, Invitation, Membership, Role
from tables.play.models import Table

pytestmark = pytest.mark.django_db


def test_a_newcomer_starts_a_club_with_a_table_and_an_invitation_in_one_step(client, make_user):
    newcomer = make_user("Nina")
    client.force_login(newcomer)
    page = client.get(reverse("clubs:list")).content.decode()
    assert "Start a game for your group" in page and 'value="Nina\'s game"' in page
    response = client.post(reverse("clubs:quick_start"), {"name": "  Friday   poker "})
    club = Club.objects.get(name="Friday poker")
    assert response.status_code == 302 and response["Location"] == club.get_absolute_url()
    assert Membership.objects.get(club=club, user=newcomer).role == Role.OWNER
    table = Table.objects.get(club=club)
    assert (table.name, table.structure, table.small_blind, table.big_blind) == (
        "Table 1",
        "no_limit",
        1,
        2,
    )
    assert (table.min_buy_in, table.max_buy_in, table.seats.count()) == (40, 200, table.max_seats)
    invitation = Invitation.objects.get(club=club)
    club_page = client.get(club.get_absolute_url()).content.decode()
    assert invitation.get_absolute_url() in club_page
    assert "Copy or share the invitation link below" in club_page


def test_a_blank_name_starts_nothing_and_says_why(client, make_user):
    client.force_login(make_user("Nina"))
    response = client.post(reverse("clubs:quick_start"), {"name": "   "}, follow=True)
    assert "A club needs a name." in response.content.decode()
    assert not Club.objects.exists() and not Table.objects.exists()


def test_quick_start_is_post_only_and_for_logged_in_people(client):
    assert client.get(reverse("clubs:quick_start")).status_code in (302, 405)
    response = client.post(reverse("clubs:quick_start"), {"name": "X"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Club.objects.exists()
