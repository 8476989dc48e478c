"""Bringing in a game's ledger CSV from elsewhere (tables/money/ledger_file.py): a file that
is not one is refused with its line and column and imports nothing; the owner matches the
players to members or guests; the game joins the sessions and the balances; the same file
twice changes nothing."""

from __future__ import annotations

import csv
import io

import pytest

from pokerclub.errors import Refused
from tables.money import balances, ledger_file
from tables.money.actions import ledger_import
from tables.money.models import LedgerEntry, LedgerImport
from tables.money.settlement import guest_key, session, user_key
from tables.play.models import Table
from tests.tables.history_helpers import URLS

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

HEADER = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"
GAME = "\n".join(
    [
        HEADER,
        "Ann,aZ1,2026-11-27T20:01:02.123Z,2026-11-28T01:10:00.000Z,2000,4500,0,2500",
        "Benny,bX2,2026-11-27T20:05:00.000Z,2026-11-27T23:00:00.000Z,2000,0,0,-2000",
        "Benny,bX2,2026-11-27T23:05:00.000Z,2026-11-28T01:10:00.000Z,1000,0,500,-500",
        "Zed,zQ9,2026-11-27T20:30:00.000Z,,3000,3000,0,0",
    ]
).encode()


@pytest.fixture
def owner(club_with_roles):
    return club_with_roles["owner"]


def test_a_game_comes_in_with_its_players_matched_and_joins_the_balances(
    club_with_roles, owner, players
):
    club = club_with_roles["club"]
    ann, ben = players[0], players[1]
    batch = ledger_import.start(owner, club, GAME, "ledger.csv", whole_units=False)
    # "Ann" is a member by name; the others are guests until the owner says otherwise
    assert batch.mapping == {"aZ1": user_key(ann.pk), "bX2": "guest", "zQ9": "guest"}
    table = ledger_import.apply(owner, club, batch.pk, {"aZ1": user_key(ann.pk),
                                                   "bX2": user_key(ben.pk), "zQ9": "guest"})  # fmt: skip
    assert table.imported == "pokernow" and table.status == Table.Status.CLOSED
    assert table.name == "Imported 27 Nov 2026"
    nets = {line.key: line.net for line in session(table).lines}
    assert nets == {user_key(ann.pk): 2500, user_key(ben.pk): -2500, guest_key("Zed"): 0}
    book = balances.book(club)
    assert {m.key: m.open for m in book.members if m.open} == {
        user_key(ann.pk): 2500,
        user_key(ben.pk): -2500,
    }
    first = LedgerEntry.objects.filter(table=table).order_by("created_at")[0]
    assert first.created_at.isoformat().startswith("2026-11-27T20:01:02")


def test_the_same_file_twice_changes_nothing(club_with_roles, owner):
    club = club_with_roles["club"]
    batch = ledger_import.start(owner, club, GAME, "ledger.csv", whole_units=False)
    ledger_import.apply(owner, club, batch.pk, {})
    entries = LedgerEntry.objects.count()
    again = ledger_import.start(owner, club, GAME, "copy.csv", whole_units=False)
    assert again.pk == batch.pk and again.status == "done"
    with pytest.raises(Refused, match="imported already"):
        ledger_import.apply(owner, club, again.pk, {})
    assert (
        LedgerEntry.objects.count() == entries
        and Table.objects.filter(imported="pokernow").count() == 1
    )


def bad(text: str) -> bytes:
    return text.encode()


@pytest.mark.parametrize(
    "data,message",
    [
        (bad("name,amount\nAnn,5"), "line 1: the ledger's columns are"),
        (bad(HEADER + "\nAnn,a1,2026-11-27T20:00:00Z,,20x0,0,0,-2000"), "line 2, column buy_in: '20x0' is not a number"),
        (bad(HEADER + "\nAnn,a1,2026-11-27T20:00:00Z,,2000,0,0,-2000\nBen,b1,2026-11-27T20:00:00Z,,-5,0,0,5"), "line 3, column buy_in: cannot be negative"),
        (bad(HEADER + "\nAnn,a1,2026-11-27T20:00:00Z,,2000,2500,0,400\nBen,b1,2026-11-27,,500,0,0,-500"), "line 2, column net"),
        (bad(HEADER + "\nAnn,a1,yesterday,,2000,2000,0,0"), "line 2, column session_start_at"),
        (bad(HEADER + "\nAnn,a1,2026-11-27T20:00:00Z,,2000,2500,0,500"), "add up to 500, not zero"),
        (bad(HEADER + "\n,a1,2026-11-27T20:00:00Z,,0,0,0,0"), "line 2, column player_nickname: empty"),
        (bad(HEADER + "\nAnn,a1,2026-11-27T20:00:00Z"), "line 2: 3 columns"),
        (bad(HEADER + "\nAnn,a1,2026-11-27T20:00:00Z,,NaN,0,0,0"), "line 2, column buy_in"),
        (bad(HEADER), "no players"),
        (b"", "empty"),
        ("player_nickname;Ann".encode("utf-16"), "not UTF-8"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
    ],
)  # fmt: skip
def test_a_file_that_is_not_a_ledger_is_refused_with_its_line_and_imports_nothing(
    club_with_roles, owner, data, message
):
    with pytest.raises(Refused, match=message.replace("(", r"\(")):
        ledger_import.start(owner, club_with_roles["club"], data, "bad.csv", whole_units=False)
    assert not LedgerImport.objects.exists() and not LedgerEntry.objects.exists()


def test_whole_units_of_a_currency_club_and_too_many_decimals(club_with_roles, owner):
    club = club_with_roles["club"]
    club.amount_format, club.currency_symbol, club.decimal_places = "currency", "$", 2
    club.save()
    text = (
        HEADER
        + "\nAnn,a1,2026-11-27T20:00:00Z,,20.50,41,0,20.50\nBen,b1,2026-11-27T20:00:00Z,,20.50,0,0,-20.50"
    )
    rows = ledger_file.parse_ledger(text.encode(), club, whole_units=True)
    assert [(r.buy_in, r.cashed_out) for r in rows] == [(2050, 4100), (2050, 0)]
    with pytest.raises(Refused, match="line 2, column buy_in: '20.505' has more"):
        ledger_file.parse_ledger(
            text.replace("20.50,41", "20.505,41").encode(), club, whole_units=True
        )
    with pytest.raises(Refused, match="line 2, column buy_in"):
        ledger_file.parse_ledger(text.encode(), club, whole_units=False)  # cents cannot be 20.50


def test_a_big_file_is_refused_before_it_is_read(club_with_roles, owner, client):
    club = club_with_roles["club"]
    client.force_login(owner)
    big = io.BytesIO(HEADER.encode() + b"\n" + b"x" * (50 * 2**20))
    big.name = "huge.csv"
    response = client.post(f"/clubs/{club.slug}/history/money/import/", {"file": big}, follow=True)
    assert "50.0 MB" in response.content.decode() and not LedgerImport.objects.exists()


def test_only_the_owner_imports_and_maps_to_members(club_with_roles, owner, client, players):
    club = club_with_roles["club"]
    with pytest.raises(Refused, match="owner"):
        ledger_import.start(club_with_roles["host"], club, GAME, "x.csv", whole_units=False)
    client.force_login(club_with_roles["host"])
    assert client.get(f"/clubs/{club.slug}/history/money/import/").status_code == 404
    batch = ledger_import.start(owner, club, GAME, "x.csv", whole_units=False)
    outsider = club_with_roles["outsider"]
    with pytest.raises(Refused, match="a member of the club or a guest"):
        ledger_import.apply(owner, club, batch.pk, {"aZ1": user_key(outsider.pk)})
    assert LedgerImport.objects.get().status == "pending" and not LedgerEntry.objects.exists()


def test_the_pages_import_a_file_and_guest_names_stay_text_in_the_csv(
    club_with_roles, owner, client
):
    club = club_with_roles["club"]
    client.force_login(owner)
    evil = GAME.replace(b"Zed", b"=HYPERLINK(1)")
    upload = io.BytesIO(evil)
    upload.name = "ledger.csv"
    response = client.post(f"/clubs/{club.slug}/history/money/import/", {"file": upload})
    assert response.status_code == 302
    batch = LedgerImport.objects.get()
    page = client.get(response["Location"]).content.decode()
    assert "Benny" in page and 'name="map:bX2"' in page
    # the file's times read as dates in the reader's zone, not as ISO text (issue #40)
    client.cookies["tz"] = "Europe/Rome"
    page = client.get(response["Location"]).content.decode()
    assert "27 Nov 2026 21:01" in page and ">2026-11-27T20:01" not in page
    response = client.post(
        response["Location"], {"map:aZ1": "guest", "map:bX2": "guest", "map:zQ9": "guest"}
    )
    assert response.status_code == 302
    table = LedgerImport.objects.get(pk=batch.pk).table
    body = b"".join(
        client.get(f"/clubs/{club.slug}/history/sessions/{table.pk}/ledger.csv").streaming_content
    ).decode()
    names = {row[2] for row in csv.reader(io.StringIO(body))}
    assert "'=HYPERLINK(1)" in names and "=HYPERLINK(1)" not in names


@pytest.mark.parametrize(
    ("nickname", "says"),
    [
        (b"Z\x00ed", "line 5, column player_nickname: a control character (U+0000)"),
        (b"Z\x1bed", "line 5, column player_nickname: a control character (U+001B)"),
        ("\u202edeZ".encode(), "a character that reorders the text (U+202E)"),
    ],
)
def test_a_name_that_is_not_text_is_refused_with_its_line_and_nothing_is_kept(
    club_with_roles, owner, client, nickname, says
):
    """Issue #41, N1: a NUL in a nickname answered HTTP 500 (PostgreSQL refuses it in the
    JSON of the kept rows); every cell of a file is checked as text first."""
    club = club_with_roles["club"]
    client.force_login(owner)
    upload = io.BytesIO(GAME.replace(b"Zed", nickname))
    upload.name = "ledger.csv"
    response = client.post(
        f"/clubs/{club.slug}/history/money/import/", {"file": upload}, follow=True
    )
    assert response.status_code == 200
    assert says in response.content.decode()
    assert not LedgerImport.objects.exists() and not LedgerEntry.objects.exists()
