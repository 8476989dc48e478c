// Card faces from two-character codes ("Ah", "Td"; "??" face down), drawn with CSS and Unicode.
// The four-colour deck is a class on the page (see prefs.js); colours live in table.css.

import { gettext, interpolate } from "../i18n.js";

const RANKS = "AKQJT98765432";
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** A card's name for screen readers: "Ace of spades". */
function cardName(rank, suit) {
  // Translators: the names of playing cards, read out by screen readers ("Ace of spades")
  const ranks = {
    A: gettext("Ace"), K: gettext("King"), Q: gettext("Queen"), J: gettext("Jack"), T: gettext("Ten"),
    9: gettext("Nine"), 8: gettext("Eight"), 7: gettext("Seven"), 6: gettext("Six"), 5: gettext("Five"),
    4: gettext("Four"), 3: gettext("Three"), 2: gettext("Two"),
  };
  const suits = { s: gettext("spades"), h: gettext("hearts"), d: gettext("diamonds"), c: gettext("clubs") };
  // Translators: a playing card, e.g. "Ace of spades"
  return interpolate(gettext("%(rank)s of %(suit)s"), { rank: ranks[rank], suit: suits[suit] });
}

function isFace(code) {
  return typeof code === "string" && code.length === 2 && RANKS.includes(code[0]) && code[1] in SUITS;
}

/** One card as a <span>; `size` is "", "small" or "large". */
export function cardElement(code, size = "") {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  if (!isFace(code)) {
    el.className = `pcard back ${size}`.trim();
    el.setAttribute("aria-label", gettext("face-down card"));
    return el;
  }
  const [rank, suit] = code;
  el.className = `pcard face suit-${suit} ${size}`.trim();
  el.dataset.card = code;
  el.setAttribute("aria-label", cardName(rank, suit));
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = rank === "T" ? "10" : rank;
  if (rank === "T") r.classList.add("ten");
  const s = document.createElement("span");
  s.className = "suit";
  s.textContent = SUITS[suit];
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SUITS[suit];
  for (const part of [r, s, pip]) part.setAttribute("aria-hidden", "true");
  el.append(r, s, pip);
  return el;
}

/** A row of cards. */
export function cardsElement(codes, size = "") {
  const row = document.createElement("span");
  row.className = "cards-row";
  for (const code of codes || []) row.append(cardElement(code, size));
  return row;
}

/** "Ah" -> "A♥" for text such as the hand log. */
export function cardText(code) {
  if (!isFace(code)) return "🂠";
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]];
}
