"""The host's table settings form. Every field is checked on the server."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engine.games import rules
from engine.state import ITALIAN_SHARED_OPTIONS
from engine.table import MIXED_GAMES, mixed_game_code
from pokerclub.forms import AmountField, read_amounts_for
from pokerclub.models import Club
from pokerclub.text import validate_name
from tables.play.models import GAME_NAMES, DoubleBoard, GameChoice, MixedMode, Structure, Table

ITALIANA_FIELDS = (
    "dealer_ante",
    "opening_draw",
    "rising_openings",
    "repeat_invito",
    "max_draw",
    "piatto_di_parola",
    "opener_first",
    "full_over_flush_on_52",
    "minima_beats_massima",
    "flush_by_suit",
    "max_raises",
    "fourth_card_last",
    "morto",
    "buio",
)
"""Poker all'italiana's house rules (R32.2-R38.3), each a column of Table."""
TELESINA_FIELDS = ("best_showing_first", "vele", *ITALIAN_SHARED_OPTIONS)
"""Telesina's house rules (R40.4, the vela R41; its ranking's options, R40.1, and the raise
cap, R38.3, are poker all'italiana's fields), each a column of Table."""
HOUSE_RULES = {"italiana": ITALIANA_FIELDS, "telesina": TELESINA_FIELDS}
"""Each game's house rules: the form shows them only while the game (or a mixed list with
it) is dealt."""
INVITO_GAMES = ("italiana", "telesina")
"""The games whose small blind field is the invito, everyone's ante, and whose big blind
field is the least bet (R33.1, R34.4, R40.2): no blinds, no other ante, no straddle."""
SETTING_FIELDS = [
    "name",
    "game",
    "structure",
    "small_blind",
    "big_blind",
    "ante",
    "ante_by_big_blind",
    "straddle_allowed",
    "min_buy_in",
    "max_buy_in",
    "max_seats",
    "action_seconds",
    "time_bank_seconds",
    "away_seconds",
    "run_it_twice_allowed",
    "show_all_called",
    "new_player_policy",
    "rake_percent",
    "rake_cap",
    "approve_seats",
    "mixed_games",
    "mixed_mode",
    *(f"blinds_{code}" for code in MIXED_GAMES),
    "bomb_pot_ante",
    "bomb_pot_every",
    "bomb_pot_vote",
    "double_board",
    "seven_deuce_bounty",
    "seven_deuce_shown",
    *ITALIANA_FIELDS,
    "best_showing_first",
    "vele",
]
"""The form's fields in the order they are shown. Each is a column of Table except
``rake_percent``: hosts think of rake in percent, the table stores basis points
(``rake_bps``, the engine's unit), see :meth:`TableForm.table_values`."""
BLINDS_FIELDS = {f"blinds_{code}": code for code in MIXED_GAMES}
"""R20: a mixed-game table's blinds per game, "2/4" (empty: the table's), stored together
as ``Table.mixed_blinds``."""
MODEL_FIELDS = [
    name for name in SETTING_FIELDS if name != "rake_percent" and name not in BLINDS_FIELDS
]

COMMON_FIELDS = [
    "name",
    "game",
    "structure",
    "small_blind",
    "big_blind",
    "min_buy_in",
    "max_buy_in",
    "max_seats",
]
"""What most hosts set; the other settings are folded under "More options"."""

PRESETS = [
    # (game, structure, small blind, big blind, minimum buy-in, maximum buy-in), in units of
    # :func:`preset_unit`
    (GameChoice.HOLDEM, Structure.NO_LIMIT, 1, 2, 40, 200),
    (GameChoice.HOLDEM, Structure.NO_LIMIT, 2, 5, 100, 500),
    (GameChoice.OMAHA, Structure.POT_LIMIT, 1, 2, 40, 200),
    (GameChoice.OMAHA_HILO, Structure.POT_LIMIT, 1, 2, 40, 200),
    (GameChoice.HOLDEM, Structure.FIXED_LIMIT, 2, 4, 40, 200),
]
AMOUNT_FIELDS = {"small_blind", "big_blind", "min_buy_in", "max_buy_in"}
"""The presets' amounts (in the club's smallest unit)."""
STRUCTURE_SHORT = {Structure.NO_LIMIT: "NL", Structure.POT_LIMIT: "PL", Structure.FIXED_LIMIT: "FL"}


def preset_unit(club: Any) -> int:
    """One preset unit in the club's smallest unit: a chip, or a quarter of the currency (so
    "1/2" is €0.25/€0.50 when amounts have two decimals)."""
    if club.amount_format == club.AmountFormat.CURRENCY and club.decimal_places:
        return max(1, 10**club.decimal_places // 4)
    return 1


def table_presets(club: Any) -> list[dict[str, Any]]:
    """The stakes a host can start from, named like "1/2 NL, 40–200", with the values they
    fill in (``values``: the settings; ``shown``: as the form's fields show them)."""
    unit = preset_unit(club)
    out = []
    for game, structure, sb, bb, lo, hi in PRESETS:
        values = {
            "game": game.value,
            "structure": structure.value,
            "small_blind": sb * unit,
            "big_blind": bb * unit,
            "min_buy_in": lo * unit,
            "max_buy_in": hi * unit,
        }
        fmt = club.format_amount
        label = (
            f"{fmt(values['small_blind'])}/{fmt(values['big_blind'])} "
            f"{STRUCTURE_SHORT[structure]}{rules(game).letter}, "
            f"{fmt(values['min_buy_in'])}–{fmt(values['max_buy_in'])}"
        )
        # what the form's fields show for them: amounts the club's way, as a host types them
        shown = {k: fmt(v) if k in AMOUNT_FIELDS else v for k, v in values.items()}
        out.append({"label": label, "values": values, "shown": shown})
    return out


def _mixed_label(code: str) -> str:
    game, structure = MIXED_GAMES[code]
    # Translators: a mixed game's code, structure and game, e.g. "PLO: Pot-limit Omaha"
    return gettext("%(code)s: %(structure)s %(game)s") % {
        "code": code,
        "structure": Structure(structure.value).label,
        "game": GAME_NAMES[game.value],
    }


class TableForm(forms.ModelForm):
    # (the page's script shows each game's house rules only while it is dealt)
    house_rules = {
        code: list(HOUSE_RULES[game.value])
        for code, (game, _structure) in MIXED_GAMES.items()
        if game.value in HOUSE_RULES
    } | {game: list(fields) for game, fields in HOUSE_RULES.items()}
    mixed_games = forms.MultipleChoiceField(
        label=_("Mixed games (a new game every orbit)"),
        choices=[(code, lazy(_mixed_label, str)(code)) for code in MIXED_GAMES],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_(
            "Pick two or more and the table deals them in turn, changing game when the "
            "button has gone round; each game plays the table's blinds unless you set its own "
            "below (a fixed-limit game bets its big blind as the small bet). Pick none for one "
            "game."
        ),
    )
    # amounts as people write them, in the club's money or chips (pokerclub.forms.AmountField)
    # R45.1: a stud game has no blinds; the same two amounts are its stakes
    small_blind = AmountField(
        label=_("Small blind"),
        help_text=_(
            "In stud and razz: the bring-in. In poker all'italiana and Telesina: the "
            "invito, which everyone puts in."
        ),
    )
    big_blind = AmountField(
        label=_("Big blind"),
        help_text=_(
            "In stud and razz: the small bet; the big bet is twice it. In poker "
            "all'italiana: the cip, the least opening bet. In Telesina: the least bet."
        ),
    )
    dealer_ante = AmountField(
        label=_("Poker all'italiana: the dealer's invito"),
        zero=True,
        required=False,
        help_text=_("What the dealer puts in on top of the invito (0: nothing more)."),
    )
    ante = AmountField(label=_("Ante"), zero=True, required=False)
    min_buy_in = AmountField(label=_("Minimum buy-in"))
    max_buy_in = AmountField(label=_("Maximum buy-in"))
    rake_cap = AmountField(label=_("Rake cap per hand"), zero=True, required=False)
    bomb_pot_ante = AmountField(
        label=_("Bomb pot: what everyone puts in"),
        zero=True,
        required=False,
        help_text=_(
            "In a bomb pot there are no blinds and no betting before the "
            "flop: everyone puts this in, the flop comes and the betting starts."
        ),
    )
    seven_deuce_bounty = AmountField(
        label=_("The 7-2 game: a pot won with 7-2 collects from each player"),
        zero=True,
        required=False,
        help_text=_(
            "Every other player dealt in pays this, or what they have left; Hold'em only (0: off)."
        ),
    )
    rake_percent = forms.DecimalField(
        label=_("Rake (%)"),
        min_value=Decimal(0),
        max_value=Decimal(10),
        max_digits=4,
        decimal_places=2,
        initial=Decimal(0),
    )
    field_order = SETTING_FIELDS

    class Meta:
        model = Table
        fields = MODEL_FIELDS
        labels = {
            "name": _("Name"),
            "game": _("Game"),
            "structure": _("Structure"),
            # Translators: whether the player under the gun may straddle (R3.3)
            "straddle_allowed": _("Straddle allowed"),
            "run_it_twice_allowed": _("Run it twice allowed"),
            "max_seats": _("Seats"),
            "action_seconds": _("Action clock (seconds)"),
            "time_bank_seconds": _("Time bank (seconds)"),
            "away_seconds": _("Clock of a player who left (seconds)"),
            "show_all_called": _("Show all called hands"),
            "new_player_policy": _("New players"),
            "approve_seats": _("Host approves who sits down"),
            "ante_by_big_blind": _("Big-blind ante"),
            "bomb_pot_every": _("A bomb pot every … hands (0: never)"),
            "bomb_pot_vote": _("Players may call a bomb pot (everyone dealt in must vote)"),
            "double_board": _("Double board"),
            "mixed_mode": _("Each orbit's game"),
            "seven_deuce_shown": _("The 7-2 is shown when it collects"),
            "opening_draw": _("Poker all'italiana: opening on a draw"),
            "rising_openings": _("Poker all'italiana: rising openings"),
            "repeat_invito": _("Poker all'italiana: the invito again after a pot nobody won"),
            "max_draw": _("Poker all'italiana: the most cards changed"),
            "piatto_di_parola": _("Poker all'italiana: piatto di parola"),
            "opener_first": _("Poker all'italiana: the opener speaks first after the draw"),
            "full_over_flush_on_52": _(
                "Poker all'italiana, Telesina: full above colore with 52 cards"
            ),
            "minima_beats_massima": _(
                "Poker all'italiana, Telesina: scala reale minima beats massima"
            ),
            "flush_by_suit": _("Poker all'italiana, Telesina: colore by suit"),
            "max_raises": _("Poker all'italiana, Telesina: rilanci massimi"),
            "fourth_card_last": _("Poker all'italiana: the fourth card after the others"),
            # Translators: poker all'italiana's "morto" (R31.4): a dead hand dealt to an empty place
            "morto": _("Poker all'italiana: the morto with three players"),
            # Translators: poker all'italiana's "buio" (R33.5): opening blind, before looking
            "buio": _("Poker all'italiana: the buio"),
            "best_showing_first": _("Telesina: the best hand showing speaks first"),
            # Translators: Telesina con la vela (R41): the shared card(s) in the middle
            "vele": _("Telesina: the vela"),
        }
        help_texts = {
            "ante_by_big_blind": _("The big blind posts the ante for the whole table."),
            "away_seconds": _(
                "A player whose browser has closed gets this clock, without their time "
                "bank; their usual clock comes back when they do."
            ),
            "bomb_pot_every": "",
            "bomb_pot_vote": "",
            "mixed_mode": _(
                "Dealer's choice: the player on the button picks the first orbit's "
                "game from the list, then each player in turn (clockwise) picks an orbit's."
            ),
            "double_board": _(
                "Two boards from the flop on; each pot is split between the best "
                "hand on each board."
            ),
            "seven_deuce_shown": "",
            "opening_draw": _("Besides a pair of jacks or better."),
            "rising_openings": _(
                "After a hand nobody opened, queens are needed to open; after two or more, "
                "kings; jacks again once a pot is won."
            ),
            "max_draw": "",
            "piatto_di_parola": _(
                "When everyone checks after the draw nobody shows, and the pot goes to "
                "the next hand, which needs kings to open."
            ),
            "opener_first": _("Otherwise the first player left of the dealer."),
            "full_over_flush_on_52": _(
                "With nine players the whole deck is dealt: full beats colore, as in Hold'em. "
                "Otherwise colore beats full with every deck."
            ),
            "minima_beats_massima": _(
                "The straight flush with the ace low beats the one with the ace high; "
                "otherwise the higher top card wins."
            ),
            "flush_by_suit": _(
                "Between two flushes the higher suit wins whatever the ranks (hearts, "
                "diamonds, clubs, spades); otherwise the ranks first."
            ),
            "max_raises": _(
                "The most raises in a betting round after its first bet; then players call "
                "or fold (0: no limit)."
            ),
            "fourth_card_last": _(
                "A player changing four cards gets three at once and the fourth after "
                "every other player has drawn."
            ),
            "morto": _(
                "With three players a fourth hand is dealt to the place after the dealer and "
                "never played, and the deck is the one for four (seven to ace)."
            ),
            "buio": _(
                "Before looking at their cards the player left of the dealer may open blind; "
                "the next may answer with a controbuio of twice as much. The others see it or "
                "pass; the blind player looks last, speaks last and alone may raise. Never in "
                "the hand after a piatto di parola."
            ),
            "best_showing_first": _("Otherwise the first player left of the dealer, every round."),
            "vele": _(
                "After the fifth cards a card in the middle, everyone's, is turned, with a "
                "betting round of its own; each player's hand is the best five of their "
                "cards and the vela."
            ),
        }
        widgets = {"max_draw": forms.Select(choices=[(4, "4"), (5, "5")])}

    def __init__(
        self, *args: Any, club: Club, in_hand_or_seated: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        read_amounts_for(self, club)
        for name, code in BLINDS_FIELDS.items():  # R20: blinds per game of a mixed table
            game_rules = rules(MIXED_GAMES[code][0])
            self.fields[name] = forms.CharField(
                label=(
                    # Translators: a stud game's own stakes at a mixed table (R45.1)
                    gettext("Bring-in and small bet in %(code)s (e.g. 1/2)")
                    if game_rules.stud
                    # Translators: poker all'italiana's own stakes at a mixed table (R33.1,
                    # R34.4): everyone's ante and the least opening bet
                    else gettext("Invito and cip in %(code)s (e.g. 1/2)")
                    if game_rules.opening
                    else gettext("Blinds in %(code)s (small/big)")
                )
                % {"code": code},
                required=False,
                max_length=2 * AmountField.MAX_LENGTH + 1,
                widget=forms.TextInput(
                    # Translators: placeholder of a game's own blinds: empty means the table's
                    attrs={"placeholder": gettext("the table's"), "autocomplete": "off"}
                ),
            )
        self.order_fields(self.field_order)
        # The browser's limits are the model's validators: the server checks the same again.
        if self.instance and self.instance.pk:
            self.initial["rake_percent"] = Decimal(self.instance.rake_bps) / 100
            fmt = club.format_amount
            for code, (small, big) in self.instance.mixed_blinds.items():
                self.initial[f"blinds_{code}"] = f"{fmt(small)}/{fmt(big)}"
        for name, field in self.fields.items():
            if name not in MODEL_FIELDS or isinstance(field, AmountField):
                continue
            model_field = Table._meta.get_field(name)
            assert isinstance(model_field, models.Field)  # a form field is a model column
            for validator in model_field.validators:
                if isinstance(validator, MinValueValidator):
                    field.widget.attrs["min"] = validator.limit_value
                elif isinstance(validator, MaxValueValidator) and validator.limit_value < 2**31:
                    field.widget.attrs["max"] = validator.limit_value  # not the database's range
        self.fields["game"].required = False
        self.fields["double_board"].required = False  # left out: one board
        self.fields["mixed_mode"].required = False  # left out: the list in turn
        for name in ("bomb_pot_ante", "bomb_pot_every", "seven_deuce_bounty"):  # left out: off
            self.fields[name].required = False
        # left out: the commonest house rule (the model's default)
        for name in {*ITALIANA_FIELDS, *TELESINA_FIELDS}:
            self.fields[name].required = False
        vele = self.fields["vele"]
        assert isinstance(vele, forms.ChoiceField)  # R41: none, one or two
        vele.choices = [(0, _("No vela")), (1, _("One vela")), (2, _("Two vele"))]
        buio = self.fields["buio"]
        assert isinstance(buio, forms.ChoiceField)  # R33.5: none, twice the pot or the pot
        buio.choices = [
            (0, _("No buio")),
            (2, _("Buio of twice the pot")),
            (1, _("Buio of the pot")),
        ]
        self.fields["away_seconds"].required = False  # left out: the model's default
        self.seated_numbers: set[int] = set()
        if self.instance and self.instance.pk:
            self.seated_numbers = set(
                self.instance.seats.exclude(user=None).values_list("number", flat=True)
            )

    def house_rules_json(self) -> str:
        """:attr:`house_rules` for the page's script: ``{game or mixed code: [fields]}``."""
        return json.dumps(self.house_rules)

    def common_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in COMMON_FIELDS]

    def more_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in SETTING_FIELDS if name not in COMMON_FIELDS]

    def more_has_errors(self) -> bool:
        return any(self[name].errors for name in SETTING_FIELDS if name not in COMMON_FIELDS)

    def clean_game(self) -> str:
        # a form from before the game was a setting (or a client that leaves it out): Hold'em
        return self.cleaned_data.get("game") or GameChoice.HOLDEM

    def clean_bomb_pot_ante(self) -> int:
        return self.cleaned_data.get("bomb_pot_ante") or 0

    def clean_ante(self) -> int:
        return self.cleaned_data.get("ante") or 0

    def clean_away_seconds(self) -> int:
        value = self.cleaned_data.get("away_seconds")
        if value is None:
            default = Table._meta.get_field("away_seconds").get_default()
            return int(default)
        return int(value)

    def clean_rake_cap(self) -> int:
        return self.cleaned_data.get("rake_cap") or 0

    def clean_bomb_pot_every(self) -> int:
        return self.cleaned_data.get("bomb_pot_every") or 0

    def clean_mixed_mode(self) -> str:
        return self.cleaned_data.get("mixed_mode") or MixedMode.ROTATE

    def clean_double_board(self) -> str:
        return self.cleaned_data.get("double_board") or DoubleBoard.OFF

    def clean_dealer_ante(self) -> int:
        return self.cleaned_data.get("dealer_ante") or 0

    def _italiana_default(self, name: str) -> Any:
        """A house rule of poker all'italiana or Telesina left out: the table's, or the model's
        default (a checkbox left out is "off": only the choices fall back)."""
        value = self.cleaned_data.get(name)
        if value in (None, ""):
            if self.instance and self.instance.pk:
                return getattr(self.instance, name)
            model_field = Table._meta.get_field(name)
            assert isinstance(model_field, models.Field)  # a house rule is a column
            return model_field.get_default()
        return value

    def clean_opening_draw(self) -> str:
        return str(self._italiana_default("opening_draw"))

    def clean_repeat_invito(self) -> str:
        return str(self._italiana_default("repeat_invito"))

    def clean_vele(self) -> int:
        return int(self._italiana_default("vele"))  # R41: left out, the table's (or none)

    def clean_buio(self) -> int:
        return int(self._italiana_default("buio"))  # R33.5: left out, the table's (or none)

    def clean_max_draw(self) -> int:
        return int(self._italiana_default("max_draw"))

    def clean_max_raises(self) -> int:
        return self.cleaned_data.get("max_raises") or 0

    def clean_seven_deuce_bounty(self) -> int:
        return self.cleaned_data.get("seven_deuce_bounty") or 0

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(gettext("A table needs a name."))
        validate_name(name)
        return name

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        sb, bb = data.get("small_blind"), data.get("big_blind")
        if sb is not None and bb is not None and sb > bb:
            self.add_error(
                "small_blind", gettext("The small blind cannot be bigger than the big blind.")
            )
        lo, hi = data.get("min_buy_in"), data.get("max_buy_in")
        if lo is not None and hi is not None and lo > hi:
            self.add_error("min_buy_in", gettext("The minimum buy-in cannot be above the maximum."))
        if bb is not None and lo is not None and lo < bb:
            self.add_error(
                "min_buy_in", gettext("The minimum buy-in must cover at least one big blind.")
            )
        if data.get("ante") and data.get("ante_by_big_blind") is None:
            data["ante_by_big_blind"] = False
        seats = data.get("max_seats")
        if seats is not None and self.seated_numbers and max(self.seated_numbers) > seats:
            self.add_error("max_seats", gettext("Players sit in seats beyond that number."))
        bomb = data.get("bomb_pot_ante") or 0
        if (data.get("bomb_pot_every") or data.get("bomb_pot_vote")) and not bomb:
            self.add_error("bomb_pot_ante", gettext("Say what everyone puts in a bomb pot."))
        if bomb and lo is not None and bomb > lo:
            self.add_error(
                "bomb_pot_ante",
                gettext("A bomb pot cannot ask more than the minimum buy-in."),
            )
        mixed = data.get("mixed_games") or []
        dealt = [MIXED_GAMES[code][0].value for code in mixed] or [data.get("game") or "holdem"]
        if data.get("seven_deuce_bounty") and "holdem" not in dealt:
            self.add_error(
                "seven_deuce_bounty",
                gettext("The 7-2 game is played with two cards: Hold'em."),
            )
        if len(mixed) == 1:
            self.add_error("mixed_games", gettext("Pick at least two games to rotate, or none."))
        data["mixed_blinds"] = self._mixed_blinds(mixed, lo)
        double = data.get("double_board") or DoubleBoard.OFF
        if double == DoubleBoard.BOMB_POTS and not bomb:
            self.add_error("double_board", gettext("Double-board bomb pots need bomb pots."))
        boardless = next((game for game in dealt if not rules(game).board_cards), None)
        if boardless is not None:  # R21, R23, R42, R45: a draw or stud game has no board
            for field, asked in (("bomb_pot_ante", bomb), ("double_board", double != "off")):
                if asked:
                    self.add_error(
                        field,
                        gettext("%(game)s has no board: no bomb pots, no double board.")
                        % {"game": GAME_NAMES[boardless]},
                    )
        self._check_stud(data, mixed, dealt)
        self._check_invito(data, mixed, dealt)
        games: list[str] = [MIXED_GAMES[code][0].value for code in mixed]
        for game in games or [data.get("game") or ""]:
            if game and seats is not None and seats > rules(game).max_players:
                self.add_error(
                    "max_seats",
                    gettext("%(game)s deals at most %(count)s players from one deck.")
                    % {"game": GAME_NAMES[game], "count": rules(game).max_players},
                )
                break
            most = rules(game).seats_for(2) if game else 10
            if double != DoubleBoard.OFF and seats is not None and seats > most:
                self.add_error(
                    "double_board",
                    gettext(
                        "%(game)s deals two boards to at most %(count)s players from one "
                        "deck: fewer seats, or one board."
                    )
                    % {"game": GAME_NAMES[game], "count": most},
                )
                break
        return data

    def _check_stud(self, data: dict[str, Any], mixed: list[str], dealt: list[str]) -> None:
        """R45.1: a stud game is dealt fixed-limit, and every player antes: it has no big
        blind to post a big-blind ante."""
        # (Telesina has no bring-in and any structure, and the invito: _check_invito)
        stud = next((game for game in dealt if rules(game).bring_in is not None), None)
        if stud is None:
            return
        if not mixed and data.get("structure") not in (None, Structure.FIXED_LIMIT):
            self.add_error(
                "structure",
                gettext("%(game)s is dealt fixed-limit.") % {"game": GAME_NAMES[stud]},
            )
        if data.get("ante") and data.get("ante_by_big_blind"):
            self.add_error(
                "ante_by_big_blind",
                gettext(
                    "%(game)s has no big blind: every player posts the ante. Untick the "
                    "big blind's ante."
                )
                % {"game": GAME_NAMES[stud]},
            )

    def _check_invito(self, data: dict[str, Any], mixed: list[str], dealt: list[str]) -> None:
        """R31.5, R35.5, R40.2: poker all'italiana's and Telesina's stakes are the invito
        (the small blind) and the least bet (the big blind), so the table's ante, its
        big-blind ante and the straddle have no place when one of them is the one game; poker
        all'italiana's game stays while a pot is carried."""
        table = self.instance if self.instance and self.instance.pk else None
        if (
            table is not None
            and table.carried_pot
            and not mixed
            and (data.get("game") or "") != table.game
        ):
            self.add_error(
                "game",
                gettext(
                    "A pot of %(game)s is still in the middle: play it out before changing game."
                )
                % {"game": GAME_NAMES[table.game]},
            )
        if mixed or dealt[0] not in INVITO_GAMES:
            return
        refusal = (
            gettext(
                "Poker all'italiana has no blinds: everyone puts in the invito (the "
                "small blind field) and the cip is the least opening bet."
            )
            if dealt[0] == "italiana"
            else gettext(
                "Telesina has no blinds: everyone puts in the invito (the small blind "
                "field) and the big blind field is the least bet."
            )
        )
        for field in ("ante", "straddle_allowed"):
            if data.get(field):
                self.add_error(field, refusal)

    def _mixed_blinds(self, mixed: list[str], least_buy_in: int | None) -> dict[str, list[int]]:
        """R20: each listed game's own blinds, from "2/4" (a game left empty, or not in the
        list, plays the table's); each is checked as the table's blinds are."""
        out: dict[str, list[int]] = {}
        for name, code in BLINDS_FIELDS.items():
            text = (self.cleaned_data.get(name) or "").strip()
            if not text or code not in mixed:
                continue
            try:
                small, big = self._blinds(text)
            except ValueError as error:
                self.add_error(name, str(error))
                continue
            if big < 1 or small > big:
                self.add_error(
                    name, gettext("The big blind is at least 1 and at least the small blind.")
                )
            elif least_buy_in is not None and least_buy_in < big:
                self.add_error(
                    name, gettext("The minimum buy-in must cover this game's big blind.")
                )
            else:
                out[code] = [small, big]
        return out

    def _blinds(self, text: str) -> tuple[int, int]:
        """ "0,25/0,50", "€0.25/€0.50", "S/1.00/S/2.00": the small and the big blind, read
        with the club's parser at the first "/" that leaves an amount on each side."""
        refused: ValueError | None = None
        for at in (i for i, char in enumerate(text) if char == "/"):
            try:
                return self.club.parse_amount(text[:at]), self.club.parse_amount(text[at + 1 :])
            except ValueError as error:
                refused = refused or error
        if refused is None or text.count("/") != 1:
            raise ValueError(gettext("Write the small and the big blind like 2/4."))
        raise refused

    def clean_mixed_games(self) -> list[str]:
        chosen = set(self.cleaned_data.get("mixed_games") or [])
        return [code for code in MIXED_GAMES if code in chosen]  # the rotation's order

    def table_values(self, changed_only: bool = False) -> dict[str, Any]:
        """The cleaned settings as Table's columns (the rake in basis points), all of them or
        only those the host changed."""
        names = self.changed_data if changed_only else SETTING_FIELDS
        values = {name: self.cleaned_data[name] for name in names if name in MODEL_FIELDS}
        if "rake_percent" in names:
            values["rake_bps"] = int(self.cleaned_data["rake_percent"] * 100)
        if not changed_only or {"mixed_games", *BLINDS_FIELDS} & set(names):
            values["mixed_blinds"] = self.cleaned_data["mixed_blinds"]
        mixed = self.cleaned_data.get("mixed_games") or []
        if mixed:  # R20: the rotation decides the game, not the form
            current = (self.cleaned_data["game"], self.cleaned_data["structure"])
            if changed_only:
                # an edit form shows the game of when it was opened: a deal since may have
                # moved the rotation on, so the posted game is not a change to apply
                values.pop("game", None)
                values.pop("structure", None)
                current = (self.instance.game, self.instance.structure)
            if ("mixed_games" in values or not changed_only) and mixed_game_code(
                *current
            ) not in mixed:
                game, structure = MIXED_GAMES[mixed[0]]
                values["game"], values["structure"] = game.value, structure.value
        return values
