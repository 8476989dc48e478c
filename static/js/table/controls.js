// The action bar: Fold, Check or Call, Bet or Raise (a slider and a number field kept in step,
// with presets), All-in, keyboard shortcuts (f, c, r, Enter), and the pre-action boxes for when
// it is not your turn. The server decides what is legal: this offers what `hand.legal` allows
// and clamps amounts to legal.min_to..legal.max_to, so an illegal amount is never sent.
// In a draw game (R42.2), on the viewer's draw: their own cards are toggles (drawn as buttons
// by render.js; keys 1-5) and one button sends the draw, "Stand pat" or "Draw 2".
// In a stud game (R45.4) the player of the lowest door card brings in ("Bring in 1", key C) or
// completes ("Complete to 4", Enter), and nothing else; a completion after the bring-in says so.
// In poker all'italiana's opening round (R34.1) the player on turn says "Passo" (key C) or,
// only when their own cards allow it (`you.opening_cards`), "Apro" with an amount from the
// cip to the pot (the slider and field, Enter); no pre-action answers it. The draw takes at
// most `legal.max_draw` cards (R36.1).

import { gettext, interpolate, ngettext, pgettext } from "../i18n.js";
import { cardText } from "./cards.js";
import { decimalText, fieldStep, fromField, money, toField } from "./format.js";

/** True when the viewer holds the decision described by hand.legal. */
export function isMyTurn(state) {
  const hand = state.hand;
  const seat = state.you && state.you.seat;
  return !!(seat && hand && !hand.finished && !hand.pending && !isRunout(hand) && hand.legal &&
    hand.legal.seat === seat && hand.to_act === seat);
}

/** True when `legal` is a draw decision (R42.2: `{"seat", "draw"}`), not a betting one. */
export function isDraw(legal) {
  return !!legal && typeof legal.draw === "number";
}

/** True when `legal` is poker all'italiana's blind decision (R33.5): the buio or the
 * controbuio for `legal.to`, or look at one's cards. */
export function isBlind(legal) {
  return !!legal && (legal.blind === "buio" || legal.blind === "controbuio");
}

/** True when `legal` is poker all'italiana's opening decision (R34.1): "apro" or "passo". */
export function isOpening(legal) {
  return !!legal && legal.opening === true;
}

/** The most cards the draw `legal` lets the player change (R36.1: four in poker all'italiana). */
export function drawLimit(legal) {
  return typeof legal.max_draw === "number" ? Math.min(legal.draw, legal.max_draw) : legal.draw;
}

/** The cards among the viewer's own that let them open, while nobody has opened (R34.2):
 * an empty list when they may only pass, or outside an opening round. */
export function openingCards(state) {
  const hand = state.hand;
  const italiana = hand && hand.italiana;
  if (!italiana || hand.finished || italiana.opener !== null || hand.phase !== "betting") return [];
  return (state.you && state.you.opening_cards) || [];
}

/** Poker all'italiana's requirement to open (R34.2, R35.2), as a hint to who cannot. */
export function openingNeeds(pair) {
  // Translators: poker all'italiana: shown to a player whose cards do not allow them to open
  if (pair === "Q") return gettext("To open you need a pair of queens or better");
  if (pair === "K") return gettext("To open you need a pair of kings or better");
  return gettext("To open you need a pair of jacks or better");
}

/** True when the viewer's decision is a draw: which of their own cards to change (R42.2). */
export function isMyDraw(state) {
  return isMyTurn(state) && isDraw(state.hand.legal);
}

/**
 * True when the bet or raise `legal` offers is a stud game's completion (R45.4): on third street,
 * a bet (only the bring-in player may bet there) or a raise whose least total is the small bet
 * (the table's big blind); any other raise, a completion's re-raise or a raise over a short
 * all-in completion, is a raise.
 */
export function isCompletion(state, legal) {
  const hand = state.hand;
  if (!hand || !hand.stud || hand.street !== "third_street" || !legal) return false;
  return legal.bet_or_raise === "bet" || (legal.bet_or_raise === "raise" && legal.min_to === state.table.big_blind);
}

/** True while an all-in board is being dealt street by street: nobody can bet any more. */
export function isRunout(hand) {
  return !!(hand && hand.phase === "runout");
}

export class Controls {
  constructor(root, send) {
    this.send = send;
    this.bar = root.querySelector("#action-bar");
    this.pre = root.querySelector("#pre-actions");
    this.sizing = root.querySelector("#sizing");
    this.presetsEl = root.querySelector("#presets");
    this.slider = root.querySelector("#amount-slider");
    this.input = root.querySelector("#amount-input");
    this.buttons = {
      fold: root.querySelector("#btn-fold"),
      check: root.querySelector("#btn-check"),
      call: root.querySelector("#btn-call"),
      raise: root.querySelector("#btn-raise"),
      all_in: root.querySelector("#btn-allin"),
      draw: root.querySelector("#btn-draw"),
      bring_in: root.querySelector("#btn-bringin"),
      pass: root.querySelector("#btn-pass"),
      blind: root.querySelector("#btn-blind"),
      look: root.querySelector("#btn-look"),
    };
    this.drawHint = root.querySelector("#draw-hint");
    this.drawKeys = root.querySelector("#draw-keys");
    this.studKeys = root.querySelector("#stud-keys");
    this.italianaKeys = root.querySelector("#italiana-keys");
    this.seatsEl = root.querySelector("#seats");
    this.thrown = new Set(); // the codes of the viewer's cards picked to change in this draw
    this.drawKey = null;
    this.drawing = false;
    this.preCheckFold = root.querySelector("#pre-checkfold");
    this.preCallAny = root.querySelector("#pre-callany");
    this.state = null;
    this.legal = null;
    this.busy = false;
    this.amount = 0;

    this.buttons.fold.addEventListener("click", () => this.act("fold"));
    this.buttons.check.addEventListener("click", () => this.act("check"));
    this.buttons.call.addEventListener("click", () => this.act("call"));
    this.buttons.raise.addEventListener("click", () => this.act(this.betAction()));
    this.buttons.all_in.addEventListener("click", () => this.act("all_in"));
    this.buttons.draw.addEventListener("click", () => this.draw());
    this.buttons.bring_in.addEventListener("click", () => this.act("bring_in"));
    this.buttons.pass.addEventListener("click", () => this.act("pass"));
    this.buttons.blind.addEventListener("click", () => this.act(this.legal && this.legal.blind));
    this.buttons.look.addEventListener("click", () => this.act("look"));
    this.seatsEl.addEventListener("click", (e) => {
      const card = e.target.closest && e.target.closest("button[data-throw]");
      if (card) this.toggleThrow(card.dataset.throw);
    });
    this.slider.addEventListener("input", () => this.setAmount(Number(this.slider.value)));
    this.input.addEventListener("input", () => this.typed());
    this.input.addEventListener("change", () => this.setAmount(this.typedOr(this.amount)));
    this.input.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const value = fromField(this.input.value);
      if (value === this.clamp(value)) this.act(this.betAction());
      else this.setAmount(this.typedOr(this.amount)); // show the clamped amount; Enter again sends
    });
    this.preCheckFold.addEventListener("change", () => {
      if (this.preCheckFold.checked) this.preCallAny.checked = false;
    });
    this.preCallAny.addEventListener("change", () => {
      if (this.preCallAny.checked) this.preCheckFold.checked = false;
    });
    document.addEventListener("keydown", (e) => this.shortcut(e));
  }

  update(state) {
    this.state = state;
    const hand = state.hand;
    const you = state.you || {};
    const mine = you.seat ? state.seats.find((s) => s.number === you.seat) : null;
    if ((hand ? hand.number : null) !== this.handNumber) {
      this.handNumber = hand ? hand.number : null;
      this.preCheckFold.checked = false;
      this.preCallAny.checked = false;
    }
    if (this.busy && state.version !== this.busyVersion) this.busy = false;
    const myTurn = isMyTurn(state);
    const drawing = myTurn && isDraw(hand.legal);
    // A draw (R42) is no betting round: a box ticked before it would answer a bet on cards
    // not seen yet, so the draw clears them, and none is offered until the betting resumes.
    // (nor the buio's, R33.5: a box ticked would answer a blind decision)
    const inDraw = !!(hand && !hand.finished && (hand.phase === "draw" || hand.phase === "buio"));
    if (inDraw) {
      this.preCheckFold.checked = false;
      this.preCallAny.checked = false;
    }
    // No pre-actions once no more betting is possible (the all-in runout).
    const waiting = !!(hand && !hand.finished && !isRunout(hand) && mine && mine.in_hand && !mine.folded && !mine.all_in);
    this.myTurn = myTurn;
    this.drawing = drawing;
    this.legal = myTurn ? hand.legal : null;
    this.bar.hidden = !myTurn;
    this.pre.hidden = myTurn || !waiting || !!hand.pending || inDraw;
    if (this.drawKeys) this.drawKeys.hidden = !(hand && hand.draws > 0);
    if (this.studKeys) this.studKeys.hidden = !(hand && hand.stud);
    if (this.italianaKeys) this.italianaKeys.hidden = !(hand && hand.italiana);
    this.keepThrown(state, drawing);
    this.buttons.draw.hidden = !drawing;
    this.drawHint.hidden = !drawing && !(myTurn && (isOpening(hand.legal) || hand.phase === "buio"));
    if (drawing) this.showDraw();
    else if (myTurn && !this.firePreAction(hand.legal)) this.showDecision(state, hand.legal, mine);
    this.setBusy(this.busy);
  }

  /** A ticked pre-action answers the decision at once; returns true when it did. Never a
   * draw: a pre-action is a betting action; and only an action `legal` offers: the stud
   * bring-in (R45.4), which may not fold or check, is the player's own choice; so is poker
   * all'italiana's opening (R34.1: "apro" or "passo", neither a check nor a fold). */
  firePreAction(legal) {
    if (isDraw(legal)) return false;
    const checkFold = this.preCheckFold.checked;
    const callAny = this.preCallAny.checked;
    this.preCheckFold.checked = false;
    this.preCallAny.checked = false;
    if (isOpening(legal) || isBlind(legal)) return false;
    let action = null;
    if (checkFold) action = legal.check ? "check" : legal.fold ? "fold" : null;
    else if (callAny) action = legal.check ? "check" : legal.call ? "call" : null;
    if (!action) return false;
    this.act(action);
    return true;
  }

  /** The action of the bet-sized button: "open" in the opening round (R34.1), else a bet or a raise. */
  betAction() {
    if (!this.legal) return null;
    if (isBlind(this.legal)) return this.legal.blind; // R33.5: its amount is the rule's
    return isOpening(this.legal) ? (this.mayOpen ? "open" : null) : this.legal.bet_or_raise;
  }

  /** R33.5: before looking, the buio (or the controbuio) for its amount, or look. */
  showBlind(state, legal) {
    for (const [name, button] of Object.entries(this.buttons)) button.hidden = name !== "blind" && name !== "look";
    this.sizing.hidden = true;
    const { blind } = this.buttons;
    blind.querySelector(".verb").textContent = legal.blind === "buio"
      // Translators: poker all'italiana: the button that opens blind, before looking, followed by the amount (R33.5: "Buio 80")
      ? pgettext("poker all'italiana action", "Buio")
      // Translators: poker all'italiana: the button that answers a buio blind with twice as much, followed by the amount (R33.5)
      : pgettext("poker all'italiana action", "Controbuio");
    blind.querySelector(".amt").textContent = money(legal.to);
    this.drawHint.textContent = legal.blind === "buio"
      ? gettext("You have not looked at your cards: open blind, or look at them.")
      : gettext("A buio: answer blind with twice as much, or look at your cards.");
  }

  /** R34: "Passo" always; "Apro" with its amount only to a player whose cards allow it, and
   * to the others what they need (the public `legal` is the same whatever the cards). */
  showOpening(state, legal, mine) {
    const { raise, pass } = this.buttons;
    for (const [name, button] of Object.entries(this.buttons)) button.hidden = name !== "pass" && name !== "raise";
    const opens = openingCards(state);
    this.mayOpen = opens.length > 0;
    pass.hidden = false;
    raise.hidden = !this.mayOpen;
    this.sizing.hidden = !this.mayOpen;
    this.drawHint.textContent = this.mayOpen
      // Translators: poker all'italiana: the cards that allow the player to open ("You can open: Q♣ Q♦")
      ? interpolate(gettext("You can open: %(cards)s"), { cards: opens.map(cardText).join(" ") })
      : openingNeeds(state.hand.italiana.pair);
    if (!this.mayOpen) return;
    // Translators: poker all'italiana: the button that opens, followed by the amount ("Open 40"; Italian "Apro")
    raise.querySelector(".verb").textContent = pgettext("poker all'italiana action", "Open");
    this.showSizes(state, legal, mine);
  }

  showDecision(state, legal, mine) {
    if (isBlind(legal)) {
      this.showBlind(state, legal);
      return;
    }
    if (isOpening(legal)) {
      this.showOpening(state, legal, mine);
      return;
    }
    this.mayOpen = false;
    const { fold, check, call, raise, all_in: allIn, bring_in: bringIn, pass } = this.buttons;
    const hand = state.hand;
    pass.hidden = true;
    this.buttons.blind.hidden = true;
    this.buttons.look.hidden = true;
    // R33.5: facing a controbuio the buio makes up the difference, still blind, or gives up
    if (hand.phase === "buio") this.drawHint.textContent = gettext("A controbuio: make up the difference without looking, or give up your buio.");
    // R45.4: the bring-in player brings in or completes, nothing else
    const bringing = legal.bring_in > 0;
    bringIn.hidden = !bringing;
    bringIn.querySelector(".amt").textContent = bringing ? money(legal.bring_in) : "";
    fold.hidden = !legal.fold;
    check.hidden = !legal.check;
    call.hidden = !!legal.check || !legal.call;
    call.querySelector(".amt").textContent = legal.call ? money(legal.call) : "";
    const kind = legal.bet_or_raise;
    raise.hidden = !kind;
    this.sizing.hidden = !kind;
    allIn.hidden = !(legal.all_in_to > 0);
    allIn.querySelector(".amt").textContent = legal.all_in_to > 0 ? money(legal.all_in_to) : "";
    if (bringing) this.sizing.hidden = true; // one amount: the button says it
    if (!kind) return;
    // Translators: the button's verb, followed by the amount ("Raise to 60")
    let verb = kind === "bet" ? pgettext("poker action", "Bet") : pgettext("poker action", "Raise to");
    // Translators: stud: the button's verb that raises the bring-in to the small bet, followed by the amount ("Complete to 4")
    if (isCompletion(state, legal)) verb = pgettext("poker action", "Complete to");
    raise.querySelector(".verb").textContent = verb;
    this.showSizes(state, legal, mine);
  }

  /** The amount's slider, field and presets for `legal`'s range (a bet, a raise, an opening). */
  showSizes(state, legal, mine) {
    const hand = state.hand;
    const key = [hand.number, hand.street, legal.min_to, legal.max_to, legal.call].join(":");
    const fresh = key !== this.decisionKey;
    this.decisionKey = key;
    const fixed = legal.min_to >= legal.max_to;
    this.slider.min = legal.min_to;
    this.slider.max = legal.max_to;
    this.slider.step = 1;
    this.slider.hidden = fixed;
    this.input.min = toField(legal.min_to);
    this.input.max = toField(legal.max_to);
    this.input.step = fieldStep();
    this.input.readOnly = fixed;
    this.presetsEl.hidden = fixed;
    if (fresh) {
      this.renderPresets(state, legal, mine);
      this.setAmount(legal.min_to);
    }
  }

  /** Preset raise-to totals, clamped to the legal range. Pot-sized = call, then the pot. */
  renderPresets(state, legal, mine) {
    const bets = state.seats.map((s) => s.bet || 0);
    const top = Math.max(0, ...bets);
    const toCall = Math.max(0, top - ((mine && mine.bet) || 0));
    const pot = state.hand.pot_total ?? state.hand.pots.reduce((sum, p) => sum + p.amount, 0);
    const potTo = (f) => top + Math.floor(f * (pot + toCall));
    const bb = state.table.big_blind;
    // Translators: the bet sizing buttons: a short text and what a screen reader says
    const presets = [[pgettext("bet size", "Min"), gettext("Minimum"), legal.min_to]];
    if (state.hand.street === "preflop" && 2.5 * bb > legal.min_to) {
      for (const [times, digits] of [[2.5, 1], [3, 0]]) {
        const count = decimalText(times, digits); // "2.5", "2,5" in Italian
        presets.push([`${count}×`, interpolate(gettext("%(count)s big blinds"), { count }), Math.round(times * bb)]);
      }
    }
    presets.push(
      [gettext("½ Pot"), gettext("Half pot"), potTo(0.5)],
      [gettext("¾ Pot"), gettext("Three quarters of the pot"), potTo(0.75)],
      [pgettext("bet size", "Pot"), pgettext("bet size", "Pot"), potTo(1)],
      [pgettext("bet size", "Max"), gettext("Maximum"), legal.max_to],
    );
    this.presetsEl.replaceChildren();
    for (const [text, label, value] of presets) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "preset";
      button.textContent = text;
      button.setAttribute("aria-label", interpolate(gettext("%(size)s: %(amount)s"), { size: label, amount: money(this.clamp(value, legal)) }));
      button.addEventListener("click", () => this.setAmount(value));
      this.presetsEl.append(button);
    }
  }

  clamp(value, legal = this.legal) {
    if (!legal || !Number.isFinite(value)) return NaN;
    return Math.min(legal.max_to, Math.max(legal.min_to, Math.round(value)));
  }

  typedOr(fallback) {
    const value = fromField(this.input.value);
    return Number.isNaN(value) ? fallback : value;
  }

  setAmount(value) {
    const amount = this.clamp(value);
    if (Number.isNaN(amount)) return;
    this.amount = amount;
    this.slider.value = String(amount);
    this.input.value = toField(amount);
    this.input.removeAttribute("aria-invalid");
    this.showAmount(true);
  }

  /** While typing: follow with the slider; an out-of-range amount disables the button. */
  typed() {
    const value = fromField(this.input.value);
    const ok = !Number.isNaN(value) && value === this.clamp(value);
    if (ok) {
      this.amount = value;
      this.slider.value = String(value);
      this.input.removeAttribute("aria-invalid");
    } else {
      this.input.setAttribute("aria-invalid", "true");
    }
    this.showAmount(ok);
  }

  showAmount(ok) {
    const raise = this.buttons.raise;
    raise.querySelector(".amt").textContent = money(this.amount);
    raise.dataset.invalid = ok ? "" : "1";
    raise.disabled = this.busy || !ok;
  }

  setBusy(busy) {
    this.busy = busy;
    for (const button of Object.values(this.buttons)) button.disabled = busy;
    if (!busy && this.buttons.raise.dataset.invalid === "1") this.buttons.raise.disabled = true;
    for (const card of this.throwButtons()) card.disabled = busy;
    this.bar.classList.toggle("busy", busy);
  }

  // --- the draw (R42.2) ----------------------------------------------------------------------

  /** The viewer's own cards as toggles: render.js draws them so on the viewer's draw. */
  throwButtons() {
    return this.seatsEl.querySelectorAll(".seat.me button[data-throw]");
  }

  /** The cards picked stay picked while the same draw waits for the viewer (a chat line, a
   * refused draw, someone sitting down); any other state starts with none. */
  keepThrown(state, drawing) {
    const hand = state.hand;
    const key = drawing ? `${hand.number}:${hand.street}` : null;
    if (key !== this.drawKey) {
      this.drawKey = key;
      this.thrown.clear();
    }
    const mine = new Set((state.you && state.you.cards) || []);
    for (const code of [...this.thrown]) if (!mine.has(code)) this.thrown.delete(code);
  }

  showDraw() {
    for (const [name, button] of Object.entries(this.buttons)) button.hidden = name !== "draw";
    this.sizing.hidden = true;
    const most = drawLimit(this.legal);
    this.drawHint.textContent = most < this.legal.draw
      // Translators: shown above the draw button when a player may change at most some of their cards (R36.1: "up to 4")
      ? interpolate(gettext("Choose up to %(count)s cards to change"), { count: most })
      // Translators: shown above the draw button: tap your own cards to pick the ones you throw
      : gettext("Choose the cards to change");
    this.showThrown();
  }

  /** The button says what a click does: "Stand pat" with no card picked, else "Draw 2". */
  showThrown() {
    const count = this.thrown.size;
    this.buttons.draw.textContent = count
      // Translators: the draw button with the number of cards picked to change ("Draw 2")
      ? interpolate(ngettext("Draw %(count)s", "Draw %(count)s", count), { count })
      // Translators: the draw button with no card picked: keep all five cards
      : gettext("Stand pat");
    for (const card of this.throwButtons()) card.setAttribute("aria-pressed", String(this.thrown.has(card.dataset.throw)));
  }

  toggleThrow(code) {
    if (!this.drawing || this.busy || !code) return;
    if (!((this.state.you && this.state.you.cards) || []).includes(code)) return;
    if (this.thrown.has(code)) this.thrown.delete(code);
    else if (this.thrown.size < drawLimit(this.legal)) this.thrown.add(code);
    this.showThrown();
  }

  /** Sends the draw once: the cards picked, in the order the player holds them. */
  draw() {
    if (this.busy || !this.drawing) return;
    const cards = ((this.state.you && this.state.you.cards) || []).filter((code) => this.thrown.has(code));
    if (this.send({ type: "draw", cards, version: this.state.version })) {
      this.busyVersion = this.state.version;
      this.setBusy(true);
    }
  }

  /** The server refused (or the socket was down): let the player try again. */
  unlock() {
    this.setBusy(false);
  }

  act(action) {
    if (!action || this.busy || !this.myTurn || this.drawing) return;
    const message = { type: "act", action, version: this.state.version };
    if (action === "bet" || action === "raise" || action === "open") {
      if (this.amount !== this.clamp(this.amount)) return;
      message.amount = this.amount;
    }
    if (this.send(message)) {
      this.busyVersion = this.state.version;
      this.setBusy(true);
    }
  }

  shortcut(e) {
    if (!this.myTurn || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    const target = e.target;
    if (target && target.closest && target.closest("input, textarea, select, dialog[open], [contenteditable]")) return;
    const key = e.key.toLowerCase();
    if (this.drawing) {
      const cards = (this.state.you && this.state.you.cards) || [];
      // keys 1-5 pick (or put back) the cards from the left; Enter draws
      if (/^[1-9]$/.test(key) && Number(key) <= cards.length) this.toggleThrow(cards[Number(key) - 1]);
      // (Enter on a card just picked draws too, as Help says, rather than putting it back)
      else if (key === "enter" && (target.closest?.("button[data-throw]") || !target.closest?.("button, a"))) this.draw();
      else return;
      e.preventDefault();
      return;
    }
    // R34.1: before the opening C passes (it is no fold: F does nothing), R and Enter open
    const opening = isOpening(this.legal);
    const sized = this.betAction();
    if (key === "f" && !this.buttons.fold.hidden) this.act("fold");
    else if (key === "c" && isBlind(this.legal)) this.act("look"); // R33.5
    else if (key === "c") this.act(opening ? "pass" : this.legal.check ? "check" : this.legal.call ? "call" : this.legal.bring_in > 0 ? "bring_in" : null);
    else if (key === "r" && sized && !isBlind(this.legal)) {
      this.input.focus();
      this.input.select();
    } else if (key === "enter" && sized && !(target && target.closest && target.closest("button, a"))) {
      this.act(sized);
    } else return;
    e.preventDefault();
  }
}
