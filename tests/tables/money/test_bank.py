"""In-person sessions (tables/money/actions/bank.py): a banker records buy-ins, rebuys and
cash-outs of a game at a real table; the chips must count before it closes (or the
difference is given to someone); the session joins the settlement and the club's book."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.html import escape

from pokerclub.models import Club
from tables.money import balances
from tables.money.actions import bank
from tables.money.error_codes import MoneyError
from tables.money.models import LedgerEntry
from tables.money.settlement import HOUSE, session, user_key
from tables.play.models import Table
from tests.tables.history_helpers import URLS

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]


@pytest.fixture
def game(club_with_roles, players):
    club, host = club_with_roles["club"], club_with_roles["host"]
    table = bank.open_session(host, club, "  Friday   at Ann's ")
    return {"club": club, "host": host, "table": table, "ann": players[0], "ben": players[1],
            "cat": players[2]}  # fmt: skip


def write(g, who, kind, amount):
    return bank.record(g["host"], g["club"], g["table"].pk, g[who].pk, kind, amount)


def test_a_banker_records_a_game_and_it_settles_like_any_session(game):
    assert game["table"].name == "Friday at Ann's" and game["table"].in_person
    write(game, "ann", "buy_in", 2000)
    write(game, "ben", "buy_in", 2000)
    write(game, "ben", "rebuy", 1000)
    write(game, "cat", "buy_in", 2000)
    write(game, "ann", "cash_out", 4500)
    write(game, "ben", "cash_out", 500)
    write(game, "cat", "cash_out", 2000)
    count = bank.chip_count(game["table"])
    assert (count.bought_in, count.cashed_out, count.difference) == (7000, 7000, 0)
    bank.close(game["host"], game["club"], game["table"].pk)
    closed = Table.objects.get(pk=game["table"].pk)
    assert closed.status == "closed"
    result = session(closed)
    nets = {line.key: line.net for line in result.lines}
    assert nets == {user_key(game["ann"].pk): 2500, user_key(game["ben"].pk): -2500,
                    user_key(game["cat"].pk): 0}  # fmt: skip
    assert [(t.payer, t.payee, t.amount) for t in result.transfers] == [
        (user_key(game["ben"].pk), user_key(game["ann"].pk), 2500)
    ]
    book = balances.book(game["club"])
    assert {m.key: m.open for m in book.members}[user_key(game["ann"].pk)] == 2500
    with pytest.raises(MoneyError, match="closed"):  # nothing more once closed
        write(game, "ann", "buy_in", 100)


def test_chips_that_do_not_count_must_be_given_to_someone_before_closing(game):
    write(game, "ann", "buy_in", 2000)
    write(game, "ben", "buy_in", 2000)
    write(game, "ann", "cash_out", 3000)
    write(game, "ben", "cash_out", 900)  # 100 missing
    with pytest.raises(MoneyError, match="100 missing"):
        bank.close(game["host"], game["club"], game["table"].pk)
    with pytest.raises(MoneyError, match="a player of this session"):
        bank.close(game["host"], game["club"], game["table"].pk, user_key(game["cat"].pk))
    assert Table.objects.get(pk=game["table"].pk).status == "open"  # refused: nothing changed
    bank.close(game["host"], game["club"], game["table"].pk, "house")
    lines = {line.key: line.net for line in session(Table.objects.get(pk=game["table"].pk)).lines}
    assert lines[HOUSE] == 100 and sum(lines.values()) == 0


def test_chips_too_many_go_to_a_player_as_a_buy_in_never_to_the_house(game):
    write(game, "ann", "buy_in", 1000)
    write(game, "ben", "buy_in", 1000)
    write(game, "ann", "cash_out", 1500)
    write(game, "ben", "cash_out", 600)  # 100 too many
    with pytest.raises(MoneyError, match="cannot take"):
        bank.close(game["host"], game["club"], game["table"].pk, "house")
    bank.close(game["host"], game["club"], game["table"].pk, user_key(game["ben"].pk))
    nets = {line.key: line.net for line in session(game["table"]).lines}
    assert nets[user_key(game["ben"].pk)] == -500 and sum(nets.values()) == 0


@pytest.mark.parametrize(
    "who,player,kind,amount,message",
    [
        ("member", "ann", "buy_in", 100, "Only the club's owner or a host"),
        ("host", "outsider", "buy_in", 100, "Only members and guests"),
        ("host", "ann", "cash_out", 100, "not bought in"),
        ("host", "ann", "refund", 100, "a buy-in, a rebuy or a cash-out"),
        ("host", "ann", "buy_in", 0, "more than zero"),
        ("host", "ann", "buy_in", 10**13, "more than zero"),
    ],
)
def test_a_line_that_cannot_be_written_is_refused_and_changes_nothing(
    game, club_with_roles, who, player, kind, amount, message
):
    people = {**game, "member": club_with_roles["member"], "outsider": club_with_roles["outsider"]}
    with pytest.raises(MoneyError, match=message):
        bank.record(people[who], game["club"], game["table"].pk, people[player].pk, kind, amount)
    assert not LedgerEntry.objects.filter(table=game["table"]).exists()


def test_the_banker_takes_back_a_line(game):
    entry = write(game, "ann", "buy_in", 2000)
    bank.undo(game["host"], game["club"], game["table"].pk, entry.pk)
    assert not LedgerEntry.objects.filter(table=game["table"]).exists()
    with pytest.raises(MoneyError, match="no such line"):
        bank.undo(game["host"], game["club"], game["table"].pk, entry.pk)


def test_the_bank_page_takes_amounts_as_the_club_writes_them(game, client):
    club = game["club"]
    Club.objects.filter(pk=club.pk).update(amount_format="currency", currency_symbol="€",
                                           decimal_places=2)  # fmt: skip
    url = f"/clubs/{club.slug}/history/sessions/{game['table'].pk}/bank/"
    client.force_login(game["host"])
    # in English "20,50" is not twenty and a half (it is not 2,050 either): refused
    for text in ("€20.50", "€20,50", "abc", "1.234", "0", "-5"):
        client.post(url, {"op": "record", "player": game["ann"].pk, "kind": "buy_in",
                          "amount": text})  # fmt: skip
    assert list(
        LedgerEntry.objects.filter(table=game["table"]).values_list("amount", flat=True)
    ) == [2050]
    page = client.get(url).content.decode()
    assert "€20.50" in page and 'id="bank-entry"' in page
    client.force_login(game["ann"])  # a member sees the bank, not its forms
    page = client.get(url).content.decode()
    assert "€20.50" in page and 'id="bank-entry"' not in page
    client.post(url, {"op": "record", "player": game["ann"].pk, "kind": "buy_in", "amount": "5"})
    assert LedgerEntry.objects.filter(table=game["table"]).count() == 1
    # the live table's address leads to the bank
    assert client.get(f"/clubs/{club.slug}/tables/{game['table'].pk}/").status_code in (302, 404)


def test_an_outsider_sees_no_bank(game, client, club_with_roles):
    client.force_login(club_with_roles["outsider"])
    url = f"/clubs/{game['club'].slug}/history/sessions/{game['table'].pk}/bank/"
    assert client.get(url).status_code == 404


def test_an_open_game_is_listed_with_the_sessions_before_anyone_buys_in(game, client):
    client.force_login(game["host"])
    page = client.get(f"/clubs/{game['club'].slug}/history/sessions/").content.decode()
    assert "Friday at Ann&#x27;s" in page and "at the table" in page


@pytest.mark.parametrize(
    "text,language,fmt,places,expected",
    [
        ("20", "en", "currency", 2, 2000),
        ("20.5", "en", "currency", 2, 2050),
        ("1,020.50", "en", "currency", 2, 102050),
        ("20,50", "it", "currency", 2, 2050),
        ("1.020,50", "it", "currency", 2, 102050),
        ("1,500", "en", "chips", 0, 1500),
        ("1.500", "it", "chips", 0, 1500),
        ("€ 3", "en", "currency", 2, 300),
        ("3 €", "it", "currency", 2, 300),
    ],
)
def test_club_amounts_are_read_in_the_smallest_unit_in_the_language_of_the_page(
    text, language, fmt, places, expected
):
    club = Club(amount_format=fmt, currency_symbol="€", decimal_places=places)
    with translation.override(language):
        assert club.parse_amount(text) == expected


@pytest.mark.parametrize(
    "text,language",
    [("", "en"), ("abc", "en"), ("1.234", "en"), ("0", "en"), ("-5", "en"), ("1e5", "en"),
     ("1.2.3", "en"), ("9" * 19, "en"), ("20,50", "en"), ("20.50", "it")],
)  # fmt: skip
def test_an_amount_that_is_not_one_is_refused(text, language):
    with translation.override(language), pytest.raises(ValueError):
        Club(amount_format="currency", currency_symbol="€", decimal_places=2).parse_amount(text)


def test_a_decimal_amount_in_a_chips_club_is_refused_not_read_as_hundreds(game, client):
    """Issue #38's money bug: in a club that counts plain chips, the banker's "20,50" was
    written down as a buy-in of 2,050 with no warning. It is refused, and nothing is written."""
    club = game["club"]
    club.amount_format, club.decimal_places = Club.AmountFormat.CHIPS, 0
    club.save()
    client.force_login(game["host"])
    before = LedgerEntry.objects.count()
    for text, language in (("20,50", "it"), ("20.50", "en")):
        with translation.override(language), pytest.raises(ValueError) as refused:
            club.parse_amount(text)  # the message the banker's language has for it
        response = client.post(
            f"/clubs/{club.slug}/history/sessions/{game['table'].pk}/bank/",
            {"op": "record", "player": game["ann"].pk, "kind": "buy_in", "amount": text},
            follow=True,
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert escape(str(refused.value)) in response.content.decode()
    assert str(refused.value) == "This club counts whole chips: write 20, not 20.50."
    assert LedgerEntry.objects.count() == before


def test_an_open_bank_counts_nowhere_until_it_closes(game, client):
    """Mid-game the chips are on a real table nobody here can count: the session shows
    what was written so far and no settlement; the club's book leaves it out."""
    write(game, "ann", "buy_in", 2000)
    write(game, "ben", "buy_in", 2000)
    write(game, "ann", "cash_out", 3000)
    result = session(game["table"])
    assert result.counting and result.transfers == []
    assert {m.key for m in balances.book(game["club"]).members} == set()
    client.force_login(game["ann"])
    page = client.get(f"/clubs/{game['club'].slug}/history/sessions/{game['table'].pk}/")
    assert "the settlement comes when the banker closes" in page.content.decode()
    assert client.get(f"/clubs/{game['club'].slug}/history/money/").status_code == 200
    write(game, "ben", "cash_out", 1000)
    bank.close(game["host"], game["club"], game["table"].pk)
    assert {m.key: m.open for m in balances.book(game["club"]).members} == {
        user_key(game["ann"].pk): 1000,
        user_key(game["ben"].pk): -1000,
    }


@pytest.mark.parametrize("op", ["close_table", "pause", "sit"])
def test_the_live_tables_services_refuse_a_game_at_a_real_table(game, op):
    """Closing it from the live table's controls would skip the chip count."""
    from tables.play import actions as services
    from tables.play.error_codes import PlayError

    args = {"close_table": (game["host"], game["table"].pk), "pause": (game["host"], game["table"].pk),
            "sit": (game["ann"], game["table"].pk, 1, 100)}[op]  # fmt: skip
    with pytest.raises(PlayError) as refused:
        getattr(services, op)(*args)
    assert refused.value.code == "not_allowed"
    assert Table.objects.get(pk=game["table"].pk).status == "open"


# --------------------------------------------------------------------------- guests (#39)


def test_the_banker_writes_down_a_friend_by_name_and_they_settle_like_anyone(game):
    """A friend without a login: a guest of the club, made the first time, found the next."""
    from pokerclub.models import Membership, Role

    first = bank.record(game["host"], game["club"], game["table"].pk, 0, "buy_in", 2000,
                        friend="  Luca  ")  # fmt: skip
    luca = first.user
    assert luca.display_name == "Luca" and luca.is_guest and luca.email is None
    assert Membership.objects.get(user=luca, club=game["club"]).role == Role.GUEST
    again = bank.record(game["host"], game["club"], game["table"].pk, 0, "rebuy", 500,
                        friend="LUCA")  # fmt: skip
    assert again.user == luca  # the same friend, not a second Luca
    write(game, "ann", "buy_in", 2000)
    bank.record(game["host"], game["club"], game["table"].pk, luca.pk, "cash_out", 4500)
    bank.close(game["host"], game["club"], game["table"].pk, assign_to=f"user:{game['ann'].pk}")
    nets = {line.key: line.net for line in session(Table.objects.get(pk=game["table"].pk)).lines}
    assert nets[user_key(luca.pk)] == 2000 and sum(nets.values()) == 0
    book = balances.book(game["club"])
    names = {m.key: m.name for m in book.members}
    assert names[user_key(luca.pk)] == "Luca (guest)"  # never taken for a member


@pytest.mark.parametrize(
    ("friend", "message"),
    [
        ("Ann", "is a member of the club"),
        ("ann ", "is a member of the club"),
        ("x" * 25, "at most 24 characters"),
        ("Lu\x00ca", "control character"),
        ("\u202eacuL", "reorders the text"),
    ],
)
def test_a_friends_name_that_cannot_be_written_is_refused_and_changes_nothing(
    game, friend, message
):
    from pokerclub.models import User

    with pytest.raises(MoneyError, match=message):
        bank.record(game["host"], game["club"], game["table"].pk, 0, "buy_in", 100, friend=friend)
    assert not LedgerEntry.objects.filter(table=game["table"]).exists()
    assert not User.objects.filter(is_guest=True).exists()


def test_only_a_host_writes_down_a_friend(game, club_with_roles):
    from pokerclub.models import User

    with pytest.raises(MoneyError):
        bank.record(club_with_roles["member"], game["club"], game["table"].pk, 0, "buy_in", 100,
                    friend="Luca")  # fmt: skip
    assert not User.objects.filter(is_guest=True).exists()


def test_the_bank_page_keeps_the_last_player_chosen_and_lists_guests(game, client):
    url = f"/clubs/{game['club'].slug}/history/sessions/{game['table'].pk}/bank/"
    client.force_login(game["host"])
    response = client.post(url, {"op": "record", "player": "", "friend": "Luca",
                                 "kind": "buy_in", "amount": "20"})  # fmt: skip
    luca = LedgerEntry.objects.get(table=game["table"]).user
    assert response["Location"].endswith(f"?player={luca.pk}")
    page = client.get(response["Location"]).content.decode()
    assert f'<option value="{luca.pk}" selected>Luca (guest)</option>' in page
    response = client.post(url, {"op": "record", "player": game["ben"].pk, "kind": "buy_in",
                                 "amount": "20"})  # fmt: skip
    page = client.get(response["Location"]).content.decode()
    assert f'<option value="{game["ben"].pk}" selected>' in page


def test_a_sessions_settlement_says_why_who_owes_whom_differs_or_nothing_when_they_agree(
    game, client
):
    """#40: one night, one answer. The bank's session settles Ben → Ann 2,000. While Cat
    sits at an open online table down 30 (a host's correction), Who owes whom settles
    otherwise and the session page says why (a player still at a table); once she has
    left and settled those 30, it agrees and the page says nothing more. The marks'
    buttons are explained."""
    from tables.play import actions as services
    from tests.tables.conftest import table_settings

    write(game, "ann", "buy_in", 2000)
    write(game, "ben", "buy_in", 2000)
    write(game, "ann", "cash_out", 4000)
    bank.close(game["host"], game["club"], game["table"].pk)
    online = services.create_table(game["host"], game["club"], table_settings(name="Online"))
    services.sit(game["cat"], online.pk, 1, 100)
    services.adjust_stack(game["host"], online.pk, 1, 70, "a chip counted twice")
    url = f"/clubs/{game['club'].slug}/history/sessions/{game['table'].pk}/"
    client.force_login(game["ann"])
    text = client.get(url).content.decode()
    assert "Ben pays Ann 2,000" in text
    assert 'id="against-book"' in text
    assert "1 player still at a table counts their chips as if they cashed out now." in text
    assert 'id="marks-help"' in text
    book = balances.book(game["club"])
    assert {(t.payer, t.payee, t.amount) for t in book.transfers} != {
        (user_key(game["ben"].pk), user_key(game["ann"].pk), 2000)
    }
    services.adjust_stack(game["host"], online.pk, 1, 100, "the chip was found")
    services.leave(game["cat"], online.pk)
    assert 'id="against-book"' not in client.get(url).content.decode()
