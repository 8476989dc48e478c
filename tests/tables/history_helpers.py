"""Shared helpers for the history tests: hands played through the services, the history
URLs mounted on top of the project's, and a check for card names in text."""

from __future__ import annotations

import random
import re

import pytest

from engine.events import HandStarted
from tables.hands.replay import ReplayedHand
from tables.play import actions as services
from tests.tables.play_helpers import play_randomly

URLS = "pokerclub.urls"
"""The project's URLs (the history is mounted at clubs/<slug>/history/)."""


def play(table, players, hands: int, seed: int = 11, stacks=(40, 200)):
    """Seat ``players`` at ``table`` (seats 1..n) and play ``hands`` random hands."""
    rng = random.Random(seed)
    for i, p in enumerate(players):
        services.sit(p, table.pk, i + 1, rng.randint(*stacks))
    played = play_randomly(table, rng, hands=hands)
    assert played == hands
    record_history()
    return table


def record_history() -> None:
    """Write the hands' history rows now: in play the clock writes them within a second of
    each hand's end (``tables.clock.record_history``), and no clock runs in these tests."""
    from tables.hands.actions.summary import backfill

    backfill()


def mentions_card(text: str, card: str) -> bool:
    """Whether ``card`` ("Kd") appears in ``text`` as a card name (not inside a hex seed,
    a token or a compact PHH card string)."""
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])", text) is not None


def hidden(replayed, seat):
    """The hole cards of ``replayed`` that whoever sat in ``seat`` never saw (another
    player's hand that was not shown, R4.3, R11), as card names."""
    from engine.cards import card_str

    visible = {s for s, cards in replayed.visible_holes(seat).items() if None not in cards}
    return [
        card_str(c)
        for s in replayed.final.seats
        if s not in visible
        for c in replayed.final.hole_cards(s)
    ]


def play_until_a_muck(table, max_hands: int = 20):
    """Play passive hands (check or call to the river) until a player who may muck does
    (R11.3); returns the hand with the muck."""
    from tables.hands.models import Hand, HandAction
    from tables.play.models import Seat, Table
    from tests.tables.play_helpers import deal, to_act, user_at

    for _ in range(max_hands * 30):
        t = Table.objects.get(pk=table.pk)
        if not t.in_hand:
            muck = (
                HandAction.objects.filter(hand__table=t, kind="muck").select_related("hand").first()
            )
            if muck is not None:
                record_history()
                return Hand.objects.get(pk=muck.hand_id)
            for s in Seat.objects.filter(table=t, stack=0).exclude(user=None):
                services.top_up(s.user, t.pk, t.max_buy_in)
            deal(t)
            continue
        seat, state = to_act(t)
        hand = state["hand"]
        user = user_at(t, seat)
        if hand["pending"]:
            if hand["pending"]["kind"] == "run_twice":
                services.act(user, t.pk, "run_twice", 0, None)
            else:
                services.act(
                    user, t.pk, "muck" if hand["pending"]["may_muck"] else "show", None, None
                )
            continue
        services.act(user, t.pk, "check" if hand["legal"]["check"] else "call", None, None)
    raise AssertionError("no player mucked")


class PlayedClub:
    """A club with a host, a member who does not play, an outsider, four players and a table
    where hands were played; built once per test module (see :func:`played_club`)."""

    def __init__(self, hands: int, seed: int, muck: bool, **table_settings):
        from pokerclub import actions
        from pokerclub.models import Membership, Role, User
        from tests.tables.conftest import table_settings as settings_for

        tag = f"h{seed}x{hands}"

        def user(name):
            return User.objects.create_user(
                email=f"{name.lower()}.{tag}@example.com", password="x", display_name=name
            )

        self.owner = user("Olivia")
        self.host = user("Hank")
        self.member = user("Mia")
        self.outsider = user("Otto")
        self.players = [user(n) for n in ("Ann", "Ben", "Cat", "Dan")]
        self.club = actions.create_club(self.owner, name=f"Friday {tag}")
        Membership.objects.create(club=self.club, user=self.host, role=Role.HOST)
        Membership.objects.create(club=self.club, user=self.member, role=Role.MEMBER)
        for p in self.players:
            Membership.objects.create(club=self.club, user=p)
        self.table = services.create_table(self.host, self.club, settings_for(**table_settings))
        rng = random.Random(2026 + seed)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr("tables.play.actions.deck.new_secret", lambda: rng.randbytes(32))
            mp.setattr("django.conf.settings.EMBEDDED_CLOCK", False, raising=False)
            play(self.table, self.players, hands=hands, seed=seed)
            if muck:
                play_until_a_muck(self.table)

    def destroy(self) -> None:
        from tables.money.models import LedgerEntry
        from tables.play.models import Table

        LedgerEntry.objects.filter(table__club=self.club).delete()
        Table.objects.filter(club=self.club).delete()
        self.club.delete()
        for u in [self.owner, self.host, self.member, self.outsider, *self.players]:
            u.delete()


def played_club(hands: int = 30, seed: int = 11, muck: bool = True, **table_settings):
    """A module-scoped fixture: a :class:`PlayedClub` built once, removed after the module."""

    @pytest.fixture(scope="module")
    def fixture(django_db_setup, django_db_blocker):
        from django.db import transaction

        with django_db_blocker.unblock(), transaction.atomic():  # one commit: fast on SQLite
            built = PlayedClub(hands, seed, muck, **{"max_seats": 6, **table_settings})
        yield built
        with django_db_blocker.unblock():
            built.destroy()

    return fixture


def nets(replayed: ReplayedHand) -> dict[str, int]:
    """Each player's net in a replayed hand, by name: what an export must add up to."""
    started = next(e for e in replayed.events if isinstance(e, HandStarted))
    start = dict(zip(started.seats, started.stacks, strict=True))
    return {
        replayed.names[seat]: stack - start[seat]
        for seat, stack in replayed.final.stacks_by_seat().items()
    }
