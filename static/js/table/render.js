// Draws the table from one `state` message: seats around the oval (rotated so the viewer sits
// at the bottom), bets, the dealer button and blinds, the board(s), the pots, the centre message,
// and the chips sliding to the winners. Nothing here decides anything about the game.

import { cardElement, cardsElement } from "./cards.js";
import { money } from "./format.js";

export function h(tag, className = "", text = null) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== null && text !== undefined) el.textContent = String(text);
  return el;
}

/**
 * Points on the table's oval for `count` seats, in % of the table area, spaced evenly along the
 * rim (not by angle, which would crowd the ends of a long oval). Index 0 is the bottom centre
 * and the indexes run clockwise, like the seat numbers.
 */
export function ovalPoints(count, aspect, rx = 44, ry = 41) {
  const steps = 720;
  const pts = [];
  let total = 0;
  let prev = null;
  for (let i = 0; i <= steps; i++) {
    const a = Math.PI / 2 + (i / steps) * 2 * Math.PI;
    const p = { x: 50 + rx * Math.cos(a), y: 50 + ry * Math.sin(a) };
    if (prev) total += Math.hypot((p.x - prev.x) * aspect, p.y - prev.y);
    pts.push({ ...p, s: total });
    prev = p;
  }
  const out = [];
  let j = 0;
  for (let k = 0; k < count; k++) {
    const target = (k * total) / count;
    while (j < steps && pts[j + 1].s < target) j++;
    out.push({ x: pts[j].x, y: pts[j].y });
  }
  return out;
}

const STRUCTURES = { no_limit: "NL", pot_limit: "PL", fixed_limit: "FL" };

export function stakesText(table) {
  let text = `${money(table.small_blind)}/${money(table.big_blind)}`;
  if (table.ante) text += ` ante ${money(table.ante)}`;
  return `${text} ${STRUCTURES[table.structure] || ""}`.trim();
}

export class TableView {
  constructor(root) {
    this.root = root;
    this.wrap = root.querySelector("#felt-wrap");
    this.seatsEl = root.querySelector("#seats");
    this.betsEl = root.querySelector("#bets");
    this.potsEl = root.querySelector("#pots");
    this.boardsEl = root.querySelector("#boards");
    this.messageEl = root.querySelector("#center-msg");
    this.fxEl = root.querySelector("#fx");
    this.seatEls = new Map();
    this.signatures = new Map();
    this.positions = [];
    this.animated = new Set();
    this.portrait = null;
  }

  /** The viewer's seat number, if seated (requested seats count: they show where you'll sit). */
  mySeat(state) {
    return state.you && state.you.seat ? state.you.seat : null;
  }

  render(state) {
    const table = state.table;
    const portrait = this.wrap.clientHeight > this.wrap.clientWidth;
    this.layout(table.max_seats, this.mySeat(state) || 1, portrait);
    this.renderSeats(state);
    this.renderBets(state);
    this.renderBoards(state);
    this.renderPots(state);
    this.renderMessage(state);
    this.animateWinners(state);
  }

  /** Where each seat number sits, rotated so that `bottom` is at the bottom centre. */
  layout(count, bottom, portrait) {
    const key = `${count}:${bottom}:${portrait}:${this.wrap.clientWidth}:${this.wrap.clientHeight}`;
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    this.portrait = portrait;
    const aspect = this.wrap.clientWidth / Math.max(1, this.wrap.clientHeight) || 1.8;
    const pts = portrait ? ovalPoints(count, aspect, 38, 43) : ovalPoints(count, aspect, 41, 40);
    this.positions = [];
    for (let n = 1; n <= count; n++) this.positions[n] = pts[(n - bottom + count) % count];
    this.wrap.dataset.seats = String(count);
  }

  seatElement(number) {
    let el = this.seatEls.get(number);
    if (!el) {
      el = h("li", "seat");
      el.dataset.seat = String(number);
      this.seatEls.set(number, el);
      this.seatsEl.append(el);
    }
    return el;
  }

  renderSeats(state) {
    const count = state.table.max_seats;
    const me = this.mySeat(state);
    const hand = state.hand;
    const bySeat = new Map(state.seats.map((s) => [s.number, s]));
    for (const [number, el] of this.seatEls) {
      if (number > count) {
        el.remove();
        this.seatEls.delete(number);
        this.signatures.delete(number);
      }
    }
    for (let n = 1; n <= count; n++) {
      const seat = bySeat.get(n) || { number: n, status: "empty" };
      const el = this.seatElement(n);
      const pos = this.positions[n];
      el.style.left = `${pos.x}%`;
      el.style.top = `${pos.y}%`;
      el.classList.toggle("top-half", pos.y < 50);
      el.classList.toggle("right-half", pos.x > 52);
      const view = {
        seat,
        me: me === n,
        myCards: me === n ? (state.you.cards || []) : null,
        toAct: !!(hand && !hand.finished && hand.to_act === n),
        canSit: !me && seat.status === "empty" && state.table.status !== "closed",
        finished: !!(hand && hand.finished),
        street: hand ? hand.street : null,
      };
      const signature = JSON.stringify(view);
      if (this.signatures.get(n) === signature) continue;
      this.signatures.set(n, signature);
      this.fillSeat(el, view);
    }
  }

  fillSeat(el, { seat, me, myCards, toAct, canSit, finished }) {
    const empty = seat.status === "empty" || !seat.player;
    const keep = ["top-half", "right-half"].filter((c) => el.classList.contains(c));
    el.className = ["seat", ...keep].join(" ");
    el.classList.toggle("vacant", empty);
    el.classList.toggle("me", me);
    el.classList.toggle("to-act", toAct);
    el.classList.toggle("folded", !!seat.folded);
    el.classList.toggle("all-in", !!seat.all_in);
    el.classList.toggle("out", !!seat.sitting_out || seat.status === "sitting_out");
    el.classList.toggle("away", seat.connected === false && !empty);
    el.classList.toggle("winner", (seat.won || 0) > 0);
    el.classList.toggle("requested", seat.status === "requested");
    el.replaceChildren();

    if (empty) {
      if (canSit) {
        const button = h("button", "sit-btn", "Sit");
        button.type = "button";
        button.dataset.sit = String(seat.number);
        button.setAttribute("aria-label", `Sit in seat ${seat.number}`);
        el.append(button);
      } else {
        el.append(h("span", "seat-free", `Seat ${seat.number}`));
      }
      return;
    }

    // Hole cards: the viewer's own from you.cards (large), others as the state shows them.
    const shownCards = seat.cards || [];
    let codes = shownCards;
    if (me && myCards && myCards.length && !(seat.shown && shownCards.every((c) => c !== "??"))) {
      codes = myCards;
    }
    if (codes.length) {
      const faceUp = codes.some((c) => c !== "??");
      const cards = cardsElement(codes, me ? "large" : faceUp ? "medium" : "small");
      cards.classList.add("seat-cards");
      if (seat.shown || (me && codes === myCards)) cards.classList.add("up");
      el.append(cards);
    }

    const box = h("div", "seat-box");
    const name = h("span", "seat-name", seat.player.name);
    name.title = seat.player.name;
    const stack = h("span", "seat-stack", money(seat.stack));
    stack.setAttribute("aria-label", `stack ${money(seat.stack)}`);
    box.append(name, stack, h("span", "seat-timer"));
    if (toAct) box.append(h("span", "sr-only", "to act"));
    el.append(box);

    const markers = h("div", "markers");
    const marker = (text, kind, label) => {
      const m = h("span", `marker ${kind}`, text);
      m.title = label;
      m.setAttribute("aria-label", label);
      markers.append(m);
    };
    if (seat.button) marker("D", "dealer", "Dealer button");
    if (seat.small_blind) marker("SB", "blind", "Small blind");
    if (seat.big_blind) marker("BB", "blind", "Big blind");
    if (markers.childElementCount) box.append(markers);

    const tags = h("div", "seat-tags");
    const tag = (text, kind) => tags.append(h("span", `tag ${kind}`, text));
    if (seat.status === "requested") tag("Waiting for host", "wait");
    if (seat.all_in) tag("All-in", "allin");
    if (seat.folded && !finished) tag("Folded", "fold");
    if (seat.sitting_out || seat.status === "sitting_out") tag("Sitting out", "out");
    if (seat.leaving) tag("Leaving", "out");
    if (seat.connected === false) tag("Offline", "away");
    if (seat.equity !== null && seat.equity !== undefined) tag(`${formatEquity(seat.equity)}`, "equity");
    if (seat.hand_name) tag(seat.hand_name, "handname");
    if ((seat.won || 0) > 0) tag(`+${money(seat.won)}`, "won");
    if (tags.childElementCount) el.append(tags);
  }

  /** Bets in front of the seats (the dealer button and blinds are drawn with the seat). */
  renderBets(state) {
    this.betsEl.replaceChildren();
    for (const seat of state.seats) {
      const pos = this.positions[seat.number];
      if (!pos) continue;
      if (seat.bet > 0) {
        const p = this.towardsCentre(pos, this.portrait ? 46 : 84);
        const bet = h("div", "bet");
        bet.style.left = `${p.x}%`;
        bet.style.top = `${p.y}%`;
        bet.append(h("span", "chip", ""), h("span", "amount", money(seat.bet)));
        bet.setAttribute("aria-label", `${seat.player ? seat.player.name : "Seat " + seat.number} bets ${money(seat.bet)}`);
        this.betsEl.append(bet);
      }
    }
  }

  /** A point `px` pixels from a seat towards the middle of the table, in %. */
  towardsCentre(pos, px) {
    const w = this.wrap.clientWidth || 1;
    const hgt = this.wrap.clientHeight || 1;
    const dx = ((50 - pos.x) / 100) * w;
    const dy = ((50 - pos.y) / 100) * hgt;
    const len = Math.hypot(dx, dy) || 1;
    const step = Math.min(px, len * 0.6);
    return { x: pos.x + ((dx / len) * step * 100) / w, y: pos.y + ((dy / len) * step * 100) / hgt };
  }

  renderBoards(state) {
    const boards = state.hand ? state.hand.boards || [] : [];
    this.boardsEl.replaceChildren();
    this.boardsEl.classList.toggle("two", boards.length > 1);
    boards.forEach((board, i) => {
      const row = h("div", "board");
      row.setAttribute("aria-label", boards.length > 1 ? `Board ${i + 1}` : "Board");
      row.setAttribute("role", "group");
      if (boards.length > 1) row.append(h("span", "board-label", `Run ${i + 1}`));
      for (let k = 0; k < 5; k++) {
        row.append(board[k] ? cardElement(board[k]) : h("span", "pcard slot"));
      }
      this.boardsEl.append(row);
    });
  }

  renderPots(state) {
    this.potsEl.replaceChildren();
    const hand = state.hand;
    if (!hand || hand.finished) return;
    // Pots include this round's bets (engine.hand.pots); pot_total is every chip in the middle.
    const pots = (hand.pots || []).filter((p) => p.amount > 0);
    const total = hand.pot_total ?? pots.reduce((sum, p) => sum + p.amount, 0);
    if (total > 0) this.potsEl.append(h("div", "pot-total", `Pot ${money(total)}`));
    // The split by contribution level only means something once a player is all-in.
    if (pots.length > 1 && state.seats.some((s) => s.all_in && !s.folded)) {
      const list = h("div", "pot-list");
      pots.forEach((pot, i) => {
        const p = h("span", "pot");
        p.append(h("span", "chip", ""), h("span", "", `${i === 0 ? "Main" : "Side " + i} ${money(pot.amount)}`));
        list.append(p);
      });
      this.potsEl.append(list);
    }
  }

  renderMessage(state) {
    const { table, hand } = state;
    let text = "";
    const seated = state.seats.filter((s) => s.player && s.status === "seated" && !s.sitting_out).length;
    if (table.status === "closed") text = "This table is closed.";
    else if (hand && hand.finished) text = winnersText(state);
    else if (hand && hand.pending && hand.pending.kind === "run_twice") text = "Run it twice?";
    else if (hand) text = "";
    else if (table.status === "paused") text = "The host paused the game.";
    else if (seated < 2) text = "Waiting for players…";
    else text = "Next hand starting…";
    this.messageEl.textContent = text;
    this.messageEl.hidden = !text;
  }

  /** Chips slide from the pot to each winner once per hand (a CSS transition on left/top). */
  animateWinners(state) {
    const hand = state.hand;
    if (!hand || !hand.finished || this.animated.has(hand.number)) return;
    const winners = state.seats.filter((s) => (s.won || 0) > 0);
    if (!winners.length) return;
    this.animated.add(hand.number);
    for (const seat of winners) {
      const seatPos = this.positions[seat.number];
      if (!seatPos) continue;
      const pos = this.towardsCentre(seatPos, this.portrait ? 40 : 56);
      const chips = h("div", "fx-chips");
      chips.append(h("span", "chip", ""), h("span", "chip", ""), h("span", "chip", ""));
      chips.style.left = "50%";
      chips.style.top = "50%";
      this.fxEl.append(chips);
      chips.getBoundingClientRect(); // start from the pot
      requestAnimationFrame(() => {
        chips.classList.add("moving");
        chips.style.left = `${pos.x}%`;
        chips.style.top = `${pos.y}%`;
      });
      setTimeout(() => chips.remove(), 1600);
    }
  }

  /** Left/top in % of a seat, for other modules (the clock, dialogs). */
  seatBox(number) {
    const el = this.seatEls.get(number);
    return el ? el.querySelector(".seat-box") : null;
  }
}

function formatEquity(equity) {
  const value = equity <= 1 ? equity * 100 : equity;
  return `${value.toFixed(value >= 10 || value === 0 ? 0 : 1)}%`;
}

/** "Alice wins 120 with two pair" from the seats' `won` and `hand_name`. */
export function winnersText(state) {
  const winners = state.seats.filter((s) => (s.won || 0) > 0 && s.player);
  if (!winners.length) return "";
  return winners
    .map((s) => `${s.player.name} wins ${money(s.won)}${s.hand_name ? " with " + s.hand_name : ""}`)
    .join(" · ");
}
