// Draws the table from one `state` message: seats around the oval (rotated so the viewer sits
// at the bottom) with each player's last action, bets, the dealer button and blinds, the
// board(s), the pots and the centre message. Between two consecutive states of a hand it also
// animates what happened: bets sliding into the pot at the end of a betting round, new board
// cards turning over, and the chips sliding to the winners (none with prefers-reduced-motion).
// A draw game (R42) has no board: each seat shows how many cards its player changed in the
// latest draw, and on the viewer's draw their own cards are toggles (picked by controls.js).
// A stud game (R45) has no board either: each seat shows its cards in the order dealt, the up
// cards face up, and the middle names the street.
// Poker all'italiana (R34, R35) is a draw game: the middle says what opens ("Jacks to open",
// and the pot the hands before left: "Pot carried 120 · kings to open"), then the round
// ("The opening", "After the draw"); between hands, the pot that stays. The viewer's cards
// that allow them to open are marked while nobody has opened; "check" after the draw is
// "parola" (R37.2).
// Nothing here decides anything about the game.

import { handText } from "../phrases.js";
import { gettext, interpolate, ngettext, pgettext } from "../i18n.js";
import { cardElement, cardsElement } from "./cards.js";
import { isMyDraw, openingCards } from "./controls.js";
import { amountIsCount, decimalText, money } from "./format.js";

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

/**
 * The chip animations (the moves are CSS transitions of `.fx-chips.<kind>.moving` in table.css):
 * how many chips fly, how long the move takes, and when the chips are removed.
 */
const FX = {
  sweep: { chips: 2, move: 400, ms: 700 }, // a bet into the pot
  win: { chips: 3, move: 800, ms: 1600 }, // the pot to a winner, then a fade
};

function reducedMotion() {
  return !!window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The betting rounds of a draw game, each named after the draw before it (R42), and that draw. */
const DRAW_OF_STREET = { predraw: 0, draw: 1, first_draw: 1, second_draw: 2, third_draw: 3 };

/**
 * The draw whose counts the seats show (R42.3): the draw under way or the last one before this
 * betting round; at the showdown, the hand's last draw. 0 before the first draw and in a game
 * without draws.
 */
export function latestDraw(state) {
  const hand = state.hand;
  if (!hand || !(hand.draws > 0)) return 0;
  if (hand.street in DRAW_OF_STREET) return DRAW_OF_STREET[hand.street];
  return Math.max(0, ...state.seats.map((s) => (Array.isArray(s.drawn) ? s.drawn.length : 0)));
}

/** The middle's words for each betting round of a stud game (R45.2) or Telesina (R40.3, and
 * its vele, R41). */
function studStreetText(street) {
  switch (street) {
    // Translators: in the middle of the table in a stud game: the betting round (the third card dealt)
    case "third_street": return gettext("Third street");
    case "fourth_street": return gettext("Fourth street");
    case "fifth_street": return gettext("Fifth street");
    case "sixth_street": return gettext("Sixth street");
    case "seventh_street": return gettext("Seventh street");
    // Translators: in the middle of the table in Telesina: the betting round, named by the up card just dealt (R40.3)
    case "second_card": return gettext("Second card");
    case "third_card": return gettext("Third card");
    case "fourth_card": return gettext("Fourth card");
    case "fifth_card": return gettext("Fifth card");
    // Translators: Telesina con la vela (R41): the betting round after the card in the middle is turned
    case "vela": return gettext("Vela");
    case "second_vela": return gettext("Second vela");
    default: return "";
  }
}

/**
 * Poker all'italiana's requirement to open (R34.2, R35.2): `pair` "J", "Q" or "K"; with
 * `carried`, the pot the hands before left in the middle (R35 Choices: "Piatto 120 · si apre
 * con una coppia di re").
 */
export function openingText(pair, carried = 0) {
  const amount = money(carried);
  if (carried > 0) {
    // Translators: poker all'italiana, in the middle of the table: the pot left by the hands nobody won and the pair needed to open ("Piatto 120 · si apre di re")
    if (pair === "K") return interpolate(gettext("Pot carried %(amount)s · kings to open"), { amount });
    if (pair === "Q") return interpolate(gettext("Pot carried %(amount)s · queens to open"), { amount });
    return interpolate(gettext("Pot carried %(amount)s · jacks to open"), { amount });
  }
  // Translators: poker all'italiana, in the middle of the table: the pair needed to open ("Si apre di jack")
  if (pair === "K") return gettext("Kings to open");
  if (pair === "Q") return gettext("Queens to open");
  return gettext("Jacks to open");
}

/** The pot that stays for the next hand (R35.1, R37.3) and the pair it needs, from
 * `table.italiana.carried`; "" when no pot stays. */
export function carriedText(table) {
  const carried = table.italiana && table.italiana.carried;
  if (!carried || !(carried.amount > 0)) return "";
  const amount = money(carried.amount);
  // Translators: poker all'italiana, between hands: nobody won the pot, it stays for the next hand, which needs that pair to open ("Il piatto resta: 40 · si apre di donne")
  if (carried.pair === "K") return interpolate(gettext("The pot stays: %(amount)s · kings to open"), { amount });
  if (carried.pair === "Q") return interpolate(gettext("The pot stays: %(amount)s · queens to open"), { amount });
  return interpolate(gettext("The pot stays: %(amount)s · jacks to open"), { amount });
}

/** The middle's words in a hand of poker all'italiana while it is bet (R34, R37). */
function italianaText(hand) {
  const italiana = hand.italiana;
  // Translators: poker all'italiana, in the middle of the table: the players left of the dealer deciding whether to open blind, then the round after a blind opening (R33.5: "Il buio")
  if (hand.phase === "buio" || (hand.street === "predraw" && (italiana.blind || []).length)) return pgettext("poker all'italiana round", "The buio");
  if (hand.street === "predraw") {
    if (italiana.opener === null) return openingText(italiana.pair, italiana.carried);
    // Translators: poker all'italiana, in the middle of the table: the betting round after someone opened, before the draw
    return pgettext("poker all'italiana round", "The opening");
  }
  // Translators: poker all'italiana, in the middle of the table: the betting round after the draw
  return pgettext("poker all'italiana round", "After the draw");
}

/** All the board cards dealt so far, over every board. */
function boardCards(hand) {
  return (hand.boards || []).reduce((n, board) => n + board.length, 0);
}

export function stakesText(table, seats = []) {
  let text = `${money(table.small_blind)}/${money(table.big_blind)}`;
  // Translators: the table's stakes with an ante: "1/2 ante 1"
  if (table.ante) text = interpolate(gettext("%(blinds)s ante %(ante)s"), { blinds: text, ante: money(table.ante) });
  // "1/2 NL" for Hold'em, as home games say it; "1/2 PLO", "1/2 PLO5" (engine.games)
  const game = table.game_letter || "";
  text = `${text} ${STRUCTURES[table.structure] || ""}${game}`.trim();
  // a mixed-game table (R20) says which game the next orbit deals; dealer's choice (R20.5)
  // whose pick it is
  if (!table.next_game) return text;
  const chooser = seats.find((s) => s.number === table.next_chooser_seat);
  if (chooser && chooser.player) {
    // Translators: the stakes, the game the next orbit deals and who picked it ("1/2 NL · next PLO (Ann)")
    return interpolate(gettext("%(stakes)s · next %(game)s (%(name)s)"), { stakes: text, game: table.next_game, name: chooser.player.name });
  }
  // Translators: the stakes, then the game the next orbit deals ("1/2 NL · next PLO")
  return interpolate(gettext("%(stakes)s · next %(game)s"), { stakes: text, game: table.next_game });
}

export class TableView {
  /** `seating`: offer "Sit" on empty seats (not in the replayer, where nobody sits down).
   * `playing`: the live table, where the viewer's own cards become toggles on their draw. */
  constructor(root, { seating = true, playing = false } = {}) {
    this.root = root;
    this.seating = seating;
    this.playing = playing;
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
    this.seatCards = new Map(); // seat number -> the hole cards last drawn there, and the hand
    this.portrait = null;
  }

  /** The viewer's seat number, if seated (requested seats count: they show where you'll sit). */
  mySeat(state) {
    return state.you && state.you.seat ? state.you.seat : null;
  }

  /**
   * Draws `state`. `previous` is the state drawn just before, passed only when `state` is its
   * very next version (see socket.js): the changes between the two are animated. Without it
   * (the first state, a sync, a redraw) nothing moves.
   */
  render(state, previous = null) {
    const table = state.table;
    const portrait = this.wrap.clientHeight > this.wrap.clientWidth;
    const motion = !!previous && !reducedMotion();
    this.layout(table.max_seats, this.mySeat(state) || 1, portrait, !!(state.hand && state.hand.stud));
    this.renderSeats(state);
    this.renderBets(state);
    this.renderBoards(state, motion ? previous : null);
    this.renderPots(state);
    this.renderMessage(state);
    const swept = motion ? this.sweptSeats(state, previous) : [];
    this.sweepBets(swept);
    this.animateWinners(state, swept.length ? FX.sweep.move : 0);
  }

  /** Where each seat number sits, rotated so that `bottom` is at the bottom centre; `stud`:
   * every seat may hold seven cards (R45.2). */
  layout(count, bottom, portrait, stud = false) {
    const stage = this.wrap.parentElement;
    const key = `${count}:${bottom}:${portrait}:${stud}:${this.wrap.clientWidth}:${this.wrap.clientHeight}:${stage.clientWidth}`;
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    this.portrait = portrait;
    const aspect = this.wrap.clientWidth / Math.max(1, this.wrap.clientHeight) || 1.8;
    // On a tall table a stud game's seats spread as wide as the stage lets their plates stay
    // whole (on a phone, past the felt's rail), so that the middle keeps room for the pot and
    // the street between two rows of seven cards; and the top seat comes down so that its up
    // cards are not cut off.
    const reach = portrait && stud ? this.reach(stage) : 0;
    const rx = Math.max(30, Math.min(46, reach));
    const pts = !portrait ? ovalPoints(count, aspect, 41, 40)
      : stud ? ovalPoints(count, aspect, rx, 39)
      : ovalPoints(count, aspect, 38, 43);
    if (portrait && stud) {
      // the middle's words (table.css) between the side seats' plates and dealer buttons
      const seatWidth = parseFloat(getComputedStyle(this.wrap).getPropertyValue("--seat-w")) || 118;
      const middle = 2 * ((rx / 100) * this.wrap.clientWidth - seatWidth / 2 - 32);
      this.wrap.style.setProperty("--middle-width", `${Math.max(80, Math.round(middle))}px`);
    }
    if (portrait && count > 3) {
      // the bottom seat's two neighbours stand aside: four Omaha cards of the player at the
      // bottom, drawn large on a phone, would reach their name plates; seven stud cards further
      const aside = stud ? Math.max(33, Math.min(46, reach)) : 33;
      for (const i of [1, count - 1]) {
        const dx = pts[i].x - 50;
        pts[i] = { ...pts[i], x: 50 + Math.sign(dx) * Math.max(Math.abs(dx), aside) };
      }
    }
    this.positions = [];
    for (let n = 1; n <= count; n++) this.positions[n] = pts[(n - bottom + count) % count];
    this.wrap.dataset.seats = String(count);
    this.wrap.classList.toggle("stud", stud);
  }

  /** How far from the middle, in % of the table's width, a stud seat's centre may lie with
   * its whole plate and seven cards (under five cards wide face up, table.css) on the stage. */
  reach(stage) {
    const style = getComputedStyle(stage);
    const inner = stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const size = (name, fallback) => parseFloat(getComputedStyle(this.wrap).getPropertyValue(name)) || fallback;
    const card = Math.min(size("--card-stud", 36), 0.064 * stage.clientWidth); // table.css, on a tall table
    const wide = Math.max(size("--seat-w", 118), 4.7 * card);
    return (100 * (inner / 2 - wide / 2 - 4)) / Math.max(1, this.wrap.clientWidth);
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
    const draw = latestDraw(state);
    const throwing = this.playing && isMyDraw(state);
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
      // on a tall table the top row's tags stand beside its plate (table.css, stud): below
      // it, nine seats' (Telesina, R40) reach the up cards of the row under it
      el.classList.toggle("top-row", this.portrait && pos.y < 20);
      const view = {
        seat,
        me: me === n,
        myCards: me === n ? (state.you.cards || []) : null,
        opening: me === n ? openingCards(state) : [],
        italiana: !!(hand && hand.italiana),
        throwing: throwing && me === n,
        draw,
        stud: !!(hand && hand.stud),
        toAct: !!(hand && !hand.finished && hand.to_act === n),
        canSit: this.seating && !me && seat.status === "empty" && state.table.status !== "closed",
        finished: !!(hand && hand.finished),
        street: hand ? hand.street : null,
        handNumber: hand ? hand.number : null,
        equityExact: !hand || hand.equity_exact !== false,
      };
      const signature = JSON.stringify(view);
      if (this.signatures.get(n) === signature) continue;
      this.signatures.set(n, signature);
      this.fillSeat(el, view);
    }
  }

  fillSeat(el, { seat, me, myCards, opening, italiana, throwing, toAct, canSit, finished, handNumber, equityExact, draw, stud }) {
    const empty = seat.status === "empty" || !seat.player;
    const keep = ["top-half", "right-half", "top-row"].filter((c) => el.classList.contains(c)); // (the layout's)
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
    el.removeAttribute("aria-label");

    if (empty) {
      if (canSit) {
        // Translators: the button on an empty seat that sits the viewer down there
        const button = h("button", "sit-btn", gettext("Sit"));
        button.type = "button";
        button.dataset.sit = String(seat.number);
        button.setAttribute("aria-label", interpolate(gettext("Sit in seat %(number)s"), { number: seat.number }));
        el.append(button);
      } else {
        el.append(h("span", "seat-free", interpolate(gettext("Seat %(number)s"), { number: seat.number })));
      }
      if (seat.button) {
        // a tournament's dead button (R28.5): on the seat of a player who has gone
        const dead = h("span", "marker dealer", pgettext("dealer button marker", "D"));
        dead.title = gettext("Dead button");
        el.append(dead);
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
      const size = me ? "large" : faceUp ? "medium" : "small";
      const cards = throwing && codes === myCards ? throwingCards(codes)
        // R45.2: the viewer's own down cards are those the others see as backs
        : stud ? studCards(codes, size, codes === myCards ? shownCards : null)
        : cardsElement(codes, size);
      cards.classList.add("seat-cards");
      cards.classList.toggle("many", codes.length > 2);
      if (seat.shown || (me && codes === myCards)) cards.classList.add("up");
      if (opening.length && codes === myCards) markOpening(cards, opening);
      // Cards are dealt in (table.css) when they are new to the seat, not on every redraw: after
      // a draw (R42.2), only the new ones; on a new stud street (R45.2), only its card.
      const before = this.seatCards.get(seat.number);
      if (before && before.hand === handNumber && before.codes === codes.join()) cards.classList.add("settled");
      else if (before && before.hand === handNumber) {
        const old = before.codes.split(",");
        const dealtMore = old.length < codes.length && old.every((code, k) => code === codes[k]);
        const kept = new Set(faceUp ? old : []);
        cards.querySelectorAll(".pcard").forEach((card, k) => {
          card.classList.toggle("kept", dealtMore ? k < old.length : kept.has(card.dataset.card));
        });
      }
      this.seatCards.set(seat.number, { hand: handNumber, codes: codes.join() });
      el.append(cards);
    }

    // The seat says it all in one name (seatLabel); what is drawn repeats it for the eye.
    el.setAttribute("aria-label", seatLabel(seat, { toAct, finished, equityExact, draw, italiana }));
    const box = h("div", "seat-box");
    box.setAttribute("aria-hidden", "true");
    const name = h("span", "seat-name", seat.player.name);
    name.title = seat.player.name;
    if (seat.player.guest) {
      // a guest from the table's link: never taken for a member of the same name
      // Translators: the mark beside a guest's name (someone who came from the table's link)
      const mark = h("span", "guest-mark", pgettext("a guest's mark", "guest"));
      name.title = interpolate(gettext("%(name)s (guest)"), { name: seat.player.name });
      box.append(mark);
    }
    box.append(name, h("span", "seat-stack", money(seat.stack)), h("span", "seat-timer"));
    el.append(box);

    const markers = h("div", "markers");
    const marker = (text, kind, label) => {
      const m = h("span", `marker ${kind}`, text);
      m.title = label;
      markers.append(m);
    };
    // Translators: the one- or two-letter markers on a seat: dealer button, small and big blind
    if (seat.button) marker(pgettext("dealer button marker", "D"), "dealer", gettext("Dealer button"));
    if (seat.small_blind) marker(pgettext("small blind marker", "SB"), "blind", gettext("Small blind"));
    if (seat.big_blind) marker(pgettext("big blind marker", "BB"), "blind", gettext("Big blind"));
    if (markers.childElementCount) box.append(markers);

    const tags = h("div", "seat-tags");
    tags.setAttribute("aria-hidden", "true");
    for (const { text, kind, title, action } of seatTags(seat, { finished, equityExact, draw, italiana })) {
      const label = tags.appendChild(h("span", `tag ${kind}`, text));
      if (title) label.title = title;
      if (action) label.dataset.kind = action;
    }
    if (tags.childElementCount) el.append(tags);
  }

  /** Bets in front of the seats (the dealer button and blinds are drawn with the seat). */
  renderBets(state) {
    this.betsEl.replaceChildren();
    this.betsEl.setAttribute("aria-hidden", "true"); // each seat's name says its bet
    for (const seat of state.seats) {
      const pos = this.positions[seat.number];
      if (!pos) continue;
      if (seat.bet > 0) {
        const p = this.betPoint(pos, seat.number);
        const bet = h("div", "bet");
        bet.style.left = `${p.x}%`;
        bet.style.top = `${p.y}%`;
        bet.append(h("span", "chip", ""), h("span", "amount", money(seat.bet)));
        this.betsEl.append(bet);
      }
    }
  }

  /** Where a seat's bet lies, in %: on a tall table, past the tags under the upper seats;
   * always past the seat's own cards (four Omaha cards reach further towards the middle). */
  betPoint(pos, number) {
    const base = this.portrait ? (pos.y < 50 ? 58 : 46) : 84;
    return this.towardsCentre(pos, Math.max(base, this.pastCards(pos, number)));
  }

  /** How many pixels from a seat's point towards the middle its cards reach, plus room for a
   * bet chip beside them (0: no cards drawn). */
  pastCards(pos, number) {
    const seat = this.seatsEl.querySelector(`[data-seat="${number}"]`);
    const cards = seat ? [...seat.querySelectorAll(".pcard")].map((c) => c.getBoundingClientRect()) : [];
    const wrap = this.wrap.getBoundingClientRect();
    if (!cards.length || !wrap.width) return 0;
    const left = Math.min(...cards.map((r) => r.left)), right = Math.max(...cards.map((r) => r.right));
    const top = Math.min(...cards.map((r) => r.top)), bottom = Math.max(...cards.map((r) => r.bottom));
    const sx = wrap.left + (pos.x / 100) * wrap.width, sy = wrap.top + (pos.y / 100) * wrap.height;
    let ux = wrap.left + wrap.width / 2 - sx, uy = wrap.top + wrap.height / 2 - sy;
    const len = Math.hypot(ux, uy) || 1;
    ux /= len;
    uy /= len;
    // where the ray from the seat towards the middle leaves the cards' box
    const exits = [], entries = [];
    for (const [s, u, lo, hi] of [[sx, ux, left, right], [sy, uy, top, bottom]]) {
      if (Math.abs(u) < 1e-6) {
        if (s < lo || s > hi) return 0;
        continue;
      }
      const a = (lo - s) / u, b = (hi - s) / u;
      entries.push(Math.min(a, b));
      exits.push(Math.max(a, b));
    }
    const enter = Math.max(0, ...entries), exit = Math.min(...exits);
    if (exit <= enter) return 0;
    return exit + Math.abs(ux) * 34 + Math.abs(uy) * 14;
  }

  /** The middle of the pot display, in % of the table. */
  potPoint() {
    const wrap = this.wrap.getBoundingClientRect();
    const pot = this.potsEl.getBoundingClientRect();
    if (!wrap.width || !wrap.height || !pot.height) return { x: 50, y: 50 };
    return {
      x: ((pot.left + pot.width / 2 - wrap.left) / wrap.width) * 100,
      y: ((pot.top + pot.height / 2 - wrap.top) / wrap.height) * 100,
    };
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

  /**
   * The board(s), redrawn only when they change. With `previous` (the state just before, of
   * the same hand), the cards it did not show yet turn over one after the other.
   */
  renderBoards(state, previous) {
    // a draw game has no board (R42.1): no empty places for one either; a stud game has none
    // but the card everyone shares on seventh street when the deck runs short (R45.3)
    const hand = state.hand;
    const stud = !!(hand && hand.stud);
    let boards = hand && !(hand.draws > 0) ? hand.boards || [] : [];
    if (stud) boards = boards.filter((board) => board.length);
    // R23: a double board's two boards from the flop on; otherwise two boards are two runs (R12)
    const double = !!(state.hand && state.hand.double_board);
    const key = JSON.stringify([double, boards]);
    if (key === this.boardsKey) return;
    this.boardsKey = key;
    const same = previous && previous.hand && state.hand && previous.hand.number === state.hand.number;
    const before = same ? previous.hand.boards || [] : null;
    let dealt = 0;
    this.boardsEl.replaceChildren();
    this.boardsEl.classList.toggle("two", boards.length > 1);
    this.boardsEl.classList.toggle("double", double);
    boards.forEach((board, i) => {
      const row = h("div", "board");
      const number = i + 1;
      row.setAttribute("aria-label", boards.length > 1 ? interpolate(gettext("Board %(number)s"), { number }) : gettext("Board"));
      row.setAttribute("role", "group");
      if (stud) {
        const shared = state.table.game === "telesina"
          // Translators: Telesina con la vela (R41): the card(s) in the middle, everyone's
          ? ngettext("The vela, everyone's", "The vele, everyone's", board.length)
          // Translators: the one card in the middle of a stud table when the deck runs short: every player's seventh card
          : gettext("Everyone's seventh card");
        row.setAttribute("aria-label", shared);
        row.title = shared;
      }
      if (boards.length > 1) {
        const label = double
          ? interpolate(gettext("Board %(number)s"), { number })
          // Translators: "Run 2": the second run of the board when a hand is run twice
          : interpolate(gettext("Run %(number)s"), { number });
        row.append(h("span", "board-label", label));
      }
      for (let k = 0; k < (stud ? board.length : 5); k++) {
        if (!board[k]) {
          row.append(h("span", "pcard slot"));
          continue;
        }
        const card = cardElement(board[k]);
        // A second board repeats the cards dealt before the all-in: those are not new.
        if (before && (before[i] || before[0] || [])[k] !== board[k]) {
          card.classList.add("dealt");
          card.style.setProperty("--i", String(dealt++));
        }
        row.append(card);
      }
      this.boardsEl.append(row);
    });
  }

  renderPots(state) {
    this.potsEl.replaceChildren();
    const hand = state.hand;
    if (!hand || hand.finished) return;
    // Pots include this round's bets (engine.pots.pots); pot_total is every chip in the middle.
    const pots = (hand.pots || []).filter((p) => p.amount > 0);
    const total = hand.pot_total ?? pots.reduce((sum, p) => sum + p.amount, 0);
    if (total > 0) this.potsEl.append(h("div", "pot-total", interpolate(gettext("Pot %(amount)s"), { amount: money(total) })));
    // The split by contribution level only means something once a player is all-in.
    if (pots.length > 1 && state.seats.some((s) => s.all_in && !s.folded)) {
      const list = h("div", "pot-list");
      pots.forEach((pot, i) => {
        const p = h("span", "pot");
        const amount = money(pot.amount);
        // Translators: the main pot and the side pots ("Side 1 40") when a player is all-in
        const text = i === 0 ? interpolate(gettext("Main %(amount)s"), { amount })
          : interpolate(gettext("Side %(number)s %(amount)s"), { number: i, amount });
        p.append(h("span", "chip", ""), h("span", "", text));
        list.append(p);
      });
      this.potsEl.append(list);
    }
  }

  renderMessage(state) {
    const { table, hand } = state;
    let text = "";
    let runout = false;
    let street = false;
    const seated = state.seats.filter((s) => s.player && s.status === "seated" && !s.sitting_out).length;
    if (table.status === "closed") text = gettext("This table is closed.");
    else if (hand && hand.finished) text = winnersText(state) || carriedText(table); // R35.1, R37.3
    else if (hand && hand.pending && hand.pending.kind === "run_twice") text = gettext("Run it twice?");
    else if (hand && hand.phase === "runout") {
      const twice = (hand.boards || []).length > 1 && !hand.double_board;
      text = twice ? gettext("All-in — running it twice") : gettext("All-in — running it out");
      runout = true;
    } else if (hand && hand.phase === "draw" && hand.draws > 0) {
      // R42: where a board would be, which draw the players are in
      const number = latestDraw(state);
      text = hand.draws > 1
        // Translators: in the middle of the table while the players change cards: "Draw 2 of 3"
        ? interpolate(gettext("Draw %(number)s of %(count)s"), { number, count: hand.draws })
        // Translators: in the middle of the table while the players change cards (one draw a hand)
        : pgettext("the players changing cards", "The draw");
    } else if (hand && hand.italiana) {
      text = italianaText(hand); // R34, R35
      street = hand.street !== "predraw" || hand.italiana.opener !== null || hand.phase === "buio"; // a round's name
    } else if (hand && hand.stud) {
      text = studStreetText(hand.street); // R45.2
      street = true;
    } else if (hand) text = "";
    else if (table.status === "paused") text = gettext("The host paused the game.");
    else if (carriedText(table)) text = carriedText(table); // R35.3: it waits for the next hand
    else if (seated < 2) text = gettext("Waiting for players…");
    else text = gettext("Next hand starting…");
    this.messageEl.textContent = text;
    this.messageEl.hidden = !text;
    this.messageEl.classList.toggle("runout", runout);
    this.messageEl.classList.toggle("street", street);
  }

  /**
   * Seats whose bets went into the pot between `previous` and `state`: the same hand moved on
   * to a new street (or to its end) and their bets are back to 0.
   */
  sweptSeats(state, previous) {
    const before = previous.hand;
    const after = state.hand;
    if (!before || !after || before.number !== after.number) return [];
    if (before.street === after.street && boardCards(after) <= boardCards(before)) return [];
    const betting = new Set(state.seats.filter((s) => s.bet > 0).map((s) => s.number));
    return previous.seats.filter((s) => s.bet > 0 && !betting.has(s.number)).map((s) => s.number);
  }

  /** Chips slide from each of these seats' bets into the pot. */
  sweepBets(numbers) {
    if (!numbers.length) return;
    const pot = this.potPoint();
    for (const number of numbers) {
      const pos = this.positions[number];
      if (pos) this.slideChips("sweep", this.betPoint(pos, number), pot);
    }
  }

  /** Chips slide from the pot to each winner once per hand, `delay` ms from now. */
  animateWinners(state, delay = 0) {
    const hand = state.hand;
    if (!hand || !hand.finished || this.animated.has(hand.number)) return;
    const winners = state.seats.filter((s) => (s.won || 0) > 0);
    if (!winners.length) return;
    this.animated.add(hand.number);
    if (reducedMotion()) return;
    const pot = this.potPoint();
    for (const seat of winners) {
      const seatPos = this.positions[seat.number];
      if (seatPos) this.slideChips("win", pot, this.towardsCentre(seatPos, this.portrait ? 40 : 56), delay);
    }
  }

  /**
   * A few chips (FX[kind]) moving from one point to another, in % of the table: drawn at
   * `from`, then moved to `to` by the CSS transition of `.fx-chips.<kind>.moving`.
   */
  slideChips(kind, from, to, delay = 0) {
    const { chips: count, ms } = FX[kind];
    const start = () => {
      const chips = h("div", `fx-chips ${kind}`);
      for (let i = 0; i < count; i++) chips.append(h("span", "chip", ""));
      chips.style.left = `${from.x}%`;
      chips.style.top = `${from.y}%`;
      this.fxEl.append(chips);
      chips.getBoundingClientRect(); // lay it out where it starts
      requestAnimationFrame(() => {
        chips.classList.add("moving");
        chips.style.left = `${to.x}%`;
        chips.style.top = `${to.y}%`;
      });
      setTimeout(() => chips.remove(), ms);
    };
    if (delay > 0) setTimeout(start, delay);
    else start();
  }

  /** Left/top in % of a seat, for other modules (the clock, dialogs). */
  seatBox(number) {
    const el = this.seatEls.get(number);
    return el ? el.querySelector(".seat-box") : null;
  }
}

/**
 * The tags under a seat, in order: in a draw game, how many cards it changed in the latest
 * draw (`draw`: its number, latestDraw); its last action in this betting round (which stands
 * in for "Folded"/"All-in"), then its state, equity, hand and winnings.
 */
export function seatTags(seat, { finished = false, equityExact = true, draw = 0, italiana = false } = {}) {
  const tags = [];
  // once the hand is over its hands and winnings speak (the log keeps the draws)
  const drawn = finished ? null : drawnTag(seat, draw);
  if (drawn) tags.push(drawn);
  const action = finished ? null : lastActionText(seat.last_action, italiana);
  const acted = action ? seat.last_action.kind : null;
  if (action) tags.push({ text: action, kind: "last-action", title: gettext("Last action"), action: acted });
  if (seat.status === "requested") tags.push({ text: gettext("Waiting for host"), kind: "wait" });
  // Once the hand is over nobody is all-in any more (an uncalled bet may have come back).
  if (seat.all_in && !finished && acted !== "all_in") tags.push({ text: pgettext("seat state", "All-in"), kind: "allin" });
  if (seat.folded && !finished && acted !== "fold") tags.push({ text: gettext("Folded"), kind: "fold" });
  if (seat.sitting_out || seat.status === "sitting_out") tags.push({ text: gettext("Sitting out"), kind: "out" });
  if (seat.leaving) tags.push({ text: gettext("Leaving"), kind: "out" });
  if (seat.connected === false) tags.push({ text: gettext("Offline"), kind: "away" });
  if (seat.equity !== null && seat.equity !== undefined) {
    // preflop equities are estimated from sampled boards (hand.equity_exact false): "≈"
    const equity = formatEquity(seat.equity);
    tags.push({
      text: `${equityExact ? "" : "≈"}${equity}`, kind: "equity",
      // Translators: equity is a hand's share of the pot if the board were dealt out now ("45%")
      title: equityExact ? gettext("Equity") : gettext("Equity (estimated from sampled boards)"),
      spoken: interpolate(equityExact ? gettext("%(equity)s equity") : gettext("about %(equity)s equity"), { equity }),
    });
  }
  if (seat.hand_words) tags.push({ text: handText(seat.hand_words), kind: "handname" });
  if ((seat.won || 0) > 0) {
    tags.push({ text: `+${money(seat.won)}`, kind: "won", spoken: interpolate(gettext("won %(amount)s"), { amount: money(seat.won) }) });
  }
  return tags;
}

/**
 * How many cards a player still in changed in draw number `draw` (R42.3: public), as a tag:
 * "3" (a card with the count) or "Pat"; null when they have not drawn in it (yet).
 */
export function drawnTag(seat, draw) {
  const counts = Array.isArray(seat.drawn) ? seat.drawn : [];
  if (!(draw > 0) || counts.length < draw || seat.folded) return null;
  const count = counts[draw - 1];
  if (count > 0) {
    // Translators: what a seat's badge after a draw means ("3" on it): said by screen readers
    const changed = interpolate(ngettext("Changed %(count)s card", "Changed %(count)s cards", count), { count });
    return { text: String(count), kind: "drawn", title: changed, spoken: changed, action: "changed" };
  }
  // Translators: what a seat's badge "Pat" means: the player kept all their cards in the draw
  const pat = gettext("Stood pat");
  // Translators: a seat's short badge after a draw: the player kept all their cards (stood pat)
  const text = pgettext("a seat's badge after a draw", "Pat");
  return { text, kind: "drawn", title: pat, spoken: pat, action: "pat" };
}

/**
 * A seat's whole accessible name: "Helen, 194 chips, dealer, small blind, bet 6, to act,
 * Call 6". The amounts are spelled the club's way ("stack €1.94" for money).
 */
export function seatLabel(seat, { toAct = false, finished = false, equityExact = true, draw = 0, italiana = false } = {}) {
  const amount = money(seat.stack);
  const stack = amountIsCount()
    ? interpolate(ngettext("%(amount)s chip", "%(amount)s chips", seat.stack), { amount })
    : interpolate(gettext("stack %(amount)s"), { amount });
  const parts = [seat.player.guest ? interpolate(gettext("%(name)s (guest)"), { name: seat.player.name }) : seat.player.name, stack];
  // Translators: the parts of a seat's name for screen readers: "Helen, 194 chips, dealer, small blind, bet 6, to act"
  if (seat.button) parts.push(gettext("dealer"));
  if (seat.small_blind) parts.push(gettext("small blind"));
  if (seat.big_blind) parts.push(gettext("big blind"));
  if (seat.bet > 0) parts.push(interpolate(gettext("bet %(amount)s"), { amount: money(seat.bet) }));
  if (toAct) parts.push(gettext("to act"));
  for (const tag of seatTags(seat, { finished, equityExact, draw, italiana })) parts.push(tag.spoken || tag.text);
  return parts.join(", ");
}

/** A seat's `last_action` as a label: "Check", "Call 20", "Raise to 60"; null for none.
 * `italiana`: poker all'italiana, where a check (only after the draw) is "parola" (R37.2). */
export function lastActionText(action, italiana = false) {
  if (!action || typeof action !== "object") return null;
  const amount = action.amount > 0 ? money(action.amount) : "";
  const values = { amount };
  switch (action.kind) {
    // Translators: a seat's last action, as a tag under it: "Fold", "Call 20", "Raise to 60"
    case "fold": return pgettext("poker action", "Fold");
    // Translators: poker all'italiana: a seat's last action when the player checked after the draw (Italian "Parola")
    case "check": return italiana ? pgettext("poker all'italiana action", "Check") : pgettext("poker action", "Check");
    // Translators: poker all'italiana: a seat's last action when the player did not open (R34.1: "Passo"), no fold
    case "pass": return pgettext("poker all'italiana action", "Pass");
    // Translators: poker all'italiana: a seat's last action when the player opened, with the amount ("Open 40"; Italian "Apro 40")
    case "open": return amount ? interpolate(pgettext("poker all'italiana action", "Open %(amount)s"), values) : pgettext("poker all'italiana action", "Open");
    case "call": return amount ? interpolate(gettext("Call %(amount)s"), values) : pgettext("poker action", "Call");
    case "bet": return amount ? interpolate(gettext("Bet %(amount)s"), values) : pgettext("poker action", "Bet");
    case "raise": return amount ? interpolate(gettext("Raise to %(amount)s"), values) : pgettext("poker action", "Raise");
    // Translators: a seat's last action in a stud game: the forced bet of the lowest up card ("Bring-in 1")
    case "bring_in": return interpolate(gettext("Bring-in %(amount)s"), values);
    // Translators: poker all'italiana: a seat's last action when the player opened blind (R33.5: "Buio 80")
    case "buio": return interpolate(pgettext("poker all'italiana action", "Buio %(amount)s"), values);
    // Translators: poker all'italiana: a seat's last action when the player answered a buio blind with twice as much (R33.5: "Controbuio 160")
    case "controbuio": return interpolate(pgettext("poker all'italiana action", "Controbuio %(amount)s"), values);
    // Translators: poker all'italiana: a seat's last action when the player did not go blind and looked at their cards (R33.5)
    case "look": return pgettext("poker all'italiana action", "Looked");
    case "all_in": return pgettext("poker action", "All-in");
    default: return null;
  }
}

/** Marks the viewer's cards that allow them to open (R34.2), while nobody has opened. */
function markOpening(row, opening) {
  const opens = new Set(opening);
  for (const card of row.querySelectorAll(".pcard")) {
    if (!opens.has(card.dataset.card)) continue;
    card.classList.add("opens");
    // Translators: one of the viewer's cards that allow them to open in poker all'italiana ("Queen of clubs, opens")
    card.setAttribute("aria-label", interpolate(gettext("%(card)s, opens"), { card: card.getAttribute("aria-label") }));
  }
}

/**
 * The viewer's own cards on their draw (R42.2): each a toggle button (pressed: to be changed),
 * keys 1-5 from the left; controls.js keeps which are picked and sends the draw.
 */
function throwingCards(codes) {
  const row = h("span", "cards-row throwing");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", gettext("Choose the cards to change"));
  codes.forEach((code, k) => {
    const button = h("button", "throw");
    button.type = "button";
    button.dataset.throw = code;
    button.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-keyshortcuts", String(k + 1));
    button.append(cardElement(code, "large"));
    row.append(button);
  });
  return row;
}

/**
 * A stud seat's cards in the order dealt (R45.2): the others' down cards as backs, their up
 * cards face up. `shown` is the seat's public cards when `codes` are the viewer's own: those
 * the others see as backs are marked down (lifted, and so named), the others up.
 */
function studCards(codes, size, shown = null) {
  const row = h("span", "cards-row stud");
  codes.forEach((code, k) => {
    const card = cardElement(code, size);
    if (shown && shown[k] === "??" && card.dataset.card) {
      card.classList.add("down");
      // Translators: one of the viewer's own stud cards that the others see face down ("Seven of clubs, face down")
      card.setAttribute("aria-label", interpolate(gettext("%(card)s, face down"), { card: card.getAttribute("aria-label") }));
      card.title = gettext("Face down: only you see it");
    }
    row.append(card);
  });
  return row;
}

function formatEquity(equity) {
  const value = equity <= 1 ? equity * 100 : equity;
  return `${decimalText(value, value >= 10 || value === 0 ? 0 : 1)}%`;
}

/** "Alice wins 120 with two pair" from the seats' `won` and `hand_words`. */
export function winnersText(state) {
  const winners = state.seats.filter((s) => (s.won || 0) > 0 && s.player);
  if (!winners.length) return "";
  // R22: a pot won with 7-2 also collects the bounty from everyone
  const line = (s) => {
    const values = { name: s.player.name, amount: money(s.won), hand: s.hand_words && handText(s.hand_words), bounty: money(s.bounty) };
    const wins = s.hand_words ? interpolate(gettext("%(name)s wins %(amount)s with %(hand)s"), values)
      : interpolate(gettext("%(name)s wins %(amount)s"), values);
    // Translators: a pot won with 7-2 also collects a bounty from everyone: "Alice wins 120 + 10 7-2 bounty"
    return (s.bounty || 0) > 0 ? interpolate(gettext("%(wins)s + %(bounty)s 7-2 bounty"), { ...values, wins }) : wins;
  };
  return winners.map(line).join(" · ");
}
