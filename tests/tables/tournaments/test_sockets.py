"""A player moved to another table of a tournament (R28) is told so on their socket, and
only they are; the page follows them there (docs/protocol.md ``moved``). A deal proposed to
the players left is told to everyone at its tables (``notice``)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.utils import timezone

from pokerclub.models import Membership
from tables.play.models import Seat, Table
from tables.play.notices import DEAL_DECLINED, DEAL_OFFERED, notice_text
from tables.tournaments import actions as tournaments
from tables.tournaments.models import Tournament
from tests.tables.socket_helpers import connect, drain, receive
from tests.tables.tournament_helpers import settings_for

pytestmark = pytest.mark.django_db(transaction=True)


def five_players(club_with_roles, make_user):
    club, host = club_with_roles["club"], club_with_roles["host"]
    people = [make_user(f"T{i}") for i in range(5)]
    for person in people:
        Membership.objects.create(club=club, user=person)
    tournament = tournaments.create_tournament(
        host, club, settings_for(start_players=5, seats_per_table=3)
    )
    for person in people:
        tournaments.register(person, tournament.pk)
    three, two = sorted(
        Table.objects.filter(tournament=tournament),
        key=lambda t: -t.seats.exclude(user=None).count(),
    )
    return tournament, three, two


def bust_one_at(table: Table) -> None:
    """One player of ``table`` lost every chip to the other (before the first deal)."""
    loser, winner = Seat.objects.filter(table=table).exclude(user=None).order_by("number")
    Seat.objects.filter(pk=winner.pk).update(stack=winner.stack + loser.stack)
    Seat.objects.filter(pk=loser.pk).update(stack=0)


@pytest.mark.asyncio
async def test_the_moved_player_alone_hears_where_to_go(club_with_roles, make_user):
    tournament, three, two = await sync_to_async(five_players)(club_with_roles, make_user)
    users = await sync_to_async(
        lambda: [s.user for s in Seat.objects.filter(table=three).exclude(user=None).select_related("user")]
    )()  # fmt: skip
    sockets = {}
    for user in users:
        comm, connected, _ = await connect(user, three.pk)
        assert connected
        await receive(comm, "state")
        sockets[user.pk] = comm
    await sync_to_async(bust_one_at)(two)
    fresh = await sync_to_async(Table.objects.get)(pk=two.pk)
    later = timezone.now() + (fresh.next_hand_at - timezone.now()) + timezone.timedelta(seconds=1)
    assert await sync_to_async(tournaments.table_due)(two.pk, fresh.version, later)
    # the three-player table gave its next big blind to the table left with one
    moved = await sync_to_async(
        lambda: list(Seat.objects.filter(table=two).exclude(user=None).exclude(stack=0)
                     .values_list("user_id", flat=True))
    )()  # fmt: skip
    moved_here = [u for u in moved if u in sockets]
    assert len(moved_here) == 1
    (mover,) = moved_here
    told = await receive(sockets[mover], "moved")
    url = await sync_to_async(
        lambda: Table.objects.select_related("club").get(pk=two.pk).get_absolute_url()
    )()
    assert told == {"type": "moved", "table_id": two.pk, "url": url}
    for user_id, comm in sockets.items():
        if user_id != mover:
            assert all(m["type"] != "moved" for m in await drain(comm))
        await comm.disconnect()


@pytest.mark.asyncio
async def test_everyone_at_a_tournament_table_hears_of_a_deal_proposed_and_declined(
    club_with_roles, make_user
):
    """R29.3: a ``notice`` to every socket of the tournament's tables when the offer is
    ready and when it is declined (docs/protocol.md); the lobby holds the offer itself."""
    from tables.tournaments.actions import deals

    club, host = club_with_roles["club"], club_with_roles["host"]

    def start_two():
        people = [make_user(f"D{i}") for i in range(2)]
        for person in people:
            Membership.objects.create(club=club, user=person)
        tournament = tournaments.create_tournament(host, club, settings_for(start_players=2))
        for person in people:
            tournaments.register(person, tournament.pk)
        return tournament, Table.objects.get(tournament=tournament), people

    tournament, table, (ann, ben) = await sync_to_async(start_two)()
    sockets = []
    for user in (ann, ben, club_with_roles["member"]):  # a member watching too
        comm, connected, _ = await connect(user, table.pk)
        assert connected
        await receive(comm, "state")
        sockets.append(comm)
    await sync_to_async(deals.propose)(ann, tournament.pk, "icm")
    for comm in sockets:
        told = await receive(comm, "notice")
        assert told["text"] == "The players left are offered an ICM deal: see the lobby."
    number = await sync_to_async(lambda: Tournament.objects.get(pk=tournament.pk).deal["number"])()
    await sync_to_async(deals.decline)(ben, tournament.pk, number)
    for comm in sockets:
        told = await receive(comm, "notice")
        assert told["text"] == f"{ben} declined the deal: play goes on."
        await comm.disconnect()


@pytest.mark.django_db(transaction=False)
def test_a_notice_travels_as_a_key_and_its_arguments_and_is_written_by_each_socket():
    """A notice goes to the channel layer as a key and JSON arguments (people at one table
    may read different languages); each socket writes it with ``notice_text``."""
    assert notice_text(DEAL_OFFERED, {"method": "icm"}) == (
        "The players left are offered an ICM deal: see the lobby."
    )
    assert notice_text(DEAL_OFFERED, {"method": "chop"}) == (
        "The players left are offered a chip chop: see the lobby."
    )
    assert notice_text(DEAL_DECLINED, {"name": "Ann"}) == "Ann declined the deal: play goes on."
    for notice, args in (("nonsense", {}), (DEAL_OFFERED, {}), (DEAL_OFFERED, {"method": "x"})):
        with pytest.raises(ValueError):
            notice_text(notice, args)
