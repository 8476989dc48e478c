"""Bringing in a game's hand log from elsewhere (tables/hands/log_file.py): its hands
join the imported session's history, replayed by our rules (R2-R11) and kept only if they pay
what the log says; the one player whose cards the log gives sees them, nobody sees a hole
card the log never had (DESIGN invariant 1); a file that is not a log imports nothing and
says which line; the same file twice changes nothing."""

from __future__ import annotations

import json
import re

import pytest

from pokerclub.errors import Refused
from tables.hands import exports, log_file
from tables.hands.actions import log_import
from tables.hands.models import Hand, HandLogImport, HandPlayer
from tables.hands.replay import replay
from tables.money.actions import ledger_import
from tables.money.settlement import user_key
from tests.tables.history_helpers import URLS

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

LEDGER = "\n".join(
    [
        "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net",
        "Ann,aZ1,2026-11-27T20:00:00.000Z,2026-11-27T23:00:00.000Z,1000,2660,0,1660",
        "Benny,bX2,2026-11-27T20:00:00.000Z,2026-11-27T23:00:00.000Z,1000,970,0,-30",
        "Cat,cC3,2026-11-27T20:00:00.000Z,2026-11-27T23:00:00.000Z,1000,0,0,-1000",
        "Zed,zQ9,2026-11-27T20:00:00.000Z,2026-11-27T23:00:00.000Z,1000,370,0,-630",
    ]
).encode()

A, B, C, Z = '"Ann @ aZ1"', '"Benny @ bX2"', '"Cat @ cC3"', '"Zed @ zQ9"'
STACKS = "Player stacks: #1 {a} ({sa}) | #4 {b} ({sb}) | #5 {c} ({sc}) | #9 {z} ({sz})"


def stacks(sa: int, sb: int, sc: int, sz: int) -> str:
    return STACKS.format(a=A, b=B, c=C, z=Z, sa=sa, sb=sb, sc=sc, sz=sz)


HAND_1 = [  # R7, R11: Ann wins a river showdown; Cat's cards go to the muck, unseen
    f"-- starting hand #1 (id: h1abc)  (No Limit Texas Hold'em) (dealer: {Z}) --",
    stacks(1000, 1000, 1000, 1000),
    "Your hand is A♠, K♦",
    f"{A} posts a small blind of 10",
    f"{B} posts a big blind of 20",
    f"{C} calls 20",
    f"{Z} folds",
    f"{A} raises to 60",
    f"{B} folds",
    f"{C} calls 60",
    "Flop:  [5♠, 9♦, J♣]",
    f"{A} bets 80",
    f"{C} calls 80",
    "Turn: 5♠, 9♦, J♣ [2♥]",
    f"{A} checks",
    f"{C} checks",
    "River: 5♠, 9♦, J♣, 2♥ [K♣]",
    f"{A} bets 200",
    f"{C} calls 200",
    f"{A} shows a A♠, K♦.",
    f"{A} collected 700 from pot with Pair, K's (combination: K♦, K♣, A♠, J♣, 9♦)",
    "-- ending hand #1 --",
]
HAND_2 = [  # R8: an uncalled raise comes back; a show once it is over is not kept
    f"-- starting hand #2 (id: h2abc)  (No Limit Texas Hold'em) (dealer: {A}) --",
    stacks(1360, 980, 660, 1000),
    "Your hand is 7♣, 2♦",
    f"{B} posts a small blind of 10",
    f"{C} posts a big blind of 20",
    f"{Z} raises to 60",
    f"{A} folds",
    f"{B} folds",
    f"{C} folds",
    f"Uncalled bet of 40 returned to {Z}",
    f"{Z} collected 50 from pot",
    f"{Z} shows a Q♥, J♥.",
    "-- ending hand #2 --",
]
HAND_3 = [  # R11.1: an all-in, both hands shown; a ten written "10"
    f"-- starting hand #3 (id: h3abc)  (No Limit Texas Hold'em) (dealer: {B}) --",
    stacks(1360, 970, 640, 1030),
    "Your hand is A♥, A♦",
    f"{C} posts a small blind of 10",
    f"{Z} posts a big blind of 20",
    f"{A} raises to 100",
    f"{B} folds",
    f"{C} raises to 640 and go all in",
    f"{Z} folds",
    f"{A} calls 640",
    f"{C} shows a Q♥, Q♠.",
    f"{A} shows a A♥, A♦.",
    "Flop:  [3♣, 7♦, 8♠]",
    "Turn: 3♣, 7♦, 8♠ [10♣]",
    "River: 3♣, 7♦, 8♠, 10♣ [4♦]",
    f"{A} collected 1300 from pot with Pair, A's (combination: A♥, A♦, 10♣, 8♠, 7♦)",
    "-- ending hand #3 --",
]
HAND_4 = [  # R2.6: a dead small blind posted by a returning player is not one of our rules
    f"-- starting hand #4 (id: h4abc)  (No Limit Texas Hold'em) (dealer: {C}) --",
    stacks(2020, 970, 0 + 1, 960),
    f"{Z} posts a small blind of 10",
    f"{A} posts a big blind of 20",
    f"{B} posts a missing small blind of 10",
    f"{B} folds",
    "-- ending hand #4 --",
]
HAND_5 = [  # the log ends inside it
    f"-- starting hand #5 (id: h5abc)  (No Limit Texas Hold'em) (dealer: {Z}) --",
    stacks(2020, 970, 1, 960),
]


def log_csv(*groups: list[str], before: tuple[str, ...] = ()) -> bytes:
    """A log as the site writes it: newest first, ``order`` descending."""
    entries = list(before) + [entry for group in groups for entry in group]
    rows = ["entry,at,order"]
    for i, entry in reversed(list(enumerate(entries))):
        escaped = entry.replace('"', '""')
        rows.append(f'"{escaped}",2026-11-27T20:{i // 60:02d}:{i % 60:02d}.000Z,{1000 + i}')
    return ("\n".join(rows) + "\n").encode()


GAME_LOG = log_csv(
    HAND_1,
    HAND_2,
    HAND_3,
    HAND_4,
    HAND_5,
    before=(f"The player {Z} joined the game with a stack of 1000.",),
)


@pytest.fixture
def game(club_with_roles, players):
    """The game's ledger brought in, Ann, Benny and Cat matched to members, Zed a guest."""
    club, owner = club_with_roles["club"], club_with_roles["owner"]
    ann, ben, cat = players[0], players[1], players[2]
    batch = ledger_import.start(owner, club, LEDGER, "ledger.csv", whole_units=False)
    table = ledger_import.apply(
        owner,
        club,
        batch.pk,
        {"aZ1": user_key(ann.pk), "bX2": user_key(ben.pk), "cC3": user_key(cat.pk), "zQ9": "guest"},
    )
    return {"club": club, "owner": owner, "table": table, "ann": ann, "ben": ben, "cat": cat,
            "mia": club_with_roles["member"]}  # fmt: skip


def bring_in(game, data=GAME_LOG, owner=""):
    return log_import.start(
        game["owner"], game["club"], game["table"].pk, data, "log.csv", False, owner=owner
    )


def test_the_hands_come_in_replayed_by_our_rules_and_the_rest_are_listed(game):
    outcome = bring_in(game)
    batch = outcome.batch
    assert outcome.created and batch.hands == 3 and batch.log_owner == "aZ1"
    assert [(s["number"], s["reason"]) for s in batch.skipped] == [
        (4, "a missed small blind was posted dead: not one of our rules"),
        (5, "the log ends before this hand does"),
    ]
    hands = {h.number: h for h in Hand.objects.filter(table=game["table"])}
    assert sorted(hands) == [1, 2, 3]
    first = replay(hands[1]).final
    assert first.stacks_by_seat() == {1: 1360, 4: 980, 5: 660, 9: 1000}  # R8
    assert replay(hands[3]).final.stacks_by_seat() == {1: 2020, 4: 970, 5: 0, 9: 1010}
    assert [list(b) for b in first.boards] == [list(map(_code, ["5s", "9d", "Jc", "2h", "Kc"]))]
    # the history's rows: stats count the imported hands, each player under their member
    rows = {(r.hand.number, r.name): r for r in HandPlayer.objects.select_related("hand")}
    assert rows[(1, str(game["ann"]))].net == 360 and rows[(1, str(game["ann"]))].pfr
    assert rows[(1, str(game["cat"]))].vpip and rows[(1, str(game["cat"]))].net == -340
    assert rows[(1, "Zed")].user_id is None and not rows[(1, "Zed")].vpip
    assert rows[(3, str(game["ann"]))].won_at_showdown and rows[(3, str(game["cat"]))].net == -640
    assert rows[(2, "Zed")].net == 30


def _code(name: str) -> int:
    from engine.cards import parse_card

    return parse_card(name)


CARD = re.compile(r"\b(?:[2-9TJQKA][cdhs])+\b")


def _cards_in(text: str) -> set[str]:
    out = set()
    for run in CARD.findall(text):
        out |= {run[i : i + 2] for i in range(0, len(run), 2)}
    return out


def _seen_by(client, game, hand) -> set[str]:
    """Every card name a viewer receives for one hand: the page's data, its text, and
    every export."""
    club = game["club"]
    page = client.get(f"/clubs/{club.slug}/history/hands/{hand.pk}/")
    assert page.status_code == 200
    data = re.search(
        r'<script id="hand-data" type="application/json">(.*?)</script>',
        page.content.decode(),
        re.S,
    )
    assert data is not None
    seen = set()
    for value in _strings(json.loads(data.group(1))):
        seen |= _cards_in(value)
    seen |= _cards_in(page.context["text"])
    for fmt in exports.FORMATS:
        seen |= _cards_in(client.get(f"/clubs/{club.slug}/history/hands/{hand.pk}/export.{fmt}")
                          .content.decode())  # fmt: skip
    return seen


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_no_one_sees_a_hole_card_the_log_never_had_and_its_owner_alone_sees_theirs(game, client):
    """DESIGN invariant 1: Cat's mucked cards in hand 1 were never in the log; the deck's
    stand-ins for them reach nobody, Cat included. Ann downloaded the log: her A♠ K♦ are
    hers alone (R4.3), like her folded 7♣ 2♦ in hand 2."""
    bring_in(game)
    hands = {h.number: h for h in Hand.objects.filter(table=game["table"])}
    one, two = hands[1], hands[2]
    deck = one.imported_deck
    # position order after the button (seat 9): Ann 0, Benny 1, Cat 2, Zed 3 (R4.1)
    stand_ins = {deck[2], deck[6], deck[1], deck[5], deck[3], deck[7]}
    public = {"5s", "9d", "Jc", "2h", "Kc", "As", "Kd"}
    for who in ("ann", "ben", "cat", "mia"):
        client.force_login(game[who])
        seen = _seen_by(client, game, one)
        assert not seen & stand_ins, who
        assert seen <= public, (who, seen - public)
    client.force_login(game["cat"])
    assert not _seen_by(client, game, two) & {"7c", "2d"}
    client.force_login(game["ann"])
    assert {"7c", "2d"} <= _seen_by(client, game, two)
    page = client.get(f"/clubs/{game['club'].slug}/history/hands/{one.pk}/")
    assert b'id="imported-note"' in page.content and b"data-verify-result" not in page.content


def test_whoever_downloaded_the_log_can_be_named_or_no_one(game):
    bring_in(game, owner="nobody")
    assert HandLogImport.objects.get().log_owner == ""
    for hand in Hand.objects.filter(table=game["table"]):
        assert not any(p["hole_cards_known"] for p in hand.players)
        assert replay(hand).user_seats == {}


def test_a_downloader_the_log_contradicts_is_refused_and_nothing_comes_in(game):
    """R4.3: Ann's cards must not become Benny's. In hand 3 Ann shows the downloader's
    A♥ A♦, so Benny did not download the log; Zed is not dealt in every such hand."""
    with pytest.raises(Refused, match="Benny did not download this log"):
        bring_in(game, owner="bX2")
    assert not Hand.objects.exists() and not HandLogImport.objects.exists()
    outcome = bring_in(game, owner="aZ1")
    assert outcome.batch.log_owner == "aZ1" and outcome.batch.hands == 3


def test_the_same_file_twice_changes_nothing(game):
    first = bring_in(game)
    again = bring_in(game)
    assert not again.created and again.batch.pk == first.batch.pk
    assert Hand.objects.filter(table=game["table"]).count() == 3


def test_a_hand_our_rules_pay_otherwise_is_left_out(game):
    wrong = [line.replace("collected 700", "collected 690") for line in HAND_1]
    outcome = bring_in(game, log_csv(wrong, HAND_2))
    assert outcome.batch.hands == 1
    assert outcome.batch.skipped[0]["number"] == 1
    assert "the log 690" in outcome.batch.skipped[0]["reason"]
    assert not Hand.objects.filter(table=game["table"], number=1).exists()


@pytest.mark.parametrize(
    "data,message",
    [
        (
            b"entry,when\n",
            "line 1: the hand log's columns are entry, at, order; missing: at, order",
        ),
        ('"x",2026-11-27T20:00:00Z,abc\n', "line 2, column order: 'abc' is not a whole number"),
        ('"x",yesterday,5\n', "line 2, column at: 'yesterday' is not a time"),
        (b'entry,at,order\n"caf\xe9",2026-11-27T20:00:00Z,1\n', "not UTF-8 text (byte 20)"),
        ('"nothing here",2026-11-27T20:00:00Z,1\n', "The file has no hands"),
    ],
)
def test_a_file_that_is_not_a_log_is_refused_with_its_line_and_imports_nothing(game, data, message):
    if isinstance(data, str):
        data = ("entry,at,order\n" + data).encode()
    with pytest.raises(Refused, match=re.escape(message)):
        bring_in(game, data)
    assert not Hand.objects.exists() and not HandLogImport.objects.exists()


def test_a_player_the_ledger_does_not_know_refuses_the_file(game):
    other = [line.replace("Zed @ zQ9", "Yan @ yY8") for line in HAND_1]
    with pytest.raises(Refused, match="Yan @ yY8 is not in this game's"):
        bring_in(game, log_csv(other))
    assert not Hand.objects.exists()


def test_a_bad_card_names_its_line(game):
    bad = [line.replace("Flop:  [5♠", "Flop:  [5X") for line in HAND_1]
    with pytest.raises(Refused, match=r"line \d+, column entry: '5X'"):
        bring_in(game, log_csv(bad))
    assert not Hand.objects.exists()


def test_only_the_owner_brings_in_a_log_and_the_page_does_it(game, client):
    with pytest.raises(Refused, match="Only the club's owner"):
        log_import.start(game["mia"], game["club"], game["table"].pk, GAME_LOG, "x", False)
    url = f"/clubs/{game['club'].slug}/history/sessions/{game['table'].pk}/hand-log/"
    client.force_login(game["mia"])
    assert client.post(url, {"file": _upload()}).status_code == 404
    client.force_login(game["owner"])
    page = client.get(f"/clubs/{game['club'].slug}/history/sessions/{game['table'].pk}/")
    assert b'id="hand-log-form"' in page.content
    response = client.post(url, {"file": _upload(), "owner": ""}, follow=True)
    assert b"3 hands brought in; 2 left out" in response.content
    assert b"hand #4 (line" in response.content
    assert Hand.objects.filter(table=game["table"]).count() == 3


def _upload():
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("log.csv", GAME_LOG, content_type="text/csv")


def test_a_big_file_is_refused_before_it_is_read(game, client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(game["owner"])
    big = SimpleUploadedFile("log.csv", b"x" * (log_file.MAX_BYTES + 1))
    url = f"/clubs/{game['club'].slug}/history/sessions/{game['table'].pk}/hand-log/"
    response = client.post(url, {"file": big}, follow=True)
    assert b"Nothing was imported: the file is 20.0 MB" in response.content
    assert not HandLogImport.objects.exists()


def test_a_dead_button_hand_in_whole_units_replays_where_the_log_puts_the_blinds():
    """R28.5: the button's seat is empty (the log says "dead button" and names no seat); it
    sits just before the small blind. Older logs have no hand id; amounts in whole units of
    a cents club (R2.3)."""
    hand = [
        "-- starting hand #7  (No Limit Texas Hold'em) (dead button) --",
        f"Player stacks: #4 {B} (49.20) | #5 {C} (100.90) | #9 {Z} (60.00)",
        f"{B} posts a small blind of 0.10",
        f"{C} posts a big blind of 0.20",
        f"{Z} folds",
        f"{B} calls 0.20",
        f"{C} checks",
        "Flop:  [7♠, 6♠, J♥]",
        f"{B} bets 0.40",
        f"{C} folds",
        f"Uncalled bet of 0.40 returned to {B}",
        f"{B} collected 0.40 from pot",
        "-- ending hand #7 --",
        "Undealt cards: 7♠, 6♠, J♥ [9♠, 7♣]",
    ]
    parsed = log_file.parse_log(log_csv(hand))
    (only,) = parsed.hands
    converted = log_file.convert(only, 2, True, None)
    assert converted.phh.optional["seats"] == [4, 5, 9]
    assert converted.phh.user_defined == {"_dead_button": 3}
    assert converted.phh.starting_stacks == (4920, 10090, 6000)
    from engine.phh import replay as phh_replay

    played = phh_replay(converted.phh)
    assert played.state.stacks_by_seat() == {4: 4940, 5: 10070, 9: 6000}
    assert converted.collected == {"bX2": 40}
