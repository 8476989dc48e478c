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
