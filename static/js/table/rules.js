// The table's house rules in one compact line, with each rule said in full on a tap: the
// 7-2 game, bomb pots, double boards, antes, a stud game's bring-in and bets, Telesina's invito,
// least bet, who speaks first and ranking, straddles, run it twice, the rake and the clock
// (docs/rules.md R3, R12, R13, R14, R21-R23, R40, R45), from the state's `table`
// (projection.py's table_summary). Only what is on is named.
import { gettext, interpolate, ngettext } from "../i18n.js";
import { decimalText, money } from "./format.js";

const STUD_GAMES = new Set(["stud", "stud8", "razz"]);
/** The games whose stakes are the invito, everyone's ante, and not the table's ante (R33.1, R40.2). */
const INVITO_GAMES = new Set(["italiana", "telesina"]);

/** [{short, long}] for each house rule that is on at this table. */
export function houseRules(table) {
  const out = [];
  const add = (short, long) => out.push({ short, long });
  const seven = table.seven_deuce || {};
  if (seven.bounty) {
    const amount = money(seven.bounty);
    add(interpolate(gettext("7-2: %(amount)s"), { amount }),
      interpolate(gettext("The 7-2 game: whoever wins a pot with seven-deuce collects %(amount)s from every other player dealt in."), { amount }));
  }
  const bomb = table.bomb_pot || {};
  if (bomb.ante && bomb.every) {
    const values = { every: bomb.every, ante: money(bomb.ante) };
    add(interpolate(gettext("Bomb pot every %(every)s hands"), values),
      interpolate(gettext("Every %(every)s hands a bomb pot: everyone puts in %(ante)s and the hand starts from the flop."), values));
  }
  if (bomb.vote) {
    const values = { ante: money(bomb.ante) };
    add(gettext("Bomb pot by vote"),
      interpolate(gettext("When every player dealt in votes for it, the next hand is a bomb pot of %(ante)s each."), values));
  }
  if (table.double_board === "always") {
    add(gettext("Double board"), gettext("Every hand has two boards from the flop: each pot is split between the best hand on each."));
  } else if (table.double_board === "bomb_pots") {
    add(gettext("Double-board bomb pots"), gettext("Bomb pots are dealt with two boards: each pot is split between the best hand on each."));
  }
  if (table.ante && !INVITO_GAMES.has(table.game)) {
    const values = { ante: money(table.ante) };
    add(interpolate(table.ante_by_big_blind ? gettext("Big-blind ante %(ante)s") : gettext("Ante %(ante)s"), values),
      interpolate(table.ante_by_big_blind ? gettext("The big blind posts an ante of %(ante)s for the whole table.") : gettext("Everyone dealt in posts an ante of %(ante)s."), values));
  }
  if (STUD_GAMES.has(table.game)) {
    // R45.1, R45.4, R45.6: the table's small blind is the bring-in and its big blind the small bet
    const values = { bring_in: money(table.small_blind), small: money(table.big_blind), big: money(2 * table.big_blind) };
    // Translators: stud: the forced bet of the lowest up card, then the two bet sizes ("Bring-in 1 · bets 4/8")
    add(interpolate(gettext("Bring-in %(bring_in)s · bets %(small)s/%(big)s"), values),
      interpolate(table.game === "razz"
        ? gettext("The highest up card brings in for %(bring_in)s or completes to %(small)s; bets are %(small)s on third and fourth street, %(big)s from fifth street.")
        : gettext("The lowest up card brings in for %(bring_in)s or completes to %(small)s; bets are %(small)s on third and fourth street, %(big)s from fifth street."), values));
  }
  if (table.game === "telesina" && table.telesina) telesinaRules(table, add);
  if (table.game === "italiana" && table.italiana && table.italiana.morto) {
    // Translators: poker all'italiana's "morto" (R31.4): with three players a dead hand is dealt to an empty place
    add(gettext("Morto with three"),
      gettext("With three players a fourth hand is dealt to the place after the dealer and never played; the deck is the one for four."));
  }
  if (table.game === "italiana" && table.italiana && table.italiana.buio) {
    // Translators: poker all'italiana's "buio" (R33.5): the player left of the dealer may open blind, for twice the pot ("Buio del doppio")
    add(table.italiana.buio === 2 ? gettext("Buio of twice the pot") : gettext("Buio of the pot"),
      table.italiana.buio === 2
        ? gettext("Before looking, the player left of the dealer may open blind for twice the pot; the next may answer with a controbuio of twice that. The others see it or pass; the blind player looks last, speaks last and alone may raise.")
        : gettext("Before looking, the player left of the dealer may open blind for the pot; the next may answer with a controbuio of twice that. The others see it or pass; the blind player looks last, speaks last and alone may raise."));
  }
  if (table.straddle_allowed) add(gettext("Straddle"), gettext("The player under the gun may straddle: a blind bet of two big blinds."));
  if (table.run_it_twice_allowed) add(gettext("Run it twice"), gettext("When players are all-in, they may agree to deal the rest of the board twice."));
  const rake = table.rake || {};
  if (rake.percent) {
    // the percentage as the page's language writes a number, its sign with it ("5%", "2,5%")
    const values = { percent: `${decimalText(rake.percent, Number.isInteger(rake.percent) ? 0 : 1)}%`, cap: money(rake.cap) };
    add(interpolate(rake.cap ? gettext("Rake %(percent)s (cap %(cap)s)") : gettext("Rake %(percent)s"), values),
      interpolate(rake.cap ? gettext("The house takes %(percent)s of each pot, at most %(cap)s.") : gettext("The house takes %(percent)s of each pot."), values));
  }
  if (table.action_seconds) {
    const values = { action: table.action_seconds, bank: table.time_bank_seconds || 0, away: table.away_seconds || 0 };
    add(interpolate(gettext("Clock %(action)s s + %(bank)s s"), values),
      interpolate(gettext("Each decision has %(action)s seconds, then a time bank of %(bank)s seconds; a player whose browser has closed has %(away)s seconds."), values));
  }
  return out;
}

/** Telesina's (R40): the invito and the least bet (the table's small and big blinds, R40.2),
 * who speaks first (R40.4), the vela (R41), and the ranking's options and the raise cap
 * where not the defaults (R32.2, R32.4, R32.6, R38.3). */
function telesinaRules(table, add) {
  const rules = table.telesina;
  const values = { invito: money(table.small_blind), least: money(table.big_blind) };
  // Translators: Telesina: everyone's ante and the least bet ("Invito 1 · least bet 2")
  add(interpolate(gettext("Invito %(invito)s · least bet %(least)s"), values),
    interpolate(gettext("Everyone dealt in puts in the invito of %(invito)s; the least bet is %(least)s."), values));
  if (rules.best_showing_first) {
    add(gettext("The best hand showing speaks first"),
      gettext("In each round the player whose up cards make the best hand speaks first."));
  } else {
    add(gettext("The first left of the dealer speaks first"),
      gettext("In each round the first player still in left of the dealer speaks first."));
  }
  if (rules.vele === 1) {
    // Translators: Telesina con la vela (R41): one shared card in the middle after the fifth cards
    add(gettext("With the vela"),
      gettext("After the fifth cards a card in the middle, everyone's, is turned, with a betting round of its own; each hand is the best five of the player's cards and the vela."));
  } else if (rules.vele === 2) {
    // Translators: Telesina con due vele (R41.4): two shared cards in the middle, turned one at a time
    add(gettext("With two vele"),
      gettext("After the fifth cards two cards in the middle, everyone's, are turned one at a time, each with a betting round of its own; each hand is the best five of the player's cards and the vele."));
  }
  if (!rules.full_over_flush_on_52) {
    // Translators: Telesina's ranking (R32.2): with nine players colore still beats full
    add(gettext("Colore over full at 52 cards"), gettext("With nine players the whole deck is dealt, and colore still beats full."));
  }
  if (!rules.minima_beats_massima) {
    // Translators: Telesina's ranking (R32.4): the ace-high straight flush beats the ace-low one
    add(gettext("Massima beats minima"), gettext("Between straight flushes the higher top card wins: the massima beats the minima."));
  }
  if (rules.flush_by_suit) {
    // Translators: Telesina's ranking (R32.6)
    add(gettext("Colore by suit"), gettext("Between two flushes the higher suit wins whatever the ranks (hearts, diamonds, clubs, spades)."));
  }
  if (rules.max_raises) {
    const cap = { count: rules.max_raises };
    add(interpolate(ngettext("At most %(count)s raise", "At most %(count)s raises", cap.count), cap),
      interpolate(ngettext("At most %(count)s raise in a betting round after its first bet; then players call or fold.",
        "At most %(count)s raises in a betting round after its first bet; then players call or fold.", cap.count), cap));
  }
}

/** Draws the line (`details#house-rules`): the short names in its summary, the rules in full inside. */
export function showHouseRules(root, table) {
  const box = root.querySelector("#house-rules");
  if (!box) return;
  const rules = houseRules(table);
  const key = JSON.stringify(rules);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = !rules.length;
  const summary = box.querySelector("summary");
  summary.textContent = rules.map((r) => r.short).join(" · ");
  const list = box.querySelector("ul");
  list.replaceChildren(...rules.map((r) => {
    const li = document.createElement("li");
    li.textContent = r.long;
    return li;
  }));
}
