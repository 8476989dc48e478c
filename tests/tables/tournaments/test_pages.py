"""Tournament pages (tables/tournaments/views.py): a host creates one with the form, members
register on the lobby, the lobby shows the prize pool, payouts, structure and, once it runs,
the clock, the tables and the standings; the live part; and who may see what."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from pokerclub.models import Membership
from tables.play.models import Table
from tables.routing import websocket_urlpatterns
from tables.tournaments import actions as tournaments
from tables.tournaments.models import Tournament
from tests.tables.tournament_helpers import FORM, settings_for


@pytest.fixture
def money_club(club_with_roles):
    club = club_with_roles["club"]
    club.amount_format, club.currency_symbol, club.decimal_places = "currency", "€", 2
    club.save()
    return club_with_roles


@pytest.mark.django_db
def test_a_host_creates_a_tournament_and_members_register_on_its_lobby(
    money_club, client, make_user
):
    club, host = money_club["club"], money_club["host"]
    client.force_login(host)
    response = client.post(f"/clubs/{club.slug}/tournaments/new/", FORM)
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{club.slug}/tournaments/{tournament.pk}/"
    # the buy-in and the fee in the club's money, the turbo preset from 10,000 chips
    assert (tournament.buy_in, tournament.fee) == (2000, 200)
    assert tournament.levels[0]["big_blind"] == 200 and tournament.levels[0]["minutes"] == 6
    page = client.get(response["Location"]).content.decode()
    assert "Register (€20.00 + €2.00)" in page and "Prize pool €0.00" in page
    assert "No-limit Hold&#x27;em · buy-in €20.00 + €2.00 fee" in page
    for name in ("Ann", "Ben"):
        player = make_user(name)
        Membership.objects.create(club=club, user=player)
        client.force_login(player)
        client.post(f"/clubs/{club.slug}/tournaments/{tournament.pk}/do/", {"op": "register"})
    page = client.get(f"/clubs/{club.slug}/tournaments/{tournament.pk}/").content.decode()
    assert "Prize pool €40.00" in page and "Unregister" in page
    assert "starts when 3 have entered (2 so far)" in page
    client.force_login(host)
    client.post(f"/clubs/{club.slug}/tournaments/{tournament.pk}/do/", {"op": "register"})
    part = client.get(
        f"/clubs/{club.slug}/tournaments/{tournament.pk}/?part=lobby"
    ).content.decode()
    assert "Level 1" in part and "3 players left" in part and "Go to your table" in part
    assert "<html" not in part  # the live part only
    table = Table.objects.get(tournament=tournament)
    assert f'href="/clubs/{club.slug}/tables/{table.pk}/"' in part
    assert "€" not in part.split("Level 1")[1].split("Prize pool")[0]  # blinds are chips


@pytest.mark.django_db
def test_a_form_that_cannot_run_says_why_and_creates_nothing(money_club, client):
    client.force_login(money_club["host"])
    bad = {**FORM, "preset": "custom", "levels": "100/50 10"}
    page = client.post(f"/clubs/{money_club['club'].slug}/tournaments/new/", bad).content.decode()
    assert "the big blind (50) is smaller than the small blind (100)" in page
    bad = {**FORM, "payout": "50, 40"}
    page = client.post(f"/clubs/{money_club['club'].slug}/tournaments/new/", bad).content.decode()
    assert "the payouts sum to 90 %, not 100 %" in page
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_members_only_and_hosts_only_where_it_matters(club_with_roles, client):
    club = club_with_roles["club"]
    tournament = tournaments.create_tournament(club_with_roles["host"], club, settings_for())
    client.force_login(club_with_roles["outsider"])
    assert client.get(f"/clubs/{club.slug}/tournaments/{tournament.pk}/").status_code == 404
    assert client.post(f"/clubs/{club.slug}/tournaments/{tournament.pk}/do/",
                       {"op": "register"}).status_code == 404  # fmt: skip
    client.force_login(club_with_roles["member"])
    assert client.get(f"/clubs/{club.slug}/tournaments/new/").status_code == 403
    client.post(f"/clubs/{club.slug}/tournaments/{tournament.pk}/do/", {"op": "start"})
    assert Tournament.objects.get().status == "registering"  # only a host starts it
    assert not tournament.entries.exists()


app = URLRouter(websocket_urlpatterns)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_lobby_socket_tells_members_of_each_change_and_closes_on_others(club_with_roles):
    club, host = club_with_roles["club"], club_with_roles["host"]
    tournament = await sync_to_async(tournaments.create_tournament)(host, club, settings_for())
    member = WebsocketCommunicator(app, f"/ws/tournaments/{tournament.pk}/")
    member.scope["user"] = club_with_roles["member"]
    assert (await member.connect())[0]
    outsider = WebsocketCommunicator(app, f"/ws/tournaments/{tournament.pk}/")
    outsider.scope["user"] = club_with_roles["outsider"]
    await outsider.connect()
    assert (await outsider.receive_output(timeout=3))["code"] == 4403
    await sync_to_async(tournaments.register)(club_with_roles["member"], tournament.pk)
    message = json.loads(await member.receive_from(timeout=3))
    assert message == {"type": "changed", "version": 1}
    await member.send_to(text_data=json.dumps({"type": "register"}))
    refused = json.loads(await member.receive_from(timeout=3))
    assert (refused["type"], refused["code"]) == ("error", "unknown_type")
    assert await sync_to_async(tournament.entries.count)() == 1  # the frame changed nothing
    await member.disconnect()


@pytest.mark.django_db
def test_the_lobby_counts_the_level_down_as_a_clock_and_names_no_rule(
    club_with_roles, client, players
):
    """Issue #40: the lobby said "354 s to the next level" and "(R29)": now "5:54", and no
    reference to the rule book; a finished tournament shows its results, not a clock."""
    import re

    club, host = club_with_roles["club"], club_with_roles["host"]
    tournament = tournaments.create_tournament(host, club, settings_for(start_players=2))
    for player in players[:2]:
        tournaments.register(player, tournament.pk)
    client.force_login(players[0])
    url = f"/clubs/{club.slug}/tournaments/{tournament.pk}/"
    page = client.get(url).content.decode()
    assert Tournament.objects.get(pk=tournament.pk).status == "running"
    assert re.search(r">\d+:\d\d</span> to the next level", page)
    assert not re.search(r"\(R\d", page)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    assert 'id="lobby-clock"' not in client.get(url).content.decode()
