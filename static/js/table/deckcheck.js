// The player's part of deck v2 (R15), with no click: send a nonce for the next hand once its
// commitment (the root) is published, and check every hand this page saw when it ends —
// the nonce is in the list, the root is the one seen before sending it, the order
// recomputes, every opened card matches its commitment (fairness.js).
import { newNonce, verifyRecord } from "./fairness.js";

const STORE = "pokerclub-nonces";

export class DeckCheck {
  /** send(message) sends on the socket; onResult(handNumber, {ok, text}) reports a check. */
  constructor(tableId, send, onResult) {
    this.key = `${STORE}-${tableId}`;
    this.send = send;
    this.onResult = onResult;
    this.mine = this.load(); // hand number -> {nonce, root, sent, accepted, refused}
    this.own = new Map(); // hand number -> {cards, openings}
    this.checked = new Map(); // hand number -> result
  }

  load() {
    try {
      return JSON.parse(sessionStorage.getItem(this.key)) || {};
    } catch {
      return {};
    }
  }

  save() {
    const keep = Object.keys(this.mine).map(Number).sort((a, b) => b - a).slice(0, 20);
    this.mine = Object.fromEntries(keep.map((n) => [n, this.mine[n]]));
    try {
      sessionStorage.setItem(this.key, JSON.stringify(this.mine));
    } catch {
      /* private mode: the nonce is still checked while this page lives */
    }
  }

  update(state) {
    const next = state.next_deck;
    if (next && state.you && state.you.seat && !(this.mine[next.hand] && this.mine[next.hand].sent)) {
      // made once, after the root was seen; sent as soon as the socket is open
      const mine = (this.mine[next.hand] ||= { nonce: newNonce(), root: next.root, sent: false });
      mine.sent = this.send({ type: "nonce", hand: next.hand, nonce: mine.nonce, ref: `nonce:${next.hand}` });
      this.save();
    }
    const hand = state.hand;
    const deck = hand && hand.deck;
    if (!deck || deck.hand !== hand.number) return;
    const you = state.you || {};
    if (you.openings && you.openings.length) this.own.set(hand.number, { cards: you.cards, openings: you.openings });
    if (hand.finished && deck.commitments && !this.checked.has(hand.number)) {
      this.checked.set(hand.number, null);
      this.check(state).then((result) => {
        this.checked.set(hand.number, result);
        this.onResult(hand.number, result);
      });
    }
  }

  /** The server took our nonce (`nonce_ok`): the hand's check requires it in the list. */
  accepted(hand) {
    if (this.mine[hand]) this.mine[hand].accepted = true;
    this.save();
  }

  /** The server refused our nonce (e.g. `hand_dealt`): that hand is checked without it. */
  refused(message) {
    const hand = Number(String(message.ref || "").split(":")[1]);
    if (this.mine[hand]) this.mine[hand].refused = message.code;
    this.save();
  }

  async check(state) {
    const hand = state.hand;
    const deck = hand.deck;
    const own = this.own.get(hand.number);
    const openings = [...deck.openings];
    const holes = {};
    for (const seat of state.seats) {
      // shown at showdown, or some of them after the hand (R11.5): a face-down card is null
      if (seat.in_hand && (seat.shown || seat.shown_after) && seat.cards && seat.cards.length) {
        holes[String(seat.number)] = seat.cards.map((c) => (c === "??" ? null : c));
      }
    }
    if (own) {
      for (const o of own.openings) if (!openings.some((p) => p.k === o.k)) openings.push(o);
      holes[String(deck.seats[Math.min(...own.openings.map((o) => o.k))])] = own.cards;
    }
    const record = { ...deck, openings, boards: hand.boards, holes };
    const mine = this.mine[hand.number];
    const sent = mine && mine.accepted;
    if (!(window.crypto && crypto.subtle)) return { ok: false, text: "Deck not checked: this browser checks only over HTTPS." };
    const result = await verifyRecord(record, sent ? { myNonce: mine.nonce, rootSeen: mine.root } : {});
    const count = `${result.opened} opened card${result.opened === 1 ? "" : "s"}`;
    if (!result.ok) return { ok: false, text: `✗ DECK CHECK FAILED: ${result.problems.join("; ")}` };
    if (sent) return { ok: true, text: `✓ deck checked (${count}; your nonce was used)` };
    const why = mine && mine.refused ? `your nonce was refused: ${mine.refused}`
      : mine && mine.sent ? "no answer came to your nonce" : "no nonce of yours in this hand";
    return { ok: true, text: `✓ deck checked (${count}; ${why})` };
  }
}
