// Seating and the questions the table asks: the sit + buy-in dialog (limits from state.table),
// top-up, sit out / sit in, leave, a generic confirm, and the run-it-twice and show-or-muck
// prompts. Amounts are checked against the limits before sending; the server checks again.

import { gettext, interpolate, pgettext } from "../i18n.js";
import { cardText } from "./cards.js";
import { fieldStep, fromField, money, toField } from "./format.js";

/** Wire a range slider and a number field to stay in step; returns {get, set}. */
function amountPair(slider, field, onChange) {
  slider.addEventListener("input", () => {
    field.value = toField(Number(slider.value));
    onChange();
  });
  field.addEventListener("input", () => {
    const v = fromField(field.value);
    if (!Number.isNaN(v)) slider.value = String(v);
    onChange();
  });
  return {
    limits(min, max) {
      slider.min = min;
      slider.max = max;
      slider.step = 1;
      field.min = toField(min);
      field.max = toField(max);
      field.step = fieldStep();
    },
    set(v) {
      slider.value = String(v);
      field.value = toField(v);
      onChange();
    },
    get: () => fromField(field.value),
  };
}

/** A mixed-game code (engine.table.MIXED_GAMES) as players call the game: "PLO8" ->
 * "Pot-limit Omaha Hi-Lo". An unknown code is shown as it is. */
export function gameName(code) {
  const names = {
    NLH: gettext("No-limit Hold'em"),
    FLH: gettext("Fixed-limit Hold'em"),
    PLO: gettext("Pot-limit Omaha"),
    PLO5: gettext("Pot-limit five-card Omaha"),
    PLO8: gettext("Pot-limit Omaha Hi-Lo"),
    FLO8: gettext("Fixed-limit Omaha Hi-Lo"),
    SD: gettext("No-limit Short Deck Hold'em"),
  };
  return names[code] || code;
}

export class Dialogs {
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.state = null;

    this.sit = root.querySelector("#sit-dialog");
    this.sitPair = amountPair(root.querySelector("#sit-slider"), root.querySelector("#sit-amount"), () => this.checkSit());
    this.sit.querySelector("form").addEventListener("submit", (e) => this.submitSit(e));

    this.topup = root.querySelector("#topup-dialog");
    this.topupPair = amountPair(root.querySelector("#topup-slider"), root.querySelector("#topup-amount"), () => this.checkTopup());
    this.topup.querySelector("form").addEventListener("submit", (e) => this.submitTopup(e));

    this.confirmDialog = root.querySelector("#confirm-dialog");
    // Cancel buttons are plain buttons, so Enter in a field submits the dialog's real action.
    for (const button of root.querySelectorAll("dialog [data-close]")) {
      button.addEventListener("click", () => button.closest("dialog").close("cancel"));
    }

    this.tools = root.querySelector("#seat-tools");
    this.btnTopup = root.querySelector("#btn-topup");
    this.btnSitout = root.querySelector("#btn-sitout");
    this.btnLeave = root.querySelector("#btn-leave");
    this.awayBanner = root.querySelector("#away-banner");
    this.showAfter = root.querySelector("#show-after");
    root.querySelector("#btn-back").addEventListener("click", () => this.send({ type: "sit_in" }));
    this.bbChoice = root.querySelector("#bb-choice");
    this.waitBB = root.querySelector("#wait-bb");
    this.waitBB.addEventListener("change", () => this.send({ type: "wait_for_bb", wait: this.waitBB.checked }));
    this.straddleChoice = root.querySelector("#straddle-choice");
    this.straddle = root.querySelector("#straddle");
    this.straddle.addEventListener("change", () => this.send({ type: "straddle", on: this.straddle.checked }));
    this.bombChoice = root.querySelector("#bomb-choice");
    this.bombVote = root.querySelector("#bomb-vote");
    this.bombCount = root.querySelector("#bomb-count");
    this.bombVote.addEventListener("change", () => this.send({ type: "bomb_vote", vote: this.bombVote.checked }));
    // R20.5, dealer's choice: the game this player picks when it is their turn to choose
    this.pickChoice = root.querySelector("#pick-choice");
    this.gamePick = root.querySelector("#game-pick");
    this.pickTurn = root.querySelector("#pick-turn");
    this.gamePick.addEventListener("change", () => this.send({ type: "pick_game", game: this.gamePick.value || null }));
    this.btnTopup.addEventListener("click", () => this.openTopup());
    this.btnSitout.addEventListener("click", () => {
      this.send({ type: this.btnSitout.dataset.op });
    });
    this.btnLeave.addEventListener("click", async () => {
      const mine = this.mySeat();
      const text = mine && mine.in_hand && this.state.hand && !this.state.hand.finished
        ? gettext("Leave your seat? You will leave after this hand and cash out your stack.")
        : interpolate(gettext("Leave your seat and cash out %(amount)s?"), { amount: mine ? money(mine.stack) : "" });
      if (await this.confirm(text, gettext("Leave seat"))) this.send({ type: "leave" });
    });

    this.prompt = root.querySelector("#prompt");
    this.promptText = root.querySelector("#prompt-text");
    this.promptButtons = root.querySelector("#prompt-buttons");
    this.answered = new Set();

    this.dockMsg = root.querySelector("#dock-msg");
    root.addEventListener("click", (e) => {
      const button = e.target.closest("[data-sit]");
      if (button) this.openSit(Number(button.dataset.sit));
    });
  }

  mySeat() {
    const you = this.state && this.state.you;
    return you && you.seat ? this.state.seats.find((s) => s.number === you.seat) : null;
  }

  update(state) {
    this.state = state;
    const mine = this.mySeat();
    const table = state.table;
    // a tournament's seats and chips are its own: no top-up, no sitting out, no leaving
    const tournament = !!table.tournament;
    this.tools.hidden = !mine || tournament;
    if (!mine) this.awayBanner.hidden = true;
    if (mine && !tournament) {
      const range = mine.top_up;
      this.btnTopup.disabled = !range || mine.status === "requested";
      this.btnTopup.title = range
        ? interpolate(gettext("Add up to %(amount)s"), { amount: money(range.max) })
        : gettext("Your stack is at the maximum buy-in");
      const out = mine.sitting_out || mine.status === "sitting_out";
      // "Away": sit out from the next hand, keeping the seat and chips (R16.2); one tap back.
      // Translators: the button that sits the player out from the next hand, and brings them back
      this.btnSitout.textContent = out ? gettext("I'm back") : pgettext("sit out", "Away");
      this.btnSitout.dataset.op = out ? "sit_in" : "sit_out";
      this.btnSitout.hidden = mine.status === "requested";
      const hand = state.hand;
      const playing = !!(hand && !hand.finished && mine.in_hand && !mine.folded);
      // the banner never covers a hand the player is still playing (they finish it first)
      this.awayBanner.hidden = !out || playing;
      this.btnLeave.textContent = mine.status === "requested" ? gettext("Cancel request")
        : mine.leaving ? gettext("Leaving after this hand") : gettext("Leave seat");
      this.btnLeave.disabled = !!mine.leaving;
      // A newcomer (or a player back from sitting out) owes a big blind: post it or wait for it.
      this.bbChoice.hidden = !mine.owes_big_blind || mine.status === "requested";
      this.waitBB.checked = mine.blind_choice === "wait";
      // R3.3: a voluntary straddle of 2 x BB when under the gun, where the table allows it.
      this.straddleChoice.hidden = !table.straddle_allowed || mine.status === "requested";
      this.straddle.checked = !!mine.straddle;
      // R21: call a bomb pot; it comes when everyone dealt in has voted for it
      const bomb = table.bomb_pot || {};
      this.bombChoice.hidden = !bomb.vote || mine.status === "requested";
      const voters = state.seats.filter((s) => s.player && s.status === "seated" && !s.sitting_out);
      this.bombVote.checked = !!mine.bomb_vote;
      this.bombCount.textContent = `(${voters.filter((s) => s.bomb_vote).length}/${voters.length})`;
      const choosing = table.mixed_mode === "dealers_choice" && (table.mixed_games || []).length > 1;
      this.pickChoice.hidden = !choosing || mine.status === "requested";
      if (choosing) {
        const codes = ["", ...table.mixed_games];
        if ([...this.gamePick.options].map((o) => o.value).join() !== codes.join()) {
          this.gamePick.replaceChildren(...codes.map((code) => {
            const option = document.createElement("option");
            option.value = code;
            // the code players say, then the game in full ("PLO8 · Pot-limit Omaha Hi-Lo")
            option.textContent = code ? `${code} · ${gameName(code)}` : gettext("Next in the list");
            return option;
          }));
        }
        this.gamePick.value = mine.game_pick || "";
        this.pickTurn.textContent = table.next_chooser_seat === mine.number ? gettext("(you pick next)") : "";
      }
    }
    if (this.sit.open && this.sitSeat) {
      const seat = state.seats.find((s) => s.number === this.sitSeat);
      if ((seat && seat.status !== "empty") || (state.you && state.you.seat)) this.sit.close();
    }
    this.updatePrompt(state);
    this.updateShowAfter(state);
    this.updateDockMessage(state, mine);
  }

  /**
   * R11.5: once the hand is over, until the next is dealt, a player who was dealt in may show
   * the hole cards nobody saw: each one, or all of them. The server checks it again.
   */
  updateShowAfter(state) {
    const hand = state.hand;
    const mine = (state.you && state.you.cards) || [];
    // (poker all'italiana: when the pot stays for the next hand nobody shows, R35.1, R37.3)
    const stays = Boolean(hand && hand.italiana && state.table.italiana && state.table.italiana.carried);
    const seat = hand && hand.finished && mine.length && state.you.seat && !stays
      ? state.seats.find((s) => s.number === state.you.seat) : null;
    const seen = seat && seat.in_hand ? seat.cards || [] : [];
    const hidden = seat && !seat.shown ? mine.map((_, k) => k).filter((k) => !seen[k] || seen[k] === "??") : [];
    const key = hidden.length ? `${hand.number}:${hidden.join(",")}` : null;
    if (key === this.showAfterKey) return;
    this.showAfterKey = key;
    this.showAfter.replaceChildren();
    this.showAfter.hidden = !key;
    if (!key) return;
    const add = (text, cards) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "small secondary";
      b.textContent = text;
      b.addEventListener("click", () => this.send({ type: "show_cards", hand: hand.number, cards }));
      this.showAfter.append(b);
    };
    for (const k of hidden) add(interpolate(gettext("Show %(card)s"), { card: cardText(mine[k]) }), [k]);
    if (hidden.length > 1) add(hidden.length === 2 ? gettext("Show both") : gettext("Show all"), hidden);
  }

  updateDockMessage(state, mine) {
    const hand = state.hand;
    let text = "";
    if (!mine) text = state.table.status === "closed" ? "" : gettext("You are watching. Pick a free seat to play.");
    else if (mine.status === "requested") text = gettext("Waiting for the host to approve your seat.");
    else if (mine.sitting_out || mine.status === "sitting_out") {
      // between hands the away banner says it (with its "I'm back" button)
      const playing = !!(hand && !hand.finished && mine.in_hand && !mine.folded);
      text = playing ? gettext("You are away from the next hand.") : "";
    }
    else if (!hand || hand.finished) text = "";
    else if (!mine.in_hand) text = gettext("You'll be dealt in next hand.");
    else if (mine.folded) text = gettext("You folded.");
    else if (mine.all_in) text = gettext("You are all-in.");
    this.dockMsg.textContent = text;
    this.dockMsg.hidden = !text;
  }

  // --- sit + buy-in ------------------------------------------------------------------------
  openSit(number) {
    const table = this.state.table;
    this.sitSeat = number;
    this.sit.querySelector("#sit-seat").textContent = String(number);
    this.sit.querySelector("#sit-limits").textContent = interpolate(
      gettext("Buy in between %(min)s and %(max)s. Blinds %(small)s/%(big)s."),
      { min: money(table.min_buy_in), max: money(table.max_buy_in), small: money(table.small_blind), big: money(table.big_blind) },
    );
    this.sitPair.limits(table.min_buy_in, table.max_buy_in);
    this.sitPair.set(table.max_buy_in);
    // where the host says yes first (a guest, or a table that approves its seats): ask
    const ask = "mustAsk" in this.root.dataset;
    this.sit.querySelector("#sit-title-verb").textContent = ask ? gettext("Ask for seat") : gettext("Take seat");
    this.sit.querySelector("#sit-ok").textContent = ask ? gettext("Ask the host") : gettext("Sit down");
    this.sit.showModal();
    this.sit.querySelector("#sit-amount").select();
  }

  checkSit() {
    const t = this.state.table;
    return this.checkAmount(this.sitPair.get(), t.min_buy_in, t.max_buy_in, "#sit-error", "#sit-ok");
  }

  checkAmount(value, min, max, errorSel, buttonSel) {
    const ok = Number.isInteger(value) && value >= min && value <= max;
    const error = this.root.querySelector(errorSel);
    error.textContent = ok ? "" : interpolate(gettext("Enter an amount from %(min)s to %(max)s."), { min: money(min), max: money(max) });
    this.root.querySelector(buttonSel).disabled = !ok;
    return ok;
  }

  submitSit(e) {
    if (!this.checkSit()) {
      e.preventDefault();
      return;
    }
    this.send({ type: "sit", seat: this.sitSeat, amount: this.sitPair.get() });
  }

  // --- top-up ------------------------------------------------------------------------------
  openTopup() {
    const mine = this.mySeat();
    if (!mine) return;
    const range = mine.top_up; // the server's own limits (R16.1)
    if (!range) return;
    const during = mine.in_hand && this.state.hand && !this.state.hand.finished;
    const values = { stack: money(mine.stack), coming: money(mine.pending_chips), min: money(range.min), max: money(range.max) };
    // Translators: chips "coming" were bought during the hand and arrive before the next one
    const limits = mine.pending_chips
      ? range.min > 1
        ? gettext("Your stack is %(stack)s (+%(coming)s coming); you can add %(min)s to %(max)s.")
        : gettext("Your stack is %(stack)s (+%(coming)s coming); you can add up to %(max)s.")
      : range.min > 1
        ? gettext("Your stack is %(stack)s; you can add %(min)s to %(max)s.")
        : gettext("Your stack is %(stack)s; you can add up to %(max)s.");
    this.topup.querySelector("#topup-limits").textContent = interpolate(limits, values) +
      (during ? ` ${gettext("The chips arrive before the next hand; what would take you above the maximum then is not added.")}` : "");
    this.topupPair.limits(range.min, range.max);
    this.topupPair.set(range.max);
    this.topup.showModal();
    this.topup.querySelector("#topup-amount").select();
  }

  checkTopup() {
    const range = this.mySeat()?.top_up;
    if (!range) return false;
    return this.checkAmount(this.topupPair.get(), range.min, range.max, "#topup-error", "#topup-ok");
  }

  submitTopup(e) {
    if (!this.checkTopup()) {
      e.preventDefault();
      return;
    }
    this.send({ type: "top_up", amount: this.topupPair.get() });
  }

  // --- confirm -----------------------------------------------------------------------------
  confirm(text, okLabel = gettext("OK")) {
    const dialog = this.confirmDialog;
    dialog.querySelector("#confirm-text").textContent = text;
    const ok = dialog.querySelector("#confirm-ok");
    ok.textContent = okLabel;
    dialog.returnValue = "";
    dialog.showModal();
    ok.focus();
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
    });
  }

  // --- prompts: run it twice, show or muck ---------------------------------------------------
  updatePrompt(state) {
    const hand = state.hand;
    const me = state.you && state.you.seat;
    const pending = hand && !hand.finished ? hand.pending : null;
    let ask = null;
    if (pending && me && pending.kind === "run_twice" && (pending.seats || []).includes(me)) ask = "run_twice";
    if (pending && me && pending.kind === "show_or_muck" && pending.seat === me) ask = "show_or_muck";
    const key = ask ? `${hand.number}:${ask}` : null;
    if (key === this.promptKey) return;
    this.promptKey = key;
    this.prompt.hidden = !ask;
    this.promptButtons.replaceChildren();
    if (!ask) return;
    if (this.answered.has(key)) {
      this.promptText.textContent = gettext("Waiting for the other players…");
      return;
    }
    const button = (label, text, cls, message) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `act ${cls}`;
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.addEventListener("click", () => {
        if (!this.send(message)) return;
        this.answered.add(key);
        this.promptButtons.replaceChildren();
        this.promptText.textContent = gettext("Waiting for the other players…");
      });
      this.promptButtons.append(b);
      return b;
    };
    if (ask === "run_twice") {
      this.promptText.textContent = gettext("Everyone is all-in. Run the rest of the board twice?");
      button(gettext("Run it twice"), gettext("Yes, twice"), "call", { type: "run_twice", agree: true }).focus();
      button(gettext("Run it once"), gettext("No, once"), "fold", { type: "run_twice", agree: false });
    } else {
      // Translators: to muck is to throw one's cards away unseen at the showdown
      this.promptText.textContent = gettext("Show your cards or muck them?");
      const show = pgettext("show cards", "Show");
      button(show, show, "call", { type: "show" }).focus();
      const muck = pgettext("muck cards", "Muck");
      if (pending.may_muck !== false) button(muck, muck, "fold", { type: "muck" });
      else this.promptText.textContent = gettext("Show your cards to claim the pot.");
    }
  }
}
