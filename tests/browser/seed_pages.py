"""Fill the live server's database for the every-page checks (test_every_page.py).

Run as ``python -m tests.browser.seed_pages`` with the live server's environment
(``LiveServer.run_python``): it builds a :class:`~tests.tables.history_helpers.PlayedClub`
(hands played through the services), adds an open invitation and a newcomer in no club, and
prints one JSON object: the pages to visit (with and without a login) and session cookies
for the club's owner and the newcomer.
"""

from __future__ import annotations

import json
import os


def main() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
    # the seed's mails (a game night's news) stay in memory: this script's output is JSON
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    django.setup()
    from django.db import transaction
    from django.test import Client
    from django.urls import reverse

    from pokerclub import actions
    from pokerclub.models import User
    from tables.money.actions import bank, payments
    from tests.tables.history_helpers import PlayedClub

    with transaction.atomic():
        played = PlayedClub(hands=12, seed=5, muck=False, max_seats=6)
        invitation = actions.create_invitation(played.owner, played.club)
        for player in played.players:  # the session ledger shows how payees like to be paid
            player.payment_methods = [
                {"label": "Bank transfer", "details": "DE89 3704 0044 0532 0130 00"},
                {"label": "Payment app", "details": f"@{player.display_name.lower()}-plays-poker"},
            ]
            player.save(update_fields=["payment_methods"])
        # the money book: a settle-with group, a game at a real table with its bank open
        payments.make_group(played.club, played.owner, "", [p.pk for p in played.players[:2]])
        session = bank.open_session(played.owner, played.club, "Friday at Ann's")
        for player, amount in zip(played.players, (2000, 2000, 1000, 500), strict=True):
            bank.record(played.owner, played.club, session.pk, player.pk, "buy_in", amount)
        bank.record(played.owner, played.club, session.pk, played.players[0].pk, "cash_out", 3000)
        # tournaments: one running (its table dealt by the clock), one over
        from datetime import timedelta

        from django.utils import timezone

        from tables.play.models import Seat, Table
        from tables.tournaments import actions as tournaments
        from tests.tables.tournament_helpers import settings_for

        running = tournaments.create_tournament(
            played.owner, played.club, settings_for(name="Friday freezeout", start_players=3)
        )
        for player in played.players[:3]:
            tournaments.register(player, running.pk)
        over = tournaments.create_tournament(
            played.owner, played.club, settings_for(name="Heads-up final", start_players=2)
        )
        for player in played.players[:2]:
            tournaments.register(player, over.pk)
        final = Table.objects.get(tournament=over)
        loser, winner = Seat.objects.filter(table=final).exclude(user=None).order_by("number")
        Seat.objects.filter(pk=winner.pk).update(stack=winner.stack + loser.stack)
        Seat.objects.filter(pk=loser.pk).update(stack=0)  # all in before the first hand, say
        final.refresh_from_db()
        tournaments.table_due(final.pk, final.version, timezone.now() + timedelta(seconds=10))
        filling = tournaments.create_tournament(
            played.owner, played.club, settings_for(name="Saturday sit & go", start_players=3)
        )
        tournaments.register(played.players[3], filling.pk)
        # a paused one the owner plays in, on two tables, for the move (R28)
        moving = tournaments.create_tournament(
            played.owner, played.club,
            settings_for(name="Sunday move", start_players=5, seats_per_table=3),
        )  # fmt: skip
        for player in [played.owner, *played.players[:4]]:
            tournaments.register(player, moving.pk)
        tournaments.pause(played.owner, moving.pk)
        owner_table = Seat.objects.get(table__tournament=moving, user=played.owner).table
        # three left, the owner among them, looking at an ICM deal (R29.3)
        from tables.tournaments.actions import deals as tournament_deals

        dealing = tournaments.create_tournament(
            played.owner, played.club,
            settings_for(name="Monday deal", start_players=3, payout=(5000, 3000, 2000)),
        )  # fmt: skip
        for player in [played.owner, *played.players[:2]]:
            tournaments.register(player, dealing.pk)
        tournament_deals.propose(played.players[0], dealing.pk, "icm")
    club, table = played.club, played.table
    hand = table.hands.order_by("number").last()
    # a friend from the table's link, watching it; the bank knows a friend by name too
    from tables.play import actions as play

    link = play.table_link(played.owner, table.pk)
    guest, _table = play.join(link.token, "Gigi")
    luca = bank.record(played.owner, played.club, session.pk, 0, "buy_in", 700, friend="Luca")
    bank.record(played.owner, played.club, session.pk, luca.user_id, "cash_out", 700)
    # a game night, answered past its seat cap: a waitlist shows
    from tables.nights import actions as nights

    start = timezone.now() + timedelta(days=4)
    (night,) = nights.plan_nights(
        played.owner, played.club,
        nights.NightPlan(title="Friday night", kind="real_table", starts_at=start,
                         answer_by=start - timedelta(days=1), seat_cap=2, quorum=2,
                         plus_ones=True, place="Marco's", note="Buy-in 20"),
    )  # fmt: skip
    for player in played.players[:3]:
        nights.answer(player, night.pk, "yes")
    today = timezone.localdate()
    season = nights.create_season(
        played.owner, played.club,
        nights.SeasonPlan(name="Winter", starts_on=today - timedelta(days=30),
                          ends_on=today + timedelta(days=30), attendance_points=1, best_events=5),
    )  # fmt: skip
    guest_client = Client()
    guest_client.force_login(guest)
    client = Client()
    client.force_login(played.owner)
    newcomer = Client()  # in no club yet: the club list offers the quick start
    newcomer.force_login(
        User.objects.create_user(email="nina.pages@example.com", password="x", display_name="Nina")
    )
    slug = club.slug
    pages = {
        "club list": reverse("clubs:list"),
        "new club": reverse("clubs:create"),
        "club": club.get_absolute_url(),
        "club settings": reverse("clubs:edit", args=[slug]),
        "open a table": reverse("tables:create", args=[slug]),
        "table": reverse("tables:detail", args=[slug, table.pk]),
        "table settings": reverse("tables:edit", args=[slug, table.pk]),
        "hand list": reverse("history:list", args=[slug]),
        "replayer": reverse("history:hand", args=[slug, hand.pk]),
        "sessions": reverse("history:sessions", args=[slug]),
        "session ledger": reverse("history:session", args=[slug, table.pk]),
        "leaderboard": reverse("history:leaderboard", args=[slug]),
        "who owes whom": reverse("history:money", args=[slug]),
        "bank": reverse("history:bank", args=[slug, session.pk]),
        "import": reverse("history:import", args=[slug]),
        "player stats": reverse("history:player", args=[slug, played.players[0].pk]),
        "profile": reverse("profile"),
        "your data": reverse("own_data:page"),
        "game nights": reverse("nights:list", args=[slug]),
        "plan a night": reverse("nights:create", args=[slug]),
        "game night": night.get_absolute_url(),
        "seasons": reverse("nights:seasons", args=[slug]),
        "season standings": season.get_absolute_url(),
        "privacy": reverse("privacy"),
        "tournaments": reverse("tournaments:list", args=[slug]),
        "new tournament": reverse("tournaments:create", args=[slug]),
        "tournament lobby": reverse("tournaments:detail", args=[slug, running.pk]),
        "tournament results": reverse("tournaments:detail", args=[slug, over.pk]),
        "tournament registering": reverse("tournaments:detail", args=[slug, filling.pk]),
        "tournament table": owner_table.get_absolute_url(),
        "tournament deal": reverse("tournaments:detail", args=[slug, dealing.pk]),
    }
    anonymous = {
        "home": reverse("home"),
        "help": reverse("help"),
        "privacy (logged out)": reverse("privacy"),
        "log in": reverse("account_login"),
        "sign up": reverse("account_signup"),
        "invitation": invitation.get_absolute_url(),
        "table link": link.get_absolute_url(),
    }
    guest_pages = {
        "guest's table": reverse("tables:detail", args=[slug, table.pk]),
        "guest's game": reverse("guest_home"),
        "save account": reverse("guest_save"),
    }
    print(
        json.dumps(
            {
                "pages": pages,
                "bank_players": [p.display_name for p in played.players],
                "owner_name": str(played.owner),
                "filling": {"id": filling.pk, "next": played.players[2].pk},
                "moving": {"id": moving.pk, "owner": played.owner.pk},
                "replayer_players": [p["name"] for p in hand.players],
                "anonymous": anonymous,
                "session_cookie": {"name": "sessionid", "value": client.cookies["sessionid"].value},
                "newcomer": {"quick start": reverse("clubs:list")},
                "guest": guest_pages,
                "guest_cookie": {
                    "name": "sessionid",
                    "value": guest_client.cookies["sessionid"].value,
                },
                "newcomer_cookie": {
                    "name": "sessionid",
                    "value": newcomer.cookies["sessionid"].value,
                },
            }
        )
    )


def named_by_people() -> list[str]:
    """What people named things (clubs, tables, tournaments, groups, themselves, how they
    are paid): shown as they wrote it, in any language; the longest first."""
    from pokerclub.models import Club, User
    from tables.money.models import SettleGroup
    from tables.nights.models import GameNight, Season
    from tables.play.models import Table
    from tables.tournaments.models import Tournament

    named = [
        *GameNight.objects.values_list("title", flat=True),
        *GameNight.objects.values_list("place", flat=True),
        *GameNight.objects.values_list("note", flat=True),
        *Season.objects.values_list("name", flat=True),
        *Club.objects.values_list("name", flat=True),
        *Table.objects.values_list("name", flat=True),
        *Tournament.objects.values_list("name", flat=True),
        *SettleGroup.objects.values_list("name", flat=True),
        *User.objects.values_list("display_name", flat=True),
        *User.objects.exclude(email=None).values_list("email", flat=True),  # guests have none
    ]
    for methods in User.objects.values_list("payment_methods", flat=True):
        named += [m.get(key, "") for m in methods or [] for key in ("label", "details")]
    return sorted(set(named), key=len, reverse=True)


def names() -> None:
    """Print :func:`named_by_people` now (tests since the seed may have named more)."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
    django.setup()
    print(json.dumps(named_by_people()))


def register(tournament_id: str, user_id: str) -> None:
    """Another member enters a tournament (what the lobby of a browser test then sees)."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
    django.setup()
    from pokerclub.models import User
    from tables.tournaments import actions as tournaments

    tournaments.register(User.objects.get(pk=int(user_id)), int(tournament_id))


def move(tournament_id: str, user_id: str) -> None:
    """Break the table of ``user_id``: everyone else there loses their chips to the other
    table's players (and that table keeps at most two), so the tournament's next turn at
    it moves them to the other table (R28.1), and their page follows."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
    django.setup()
    from django.db import transaction
    from django.utils import timezone

    from tables.play.models import Seat, Table
    from tables.tournaments import actions as tournaments

    with transaction.atomic():
        mine = Seat.objects.get(table__tournament_id=tournament_id, user_id=user_id).table
        other = Table.objects.filter(tournament_id=tournament_id).exclude(pk=mine.pk).get()
        losers = list(Seat.objects.filter(table=mine).exclude(user=None).exclude(user_id=user_id))
        keep = list(Seat.objects.filter(table=other).exclude(user=None).order_by("number"))
        losers += keep[2:]
        gone = sum(s.stack for s in losers)
        Seat.objects.filter(pk__in=[s.pk for s in losers]).update(stack=0)
        Seat.objects.filter(pk=keep[0].pk).update(stack=keep[0].stack + gone)
        Table.objects.filter(pk__in=[mine.pk, other.pk]).update(next_hand_at=timezone.now())
    for table in (other, mine):  # the other table's busts first, then the break
        table.refresh_from_db()
        tournaments.table_due(table.pk, table.version, timezone.now())


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["register"]:
        register(*sys.argv[2:4])
    elif sys.argv[1:2] == ["move"]:
        move(*sys.argv[2:4])
    elif sys.argv[1:2] == ["names"]:
        names()
    else:
        main()
