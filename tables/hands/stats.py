"""Stats per player per club, the leaderboard, and the net-over-time chart (server SVG).

All numbers come from :class:`~tables.hands.models.HandPlayer` rows (one per player per finished
hand), aggregated in the database:

* hands; VPIP and PFR as a share of hands; 3-bet % as a share of the chances to 3-bet;
* went to showdown (WTSD) as a share of the hands where the player saw the flop; won at
  showdown (W$SD) as a share of the showdowns they went to;
* net won (sum of the nets) and the biggest pot won.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q, Sum, TextField, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Coalesce
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pokerclub.models import User
from tables.hands.models import HandPlayer
from tables.play.models import GameChoice


def game_q(game: str | None, hand: str = "") -> Q:
    """The hands of one game (R17-R19; ``hand``: the path to the Hand, ``"hand__"`` from a
    HandPlayer). Hands dealt before there were other games have no game: they are Hold'em.
    An unknown or empty game is every hand."""
    if game == GameChoice.HOLDEM:
        return Q(**{f"{hand}config__game": game}) | ~Q(**{f"{hand}config__has_key": "game"})
    if game in GameChoice.values:
        return Q(**{f"{hand}config__game": game})
    return Q()


@dataclass
class PlayerStats:
    user_id: int
    name: str
    hands: int
    vpip: int
    pfr: int
    three_bet_chances: int
    three_bets: int
    saw_flop: int
    went_to_showdown: int
    won_at_showdown: int
    net: int
    biggest_pot: int

    @staticmethod
    def _pct(part: int, whole: int) -> float | None:
        return round(100 * part / whole, 1) if whole else None

    @property
    def vpip_pct(self) -> float | None:
        return self._pct(self.vpip, self.hands)

    @property
    def pfr_pct(self) -> float | None:
        return self._pct(self.pfr, self.hands)

    @property
    def three_bet_pct(self) -> float | None:
        return self._pct(self.three_bets, self.three_bet_chances)

    @property
    def wtsd_pct(self) -> float | None:
        return self._pct(self.went_to_showdown, self.saw_flop)

    @property
    def wsd_pct(self) -> float | None:
        return self._pct(self.won_at_showdown, self.went_to_showdown)


def _aggregate(rows: Any, *by: str) -> Any:
    return (
        rows.values("user_id", *by)
        .annotate(
            hands=Count("id"),
            vpip_n=Count("id", filter=Q(vpip=True)),
            pfr_n=Count("id", filter=Q(pfr=True)),
            three_bet_chances=Count("id", filter=Q(three_bet_chance=True)),
            three_bets=Count("id", filter=Q(three_bet=True)),
            saw_flop_n=Count("id", filter=Q(saw_flop=True)),
            wtsd=Count("id", filter=Q(went_to_showdown=True)),
            wsd=Count("id", filter=Q(won_at_showdown=True)),
            net_sum=Sum("net"),
            biggest=Max("pot", filter=Q(won__gt=0)),
        )
        .order_by()
    )


def club_stats(club: Any, user_id: int | None = None, game: str | None = None) -> list[PlayerStats]:
    """Stats of every player of the club (or one), best net first: the leaderboard; of one
    game's hands with ``game`` (:func:`game_q`)."""
    rows = HandPlayer.objects.filter(
        game_q(game, "hand__"), club=club, user__isnull=False, table__tournament__isnull=True
    )  # a tournament's chips are not money: its hands are not in the cash stats
    if user_id is not None:
        rows = rows.filter(user_id=user_id)
    aggregated = list(_aggregate(rows))
    return sorted(_player_stats(aggregated), key=lambda s: (-s.net, s.name.lower()))


def stats_by_game(club: Any, user_id: int) -> list[tuple[str, PlayerStats]]:
    """One player's stats in each game they played in the club (one query), by the games'
    order: ``(game label, stats)``."""
    game = Coalesce(
        KeyTextTransform("game", "hand__config"),
        Value(GameChoice.HOLDEM.value),
        output_field=TextField(),
    )
    rows = HandPlayer.objects.filter(
        club=club, user_id=user_id, table__tournament__isnull=True
    ).annotate(game=game)
    aggregated = list(_aggregate(rows, "game"))
    found = dict(zip((r["game"] for r in aggregated), _player_stats(aggregated), strict=True))
    return [(str(label), found[value]) for value, label in GameChoice.choices if value in found]


def _player_stats(aggregated: list[dict[str, Any]]) -> list[PlayerStats]:
    names = {u.pk: str(u) for u in User.objects.filter(pk__in=[r["user_id"] for r in aggregated])}
    return [
        PlayerStats(
            user_id=r["user_id"],
            name=names.get(r["user_id"], "?"),
            hands=r["hands"],
            vpip=r["vpip_n"],
            pfr=r["pfr_n"],
            three_bet_chances=r["three_bet_chances"],
            three_bets=r["three_bets"],
            saw_flop=r["saw_flop_n"],
            went_to_showdown=r["wtsd"],
            won_at_showdown=r["wsd"],
            net=r["net_sum"] or 0,
            biggest_pot=r["biggest"] or 0,
        )
        for r in aggregated
    ]


def net_series(club: Any, user_id: int, max_points: int = 400) -> list[tuple[Any, int]]:
    """(time, cumulative net) after each of the player's hands in the club, thinned to at
    most ``max_points`` points (the last one always kept)."""
    rows = (
        HandPlayer.objects.filter(club=club, user_id=user_id, table__tournament__isnull=True)
        .order_by("hand_id")
        .values_list("ended_at", "net")
    )
    series = []
    total = 0
    for ended_at, net in rows.iterator(chunk_size=2000):
        total += net
        series.append((ended_at, total))
    if len(series) > max_points:
        step = len(series) / max_points
        thinned = [series[int(i * step)] for i in range(max_points)]
        if thinned[-1] is not series[-1]:
            thinned[-1] = series[-1]
        series = thinned
    return series


def net_chart_svg(
    series: list[tuple[Any, int]], fmt: Any, width: int = 640, height: int = 220
) -> str:
    """A line chart of the cumulative net as an SVG string (no script, no external files)."""
    pad_left, pad_right, pad_y = 70, 12, 18
    if not series:
        empty = _esc(_("No hands yet"))
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{empty}" class="net-chart"><text x="{width // 2}" y="{height // 2}" '
            f'text-anchor="middle" fill="#667085">{empty}</text></svg>'
        )
    values = [0] + [v for _, v in series]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    inner_w = width - pad_left - pad_right
    inner_h = height - 2 * pad_y

    def x(i: int) -> float:
        return pad_left + inner_w * i / max(1, len(values) - 1)

    def y(v: int) -> float:
        return pad_y + inner_h * (high - v) / (high - low)

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    final = values[-1]
    colour = "#0e7c4a" if final >= 0 else "#b42318"
    # Translators: the chart's description: %(count)s points of a player's running net,
    # the last one %(amount)s.
    label = ngettext(
        "Net over %(count)s point, ending at %(amount)s",
        "Net over %(count)s points, ending at %(amount)s",
        len(series),
    ) % {"count": len(series), "amount": fmt(final)}
    first, last = (_day(series[0][0]), _day(series[-1][0]))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{_esc(label)}" class="net-chart">'
        f"<title>{_esc(label)}</title>"
        f'<line x1="{pad_left}" x2="{width - pad_right}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
        f'stroke="#98a2b3" stroke-dasharray="4 3"/>'
        f'<text x="{pad_left - 6}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="11" fill="#667085">{_esc(fmt(high))}</text>'
        f'<text x="{pad_left - 6}" y="{y(low) + 4:.1f}" text-anchor="end" font-size="11" fill="#667085">{_esc(fmt(low))}</text>'
        f'<text x="{pad_left - 6}" y="{y(0) + 4:.1f}" text-anchor="end" font-size="11" fill="#667085">0</text>'
        f'<text x="{pad_left}" y="{height - 2}" font-size="11" fill="#667085">{first}</text>'
        f'<text x="{width - pad_right}" y="{height - 2}" text-anchor="end" font-size="11" fill="#667085">{last}</text>'
        f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>'
        "</svg>"
    )


def _day(when: Any) -> str:
    """The day of ``when`` in the reader's time zone, as their language writes it
    ("05 Dec 2026")."""
    return _esc(formats.date_format(timezone.localtime(when), "d M Y"))


def _esc(text: str) -> str:
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )
