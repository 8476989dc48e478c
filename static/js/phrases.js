// A hand's log line in the reader's language. Lines come without words (tables/play/
// table_log.py): `say` names a phrase, `args` holds its values. The phrases, in the page's
// language, are in the page (`phrasebook` of tables/play/phrases.py, a json_script with the
// id "phrases"); this is that module's `render`, word for word the same rules.

import { money } from "./table/format.js";

let book = null;

function phrases() {
  if (book === null) {
    const el = document.getElementById("phrases");
    book = el ? JSON.parse(el.textContent) : { say: {}, one: {}, many: {}, high: {} };
  }
  return book;
}

function fill(text, values) {
  return String(text).replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));
}

/** A hand's name (engine.evaluation.name_words): [["two_pair", "A", "4"]] -> "Two pair, Aces and Fours". */
export function handText(words) {
  const { say, one, many, high } = phrases();
  return words
    .map(([kind, ...ranks]) => {
      if (kind === "text") return ranks[0];
      if (kind === "low") return fill(say.low, { cards: ranks.join("-") });
      const [first = "", second = ""] = ranks;
      return fill(say[kind] || kind, {
        rank: one[first] || first,
        ranks: many[first] || first,
        ranks2: many[second] || second,
        high: high[first] || first,
      });
    })
    .join(" / ");
}

/** A pot ({index, half, board}) -> "the high half of side pot 1 on board 2". */
export function potText(where) {
  const { say } = phrases();
  let key = where.index === 0 ? "pot_main" : "pot_side";
  if (where.half) key += `_${where.half}`;
  let text = fill(say[key], { number: where.index });
  if (where.board) text = fill(say.pot_on_board, { pot: text, board: where.board });
  return text;
}

/** One log line's words; a line from before lines were phrases keeps its `text`. */
export function lineText(line) {
  const { say } = phrases();
  if (!line.say) return String(line.text || "");
  const values = {};
  for (const [name, value] of Object.entries(line.args || {})) {
    if (name === "who" && value === null) values.who = fill(say.seat, { number: line.seat });
    else if (name === "amount" || name === "before") values[name] = money(value);
    else if (name === "cards" || name === "thrown") values[name] = value.join(" ");
    else if (name === "hand") values.hand = handText(value);
    else if (name === "pot") values.pot = potText(value);
    else if (name === "paid")
      values.paid = value.length ? value.map(([amount, who, seat]) => fill(say.bounty_from, { amount: money(amount), who: who ?? fill(say.seat, { number: seat }) })).join(", ") : say.bounty_nothing;
    else values[name] = value;
  }
  return fill(say[line.say] || line.say, values);
}
