// The table's house rules in one compact line, with each rule said in full on a tap: the
// 7-2 game, bomb pots, double boards, antes, a stud game's bring-in and bets, straddles, run
// it twice, the rake and the clock (docs/rules.md R3, R12, R13, R14, R21-R23, R45), from the
// state's `table` (projection.py's table_summary). Only what is on is named.
import { gettext, interpolate } from "../i18n.js";
import { decimalText, money } from "./format.js";

const STUD_GAMES = new Set(["stud", "stud8", "razz"]);

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
  if (table.ante) {
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
