// Card faces from two-character codes ("Ah", "Td"; "??" face down), drawn with CSS and Unicode.
// The four-colour deck is a class on the page (see prefs.js); colours live in table.css.

const RANK_NAMES = {
  A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "Ten", 9: "Nine", 8: "Eight",
  7: "Seven", 6: "Six", 5: "Five", 4: "Four", 3: "Three", 2: "Two",
};
const SUITS = { s: ["♠", "spades"], h: ["♥", "hearts"], d: ["♦", "diamonds"], c: ["♣", "clubs"] };

function isFace(code) {
  return typeof code === "string" && code.length === 2 && code[0] in RANK_NAMES && code[1] in SUITS;
}

/** One card as a <span>; `size` is "", "small" or "large". */
export function cardElement(code, size = "") {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  if (!isFace(code)) {
    el.className = `pcard back ${size}`.trim();
    el.setAttribute("aria-label", "face-down card");
    return el;
  }
  const [rank, suit] = code;
  el.className = `pcard face suit-${suit} ${size}`.trim();
  el.dataset.card = code;
  el.setAttribute("aria-label", `${RANK_NAMES[rank]} of ${SUITS[suit][1]}`);
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = rank === "T" ? "10" : rank;
  const s = document.createElement("span");
  s.className = "suit";
  s.textContent = SUITS[suit][0];
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SUITS[suit][0];
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
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]][0];
}
