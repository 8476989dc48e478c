// The player's part of deck v2 (R15), with no click: send a nonce for the next hand once its
// commitment (the root) is published, and check every hand this page saw when it ends —
// the nonce is in the list, the root is the one seen before sending it, the order
// recomputes, every opened card matches its commitment (fairness.js).
import { gettext, interpolate, ngettext } from "../i18n.js";
import { italianaDeckSize, newNonce, verifyRecord } from "./fairness.js";

const STORE = "pokerclub-nonces";
/** The games dealt from the deck of the players dealt in (R31.2, R40.1). */
const PLAYERS_DECK = new Set(["italiana", "telesina"]);

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
    this.last = state;
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
    if (you.openings && you.openings.length) this.remember(state, hand.number, you);
    if (hand.finished && deck.commitments && !this.checked.has(hand.number)) {
      this.checked.set(hand.number, null);
      this.check(state).then((result) => {
        this.checked.set(hand.number, result);
        this.onResult(hand.number, result);
      });
    }
  }

  /** The viewer's cards of this hand as this page saw them (R42.6): `held`, every card seen
   * in their hand; `dealt`, the same in the order dealt (the deal, then each draw's new
   * cards in their places' order), kept only when the page saw the hand from its deal. */
  remember(state, number, you) {
    const entry = this.own.get(number);
    if (!entry) {
      const me = state.seats.find((s) => s.number === you.seat);
      const fromTheDeal = !(me && me.drawn && me.drawn.length);
      this.own.set(number, { cards: you.cards, openings: you.openings, seat: you.seat, dealt: fromTheDeal ? [...you.cards] : null, held: [...you.cards] });
      return;
    }
    const fresh = you.cards.filter((card) => !entry.cards.includes(card));
    if (entry.dealt) entry.dealt.push(...fresh);
    for (const card of fresh) if (!entry.held.includes(card)) entry.held.push(card);
    Object.assign(entry, { cards: you.cards, openings: you.openings, seat: you.seat });
  }

  /** The server took our nonce (`nonce_ok`): the hand's check requires it in the list. */
  accepted(hand) {
    if (this.mine[hand]) this.mine[hand].accepted = true;
    this.save();
  }

  /** The server refused our nonce (e.g. `hand_dealt`): that hand is checked without it. */
  refused(message) {
    const hand = Number(String(message.ref || "").split(":")[1]);
    const mine = this.mine[hand];
    if (!mine) return;
    if (message.code === "rate_limited") {
      // sent too fast beside other messages: the same nonce again in a moment (the deal
      // waits a bounded moment for it, NONCE_WAIT_MS)
      mine.sent = false;
      setTimeout(() => this.last && this.update(this.last), 400);
    } else {
      mine.refused = message.code;
    }
    this.save();
  }

  async check(state) {
    const hand = state.hand;
    const deck = hand.deck;
    const own = this.own.get(hand.number);
    const openings = [...deck.openings];
    const holes = {};
    for (const seat of state.seats) {
      // shown at showdown, some of them after the hand (R11.5), a stud game's up cards (R45.9):
      // a face-down card is null
      const faceUp = seat.shown || seat.shown_after || (hand.stud && (seat.cards || []).some((c) => c !== "??"));
      if (seat.in_hand && faceUp && seat.cards && seat.cards.length) {
        holes[String(seat.number)] = seat.cards.map((c) => (c === "??" ? null : c));
      }
    }
    if (own) {
      for (const o of own.openings) if (!openings.some((p) => p.k === o.k)) openings.push(o);
      holes[String(own.seat)] = own.cards;
    }
    const record = { ...deck, openings, boards: hand.boards, holes };
    if (deck.drawn && own) { // R42.6: in the order dealt when this page saw them all
      const me = state.seats.find((s) => s.number === own.seat);
      const count = own.cards.length + ((me && me.drawn) || []).reduce((sum, n) => sum + n, 0);
      if (own.dealt && own.dealt.length === count) record.dealt = { [String(own.seat)]: own.dealt };
      else record.held = { [String(own.seat)]: own.held };
    }
    const mine = this.mine[hand.number];
    const sent = mine && mine.accepted;
    if (!(window.crypto && crypto.subtle)) {
      return { ok: false, text: gettext("Deck not checked: this browser checks only over HTTPS.") };
    }
    // the game this table deals fixes the deck's size (R30.4; poker all'italiana's and
    // Telesina's by the players dealt in, R31.2, R40.1), whatever the record says
    const game = state.table && state.table.game;
    // R31.4: a morto's hand is dealt from the four players' deck (a house rule every player sees)
    const hands = (deck.seats || []).length + (deck.morto === true ? 1 : 0);
    const deckSize = game === "shortdeck" ? 36 : PLAYERS_DECK.has(game) ? italianaDeckSize(hands) : 52;
    const result = await verifyRecord(record, sent ? { myNonce: mine.nonce, rootSeen: mine.root, deckSize } : { deckSize });
    if (!result.ok) {
      return { ok: false, text: interpolate(gettext("✗ DECK CHECK FAILED: %(problems)s"), { problems: result.problems.join("; ") }) };
    }
    let count = interpolate(ngettext("%(count)s opened card", "%(count)s opened cards", result.opened), { count: result.opened });
    if (result.uncovered) {
      // Translators: cards dealt from a new stub in a draw game, which the deck proof cannot place (R42.6)
      const stub = interpolate(ngettext("%(count)s from a new stub not covered", "%(count)s from a new stub not covered", result.uncovered), { count: result.uncovered });
      // Translators: joins "5 opened cards" and "1 from a new stub not covered" (R42.6)
      count = interpolate(gettext("%(opened)s, %(stub)s"), { opened: count, stub });
    }
    // Translators: the nonce is the random number this browser sent to help shuffle the deck
    const why = sent ? gettext("your nonce was used")
      // Translators: %(code)s is a machine code such as "hand_dealt"
      : mine && mine.refused ? interpolate(gettext("your nonce was refused: %(code)s"), { code: mine.refused })
      : mine && mine.sent ? gettext("no answer came to your nonce") : gettext("no nonce of yours in this hand");
    // Translators: %(count)s is "5 opened cards", %(why)s what became of this browser's nonce
    return { ok: true, text: interpolate(gettext("✓ deck checked (%(count)s; %(why)s)"), { count, why }) };
  }
}
