"""``manage.py seed_demo`` (tables/management/commands/seed_demo.py): a demo club with demo
players and an open table, so a newcomer can try Pokerclub alone; safe to run again."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from pokerclub.models import Club, Membership
from tables.play.models import Table

pytestmark = pytest.mark.django_db


def test_seed_demo_creates_the_demo_club_its_players_and_a_table_once(capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    out = capsys.readouterr().out
    assert "alice@demo.pokerclub.test" in out and "pokerclub-demo" in out
    club = Club.objects.get(slug="demo")
    assert Membership.objects.filter(club=club).count() == 4
    assert Membership.objects.get(club=club, role="owner").user.display_name == "Alice"
    assert list(Table.objects.filter(club=club).values_list("name", "max_seats")) == [
        ("Demo table", 6)
    ]


def test_seed_demo_in_italian_names_the_club_and_table_in_italian_and_its_players_read_it(
    capsys,
):
    """``--lang it``: an Italian group's demo (README): the club, its table and what the
    command prints are Italian, and the demo players' pages are too."""
    call_command("seed_demo", "--lang", "it")
    out = capsys.readouterr().out
    club = Club.objects.get(slug="demo")
    assert club.name == "Club di prova"
    assert list(Table.objects.filter(club=club).values_list("name", flat=True)) == [
        "Tavolo di prova"
    ]
    owner = Membership.objects.get(club=club, role="owner").user
    assert owner.language == "it"
    assert "Accessi di prova" in out and "pokerclub-demo" in out
